; Exercises: every counter at once in one block: scalar loads (KM), global
; loads (LOAD), LDS loads and stores (DS), global stores (STORE), consumed in
; an order that interleaves the counters, so several waits of different
; counters meet at the same consumers.
@sh = internal addrspace(3) global [256 x i32] poison, align 4

define amdgpu_kernel void @mixed_counters(ptr addrspace(4) %k, ptr addrspace(1) %g, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %t = and i32 %tid, 255
  %k0 = load i32, ptr addrspace(4) %k, align 4
  %pg = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %idx
  %g0 = load i32, ptr addrspace(1) %pg, align 4
  %nb = xor i32 %t, 5
  %ps = getelementptr inbounds [256 x i32], ptr addrspace(3) @sh, i32 0, i32 %nb
  %l0 = load i32, ptr addrspace(3) %ps, align 4
  %pg2 = getelementptr inbounds i32, ptr addrspace(1) %pg, i64 4096
  %g1 = load i32, ptr addrspace(1) %pg2, align 4
  %a = add i32 %l0, %k0
  %own = getelementptr inbounds [256 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  store i32 %a, ptr addrspace(3) %own, align 4
  %b = mul i32 %g0, %a
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %b, ptr addrspace(1) %po, align 4
  %nb2 = xor i32 %t, 9
  %ps2 = getelementptr inbounds [256 x i32], ptr addrspace(3) @sh, i32 0, i32 %nb2
  %l1 = load i32, ptr addrspace(3) %ps2, align 4
  %c = add i32 %g1, %l1
  %po2 = getelementptr inbounds i32, ptr addrspace(1) %po, i64 4096
  store i32 %c, ptr addrspace(1) %po2, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
