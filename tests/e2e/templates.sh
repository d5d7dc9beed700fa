# templates.sh -- sourced by tests/e2e.sh: templates that extend another
# (SPEC section 4): removing an element takes its parts, read back from
# the PDF.

# --- remove: true drops cv and its parts cv.box, cv.label and cv.est.* ---
cat > "$t/no-cv.yaml" <<'TMPL'
template: no-cv
extends: shellshock-card
elements:
  - {name: cv, remove: true}
TMPL
expect 0 "render with cv removed" -- "$muster" render --paper a4 --product card --template "$t/no-cv.yaml" -o "$t/no-cv.pdf" units/shellshock/mason.yaml
pdftotext "$t/no-cv.pdf" - > "$t/text.txt"
has "$t/text.txt" "Mason" "the card is there without its combat value"
if grep -qw -e CV -e 120 "$t/text.txt"; then bad "removing cv left its parts: $(grep -w -e CV -e 120 "$t/text.txt" | head -2)"; else ok; fi
# ... where the built-in template prints both.
expect 0 "render with cv" -- "$muster" render --paper a4 --product card -o "$t/cv.pdf" units/shellshock/mason.yaml
pdftotext "$t/cv.pdf" - > "$t/text.txt"
if [ "$(grep -cw -e CV -e 120 "$t/text.txt")" = 2 ]; then ok; else bad "the built-in card prints no 'CV' and '120' to remove"; fi

# --- a template that changes the card size keeps its base's layout,
# stretched between the safe margins, type grown by the smaller way
# (issue 16: the base's content sat unscaled in the corner, and on A4 the
# base's 85 x 55 mm size was inherited: 98 overflow warnings) ---
cat > "$t/big.yaml" <<'TMPL'
template: big-card
extends: shellshock-card
size: [120mm, 80mm]
TMPL
for paper in a4 letter; do
	expect 0 "render the cards enlarged on $paper" -- "$muster" render --paper "$paper" --product card --template "$t/big.yaml" -o "$t/big-$paper.pdf" units/shellshock
	has "$t/out" "6 cards" "every card rendered enlarged"
	if [ -s "$t/err" ]; then bad "an enlarged card warns on $paper: $(head -2 "$t/err")"; else ok; fi
done
# Its own size on A4 too, not the base's 85 x 55 mm: 2 x 3 a page.
has "$t/out" "2 pages" "the enlarged cards take two pages"
# One card a page: the side stays 3 mm in from the right edge of the
# 120 mm (340 pt) card, the dead band 3 mm up from the 80 mm (227 pt) bottom.
expect 0 "render one enlarged card" -- "$muster" render --layout single --product card --template "$t/big.yaml" -o "$t/big1.pdf" units/shellshock/mason.yaml
pdfinfo "$t/big1.pdf" | tr -s " " > "$t/info"
has "$t/info" "Page size: 340.157 x 226.772 pts" "the card's own size"
pdftotext -bbox "$t/big1.pdf" - > "$t/bbox"
awk -F'"' '/>UN</ { x = $6 } />22\+</ { y = $8 } END { exit !(x > 325 && x < 332.1 && y > 210 && y < 218.3) }' "$t/bbox" && ok ||
	bad "the enlarged card's corners are not where its base's are: $(grep -E '>(UN|22\+)<' "$t/bbox")"

# --- templates --elements: the names an extension overrides ---
expect 0 "templates --elements" -- "$muster" templates --elements shellshock-card
has "$t/out" "shellshock-card: shellshock.card, 88.9 x 50.8 mm, 71 elements" "the template's line"
has "$t/out" "  movement           box" "a box by its box: name"
has "$t/out" "  dv                 table          dv.E.fb dv.E.sd" "a table, one element, with its fields"
has "$t/out" "  arc.E              widget:sector  w.E.arc" "a widget and its field"
has "$t/out" "back:" "the back after the front"
expect 0 "templates --elements --json" -- "$muster" templates --elements shellshock-card --json
/usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
e = d["elements"]
assert d["name"] == "shellshock-card" and d["renders"] == "shellshock.card", d
assert len(e) == 71 and e[0] == {"name": "background", "face": "front", "type": "box", "widget": None, "fields": []}, e[0]
assert {"name": "index", "face": "front", "type": "text", "widget": None, "fields": ["card", "card.colour"]} in e
assert [x["name"] for x in e if x["face"] == "back"][0] == "back.background"
' "$t/out" && ok || bad "templates --elements --json: $(head -c 300 "$t/out")"
# A template file: what it leaves after its overrides.
expect 0 "templates --elements FILE" -- "$muster" templates --elements "$t/no-cv.yaml"
has "$t/out" "no-cv: shellshock.card, 88.9 x 50.8 mm, 65 elements" "a file's own line"
if grep -qE '^  cv(\.| )' "$t/out"; then bad "--elements lists removed elements"; else ok; fi
expect 2 "templates --elements of no template" -- "$muster" templates --elements nonesuch
has "$t/err" "template 'nonesuch' is not in" "--elements names a missing template"
expect 2 "templates --elements with --fields" -- "$muster" templates --elements shellshock-card --fields

# --- MUSTER_TEMPLATES may be a project's folder: its decks and units
# beside its templates are passed over with one note, not refused ---
mkdir -p "$t/mixtmpl"
cp templates/cards-poker.yaml units/shambattle/blue.yaml decks/tactics.yaml decks/ember-tide.yaml "$t/mixtmpl/"
expect 0 "templates in a folder of mixed kinds" -- env MUSTER_TEMPLATES="$t/mixtmpl" "$muster" templates
has "$t/out" "cards-poker" "a template in a mixed folder listed"
if grep -q "^blue \|^tactics \|^ember-tide " "$t/out"; then bad "a unit or deck listed as a template"; else ok; fi
has "$t/err" "note: passed over 3 files in the template folders that are not a template" "the files of other kinds told once"
[ "$(grep -c . "$t/err")" = 1 ] && ok || bad "MUSTER_TEMPLATES with other kinds: $(cat "$t/err")"
# --- the built-in templates missing (muster alone in a folder, no
# MUSTER_TEMPLATES): check tells it at each unit that prints with one,
# at the unit's first key, with the folders it looked in; render, once,
# and writes nothing.  (Not where an installed copy's templates are
# found: said so, and counted.) ---
mkdir -p "$t/lone"
cp "$muster" "$t/lone/muster"
alone() { (unset MUSTER_TEMPLATES; exec "$t/lone/muster" "$@"); }
if [ -n "$(alone templates 2>/dev/null)" ]; then
	echo "  e2e   templates: an installed copy's templates are found; muster alone in a folder not tried"
	ok; ok; ok; ok; ok; ok
else
	expect 1 "check without the built-in templates" -- alone check units/shellshock/mason.yaml
	has "$t/err" "units/shellshock/mason.yaml:4:1: error: template 'shellshock-card' is not in $t/lone/templates, " "a missing built-in template told at the unit"
	if grep -q "^: " "$t/err"; then bad "a missing built-in template told at no file: $(head -2 "$t/err")"; else ok; fi
	expect 2 "render without the built-in templates" -- alone render -o "$t/lone/x.pdf" units/shellshock/mason.yaml
	has "$t/err" "template 'shellshock-card' is not in $t/lone/templates" "render names the folders it looked in"
	[ -e "$t/lone/x.pdf" ] && bad "render without its templates wrote a PDF" || ok
fi
rm -rf "$t/lone"
