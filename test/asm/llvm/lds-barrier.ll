; Exercises: LDS traffic through addrspace(3): each lane stores to a shared
; array, a workgroup release fence + barrier (llvm.amdgcn.s.barrier) + acquire
; fence, what __syncthreads() becomes, then each lane reads a neighbour's
; element (ds_store -> s_wait_dscnt -> s_barrier -> ds_load) and writes the
; result to global memory.
@tile = internal addrspace(3) global [256 x float] poison, align 4

define amdgpu_kernel void @lds_barrier(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %src, align 4
  %slot = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %slot, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %nb = xor i32 %tid, 1
  %nslot = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %nb
  %w = load float, ptr addrspace(3) %nslot, align 4
  %s = fadd float %v, %w
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %s, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
