; Exercises: a software-pipelined loop: the load for iteration i+1 is issued
; before the value of iteration i is consumed, so a load crosses the back edge
; in flight and the wait inside the loop keeps one load outstanding.
define amdgpu_kernel void @loop_pipelined(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx0 = zext i32 %tid to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx0
  %first = load float, ptr addrspace(1) %p0, align 4
  %c0 = icmp sgt i32 %n, 1
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %cur = phi float [ %first, %entry ], [ %next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %off = shl i32 %i, 10
  %e = add i32 %off, %tid
  %ei = zext i32 %e to i64
  %pn = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ei
  %next = load float, ptr addrspace(1) %pn, align 4
  %sq = fmul float %cur, %cur
  %acc.next = fadd float %acc, %sq
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %last = phi float [ %first, %entry ], [ %next, %loop ]
  %accf = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %r = fadd float %accf, %last
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx0
  store float %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
