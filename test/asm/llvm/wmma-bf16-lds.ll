; Exercises: A and B fragments staged through LDS: global loads, ds_store,
; workgroup release fence + barrier + acquire fence (what __syncthreads
; becomes), ds_load of the fragments written by other lanes, then
; v_wmma_f32_16x16x32_bf16 (llvm.amdgcn.wmma.f32.16x16x32.bf16) and a store.
@lds_a = internal addrspace(3) global [64 x <16 x bfloat>] poison, align 32
@lds_b = internal addrspace(3) global [64 x <16 x bfloat>] poison, align 32

define amdgpu_kernel void @wmma_bf16_lds(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = and i32 %tid, 63
  %lane = zext i32 %t to i64
  %pa = getelementptr inbounds <16 x bfloat>, ptr addrspace(1) %a, i64 %lane
  %ga = load <16 x bfloat>, ptr addrspace(1) %pa, align 32
  %pb = getelementptr inbounds <16 x bfloat>, ptr addrspace(1) %b, i64 %lane
  %gb = load <16 x bfloat>, ptr addrspace(1) %pb, align 32
  %sa = getelementptr inbounds [64 x <16 x bfloat>], ptr addrspace(3) @lds_a, i32 0, i32 %t
  store <16 x bfloat> %ga, ptr addrspace(3) %sa, align 32
  %sb = getelementptr inbounds [64 x <16 x bfloat>], ptr addrspace(3) @lds_b, i32 0, i32 %t
  store <16 x bfloat> %gb, ptr addrspace(3) %sb, align 32
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %u = xor i32 %t, 16
  %la = getelementptr inbounds [64 x <16 x bfloat>], ptr addrspace(3) @lds_a, i32 0, i32 %u
  %fa = load <16 x bfloat>, ptr addrspace(3) %la, align 32
  %v = xor i32 %t, 32
  %lb = getelementptr inbounds [64 x <16 x bfloat>], ptr addrspace(3) @lds_b, i32 0, i32 %v
  %fb = load <16 x bfloat>, ptr addrspace(3) %lb, align 32
  %r = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x32.bf16.v8f32.v16bf16(i1 false, <16 x bfloat> %fa, i1 false, <16 x bfloat> %fb, i16 0, <8 x float> zeroinitializer, i1 false, i1 false)
  %pc = getelementptr inbounds <8 x float>, ptr addrspace(1) %c, i64 %lane
  store <8 x float> %r, ptr addrspace(1) %pc, align 32
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x32.bf16.v8f32.v16bf16(i1, <16 x bfloat>, i1, <16 x bfloat>, i16, <8 x float>, i1, i1)
