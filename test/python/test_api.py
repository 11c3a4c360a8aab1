"""Every function, class and exception of the stinkytofu package (docs/python.md), each error
path included, checked against what stinkytofu-opt does with the same input and flags."""
import gc
import os
import re
import subprocess
import sys

import pytest

import stinkytofu
from conftest import EXAMPLE_S, EXAMPLE_STIR, PIPELINE, read, run_tool

SMALL = """st.func @k() {
^entry:
  v[0:3] = "st.ds_load_b128"(v8) { mod.memtoken = { tokens = [0] } }
  v4 = "st.v_add_f32"(v0, 0x3f800000) { issueCycles = 4, note = "a", ok = true, f = 1.5, ids = [1, 2] }
  SCC0 = "st.s_cmp_eq_u32"(s0, 0)
  "st.s_cbranch_scc1"("exit", SCC0)
  Successors: ^exit, ^next
^next:
  "st.s_wait_loadcnt_dscnt"(0x102)
  "st.s_branch"("exit")
  Successors: ^exit
^exit:
  "st.s_endpgm"()
}
"""


# parse()

def test_parse_reads_stir_by_default_and_assembly_by_name_or_format():
    m = stinkytofu.parse(read(EXAMPLE_STIR))
    assert (m.format, m.name) == ("stir", "<input>")
    assert stinkytofu.parse(read(EXAMPLE_S), name="k.s").format == "s"
    assert stinkytofu.parse(read(EXAMPLE_S), name="k.asm").format == "s"
    assert stinkytofu.parse(read(EXAMPLE_S), format="s").format == "s"
    assert stinkytofu.parse(read(EXAMPLE_STIR), name="k.s", format="stir").format == "stir"
    assert stinkytofu.parse(read(EXAMPLE_STIR).encode()).to_stir() == stinkytofu.parse(read(EXAMPLE_STIR)).to_stir()


def test_parse_rejects_bad_arguments():
    with pytest.raises(ValueError, match="unsupported target 'gfx950' \\(supported: gfx1250\\)"):
        stinkytofu.parse(SMALL, arch="gfx950")
    with pytest.raises(ValueError, match="format is 'stir', 's' or None"):
        stinkytofu.parse(SMALL, format="ll")
    with pytest.raises(TypeError, match="str or bytes"):
        stinkytofu.parse(42)
    with pytest.raises(TypeError):
        stinkytofu.parse(SMALL, "stir")  # format is keyword-only


def test_parse_error_has_every_diagnostic_as_the_command_line_prints_them(tool, tmp_path):
    bad = tmp_path / "bad.stir"
    bad.write_text("garbage here\n%v = \"st.v_mov_b32\"(v0)\n")
    status, _, err = run_tool(tool, str(bad))
    assert status == 1
    with pytest.raises(stinkytofu.ParseError) as e:
        stinkytofu.parse(bad.read_text(), name=str(bad))
    diags = e.value.diagnostics
    cli_lines = [line for line in err.splitlines() if line.startswith(str(bad) + ":")]
    assert [str(d) for d in diags] == cli_lines and len(diags) >= 2
    d = diags[0]
    assert (d.severity, d.file, d.line, d.column) == ("error", str(bad), 1, 1)
    assert str(d) == f"{bad}:1:1: error: {d.message}"
    assert str(e.value).split("\n") == cli_lines
    assert isinstance(e.value, stinkytofu.Error)


def test_parse_error_of_assembly_and_of_the_checks_after_parsing(tool, tmp_path):
    with pytest.raises(stinkytofu.ParseError) as e:
        stinkytofu.parse("  v_mov_b32 v[3:1], v0\n  s_endpgm\n", name="bad.s")
    assert e.value.diagnostics[0].severity == "error" and e.value.diagnostics[0].line == 1
    # The verifier runs after parsing, as on the command line: a successor that is no block.
    text = 'st.func @f() {\n^a:\n  "st.s_branch"("b")\n  Successors: ^b\n}\n'
    path = tmp_path / "succ.stir"
    path.write_text(text)
    status, _, err = run_tool(tool, str(path))
    with pytest.raises(stinkytofu.ParseError) as e:
        stinkytofu.parse(text, name=str(path))
    assert status == 1 and str(e.value.diagnostics[0]) == err.splitlines()[0]


def test_warnings_of_reading_are_the_modules_diagnostics(tool, tmp_path):
    path = tmp_path / "unknown.stir"
    path.write_text('v0 = "st.v_mov_b3"(v1)\n"st.s_endpgm"()\n')
    _, _, err = run_tool(tool, str(path))
    m = stinkytofu.parse(path.read_text(), name=str(path))
    assert [str(d) for d in m.diagnostics] == [err.splitlines()[0]]
    assert m.diagnostics[0].severity == "warning"
    assert stinkytofu.parse(SMALL).diagnostics == []


# Module.run()

def test_run_gives_the_command_lines_statistics_and_remarks(tool):
    m = stinkytofu.parse(read(EXAMPLE_STIR), name=EXAMPLE_STIR)
    r = m.run(PIPELINE, verify_waits=True, remarks=True, statistics=True)
    _, _, err = run_tool(tool, EXAMPLE_STIR, "--pass-pipeline=" + PIPELINE, "--verify-waits", "--remarks",
                         "--pass-statistics", "-o", os.devnull)
    stats, pass_name = {}, None
    for line in err.splitlines():
        row = re.fullmatch(r"  \(S\) (-?\d+) (\S+)", line)
        if row:
            stats.setdefault(pass_name, {})[row.group(2)] = int(row.group(1))
        elif re.fullmatch(r"\w+", line):
            pass_name = line
    assert r.statistics == stats and r.statistics["StinkyWaitCntInsertionPass"]["inserted-dscnt-waits"] > 0
    assert [str(d) for d in r.remarks] == [line for line in err.splitlines() if ": remark: " in line]
    assert r.remarks and all(d.severity == "remark" for d in r.remarks)
    assert r.diagnostics == []
    quiet = stinkytofu.parse(read(EXAMPLE_STIR)).run(PIPELINE)
    assert (quiet.remarks, quiet.statistics, quiet.diagnostics) == ([], {}, [])
    assert "RunResult" in repr(r)


def test_run_options_are_the_command_lines(tool):
    text = read(EXAMPLE_STIR)
    for kw, flags in [({"num_waves": 1}, ["--NumWaves=1"]),
                      ({"verify_waits": True, "strict": True}, ["--verify-waits=strict"]),
                      ({}, [])]:
        m = stinkytofu.parse(text, name=EXAMPLE_STIR)
        m.run(PIPELINE + ",StinkyWaitCntInsertionPass{noPromotion}", **kw)
        _, out, _ = run_tool(tool, EXAMPLE_STIR, "--pass-pipeline=" + PIPELINE + ",StinkyWaitCntInsertionPass{noPromotion}",
                             *flags)
        assert m.to_stir() == out


TENSOR_THEN_READ = """st.func @tensor_then_read() {
^entry:
  "st.tensor_load_to_lds"(s[0:3], s[4:11]) { mod.memtoken = { tokens = [0] } }
  "st.tensor_load_to_lds"(s[0:3], s[12:19]) { mod.memtoken = { tokens = [1] } }
  v[0:3] = "st.ds_load_b128"(v8) { mod.memtoken = { tokens = [0] } }
  "st.s_barrier"() { mod.memtoken = { tokens = [1] } }
  "st.s_endpgm"()
}
"""


def test_num_waves_is_the_wave_count_of_the_command_line(tool):
    # With one wave the ds_load waits for the tensor load that fills its LDS; with many
    # waves only the barrier does (test/lit/transforms/waitcnt-insertion/numwaves.stir).
    pipeline = "StinkyBuildImplicitDependencyPass,StinkyWaitCntInsertionPass"
    one = stinkytofu.optimize(TENSOR_THEN_READ, pipeline, num_waves=1, verify_waits=True)
    many = stinkytofu.optimize(TENSOR_THEN_READ, pipeline, verify_waits=True)
    _, cli_one, _ = run_tool(tool, "-", "--NumWaves=1", "--pass-pipeline=" + pipeline, "--verify-waits",
                             input=TENSOR_THEN_READ)
    assert one == cli_one and one != many
    assert '"st.s_wait_tensorcnt"(1)' in one and '"st.s_wait_tensorcnt"(1)' not in many


def test_run_rejects_bad_arguments():
    m = stinkytofu.parse(SMALL)
    with pytest.raises(ValueError, match="num_waves"):
        m.run("", num_waves=-1)
    with pytest.raises(ValueError, match="num_waves"):
        m.run("", num_waves=1025)
    with pytest.raises(ValueError, match="strict=True"):
        m.run("", strict=True)
    with pytest.raises(TypeError):
        m.run(None)
    with pytest.raises(TypeError):
        m.run("", True)  # options are keyword-only


@pytest.mark.parametrize("pipeline", [
    "StinkyWaitCntInsertionPas",
    "StinkyWaitCntInsertionPass{enableLoopCarriedTokenDep}",
    "WaitCntValidationCheckPass{stateBound=lots}",
    "WaitCntValidationCheckPass{stateBound=0}",
    "StinkyWaitCntInsertionPass{",
])
def test_pipeline_errors_are_the_command_lines(tool, pipeline):
    m = stinkytofu.parse(read(EXAMPLE_STIR))
    before = m.to_stir()
    status, _, err = run_tool(tool, EXAMPLE_STIR, "--pass-pipeline=" + pipeline)
    with pytest.raises(stinkytofu.PipelineError) as e:
        m.run(pipeline)
    cli = [line for line in err.splitlines() if line != "stinkytofu-opt: see --help for usage"]
    assert status == 2 and [str(d) for d in e.value.diagnostics] == cli
    assert str(e.value) == cli[0]
    assert e.value.diagnostics[0].file is None and e.value.diagnostics[0].line is None
    assert m.to_stir() == before  # nothing ran


def test_unknown_pass_error_suggests_the_name():
    with pytest.raises(stinkytofu.PipelineError, match="did you mean 'StinkyWaitCntInsertionPass'"):
        stinkytofu.parse(SMALL).run("StinkyWaitCntInsertionPas")


def test_validator_failure_is_a_pass_error_and_the_module_stays_usable(tool):
    m = stinkytofu.parse(read(EXAMPLE_STIR), name=EXAMPLE_STIR)
    status, _, err = run_tool(tool, EXAMPLE_STIR, "--pass-pipeline=StinkyBuildImplicitDependencyPass", "--verify-waits")
    with pytest.raises(stinkytofu.PassError) as e:
        m.run("StinkyBuildImplicitDependencyPass", verify_waits=True)
    errors = [d for d in e.value.diagnostics if d.severity == "error"]
    assert status == 1 and errors
    assert [str(d) for d in e.value.diagnostics] == [line for line in err.splitlines() if re.match(r"\S+: \w+: ", line)]
    # The module is what the passes left, and runs again.
    assert "LDS0" in m.to_stir()
    m.run("StinkyWaitCntInsertionPass", verify_waits=True)
    assert any(i.is_wait for f in m.functions for b in f.blocks for i in b.instructions)


def test_a_failing_pass_is_a_pass_error(tool):
    status, _, err = run_tool(tool, EXAMPLE_STIR, "--StinkyWaitCntInsertionPass")
    with pytest.raises(stinkytofu.PassError) as e:
        stinkytofu.parse(read(EXAMPLE_STIR), name=EXAMPLE_STIR).run("StinkyWaitCntInsertionPass")
    assert status == 1 and str(e.value).split("\n")[0] == err.splitlines()[0]


# Printing

def test_to_stir_and_to_asm_are_the_bytes_of_the_command_line(tool, llvm_kernels):
    for path in llvm_kernels + [EXAMPLE_S]:
        text = read(path)
        assert stinkytofu.parse(text, name=path).to_asm() == text  # every untouched line kept
        m = stinkytofu.parse(text, name=path)
        m.run(PIPELINE, verify_waits=True)
        _, asm, _ = run_tool(tool, path, "--pass-pipeline=" + PIPELINE, "--verify-waits", "--emit-asm")
        _, stir, _ = run_tool(tool, path, "--pass-pipeline=" + PIPELINE, "--verify-waits")
        assert m.to_asm() == asm, path
        assert m.to_stir() == stir, path
    _, commented, _ = run_tool(tool, EXAMPLE_STIR, "--pass-pipeline=" + PIPELINE, "--emit-asm", "--preserve-comments")
    m = stinkytofu.parse(read(EXAMPLE_STIR))
    m.run(PIPELINE)
    assert m.to_asm(preserve_comments=True) == m.to_asm(True) == commented != m.to_asm()
    with pytest.raises(TypeError):
        m.to_asm(True, False)


def test_bytes_that_are_not_utf8_come_back_unchanged():
    text = read(EXAMPLE_S).encode() + b"// \xff\xfe not UTF-8\n"
    out = stinkytofu.parse(text, name="k.s").to_asm()
    assert out.encode("utf-8", "surrogateescape") == text


# optimize()

def test_optimize_prints_in_the_inputs_format_or_as_asked(tool):
    s, stir = read(EXAMPLE_S), read(EXAMPLE_STIR)
    _, asm_out, _ = run_tool(tool, EXAMPLE_S, "--pass-pipeline=" + PIPELINE, "--emit-asm")
    assert stinkytofu.optimize(s, PIPELINE, name=EXAMPLE_S) == asm_out
    assert stinkytofu.optimize(s, PIPELINE, format="s") == asm_out
    assert stinkytofu.optimize(stir, PIPELINE).startswith("#") is False
    _, stir_asm, _ = run_tool(tool, EXAMPLE_STIR, "--pass-pipeline=" + PIPELINE, "--emit-asm")
    assert stinkytofu.optimize(stir, PIPELINE, emit="asm") == stir_asm
    _, s_stir, _ = run_tool(tool, EXAMPLE_S, "--pass-pipeline=" + PIPELINE)
    assert stinkytofu.optimize(s, PIPELINE, name=EXAMPLE_S, emit="stir") == s_stir
    _, commented, _ = run_tool(tool, EXAMPLE_STIR, "--pass-pipeline=" + PIPELINE, "--emit-asm", "--preserve-comments")
    assert stinkytofu.optimize(stir, PIPELINE, emit="asm", preserve_comments=True) == commented
    with pytest.raises(ValueError, match="emit"):
        stinkytofu.optimize(stir, PIPELINE, emit="dot")
    with pytest.raises(TypeError, match="num_wave"):
        stinkytofu.optimize(stir, PIPELINE, num_wave=1)
    with pytest.raises(stinkytofu.PipelineError):
        stinkytofu.optimize(stir, "Nope")
    with pytest.raises(stinkytofu.ParseError):
        stinkytofu.optimize("garbage", PIPELINE)


# Views

def test_views_show_the_ir():
    m = stinkytofu.parse(SMALL)
    (f,) = m.functions
    assert (f.name, f.is_kernel) == ("k", True)
    assert [b.label for b in f.blocks] == ["entry", "next", "exit"]
    entry, nxt, exit_ = f.blocks
    assert entry.successors == ["exit", "next"] and nxt.successors == ["exit"] and exit_.successors == []
    load, add, cmp, br = entry.instructions
    assert (load.mnemonic, load.results, load.operands) == ("ds_load_b128", ["v[0:3]"], ["v8"])
    assert load.attributes == {"mod.memtoken": {"tokens": [0]}}
    assert add.operands == ["v0", "0x3f800000"]
    assert add.attributes == {"issueCycles": 4, "note": "a", "ok": True, "f": 1.5, "ids": [1, 2]}
    assert (load.line, add.line, br.line) == (3, 4, 6)
    assert not load.is_wait and load.wait_counts == {}
    wait = nxt.instructions[0]
    assert wait.is_wait and wait.wait_counts == {"loadcnt": 1, "dscnt": 2}
    assert "s_wait_loadcnt_dscnt" in repr(wait) and "'^entry'" in repr(entry) and "'k'" in repr(f)


def test_views_of_assembly_and_inserted_waits(llvm_kernels):
    path = [p for p in llvm_kernels if p.endswith("call-function.s")][0]
    m = stinkytofu.parse(read(path), name=path)
    kinds = {f.name: f.is_kernel for f in m.functions}
    assert True in kinds.values() and False in kinds.values()
    m.run(PIPELINE)
    waits = [i for f in m.functions for b in f.blocks for i in b.instructions if i.is_wait]
    # (s_wait_xcnt's counter is not modelled: its counts are not known)
    assert waits and all(w.wait_counts for w in waits if w.mnemonic != "s_wait_xcnt")
    assert all(isinstance(w.line, int) for w in waits)  # placed at the line of what they guard


def test_a_view_keeps_its_module_alive():
    m = stinkytofu.parse(SMALL)
    inst = m.functions[0].blocks[0].instructions[0]
    block = m.functions[0].blocks[2]
    del m
    gc.collect()
    assert inst.mnemonic == "ds_load_b128" and inst.results == ["v[0:3]"]
    assert block.label == "exit"


def test_views_after_a_run_describe_the_changed_ir():
    m = stinkytofu.parse(read(EXAMPLE_STIR))
    loop = [b for b in m.functions[0].blocks if b.label == "loop"][0]
    before = len(loop.instructions)
    first = loop.instructions[0]
    m.run(PIPELINE)
    assert len(loop.instructions) > before
    assert first.mnemonic  # still readable


def test_views_cannot_be_made_or_changed_from_python():
    m = stinkytofu.parse(SMALL)
    for cls in (stinkytofu.Module, stinkytofu.Function, stinkytofu.Block, stinkytofu.Instruction):
        with pytest.raises(TypeError):
            cls()
    with pytest.raises(AttributeError):
        m.functions[0].name = "x"


# The rest of the package

def test_version_is_the_librarys(tool):
    _, out, _ = run_tool(tool, "--version")
    assert out.split()[-1] == stinkytofu.__version__


def test_diagnostic_equality_and_repr():
    a = stinkytofu.Diagnostic("error", "f", 1, 2, "m", "f:1:2: error: m")
    b = stinkytofu.Diagnostic("error", "f", 1, 2, "m", "f:1:2: error: m")
    assert a == b and hash(a) == hash(b) and a != "f:1:2: error: m"
    assert repr(a) == "<stinkytofu.Diagnostic 'f:1:2: error: m'>"


def test_every_api_name_has_a_docstring():
    names = ["parse", "optimize", "Module", "Function", "Block", "Instruction", "Diagnostic", "RunResult",
             "Error", "ParseError", "PipelineError", "PassError"]
    members = {
        "Module": ["run", "to_stir", "to_asm", "functions", "name", "format", "diagnostics"],
        "Function": ["name", "is_kernel", "blocks"],
        "Block": ["label", "successors", "instructions"],
        "Instruction": ["mnemonic", "results", "operands", "attributes", "line", "is_wait", "wait_counts"],
    }
    assert stinkytofu.__doc__
    for n in names:
        obj = getattr(stinkytofu, n)
        assert obj.__doc__ and obj.__doc__.strip(), n
        assert n in stinkytofu.__all__
        for member in members.get(n, []):
            assert getattr(obj, member).__doc__.strip(), f"{n}.{member}"


OUT_OF_MEMORY = """
import contextlib, sys
import pytest
import stinkytofu
ext = stinkytofu._stinkytofu
text, pipeline = open(sys.argv[1]).read(), sys.argv[2]


@contextlib.contextmanager
def allocation_fails(n):
    # The library's n-th allocation in this thread fails inside the block, which must
    # raise MemoryError.
    ext._fail_allocation_at(n)
    try:
        with pytest.raises(MemoryError):
            yield
    finally:
        ext._fail_allocation_at(0)


ext._fail_allocation_at(1 << 40)
stinkytofu.parse(text)
count = ext._allocation_count()
ext._fail_allocation_at(0)
assert count > 3
for n in (1, count // 2, count):
    with allocation_fails(n):
        stinkytofu.parse(text)
m = stinkytofu.parse(text)
with allocation_fails(count):
    m.run(pipeline)
with pytest.raises(RuntimeError, match="unusable"):
    m.to_stir()
with pytest.raises(RuntimeError, match="unusable"):
    m.functions
assert stinkytofu.optimize(text, pipeline)  # the library still works
print("ok")
"""


def test_out_of_memory_in_the_library_raises_memory_error():
    # In a process of its own: what the failed calls had allocated is lost by design, and
    # must not count as a leak of this one (utils/python-memcheck).
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    p = subprocess.run([sys.executable, "-c", OUT_OF_MEMORY, EXAMPLE_STIR, PIPELINE], capture_output=True, text=True,
                       env=env)
    assert p.returncode == 0 and p.stdout == "ok\n", p.stderr
