"""StinkyTofu for Python: read gfx1250 kernels, run the stinkytofu-opt passes in-process,
take the .stir or assembly text back (docs/python.md).

    import stinkytofu
    asm = stinkytofu.optimize(kernel_s, "StinkyRemoveWaitCntPass,StinkyBuildImplicitDependencyPass,"
                              "StinkyWaitCntInsertionPass", name="kernel.s", verify_waits=True)

The passes, their options and every message are the command line's: a pipeline string is
what --pass-pipeline takes, and a Diagnostic prints as stinkytofu-opt prints it. The
library runs without the GIL, so threads working on different Modules run in parallel.
"""

from ._stinkytofu import Block, Function, Instruction, Module, __version__, parse
from . import _stinkytofu

__all__ = [
    "__version__", "parse", "optimize", "Module", "Function", "Block", "Instruction",
    "Diagnostic", "RunResult", "Error", "ParseError", "PipelineError", "PassError",
]


class Diagnostic:
    """One diagnostic of the library: an error, warning, note or remark.

    ``severity`` is "error", "warning", "note" or "remark"; ``file``, ``line`` and ``column``
    locate it (``line`` and ``column`` are None, and ``file`` may be None, for one about no
    line of the input, such as an unknown pass); ``message`` is the text after the
    severity. ``str(d)`` is the line stinkytofu-opt prints: ``file:line:col: error: message``.
    """

    __slots__ = ("severity", "file", "line", "column", "message", "_text")

    def __init__(self, severity, file, line, column, message, text):
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self._text = text

    def __str__(self):
        return self._text

    def __repr__(self):
        return f"<stinkytofu.Diagnostic {self._text!r}>"

    def __eq__(self, other):
        return isinstance(other, Diagnostic) and self._text == other._text and self.severity == other.severity

    def __hash__(self):
        return hash(self._text)


class RunResult:
    """What Module.run() reports besides the changed module.

    ``remarks``: the passes' remarks as Diagnostic objects (with ``remarks=True``; else []);
    ``statistics``: {pass name: {statistic: value}} (with ``statistics=True``; else {}), the
    counters of --pass-statistics, summed over the runs of a pass that appears twice;
    ``diagnostics``: the warnings (and their notes) the run reported.
    """

    __slots__ = ("remarks", "statistics", "diagnostics")

    def __init__(self, remarks, statistics, diagnostics):
        self.remarks = remarks
        self.statistics = statistics
        self.diagnostics = diagnostics

    def __repr__(self):
        return (f"<stinkytofu.RunResult {len(self.remarks)} remarks, {len(self.diagnostics)} diagnostics, "
                f"statistics of {len(self.statistics)} passes>")


class Error(Exception):
    """The base of the package's errors. ``diagnostics`` is the list of every Diagnostic the
    failed step reported (errors, then warnings and notes, in order); the message is the
    first line of each error."""

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


class ParseError(Error):
    """parse() failed: the text does not read as .stir or assembly, or the IR verifier or
    the CFG check rejected it."""


class PipelineError(Error):
    """Module.run() was given a pipeline with an unknown pass or option (the message has the
    command line's "did you mean" suggestion) or a bad option value. No pass ran."""


class PassError(Error):
    """A pass, the IR verifier after it, or the wait validator (verify_waits) failed. The
    Module keeps what the passes changed before the failure and can still be printed or run."""


_stinkytofu._bind(Diagnostic, RunResult, ParseError, PipelineError, PassError)

_PARSE_OPTIONS = ("format", "name", "arch")
_RUN_OPTIONS = ("num_waves", "verify_waits", "strict", "remarks", "statistics")


def optimize(text, pipeline, *, emit=None, preserve_comments=False, **options):
    """Parses ``text``, runs ``pipeline`` on it and returns the printed result, in one call.

    ``emit`` is "stir", "asm", or None for the input's own format (assembly for .s input,
    so a generator gets its kernel back as assembly). ``options`` are parse()'s ``format``,
    ``name`` and ``arch`` and Module.run()'s ``num_waves``, ``verify_waits``, ``strict``,
    ``remarks`` and ``statistics``; ``preserve_comments`` is to_asm()'s. Raises what parse()
    and run() raise.
    """
    unknown = sorted(set(options) - set(_PARSE_OPTIONS) - set(_RUN_OPTIONS))
    if unknown:
        raise TypeError(f"optimize() got an unexpected keyword argument {unknown[0]!r}")
    if emit not in (None, "stir", "asm"):
        raise ValueError(f"emit is 'stir', 'asm' or None (the input's format), not {emit!r}")
    module = parse(text, **{k: v for k, v in options.items() if k in _PARSE_OPTIONS})
    module.run(pipeline, **{k: v for k, v in options.items() if k in _RUN_OPTIONS})
    if emit == "asm" or (emit is None and module.format == "s"):
        return module.to_asm(preserve_comments=preserve_comments)
    return module.to_stir()
