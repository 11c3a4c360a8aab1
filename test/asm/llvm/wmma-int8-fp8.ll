; Exercises: the 8-bit wmma forms: v_wmma_i32_16x16x64_iu8
; (llvm.amdgcn.wmma.i32.16x16x64.iu8), v_wmma_f32_16x16x64_fp8_fp8
; (llvm.amdgcn.wmma.f32.16x16x64.fp8.fp8) and v_wmma_f32_16x16x128_fp8_fp8
; (llvm.amdgcn.wmma.f32.16x16x128.fp8.fp8), fed by a uniform scalar load of a
; scale and by global loads, in a loop.
define amdgpu_kernel void @wmma_int8_fp8(ptr addrspace(1) %a, ptr addrspace(4) %scale, ptr addrspace(1) %oi, ptr addrspace(1) %of, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = zext i32 %tid to i64
  %s = load i32, ptr addrspace(4) %scale, align 4
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acci = phi <8 x i32> [ zeroinitializer, %entry ], [ %acci.next, %loop ]
  %accf = phi <8 x float> [ zeroinitializer, %entry ], [ %accf.next, %loop ]
  %row = zext i32 %i to i64
  %off = mul i64 %row, 128
  %e = add i64 %off, %lane
  %pa = getelementptr inbounds <8 x i32>, ptr addrspace(1) %a, i64 %e
  %fa = load <8 x i32>, ptr addrspace(1) %pa, align 32
  %pb = getelementptr inbounds <8 x i32>, ptr addrspace(1) %pa, i64 64
  %fb = load <8 x i32>, ptr addrspace(1) %pb, align 32
  %pw = getelementptr inbounds <16 x i32>, ptr addrspace(1) %a, i64 %e
  %wa = load <16 x i32>, ptr addrspace(1) %pw, align 64
  %fbs = insertelement <8 x i32> %fb, i32 %s, i32 0
  %acci.next = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1 false, <8 x i32> %fa, i1 false, <8 x i32> %fbs, <8 x i32> %acci, i1 false, i1 false, i1 false)
  %f1 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.fp8.fp8.v8f32.v8i32(<8 x i32> %fa, <8 x i32> %fb, i16 0, <8 x float> %accf, i1 false, i1 false)
  %accf.next = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.fp8.fp8.v8f32.v16i32(<16 x i32> %wa, <16 x i32> %wa, i16 0, <8 x float> %f1, i1 false, i1 false)
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %ri = phi <8 x i32> [ zeroinitializer, %entry ], [ %acci.next, %loop ]
  %rf = phi <8 x float> [ zeroinitializer, %entry ], [ %accf.next, %loop ]
  %pi = getelementptr inbounds <8 x i32>, ptr addrspace(1) %oi, i64 %lane
  store <8 x i32> %ri, ptr addrspace(1) %pi, align 32
  %pf = getelementptr inbounds <8 x float>, ptr addrspace(1) %of, i64 %lane
  store <8 x float> %rf, ptr addrspace(1) %pf, align 32
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1, <8 x i32>, i1, <8 x i32>, <8 x i32>, i1, i1, i1)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.fp8.fp8.v8f32.v8i32(<8 x i32>, <8 x i32>, i16, <8 x float>, i1, i1)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.fp8.fp8.v8f32.v16i32(<16 x i32>, <16 x i32>, i16, <8 x float>, i1, i1)
