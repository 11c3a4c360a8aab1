#!/usr/bin/env python3
"""Runs stinkytofu-opt on generated bad inputs and checks the contract of
docs/robustness.md on each: exit status 0 (accepted) or 1 with at least one
located `FILE:LINE:COL: error:` message; never another status, a signal, an
internal error or a sanitizer report; with -o, the previous output file is
kept unless the run succeeded, and nothing else is left beside it.

usage: outcomes.py --tool TOOL --workdir DIR CASES SOURCE N [-- ARGS...]
  truncate SOURCE N   SOURCE cut after N evenly spaced byte counts
  mutate SOURCE N     N copies of SOURCE with a few random bytes changed (seeded)
Prints one summary line: `CASES: N cases, A accepted, E located errors, V violations`.
"""
import argparse
import os
import random
import re
import subprocess
import sys

LOCATED = re.compile(rb'^[^\n:]+:\d+:\d+: error: ', re.M)
FINDINGS = (b'internal error', b'Sanitizer', b'runtime error:', b'valgrind-run:')


def truncations(data, n):
    for k in range(n):
        yield data[:len(data) * k // n]


def mutations(data, n):
    r = random.Random(1)
    for _ in range(n):
        b = bytearray(data)
        for _ in range(r.randrange(1, 8)):
            b[r.randrange(len(b))] = r.randrange(256)
        yield bytes(b)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--workdir', required=True)
    ap.add_argument('cases', choices=['truncate', 'mutate'])
    ap.add_argument('source')
    ap.add_argument('n', type=int)
    ap.add_argument('args', nargs='*', help='extra stinkytofu-opt arguments')
    a = ap.parse_args()
    data = open(a.source, 'rb').read()
    gen = truncations if a.cases == 'truncate' else mutations
    os.makedirs(a.workdir, exist_ok=True)
    inp = os.path.join(a.workdir, 'input.stir')
    outdir = os.path.join(a.workdir, 'out')
    os.makedirs(outdir, exist_ok=True)
    out = os.path.join(outdir, 'result.stir')
    n = accepted = located = 0
    violations = []
    for k, text in enumerate(gen(data, a.n)):
        n += 1
        with open(inp, 'wb') as f:
            f.write(text)
        for p in os.listdir(outdir):
            os.unlink(os.path.join(outdir, p))
        with open(out, 'w') as f:
            f.write('previous\n')
        r = subprocess.run([a.tool, inp, '-o', out] + a.args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        left = sorted(os.listdir(outdir))
        kept = open(out, 'rb').read() == b'previous\n'
        problem = None
        if r.returncode == 0:
            accepted += 1
            if kept:
                problem = 'exit 0 but -o was not written'
        elif r.returncode == 1:
            located += 1
            if not LOCATED.search(r.stderr):
                problem = 'exit 1 without a located error'
            elif not kept:
                problem = 'exit 1 but -o changed'
        else:
            problem = 'exit status %d' % r.returncode
        if not problem and any(f in r.stderr for f in FINDINGS):
            problem = 'a finding on stderr'
        if not problem and left != ['result.stir']:
            problem = 'left behind: %s' % left
        if problem:
            keep = os.path.join(a.workdir, 'violation-%d.stir' % k)
            with open(keep, 'wb') as f:
                f.write(text)
            violations.append('%s: %s\n%s' % (keep, problem, r.stderr.decode(errors='replace')[-1000:]))
    for v in violations:
        print(v, file=sys.stderr)
    print('%s: %d cases, %d accepted, %d located errors, %d violations' %
          (a.cases, n, accepted, located, len(violations)))
    return 1 if violations else 0


if __name__ == '__main__':
    sys.exit(main())
