#!/usr/bin/env python3
"""Every error the readers, the verifier and the driver can report is shown
by a test.

Reads the error calls of lib/parse/, lib/ir/verify.c, lib/ir/annotations.c
and lib/driver/ (st_error, st_parse_error, asm_error, error_at, report and
the driver's usage errors), turns each format string into a pattern (each
conversion matches any text; a conditional `a ? "x" : "y"` argument is one
conversion) and requires it to match a line of a test under test/ (an
expected-error annotation, a CHECK line, a golden file). The errors no input
file can reach (the verifier's checks of IR a pass built, internal
invariants) are listed in UNREACHABLE with the reason. Together with the
metamorphic test, which requires every failing run over every test input and
its variants to print a located `error:`, this keeps the exit status 1
always explained.

usage: check-error-paths.py SOURCE_ROOT"""
import os
import re
import sys

SOURCES = ['lib/parse', 'lib/ir/verify.c', 'lib/ir/annotations.c', 'lib/driver']
CALL = re.compile(r'\b(st_error|st_parse_error|asm_error|error_at|report|usage_error|fail)\s*\(')

# Messages no input file reaches, with why.
UNREACHABLE = {
    "successor #%zu of '^%s' is not a block of this function": 'IR a pass built (the reader resolves successors by name)',
    "block '^%s' has a stale function or index": 'IR a pass built',
    "instruction list of '^%s' is corrupt": 'IR a pass built',
    "analysis PHI in the instruction list of '^%s'": 'IR an analysis left behind',
    "predecessors of '^%s' do not match the successor lists": 'IR a pass built (the reader derives predecessors)',
    "invalid register (class %d, index %u, count %u)": 'IR a pass built (the readers reject such registers first)',
}


def args_of(text, start):
    """The argument texts of the call whose '(' is at `start`."""
    depth, k, cur, out, in_str = 0, start, [], [], False
    while k < len(text):
        c = text[k]
        if in_str:
            cur.append(c)
            if c == '\\':
                cur.append(text[k + 1])
                k += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            cur.append(c)
        elif c in '([{':
            depth += 1
            if depth > 1:
                cur.append(c)
        elif c in ')]}':
            depth -= 1
            if depth == 0:
                out.append(''.join(cur).strip())
                return out
            cur.append(c)
        elif c == ',' and depth == 1:
            out.append(''.join(cur).strip())
            cur = []
        else:
            cur.append(c)
        k += 1
    return out


LITERALS = re.compile(r'^(\s*"(?:[^"\\]|\\.)*"\s*)+$')


def unquote(lit):
    return ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', lit)).replace('\\"', '"').replace('\\\\', '\\')


def messages(root):
    files = []
    for s in SOURCES:
        p = os.path.join(root, s)
        if os.path.isdir(p):
            files += sorted(os.path.join(p, n) for n in os.listdir(p) if n.endswith(('.c', '.y', '.l')))
        else:
            files.append(p)
    for path in files:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        for m in CALL.finditer(text):
            args = args_of(text, m.end() - 1)
            fmt = next((a for a in args if LITERALS.match(a)), None)
            if fmt is None:
                continue
            line = text.count('\n', 0, m.start()) + 1
            yield os.path.relpath(path, root), line, unquote(fmt)


def pattern(fmt):
    parts = re.split(r'%[-+ 0-9.*]*(?:ll|l|z|h|j)?[sdiuxXcp]', fmt.replace('%%', '%'))
    return re.compile('.*?'.join(re.escape(p) for p in parts))


def main():
    root = sys.argv[1]
    corpus = []
    for d, _, names in os.walk(os.path.join(root, 'test')):
        for n in names:
            try:
                with open(os.path.join(d, n), encoding='utf-8', errors='replace') as f:
                    corpus += [l for l in f if 'error' in l or 'expected-' in l]
            except OSError:
                pass
    corpus = ''.join(corpus)
    seen, missing = 0, []
    for path, line, fmt in messages(root):
        seen += 1
        if fmt in UNREACHABLE or pattern(fmt).search(corpus):
            continue
        missing.append('%s:%d: no test shows: %s' % (path, line, fmt))
    for m in missing:
        print(m)
    print('check-error-paths: %d error messages, %d without a test' % (seen, len(missing)))
    return 1 if missing or seen < 50 else 0


if __name__ == '__main__':
    sys.exit(main())
