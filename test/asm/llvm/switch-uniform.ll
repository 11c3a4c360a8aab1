; Exercises: a uniform multi-way branch (a switch on a kernel argument, so
; scalar branches on scc), each case loading from a different global buffer
; or from a uniform constant table, the join storing the selected value.
define amdgpu_kernel void @switch_uniform(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(4) %tab, ptr addrspace(1) %out, i32 %sel) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  switch i32 %sel, label %dflt [
    i32 0, label %case0
    i32 1, label %case1
    i32 2, label %case2
  ]

case0:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %idx
  %va = load i32, ptr addrspace(1) %pa, align 4
  br label %join

case1:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %idx
  %vb = load i32, ptr addrspace(1) %pb, align 4
  %pb2 = getelementptr inbounds i32, ptr addrspace(1) %pb, i64 128
  %vb2 = load i32, ptr addrspace(1) %pb2, align 4
  %sb = sub i32 %vb, %vb2
  br label %join

case2:
  %t0 = load i32, ptr addrspace(4) %tab, align 4
  %pt = getelementptr inbounds i32, ptr addrspace(4) %tab, i64 9
  %t1 = load i32, ptr addrspace(4) %pt, align 4
  %st = add i32 %t0, %t1
  %sv = add i32 %st, %tid
  br label %join

dflt:
  br label %join

join:
  %v = phi i32 [ %va, %case0 ], [ %sb, %case1 ], [ %sv, %case2 ], [ %tid, %dflt ]
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
