# lit configuration of the end-to-end tests. The build generates
# lit.site.cfg.py (paths of the built tool and of FileCheck/not), which loads
# this file; run the suite with `meson test -C build lit`.
import os
import sys

import lit.formats

config.name = 'stinkytofu'
config.test_format = lit.formats.ShTest(execute_external=False)
# RUN:/CHECK: lines live in `#` or `//` comments of the .stir and .s files themselves.
config.suffixes = ['.stir', '.s']
# Inputs/ folders hold files that tests read but that are not tests.
config.excludes = ['Inputs']
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.stinkytofu_obj_root, 'test', 'lit')

# ST_LIT_TOOL_WRAPPER='CMD ARGS' runs every %stinkytofu-opt as `CMD ARGS TOOL`
# (`meson test --setup valgrind` sets it to utils/valgrind-run). The
# substitution stays one path, a generated script, so tests may pass it as an
# argument (`--tool %stinkytofu-opt`) to helper scripts.
_tool = config.stinkytofu_opt
_wrapper = os.environ.get('ST_LIT_TOOL_WRAPPER')
if _wrapper:
    import shlex
    os.makedirs(config.test_exec_root, exist_ok=True)
    _tool = os.path.join(config.test_exec_root, 'stinkytofu-opt-wrapped')
    with open(_tool, 'w') as f:
        f.write('#!/bin/sh\nexec %s %s "$@"\n' % (
            ' '.join(shlex.quote(w) for w in shlex.split(_wrapper)), shlex.quote(config.stinkytofu_opt)))
    os.chmod(_tool, 0o755)
    lit_config.note('running %%stinkytofu-opt as: %s %s' % (_wrapper, config.stinkytofu_opt))
config.substitutions.append(('%stinkytofu-opt', _tool))
config.substitutions.append(('%src_root', config.stinkytofu_src_root))
# For tests that generate inputs (binary garbage, very long lines).
config.substitutions.append(('%python', sys.executable))

# FileCheck and not come from the LLVM tools directory found at configure time.
path = [config.llvm_tools_dir, os.path.dirname(config.stinkytofu_opt)]
config.environment['PATH'] = os.pathsep.join(path + [config.environment.get('PATH', os.defpath)])

# Every registered pass is a feature (`pass-<Name>`), so a test of a driver
# flag that needs a pass can say `REQUIRES: pass-<Name>` (or UNSUPPORTED).
import subprocess
_passes = subprocess.run([config.stinkytofu_opt, '--list-passes'], stdout=subprocess.PIPE,
                         universal_newlines=True, check=True).stdout
for _line in _passes.splitlines():
    if _line.split():
        config.available_features.add('pass-' + _line.split()[0])

# `llvm-mc-gfx1250`: an llvm-mc that assembles gfx1250 (Debian's llvm-22 or
# newer; LLVM_MC overrides the search), substituted as %llvm-mc. The probe is
# an instruction only gfx1250 has, and llvm-mc must not have fallen back to a
# generic processor (which it does with a warning for an unknown -mcpu).
# `dot`: Graphviz, for the --emit-dot tests.
import glob
import re
import shutil


def _llvm_mc_candidates():
    if os.environ.get('LLVM_MC'):
        yield os.environ['LLVM_MC']
    def version(p):
        m = re.search(r'llvm-(\d+)', p)
        return int(m.group(1)) if m else 0
    for p in sorted(glob.glob('/usr/lib/llvm-*/bin/llvm-mc'), key=version, reverse=True):
        yield p
    for name in ['llvm-mc'] + ['llvm-mc-%d' % v for v in range(30, 19, -1)]:
        p = shutil.which(name)
        if p:
            yield p


def _assembles_gfx1250(mc):
    try:
        r = subprocess.run([mc, '-triple=amdgcn', '-mcpu=gfx1250', '-filetype=obj', '-o', os.devnull],
                           input='s_wait_tensorcnt 0\n', stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return r.returncode == 0 and 'not a recognized processor' not in r.stderr


for _mc in _llvm_mc_candidates():
    if os.access(_mc, os.X_OK) and _assembles_gfx1250(_mc):
        config.available_features.add('llvm-mc-gfx1250')
        config.substitutions.append(('%llvm-mc', _mc))
        # llvm-objdump of the same LLVM, for the registers it names in its notes
        _objdump = os.path.join(os.path.dirname(_mc), os.path.basename(_mc).replace('llvm-mc', 'llvm-objdump'))
        if os.access(_objdump, os.X_OK):
            config.available_features.add('llvm-objdump-gfx1250')
            config.substitutions.append(('%llvm-objdump', _objdump))
        break

if shutil.which('dot'):
    config.available_features.add('dot')
