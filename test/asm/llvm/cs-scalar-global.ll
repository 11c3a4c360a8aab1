; Exercises: a compute shader (amdgpu_cs, no kernel descriptor) that reads
; uniform constants with s_buffer_load (kmcnt) and a global pointer passed in
; SGPRs, mixes them with a divergent global load (loadcnt) and stores.
target triple = "amdgcn--"

define amdgpu_cs void @cs_scalar_global(<4 x i32> inreg %consts, ptr addrspace(1) inreg %in, ptr addrspace(1) inreg %out, i32 %tid) {
entry:
  %k0 = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %consts, i32 0, i32 0)
  %k1 = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %consts, i32 4, i32 0)
  %e = add i32 %tid, %k0
  %idx = zext i32 %e to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %m = mul i32 %v, %k1
  %t = zext i32 %tid to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %t
  store i32 %m, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32>, i32, i32)
