; Exercises: a divergent if/else diamond, each side loading from a different
; global buffer, the join consuming the value (exec masking, s_cbranch_execz)
; and storing it.
define amdgpu_kernel void @diamond_global(ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %odd = and i32 %tid, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %then, label %else

then:
  %px = getelementptr inbounds i32, ptr addrspace(1) %x, i64 %idx
  %vx = load i32, ptr addrspace(1) %px, align 4
  %tx = shl i32 %vx, 2
  br label %join

else:
  %py = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %idx
  %vy = load i32, ptr addrspace(1) %py, align 4
  %ty = mul i32 %vy, 7
  br label %join

join:
  %v = phi i32 [ %tx, %then ], [ %ty, %else ]
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
