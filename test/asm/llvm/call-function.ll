; Exercises: calls. A non-kernel function (@gather, noinline) that loads two
; global values through its pointer argument and returns their sum, and a
; void one (@scatter) that stores; the kernel calls both (s_swappc_b64) with
; loads in flight across the calls and uses the returned value.
define internal i32 @gather(ptr addrspace(1) %p, i32 %i) #0 {
entry:
  %idx = zext i32 %i to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %idx
  %a = load i32, ptr addrspace(1) %q, align 4
  %q2 = getelementptr inbounds i32, ptr addrspace(1) %q, i64 64
  %b = load i32, ptr addrspace(1) %q2, align 4
  %s = add i32 %a, %b
  ret i32 %s
}

define internal void @scatter(ptr addrspace(1) %p, i32 %i, i32 %v) #0 {
entry:
  %idx = zext i32 %i to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %idx
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}

define amdgpu_kernel void @call_function(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %pre = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %early = load i32, ptr addrspace(1) %pre, align 4
  %g = call i32 @gather(ptr addrspace(1) %in, i32 %tid)
  %v = add i32 %g, %early
  call void @scatter(ptr addrspace(1) %out, i32 %tid, i32 %v)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { noinline }
