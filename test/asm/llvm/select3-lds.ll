; Exercises: a per-lane choice among three LDS values, one of them the xor of
; two: divergent branches with DS loads of unequal depth, which the
; structurizer runs one after the other under complementary exec masks, the
; first and last loading into the register of the join's phi (a WAW on the
; DS FIFO: llc waits, we do not).
define amdgpu_kernel void @select3_lds(ptr addrspace(3) %l, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = and i32 %tid, 255
  %p = getelementptr inbounds i32, ptr addrspace(3) %l, i32 %idx
  %sel = and i32 %tid, 3
  %c1 = icmp eq i32 %sel, 0
  br i1 %c1, label %a, label %rest
rest:
  %c2 = icmp eq i32 %sel, 1
  br i1 %c2, label %b, label %c
a:
  %pa = getelementptr inbounds i32, ptr addrspace(3) %p, i32 256
  %va = load i32, ptr addrspace(3) %pa, align 4
  br label %join
b:
  %pb = getelementptr inbounds i32, ptr addrspace(3) %p, i32 512
  %vb1 = load i32, ptr addrspace(3) %pb, align 4
  %pb2 = getelementptr inbounds i32, ptr addrspace(3) %p, i32 1024
  %vb2 = load i32, ptr addrspace(3) %pb2, align 4
  %vb = xor i32 %vb1, %vb2
  br label %join
c:
  %pc = getelementptr inbounds i32, ptr addrspace(3) %p, i32 1536
  %vc = load i32, ptr addrspace(3) %pc, align 4
  br label %join
join:
  %v = phi i32 [ %va, %a ], [ %vb, %b ], [ %vc, %c ]
  %tidx = zext i32 %tid to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tidx
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
