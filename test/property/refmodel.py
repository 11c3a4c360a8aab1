"""Reference model for the wait property tests: a brute-force path enumerator.

It re-implements the dependency rules of docs/passes/waitcnt-validation.md in
the most direct way it can, to cross-check WaitCntValidationCheckPass: it
walks every CFG path from the entry with each back edge taken at most
`unroll` times, simulates the counters as Python lists of issued ops, and
records every (consumer, producer) pair whose producer is still in flight when
the consumer issues. Nothing is shared with the C implementation but the ISA
table (lib/isa/isa.def and include/stinkytofu/counters.def), which it reads.

The reader accepts the canonical printed .stir form (one instruction per line,
attribute dictionaries on the same line), which is what gen-kernel and
stinkytofu-opt write.
"""
import os
import re

COUNTERS = ("DS", "LOAD", "KM", "TENSOR", "ASYNC", "STORE")
WAIT_MAX_IN_FLIGHT = 64

REG_SPELLINGS = {"v": "v", "s": "s", "a": "acc", "acc": "acc", "AGPR": "acc", "m": "m", "SCC": "SCC",
                 "vcc": "vcc", "vcc_lo": "vcc_lo", "vcc_hi": "vcc_hi", "exec": "exec", "exec_lo": "exec_lo",
                 "exec_hi": "exec_hi", "src_shared_base": "src_shared_base", "LDS": "LDS"}


# ---- ISA table -------------------------------------------------------------

class Isa:
    def __init__(self, isa_def, counters_def):
        # The single-counter waits come first, one per counter row, as in
        # lib/isa/isa.c; then the rows of isa.def.
        self.rows = []
        cpat = re.compile(r'^ST_COUNTER\((\w+),\s*"[^"]*",\s*"([^"]*)",\s*"[^"]*",\s*"([^"]*)"')
        with open(counters_def) as f:
            for line in f:
                m = cpat.match(line.strip())
                if m:
                    self.rows.append((m.group(2), False, "NONE", {"WAIT"}, "SINGLE", m.group(1), m.group(3)))
        pat = re.compile(r'^ST_ISA\("([^"]*)",\s*(\w+),\s*(\w+),\s*([\w |]+),\s*(\w+),\s*(\w+)\)')
        with open(isa_def) as f:
            for line in f:
                m = pat.match(line.strip())
                if m:
                    flags = set() if m.group(4).strip() == "0" else {x.strip() for x in m.group(4).split("|")}
                    self.rows.append((m.group(1), m.group(2) == "PREFIX", m.group(3), flags, m.group(5),
                                      m.group(6), ""))
        if len(self.rows) <= len(COUNTERS):
            raise RuntimeError(f"no ISA rows in {isa_def} and {counters_def}")
        self.cache = {}

    def lookup(self, mnemonic):
        row = self.cache.get(mnemonic)
        if row is None:
            row = ("", False, "NONE", set(), "NONE", "NONE", "")
            for r in self.rows:
                if (mnemonic.startswith(r[0]) if r[1] else mnemonic == r[0]):
                    row = r
                    break
            self.cache[mnemonic] = row
        return row


def default_isa():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.join(here, "..", "..")
    return Isa(os.path.join(root, "lib", "isa", "isa.def"), os.path.join(root, "include", "stinkytofu", "counters.def"))


# ---- Reader ----------------------------------------------------------------

TOKEN = re.compile(r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<num>-?0[xX][0-9a-fA-F]+|-?[0-9]+(?:\.[0-9]*(?:[eE][+-]?[0-9]+)?)?)'
                   r'|(?P<id>[A-Za-z_^@][A-Za-z0-9_.+]*)|(?P<p>[][(){}=,:]))')


def tokenize(text):
    out, pos = [], 0
    text = re.sub(r"(#|//).*$", "", text)
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            if text[pos:].strip() == "":
                break
            raise ValueError(f"cannot tokenize: {text[pos:]!r}")
        pos = m.end()
        for kind in ("str", "num", "id", "p"):
            if m.group(kind) is not None:
                out.append((kind, m.group(kind)))
                break
    return out


class Inst:
    def __init__(self, line, name, dsts, srcs, attrs):
        self.line, self.name, self.dsts, self.srcs, self.attrs = line, name, dsts, srcs, attrs


def parse_reg(tok, toks, k):
    """A register operand starting at toks[k]; returns ((cls, lo, n), next) or (None, k)."""
    kind, text = toks[k]
    if kind != "id":
        return None, k
    if text.startswith("-"):
        text = text[1:]
    best = ""
    for sp in REG_SPELLINGS:
        if text.startswith(sp) and len(sp) > len(best):
            rest = text[len(sp):]
            if rest.isdigit() or (rest == "" and k + 1 < len(toks) and toks[k + 1][1] == "["):
                best = sp
    if not best:
        return None, k
    rest = text[len(best):]
    cls = REG_SPELLINGS[best]
    if rest:
        return (cls, int(rest), 1), k + 1
    lo = int(toks[k + 2][1])
    if toks[k + 3][1] == ":":
        hi = int(toks[k + 4][1])
        return (cls, lo, hi - lo + 1), k + 6
    return (cls, lo, 1), k + 4


def parse_value(toks, k):
    kind, text = toks[k]
    if text == "{":
        d, k = {}, k + 1
        while toks[k][1] != "}":
            name = toks[k][1]
            v, k = parse_value(toks, k + 2)
            d[name] = v
            if toks[k][1] == ",":
                k += 1
        return d, k + 1
    if text == "[":
        arr, k = [], k + 1
        while toks[k][1] != "]":
            v, k = parse_value(toks, k)
            arr.append(v)
            if toks[k][1] == ",":
                k += 1
        return arr, k + 1
    if kind == "num":
        return (int(text, 0) if re.fullmatch(r"-?(0[xX][0-9a-fA-F]+|[0-9]+)", text) else float(text)), k + 1
    if kind == "str":
        return ("str", text[1:-1]), k + 1
    return ("name", text), k + 1


def parse_operand(toks, k):
    r, nk = parse_reg(toks[k][1], toks, k)
    if r is not None:
        return ("reg",) + r, nk
    kind, text = toks[k]
    if kind == "num":
        v, nk = parse_value(toks, k)
        return ("int", v), nk
    if kind == "id" and text == "hwreg":
        depth, nk = 0, k + 1
        while True:
            if toks[nk][1] == "(":
                depth += 1
            elif toks[nk][1] == ")":
                depth -= 1
                if depth == 0:
                    return ("other", "hwreg"), nk + 1
            nk += 1
    return ("other", text), k + 1


def parse_inst(line_no, text):
    toks = tokenize(text)
    eq = next((k for k, t in enumerate(toks) if t == ("p", "=") and all(x[0] != "str" for x in toks[:k])), None)
    dsts, k = [], 0
    if eq is not None:
        while k < eq:
            op, k = parse_operand(toks, k)
            dsts.append(op)
            if toks[k][1] == ",":
                k += 1
        k = eq + 1
    name = toks[k][1][1:-1]
    if name.startswith("st."):
        name = name[3:]
    k += 1
    srcs = []
    if k < len(toks) and toks[k][1] == "(":
        k += 1
        while toks[k][1] != ")":
            op, k = parse_operand(toks, k)
            srcs.append(op)
            if toks[k][1] == ",":
                k += 1
        k += 1
    attrs = {}
    if k < len(toks) and toks[k][1] == "{":
        attrs, k = parse_value(toks, k)
    return Inst(line_no, name, dsts, srcs, attrs)


class Function:
    def __init__(self, name, line):
        self.name, self.line = name, line
        self.labels, self.insts, self.succs = [], [], []   # per block


def parse_module(text):
    funcs, f = [], None
    for n, raw in enumerate(text.split("\n"), 1):
        line = re.sub(r"(#|//).*$", "", raw).strip()
        if not line:
            continue
        m = re.match(r"st\.func\s+@([\w.]*)\(\)\s*\{", line)
        if m:
            f = Function(m.group(1), n)
            funcs.append(f)
        elif line == "}":
            f = None
        elif re.fullmatch(r"\^[\w.+]+:", line):
            f.labels.append(line[1:-1])
            f.insts.append([])
            f.succs.append([])
        elif line.startswith("Successors:"):
            f.succs[-1] = [s.strip()[1:] for s in line[len("Successors:"):].split(",")]
        elif re.fullmatch(r"[A-Za-z_][\w.]*:", line):
            pass  # in-block label
        else:
            f.insts[-1].append(parse_inst(n, line))
    return funcs


# ---- Semantics -------------------------------------------------------------

class Facts:
    """Path-independent facts of one instruction."""

    def __init__(self, isa, inst, block, stores_on_loadcnt):
        row = isa.lookup(inst.name)
        pattern, prefix, counter, flags, wform, wcounter, wfield = row
        if "RET_ATOMIC" in flags:
            counter = "LOAD" if inst.dsts else "STORE"
        if counter == "STORE" and stores_on_loadcnt:
            counter = "LOAD"
        self.inst, self.block = inst, block
        self.counter = None if counter == "NONE" else counter
        # A flat op may access LDS: it also counts on DS, out of order on both.
        self.flat = "FLAT" in flags
        barrier = "BARRIER" in flags
        fence = barrier
        if barrier and "SPLIT_BARRIER" in flags:
            ints = [o[1] for o in inst.srcs if o[0] == "int"]
            fence = bool(ints) and ints[0] == -1
        self.fence = fence
        reader = "LDS_READER" in flags
        writer = "LDS_WRITER" in flags
        self.ds_write = "DS_WRITE" in flags
        self.async_writer = "ASYNC_LDS_WRITER" in flags
        self.war_anchor = writer or self.async_writer
        self.lds_read = reader or "ASYNC_LDS_READER" in flags
        self.tensor_waw = self.ds_write or self.async_writer
        self.tensor_anchor = fence or reader or self.ds_write
        mt = inst.attrs.get("mod.memtoken")
        memtok = [t for t in (mt.get("tokens", []) if isinstance(mt, dict) else []) if isinstance(t, int) and t >= 0]
        lds_ops = [o for o in inst.srcs + inst.dsts if o[0] == "reg" and o[1] == "LDS"]
        self.tagged = mt is not None or bool(lds_ops)
        self.tokens = set(memtok)
        for o in lds_ops:
            self.tokens.update(range(o[2], o[2] + o[3]))
        uses = [(o[1], o[2] + r) for o in inst.srcs if o[0] == "reg" for r in range(o[3])]
        if reader or fence or "ASYNC_LDS_READER" in flags:
            uses += [("LDS", t) for t in memtok]
        defs = [(o[1], o[2] + r) for o in inst.dsts if o[0] == "reg" for r in range(o[3])]
        if writer or fence:
            defs += [("LDS", t) for t in memtok]
        self.uses, self.defs = list(dict.fromkeys(uses)), list(dict.fromkeys(defs))
        self.regdefs = [d for d in self.defs if d[0] != "LDS"]
        self.waits = wait_counts(inst, wform, wcounter, wfield)


def int_srcs(inst):
    return [o[1] for o in inst.srcs if o[0] == "int" and isinstance(o[1], int)]


def wait_counts(inst, form, counter, field):
    ints = int_srcs(inst)
    if form == "SINGLE":
        if ints:
            n = ints[0]
        else:
            kind = {"DS": "mod.swaitcnt", "LOAD": "mod.swaitcnt", "KM": "mod.swaitcnt",
                    "TENSOR": "mod.swaittensorcnt", "ASYNC": "mod.swaitasynccnt",
                    "STORE": "mod.swaitstorecnt"}[counter]
            d = inst.attrs.get(kind, {})
            n = d.get(field, -1) if isinstance(d, dict) else -1
            if counter == "DS" and (not isinstance(n, int) or n < 0):
                n = d.get("dscnt", -1) if isinstance(d, dict) else -1
            if not isinstance(n, int):
                n = -1
        return {counter: min(n, 0xffff)} if n >= 0 else {}
    if form == "PACKED_DS":
        if ints and ints[0] >= 0:
            return {counter: (ints[0] >> 8) & 0x3f, "DS": ints[0] & 0x3f}
        d = inst.attrs.get("mod.swaitcnt", {})
        out = {}
        m = d.get("vlcnt" if counter == "LOAD" else "vscnt", -1)
        ds = d.get("dlcnt", -1)
        if isinstance(ds, int) and ds < 0:
            ds = d.get("dscnt", -1)
        if isinstance(m, int) and m >= 0:
            out[counter] = m
        if isinstance(ds, int) and ds >= 0:
            out["DS"] = ds
        return out
    return {}


def overlap(a, b):
    return not a.tagged or not b.tagged or bool(a.tokens & b.tokens)


class Op:
    """One issue of a memory op on the current path."""
    __slots__ = ("fact", "counter", "carried")

    def __init__(self, fact, counter):
        self.fact, self.counter, self.carried = fact, counter, None


def dominators(nb, succs):
    preds = [[] for _ in range(nb)]
    for b in range(nb):
        for s in succs[b]:
            preds[s].append(b)
    reach, stack = {0}, [0]
    while stack:
        for s in succs[stack.pop()]:
            if s not in reach:
                reach.add(s)
                stack.append(s)
    dom = {b: set(reach) for b in reach}
    dom[0] = {0}
    changed = True
    while changed:
        changed = False
        for b in reach - {0}:
            ps = [dom[p] for p in preds[b] if p in reach]
            new = set.intersection(*ps) | {b} if ps else {b}
            if new != dom[b]:
                dom[b], changed = new, True
    return dom, preds, reach


class Model:
    def __init__(self, isa, func, num_waves=0, stores_on_loadcnt=False, max_in_flight=WAIT_MAX_IN_FLIGHT):
        self.f = func
        self.num_waves = num_waves
        self.cap = max_in_flight
        self.nb = len(func.labels)
        index = {l: k for k, l in enumerate(func.labels)}
        self.succs = [[index[s] for s in ss] for ss in func.succs]
        self.facts = [[Facts(isa, i, b, stores_on_loadcnt) for i in func.insts[b]] for b in range(self.nb)]
        dom, preds, reach = dominators(self.nb, self.succs)
        self.back = {}        # (u, h) -> loop body
        for u in reach:
            for h in self.succs[u]:
                if h in dom[u]:
                    body, stack = {h, u}, [u]
                    while stack:
                        x = stack.pop()
                        if x == h:
                            continue
                        for p in preds[x]:
                            if p not in body and p in reach:
                                body.add(p)
                                stack.append(p)
                    self.back[(u, h)] = body
        # Loops with one header share a body (the union), like natural loops.
        by_header = {}
        for (u, h), body in self.back.items():
            by_header.setdefault(h, set()).update(body)
        for (u, h) in self.back:
            self.back[(u, h)] = by_header[h]
        self.loop_bodies = by_header

    def loops_of(self, block):
        """The headers of the natural loops holding `block`."""
        return tuple(sorted(h for h, body in self.loop_bodies.items() if block in body))

    def step(self, state, fact, found, path):
        queues, last, writers = state
        tensor_raw = fact.fence or self.num_waves == 1

        def dep(op, rule):
            # A flat op is in flight until both of its counters let it go.
            where = [op.counter, "DS"] if op.fact.flat else [op.counter]
            if not any(x is op for c in where for x in queues[c]):
                return
            key = (fact.inst.line, op.fact.inst.line)
            carried = op.counter == "TENSOR" and op.carried is not None
            if key not in found or (found[key][0] and not carried):
                found[key] = (carried, rule, list(path))

        # WAW on registers: the newest in-flight load of another counter (or
        # any scalar load) writing the same register.
        for d in fact.regdefs:
            for c in ("DS", "LOAD", "KM"):
                op = writers.get((d, c))
                # Only DS loads land in issue order among themselves
                # (REGS_IN_ORDER in counters.def); flat ops do not.
                if c == fact.counter and c == "DS" and not fact.flat and not (op is not None and op.fact.flat):
                    continue
                if op is not None:
                    dep(op, "WAW-REG")
        for u in fact.uses:
            op = last.get(u)
            if op is None:
                continue
            if op.counter == "TENSOR" and not tensor_raw:
                continue
            dep(op, "RAW")
        if fact.war_anchor:
            for c in ("DS", "ASYNC"):
                for op in list(queues[c]):
                    # A DS write is ordered after DS ops, not after flat ones.
                    if fact.ds_write and c == "DS" and not op.fact.flat:
                        continue
                    if overlap(fact, op.fact):
                        dep(op, "WAR")
        if fact.fence:
            for c in ("DS", "ASYNC"):
                any_untagged = any(not op.fact.tagged for op in queues[c])
                for op in list(queues[c]):
                    if not fact.tagged or any_untagged or overlap(fact, op.fact):
                        dep(op, "BARRIER")
        if fact.lds_read:
            for op in list(queues["ASYNC"]):
                if op.fact.async_writer and overlap(fact, op.fact):
                    dep(op, "ASYNC-RAW")
        if fact.tensor_waw and tensor_raw:
            for op in list(queues["TENSOR"]):
                if overlap(fact, op.fact):
                    dep(op, "WAW")
        if fact.tensor_anchor:
            for op in list(queues["TENSOR"]):
                if not fact.tagged or not op.fact.tagged:
                    dep(op, "CONSERVATIVE")
        # Effects.
        for c, n in fact.waits.items():
            if c not in queues:
                continue  # s_wait_xcnt: the enumerator models no address translations
            q = queues[c]
            if c == "KM":
                if n == 0:
                    q.clear()
            else:
                # An ordered op leaves once more than n ordered ops are in
                # flight from it on; a flat op only with a wait of 0.
                keep, ordered = [], 0
                for op in reversed(q):
                    if op.fact.flat:
                        if n > 0:
                            keep.append(op)
                    else:
                        ordered += 1
                        if ordered <= n:
                            keep.append(op)
                q[:] = list(reversed(keep))
        for d in fact.defs:
            last[d] = None
        if fact.counter:
            op = Op(fact, fact.counter)
            for c in ([fact.counter, "DS"] if fact.flat else [fact.counter]):
                q = queues[c]
                q.append(op)
                if len(q) > self.cap:
                    del q[0]
            for d in fact.defs:
                last[d] = op
            if fact.counter in ("DS", "LOAD", "KM"):
                for d in fact.regdefs:
                    writers[(d, fact.counter)] = op

    def enumerate(self, unroll=2, max_paths=200000):
        """All (consumer line, producer line) -> (loop-carried only, rule, path)
        over paths taking each back edge at most `unroll` times. Returns
        (found, complete) where complete is False if max_paths was hit."""
        found = {}
        budget = [max_paths]

        def copy(state):
            queues, last, writers = state
            # Ops are shared between copies: only `carried` is mutated, and a
            # crossing copies the op first (see below).
            return {c: list(q) for c, q in queues.items()}, dict(last), dict(writers)

        def walk(b, state, counts, path):
            if budget[0] <= 0:
                return
            budget[0] -= 1
            path.append(self.f.labels[b])
            for fact in self.facts[b]:
                self.step(state, fact, found, path)
            for s in self.succs[b]:
                edge = (b, s)
                nstate = copy(state)
                if edge in self.back:
                    if counts.get(edge, 0) >= unroll:
                        continue
                    body = self.back[edge]
                    queues, last, _ = nstate
                    q = queues["TENSOR"]
                    for k, op in enumerate(q):
                        if op.carried is None and op.fact.block in body:
                            nop = Op(op.fact, op.counter)
                            nop.carried = edge
                            q[k] = nop
                            for key, v in list(last.items()):
                                if v is op:
                                    last[key] = nop
                    counts[edge] = counts.get(edge, 0) + 1
                    walk(s, nstate, counts, path)
                    counts[edge] -= 1
                else:
                    walk(s, nstate, counts, path)
            path.pop()

        walk(0, ({c: [] for c in COUNTERS}, {}, {}), {}, [])
        return found, budget[0] > 0
