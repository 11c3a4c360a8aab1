// The double-buffered GEMM example as TensileLite-style assembly prints back
// byte for byte, and the wait pipeline keeps its double buffering: thanks to
// the `// st.token:N` comments, the barrier before each pool waits for its
// own buffer's tensor load only (s_wait_tensorcnt 0x1), not for both.
// REQUIRES: llvm-mc-gfx1250
// RUN: %stinkytofu-opt %src_root/examples/gemm-double-buffered.s --emit-asm | cmp %src_root/examples/gemm-double-buffered.s -
// RUN: %stinkytofu-opt %src_root/examples/gemm-double-buffered.s --StinkyBuildImplicitDependencyPass --StinkyWaitCntInsertionPass --verify-waits=strict --emit-asm -o %t.s
// RUN: FileCheck %s < %t.s
// RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1250 -filetype=obj %t.s -o %t.o
// CHECK-LABEL: {{^}}label_LoopBeginK:
// CHECK:         /* Pool 0:
// CHECK-NEXT:    s_wait_tensorcnt 0x1
// CHECK-NEXT:    s_barrier_signal -1 // st.token:0
// CHECK:         /* Pool 1:
// CHECK-NEXT:    s_wait_tensorcnt 0x1
// CHECK-NEXT:    s_barrier_signal -1 // st.token:1
// CHECK-NOT:     s_wait_tensorcnt 0x0
// CHECK-LABEL: {{^}}label_Epilogue:
