#!/usr/bin/env python3
"""exact_json.py FILE [--all] -- every exact number in an odds or resolve
JSON object reads back (SPEC 5): beside each number KEY printed to 17
significant digits, "KEY_exact": "p/q" is a fraction in lowest terms whose
nearest double is exactly the number printed.  With --all, every
probability ("p" or "p_...") and every mean ("mean...") must have its
fraction (for outputs whose dice all fit in 64-bit fractions).  Prints the
count of fractions checked; exits 1 on the first that does not hold."""
import json
import sys
from fractions import Fraction
from math import gcd


def walk(node, path, need_all, seen):
    if isinstance(node, list):
        for i, item in enumerate(node):
            walk(item, "%s[%d]" % (path, i), need_all, seen)
        return
    if not isinstance(node, dict):
        return
    for key, val in node.items():
        where = "%s.%s" % (path, key)
        if key.endswith("_exact"):
            base = key[:-len("_exact")]
            if base not in node:
                sys.exit("%s: no %s beside it" % (where, base))
            p, q = val.split("/")
            p, q = int(p), int(q)
            if q <= 0 or gcd(p, q) != 1 or abs(p) >= 2**63 or q >= 2**63:
                sys.exit("%s: '%s' is no reduced fraction of 64-bit integers" % (where, val))
            if float(Fraction(p, q)) != node[base]:
                sys.exit("%s: %r is not the nearest double to %s" % (where, node[base], val))
            seen.append(where)
        elif isinstance(val, (dict, list)):
            walk(val, where, need_all, seen)
        elif need_all and isinstance(val, (int, float)) and not isinstance(val, bool) \
                and (key == "p" or key.startswith("p_") or key.startswith("mean")) \
                and key + "_exact" not in node:
            sys.exit("%s: %r has no exact fraction beside it" % (where, val))


def main():
    data = json.load(open(sys.argv[1]))
    seen = []
    walk(data, "", "--all" in sys.argv[2:], seen)
    if not seen:
        sys.exit("%s: no exact fraction at all" % sys.argv[1])
    print(len(seen))


main()
