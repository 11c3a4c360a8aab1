; Exercises: a uniform loop (scalar trip count and index) that reads a
; constant-address-space table with s_load_* each iteration (kmcnt waits in
; the loop) and a divergent global load per iteration, accumulating both.
define amdgpu_kernel void @scalar_loop(ptr addrspace(4) %tab, ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ii = zext i32 %i to i64
  %pt = getelementptr inbounds <2 x i32>, ptr addrspace(4) %tab, i64 %ii
  %t = load <2 x i32>, ptr addrspace(4) %pt, align 8
  %t0 = extractelement <2 x i32> %t, i32 0
  %t1 = extractelement <2 x i32> %t, i32 1
  %e = add i32 %t0, %tid
  %ei = zext i32 %e to i64
  %pg = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %ei
  %g = load i32, ptr addrspace(1) %pg, align 4
  %m = mul i32 %g, %t1
  %acc.next = add i32 %acc, %m
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %tidx = zext i32 %tid to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tidx
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
