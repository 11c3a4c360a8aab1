; Exercises: generic (flat, addrspace(0)) pointers whose target llc cannot
; know: flat_load_* and flat_store_* (they may reach LDS, so they count on
; both the load/store counter and DS), mixed with an LDS store and load.
@buf = internal addrspace(3) global [256 x i32] poison, align 4

define amdgpu_kernel void @flat_load_store(ptr %p, ptr %q, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %pp = getelementptr inbounds i32, ptr %p, i64 %idx
  %v = load i32, ptr %pp, align 4
  %slot = getelementptr inbounds [256 x i32], ptr addrspace(3) @buf, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %slot, align 4
  %qq = getelementptr inbounds i32, ptr %q, i64 %idx
  %w = load i32, ptr %qq, align 4
  %nb = xor i32 %tid, 3
  %nslot = getelementptr inbounds [256 x i32], ptr addrspace(3) @buf, i32 0, i32 %nb
  %l = load i32, ptr addrspace(3) %nslot, align 4
  %s = add i32 %v, %w
  %t = add i32 %s, %l
  store i32 %t, ptr %pp, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %s, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
