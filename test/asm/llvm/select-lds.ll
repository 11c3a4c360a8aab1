; Exercises: the LDS form of select-global: a per-lane choice between an LDS
; value and the xor of two, structurized into two sides that load into one
; register. llc waits for dscnt 0 before the second side's load (it waits on
; every VGPR a pending DS load writes); DS loads land in issue order (the
; LDS FIFO), so this WAW needs no wait and we put none.
define amdgpu_kernel void @select_lds(ptr addrspace(1) %a, ptr addrspace(3) %b, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  %va = load i32, ptr addrspace(1) %pa, align 4
  %sel = and i32 %tid, 2
  %c = icmp eq i32 %sel, 0
  br i1 %c, label %two, label %one
two:
  %pb = getelementptr inbounds i32, ptr addrspace(3) %b, i64 %idx
  %vb1 = load i32, ptr addrspace(3) %pb, align 4
  %pb2 = getelementptr inbounds i32, ptr addrspace(3) %pb, i64 512
  %vb2 = load i32, ptr addrspace(3) %pb2, align 4
  %t = xor i32 %vb1, %vb2
  br label %join
one:
  %pc = getelementptr inbounds i32, ptr addrspace(3) %b, i64 %idx
  %pc2 = getelementptr inbounds i32, ptr addrspace(3) %pc, i64 2048
  %vc = load i32, ptr addrspace(3) %pc2, align 4
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
