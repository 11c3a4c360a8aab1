"""No leak of the library's memory: 1,000 parse/run/print cycles (with remarks, statistics,
views, and every error path) leave the C heap where it was after a warm-up. The heap is
read with glibc's mallinfo2(); Python's own small objects live in its arenas, outside it.
The same file runs under valgrind and ASan (docs/python.md "Checking the package")."""
import ctypes
import ctypes.util
import gc

import pytest

import stinkytofu
from conftest import EXAMPLE_S, EXAMPLE_STIR, PIPELINE, read


class Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def heap_in_use():
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    if not hasattr(libc, "mallinfo2"):
        pytest.skip("glibc without mallinfo2")
    libc.mallinfo2.restype = Mallinfo2
    gc.collect()
    info = libc.mallinfo2()
    return info.uordblks + info.hblkhd


def cycle(stir, asm):
    m = stinkytofu.parse(stir, name="k.stir")
    r = m.run(PIPELINE, verify_waits=True, remarks=True, statistics=True)
    assert r.remarks and r.statistics
    m.to_stir()
    m.to_asm(preserve_comments=True)
    for f in m.functions:
        for b in f.blocks:
            for i in b.instructions:
                i.attributes, i.operands, i.wait_counts
    assert stinkytofu.optimize(asm, PIPELINE, name="k.s")
    with pytest.raises(stinkytofu.ParseError):
        stinkytofu.parse("garbage here")
    with pytest.raises(stinkytofu.PipelineError):
        m.run("StinkyWaitCntInsertionPass{nope}")
    fresh = stinkytofu.parse(stir)
    with pytest.raises(stinkytofu.PassError):
        fresh.run("StinkyBuildImplicitDependencyPass", verify_waits=True)


def test_a_thousand_cycles_leave_the_heap_as_it_was():
    stir, asm = read(EXAMPLE_STIR), read(EXAMPLE_S)
    for _ in range(50):
        cycle(stir, asm)
    # Two windows of 500 cycles: a leak grows the heap in both, while a one-time
    # growth (an arena of the interpreter's own, a cache filling) shows in one.
    # 32 bytes leaked per cycle already fail both windows.
    grown = []
    for _ in range(2):
        before = heap_in_use()
        for _ in range(500):
            cycle(stir, asm)
        grown.append(heap_in_use() - before)
    assert min(grown) < 16 * 1024, f"the C heap grew by {grown[0]} and {grown[1]} bytes over two runs of 500 cycles"
