#!/usr/bin/env python3
"""Metamorphic tests of the readers on every .stir and .s test input.

For every .stir and .s file under the given directories (cut at `// -----`
when its RUN lines use --split-input-file), three variants are made from
the text, and each must load (exit status 0) exactly when the original
does; every failing run must have printed a located `error:`:

  functions   every function repeated under a new name (.stir functions
              `st.func @f`; .s functions declared `.globl`/`.type`, their
              labels renamed in the copy). The copy must print exactly as
              the original function does.
  lines       every wait and ALU instruction line (s_wait*, v_*, the scalar
              ALU ops s_mov/s_add/s_sub/s_and/s_or/s_xor/s_lshl/s_lshr/
              s_mul/s_cmp, s_nop) repeated in place. The printed result,
              with consecutive equal lines merged, must equal the original's
              printed the same way.
  concatenated
              the file followed by the next file of the same kind (in sorted
              order) whose functions are renamed: loads exactly when both do.
              (.stir files of functions and .s files with declared functions.)

usage: metamorphic-check.py --tool BUILD/stinkytofu-opt DIR_OR_FILE...
"""
import argparse
import os
import re
import subprocess
import sys

from stir_tests import split_chunks

LOCATED_ERROR = re.compile(r'^[^:\n]+:\d+:\d+: error: ', re.M)
FUNC_STIR = re.compile(r'^\s*st\.func\s+@([\w.$-]+)', re.M)
REPEATABLE = re.compile(r'(s_wait\w*|v_\w+|s_(mov|add|sub|and|or|xor|lshl|lshr|mul|cmp)\w*|s_nop)$')
ASM_LABEL = re.compile(r'^\s*([.A-Za-z_$][\w.$]*):', re.M)
ASM_DECL = re.compile(r'^\s*\.(?:globl|global)\s+([.A-Za-z_$][\w.$]*)|^\s*\.type\s+([.A-Za-z_$][\w.$]*)\s*,\s*@function',
                      re.M)


def run_lines(text):
    return [line.split('RUN:', 1)[1] for line in text.splitlines() if 'RUN:' in line]


def inputs(paths):
    files = []
    for p in paths:
        for root, dirs, names in os.walk(p):
            dirs.sort()
            files += [os.path.join(root, n) for n in sorted(names) if n.endswith(('.stir', '.s'))]
    return files


def chunks(text):
    if not any('--split-input-file' in r for r in run_lines(text)):
        return [text]
    return [c for c in split_chunks(text) if c.strip()]


class Tool:
    def __init__(self, path):
        self.path = path
        self.runs = 0
        self.variants = {'functions': 0, 'lines': 0, 'concatenated': 0}

    def load(self, text, asm):
        """(ok, stdout) of reading `text`; a failure without a located error is a finding."""
        self.runs += 1
        cmd = [self.path, '--input-format=' + ('asm' if asm else 'stir'), '-']
        p = subprocess.run(cmd, input=text.encode('utf-8', 'surrogateescape'), capture_output=True)
        err = p.stderr.decode(errors='replace')
        if p.returncode != 0 and not LOCATED_ERROR.search(err):
            raise Finding('exit status %d without a located error:\n%s' % (p.returncode, err))
        return p.returncode == 0, p.stdout.decode(errors='replace')


class Finding(Exception):
    pass


# ---- .stir ----

def stir_functions(text):
    """(name, start, end) of each function: from its st.func line to the
    first line after it that is a lone '}' at the start of a line."""
    out = []
    lines = text.splitlines(keepends=True)
    offs, pos = [], 0
    for line in lines:
        offs.append(pos)
        pos += len(line)
    k = 0
    while k < len(lines):
        m = FUNC_STIR.match(lines[k])
        if not m:
            k += 1
            continue
        j = k + 1
        while j < len(lines) and lines[j].rstrip() != '}':
            if FUNC_STIR.match(lines[j]):
                return None  # unclosed function: left to the other variants
            j += 1
        if j == len(lines):
            return None
        out.append((m.group(1), offs[k], offs[j] + len(lines[j])))
        k = j + 1
    return out


def rename_stir(text, suffix):
    return FUNC_STIR.sub(lambda m: m.group(0) + suffix, text)


def printed_functions(out):
    """name -> printed text of each function of a printed module."""
    funcs, name, cur = {}, None, []
    for line in out.splitlines(keepends=True):
        m = re.match(r'st\.func @([\w.$-]+)\(\) \{', line)
        if m:
            name, cur = m.group(1), []
        elif line.rstrip() == '}' and name is not None:
            funcs[name] = ''.join(cur)
            name = None
        elif name is not None:
            cur.append(line)
    return funcs


def stir_mnemonic(line):
    m = re.match(r'\s*(?:[^"=]*=\s*)?"(?:st\.)?([\w.]+)"\(', line)
    return m.group(1) if m else None


# ---- .s ----

def asm_functions(text):
    """(name, start, end) of each declared function: from its first
    declaration line to its `.size NAME` line, or None when the file has
    none or one is not closed that way."""
    names = []
    for m in ASM_DECL.finditer(text):
        n = m.group(1) or m.group(2)
        if n not in names:
            names.append(n)
    out = []
    for n in names:
        start = min(m.start() for m in ASM_DECL.finditer(text) if n in (m.group(1), m.group(2)))
        start = text.rfind('\n', 0, start) + 1
        size = re.search(r'^\s*\.size\s+' + re.escape(n) + r'\s*,.*$', text[start:], re.M)
        if not size:
            return None
        out.append((n, start, start + size.end() + 1))
    return out or None


def rename_asm(text, suffix):
    """Every label, declared name and .set symbol defined in `text`, renamed."""
    names = set(m.group(1) for m in ASM_LABEL.finditer(text))
    names |= set(m.group(1) or m.group(2) for m in ASM_DECL.finditer(text))
    names |= set(re.findall(r'^\s*\.amdhsa_kernel\s+([.A-Za-z_$][\w.$]*)', text, re.M))
    if not names:
        return text
    pat = re.compile(r'(?<![\w.$])(' + '|'.join(sorted(map(re.escape, names), key=len, reverse=True)) + r')(?![\w.$])')
    return pat.sub(lambda m: m.group(1) + suffix, text)


def asm_mnemonic(line):
    code = re.split(r'//|;', line, 1)[0]
    m = re.match(r'\s*([A-Za-z_][\w]*)(\s|$)', code)
    if not m or code.strip().endswith(':'):
        return None
    return m.group(1)


# ---- the variants ----

def merged(text):
    out = []
    for line in text.splitlines():
        if not out or out[-1] != line:
            out.append(line)
    return out


def repeat_lines(text, asm):
    """Every complete wait/ALU line doubled; in .stir, a line inside a
    multi-line attribute dictionary is not one (the braces of st.func lines
    and of the lines closing functions are not counted)."""
    out, n = [], 0
    depth = 0
    for line in text.splitlines(keepends=True):
        name = asm_mnemonic(line) if asm else (stir_mnemonic(line) if depth == 0 else None)
        if not asm and not FUNC_STIR.match(line) and not (depth == 0 and line.strip() == '}'):
            depth = max(0, depth + line.count('{') - line.count('}'))
        if name and REPEATABLE.match(name) and (asm or depth == 0) and line.endswith('\n'):
            out.append(line)
            n += 1
        out.append(line)
    return ''.join(out), n


def check_chunk(tool, text, asm, where):
    ok, out = tool.load(text, asm)
    # (a) every function repeated under a new name.
    funcs = asm_functions(text) if asm else stir_functions(text)
    if funcs:
        copies = []
        for name, start, end in funcs:
            body = text[start:end]
            copies.append(rename_asm(body, '__again') if asm else rename_stir(body, '__again'))
        variant = text + '\n' + ''.join(copies)
        tool.variants['functions'] += 1
        vok, vout = tool.load(variant, asm)
        if vok != ok:
            raise Finding('%s: with every function repeated it %s' % (where, 'fails' if ok else 'loads'))
        if ok and not asm:
            pf = printed_functions(vout)
            for name, _, _ in funcs:
                if pf.get(name + '__again') != pf.get(name):
                    raise Finding('%s: the repeat of @%s prints differently' % (where, name))
    # (b) every wait and ALU line repeated.
    variant, n = repeat_lines(text, asm)
    if n:
        tool.variants['lines'] += 1
        vok, vout = tool.load(variant, asm)
        if vok != ok:
            raise Finding('%s: with %d wait/ALU lines repeated it %s' % (where, n, 'fails' if ok else 'loads'))
        if ok and not asm and merged(vout) != merged(out):
            raise Finding('%s: with %d wait/ALU lines repeated it prints more than the repeats' % (where, n))
    return ok, funcs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--tool', required=True)
    ap.add_argument('paths', nargs='+')
    args = ap.parse_args()
    tool = Tool(args.tool)
    findings, nchunks = [], 0
    # (c) pairs of consecutive loadable files of one kind, by kind.
    last = {}
    for path in inputs(args.paths):
        asm = path.endswith('.s')
        with open(path, encoding='utf-8', errors='surrogateescape') as f:
            text = f.read()
        for k, chunk in enumerate(chunks(text), 1):
            where = path if k == 1 else '%s (chunk %d)' % (path, k)
            nchunks += 1
            try:
                ok, funcs = check_chunk(tool, chunk, asm, where)
                if funcs:
                    prev = last.get(asm)
                    if prev:
                        pchunk, pok, pwhere = prev
                        other = rename_asm(chunk, '__2') if asm else rename_stir(chunk, '__2')
                        tool.variants['concatenated'] += 1
                        cok, _ = tool.load(pchunk + '\n' + other, asm)
                        if cok != (pok and ok):
                            raise Finding('%s followed by %s %s' % (pwhere, where, 'fails' if pok and ok else 'loads'))
                    last[asm] = (chunk, ok, where)
            except Finding as e:
                findings.append(str(e))
                print('FAIL: ' + str(e))
    print('metamorphic: %d inputs, %s variants, %d findings' % (
        nchunks, ', '.join('%d %s' % (n, k) for k, n in tool.variants.items()), len(findings)))
    return 1 if findings else 0


if __name__ == '__main__':
    sys.exit(main())
