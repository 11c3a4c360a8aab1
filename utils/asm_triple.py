#!/usr/bin/env python3
"""The llvm-mc triple an AMDGPU assembly file is written for, from the target
directive it declares: llc -mtriple=amdgcn-amd-amdhsa writes
`.amdgcn_target "amdgcn-amd-amdhsa--gfx1250"`, llc -mtriple=amdgcn (graphics
shaders) `.amd_amdgpu_isa "amdgcn----gfx1250"`, which only -triple=amdgcn
accepts. A file that declares neither is assembled for amdgcn-amd-amdhsa.

usage: asm_triple.py FILE.s   (prints the triple; imported by compare-llvm and
                               check-asm-files, run by test/asm/llvm/regen)
"""
import re
import sys

DEFAULT = "amdgcn-amd-amdhsa"
TARGET = re.compile(rb'^\s*\.(?:amdgcn_target|amd_amdgpu_isa)\s+"([^"]*)"', re.M)


def triple(text):
    """The triple of assembly `text` (bytes or str)."""
    if isinstance(text, str):
        text = text.encode()
    m = TARGET.search(text)
    if not m:
        return DEFAULT
    # "amdgcn-amd-amdhsa--gfx1250" -> "amdgcn-amd-amdhsa"; "amdgcn----gfx1250" -> "amdgcn"
    return m.group(1).decode().rsplit("-", 1)[0].rstrip("-") or DEFAULT


def triple_of(path):
    with open(path, "rb") as f:
        return triple(f.read())


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: asm_triple.py FILE.s")
    print(triple_of(sys.argv[1]))
