"""What the test scripts in utils/ share about .stir test files: finding them
and cutting them at --split-input-file markers (`// -----`), the way
stinkytofu-opt cuts its input."""
import os
import re

SPLIT_MARKER = re.compile(r'^\s*(//|#) -----\s*$')


def stir_files(paths):
    """The files named in `paths` and the .stir files below its directories,
    in a stable (sorted) order."""
    files = []
    for p in paths:
        if os.path.isfile(p):
            files.append(p)
            continue
        for root, dirs, names in os.walk(p):
            dirs.sort()
            files += [os.path.join(root, n) for n in sorted(names) if n.endswith('.stir')]
    return files


def split_chunks(text):
    """The chunks of `text` between split markers (the whole text when it has none)."""
    out, cur = [], []
    for line in text.splitlines(keepends=True):
        if SPLIT_MARKER.match(line):
            out.append(''.join(cur))
            cur = []
        else:
            cur.append(line)
    out.append(''.join(cur))
    return out
