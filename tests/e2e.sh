#!/bin/sh
# e2e.sh MUSTER [PART] -- end to end: render the examples, read the PDFs
# back (pdfinfo page size and count, pdffonts embedding, pdftotext text),
# and hold the command line to SPEC sections 2, 4 and 8: exit codes, JSON,
# the atomic write, I/O failures, limits.
#
# The checks come in parts: each main_* function below, and each topic
# file tests/e2e/NAME.sh.  A part runs alone, in a folder of its own, and
# ends by passing every PDF it wrote through qpdf and ghostscript:
#   sh tests/e2e.sh MUSTER PART   one part (make check-e2e-PART)
#   sh tests/e2e.sh --list        the parts' names
#   sh tests/e2e.sh MUSTER        every part, one after another
#   GAME=NAME                     tests/e2e/NAME*.sh (make check-e2e GAME=NAME
#                                 runs them side by side)
# E2E_RESULTS=DIR: each part also writes "PART CHECKS FAILURES PDFS
# SECONDS" (of processor time) to DIR/PART, for make check-e2e's total.
set -u
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
top=$(cd "$(dirname "$0")/.." && pwd)
part=
if [ "${1:-}" = --list ]; then part=--list; muster=; else
	muster=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
	part=${2:-}
fi
cd "$top" || exit 2
# python3 is Debian's /usr/bin/python3 when there is one (make's deps
# installs python3-yaml and python3-jsonschema for it): the python3
# first in PATH may be a version manager's shim, whose start costs
# 0.1 s of processor time, where python3 itself takes 0.01 (pyenv's:
# 150 starts a make check, 20 s).  The topic files call it the same.
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3) || py=python3
python3() { "$py" "$@"; }
export MUSTER_TEMPLATES="$top/templates" MUSTER_DECKS="$top/decks" MUSTER_UNITS="$top/units" MUSTER_SCHEMAS="$top/schemas"
root=$(mktemp -d)
trap 'chmod -R u+w "$root" 2>/dev/null; rm -rf "$root"' EXIT
t=$root
fail=0 n=0

ok() { n=$((n + 1)); }
bad() { n=$((n + 1)); fail=$((fail + 1)); echo "FAIL e2e: $*"; }
# expect STATUS DESCRIPTION -- command...: runs it, checks the exit status
expect() {
	want=$1 what=$2
	shift 3
	"$@" >"$t/out" 2>"$t/err"
	got=$?
	if [ "$got" = "$want" ]; then ok; else
		bad "$what: exit $got, want $want"; sed 's/^/  /' "$t/err" | head -5
	fi
}
has() { # FILE TEXT DESCRIPTION
	if grep -qF -- "$2" "$1"; then ok; else bad "$3: no '$2' in $1"; fi
}
# topics NAME -- sources tests/e2e/NAME.sh in this shell.
topics() {
	f=tests/e2e/$1.sh
	[ -f "$f" ] || { bad "no tests/e2e/$1.sh"; return; }
	before=$n
	# shellcheck disable=SC1090
	. "./$f"
	[ "$n" -gt "$before" ] || bad "tests/e2e/$1.sh counts no check, or set n, the count of checks"
}
# fixtures -- the broken units the main parts share, in $t.
fixtures() {
	sed 's/maneuver: "??n"/maneuver: "yyx"/' units/shellshock/mason.yaml > "$t/broken.yaml"
	sed 's/maneuver: .*/maneuver: "yyx"/' units/shellshock/mason.yaml > "$t/stdin-bad.yaml"
}
# valid_pdfs -- every PDF written under $t is valid: qpdf finds no
# error, ghostscript renders every page without one (a strict RIP's
# view).  npdf is their number.  Ghostscript reads them all in one run;
# when that run finds an error, each is read again alone to name it.
valid_pdfs() {
	npdf=0
	find "$t" -name '*.pdf' ! -name '*-qdf.pdf' | sort > "$t/pdfs"
	while read -r f; do
		npdf=$((npdf + 1))
		if qpdf --check "$f" >"$t/qpdf" 2>&1; then ok; else bad "qpdf --check $f: $(tail -2 "$t/qpdf")"; fi
	done < "$t/pdfs"
	[ "$npdf" = 0 ] && return
	# shellcheck disable=SC2046
	if gs -q -dNOPAUSE -dBATCH -dSAFER -dPDFSTOPONERROR -sDEVICE=nullpage $(cat "$t/pdfs") >"$t/gs" 2>&1 && ! grep -qi "error" "$t/gs"; then
		n=$((n + npdf))
	else
		while read -r f; do
			if gs -q -dNOPAUSE -dBATCH -dSAFER -dPDFSTOPONERROR -sDEVICE=nullpage "$f" >"$t/gs" 2>&1 && ! grep -qi "error" "$t/gs"; then ok; else bad "ghostscript $f: $(head -3 "$t/gs")"; fi
		done < "$t/pdfs"
	fi
}

main_cards() {
# --- the record cards, A4 and Letter ---
# (units/shellshock holds six cards and two sheets; every card and sheet
# also prints a counter.)
expect 0 "render A4" -- "$muster" render --paper a4 --product card -o "$t/a4.pdf" units/shellshock
has "$t/out" "$t/a4.pdf: 1 page, 6 cards" "render's report line"
expect 0 "render Letter" -- "$muster" render --paper letter --product card -o "$t/letter.pdf" units/shellshock
pdfinfo "$t/a4.pdf" 2>&1 | tr -s " " > "$t/info"
has "$t/info" "Page size: 595.276 x 841.89 pts (A4)" "A4 page size"
has "$t/info" "Pages: 1" "A4 page count"
pdfinfo "$t/letter.pdf" 2>&1 | tr -s " " > "$t/info"
has "$t/info" "Page size: 612 x 792 pts (letter)" "Letter page size"
for pdf in "$t/a4.pdf" "$t/letter.pdf"; do
	pdffonts "$pdf" > "$t/fonts" 2>&1
	# Every font embedded (column "emb"), and TrueType, never a base-14 Type 1.
	if awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }' "$t/fonts"; then ok; else
		bad "a font is not embedded in $pdf"; cat "$t/fonts"; fi
	if grep -q "Type 1" "$t/fonts"; then bad "a Type 1 font in $pdf"; else ok; fi
	has "$t/fonts" "DejaVuSansCondensed-Bold" "bold face used"
	pdftotext "$pdf" "$t/text.txt" 2>"$t/pdftotext.err"
	if [ -s "$t/pdftotext.err" ]; then bad "pdftotext complains about $pdf"; cat "$t/pdftotext.err"; else ok; fi
	for s in Mason Bison "Ardennes Jäger" "Harrier IFV" "Kite Gunship" "Hailstorm Battery" \
	    "A♣" "Q♥" "5♦" "J♠" "d10+4" "d6+2" "d8+3" "×1.27" "14s" "25p" "≋" \
	    "22+" "16–21" "Maneuver" "??n" "2 gunners" "1 gunner"; do
		has "$t/text.txt" "$s" "card text in $(basename "$pdf")"
	done
done
# The cards sit 10 up: a letter page with 12 cards has 2 pages.
mkdir -p "$t/twelve"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	sed "s/^name: Mason/name: Mason $i/; /^card:/d" units/shellshock/mason.yaml > "$t/twelve/m$i.yaml"
done
expect 0 "12 cards" -- "$muster" render --paper letter --product card -o "$t/12.pdf" "$t/twelve"
has "$t/out" "2 pages, 12 cards" "12 cards on 2 pages (10 up)"
# With duplex backs every front page has a back page.
expect 0 "backs" -- "$muster" render --paper letter --product card --backs duplex-long -o "$t/backs.pdf" "$t/twelve"
has "$t/out" "4 pages, 12 cards" "backs double the pages"
expect 0 "short-edge backs" -- "$muster" render --paper a4 --product card --backs duplex-short --back-offset 0.5,-0.5 -o "$t/backs2.pdf" units/shellshock
has "$t/out" "2 pages, 6 cards" "short-edge backs"
pdftotext "$t/backs.pdf" - | grep -c SHELLSHOCK > "$t/count"
has "$t/count" "12" "one back per card"
# Bleed spreads the cards apart: 3 mm bleed on A4 leaves room for 8.
expect 0 "bleed" -- "$muster" render --paper a4 --product card --bleed 3 -o "$t/bleed.pdf" "$t/twelve"
has "$t/out" "2 pages, 12 cards" "bleed 3 mm: 8 up"
expect 0 "no crop marks" -- "$muster" render --paper a4 --no-crop-marks -o "$t/nocrop.pdf" units/shellshock
# Output is the same run to run.
"$muster" render --paper a4 --product card -o "$t/again.pdf" units/shellshock >/dev/null 2>&1
if cmp -s "$t/a4.pdf" "$t/again.pdf"; then ok; else bad "two renders differ"; fi
# Default output: out/<stem>.pdf next to where muster runs, made if missing.
mkdir -p "$t/cwd" && cp units/shellshock/mason.yaml "$t/cwd/"
(cd "$t/cwd" && "$muster" render --paper a4 mason.yaml > "$t/out" 2>&1)
if [ -f "$t/cwd/out/mason.pdf" ]; then ok; else bad "default output out/mason.pdf missing"; fi
expect 0 "-d" -- "$muster" render --paper a4 -d "$t/dout" units/shellshock units/shellshock/mason.yaml
if [ -f "$t/dout/shellshock.pdf" ] && [ -f "$t/dout/mason.pdf" ]; then ok; else bad "-d writes one PDF per PATH"; fi
# The default paper: $PAPERSIZE, then the locale's LC_PAPER from LC_ALL,
# LC_PAPER or LANG (SPEC 2); under C or POSIX the file $PAPERCONF (or
# /etc/papersize); else A4.
(cd "$t/cwd" && PAPERSIZE= PAPERCONF=none LC_ALL= LANG= LC_PAPER=en_US.UTF-8 "$muster" render -o us.pdf mason.yaml >/dev/null 2>&1)
pdfinfo "$t/cwd/us.pdf" > "$t/info" 2>&1; has "$t/info" "(letter)" "LC_PAPER=en_US gives Letter"
printf 'a4\n' > "$t/cwd/papersize-a4"
(cd "$t/cwd" && PAPERSIZE= PAPERCONF=papersize-a4 LC_ALL= LANG= LC_PAPER=en_US.UTF-8 "$muster" render -o us2.pdf mason.yaml >/dev/null 2>&1)
pdfinfo "$t/cwd/us2.pdf" > "$t/info" 2>&1; has "$t/info" "(letter)" "LC_PAPER=en_US before an a4 papersize file"
(cd "$t/cwd" && PAPERSIZE= PAPERCONF=papersize-a4 LC_ALL= LC_PAPER= LANG=en_US.UTF-8 "$muster" render -o us3.pdf mason.yaml >/dev/null 2>&1)
pdfinfo "$t/cwd/us3.pdf" > "$t/info" 2>&1; has "$t/info" "(letter)" "LANG=en_US before an a4 papersize file (SPEC 2: the locale's LC_PAPER)"
(cd "$t/cwd" && PAPERSIZE= PAPERCONF=none LC_ALL= LC_PAPER= LANG= "$muster" render -o none.pdf mason.yaml >/dev/null 2>&1)
pdfinfo "$t/cwd/none.pdf" > "$t/info" 2>&1; has "$t/info" "(A4)" "nothing set gives A4"
(cd "$t/cwd" && PAPERSIZE= PAPERCONF=none LC_ALL= LANG= LC_PAPER=de_DE.UTF-8 "$muster" render -o de.pdf mason.yaml >/dev/null 2>&1)
pdfinfo "$t/cwd/de.pdf" > "$t/info" 2>&1; has "$t/info" "(A4)" "LC_PAPER=de_DE gives A4"
printf '# the paper\nletter\n' > "$t/cwd/papersize"
(cd "$t/cwd" && PAPERSIZE= PAPERCONF=papersize LC_ALL= LANG=de_DE.UTF-8 LC_PAPER= "$muster" render -o conf.pdf mason.yaml >/dev/null 2>&1)
pdfinfo "$t/cwd/conf.pdf" > "$t/info" 2>&1; has "$t/info" "(A4)" "LANG=de_DE before a letter papersize file"
(cd "$t/cwd" && PAPERSIZE= PAPERCONF=papersize LC_ALL= LANG=C.UTF-8 LC_PAPER= "$muster" render -o conf-c.pdf mason.yaml >/dev/null 2>&1)
pdfinfo "$t/cwd/conf-c.pdf" > "$t/info" 2>&1; has "$t/info" "(letter)" "under the C locale, the papersize file"
(cd "$t/cwd" && PAPERSIZE=a4 PAPERCONF=papersize LC_ALL= LANG= LC_PAPER=en_US.UTF-8 "$muster" render -o env.pdf mason.yaml >/dev/null 2>&1)
pdfinfo "$t/cwd/env.pdf" > "$t/info" 2>&1; has "$t/info" "(A4)" "PAPERSIZE before the papersize file"

# --- a user's template extending the built-in one ---
cat > "$t/mine.yaml" <<'EOF'
template: my-card
extends: shellshock-card
elements:
  - {name: name, colour: "#0000aa", text: "{name} of {side}"}
  - {name: movement, remove: true}
EOF
expect 0 "--template FILE" -- "$muster" render --paper a4 --template "$t/mine.yaml" -o "$t/mine.pdf" units/shellshock/mason.yaml
pdftotext "$t/mine.pdf" - > "$t/text.txt"; has "$t/text.txt" "Mason of UN" "overridden element"
expect 0 "templates" -- "$muster" templates
has "$t/out" "shellshock-card" "templates lists the card"
has "$t/out" "shellshock.card" "templates says what it renders"
has "$t/out" "reference ssg.reference" "templates names the product"
expect 0 "templates --fields" -- "$muster" templates --fields
has "$t/out" "w.M.spread" "templates --fields lists the record type's fields"
expect 0 "templates --json" -- "$muster" templates --json
python3 - "$t/out" <<'EOF' && ok || bad "templates --json is not the list"
import json, sys
d = json.load(open(sys.argv[1]))
t = {x["name"]: x for x in d["templates"]}
c = t["shellshock-card"]
assert c["products"] == ["card"] and c["renders"] == "shellshock.card", c
assert (c["width_mm"], c["height_mm"]) == (88.9, 50.8), c
assert "w.M.spread" in c["fields"] and "name" in c["fields"], c
assert t["ssg-reference"]["products"] == ["reference"], t["ssg-reference"]
EOF
expect 2 "unknown template" -- "$muster" render --template nonesuch -o "$t/x.pdf" units/shellshock/mason.yaml

# --- nothing lost: failures leave an existing PDF alone and no temp files ---
cp "$t/a4.pdf" "$t/keep.pdf"
sed 's/maneuver: "??n"/maneuver: "yyx"/' units/shellshock/mason.yaml > "$t/broken.yaml"
expect 1 "render with an error" -- "$muster" render --paper a4 -o "$t/keep.pdf" "$t/broken.yaml"
if cmp -s "$t/a4.pdf" "$t/keep.pdf"; then ok; else bad "a failed render changed an existing PDF"; fi
has "$t/err" "no PDF written" "failed render says so"
if ls -a "$t" | grep -q '^\.keep\.pdf\.'; then bad "a temporary file was left"; else ok; fi
mkdir -p "$t/ro" && chmod 555 "$t/ro"
if [ "$(id -u)" != 0 ]; then
	expect 2 "unwritable folder" -- "$muster" render -o "$t/ro/x.pdf" units/shellshock/mason.yaml
	has "$t/err" "io.write" "unwritable folder names io.write"
fi
expect 2 "output folder missing" -- "$muster" render -o "$t/nope/x.pdf" units/shellshock/mason.yaml
has "$t/err" "[io.write]" "missing folder names io.write"
if [ -e "$t/nope" ]; then bad "render made a folder for -o"; else ok; fi

}
main_cli() {
# --- exit codes and usage (SPEC 2) ---
expect 0 "check the examples" -- "$muster" check units
expect 1 "check a broken unit" -- "$muster" check "$t/broken.yaml"
expect 2 "check a missing file" -- "$muster" check "$t/missing.yaml"
expect 2 "check with no PATH" -- "$muster" check
expect 2 "unknown option" -- "$muster" check --frobnicate units
expect 2 "unknown command" -- "$muster" frobnicate
expect 0 "--help" -- "$muster" --help
has "$t/out" "render" "--help lists commands"
expect 0 "--version" -- "$muster" --version
for c in check render templates odds resolve; do
	expect 0 "$c --help" -- "$muster" $c --help
	has "$t/out" "usage: muster $c" "$c --help prints its usage"
done
expect 2 "bad --paper" -- "$muster" render --paper a3 units/shellshock/mason.yaml
expect 2 "bad --backs" -- "$muster" render --backs triplex units/shellshock/mason.yaml
expect 2 "bad --bleed" -- "$muster" render --bleed lots units/shellshock/mason.yaml
expect 2 "-o and -d" -- "$muster" render -o a.pdf -d b units/shellshock/mason.yaml
expect 1 "strict: warnings fail" -- "$muster" check --strict tests/bad/shellshock-card-unique.yaml
expect 0 "not strict: warnings pass" -- "$muster" check tests/bad/shellshock-card-unique.yaml

# --- check --json (SPEC 2) ---
expect 1 "json" -- "$muster" check --json "$t/broken.yaml" units/shellshock/bison.yaml
python3 - "$t/out" <<'EOF' && ok || bad "check --json is not the SPEC's object"
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"files", "errors", "warnings", "diagnostics"}, d.keys()
assert d["files"] == 2 and d["errors"] == 1 and d["warnings"] == 0, d
x = d["diagnostics"][0]
assert set(x) == {"file", "line", "column", "severity", "rule", "message"}, x
assert x["rule"] == "shellshock.maneuver" and x["severity"] == "error", x
assert x["line"] == 14 and x["column"] == 13, x
assert x["message"] == "maneuver 'yyx' must be three of y, n, ?", x
EOF
if [ -s "$t/err" ]; then bad "check --json also wrote to stderr"; else ok; fi
# --- diagnostics on a terminal (SPEC 2): colour and the source line with a
# caret; NO_COLOR and TERM=dumb drop the colour, not the caret; piped, one
# plain line.  script(1) gives the command a terminal. ---
if command -v script >/dev/null 2>&1; then
	printf '%s\n' "$muster check tests/bad/shellshock-maneuver.yaml" > "$t/tty.sh"
	TERM=xterm script -qec "sh $t/tty.sh" /dev/null < /dev/null | tr -d '\r' > "$t/tty"
	printf '\033[1mtests/bad/shellshock-maneuver.yaml:13:13:\033[0m \033[1;31merror:\033[0m maneuver '"'yyx'"' must be three of y, n, ? [\033[1mshellshock.maneuver\033[0m]\n   13 |   maneuver: "yyx"\n      |             \033[1;32m^\033[0m\n' > "$t/want"
	if cmp -s "$t/want" "$t/tty"; then ok; else bad "terminal diagnostics"; cat -v "$t/tty"; fi
	NO_COLOR=1 TERM=xterm script -qec "sh $t/tty.sh" /dev/null < /dev/null | tr -d '\r' > "$t/tty"
	printf 'tests/bad/shellshock-maneuver.yaml:13:13: error: maneuver '"'yyx'"' must be three of y, n, ? [shellshock.maneuver]\n   13 |   maneuver: "yyx"\n      |             ^\n' > "$t/want"
	if cmp -s "$t/want" "$t/tty"; then ok; else bad "NO_COLOR on a terminal"; cat -v "$t/tty"; fi
	TERM=dumb script -qec "sh $t/tty.sh" /dev/null < /dev/null | tr -d '\r' > "$t/tty"
	if cmp -s "$t/want" "$t/tty"; then ok; else bad "TERM=dumb on a terminal"; cat -v "$t/tty"; fi
	printf '%s\n' "$muster check --color=never tests/bad/shellshock-maneuver.yaml" > "$t/tty.sh"
	TERM=xterm script -qec "sh $t/tty.sh" /dev/null < /dev/null | tr -d '\r' > "$t/tty"
	sed 's|^|tests/bad/|' tests/bad/shellshock-maneuver.expected > "$t/want"
	if cmp -s "$t/want" "$t/tty"; then ok; else bad "--color=never on a terminal"; cat -v "$t/tty"; fi
else
	echo "  (script(1) missing: terminal diagnostics not tested)"
fi
expect 1 "piped diagnostics" -- "$muster" check tests/bad/shellshock-maneuver.yaml
sed 's|^|tests/bad/|' tests/bad/shellshock-maneuver.expected > "$t/want"
if cmp -s "$t/want" "$t/err"; then ok; else bad "piped diagnostics are not one plain line"; fi

# --- '-' reads standard input (issue 16): named <stdin> in messages, out
# as stdin.pdf, once a run ---
sed 's/maneuver: .*/maneuver: "yyx"/' units/shellshock/mason.yaml > "$t/stdin-bad.yaml"
"$muster" check - < "$t/stdin-bad.yaml" > /dev/null 2> "$t/err"; st=$?
if [ $st = 1 ] && grep -qx "<stdin>:14:13: error: maneuver 'yyx' must be three of y, n, ? \[shellshock.maneuver\]" "$t/err"; then ok; else
	bad "check - of a broken unit: exit $st"; cat "$t/err"; fi
"$muster" render -d "$t/stdin" - < units/shellshock/mason.yaml > "$t/out" 2>&1; st=$?
if [ $st = 0 ] && grep -qx "$t/stdin/stdin.pdf: 2 pages, 2 cards" "$t/out"; then ok; else bad "render - : exit $st"; cat "$t/out"; fi
"$muster" odds shellshock - units/shellshock/bison.yaml --range 19 --facing front < units/shellshock/mason.yaml > "$t/out" 2>&1
has "$t/out" "Mason fires at Bison's front from 19 in" "odds of a unit on standard input"
"$muster" check - - < units/shellshock/mason.yaml > /dev/null 2> "$t/err"; st=$?
if [ $st = 2 ] && grep -qF "'-' is given twice" "$t/err"; then ok; else bad "check - -: exit $st"; cat "$t/err"; fi
"$muster" check - < /dev/null > /dev/null 2> "$t/err"; st=$?
if [ $st = 1 ] && grep -qxF "<stdin>:1:1: error: file holds no document; write one with 'system:' and 'kind:' [yaml.empty]" "$t/err"; then ok; else
	bad "check - of nothing: exit $st"; cat "$t/err"; fi

}
main_commands() {
# --- muster new: every kind has a starter, and each passes check (the
# force names shipped examples, from a folder of its own); a deck
# smaller than the rules' is warned about, nothing else ---
mkdir -p "$t/new"
"$muster" schema --list | grep -v '^template$' > "$t/kinds"
"$muster" new --list > "$t/starters"
if cmp -s "$t/kinds" "$t/starters"; then ok; else bad "a kind has no starter: $(diff "$t/kinds" "$t/starters" | tr '\n' ' ')"; fi
while read -r s k; do
	"$muster" new "$s" "$k" > "$t/new/$s-$k.yaml" 2>"$t/err" || bad "muster new $s $k"
	head -1 "$t/new/$s-$k.yaml" | grep -q "^# yaml-language-server: \$schema=/.*/$s-$k.json$" && ok || bad "muster new $s $k names no schema"
done < "$t/starters"
(cd "$t/new" && "$muster" check --json ./*.yaml) > "$t/out" 2>"$t/err"
python3 - "$t/out" "$(wc -l < "$t/starters")" <<'EOF' && ok || bad "the starters do not pass check: $(cat "$t/out")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["errors"] == 0 and d["files"] == int(sys.argv[2]), d
assert {x["rule"] for x in d["diagnostics"]} == {"ssg.deck.size"}, d["diagnostics"]
EOF
expect 2 "new, a misspelt kind" -- "$muster" new shellshock crd
has "$t/err" "'crd' is not a kind of shellshock; did you mean 'card'?" "new's hint"

# --- muster cards: the names a deck prints, with their copies ---
expect 0 "cards of a deck" -- "$muster" cards decks/battalions.yaml decks/tactics.yaml
has "$t/out" "decks/battalions.yaml: ssg battalions" "cards' heading"
has "$t/out" "  card: 66 cards" "cards' count of the battalions"
has "$t/out" "     2  Old Guard" "a battalion's copies"
has "$t/out" "     3  Maneuver" "a tactics card's count"
# Each battalion's type, which a line-up's set-up rules read (line and
# artillery in the centre; horse artillery sets up as cavalry).
has "$t/out" "     2  Old Guard  (Line infantry)" "a battalion's type"
has "$t/out" "     2  Horse Art  (Artillery, sets up as cavalry)" "horse artillery's set-up"
expect 0 "cards --json" -- "$muster" cards --json --product counter units/shock/alpha.yaml
python3 - "$t/out" <<'EOF' && ok || bad "cards --json"
import json, sys
d = json.load(open(sys.argv[1]))
doc, = d["documents"]
assert doc["file"] == "units/shock/alpha.yaml" and doc["kind"] == "squad", doc
p, = doc["products"]
assert p["product"] == "counter" and p["cards"] == 4, p
assert [x["name"] for x in p["names"]] == ["Reyes", "Kowalski", "Okafor", "Lindqvist"], p
assert all(x["copies"] == 1 for x in p["names"]), p
assert all(x["type"] is None and x["setup"] is None for x in p["names"]), p
EOF
expect 1 "cards of a broken unit" -- "$muster" cards "$t/stdin-bad.yaml"
has "$t/err" "must be three of y, n, ?" "cards tells a broken unit's errors"
expect 1 "cards --json of a broken unit" -- "$muster" cards --json "$t/stdin-bad.yaml"
python3 - "$t/out" <<'EOF' && ok || bad "cards --json keeps its diagnostics in the object"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["documents"] == [] and d["errors"] == 1, d
assert d["diagnostics"][0]["rule"] == "shellshock.maneuver", d
EOF
if [ -s "$t/err" ]; then bad "cards --json wrote to stderr"; else ok; fi
expect 2 "cards --product, misspelt" -- "$muster" cards --product cardd decks/battalions.yaml
has "$t/err" "did you mean 'card'?" "cards --product hint"

# A folder with nothing to read is told (exit 2), not passed in silence;
# a render that fails makes no output folder.
mkdir -p "$t/emptyd"
expect 2 "check of an empty folder" -- "$muster" check "$t/emptyd"
has "$t/err" "emptyd: error: holds no .yaml or .yml file" "an empty folder told"
expect 1 "a failed render" -- "$muster" render -d "$t/newout" "$t/stdin-bad.yaml"
if [ -e "$t/newout" ]; then bad "a failed render made its output folder"; else ok; fi

# --- render --json: what was written, beside check's members ---
expect 0 "render json" -- "$muster" render --json -d "$t/rj" units/shellshock/mason.yaml units/shellshock/bison.yaml
python3 - "$t/out" "$t/rj" <<'EOF' && ok || bad "render --json is not the written list"
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"files", "errors", "warnings", "written", "diagnostics"}, d.keys()
assert d["files"] == 2 and d["errors"] == 0 and d["diagnostics"] == [], d
w = d["written"]
assert [x["path"] for x in w] == [sys.argv[2] + "/mason.pdf", sys.argv[2] + "/bison.pdf"], w
assert all(x["format"] == "pdf" and x["pages"] == 2 and x["cards"] == 2 for x in w), w
EOF
if [ -s "$t/err" ]; then bad "render --json also wrote to stderr"; else ok; fi
expect 1 "render json, an error" -- "$muster" render --json -d "$t/rj" "$t/broken.yaml"
python3 - "$t/out" <<'EOF' && ok || bad "render --json of a broken unit"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["written"] == [] and d["errors"] == 1, d
assert d["diagnostics"][0]["rule"] == "shellshock.maneuver", d
EOF
if [ -s "$t/err" ]; then bad "render --json of a broken unit wrote to stderr"; else ok; fi
expect 0 "render json png" -- "$muster" render --json --format png --dpi 40 -d "$t/rj" units/shellshock/mason.yaml
python3 - "$t/out" "$t/rj" <<'EOF' && ok || bad "render --json --format png"
import json, os, sys
d = json.load(open(sys.argv[1]))
x, = d["written"]
# A unit's card and counter are no deck: no Tabletop Simulator sheet.
assert x == {"path": sys.argv[2] + "/mason-NNN.png", "format": "png", "cards": 2, "backs": False, "dpi": 40, "sheets": 0, "sheet_dpi": 40}, x
assert os.path.exists(sys.argv[2] + "/mason-002.png")
EOF
# A usage error: one line, and where the help is (issue 16).
expect 2 "unknown option" -- "$muster" render --jsn units/shellshock/mason.yaml
printf "muster: '--jsn' is not an option; did you mean '--json'?\nsee 'muster render --help'\n" > "$t/want"
if cmp -s "$t/want" "$t/err"; then ok; else bad "unknown option message"; cat "$t/err"; fi
expect 0 "command --version" -- "$muster" odds shellshock --version
has "$t/out" "muster " "odds shellshock --version"

# Every example file counted, none with an error (an example may show a
# warning on purpose: a homebrew unit).
expect 0 "json clean" -- "$muster" check --json units
nfiles=$(find units -name '*.yaml' | wc -l)
python3 -c "import json,sys; d=json.load(open('$t/out')); assert d['errors']==0 and d['files']==$nfiles and all(x['severity']=='warning' for x in d['diagnostics']) and len(d['diagnostics'])==d['warnings']" && ok || bad "clean JSON"

}
main_limits() {
# --- limits (SPEC 8): huge files, node bombs, junk ---
truncate -s 65M "$t/huge.yaml"
expect 1 "65 MiB file" -- "$muster" check "$t/huge.yaml"
has "$t/err" "[yaml.size]" "huge file names yaml.size"
truncate -s 67108865 "$t/huge.yaml"
expect 1 "64 MiB and a byte" -- "$muster" check "$t/huge.yaml"
has "$t/err" "file is 64.0 MiB (67108865 bytes); the limit is 64.0 MiB (67108864 bytes)" "a byte over the limit told in bytes"
truncate -s 67108864 "$t/huge.yaml"
"$muster" check "$t/huge.yaml" 2>"$t/err"
if grep -q "yaml.size" "$t/err"; then bad "a file of exactly 64 MiB is over the limit"; else ok; fi
rm -f "$t/huge.yaml"
python3 -c "print('a: [' + ','.join(['1'] * 1000001) + ']')" > "$t/nodes.yaml"
expect 1 "a million nodes" -- "$muster" check "$t/nodes.yaml"
has "$t/err" "[yaml.size]" "node limit names yaml.size"
# Each variant reads its bases anew: those of one file's documents come
# to 64 MiB at most, four reads of a base of 16 MiB, not five.
truncate -s 16M "$t/base.yaml"
for i in 1 2 3 4; do printf -- '---\nextends: base.yaml\n'; done > "$t/variants.yaml"
expect 1 "variants reading 64 MiB of bases" -- "$muster" check "$t/variants.yaml"
if grep -q "yaml.size" "$t/err"; then bad "bases of 64 MiB are over the limit"; else ok; fi
printf -- '---\nextends: base.yaml\n' >> "$t/variants.yaml"
expect 1 "variants reading more than 64 MiB of bases" -- "$muster" check "$t/variants.yaml"
has "$t/err" "variants.yaml:10:10: error: 'base.yaml' would bring the files read for the documents of this file to more than 64 MiB" "the fifth read of the base told at its extends"
rm -f "$t/base.yaml"
# So does a deck's data file, for each deck naming it.
truncate -s 16M "$t/big.csv"
for i in 1 2 3 4; do printf -- '---\nsystem: cards\nkind: deck\ndata: big.csv\n'; done > "$t/decks.yaml"
expect 1 "decks reading 64 MiB of data" -- "$muster" check "$t/decks.yaml"
if grep -q "yaml.size" "$t/err"; then bad "data of 64 MiB is over the limit"; else ok; fi
printf -- '---\nsystem: cards\nkind: deck\ndata: big.csv\n' >> "$t/decks.yaml"
expect 1 "decks reading more than 64 MiB of data" -- "$muster" check "$t/decks.yaml"
has "$t/err" "decks.yaml:20:7: error: 'big.csv' would bring the files read for the documents of this file to more than 64 MiB" "the fifth read of the data told at its data:"
rm -f "$t/big.csv"
head -c 100000 /dev/urandom > "$t/junk.yaml"
expect 1 "binary junk" -- "$muster" check "$t/junk.yaml"
python3 -c "print('x: ' + '{a: ' * 5000 + '1' + '}' * 5000)" > "$t/nest.yaml"
expect 1 "deep nesting" -- "$muster" check "$t/nest.yaml"
printf 'system: shellshock\nkind: card\n' > "$t/short.yaml"
expect 1 "missing keys" -- "$muster" check "$t/short.yaml"
expect 1 "render refuses junk" -- "$muster" render -o "$t/junk.pdf" "$t/junk.yaml"
if [ -e "$t/junk.pdf" ]; then bad "render wrote a PDF from junk"; else ok; fi
# A FIFO with no writer: told at once, never waited on.
mkfifo "$t/pipe.yaml"
expect 2 "a FIFO" -- timeout 10 "$muster" check "$t/pipe.yaml"
has "$t/err" "is not a regular file" "a FIFO is refused"
rm -f "$t/pipe.yaml"
# In a folder searched, a FIFO is told and passed over, the rest read.
mkdir -p "$t/fifodir" && cp units/shellshock/bison.yaml "$t/fifodir/"
mkfifo "$t/fifodir/pipe.yaml"
expect 0 "a FIFO in a folder" -- timeout 10 "$muster" check "$t/fifodir"
has "$t/err" "pipe.yaml: warning: not a regular file (a FIFO, socket or device): passed over, not read [io.read]" "a FIFO in a folder is told"
rm -rf "$t/fifodir"

}
main_odds() {
# --- odds and resolve (SPEC 5): the worked examples of the rules ---
U=units/shellshock
expect 0 "resolve return fire" -- "$muster" resolve shellshock $U/bison.yaml $U/mason.yaml --range 19 --facing left --roll 4,5 --coin tails
has "$t/out" "hit roll: d10 4 + d10 5, skill +2, range -1 = 10" "resolve: the hit roll"
has "$t/out" "damage: 6 + 7 = 13; coin tails: 13" "resolve: E and B hit for 13"
has "$t/out" "armor left: 12 -> 0, 1 internal" "resolve: 1 point internal"
has "$t/out" "no box" "resolve: no box"
has "$t/out" "outcome: damaged" "resolve: outcome"
expect 0 "resolve 25 on the Bison" -- "$muster" resolve shellshock --damage 25 $U/bison.yaml --facing front --internal-roll 2 --explosion 5,4 --json
python3 - "$t/out" <<'PY' && ok || bad "resolve --damage 25 --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert list(d)[-1] == "outcome" and d["outcome"] == "destroyed", d
assert d["armor"] == {"before": 16, "after": 0} and d["internal"] == 9, d
assert d["boxes"] == 3 and d["chart"] == ["m", "p", "F"], d
assert d["explosions"] == [{"hit": "F", "attacker": 5, "defender": 4, "exploded": True}], d
PY
expect 0 "resolve miss json" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 1,2 --json
python3 -c "import json; d=json.load(open('$t/out')); assert d['outcome']=='miss' and d['hit_roll']['natural_rule']=='miss', d" && ok || bad "natural 3 misses"
expect 0 "odds json" -- "$muster" odds shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --json
python3 - "$t/out" <<'PY' && ok || bad "odds --json"
import json, sys
d = json.load(open(sys.argv[1]))
w = {x["row"]: x for x in d["weapons"]}
assert w["M"]["dv"] == 14 and w["M"]["need"] == 11 and abs(w["M"]["p_hit"] - 0.55) < 1e-6, w
assert abs(w["I"]["p_hit"] - 0.23) < 1e-6, w
assert abs(d["p_destroyed"] - 0.39) < 1e-6 and abs(d["damage"]["mean"] - 20.175) < 1e-6, d
assert abs(sum(x["p"] for x in d["damage"]["distribution"]) - 1) < 1e-6, d
PY
expect 0 "odds text" -- "$muster" odds shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front
has "$t/out" "55.0000 %" "odds text shows the M hit chance"
expect 2 "odds without --facing" -- "$muster" odds shellshock $U/mason.yaml $U/bison.yaml --range 19
has "$t/err" "--facing" "missing facing is named"
expect 2 "resolve with a roll of 11" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 11,5
has "$t/err" "a d10 shows 1 to 10" "roll of 11 explained"
expect 2 "resolve without the coin" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 7,8
has "$t/err" "--coin" "missing coin named"
expect 2 "resolve missing re-roll" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 10,5
expect 2 "resolve extra re-roll" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 7,8,3 --coin tails
sed '/^weapons:/,/^ram:/{/^ram:/!d}' $U/mason.yaml > "$t/unarmed.yaml"
expect 0 "an unarmed unit is a legal card" -- "$muster" check "$t/unarmed.yaml"
expect 2 "odds for a unit without weapon rows" -- "$muster" odds shellshock "$t/unarmed.yaml" $U/bison.yaml --range 5 --facing front
has "$t/err" "no weapons" "unarmed attacker explained"
expect 2 "spread with a weapon that cannot" -- "$muster" odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --spread
expect 1 "odds with a broken unit" -- "$muster" odds shellshock "$t/broken.yaml" $U/bison.yaml --range 5 --facing front
expect 2 "odds for an unknown system" -- "$muster" odds chess a b
expect 0 "odds --weapons" -- "$muster" odds shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --weapons I
if grep -q "^  M " "$t/out"; then bad "--weapons I still fires M"; else ok; fi

# Point blank is beside the firer: under 10 in, never 10 or more (SPEC 5).
expect 0 "point blank at 9 in" -- "$muster" odds shellshock $U/hailstorm.yaml $U/mason.yaml --range 9 --facing front --point-blank
expect 2 "point blank at 10 in" -- "$muster" odds shellshock $U/hailstorm.yaml $U/mason.yaml --range 10 --facing front --point-blank
has "$t/err" "--range must be under 10, not 10 [shellshock.shot]" "point blank range explained"
expect 2 "point blank at 45 in" -- "$muster" resolve shellshock $U/hailstorm.yaml $U/mason.yaml --range 45 --facing front --point-blank --roll 4,5 --coin tails
# A natural 20 hits at once: its two 10s need no re-rolls.
expect 0 "resolve a natural 20" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 10,10 --coin tails
has "$t/out" "natural 20: a hit with every weapon" "natural 20 without re-rolls"
# Each game's command has its own usage; the generic one lists the games.
expect 0 "odds shellshock --help" -- "$muster" odds shellshock --help
if grep -q "ssg" "$t/out"; then bad "odds shellshock --help shows Shot, Shell & Grape"; else ok; fi
has "$t/out" "usage: muster odds shellshock" "odds shellshock usage"
expect 0 "odds ssg --help" -- "$muster" odds ssg --help
if grep -q "shellshock" "$t/out"; then bad "odds ssg --help shows Shellshock"; else ok; fi
has "$t/out" "usage: muster odds ssg" "odds ssg usage"
expect 0 "odds --help" -- "$muster" odds --help
has "$t/out" "shellshock" "odds --help lists shellshock"
has "$t/out" "ssg" "odds --help lists ssg"
expect 2 "resolve ssg" -- "$muster" resolve ssg a b
has "$t/err" "resolve knows no system 'ssg'" "resolve is shellshock's alone"
expect 0 "help odds" -- "$muster" help odds
has "$t/out" "usage: muster odds SYSTEM" "help odds"

}
main_ssg() {
# --- Shot, Shell & Grape: the printable game ---
expect 0 "check the decks" -- "$muster" check --strict decks
expect 0 "battalions A4" -- "$muster" render --paper a4 -o "$t/bat.pdf" decks/battalions.yaml
has "$t/out" "8 pages, 66 cards" "66 battalions on 8 A4 pages"
expect 0 "tactics A4" -- "$muster" render --paper a4 -o "$t/tac.pdf" decks/tactics.yaml
has "$t/out" "6 pages, 51 cards" "51 tactics on 6 A4 pages"
expect 0 "battalions with backs" -- "$muster" render --paper a4 --backs duplex-long -o "$t/batb.pdf" decks/battalions.yaml
has "$t/out" "16 pages, 66 cards" "battalions with backs"
expect 0 "tactics with backs" -- "$muster" render --paper a4 --backs duplex-short -o "$t/tacb.pdf" decks/tactics.yaml
has "$t/out" "12 pages, 51 cards" "tactics with backs"
expect 0 "battalions Letter" -- "$muster" render --paper letter -o "$t/batl.pdf" decks/battalions.yaml
has "$t/out" "8 pages, 66 cards" "9 up on Letter too"
pdfinfo "$t/batl.pdf" 2>&1 | tr -s " " > "$t/info"; has "$t/info" "(letter)" "Letter battalions"
# Names and texts may wrap across lines on a card: read them as one line.
pdftotext "$t/bat.pdf" - | tr -s '\n ' '  ' > "$t/bat.txt"
pdftotext "$t/tac.pdf" - | tr -s '\n ' '  ' > "$t/tac.txt"
sed -n 's/^  - {name: \([^,]*\),.*/\1/p' decks/battalions.yaml > "$t/names"
while read -r name; do has "$t/bat.txt" "$name" "battalion name in the PDF"; done < "$t/names"
sed -n 's/^  - name: //p' decks/tactics.yaml > "$t/names"
while read -r name; do has "$t/tac.txt" "$name" "tactics name in the PDF"; done < "$t/names"
[ "$(wc -l < "$t/names")" = 49 ] && ok || bad "the tactics list is not 49 names"
has "$t/tac.txt" "[cavalry] Cavalry attacking [line] line infantry: −3 to the attack roll." "Square Formation text from its effects, each unit type after its inline icon"
has "$t/tac.txt" "TERRAIN" "terrain cards marked"
pdftotext "$t/batb.pdf" - | grep -c "^Battalion$" > "$t/count"; has "$t/count" "66" "a back for every battalion"
pdffonts "$t/bat.pdf" > "$t/fonts" 2>&1
if awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }' "$t/fonts"; then ok; else bad "a font is not embedded in the deck"; fi
expect 0 "reference and specialties" -- "$muster" render --paper a4 -o "$t/ref.pdf" decks/reference.yaml decks/specialties.yaml
has "$t/out" "2 pages, 3 cards" "reference and specialties each on a page of its own"
pdftotext "$t/ref.pdf" - > "$t/ref.txt"
has "$t/ref.txt" "Superior Discipline" "specialties table"
has "$t/ref.txt" "line infantry against cavalry not flanking" "modifiers printed from the rules table"
expect 0 "a line-up prints nothing" -- "$muster" render -o "$t/lineup.pdf" decks/lineup.yaml
has "$t/err" "nothing to print" "line-up render says so"
# A set-up mistake is found with its place; the shipped deck is the default.
printf 'system: ssg\nkind: lineup\nleft_flank: [Hussars, Grenadiers]\nleft_center: [Musketeers, Howitzers, Fusiliers]\ncenter_center: [Old Guard, Gun Battery, Young Guard]\nright_center: [Highlanders, Field Pieces, Troopers]\nright_flank: [Horse Art, Lancers]\n' > "$t/mine.yaml"
expect 1 "line-up with line infantry on a flank" -- "$muster" check "$t/mine.yaml"
has "$t/err" "mine.yaml:3:23: error: 'Grenadiers' is line infantry" "the mistake and its place"
# odds ssg (SPEC 5)
expect 0 "odds ssg, the names in lower case" -- "$muster" odds ssg hussars grenadiers --flank --json
cp "$t/out" "$t/lower.json"
expect 0 "odds ssg json" -- "$muster" odds ssg Hussars Grenadiers --flank --json
cmp -s "$t/out" "$t/lower.json" && ok || bad "odds ssg hussars grenadiers is not Hussars Grenadiers"
python3 - "$t/out" <<'PY' && ok || bad "odds ssg --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["attack"]["modifier"] == 3 and d["attack"]["need"] == 4 and abs(d["attack"]["p"] - 0.625) < 1e-9, d
assert d["defense"]["modifier"] == 1 and d["defense"]["need"] == 6 and abs(d["defense"]["p"] - 0.375) < 1e-9, d
# Exact (SPEC 5): 5/8 and 3/8; both destroyed 15/64, neither 3/8 x 5/8.
assert d["attack"]["p_exact"] == "5/8" and d["defense"]["p_exact"] == "3/8", d
assert d["p_both_destroyed_exact"] == "15/64" and d["p_neither_destroyed_exact"] == "15/64", d
PY
python3 tests/exact_json.py "$t/out" --all > /dev/null && ok || bad "odds ssg --json: an inexact figure"
expect 0 "odds ssg text" -- "$muster" odds ssg Hussars Grenadiers --flank
has "$t/out" "needs 4+ on a d8, destroys the defender 62.5000 %" "odds ssg names the d8"
expect 0 "odds ssg morale" -- "$muster" odds ssg --morale --militia --json
python3 -c "import json; d=json.load(open('$t/out')); assert abs(d['morale']['p'] - 10/36) < 1e-6 and d['morale']['p_exact'] == '5/18' and d['morale']['need'] == 9, d" && ok || bad "morale odds"
expect 2 "odds ssg unknown card" -- "$muster" odds ssg Grenadeirs Hussars
has "$t/err" "did you mean 'Grenadiers'" "unknown card suggestion"
expect 0 "odds ssg --deck" -- "$muster" odds ssg --deck decks/battalions.yaml "Old Guard" Lancers

# --- products: render prints every product; --product chooses ---
expect 0 "every product of mixed inputs" -- "$muster" render --paper a4 -o "$t/mixed.pdf" units/shellshock decks/reference.yaml decks/specialties.yaml
# Each product on pages of its own: 6 cards (1 page), 8 counters (1),
# 2 sheets (1 each), the reference card (1), the specialties (1).
has "$t/out" "$t/mixed.pdf: 7 pages, 20 cards" "cards, counters, sheets and references together"
expect 0 "--product reference" -- "$muster" render --paper a4 --product reference -o "$t/refonly.pdf" units/shellshock decks/reference.yaml decks/specialties.yaml
has "$t/out" "$t/refonly.pdf: 3 pages, 4 cards" "--product reference prints the references alone, each deck's on its page"
expect 0 "--product card" -- "$muster" render --paper a4 --product card -o "$t/cardonly.pdf" units/shellshock decks/reference.yaml
has "$t/out" "$t/cardonly.pdf: 1 page, 6 cards" "--product card leaves the references out"
expect 2 "--product that is none" -- "$muster" render --product cards units/shellshock
has "$t/err" "did you mean 'card'?" "--product suggests"
# --template applies to the records of its own type; the others keep theirs.
cat > "$t/blue.yaml" <<'EOF'
template: blue-card
extends: shellshock-card
elements:
  - {name: name, colour: "#0000aa", text: "{name} ({era})"}
EOF
expect 0 "--template with mixed inputs" -- "$muster" render --paper a4 --template "$t/blue.yaml" -o "$t/blue.pdf" units/shellshock decks/reference.yaml
pdftotext "$t/blue.pdf" - > "$t/text.txt"
has "$t/text.txt" "Mason (future)" "the user's template on the record cards"
has "$t/text.txt" "Combat and morale" "the reference card in its own template"
expect 2 "--template that renders none of the inputs" -- "$muster" render --paper a4 --template "$t/blue.yaml" -o "$t/none.pdf" decks/reference.yaml
has "$t/err" "renders shellshock.card records, which none of the inputs prints" "an unused template is an error"

}
# --- make install: the installed program finds its templates and decks ---
main_install() {
# From a copy of the tree (its objects kept, so only paths.o is built
# again for PREFIX=/usr): this tree's muster is left alone for the tests
# that run beside this one under make -j check.
mkdir -p "$t/tree/build"
cp -pR Makefile src tools templates decks examples units doc schemas completion muster "$t/tree/"
cp -pR build/obj build/PATHS "$t/tree/build/" 2>/dev/null
if make -s -C "$t/tree" install PREFIX=/usr DESTDIR="$t/inst" >"$t/out" 2>&1; then ok; else bad "make install"; cat "$t/out"; fi
for f in usr/bin/muster usr/share/man/man1/muster.1 usr/share/muster/templates/shellshock-card.yaml usr/share/muster/decks/battalions.yaml; do
	if [ -f "$t/inst/$f" ]; then ok; else bad "make install did not install $f"; fi
done
# The examples too (a game may read them, such as value's reference set).
for f in units/*/*.yaml examples/*.yaml; do
	if [ -f "$t/inst/usr/share/muster/$f" ]; then ok; else bad "make install did not install $f"; fi
done
(cd "$t" && env -u MUSTER_TEMPLATES -u MUSTER_DECKS -u MUSTER_UNITS "$t/inst/usr/bin/muster" render --paper a4 -o inst.pdf "$top/units/shellshock/mason.yaml" >/dev/null 2>&1) && ok || bad "the installed muster cannot render"
(cd "$t" && env -u MUSTER_TEMPLATES -u MUSTER_DECKS -u MUSTER_UNITS "$t/inst/usr/bin/muster" odds ssg Hussars Lancers >/dev/null 2>&1) && ok || bad "the installed muster cannot find its decks"
(cd "$t" && env -u MUSTER_TEMPLATES -u MUSTER_DECKS -u MUSTER_UNITS "$t/inst/usr/bin/muster" value "$top/units/shellshock/mason.yaml" >"$t/instv" 2>&1) && grep -q "against 6 reference units" "$t/instv" && ok || bad "the installed muster cannot find its examples"
for f in usr/share/muster/schemas/shellshock-card.json usr/share/bash-completion/completions/muster usr/share/zsh/site-functions/_muster; do
	if [ -f "$t/inst/$f" ]; then ok; else bad "make install did not install $f"; fi
done
# uninstall removes what install put there and nothing else: a file of
# the user's in the data folder stays, and so does its folder.
mkdir -p "$t/inst/usr/share/muster/mine" && echo keep > "$t/inst/usr/share/muster/mine/notes"
if make -s -C "$t/tree" uninstall PREFIX=/usr DESTDIR="$t/inst" >/dev/null 2>&1 &&
    [ "$(find "$t/inst" -type f)" = "$t/inst/usr/share/muster/mine/notes" ] &&
    [ ! -d "$t/inst/usr/share/muster/templates" ]; then ok; else
	bad "make uninstall left files, or removed the user's: $(find "$t/inst" -type f | head -3)"; fi
# ... and the completion folders it made, empty now (a folder holding
# another program's completion stays).
if [ ! -e "$t/inst/usr/share/bash-completion" ] && [ ! -e "$t/inst/usr/share/zsh" ]; then ok; else
	bad "make uninstall left the empty completion folders: $(find "$t/inst/usr/share" -type d | grep -e bash-completion -e zsh | head -3)"; fi
rm -rf "$t/inst" "$t/tree"

}

# --- the parts: each main_* above, then tests/e2e/*.sh, each a topic
# sourced in this shell with expect, has, ok, bad, $muster, $t and the
# top of the tree as the working folder (a new game adds its file; this
# one is not edited).  Their variables are this shell's: a file never
# sets n or fail. ---
main_parts=$(sed -n 's/^main_\([a-z]*\)() {$/main-\1/p' "$self")
topic_parts=$(cd tests/e2e && ls ./*.sh | sed 's|^\./||; s|\.sh$||')
if [ "$part" = --list ]; then
	printf '%s\n' $main_parts $topic_parts
	exit 0
fi
# run PART -- in a folder of its own under $root: the part, then every
# PDF it wrote through qpdf and ghostscript; one line of counts.
# cpu VAR -- sets VAR to the processor seconds so far, this shell's and
# its children's (times in this shell: a $(...) has times of its own).
cpu() {
	times > "$root/times"
	eval "$1=$(awk '{ for (i = 1; i <= NF; i++) { split($i, x, "m"); s += x[1] * 60 + x[2] } }
	    END { printf "%.1f", s }' "$root/times")"
}
run() {
	t=$root/$1 n0=$n fail0=$fail
	cpu cpu0
	mkdir -p "$t"
	fixtures
	case $1 in
	main-*) "main_${1#main-}" ;;
	*) topics "$1" ;;
	esac
	valid_pdfs
	cpu cpu1
	echo "  e2e   $1: $((n - n0)) checks, $((fail - fail0)) failures, $npdf PDFs, $(echo "$cpu1 $cpu0" | awk '{ print $1 - $2 }') s of processor time"
	[ -n "${E2E_RESULTS:-}" ] &&
	    echo "$1 $((n - n0)) $((fail - fail0)) $npdf $(echo "$cpu1 $cpu0" | awk '{ print $1 - $2 }')" > "$E2E_RESULTS/$1"
	pdfs=$((pdfs + npdf))
}
pdfs=0
if [ -n "$part" ]; then
	case " $(echo $main_parts $topic_parts) " in
	*" $part "*) run "$part" ;;
	*) bad "no part $part (tests/e2e.sh --list names them)" ;;
	esac
	[ "$fail" = 0 ]
	exit
fi
# GAME=NAME (sh tests/e2e.sh MUSTER, GAME=shambattle) runs
# tests/e2e/NAME*.sh alone.  (make check-e2e GAME=NAME runs them as
# parts side by side.)
if [ -n "${GAME:-}" ]; then
	for p in $topic_parts; do
		case $p in "$GAME"*) run "$p" ;; esac
	done
	[ "$pdfs" -gt 0 ] || [ "$n" -gt 0 ] || bad "no tests/e2e/$GAME*.sh"
	echo "  e2e   $n checks, $fail failures (GAME=$GAME)"
	[ "$fail" = 0 ]
	exit
fi
# Every part, one after another.
for p in $main_parts $topic_parts; do run "$p"; done
if [ "$pdfs" -gt 40 ]; then ok; else bad "only $pdfs PDFs were checked by qpdf and ghostscript"; fi
echo "  e2e   $n checks, $fail failures"
[ "$fail" = 0 ]
