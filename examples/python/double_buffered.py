#!/usr/bin/env python3
"""A kernel generator in a few lines: writes a double-buffered GEMM main loop for gfx1250 as
assembly text, has stinkytofu insert the waits and check them with the validator, and writes
the .s (docs/python.md).

    double_buffered.py [OUT.s] [--loads N]
"""
import argparse
import sys

import stinkytofu

PIPELINE = "StinkyBuildImplicitDependencyPass,StinkyWaitCntInsertionPass"


def double_buffered_loop(name, loads):
    """The kernel as text: two LDS buffers, each filled by tensor_load_to_lds and read by
    `loads` ds_load_b128 per iteration, guarded by split barriers; `// st.token:N` says which
    buffer an LDS access or a barrier is about. No waits: the pass places them."""
    lines = [
        '.amdgcn_target "amdgcn-amd-amdhsa--gfx1250"',
        ".text",
        f".globl {name}",
        ".p2align 8",
        f".type {name},@function",
        # The descriptor makes it a kernel: it starts with nothing in flight.
        ".section .rodata,#alloc", ".p2align 6", f".amdhsa_kernel {name}",
        "  .amdhsa_user_sgpr_kernarg_segment_ptr 1", "  .amdhsa_next_free_vgpr 204",
        "  .amdhsa_next_free_sgpr 64", "  .amdhsa_group_segment_fixed_size 32768", ".end_amdhsa_kernel",
        ".text",
        f"{name}:",
        "  s_load_b64 s[2:3], s[0:1], 0x0",
        "  s_load_b32 s61, s[0:1], 0x8",
    ]
    for buf in range(2):  # the tensor descriptors of buffer `buf`: s[20+12*buf ...]
        g0 = 20 + 12 * buf
        lines += [f"  s_load_b128 s[{g0}:{g0 + 3}], s[0:1], {0x20 + 0x40 * buf:#x}",
                  f"  s_load_b256 s[{g0 + 4}:{g0 + 11}], s[0:1], {0x40 + 0x40 * buf:#x}"]
    lines += [f"  tensor_load_to_lds s[{20 + 12 * b}:{23 + 12 * b}], s[{24 + 12 * b}:{31 + 12 * b}] // st.token:{b}"
              for b in range(2)]
    lines += ["  v_lshlrev_b32 v200, 4, v0", "  s_mov_b32 s60, 0", "label_Loop:"]
    for buf in range(2):
        g0 = 20 + 12 * buf
        lines += [f"  s_barrier_signal -1 // st.token:{buf}", f"  s_barrier_wait -1 // st.token:{buf}"]
        lines += [f"  ds_load_b128 v[{4 * k}:{4 * k + 3}], v200 offset:{0x4000 * buf + 512 * k} // st.token:{buf}"
                  for k in range(loads)]
        lines += [f"  v_wmma_f32_16x16x32_bf16 v[128:135], v[{8 * k}:{8 * k + 7}], v[{8 * k}:{8 * k + 7}], v[128:135]"
                  for k in range(loads // 2)]
        lines += [f"  s_barrier_signal -1 // st.token:{buf}", f"  s_barrier_wait -1 // st.token:{buf}",
                  f"  s_add_co_u32 s{g0 + 1}, s{g0 + 1}, 0x40",
                  f"  tensor_load_to_lds s[{g0}:{g0 + 3}], s[{g0 + 4}:{g0 + 11}] // st.token:{buf}"]
    lines += ["  s_add_co_u32 s60, s60, 1", "  s_cmp_lt_u32 s60, s61", "  s_cbranch_scc1 label_Loop",
              "  v_mov_b32 v202, s2", "  v_mov_b32 v203, s3",
              "  global_store_b128 v[202:203], v[128:131], off", "  s_endpgm", ""]
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", default="double_buffered.s")
    ap.add_argument("--loads", type=int, default=4, help="ds_load_b128 per buffer and iteration (even)")
    args = ap.parse_args(argv)

    text = double_buffered_loop("gemm_double_buffered", args.loads)
    module = stinkytofu.parse(text, name="gemm_double_buffered.s")
    # Insert the waits, then prove them sound with the independent validator: a missing wait
    # raises stinkytofu.PassError with the validator's diagnostics.
    result = module.run(PIPELINE, verify_waits=True, statistics=True)
    checks = result.statistics["WaitCntValidationCheckPass"]["dependency-checks"]
    waits = [i for f in module.functions for b in f.blocks for i in b.instructions if i.is_wait]
    with open(args.out, "w") as f:
        f.write(module.to_asm())
    print(f"{args.out}: {len(waits)} waits, {checks} dependencies checked by the validator")
    for i in waits:
        print(f"  line {i.line}: {i.mnemonic} {i.operands[0]}  {i.wait_counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
