; Exercises: global atomics with and without a returned value: a returning
; atomicrmw add (global_atomic_add_u32 ... th:TH_ATOMIC_RETURN, on the load
; counter), a non-returning atomicrmw max (on the store counter), a returning
; cmpxchg, and a use of the returned values.
define amdgpu_kernel void @atomics_global(ptr addrspace(1) %ctr, ptr addrspace(1) %hist, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %slot = getelementptr inbounds i32, ptr addrspace(1) %ctr, i64 %idx
  %old = atomicrmw add ptr addrspace(1) %slot, i32 1 syncscope("agent") monotonic, align 4
  %bin = and i32 %tid, 15
  %bidx = zext i32 %bin to i64
  %hp = getelementptr inbounds i32, ptr addrspace(1) %hist, i64 %bidx
  %unused = atomicrmw max ptr addrspace(1) %hp, i32 %tid syncscope("agent") monotonic, align 4
  %cp = getelementptr inbounds i32, ptr addrspace(1) %hp, i64 64
  %pair = cmpxchg ptr addrspace(1) %cp, i32 0, i32 %old syncscope("agent") monotonic monotonic, align 4
  %prev = extractvalue { i32, i1 } %pair, 0
  %r = add i32 %old, %prev
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
