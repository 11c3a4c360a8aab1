; Exercises XCNT: a loop stores a value and then computes the next one into
; the same register (the store holds its data until its translation
; completes), loop-carried, with the address advanced every trip.
define amdgpu_kernel void @xcnt_store_data(ptr addrspace(1) %out, float %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  %f = uitofp i32 %tid to float
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr addrspace(1) [ %p0, %entry ], [ %p.next, %loop ]
  %x = phi float [ %f, %entry ], [ %x.next, %loop ]
  store float %x, ptr addrspace(1) %p, align 4
  %x.next = fmul float %x, %a
  %p.next = getelementptr inbounds float, ptr addrspace(1) %p, i64 4096
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
