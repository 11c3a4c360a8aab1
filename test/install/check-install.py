#!/usr/bin/env python3
"""The installed library, as a user of it sees it (docs/architecture.md).

Installs the build into a temporary DESTDIR (`meson install --destdir`), then
checks what landed there:

  - every public header of include/stinkytofu/ is installed and compiles on its
    own, with only the install's include directory (nothing from lib/);
  - use-library.c, built through the installed stinkytofu.pc, against the
    shared library and against the static one, parses a kernel, runs the wait
    pipeline, reads the wmma reorder result and prints the module: both builds
    print the same text, with the wait the pipeline inserts and the wmma figure;
  - the installed stinkytofu-opt reads that text back unchanged;
  - the manual page stinkytofu-opt(1) names every flag of --help and every pass
    of --list-passes, and groff renders it without a warning;
  - with --python, the Python package (docs/python.md) is in the interpreter's
    site-packages directory with the library it loads beside it, and
    `python3 -c "import stinkytofu; print(stinkytofu.__version__)"` works from
    there, with nothing else on the library path, and optimizes a kernel.

    check-install.py --build BUILDDIR --src SRCDIR --meson MESON --cc CC [--cflag FLAG]...
                     [--python PYTHON --python-dir SITE_PACKAGES]
"""
import argparse
import glob
import os
import shlex
import shutil
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', required=True)
    ap.add_argument('--src', required=True)
    ap.add_argument('--meson', required=True)
    ap.add_argument('--cc', required=True)
    ap.add_argument('--cflag', action='append', default=[],
                    help='extra compile and link flag (the build\'s sanitizers)')
    ap.add_argument('--python', help='the interpreter the Python package is built for')
    ap.add_argument('--python-dir', help='its site-packages directory, where meson installs the package')
    args = ap.parse_args()
    cc = shlex.split(args.cc)
    problems = []
    # Under `meson test --setup valgrind` the programs run under its wrapper.
    wrapper = [os.environ['ST_LIT_TOOL_WRAPPER']] if os.environ.get('ST_LIT_TOOL_WRAPPER') else []

    with tempfile.TemporaryDirectory(prefix='st-install-') as tmp:
        dest = os.path.join(tmp, 'dest')
        r = run([args.meson, 'install', '-C', args.build, '--no-rebuild', '--destdir', dest, '--quiet'])
        if r.returncode != 0:
            print('meson install failed:\n' + r.stdout + r.stderr)
            return 1
        pcs = glob.glob(os.path.join(dest, '**', 'pkgconfig', 'stinkytofu.pc'), recursive=True)
        if len(pcs) != 1:
            print('expected one installed stinkytofu.pc, found %r' % pcs)
            return 1
        env = dict(os.environ, PKG_CONFIG_SYSROOT_DIR=dest, PKG_CONFIG_LIBDIR=os.path.dirname(pcs[0]))
        env.pop('PKG_CONFIG_PATH', None)

        def pkg(*flags):
            r = run(['pkg-config'] + list(flags) + ['stinkytofu'], env=env)
            if r.returncode != 0:
                raise SystemExit('pkg-config %s failed: %s' % (' '.join(flags), r.stderr))
            return r.stdout.split()

        cflags = pkg('--cflags')
        libdir = run(['pkg-config', '--variable=libdir', 'stinkytofu'], env=env).stdout.strip()
        if not libdir.startswith(dest):  # pkgconf applies the sysroot to variables, pkg-config does not
            libdir = dest + libdir
        includedir = [f[2:] for f in cflags if f.startswith('-I')]
        strict = ['-std=c17', '-Wall', '-Wextra', '-Wpedantic', '-Werror'] + args.cflag

        # The public headers: all installed, each self-contained.
        src_headers = sorted(os.listdir(os.path.join(args.src, 'include', 'stinkytofu')))
        inst = os.path.join(includedir[0], 'stinkytofu') if includedir else ''
        inst_headers = sorted(os.listdir(inst)) if os.path.isdir(inst) else []
        if src_headers != inst_headers:
            problems.append('installed headers %r differ from include/stinkytofu/ %r' % (inst_headers, src_headers))
        for h in src_headers:
            if not h.endswith('.h'):
                continue
            r = run(cc + strict + cflags + ['-fsyntax-only', '-x', 'c', '-'],
                    input='#include <stinkytofu/%s>\n' % h)
            if r.returncode != 0:
                problems.append('<stinkytofu/%s> does not compile alone:\n%s' % (h, r.stderr))

        # The program, shared and static.
        prog = os.path.join(args.src, 'test', 'install', 'use-library.c')
        shared = os.path.join(tmp, 'use-shared')
        static = os.path.join(tmp, 'use-static')
        builds = [
            (shared, cc + strict + cflags + [prog, '-o', shared] + pkg('--libs')),
            (static, cc + strict + cflags + [prog, '-o', static, os.path.join(libdir, 'libstinkytofu.a')]),
        ]
        outputs = []
        for exe, cmd in builds:
            r = run(cmd)
            if r.returncode != 0:
                problems.append('building %s failed:\n%s\n%s' % (os.path.basename(exe), ' '.join(cmd), r.stderr))
                continue
            r = run(wrapper + [exe], env=dict(os.environ, LD_LIBRARY_PATH=libdir))
            if r.returncode != 0:
                problems.append('%s exited with %d:\n%s' % (os.path.basename(exe), r.returncode, r.stderr))
                continue
            outputs.append(r.stdout)
        if os.path.exists(shared):
            r = run(['ldd', shared], env=dict(os.environ, LD_LIBRARY_PATH=libdir))
            if r.returncode == 0 and os.path.join(libdir, 'libstinkytofu.so') not in r.stdout:
                problems.append('use-shared does not load the installed libstinkytofu.so:\n' + r.stdout)
        if len(outputs) == 2:
            if outputs[0] != outputs[1]:
                problems.append('the shared and static builds print different text')
            out = outputs[0]
            want = ['wmma: ^loop applicable, 16 VGPRs saveable, 4 replacements\n',
                    '  ^loop:\n    "st.s_wait_dscnt"(0)']
            for w in want:
                if w not in out:
                    problems.append('use-library output lacks %r:\n%s' % (w, out))
            tool = glob.glob(os.path.join(dest, '**', 'bin', 'stinkytofu-opt'), recursive=True)
            if len(tool) != 1:
                problems.append('expected one installed stinkytofu-opt, found %r' % tool)
            else:
                text = out.split('\n', 1)[1]
                r = run(wrapper + [tool[0], '-'], input=text)
                if r.returncode != 0 or r.stdout != text:
                    problems.append('stinkytofu-opt does not read the printed module back unchanged:\n' + r.stderr)

        # The manual page.
        pages = glob.glob(os.path.join(dest, '**', 'man1', 'stinkytofu-opt.1'), recursive=True)
        tool = os.path.join(args.build, 'tools', 'stinkytofu-opt', 'stinkytofu-opt')
        if len(pages) != 1:
            problems.append('expected one installed stinkytofu-opt.1, found %r' % pages)
        else:
            with open(pages[0]) as f:
                page = f.read()
            plain = page.replace('\\-', '-').replace('\\e', '\\')
            passes = [line.split()[0] for line in run([tool, '--list-passes']).stdout.splitlines() if line]
            for p in passes:
                if '.B --%s\n' % p not in plain:
                    problems.append('the manual page lacks the pass %s' % p)
            for line in run([tool, '--help']).stdout.splitlines():
                if line.startswith('PASSES'):
                    break
                if line.startswith('  -'):
                    flag = line.split()[0]
                    if '.B %s' % flag not in plain:
                        problems.append('the manual page lacks the flag %s' % flag)
            if shutil.which('groff'):
                r = run(['groff', '-man', '-Tutf8', '-ww', '-z', pages[0]])
                if r.returncode != 0 or r.stderr:
                    problems.append('groff warns about the manual page:\n' + r.stderr)

        if args.python:
            problems += check_python(args, dest)

    for p in problems:
        print(p)
    return 1 if problems else 0


def check_python(args, dest):
    """The installed Python package: its files, and an import from site-packages alone."""
    site = dest + args.python_dir
    pkg = os.path.join(site, 'stinkytofu')
    problems = []
    ext = glob.glob(os.path.join(pkg, '_stinkytofu*.so'))
    for want in ['__init__.py', 'libstinkytofu.so']:
        if not os.path.exists(os.path.join(pkg, want)):
            problems.append('the Python package lacks %s in %s' % (want, pkg))
    if len(ext) != 1:
        return problems + ['expected one extension module in %s, found %r' % (pkg, ext)]
    env = {k: v for k, v in os.environ.items() if k not in ('LD_LIBRARY_PATH', 'PYTHONHOME')}
    env['PYTHONPATH'] = site
    code = ('import stinkytofu; print(stinkytofu.__version__); print(stinkytofu.__file__); '
            'print(stinkytofu.optimize(\'st.func @k() {\\n^e:\\n  "st.s_endpgm"()\\n}\\n\', '
            '"StinkyWaitCntInsertionPass"), end="")')
    r = run([args.python, '-c', code], env=env, cwd=dest)
    want = '%s\n%s\nst.func @k() {\n  ^e:\n    "st.s_endpgm"()\n}\n' % (
        read_version(args.build), os.path.join(pkg, '__init__.py'))
    if r.returncode != 0 or r.stdout != want:
        problems.append('importing the installed package printed %r, not %r:\n%s' % (r.stdout, want, r.stderr))
    r = run(['ldd', ext[0]], env=env)
    if r.returncode == 0 and os.path.join(pkg, 'libstinkytofu.so') not in r.stdout:
        problems.append('the extension does not load the libstinkytofu.so beside it:\n' + r.stdout)
    return problems


def read_version(build):
    r = run([os.path.join(build, 'tools', 'stinkytofu-opt', 'stinkytofu-opt'), '--version'])
    return r.stdout.split()[-1]


if __name__ == '__main__':
    sys.exit(main())
