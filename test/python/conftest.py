"""Fixtures of the Python package's tests (docs/python.md, docs/testing.md): the source
tree, the built stinkytofu-opt (STINKYTOFU_OPT, set by meson) and the llc-compiled kernels
of test/asm/llvm/ that the tests run in-process and through the command line."""
import glob
import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PIPELINE = "StinkyRemoveWaitCntPass,StinkyBuildImplicitDependencyPass,StinkyWaitCntInsertionPass"
EXAMPLE_STIR = os.path.join(ROOT, "examples", "gemm-double-buffered.stir")
EXAMPLE_S = os.path.join(ROOT, "examples", "gemm-double-buffered.s")


def read(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


@pytest.fixture(scope="session")
def tool():
    path = os.environ.get("STINKYTOFU_OPT", os.path.join(ROOT, "build", "tools", "stinkytofu-opt", "stinkytofu-opt"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"no stinkytofu-opt at {path} (set STINKYTOFU_OPT)")
    return path


@pytest.fixture(scope="session")
def llvm_kernels():
    paths = sorted(glob.glob(os.path.join(ROOT, "test", "asm", "llvm", "*.s")))
    assert len(paths) >= 20
    return paths


def run_tool(tool, *args, input=None):
    """stinkytofu-opt's (exit status, stdout, stderr)."""
    p = subprocess.run([tool, *args], input=input, capture_output=True, text=True, errors="surrogateescape")
    return p.returncode, p.stdout, p.stderr
