; Exercises: LDS loads of unequal depth on the two sides of a divergent
; diamond, after an LDS load issued before it: the join consumes the early
; load first, so per-predecessor join states allow dscnt 2 on the deep side.
@sh = internal addrspace(3) global [512 x i32] poison, align 4

define amdgpu_kernel void @diamond_unequal_lds(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = and i32 %tid, 255
  %p0 = getelementptr inbounds [512 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  %v0 = load i32, ptr addrspace(3) %p0, align 4
  %bit = and i32 %tid, 8
  %c = icmp ne i32 %bit, 0
  br i1 %c, label %deep, label %join

deep:
  %t1 = add i32 %t, 256
  %p1 = getelementptr inbounds [512 x i32], ptr addrspace(3) @sh, i32 0, i32 %t1
  %v1 = load i32, ptr addrspace(3) %p1, align 4
  %t2 = xor i32 %t, 129
  %p2 = getelementptr inbounds [512 x i32], ptr addrspace(3) @sh, i32 0, i32 %t2
  %v2 = load i32, ptr addrspace(3) %p2, align 4
  br label %join

join:
  %q1 = phi i32 [ %v1, %deep ], [ 0, %entry ]
  %q2 = phi i32 [ %v2, %deep ], [ 0, %entry ]
  %idx = zext i32 %tid to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  %w0 = shl i32 %v0, 1
  store i32 %w0, ptr addrspace(1) %po, align 4
  %s = or i32 %q1, %q2
  %po2 = getelementptr inbounds i32, ptr addrspace(1) %po, i64 1024
  store i32 %s, ptr addrspace(1) %po2, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
