#!/usr/bin/env python3
"""sizes.py [SRC-DIR] -- the sizes STYLE.md allows (issue 25): no .c file
under src/ over 1,000 lines, no function over 80 lines, a function's
body counted from its opening brace to its closing one.  Tables (an
initialiser at file scope) are data, not functions, and are not counted.
Prints one line a problem; exit 1 if any."""
import os
import re
import sys

MAX_FILE = 1000
MAX_FUNC = 80
# A definition starts in column 0: the name and its '(' (the return type
# on the line before, as STYLE has it), and its body's '{' alone in
# column 0 within the next lines.
HEAD = re.compile(r"^([A-Za-z_][A-Za-z_0-9]*)\(")


def problems(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if len(lines) - 1 > MAX_FILE:
        yield "%s: %d lines (at most %d)" % (path, len(lines) - 1, MAX_FILE)
    i = 0
    while i < len(lines):
        m = HEAD.match(lines[i])
        if not m:
            i += 1
            continue
        j = i
        while j < len(lines) and j - i <= 12 and lines[j] != "{":
            if lines[j].rstrip().endswith(";"):
                break
            j += 1
        if j >= len(lines) or lines[j] != "{":
            i += 1
            continue
        k = j
        while k < len(lines) and lines[k] != "}":
            k += 1
        n = k - j + 1
        if n > MAX_FUNC:
            yield "%s:%d: %s() is %d lines (at most %d)" % (
                path, i + 1, m.group(1), n, MAX_FUNC)
        i = k + 1


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else "src"
    bad = n = 0
    for d, _, files in sorted(os.walk(top)):
        for name in sorted(files):
            if name.endswith(".c"):
                n += 1
                for p in problems(os.path.join(d, name)):
                    print("FAIL sizes: " + p)
                    bad += 1
    print("  sizes %d files, %d failures" % (n, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
