; Exercises XCNT at a join and across a kind switch: one arm issues a vector
; load, the other a scalar one; after the join the vector address registers
; are reused, and a scalar load between vector ops retires their
; translations in hardware.
define amdgpu_kernel void @xcnt_join_switch(ptr addrspace(1) %in, ptr addrspace(4) %k, ptr addrspace(1) %out, i32 %sel) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %c = icmp eq i32 %sel, 0
  br i1 %c, label %vec, label %sca

vec:
  %v = load float, ptr addrspace(1) %p, align 4
  br label %join

sca:
  %s = load float, ptr addrspace(4) %k, align 4
  br label %join

join:
  %x = phi float [ %v, %vec ], [ %s, %sca ]
  %t2 = add i32 %tid, 7
  %idx2 = zext i32 %t2 to i64
  %p2 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx2
  %w = load float, ptr addrspace(1) %p2, align 4
  %kk = getelementptr inbounds float, ptr addrspace(4) %k, i64 16
  %s2 = load float, ptr addrspace(4) %kk, align 4
  %y = fadd float %x, %w
  %z = fmul float %y, %s2
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %z, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
