; Exercises: a pixel shader (amdgpu_ps, no kernel descriptor) with a divergent
; diamond whose sides load from a buffer at unequal depth (one load, two
; loads), joined before the result is stored.
target triple = "amdgcn--"

define amdgpu_ps void @ps_diamond(<4 x i32> inreg %rsrc, <4 x i32> inreg %out, i32 %x, i32 %y) {
entry:
  %o = shl i32 %x, 2
  %c = icmp slt i32 %y, 16
  br i1 %c, label %then, label %else

then:
  %a = call float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32> %rsrc, i32 %o, i32 0, i32 0)
  br label %join

else:
  %o2 = add i32 %o, 1024
  %b0 = call float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32> %rsrc, i32 %o2, i32 0, i32 0)
  %o3 = add i32 %o, 2048
  %b1 = call float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32> %rsrc, i32 %o3, i32 0, i32 0)
  %b = fmul float %b0, %b1
  br label %join

join:
  %r = phi float [ %a, %then ], [ %b, %else ]
  call void @llvm.amdgcn.raw.buffer.store.f32(float %r, <4 x i32> %out, i32 %o, i32 0, i32 0)
  ret void
}

declare float @llvm.amdgcn.raw.buffer.load.f32(<4 x i32>, i32, i32, i32)
declare void @llvm.amdgcn.raw.buffer.store.f32(float, <4 x i32>, i32, i32, i32)
