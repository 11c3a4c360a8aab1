; Exercises: LDS atomics with a returned value (ds_add_rtn_u32) and without
; (ds_max_u32), around a workgroup barrier with its release and acquire fences
; (what __syncthreads() becomes), then an LDS load of the accumulated bins and
; a global store.
@bins = internal addrspace(3) global [64 x i32] poison, align 4

define amdgpu_kernel void @atomics_lds(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %v = load i32, ptr addrspace(1) %src, align 4
  %b = and i32 %v, 63
  %bp = getelementptr inbounds [64 x i32], ptr addrspace(3) @bins, i32 0, i32 %b
  %old = atomicrmw add ptr addrspace(3) %bp, i32 1 syncscope("workgroup") monotonic, align 4
  %mb = and i32 %tid, 63
  %mp = getelementptr inbounds [64 x i32], ptr addrspace(3) @bins, i32 0, i32 %mb
  %unused = atomicrmw umax ptr addrspace(3) %mp, i32 %v syncscope("workgroup") monotonic, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %cnt = load i32, ptr addrspace(3) %mp, align 4
  %r = add i32 %cnt, %old
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
