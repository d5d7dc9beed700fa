#!/bin/sh
# rules.sh MUSTER -- every rule id the source reports is one of the rule
# tables' (`muster check --list-rules`), and every id in the tables is
# unique.  Ids are found where they are reported: the second argument of
# diag(), diag_at(), diag_vat(), card_diag() and the K_ENUMR schema
# entries, and the rule argument of a reference (system_ref and the
# games' wrappers of it).
set -u
muster=$1
top=$(cd "$(dirname "$0")/.." && pwd)
listed=$(mktemp)
trap 'rm -f "$listed"' EXIT
"$muster" check --list-rules | awk '{print $1}' > "$listed"
python3 - "$top/src" "$listed" <<'PY'
import os, re, sys
src, listed = sys.argv[1], sys.argv[2]
rules = [l.strip() for l in open(listed) if l.strip()]
fail = 0
dups = sorted({r for r in rules if rules.count(r) > 1})
for r in dups:
    print("FAIL rules: '%s' is in the rule tables twice" % r); fail += 1
ident = r'"([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)"'
pats = [
    re.compile(r'\b(?:diag|diag_at|diag_vat|card_diag|ref_bad)\s*\(\s*(?:[a-z]+,\s*)?L_[A-Z]+\s*,\s*' + ident),
    re.compile(r'\bK_ENUMR\s*\([^;]*?,\s*' + ident + r'\s*\)'),
    re.compile(r'\b(?:system_ref|ssg_ref_deck)\s*\([^;]*?' + ident),
]
seen = 0
for d, _, files in os.walk(src):
    for f in files:
        if not f.endswith('.c'):
            continue
        path = os.path.join(d, f)
        text = open(path, encoding='utf-8').read()
        # Comments blanked (their lines kept): a call named in prose,
        # such as "through system_ref(), which", is no report.
        text = re.sub(r'/\*.*?\*/', lambda c: re.sub(r'[^\n]', ' ', c.group(0)), text, flags=re.S)
        for p in pats:
            for m in p.finditer(text):
                seen += 1
                rid = m.group(1)
                if rid not in rules:
                    line = text.count('\n', 0, m.start()) + 1
                    print("FAIL rules: %s:%d reports '%s', which no rule "
                          "table lists" % (os.path.relpath(path, src), line,
                                           rid))
                    fail += 1
print("  rules %d reports of %d rule ids, %d failures" % (seen, len(rules),
                                                          fail))
sys.exit(1 if fail else 0)
PY
