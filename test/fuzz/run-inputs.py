#!/usr/bin/env python3
"""Runs a libFuzzer harness once on every .stir input under the given folders.

The inputs are the saved findings under test/fuzz/regressions/ (`*.fuzz`: they
are arbitrary bytes, not tests, so they are not named .stir) and every test
and example (`*.stir`), split at `// -----` as --split-input-file does, so a harness's
law (round trip; the validator accepts the inserter's waits) is checked on
each of them by every run of the suite, not only while fuzzing. Exits with
the harness's status: non-zero on the first input that fails.

usage: run-inputs.py HARNESS DIR...
"""
import pathlib
import re
import subprocess
import sys
import tempfile

MARKER = re.compile(rb'(?m)^[ \t]*(?://|#) -----[ \t\r]*$\n?')


def main():
    harness, roots = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for root in roots:
            for p in sorted(pathlib.Path(root).rglob('*.stir')) + sorted(pathlib.Path(root).rglob('*.fuzz')):
                for k, chunk in enumerate(MARKER.split(p.read_bytes())):
                    out = pathlib.Path(tmp) / ('%s.%d.stir' % (str(p).replace('/', '_'), k))
                    out.write_bytes(chunk)
                    files.append(str(out))
        print('%d inputs from %s' % (len(files), ' '.join(roots)), flush=True)
        if not files:
            print('no inputs found', file=sys.stderr)
            return 1
        return subprocess.run([harness] + files).returncode


if __name__ == '__main__':
    sys.exit(main())
