"""The examples of docs/python.md run: the double-buffered generator (its listing in the docs is
the file, so the docs cannot drift from what is tested) and the multiprocessing.Pool build
over a few kernels, whose outputs are stinkytofu-opt's bytes."""
import os
import re
import shutil
import subprocess
import sys

import pytest

from conftest import PIPELINE, ROOT, read, run_tool

EXAMPLES = os.path.join(ROOT, "examples", "python")


def run_example(name, *args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], capture_output=True, text=True,
                          env=env)


def test_the_docs_show_the_generator_as_it_is():
    docs = read(os.path.join(ROOT, "docs", "python.md"))
    listing = re.search(r"<!-- examples/python/double_buffered.py -->\n```python\n(.*?)```\n", docs, re.S)
    assert listing, "docs/python.md lacks the listing of examples/python/double_buffered.py"
    assert listing.group(1) == read(os.path.join(EXAMPLES, "double_buffered.py"))


def test_the_generator_writes_a_validated_kernel(tmp_path, tool):
    out = tmp_path / "gen.s"
    p = run_example("double_buffered.py", str(out), "--loads", "6")
    assert p.returncode == 0, p.stderr
    asm = out.read_text()
    assert re.search(r"^  s_wait_dscnt 0x0$", asm, re.M) and re.search(r"^  s_wait_tensorcnt 0x1$", asm, re.M)
    assert re.match(r"\S+: \d+ waits, \d+ dependencies checked by the validator", p.stdout)
    # The command line's validator agrees, on the file as written.
    status, _, err = run_tool(tool, str(out), "--pass-pipeline=WaitCntValidationCheckPass", "--no-print-output")
    assert status == 0, err
    mc = shutil.which("llvm-mc-22")
    if mc:
        r = subprocess.run([mc, "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1250", "-filetype=obj", str(out), "-o",
                            str(tmp_path / "gen.o")], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr


def test_the_pool_example_optimizes_a_kernel_set(tmp_path, tool, llvm_kernels):
    kernels = llvm_kernels[:4] + [os.path.join(ROOT, "examples", "gemm-double-buffered.stir")]
    p = run_example("pool.py", str(tmp_path), *kernels, "--jobs", "2")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[-1] == f"{len(kernels)} of {len(kernels)} kernels optimized"
    for path in kernels:
        flags = ["--emit-asm"] if path.endswith(".s") else []
        _, expected, _ = run_tool(tool, path, "--pass-pipeline=" + PIPELINE, "--verify-waits", *flags)
        assert read(tmp_path / os.path.basename(path)) == expected, path


def test_the_pool_example_reports_a_bad_kernel(tmp_path):
    bad = tmp_path / "bad.stir"
    bad.write_text("garbage\n")
    p = run_example("pool.py", str(tmp_path / "out"), str(bad))
    assert p.returncode == 1
    assert f"{bad}: {bad}:1:1: error:" in p.stdout and "0 of 1 kernels optimized" in p.stdout
