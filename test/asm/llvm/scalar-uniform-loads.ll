; Exercises: uniform loads from the constant address space (addrspace(4)),
; which llc turns into s_load_* on the KM counter, several in flight at once
; and consumed by SALU and VALU instructions, then a divergent global store.
define amdgpu_kernel void @scalar_uniform_loads(ptr addrspace(4) %table, ptr addrspace(1) %out) {
entry:
  %p1 = getelementptr inbounds i32, ptr addrspace(4) %table, i64 1
  %p2 = getelementptr inbounds i32, ptr addrspace(4) %table, i64 7
  %p3 = getelementptr inbounds i32, ptr addrspace(4) %table, i64 33
  %a = load i32, ptr addrspace(4) %table, align 4
  %b = load i32, ptr addrspace(4) %p1, align 4
  %c = load i32, ptr addrspace(4) %p2, align 4
  %d = load i32, ptr addrspace(4) %p3, align 4
  %ab = mul i32 %a, %b
  %cd = xor i32 %c, %d
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = add i32 %tid, %ab
  %r = add i32 %t, %cd
  %idx = zext i32 %tid to i64
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %r, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
