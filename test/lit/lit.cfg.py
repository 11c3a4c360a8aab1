# lit configuration of the end-to-end tests. The build generates
# lit.site.cfg.py (paths of the built tool and of FileCheck/not), which loads
# this file; run the suite with `meson test -C build lit`.
import os
import sys

import lit.formats

config.name = 'stinkytofu'
config.test_format = lit.formats.ShTest(execute_external=False)
# RUN:/CHECK: lines live in `#` or `//` comments of the .stir files themselves.
config.suffixes = ['.stir']
# Inputs/ folders hold files that tests read but that are not tests.
config.excludes = ['Inputs']
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.stinkytofu_obj_root, 'test', 'lit')

config.substitutions.append(('%stinkytofu-opt', config.stinkytofu_opt))
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
