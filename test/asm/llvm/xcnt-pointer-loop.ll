; Exercises XCNT, loop-carried: a divergent loop loads through a vector
; pointer it advances every trip (v_add on the address registers), so the
; load of one trip holds the address the next trip's increment overwrites.
define amdgpu_kernel void @xcnt_pointer_loop(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr addrspace(1) [ %p0, %entry ], [ %p.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %v = load float, ptr addrspace(1) %p, align 4
  %acc.next = fadd float %acc, %v
  %p.next = getelementptr inbounds float, ptr addrspace(1) %p, i64 1024
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
