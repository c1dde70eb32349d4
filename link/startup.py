#!/usr/bin/env python3
"""Writes link/startup.ld, the linker script that places the functions a
small command runs together (build.rs, issue 31 item 6).

Usage, from the repository root, after `cargo build --release`:

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.check \
        target/release/relic check boards/classic-7x7.gbf
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.solve \
        target/release/relic solve SMALL.gbf
    python3 link/startup.py /tmp/cg.check /tmp/cg.solve > link/startup.ld

It reads every function the runs entered (mangled Rust names `_R...` and
`_ZN...`, and plain symbols such as `main`),
in the order first seen, and writes one input-section pattern per function
with its hashes made wildcards: legacy names' `17h<hash>E`, v0 names'
crate disambiguators (`Cs<hash>_`) and back-references (`B<n>_`, which
shift when a hash's length does), and LLVM's `.llvm.<n>` suffixes. A pattern that matches nothing in a build
(a function since renamed or inlined) costs nothing.
"""

import re
import sys

FN = re.compile(r"^c?fn=\(\d+\)(?: (\S+))?")
SYMBOL = re.compile(r"^[A-Za-z_][A-Za-z0-9_.$]*$")


def functions(path):
    """The mangled Rust names callgrind's output at `path` names, in order."""
    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            match = FN.match(line)
            name = match and match.group(1) and match.group(1).split("'")[0]
            if name and SYMBOL.match(name):
                yield name


def pattern(name):
    """`name` with its hashes as wildcards."""
    name = re.sub(r"\.llvm\.\d+$", "", name)
    if name.startswith("_R"):
        name = re.sub(r"Cs[0-9A-Za-z]+_", "Cs*_", name)
        name = re.sub(r"B[0-9A-Za-z]*_", "B*_", name)
    elif name.startswith("_ZN"):
        name = re.sub(r"17h[0-9a-f]{16}E$", "17h*E", name)
    else:
        return name
    return name + "*"


def main(paths):
    seen = []
    for path in paths:
        for name in functions(path):
            p = pattern(name)
            if p not in seen:
                seen.append(p)
    print("/* The functions a small command runs (`relic check BOARD`, `relic solve`")
    print("   on a small board), placed together before the rest of the code so")
    print("   that a start-up touches a few pages of it. Written by link/startup.py")
    print("   from callgrind runs of a release build; read by the linker through")
    print("   build.rs (issue 31 item 6). */")
    print("SECTIONS {")
    print("  .text.relic-startup : {")
    for p in seen:
        # LLVM puts functions it finds cold (`#[cold]`, error paths) in
        # `.text.unlikely.NAME`.
        print(f"    *(.text.{p} .text.unlikely.{p})")
    print("  }")
    print("}")
    print("INSERT BEFORE .text;")


if __name__ == "__main__":
    main(sys.argv[1:])
