#!/usr/bin/env python3
"""rp_lint.py -- the checks a compiler gives printf, for report.h's rp_f().

rp_f(rp, "{key:%d} ...", ...) takes a format of its own ({KEY:SPEC}, see
src/report.h), so -Wformat cannot see it.  This reads every call under
src/ and fails on what -Wformat would catch:

  * a format that is not a string literal (adjacent literals are joined);
  * a figure whose SPEC is no printf conversion report.c knows
    (flags -+ #0, a width, a precision, then one of d c b f P s Q R);
  * an unclosed figure, a stray single '}';
  * a count of arguments other than the count of figures;
  * an argument that is plainly of the wrong kind: a string literal for
    a number, a number or character literal for %s, a literal for Q or R
    (a struct ratio).

A figure {@:SPEC} takes two arguments, its key (a string) and its value.

rp_lint.py [SRC-DIR] -- prints one line a problem; exit 1 if any.
"""
import os
import re
import sys

SPEC = re.compile(r"^%[-+ #0]*[0-9]*(\.[0-9]*)?([dcbfPsQR])$")


def tokens(text, i):
    """The arguments of the call whose '(' is at text[i], as source
    strings, and the index past its ')'."""
    depth, args, cur = 0, [], []
    j = i
    while j < len(text):
        c = text[j]
        if c in "\"'":
            k = j + 1
            while text[k] != c:
                k += 2 if text[k] == "\\" else 1
            cur.append(text[j:k + 1])
            j = k + 1
            continue
        if text.startswith("/*", j):
            j = text.index("*/", j) + 2
            continue
        if text.startswith("//", j):
            j = text.index("\n", j)
            continue
        if c in "([{":
            depth += 1
            if depth == 1:
                j += 1
                continue
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append("".join(cur).strip())
                return args, j + 1
        elif c == "," and depth == 1:
            args.append("".join(cur).strip())
            cur = []
            j += 1
            continue
        cur.append(c)
        j += 1
    raise ValueError("unclosed call")


def literal(arg):
    """The joined value of an argument made only of string literals, or
    None."""
    # STR(NAME), a macro's value as a string (util.h), holds no figure.
    arg = re.sub(r"\bSTR\([A-Za-z_0-9]+\)", '"0"', arg)
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', arg)
    rest = re.sub(r'"((?:[^"\\]|\\.)*)"', "", arg)
    if not parts or rest.strip():
        return None
    return "".join(parts)


def figures(fmt):
    """The SPECs of fmt's figures, or an error string."""
    out, i = [], 0
    while i < len(fmt):
        if fmt.startswith("{{", i) or fmt.startswith("}}", i):
            i += 2
            continue
        if fmt[i] == "}":
            return "a stray '}' (write '}}')"
        if fmt[i] != "{":
            i += 1
            continue
        close = fmt.find("}", i)
        colon = fmt.find(":", i)
        if close < 0 or colon < 0 or colon > close:
            return "an unclosed figure at '%s'" % fmt[i:i + 20]
        out.append(("@" if fmt[i + 1:colon] == "@" else "") +
                   fmt[colon + 1:close])
        i = close + 1
    return out


def kind_wrong(conv, arg):
    a = arg.strip()
    if a.startswith('"'):
        return conv != "s"
    if re.match(r"^-?[0-9.]+[uUlLfF]*$", a) or a.startswith("'"):
        if conv == "s" or conv in "QR":
            return True
    return False


def lint(path, text, problems):
    for m in re.finditer(r"\brp_f\(", text):
        line = text.count("\n", 0, m.start()) + 1
        if text[max(0, m.start() - 5):m.start()].strip().endswith("void"):
            continue        # its own definition or prototype
        head = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if head.lstrip().startswith(("*", "/*")):
            continue        # a comment's example
        try:
            args, _ = tokens(text, m.end() - 1)
        except ValueError as e:
            problems.append("%s:%d: %s" % (path, line, e))
            continue
        where = "%s:%d" % (path, line)
        if len(args) < 2:
            problems.append("%s: rp_f without a format" % where)
            continue
        fmt = literal(args[1])
        if fmt is None:
            problems.append("%s: rp_f's format is not a string literal "
                            "(its figures cannot be checked)" % where)
            continue
        specs = figures(fmt)
        if isinstance(specs, str):
            problems.append("%s: %s" % (where, specs))
            continue
        rest = args[2:]
        # {@:SPEC} takes its key first, a string.
        want = []
        for s in specs:
            want += ["@", s] if s.startswith("@") else [s]
        specs = [s.split("@", 1)[-1] for s in want]
        for s in specs:
            if s and not SPEC.match(s):
                problems.append("%s: figure spec '%s' is no conversion "
                                "report.c knows" % (where, s))
        if len(rest) != len(specs):
            problems.append("%s: %d figures but %d arguments" %
                            (where, len(specs), len(rest)))
            continue
        for s, a in zip(specs, rest):
            if s == "":
                s = "%s"    # the key of an '@' figure
            if SPEC.match(s) and kind_wrong(s[-1], a):
                problems.append("%s: '%s' given %s" % (where, s, a))


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "src")
    problems, calls = [], 0
    for d, _, files in os.walk(top):
        for f in sorted(files):
            if f.endswith(".c") and f != "report.c":
                p = os.path.join(d, f)
                text = open(p, encoding="utf-8").read()
                calls += len(re.findall(r"\brp_f\(", text))
                lint(os.path.relpath(p, os.path.join(top, "..")), text,
                     problems)
    for p in problems:
        print("FAIL rp_lint: " + p)
    print("  rp_lint %d calls of rp_f, %d problems" % (calls, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
