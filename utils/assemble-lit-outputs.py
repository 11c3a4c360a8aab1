#!/usr/bin/env python3
"""Assembles what lit tests' pipelines produce, as --emit-asm, with llvm-mc.

For every .stir file under the given paths, every RUN line that runs
`%stinkytofu-opt` on the test itself and is expected to succeed (no `not`,
no --verify-diagnostics, no other output mode) is rerun with --emit-asm in
place of its FileCheck, and the assembly (each --split-input-file chunk on its
own) is given to `llvm-mc -triple=amdgcn -mcpu=gfx1250 -filetype=obj`. So
every wait the passes insert, in every situation the tests set up, is checked
against the real assembler, and new tests are covered as they land.

Tests often write their inputs in shorthand (`v_wmma_f32 ...`) that is not
real assembly. A line llvm-mc rejects is therefore a failure only when the
tool wrote it: when it does not occur in the --emit-asm of the input before
any pass ran. Rejected input lines are listed as notes.

Fails when no RUN line qualifies, so it cannot pass vacuously.

usage: assemble-lit-outputs.py --tool BUILD/stinkytofu-opt --llvm-mc LLVM_MC DIR_OR_FILE...
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

from stir_tests import split_chunks, stir_files

SKIP = ('--verify-diagnostics', '--emit-asm', '--emit-dot', '--help', '--list-passes', '--version')


def runs(path, text):
    """The tool invocations of the file's passing RUN lines, as argv lists."""
    for line in text.splitlines():
        if 'RUN:' not in line:
            continue
        cmd = line.split('RUN:', 1)[1].strip()
        first = cmd.split('|', 1)[0].strip()
        if not first.startswith('%stinkytofu-opt ') or any(s in first for s in SKIP):
            continue
        words = shlex.split(first)[1:]
        if '%s' not in words or any('%t' in w for w in words):
            continue
        # Redirections belong to the shell, not to the tool.
        words = [w for w in words if not w.startswith(('>', '<', '2>'))]
        subst = {'%s': path, '%S': os.path.dirname(path)}
        yield [subst.get(w, w) for w in words]


def emit_asm(tool, argv):
    return subprocess.run([tool] + argv + ['--emit-asm'], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def rejected_lines(mc_stderr, asm):
    """The assembly lines llvm-mc reports errors for (`<stdin>:LINE:COL: error:`)."""
    lines = asm.splitlines()
    for m in re.finditer(r'^<stdin>:(\d+):\d+: error: (.*)$', mc_stderr, re.M):
        n = int(m.group(1))
        yield (lines[n - 1].strip() if 0 < n <= len(lines) else '?'), m.group(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--tool', required=True)
    ap.add_argument('--llvm-mc', required=True)
    ap.add_argument('paths', nargs='+')
    args = ap.parse_args()
    files = stir_files(args.paths)
    assembled = failed = notes = 0
    for path in files:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
        baseline = None
        for argv in runs(path, text):
            shown = 'stinkytofu-opt ' + ' '.join(argv) + ' --emit-asm'
            tool = emit_asm(args.tool, argv)
            if tool.returncode != 0:
                failed += 1
                print('FAIL: %s: exit %d\n%s' % (shown, tool.returncode, tool.stderr))
                continue
            if baseline is None:
                split = ['--split-input-file'] if '--split-input-file' in argv else []
                before = emit_asm(args.tool, [path] + split)
                baseline = {l.strip() for l in before.stdout.splitlines()}
            for n, asm in enumerate(split_chunks(tool.stdout), 1):
                mc = subprocess.run([args.llvm_mc, '-triple=amdgcn', '-mcpu=gfx1250', '-filetype=obj',
                                     '-o', os.devnull], input=asm, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, universal_newlines=True)
                bad = False
                rejected = 0
                for line, why in rejected_lines(mc.stderr, asm):
                    rejected += 1
                    if line in baseline:
                        notes += 1
                        print('note: %s: input line not accepted by llvm-mc: %s (%s)' % (path, line, why))
                    else:
                        bad = True
                        print('FAIL: %s (chunk %d): llvm-mc rejects a line the tool wrote: %s (%s)'
                              % (shown, n, line, why))
                if mc.returncode != 0 and not rejected:
                    bad = True
                    print('FAIL: %s (chunk %d) does not assemble:\n%s' % (shown, n, mc.stderr))
                if bad:
                    failed += 1
                else:
                    assembled += 1
    print('assembled %d outputs, %d failed, %d input lines rejected' % (assembled, failed, notes))
    return 1 if failed or not assembled else 0


if __name__ == '__main__':
    sys.exit(main())
