; Exercises: a counted loop whose body issues a divergent global load and
; accumulates it (a loadcnt wait inside the loop, on the back edge's path),
; with the sum stored after the loop.
define amdgpu_kernel void @loop_global_accum(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n, i32 %stride) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cmp0 = icmp sgt i32 %n, 0
  br i1 %cmp0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %off = mul i32 %i, %stride
  %e = add i32 %off, %tid
  %idx = zext i32 %e to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %res = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tidx = zext i32 %tid to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tidx
  store float %res, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
