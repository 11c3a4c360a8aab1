; Exercises: six independent global loads in flight at once, consumed oldest
; first, so each consumer needs a different loadcnt immediate (5, 4, ... 0),
; interleaved with stores of the partial results on the store counter.
define amdgpu_kernel void @load_depth_graded(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 256
  %p2 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 512
  %p3 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 768
  %p4 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 1024
  %p5 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 1280
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %v4 = load float, ptr addrspace(1) %p4, align 4
  %v5 = load float, ptr addrspace(1) %p5, align 4
  %q0 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  %s0 = fmul float %v0, 2.0
  store float %s0, ptr addrspace(1) %q0, align 4
  %s1 = fadd float %s0, %v1
  %q1 = getelementptr inbounds float, ptr addrspace(1) %q0, i64 256
  store float %s1, ptr addrspace(1) %q1, align 4
  %s2 = fmul float %s1, %v2
  %q2 = getelementptr inbounds float, ptr addrspace(1) %q0, i64 512
  store float %s2, ptr addrspace(1) %q2, align 4
  %s3 = fadd float %s2, %v3
  %q3 = getelementptr inbounds float, ptr addrspace(1) %q0, i64 768
  store float %s3, ptr addrspace(1) %q3, align 4
  %s4 = fmul float %s3, %v4
  %q4 = getelementptr inbounds float, ptr addrspace(1) %q0, i64 1024
  store float %s4, ptr addrspace(1) %q4, align 4
  %s5 = fadd float %s4, %v5
  %q5 = getelementptr inbounds float, ptr addrspace(1) %q0, i64 1280
  store float %s5, ptr addrspace(1) %q5, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
