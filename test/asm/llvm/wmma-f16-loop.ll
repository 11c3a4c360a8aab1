; Exercises: a GEMM-style main loop: each iteration loads an A and a B
; fragment from global memory (global_load_b128) and accumulates them with
; v_wmma_f32_16x16x32_f16 (llvm.amdgcn.wmma.f32.16x16x32.f16); the f32
; accumulator is stored after the loop.
define amdgpu_kernel void @wmma_f16_loop(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, i32 %k) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = zext i32 %tid to i64
  %c0 = icmp sgt i32 %k, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <8 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %row = zext i32 %i to i64
  %off = mul i64 %row, 32
  %ea = add i64 %off, %lane
  %pa = getelementptr inbounds <16 x half>, ptr addrspace(1) %a, i64 %ea
  %fa = load <16 x half>, ptr addrspace(1) %pa, align 32
  %pb = getelementptr inbounds <16 x half>, ptr addrspace(1) %b, i64 %ea
  %fb = load <16 x half>, ptr addrspace(1) %pb, align 32
  %acc.next = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x32.f16.v8f32.v16f16(i1 false, <16 x half> %fa, i1 false, <16 x half> %fb, i16 0, <8 x float> %acc, i1 false, i1 false)
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %k
  br i1 %done, label %exit, label %loop

exit:
  %r = phi <8 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %pc = getelementptr inbounds <8 x float>, ptr addrspace(1) %c, i64 %lane
  store <8 x float> %r, ptr addrspace(1) %pc, align 32
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x32.f16.v8f32.v16f16(i1, <16 x half>, i1, <16 x half>, i16, <8 x float>, i1, i1)
