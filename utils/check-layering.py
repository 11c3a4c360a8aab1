#!/usr/bin/env python3
"""Checks that the layers of the library point one way (docs/architecture.md).

    support <- isa <- ir <- parse, print <- analysis <- pass <- transforms <- driver

A file of lib/<component>/ may include headers of its own component and of
the components below it, never of a component above it or of another
component on its own level (parse and print do not see each other). A pass's
folder under lib/transforms/ keeps its private headers to itself, so the
passes stay independent (the validator shares nothing with the inserter but
the layers below). The public headers of include/stinkytofu/ follow the same
rule, by the component each belongs to (HEADERS below), and include nothing
from lib/.

Every #include "..." of every source under lib/ and include/stinkytofu/ is
checked; a header this table does not place is an error too, so a new public
header is classified when it is added. Usage:

    check-layering.py [--src DIR]     check the tree at DIR (default: ..)
    check-layering.py --self-test     check that violations are caught
"""
import argparse
import os
import re
import sys
import tempfile

# The layers, lowest first. Components on one level do not include each other.
LEVELS = [
    ['support'],
    ['isa'],
    ['ir'],
    ['parse', 'print'],
    ['analysis'],
    ['pass'],
    ['transforms'],
    ['driver'],
]
LEVEL = {c: n for n, comps in enumerate(LEVELS) for c in comps}

# The component of each public header of include/stinkytofu/.
HEADERS = {
    'support.h': 'support',
    'diag.h': 'support',
    'diff.h': 'support',
    'isa.h': 'isa',
    'counters.def': 'isa',
    'regclass.def': 'isa',
    'ir.h': 'ir',
    'verify.h': 'ir',
    'annotations.h': 'ir',
    'parse.h': 'parse',
    'print.h': 'print',
    'cfg.h': 'analysis',
    'ssa.h': 'analysis',
    'pass.h': 'pass',
    'pass_manager.h': 'pass',
    'passes.h': 'transforms',
    'wmma.h': 'transforms',
    'driver.h': 'driver',
}

SOURCE = re.compile(r'\.(c|h|l|y|def|inc)$')
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def unit_of(rel):
    """(component, unit) of a path relative to the tree: the unit is the
    component, or transforms/<pass> inside lib/transforms."""
    parts = rel.split('/')
    if parts[0] == 'include':
        comp = HEADERS.get(parts[-1])
        return comp, comp
    if parts[0] == 'lib' and len(parts) > 2:
        comp = parts[1]
        if comp == 'transforms' and len(parts) > 3:
            return comp, 'transforms/' + parts[2]
        return comp, comp
    return None, None


def target_of(src_rel, inc):
    """The path (relative to the tree) that `#include "inc"` in src_rel names."""
    if inc.startswith('stinkytofu/'):
        return 'include/' + inc
    if '/' in inc:
        return 'lib/' + inc  # "parse/parser.h": relative to lib/ (also generated files)
    return os.path.dirname(src_rel) + '/' + inc  # next to the including file


def check(root):
    errors = []
    layers = ' <- '.join(', '.join(level) for level in LEVELS)
    for top in ('lib', 'include/stinkytofu'):
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if not SOURCE.search(name):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                comp, unit = unit_of(rel)
                if comp is None:
                    errors.append('%s:1: error: header not placed in a layer (add it to HEADERS in %s)'
                                  % (rel, os.path.basename(__file__)))
                    continue
                with open(path, encoding='utf-8', errors='replace') as f:
                    lines = f.read().split('\n')
                for n, line in enumerate(lines, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    inc = m.group(1)
                    where = '%s:%d: error: ' % (rel, n)
                    tgt = target_of(rel, inc)
                    if rel.startswith('include/') and not tgt.startswith('include/'):
                        errors.append(where + 'public header includes "%s" from lib/' % inc)
                        continue
                    tcomp, tunit = unit_of(tgt)
                    if tcomp is None:
                        errors.append(where + '"%s" is not placed in a layer (add it to HEADERS in %s)'
                                      % (inc, os.path.basename(__file__)))
                    elif tcomp not in LEVEL or comp not in LEVEL:
                        bad = tcomp if tcomp not in LEVEL else comp
                        errors.append(where + 'component %s is not in a layer (add it to LEVELS in %s)'
                                      % (bad, os.path.basename(__file__)))
                    elif LEVEL[tcomp] > LEVEL[comp]:
                        errors.append(where + '%s includes "%s" of %s, which is above it (%s)'
                                      % (comp, inc, tcomp, layers))
                    elif LEVEL[tcomp] == LEVEL[comp] and tcomp != comp:
                        errors.append(where + '%s includes "%s" of %s, which is on its own level (%s)'
                                      % (comp, inc, tcomp, layers))
                    elif tunit != unit and tunit.startswith('transforms/') and unit.startswith('transforms/'):
                        errors.append(where + '%s includes "%s", private to %s: passes share only the '
                                      'layers below them' % (unit, inc, tunit))
    return errors


def self_test():
    """A tree with one violation of each kind must give exactly those errors."""
    files = {
        'include/stinkytofu/support.h': '',
        'include/stinkytofu/ir.h': '#include "stinkytofu/support.h"\n',
        'include/stinkytofu/isa.h': '#include "stinkytofu/ir.h"\n',          # isa -> ir: above
        'include/stinkytofu/cfg.h': '#include "parse/parse-internal.h"\n',  # public -> lib/
        'include/stinkytofu/extra.h': '',                                   # not placed
        'lib/ir/ir.c': '#include "stinkytofu/ir.h"\n#include "stinkytofu/isa.h"\n',
        'lib/print/print.c': '#include "stinkytofu/parse.h"\n',            # same level
        'lib/analysis/ssa.c': '#include <stdio.h>\n#include "stinkytofu/pass.h"\n',  # above
        'lib/transforms/a/a.c': '#include "a.h"\n#include "transforms/b/b.h"\n',     # private
        'lib/transforms/a/a.h': '#include "stinkytofu/pass.h"\n',
        'lib/transforms/b/b.h': '',
        'lib/driver/driver.c': '#include "stinkytofu/pass.h"\n#include "stinkytofu/ir.h"\n',
    }
    want = [
        'include/stinkytofu/isa.h:1: error: isa includes "stinkytofu/ir.h" of ir, which is above it',
        'include/stinkytofu/cfg.h:1: error: public header includes "parse/parse-internal.h" from lib/',
        'include/stinkytofu/extra.h:1: error: header not placed in a layer',
        'lib/print/print.c:1: error: print includes "stinkytofu/parse.h" of parse, which is on its own level',
        'lib/analysis/ssa.c:2: error: analysis includes "stinkytofu/pass.h" of pass, which is above it',
        'lib/transforms/a/a.c:2: error: transforms/a includes "transforms/b/b.h", private to transforms/b',
    ]
    with tempfile.TemporaryDirectory() as root:
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), 'w') as f:
                f.write(text)
        got = check(root)
    missing = [w for w in want if not any(g.startswith(w) for g in got)]
    extra = [g for g in got if not any(g.startswith(w) for w in want)]
    for w in missing:
        print('self-test: not reported: ' + w)
    for g in extra:
        print('self-test: reported wrongly: ' + g)
    return not missing and not extra


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--src', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    ap.add_argument('--self-test', action='store_true')
    args = ap.parse_args()
    if args.self_test:
        return 0 if self_test() else 1
    errors = check(args.src)
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
