#!/usr/bin/env python3
"""Allocation-failure walk: fail every allocation in turn (docs/robustness.md).

For each scenario below, stinkytofu-opt runs once with ST_FAIL_ALLOC_AT=N for
every N from 1 up to the number of allocations the scenario makes (beyond
--max-runs allocations, a stride plus each of the last 100, where the output
is written), so every allocation site on the path fails once. Each run must
end cleanly:

  - exit status 1 and the message 'stinkytofu-opt: error: out of memory';
  - no crash, no signal, no sanitizer report, no internal error;
  - the -o file keeps its previous content, and nothing else (no temporary
    file) is left in its folder; standard output is empty.

Leak reports are switched off for the failing runs (ASan's detect_leaks=0):
the process exits where the allocation failed, with its memory still in use
by design. Leaks are checked on the completed run of each scenario, which
keeps the caller's sanitizer and valgrind settings.

usage: alloc-failure-walk.py --tool BUILD/stinkytofu-opt --src SOURCE_ROOT [--max-runs N]
"""
import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

OOM = 'stinkytofu-opt: error: out of memory'
PASSES = ['--StinkyBuildImplicitDependencyPass', '--StinkyWaitCntInsertionPass',
          '--WaitCntValidationCheckPass', '--StinkyWmmaVgprReorderPass']
TAIL = 100
FINDINGS = ('Sanitizer', 'runtime error:', 'internal error', 'Assertion', 'valgrind-run:')



def big_kernel(path):
    """A kernel whose printed text passes the driver's 1 MiB streaming
    threshold before printing is done allocating (every instruction has its
    own attribute dictionary), so allocations fail while -o's temporary
    file is open."""
    with open(path, 'w') as f:
        f.write('st.func @big() {\n^entry:\n')
        for k in range(4400):
            f.write('  v1 = "st.v_mov_b32"(v2) { mod.note = { k = %d, pad = "%s" } }\n' % (k, 'x' * 240))
        f.write('  "st.s_endpgm"()\n}\n')


# name, input (relative to the source root, or a function that writes it),
# arguments, exit status when no allocation fails, whether the result goes to
# -o (else to standard output)[, runs at most instead of --max-runs].
SCENARIOS = [
    ('large output streamed to -o', big_kernel, [], 0, True, 200),
    ('parse and print', 'examples/gemm-double-buffered.stir', [], 0, True),
    ('wait pipeline', 'examples/gemm-double-buffered.stir', PASSES, 0, True),
    ('wait pipeline to stdout, as assembly', 'examples/gemm-double-buffered.stir',
     PASSES + ['--emit-asm'], 0, False),
    ('located errors, split input', 'test/lit/parse/errors/recovery.stir',
     ['--split-input-file'], 1, True),
    ('expected diagnostics', 'test/lit/driver/verify-diagnostics.stir',
     ['--split-input-file', '--verify-diagnostics', '--remarks', '--StinkyRemoveWaitCntPass'], 0, True),
]


def run(tool, args, fail_at, cwd):
    env = dict(os.environ)
    env['ST_FAIL_ALLOC_AT'] = str(fail_at)
    if fail_at:
        env['ASAN_OPTIONS'] = ':'.join(filter(None, [env.get('ASAN_OPTIONS', ''), 'detect_leaks=0']))
    return subprocess.run([tool] + args, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def describe(r):
    err = r.stderr.decode(errors='replace')
    return 'exit status %d, stderr:\n%s' % (r.returncode, err[-2000:])


def walk(tool, src, scenario, max_runs):
    name, inp, extra, want_status, to_file = scenario[:5]
    if len(scenario) > 5:
        max_runs = min(max_runs, scenario[5])
    with tempfile.TemporaryDirectory() as tmp:
        outdir = pathlib.Path(tmp) / 'out'
        outdir.mkdir()
        out = outdir / 'result.stir'
        if callable(inp):
            path = os.path.join(tmp, 'input.stir')
            inp(path)
        else:
            path = os.path.join(src, inp)
        args = [path] + extra + (['-o', str(out)] if to_file else [])

        def attempt(n):
            for p in outdir.iterdir():  # a previous run's leftovers
                p.unlink()
            out.write_text('previous\n')
            r = run(tool, args, n, tmp)
            return r, OOM in r.stderr.decode(errors='replace')

        # The allocation count: the smallest N whose run completes.
        lo, hi = 1, 1
        while attempt(hi)[1]:
            lo, hi = hi + 1, hi * 2
            if hi > 1 << 26:
                return ['%s: still out of memory at allocation %d' % (name, hi)]
        while lo < hi:
            mid = (lo + hi) // 2
            if attempt(mid)[1]:
                lo = mid + 1
            else:
                hi = mid
        total = hi - 1

        errors = []
        r, _ = attempt(0)
        if r.returncode != want_status or any(f in r.stderr.decode(errors='replace') for f in FINDINGS):
            errors.append('%s: without a failure: want exit status %d, got %s' % (name, want_status, describe(r)))
        # Every allocation when there are at most max_runs; else a stride, but
        # every one of the last TAIL, where the output is written.
        stride = max(1, -(-total // max_runs))
        walked = sorted(set(range(1, total + 1, stride)) | set(range(max(1, total - TAIL + 1), total + 1)))
        for n in walked:
            r, oom = attempt(n)
            err = r.stderr.decode(errors='replace')
            problem = None
            if r.returncode != 1:
                problem = 'exit status %d (want 1)' % r.returncode
            elif not oom:
                problem = 'no out-of-memory message'
            elif any(f in err for f in FINDINGS):
                problem = 'a sanitizer or internal-error report'
            elif out.read_text() != 'previous\n':
                problem = 'the -o file changed'
            elif sorted(p.name for p in outdir.iterdir()) != ['result.stir']:
                problem = 'files left behind: %s' % sorted(p.name for p in outdir.iterdir())
            elif r.stdout:
                problem = '%d bytes on standard output' % len(r.stdout)
            if problem:
                errors.append('%s: allocation %d failed: %s; %s' % (name, n, problem, describe(r)))
                if len(errors) > 5:
                    break
        print('%-40s %6d allocations, %5d runs (stride %d, last %d all): %s' %
              (name, total, len(walked), stride, min(TAIL, total), 'ok' if not errors else 'FAILED'),
              flush=True)
        return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--tool', required=True)
    ap.add_argument('--src', required=True)
    ap.add_argument('--max-runs', type=int, default=1000,
                    help='walk every allocation up to this many, else a stride (default 1000)')
    args = ap.parse_args()
    errors = []
    for s in SCENARIOS:
        errors += walk(os.path.abspath(args.tool), os.path.abspath(args.src), s, args.max_runs)
    for e in errors:
        print(e, file=sys.stderr)
    print('%d passed, %d failed' % (len(SCENARIOS) - len({e.split(':')[0] for e in errors}),
                                    len({e.split(':')[0] for e in errors})))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
