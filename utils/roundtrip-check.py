#!/usr/bin/env python3
"""Checks the round-trip law of the .stir printer on every test input.

For every .stir file under the given directories, print(parse(x)) must parse
back and print byte for byte the same text:
    print(parse(print(parse(x)))) == print(parse(x))
Files tested with --split-input-file are checked chunk by chunk. Inputs meant
to be rejected are skipped: files under an errors/ directory and files whose
RUN lines expect a failure (`not %stinkytofu-opt`) or that carry
expected-error annotations.

usage: roundtrip-check.py --tool BUILD/stinkytofu-opt DIR_OR_FILE...
"""
import argparse
import os
import re
import subprocess
import sys

from stir_tests import split_chunks, stir_files


REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_lines(text):
    return [line.split('RUN:', 1)[1] for line in text.splitlines() if 'RUN:' in line]


def should_skip(path, text):
    # Only the part of the path below the repository counts: a checkout may
    # itself live under a directory named errors/.
    if os.sep + 'errors' + os.sep in os.sep + os.path.relpath(path, REPO):
        return 'error input'
    runs = run_lines(text)
    if any(re.search(r'\bnot\s+%stinkytofu-opt', r) for r in runs) or 'expected-error' in text:
        return 'expects a failure'
    return None


def chunks(text):
    if not any('--split-input-file' in r for r in run_lines(text)):
        return [text]
    return split_chunks(text)


def print_parse(tool, text):
    proc = subprocess.run([tool, '-'], input=text.encode(), capture_output=True)
    return proc.returncode, proc.stdout, proc.stderr.decode(errors='replace')


def check(tool, path):
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        text = f.read()
    reason = should_skip(path, text)
    if reason:
        return None, reason
    for n, chunk in enumerate(chunks(text), 1):
        where = path if n == 1 and '--split-input-file' not in text else '%s (chunk %d)' % (path, n)
        rc, first, err = print_parse(tool, chunk)
        if rc != 0:
            return False, '%s: does not parse:\n%s' % (where, err)
        rc, second, err = print_parse(tool, first.decode())
        if rc != 0:
            return False, '%s: printed form does not parse:\n%s' % (where, err)
        if first != second:
            return False, '%s: printing is not a fixpoint\n--- first print\n%s--- second print\n%s' % (
                where, first.decode(), second.decode())
    return True, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--tool', required=True)
    ap.add_argument('paths', nargs='+')
    args = ap.parse_args()
    files = stir_files(args.paths)
    passed = failed = skipped = 0
    for path in files:
        ok, msg = check(args.tool, path)
        if ok is None:
            skipped += 1
        elif ok:
            passed += 1
        else:
            failed += 1
            print('FAIL: ' + msg)
    print('roundtrip: %d passed, %d failed, %d skipped' % (passed, failed, skipped))
    return 1 if failed or not passed else 0


if __name__ == '__main__':
    sys.exit(main())
