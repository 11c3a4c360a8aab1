; Exercises: a compute shader (amdgpu_cs, no kernel descriptor) that loads a
; buffer element, writes it to LDS, crosses a workgroup barrier and reads its
; neighbour's element back (dscnt and loadcnt waits in a shader entry point).
target triple = "amdgcn--"

@tile = internal addrspace(3) global [256 x float] poison, align 4

define amdgpu_cs void @cs_lds_barrier(<4 x i32> inreg %rsrc, <4 x i32> inreg %out, i32 %tid) {
entry:
  %boff = shl i32 %tid, 2
  %v = call float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32> %rsrc, i32 %boff, i32 0, i32 0)
  %p = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %nb = xor i32 %tid, 1
  %q = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %nb
  %w = load float, ptr addrspace(3) %q, align 4
  %s = fadd float %v, %w
  call void @llvm.amdgcn.raw.buffer.store.f32(float %s, <4 x i32> %out, i32 %boff, i32 0, i32 0)
  ret void
}

declare float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.f32(float, <4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.s.barrier()
