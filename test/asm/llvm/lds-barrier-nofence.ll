; Exercises: the bare llvm.amdgcn.s.barrier intrinsic with no fences around
; it: each lane stores to LDS, barriers, and reads a neighbour's element. The
; IR orders no memory across the barrier, so llc emits no s_wait_dscnt before
; it: the neighbour's ds_store may still be in flight when the ds_load runs (a
; data race the source program has; __syncthreads() adds the fences, see
; lds-barrier.ll).
@tile = internal addrspace(3) global [256 x float] poison, align 4

define amdgpu_kernel void @lds_barrier_nofence(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %src, align 4
  %slot = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %slot, align 4
  call void @llvm.amdgcn.s.barrier()
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
