; Exercises: a loop that stages a global tile through LDS each iteration:
; global load, ds_store, barrier, two ds_loads of other lanes' elements,
; accumulate, barrier again before the next iteration overwrites the tile
; (the LDS write-after-read across the back edge).
@tile = internal addrspace(3) global [512 x float] poison, align 16

define amdgpu_kernel void @lds_loop_tiles(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %base = shl i32 %i, 8
  %e = add i32 %base, %tid
  %eidx = zext i32 %e to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %eidx
  %v = load float, ptr addrspace(1) %src, align 4
  %slot = getelementptr inbounds [512 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %slot, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %l1 = add i32 %tid, 1
  %l1m = and i32 %l1, 255
  %s1 = getelementptr inbounds [512 x float], ptr addrspace(3) @tile, i32 0, i32 %l1m
  %w1 = load float, ptr addrspace(3) %s1, align 4
  %l2 = add i32 %tid, 17
  %l2m = and i32 %l2, 255
  %s2 = getelementptr inbounds [512 x float], ptr addrspace(3) @tile, i32 0, i32 %l2m
  %w2 = load float, ptr addrspace(3) %s2, align 4
  %w = fmul float %w1, %w2
  %acc.next = fadd float %acc, %w
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tidx = zext i32 %tid to i64
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tidx
  store float %r, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
