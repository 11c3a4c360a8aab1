; Exercises XCNT: a uniform loop reads a scalar through a pointer it then
; advances (s_load with the pointer as base, then an SALU add overwriting
; the base): the base is held until the translation completes, across the
; back edge.
define amdgpu_kernel void @xcnt_smem_base_loop(ptr addrspace(4) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %ptr = phi ptr addrspace(4) [ %in, %entry ], [ %ptr.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %v = load i32, ptr addrspace(4) %ptr, align 4
  %acc.next = xor i32 %acc, %v
  %ptr.next = getelementptr inbounds i32, ptr addrspace(4) %ptr, i64 3
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
