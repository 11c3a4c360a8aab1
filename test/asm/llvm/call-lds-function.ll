; Exercises: a non-kernel function with a loop and LDS traffic (@reduce_lds,
; noinline, called twice from the kernel), so the callee's entry and the code
; after each call start with unknown operations in flight.
@red = internal addrspace(3) global [128 x i32] poison, align 4

define internal i32 @reduce_lds(i32 %t, i32 %n) #0 {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %j = add i32 %t, %i
  %jm = and i32 %j, 127
  %p = getelementptr inbounds [128 x i32], ptr addrspace(3) @red, i32 0, i32 %jm
  %v = load i32, ptr addrspace(3) %p, align 4
  %acc.next = add i32 %acc, %v
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  ret i32 %r
}

define amdgpu_kernel void @call_lds_function(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = and i32 %tid, 127
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %v = load i32, ptr addrspace(1) %src, align 4
  %slot = getelementptr inbounds [128 x i32], ptr addrspace(3) @red, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %slot, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %r1 = call i32 @reduce_lds(i32 %t, i32 %n)
  %m = mul i32 %r1, 3
  %r2 = call i32 @reduce_lds(i32 %m, i32 %n)
  %s = add i32 %r1, %r2
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %s, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { noinline }
