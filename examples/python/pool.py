#!/usr/bin/env python3
"""A library build's shape: a set of kernels through the wait passes in a multiprocessing.Pool,
each worker calling stinkytofu in-process, the results written next to each other
(docs/python.md).

    pool.py OUTDIR KERNEL.s|KERNEL.stir... [--jobs N]

Prints one line per kernel (its waits, or its first error) and exits 1 if any failed.
"""
import argparse
import multiprocessing
import os
import sys

import stinkytofu

PIPELINE = "StinkyRemoveWaitCntPass,StinkyBuildImplicitDependencyPass,StinkyWaitCntInsertionPass"


def optimize_one(path):
    """(path, output text or None, message): the worker's job, in a pool process."""
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    try:
        module = stinkytofu.parse(text, name=path)
        module.run(PIPELINE, verify_waits=True)
    except stinkytofu.Error as e:
        return path, None, str(e).split("\n")[0]
    waits = sum(i.is_wait for f in module.functions for b in f.blocks for i in b.instructions)
    out = module.to_asm() if module.format == "s" else module.to_stir()
    return path, out, f"{waits} waits"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("kernels", nargs="+")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    args = ap.parse_args(argv)
    os.makedirs(args.outdir, exist_ok=True)
    failed = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for path, out, message in pool.imap(optimize_one, args.kernels):
            if out is None:
                failed += 1
            else:
                with open(os.path.join(args.outdir, os.path.basename(path)), "w", encoding="utf-8",
                          errors="surrogateescape") as f:
                    f.write(out)
            print(f"{path}: {message}")
    print(f"{len(args.kernels) - failed} of {len(args.kernels)} kernels optimized")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
