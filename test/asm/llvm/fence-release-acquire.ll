; Exercises: release/acquire synchronisation through global memory: data
; stores, an agent-scope release fence before the flag store (a storecnt wait
; on the store counter), and on the reading side an acquire load of a flag in
; a spin loop followed by a data load.
define amdgpu_kernel void @fence_release_acquire(ptr addrspace(1) %data, ptr addrspace(1) %flag, ptr addrspace(1) %out, i32 %producer) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %pd = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %idx
  %isprod = icmp ne i32 %producer, 0
  br i1 %isprod, label %produce, label %spin

produce:
  %v = mul i32 %tid, 13
  store i32 %v, ptr addrspace(1) %pd, align 4
  %pd2 = getelementptr inbounds i32, ptr addrspace(1) %pd, i64 1024
  store i32 %tid, ptr addrspace(1) %pd2, align 4
  fence syncscope("agent") release
  store atomic i32 1, ptr addrspace(1) %flag syncscope("agent") monotonic, align 4
  br label %exit

spin:
  %f = load atomic i32, ptr addrspace(1) %flag syncscope("agent") acquire, align 4
  %ready = icmp ne i32 %f, 0
  br i1 %ready, label %consume, label %spin

consume:
  %d = load i32, ptr addrspace(1) %pd, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %d, ptr addrspace(1) %po, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
