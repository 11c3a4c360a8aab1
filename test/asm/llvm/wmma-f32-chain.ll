; Exercises: two dependent v_wmma_f32_16x16x4_f32 (llvm.amdgcn.wmma.f32.16x16x4.f32)
; fed by global loads of unequal age, the second reusing the first's result
; as its accumulator, and a v_wmma_f16_16x16x32_f16 / v_wmma_bf16_16x16x32_bf16
; pair with 16-bit accumulators.
define amdgpu_kernel void @wmma_f32_chain(ptr addrspace(1) %a, ptr addrspace(1) %h, ptr addrspace(1) %out, ptr addrspace(1) %out16) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = zext i32 %tid to i64
  %pa = getelementptr inbounds <2 x float>, ptr addrspace(1) %a, i64 %lane
  %a0 = load <2 x float>, ptr addrspace(1) %pa, align 8
  %pa1 = getelementptr inbounds <2 x float>, ptr addrspace(1) %pa, i64 64
  %b0 = load <2 x float>, ptr addrspace(1) %pa1, align 8
  %pa2 = getelementptr inbounds <2 x float>, ptr addrspace(1) %pa, i64 128
  %a1 = load <2 x float>, ptr addrspace(1) %pa2, align 8
  %pa3 = getelementptr inbounds <2 x float>, ptr addrspace(1) %pa, i64 192
  %b1 = load <2 x float>, ptr addrspace(1) %pa3, align 8
  %ph = getelementptr inbounds <16 x half>, ptr addrspace(1) %h, i64 %lane
  %ha = load <16 x half>, ptr addrspace(1) %ph, align 32
  %ph1 = getelementptr inbounds <16 x half>, ptr addrspace(1) %ph, i64 64
  %hb = load <16 x half>, ptr addrspace(1) %ph1, align 32
  %r0 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x4.f32.v8f32.v2f32(i1 false, <2 x float> %a0, i1 false, <2 x float> %b0, i16 0, <8 x float> zeroinitializer, i1 false, i1 false)
  %r1 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x4.f32.v8f32.v2f32(i1 false, <2 x float> %a1, i1 false, <2 x float> %b1, i16 0, <8 x float> %r0, i1 false, i1 false)
  %h0 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x32.f16.v8f16.v16f16(i1 false, <16 x half> %ha, i1 false, <16 x half> %hb, i16 0, <8 x half> zeroinitializer, i1 false, i1 false)
  %ba = bitcast <16 x half> %ha to <16 x bfloat>
  %bb = bitcast <16 x half> %hb to <16 x bfloat>
  %bz = bitcast <8 x half> %h0 to <8 x bfloat>
  %h1 = call <8 x bfloat> @llvm.amdgcn.wmma.bf16.16x16x32.bf16.v8bf16.v16bf16(i1 false, <16 x bfloat> %ba, i1 false, <16 x bfloat> %bb, i16 0, <8 x bfloat> %bz, i1 false, i1 false)
  %po = getelementptr inbounds <8 x float>, ptr addrspace(1) %out, i64 %lane
  store <8 x float> %r1, ptr addrspace(1) %po, align 32
  %p16 = getelementptr inbounds <8 x bfloat>, ptr addrspace(1) %out16, i64 %lane
  store <8 x bfloat> %h1, ptr addrspace(1) %p16, align 16
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x4.f32.v8f32.v2f32(i1, <2 x float>, i1, <2 x float>, i16, <8 x float>, i1, i1)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x32.f16.v8f16.v16f16(i1, <16 x half>, i1, <16 x half>, i16, <8 x half>, i1, i1)
declare <8 x bfloat> @llvm.amdgcn.wmma.bf16.16x16x32.bf16.v8bf16.v16bf16(i1, <16 x bfloat>, i1, <16 x bfloat>, i16, <8 x bfloat>, i1, i1)
