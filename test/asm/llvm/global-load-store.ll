; Exercises: one divergent global load per lane feeding VALU math and a global
; store (global_load_b32 -> s_wait_loadcnt -> v_* -> global_store_b32), with the
; kernel arguments read by scalar loads first.
define amdgpu_kernel void @global_load_store(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %src, align 4
  %m = fmul float %v, 3.0
  %a = fadd float %m, 1.0
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %a, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
