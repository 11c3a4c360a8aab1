; Exercises: a loop whose body holds a divergent diamond with loads of unequal
; depth (two loads on one side, one on the other) and a load issued before the
; diamond that is consumed after it, so the waits at the join and on the back
; edge depend on which side ran.
define amdgpu_kernel void @loop_unequal_depth(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %base = mul i32 %i, 1024
  %e = add i32 %base, %tid
  %idx = zext i32 %e to i64
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  %va = load i32, ptr addrspace(1) %pa, align 4
  %sel = and i32 %e, 2
  %c = icmp eq i32 %sel, 0
  br i1 %c, label %two, label %one

two:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %idx
  %vb1 = load i32, ptr addrspace(1) %pb, align 4
  %pb2 = getelementptr inbounds i32, ptr addrspace(1) %pb, i64 512
  %vb2 = load i32, ptr addrspace(1) %pb2, align 4
  %t = xor i32 %vb1, %vb2
  br label %latch

one:
  %pc = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %idx
  %pc2 = getelementptr inbounds i32, ptr addrspace(1) %pc, i64 2048
  %vc = load i32, ptr addrspace(1) %pc2, align 4
  br label %latch

latch:
  %side = phi i32 [ %t, %two ], [ %vc, %one ]
  %x = mul i32 %va, 3
  %y = add i32 %x, %side
  %acc.next = add i32 %acc, %y
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %tidx = zext i32 %tid to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tidx
  store i32 %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
