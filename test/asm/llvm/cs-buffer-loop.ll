; Exercises: a compute shader (amdgpu_cs, no kernel descriptor) whose loop
; loads from a buffer resource and accumulates; the sum is stored after the
; loop. An entry point that ends in s_endpgm: nothing is in flight at entry.
target triple = "amdgcn--"

define amdgpu_cs void @cs_buffer_loop(<4 x i32> inreg %rsrc, <4 x i32> inreg %out, i32 inreg %n, i32 %tid) {
entry:
  %cmp0 = icmp sgt i32 %n, 0
  br i1 %cmp0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %base = shl i32 %i, 8
  %off = add i32 %base, %tid
  %boff = shl i32 %off, 2
  %v = call float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32> %rsrc, i32 %boff, i32 0, i32 0)
  %acc.next = fadd float %acc, %v
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %o = shl i32 %tid, 2
  call void @llvm.amdgcn.raw.buffer.store.f32(float %r, <4 x i32> %out, i32 %o, i32 0, i32 0)
  ret void
}

declare float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.f32(float, <4 x i32>, i32, i32, i32)
