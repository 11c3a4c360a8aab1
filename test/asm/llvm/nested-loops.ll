; Exercises: two nested counted loops; the inner body loads two global values
; (one indexed by the outer and one by the inner induction variable), the outer
; body stores a partial result to global memory after each inner loop.
define amdgpu_kernel void @nested_loops(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %outer, label %exit

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %c1 = icmp sgt i32 %m, 0
  br i1 %c1, label %inner, label %outer.latch

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %acc = phi float [ 0.0, %outer ], [ %acc.next, %inner ]
  %ai = mul i32 %i, %m
  %aj = add i32 %ai, %j
  %ak = add i32 %aj, %tid
  %aidx = zext i32 %ak to i64
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %aidx
  %va = load float, ptr addrspace(1) %pa, align 4
  %bj = mul i32 %j, 64
  %bk = add i32 %bj, %tid
  %bidx = zext i32 %bk to i64
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %bidx
  %vb = load float, ptr addrspace(1) %pb, align 4
  %prod = fmul float %va, %vb
  %acc.next = fadd float %acc, %prod
  %j.next = add nuw nsw i32 %j, 1
  %jdone = icmp eq i32 %j.next, %m
  br i1 %jdone, label %inner.exit, label %inner

inner.exit:
  %oi = mul i32 %i, 256
  %ok = add i32 %oi, %tid
  %oidx = zext i32 %ok to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %oidx
  store float %acc.next, ptr addrspace(1) %po, align 4
  br label %outer.latch

outer.latch:
  %i.next = add nuw nsw i32 %i, 1
  %idone = icmp eq i32 %i.next, %n
  br i1 %idone, label %exit, label %outer

exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
