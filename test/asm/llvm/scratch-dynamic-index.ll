; Exercises: a private array (alloca) indexed by a run-time value, which llc
; keeps in scratch memory: scratch_store_* to fill it, scratch_load_* with a
; dynamic index, then a global store of the loaded value.
define amdgpu_kernel void @scratch_dynamic_index(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %k) {
entry:
  %arr = alloca [256 x i32], align 4, addrspace(5)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %fill

fill:
  %i = phi i32 [ 0, %entry ], [ %i.next, %fill ]
  %gi = add i32 %i, %tid
  %gidx = zext i32 %gi to i64
  %gp = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gidx
  %gv = load i32, ptr addrspace(1) %gp, align 4
  %slot = getelementptr inbounds [256 x i32], ptr addrspace(5) %arr, i32 0, i32 %i
  store i32 %gv, ptr addrspace(5) %slot, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 256
  br i1 %done, label %use, label %fill

use:
  %x = add i32 %tid, %k
  %xi = and i32 %x, 255
  %p = getelementptr inbounds [256 x i32], ptr addrspace(5) %arr, i32 0, i32 %xi
  %v = load i32, ptr addrspace(5) %p, align 4
  %y = xor i32 %xi, 7
  %q = getelementptr inbounds [256 x i32], ptr addrspace(5) %arr, i32 0, i32 %y
  %w = load i32, ptr addrspace(5) %q, align 4
  %s = add i32 %v, %w
  %tidx = zext i32 %tid to i64
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tidx
  store i32 %s, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
