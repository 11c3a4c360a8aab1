; Exercises: flat (addrspace(0)) atomics with and without a returned value
; (flat_atomic_* count on the load or store counter and on DS), and a flat
; load whose result is combined with the returned value.
define amdgpu_kernel void @atomics_flat(ptr %ctr, ptr %acc, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %slot = getelementptr inbounds i32, ptr %ctr, i64 %idx
  %old = atomicrmw add ptr %slot, i32 5 syncscope("agent") monotonic, align 4
  %ap = getelementptr inbounds i32, ptr %acc, i64 %idx
  %unused = atomicrmw or ptr %ap, i32 %tid syncscope("agent") monotonic, align 4
  %lp = getelementptr inbounds i32, ptr %acc, i64 1024
  %v = load i32, ptr %lp, align 4
  %x = atomicrmw xchg ptr %lp, i32 %old syncscope("agent") monotonic, align 4
  %r0 = add i32 %old, %v
  %r = add i32 %r0, %x
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
