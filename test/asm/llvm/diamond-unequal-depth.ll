; Exercises: a load issued before a divergent diamond whose two sides issue
; loads of unequal depth (three on one side, none on the other), with the
; early load consumed first at the join and the side loads after it. A join
; state kept per predecessor can wait loadcnt 3 on the deep side where one
; merged state must wait for 0.
define amdgpu_kernel void @diamond_unequal_depth(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  %v0 = load i32, ptr addrspace(1) %pa, align 4
  %bit = and i32 %tid, 4
  %c = icmp ne i32 %bit, 0
  br i1 %c, label %deep, label %join

deep:
  %pb1 = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %idx
  %v1 = load i32, ptr addrspace(1) %pb1, align 4
  %pb2 = getelementptr inbounds i32, ptr addrspace(1) %pb1, i64 64
  %v2 = load i32, ptr addrspace(1) %pb2, align 4
  %pb3 = getelementptr inbounds i32, ptr addrspace(1) %pb1, i64 128
  %v3 = load i32, ptr addrspace(1) %pb3, align 4
  br label %join

join:
  %p1 = phi i32 [ %v1, %deep ], [ 1, %entry ]
  %p2 = phi i32 [ %v2, %deep ], [ 2, %entry ]
  %p3 = phi i32 [ %v3, %deep ], [ 3, %entry ]
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  %w0 = mul i32 %v0, 5
  store i32 %w0, ptr addrspace(1) %po, align 4
  %s12 = add i32 %p1, %p2
  %s = add i32 %s12, %p3
  %po2 = getelementptr inbounds i32, ptr addrspace(1) %po, i64 256
  store i32 %s, ptr addrspace(1) %po2, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
