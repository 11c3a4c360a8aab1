#!/usr/bin/env python3
"""Checks that the shared library exports its public API and nothing else.

The library is compiled with hidden symbol visibility; a declaration of
include/stinkytofu/ is exported by starting with ST_API (support.h). This
check reads the public headers and the dynamic symbol table of
libstinkytofu.so (nm -D --defined-only) and fails on

  - an exported symbol that no ST_API declaration of the headers names (an
    internal function of lib/ leaking into the library's interface);
  - an ST_API declaration whose symbol the library does not export;
  - a function or extern object declared in a public header without ST_API
    (a user of the shared library could not link against it).

Usage:

    check-exports.py --lib build/lib/libstinkytofu.so --include include/stinkytofu
    check-exports.py --self-test     check that violations are caught
"""
import argparse
import os
import re
import subprocess
import sys

# Symbols every shared object defines, not part of any API.
LINKER_SYMBOLS = {'_init', '_fini', '_edata', '_end', '__bss_start'}

IDENT = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')


def strip(text):
    """The text without comments, string literals and preprocessor lines."""
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    text = re.sub(r"'(\\.|[^'\\])*'", "''", text)
    out = []
    continued = False
    for line in text.split('\n'):
        directive = continued or line.lstrip().startswith('#')
        continued = directive and line.rstrip().endswith('\\')
        out.append('' if directive else line)
    return '\n'.join(out)


def statements(text):
    """The top-level declarations of a header, brace bodies left out: a
    statement ends at ';' or after a body at depth 0."""
    stmts, cur, depth = [], [], 0
    for c in strip(text):
        if c == '{':
            depth += 1
            if depth == 1:
                cur.append('{}')
        elif c == '}':
            depth -= 1
            if depth == 0 and cur and not ''.join(cur).lstrip().startswith(('struct', 'enum', 'union', 'typedef')):
                stmts.append(''.join(cur))  # a function body ends its statement
                cur = []
        elif depth:
            continue
        elif c == ';':
            stmts.append(''.join(cur))
            cur = []
        else:
            cur.append(c)
    return [' '.join(s.split()) for s in stmts if s.strip()]


def declared_name(stmt):
    """The name a declaration declares: the identifier before its first
    '(' (a function; '(*' is a pointer declarator), else its last identifier."""
    m = re.search(r'([A-Za-z_][A-Za-z0-9_]*)\s*\((?!\s*\*)', stmt)
    if m:
        return m.group(1)
    names = IDENT.findall(re.sub(r'\[.*?\]', '', stmt))
    return names[-1] if names else None


def scan_header(text):
    """(names declared with ST_API, [names of functions and extern objects
    declared without it])."""
    api, unmarked = set(), []
    for s in statements(text):
        words = IDENT.findall(s)
        if not words or words[0] in ('static', 'typedef', '_Static_assert'):
            continue
        if words[0] == 'ST_API':
            api.add(declared_name(s[len('ST_API'):]))
        elif re.match(r'[A-Z][A-Z0-9_]*\s*\(', s):
            continue  # a macro that declares a type, such as ST_VEC_DECL(...)
        elif '(' in s or words[0] == 'extern':
            unmarked.append(declared_name(s))
    return api, unmarked


def exported(lib, nm):
    out = subprocess.run([nm, '-D', '--defined-only', '-P', lib], check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        # Names starting with two underscores belong to the implementation
        # (sanitizer and coverage runtimes define some in every object).
        if len(parts) >= 2 and parts[1] not in ('A', 'a') and parts[0] not in LINKER_SYMBOLS and \
                not parts[0].startswith('__'):
            names.add(parts[0].split('@')[0])
    return names


def check(headers, exports):
    """headers: {file name: text}; exports: the exported names. Returns the
    problems, one line each."""
    api, problems = {}, []
    for name, text in sorted(headers.items()):
        names, unmarked = scan_header(text)
        for n in names:
            api[n] = name
        for n in unmarked:
            problems.append(f'{name}: {n} is declared without ST_API, so the shared library hides it')
    for n in sorted(exports - api.keys()):
        problems.append(f'the shared library exports {n}, which no header of include/stinkytofu/ declares')
    for n in sorted(api.keys() - exports):
        problems.append(f'{api[n]}: {n} is declared ST_API but the shared library does not export it')
    return problems


def self_test():
    header = '''
/* A comment naming st_not_declared(void); */
#define ST_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define st_macro(x) \\
	st_other(x)
ST_VEC_DECL(st_u32vec, uint32_t);
struct st_thing { int (*fn)(void); int n; };
typedef void (*st_hook)(void);
static inline int st_inline(int x) { return x; }
_Static_assert(sizeof(int) >= 2, "int holds 16 bits");
ST_API int st_fn(const char *s, ...) ST_PRINTF(1, 2);
ST_API ST_NORETURN void st_die(void);
ST_API extern const struct st_thing st_table[4];
ST_API struct st_thing *st_make(int (*cb)(void *), void *arg);
void st_forgot(void);
extern int st_forgot_object;
struct st_thing *st_forgot_too(void);
'''
    api, unmarked = scan_header(header)
    assert api == {'st_fn', 'st_die', 'st_table', 'st_make'}, api
    assert unmarked == ['st_forgot', 'st_forgot_object', 'st_forgot_too'], unmarked
    good = {'h.h': header.split('void st_forgot(void);')[0]}
    assert check(good, {'st_fn', 'st_die', 'st_table', 'st_make'}) == []
    leak = check(good, {'st_fn', 'st_die', 'st_table', 'st_make', 'st_wc_internal'})
    assert len(leak) == 1 and 'exports st_wc_internal' in leak[0], leak
    hidden = check(good, {'st_fn', 'st_die', 'st_table'})
    assert len(hidden) == 1 and 'st_make is declared ST_API' in hidden[0], hidden
    assert len(check({'h.h': header}, {'st_fn', 'st_die', 'st_table', 'st_make'})) == 3
    print('check-exports self-test: ok')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--lib')
    ap.add_argument('--include')
    ap.add_argument('--nm', default='nm')
    ap.add_argument('--self-test', action='store_true')
    a = ap.parse_args()
    if a.self_test:
        self_test()
        return 0
    if not a.lib or not a.include:
        ap.error('--lib and --include are needed')
    headers = {}
    for f in sorted(os.listdir(a.include)):
        if f.endswith('.h'):
            with open(os.path.join(a.include, f), encoding='utf-8') as fh:
                headers[f] = fh.read()
    names = exported(a.lib, a.nm)
    problems = check(headers, names)
    for p in problems:
        print(f'check-exports: {p}', file=sys.stderr)
    if not problems:
        print(f'check-exports: {len(names)} exported symbols, each declared in include/stinkytofu/')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
