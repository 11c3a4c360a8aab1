; Exercises XCNT: a divergent branch right after a vector load writes EXEC
; (v_cmpx / s_and_saveexec) while the load's translation may be outstanding;
; the load holds EXEC until then.
define amdgpu_kernel void @xcnt_exec_after_vmem(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  %c = icmp ult i32 %tid, %n
  br i1 %c, label %then, label %else

then:
  %w = fmul float %v, 2.0
  br label %exit

else:
  %u = fadd float %v, 1.0
  br label %exit

exit:
  %r = phi float [ %w, %then ], [ %u, %else ]
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
