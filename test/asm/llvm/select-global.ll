; Exercises: a per-lane choice between a global value and the xor of two
; (a divergent diamond with loads of unequal depth into one register once
; structurized: both sides run under complementary exec masks). The else
; side's load into the register is issued while the then side's may be in
; flight: llc waits there because gfx12 and gfx1250 write the VGPR results
; of two loads in any order (no vmem-write-vgpr-in-order), and so do we.
define amdgpu_kernel void @select_global(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  %va = load i32, ptr addrspace(1) %pa, align 4
  %sel = and i32 %tid, 2
  %c = icmp eq i32 %sel, 0
  br i1 %c, label %two, label %one
two:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %idx
  %vb1 = load i32, ptr addrspace(1) %pb, align 4
  %pb2 = getelementptr inbounds i32, ptr addrspace(1) %pb, i64 512
  %vb2 = load i32, ptr addrspace(1) %pb2, align 4
  %t = xor i32 %vb1, %vb2
  br label %join
one:
  %pc = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %idx
  %pc2 = getelementptr inbounds i32, ptr addrspace(1) %pc, i64 2048
  %vc = load i32, ptr addrspace(1) %pc2, align 4
  br label %join
join:
  %side = phi i32 [ %t, %two ], [ %vc, %one ]
  %x = mul i32 %va, 3
  %y = add i32 %x, %side
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %y, ptr addrspace(1) %po, align 4
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
