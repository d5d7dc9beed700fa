# tests/e2e/print.sh -- sourced by tests/e2e.sh: print production (SPEC 4,
# 4.1).  Page boxes of --layout single read back with pdfinfo -box; each
# back's place compared with its front's to 0.1 mm for both duplex modes
# and both papers, and in gutter-fold; --copies, --only; crop marks 5 mm
# from the paper's edge; --cmyk, Title and /ID; muster calibrate's scales.
# (tests/e2e.sh passes every PDF written here through qpdf and ghostscript.)

# --- --layout single: 63 x 88 mm cards on 69 x 94 mm pages ---
expect 0 "layout single" -- "$muster" render --paper a4 --layout single --bleed 3 --backs duplex-long -o "$t/single.pdf" decks/tactics.yaml
has "$t/out" "$t/single.pdf: 102 pages, 51 cards" "single: a page a card and a page a back"
pdfinfo -box -f 1 -l 102 "$t/single.pdf" > "$t/boxes"
python3 - "$t/boxes" <<'PY' && ok || bad "single: every page 69 x 94 mm, TrimBox 63 x 88 at 3,3, BleedBox the page"
import re, sys
mm = 72 / 25.4
pages = {}
for line in open(sys.argv[1]):
    m = re.match(r"Page\s+(\d+)\s+(size|MediaBox|TrimBox|BleedBox):\s+(.*)", line)
    if not m:
        continue
    v = [float(x) for x in re.findall(r"[\d.]+", m.group(3))[:4]]
    pages.setdefault(int(m.group(1)), {})[m.group(2)] = v
assert len(pages) == 102, len(pages)
for n, p in pages.items():
    assert abs(p["size"][0] - 69 * mm) < 0.01 and abs(p["size"][1] - 94 * mm) < 0.01, (n, p)
    t = p["TrimBox"]
    assert abs(t[0] - 3 * mm) < 0.01 and abs(t[1] - 3 * mm) < 0.01, (n, t)
    assert abs(t[2] - t[0] - 63 * mm) < 0.01 and abs(t[3] - t[1] - 88 * mm) < 0.01, (n, t)
    assert all(abs(a - b) < 0.01 for a, b in zip(p["BleedBox"], p["MediaBox"])), (n, p)
PY
pdftotext -f 1 -l 2 "$t/single.pdf" "$t/single.txt"
has "$t/single.txt" "Square Formation" "single: the first card on page 1"
expect 0 "layout single, no backs" -- "$muster" render --paper letter --layout single -o "$t/single1.pdf" decks/tactics.yaml
has "$t/out" "51 pages, 51 cards" "single without backs: a page a card"
pdfinfo -box -f 1 -l 1 "$t/single1.pdf" | tr -s " " > "$t/box1"
has "$t/box1" "Page 1 TrimBox: 0.00 0.00 178.58 249.45" "single without bleed: the trim is the page"

# --- backs behind fronts: the probe's name is centered on both faces ---
# python3 positions.py PDF FRONT BACK MODE DX DY: every name's center on
# the back page, mirrored as the paper turns, is its front's within 0.1
# mm once the --back-offset DX,DY (mm, right and down) is taken off.
cat > "$t/positions.py" <<'PY'
import re, subprocess, sys
pdf, fp, bp, mode, dx, dy = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], float(sys.argv[5]), float(sys.argv[6])
mm = 72 / 25.4
def lines(page):
    x = subprocess.run(["pdftotext", "-bbox-layout", "-f", str(page), "-l", str(page), pdf, "-"], capture_output=True, text=True).stdout
    w, h = map(float, re.search(r'<page width="([\d.]+)" height="([\d.]+)"', x).groups())
    out = []
    for m in re.finditer(r'<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</line>', x, re.S):
        words = " ".join(re.findall(r">([^<]+)</word>", m.group(5)))
        x0, y0, x1, y1 = map(float, m.groups()[:4])
        out.append((words, (x0 + x1) / 2, (y0 + y1) / 2))
    return w, h, out
w, h, front = lines(fp)
_, _, back = lines(bp)
if fp == bp:    # gutter-fold: the front half and the back half
    back = [b for b in front if b[1] > w / 2]
    front = [f for f in front if f[1] < w / 2]
fronts = {n: (x, y) for n, x, y in front}
backs = {n: (x, y) for n, x, y in back}
assert len(fronts) >= 4 and set(fronts) == set(backs), (sorted(fronts), sorted(backs))
# The text's center sits a little off the card's center, the same on both
# faces: in y it is measured on the middle row's card, whose center is the
# page's (an odd number of rows, centered).
ys = sorted(y for x, y in fronts.values())
mid = ys[len(ys) // 2]
dy_text = mid - h / 2 if mode == "short" else 0
worst = 0
for n, (fx, fy) in fronts.items():
    bx, by = backs[n]
    bx -= dx * mm
    by -= dy * mm        # pdftotext's y runs down, as --back-offset's
    if mode == "long":
        ex, ey = w - fx, fy
    else:
        ex, ey = fx, h - (fy - dy_text) + dy_text
    worst = max(worst, abs(bx - ex), abs(by - ey))
assert worst < 0.1 * mm, (pdf, mode, worst / mm)
PY
for paper in a4 letter; do
	for mode in long short; do
		expect 0 "probe $paper $mode" -- "$muster" render --paper $paper --backs duplex-$mode --template tests/e2e/print-probe.yaml -o "$t/probe-$paper-$mode.pdf" decks/tactics.yaml
		python3 "$t/positions.py" "$t/probe-$paper-$mode.pdf" 1 2 $mode 0 0 && ok || bad "backs behind fronts: $paper duplex-$mode"
		expect 0 "probe $paper $mode offset" -- "$muster" render --paper $paper --backs duplex-$mode --back-offset 1.5,-2 --template tests/e2e/print-probe.yaml -o "$t/probe-$paper-$mode-off.pdf" decks/tactics.yaml
		python3 "$t/positions.py" "$t/probe-$paper-$mode-off.pdf" 1 2 $mode 1.5 -2 && ok || bad "--back-offset 1.5,-2 moves backs 1.5 mm right, 2 mm up: $paper duplex-$mode"
	done
	expect 0 "probe $paper gutter-fold" -- "$muster" render --paper $paper --layout gutter-fold --template tests/e2e/print-probe.yaml -o "$t/probe-$paper-gutter.pdf" decks/tactics.yaml
	python3 "$t/positions.py" "$t/probe-$paper-gutter.pdf" 1 1 long 0 0 && ok || bad "gutter-fold: backs mirrored about the fold: $paper"
done
# Poker cards on A4 gutter-fold: turned, 2 x 2 fronts and their backs.
pdfinfo "$t/probe-a4-gutter.pdf" | tr -s " " > "$t/info"
has "$t/info" "Page size: 841.89 x 595.276 pts (A4)" "gutter-fold turns A4 to hold 4 a sheet"
# --backs asks gutter-fold for what it does anyway: the same PDF.
expect 0 "gutter-fold with duplex backs" -- "$muster" render --layout gutter-fold --backs duplex-long -o "$t/gb.pdf" decks/tactics.yaml
expect 0 "gutter-fold" -- "$muster" render --layout gutter-fold -o "$t/g.pdf" decks/tactics.yaml
if cmp -s "$t/gb.pdf" "$t/g.pdf"; then ok; else bad "gutter-fold with --backs differs from gutter-fold"; fi
# A record sheet or roster does not fit half a sheet: it prints on pages
# of its own, with no fold, and the cards beside it still fold.
expect 0 "gutter-fold with record sheets" -- "$muster" render --paper a4 --layout gutter-fold -o "$t/gsheet.pdf" units/shellshock
has "$t/out" "$t/gsheet.pdf: 6 pages, 17 cards" "gutter-fold: the sheets on pages of their own"
pdftotext -f 3 -l 3 "$t/gsheet.pdf" - > "$t/gsheet.txt"
has "$t/gsheet.txt" "Grizzly MBT" "gutter-fold: a record sheet printed"
pdfinfo -f 3 -l 3 "$t/gsheet.pdf" | tr -s " " > "$t/info"
has "$t/info" "Page 3 size: 595.276 x 841.89 pts (A4)" "gutter-fold: a sheet upright, a page"
# No fold line (dashes 3 mm long down the middle) on a sheet's page; one
# on the cards'.
cat > "$t/fold.py" <<'PY'
import re, subprocess, sys
pdf, page = sys.argv[1], sys.argv[2]
mm = 72 / 25.4
q = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", pdf, "--pages", pdf, page, "--", "-"], capture_output=True).stdout.decode("latin-1")
w = float(re.search(r"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)", q).group(1))
n = sum(1 for m in re.finditer(r"([-\d.]+) ([-\d.]+) m\s+([-\d.]+) ([-\d.]+) l", q)
        if abs(float(m.group(1)) - w / 2) < 0.01 and abs(float(m.group(3)) - w / 2) < 0.01
        and abs(float(m.group(4)) - float(m.group(2)) - 3 * mm) < 0.01)
print(n)
PY
[ "$(python3 "$t/fold.py" "$t/gsheet.pdf" 3)" = 0 ] && ok || bad "gutter-fold: a fold line on a record sheet's page"
[ "$(python3 "$t/fold.py" "$t/gsheet.pdf" 1)" -gt 20 ] && ok || bad "gutter-fold: no fold line on the cards' page"
expect 0 "gutter-fold with a roster" -- "$muster" render --paper letter --layout gutter-fold -o "$t/groster.pdf" units/shambattle
pdftotext "$t/groster.pdf" - > "$t/groster.txt"
has "$t/groster.txt" "army roster" "gutter-fold: a ShamBattle roster printed"
expect 2 "bad layout" -- "$muster" render --layout sheets -o "$t/x.pdf" decks/tactics.yaml
has "$t/err" "--layout 'sheets' must be sheet, single or gutter-fold" "bad --layout"

# --- bleed: the grid turns the paper when that holds more ---
expect 0 "deck with bleed on A4" -- "$muster" render --paper a4 --bleed 3 -o "$t/bleed-a4.pdf" decks/battalions.yaml
# 66 cards, 8 a sheet turned (6 upright): 9 sheets.
has "$t/out" "$t/bleed-a4.pdf: 9 pages, 66 cards" "poker cards with 3 mm bleed: 8 on A4 turned"
expect 0 "deck with bleed on Letter" -- "$muster" render --paper letter --bleed 3 -o "$t/bleed-letter.pdf" decks/battalions.yaml
has "$t/out" "$t/bleed-letter.pdf: 11 pages, 66 cards" "poker cards with 3 mm bleed: 6 on Letter turned"
expect 0 "deck without bleed" -- "$muster" render --paper letter -o "$t/nobleed-letter.pdf" decks/battalions.yaml
has "$t/out" "$t/nobleed-letter.pdf: 8 pages, 66 cards" "poker cards: 9 up on Letter"

# --- crop marks only where a card is: two poker cards on upright A4 (3
# x 3, trims at 10.5, 73.5, 136.5 and 199.5 mm across, the top row's at
# 192.5 and 280.5 mm up) are marked above and below at 10.5, 73.5 and
# 136.5 only, and on the right from 138 mm (1.5 mm past the second
# card), not from 201 ---
expect 0 "crop marks, two cards" -- "$muster" render --paper a4 --only hussars -o "$t/two.pdf" decks/battalions.yaml
cat > "$t/marks.py" <<'PY'
import re, subprocess, sys
mm = 72 / 25.4
q = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", sys.argv[1], "-"], capture_output=True).stdout.decode("latin-1")
up, right = set(), set()
for m in re.finditer(r"([-\d.]+) ([-\d.]+) m\s+([-\d.]+) ([-\d.]+) l", q):
    x0, y0, x1, y1 = (float(v) / mm for v in m.groups())
    if x0 == x1 and min(y0, y1) > 281:
        up.add(round(x0, 1))
    if y0 == y1 and 192 < y0 < 281 and min(x0, x1) > 74:
        right.add(round(min(x0, x1), 1))
print(sorted(up), sorted(right))
PY
[ "$(python3 "$t/marks.py" "$t/two.pdf")" = "[10.5, 73.5, 136.5] [138.0]" ] && ok ||
	bad "crop marks of a part-filled row: $(python3 "$t/marks.py" "$t/two.pdf"), want [10.5, 73.5, 136.5] [138.0]"

# --- nothing is stroked within 5 mm of the paper's edge ---
# (lines only: backgrounds run into the bleed by design.)
cat > "$t/edges.py" <<'PY'
import re, subprocess, sys, zlib
mm = 72 / 25.4
for pdf in sys.argv[1:]:
    q = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", pdf, "-"], capture_output=True).stdout.decode("latin-1")
    sizes = [tuple(map(float, m)) for m in re.findall(r"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", q)]
    assert sizes, pdf
    w, h = sizes[0]
    for seg in re.finditer(r"([-\d.]+) ([-\d.]+) m\s+([-\d.]+) ([-\d.]+) l", q):
        x0, y0, x1, y1 = map(float, seg.groups())
        for x, y in ((x0, y0), (x1, y1)):
            assert 5 * mm - 0.01 <= x <= w - 5 * mm + 0.01 and 5 * mm - 0.01 <= y <= h - 5 * mm + 0.01, (pdf, x / mm, y / mm, w / mm, h / mm)
PY
python3 "$t/edges.py" "$t/nobleed-letter.pdf" "$t/bleed-a4.pdf" "$t/bleed-letter.pdf" && ok || bad "a crop mark within 5 mm of the paper's edge"

# --- --copies and --only ---
expect 0 "--copies 3" -- "$muster" render --paper a4 --copies 3 --product card -o "$t/copies.pdf" units/shellshock/mason.yaml
has "$t/out" "$t/copies.pdf: 1 page, 3 cards" "--copies 3 prints a card three times"
expect 0 "--only" -- "$muster" render --paper a4 --only "Hussars,old guard" -o "$t/only.pdf" decks/battalions.yaml
# The deck holds two Hussars and two Old Guards (a half for each player).
has "$t/out" "$t/only.pdf: 1 page, 4 cards" "--only prints only the cards named, any case"
pdftotext "$t/only.pdf" - | grep -c "^Hussars$" > "$t/count"; has "$t/count" "2" "--only: both Hussars"
expect 2 "--only unknown" -- "$muster" render --only Hussar -o "$t/none.pdf" decks/battalions.yaml
has "$t/err" "no card is named 'Hussar'; did you mean 'Hussars'? [render.only]" "--only with a name no card has"
if [ -e "$t/none.pdf" ]; then bad "--only unknown wrote a PDF"; else ok; fi
expect 2 "--copies 0" -- "$muster" render --copies 0 -o "$t/x.pdf" decks/battalions.yaml
has "$t/err" "--copies '0' must be a whole number from 1 to 100" "--copies 0"

# --- mixed inputs: each product on pages of its own, with its own grid ---
expect 0 "mixed job" -- "$muster" render --paper a4 -o "$t/mixed2.pdf" units/shellshock/mason.yaml decks/reference.yaml units/shock/alpha.yaml decks/tactics.yaml
# Mason: card (1 page) and counter (1); reference (1); Alpha: soldier
# cards, counters, reference cards (1 each); tactics 51 at 9 up (6).
pdfinfo "$t/mixed2.pdf" | tr -s " " > "$t/info"
has "$t/info" "Pages: 12" "mixed job: each product starts a page"

# --- press-ready colour, Title, /ID ---
expect 0 "--cmyk" -- "$muster" render --paper a4 --cmyk --product card -o "$t/cmyk.pdf" units/shellshock
qpdf --qdf --object-streams=disable "$t/cmyk.pdf" "$t/cmyk-qdf.pdf" 2>/dev/null
if grep -aq " rg$\| RG$" "$t/cmyk-qdf.pdf"; then bad "--cmyk left an RGB colour"; else ok; fi
has "$t/cmyk-qdf.pdf" "0 0 0 1 k" "--cmyk: black text on the K plate alone"
# (The same cards without --cmyk, rendered here: a part runs alone.)
"$muster" render --paper a4 --product card -o "$t/rgb.pdf" units/shellshock >/dev/null 2>&1
qpdf --qdf --object-streams=disable "$t/rgb.pdf" "$t/rgb-qdf.pdf" 2>/dev/null
has "$t/rgb-qdf.pdf" "0 0 0 rg" "without --cmyk, RGB"
pdfinfo "$t/cmyk.pdf" | tr -s " " > "$t/info"
has "$t/info" "Title: shellshock" "the document's Title is its input's name"
qpdf --show-object=trailer "$t/cmyk.pdf" > "$t/trailer" 2>&1
has "$t/trailer" "/ID [ <" "the trailer has an /ID"

# --- muster calibrate ---
for paper in a4 letter; do
	for mode in long short; do
		expect 0 "calibrate $paper $mode" -- "$muster" calibrate --paper $paper --backs duplex-$mode -o "$t/cal-$paper-$mode.pdf"
		has "$t/out" "2 pages" "calibrate writes two pages"
	done
done
# The back's across scale is numbered from its zero, centered on the place
# behind each front cross: A4 crosses at 40, 105 and 170 mm across; with
# --back-offset 1.5,-2 every zero moves 1.5 mm right.
cat > "$t/cal.py" <<'PY'
import os, re, subprocess, sys
pdf, shift = sys.argv[1], float(sys.argv[2])
mm = 72 / 25.4
x = subprocess.run(["pdftotext", "-bbox", "-f", "2", "-l", "2", pdf, "-"], capture_output=True, text=True).stdout
zeros = [((float(a) + float(b)) / 2) / mm for a, b in re.findall(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">0</word>', x)]
for want in map(float, os.environ.get("CAL_AT", "40 105 170").split()):
    assert any(abs(z - want - shift) < 0.1 for z in zeros), (want + shift, sorted(zeros))
PY
python3 "$t/cal.py" "$t/cal-a4-long.pdf" 0 && ok || bad "calibrate: the scales' zeros behind the crosses"
# --landscape: the sheet turned, as render turns cards that go more so;
# crosses 40 mm in from the corners of 297 x 210 mm and in the middle,
# the zeros at 40, 148.5 and 257 across, and the offset read in the
# turned page's frame.
for mode in long short; do
	expect 0 "calibrate --landscape $mode" -- "$muster" calibrate --paper a4 --landscape --backs duplex-$mode -o "$t/cal-land-$mode.pdf"
	has "$t/out" "calibration for A4 turned duplex-$mode" "calibrate --landscape says so"
	pdfinfo "$t/cal-land-$mode.pdf" | tr -s " " > "$t/info"
	has "$t/info" "Page size: 841.89 x 595.276 pts (A4)" "calibrate --landscape: the page turned"
	CAL_AT="40 148.5 257" python3 "$t/cal.py" "$t/cal-land-$mode.pdf" 0 && ok || bad "calibrate --landscape: zeros behind the crosses"
done
expect 0 "calibrate --landscape offset" -- "$muster" calibrate --paper a4 --landscape --back-offset 1.5,-2 -o "$t/cal-land-off.pdf"
CAL_AT="40 148.5 257" python3 "$t/cal.py" "$t/cal-land-off.pdf" 1.5 && ok || bad "calibrate --landscape: the offset in the turned frame"
pdftotext -f 1 -l 1 "$t/cal-land-off.pdf" - > "$t/cal.txt"
has "$t/cal.txt" "muster duplex calibration: A4 turned (landscape), duplex-long" "calibrate --landscape: the title"
# The name render.turned gives it by default.
mkdir -p "$t/calhome"
(cd "$t/calhome" && "$muster" calibrate --landscape --paper letter --backs duplex-short > "$t/out" 2>&1)
has "$t/out" "out/calibrate-letter-short-landscape.pdf: 2 pages" "calibrate --landscape: its default name"
expect 0 "calibrate with an offset" -- "$muster" calibrate --paper a4 --back-offset 1.5,-2 -o "$t/cal-off.pdf"
python3 "$t/cal.py" "$t/cal-off.pdf" 1.5 && ok || bad "calibrate: --back-offset moves the back's scales"
pdftotext "$t/cal-off.pdf" - > "$t/cal.txt"
has "$t/cal.txt" "render with --back-offset 1.5+X,-2.0+Y" "calibrate says what to add to the offset it was printed with"
has "$t/cal.txt" "+ : the backs must go right" "calibrate prints the sign convention"
expect 2 "calibrate bad backs" -- "$muster" calibrate --backs none
has "$t/err" "--backs 'none' must be duplex-long or duplex-short" "calibrate --backs none"
expect 0 "calibrate --help" -- "$muster" calibrate --help
has "$t/out" "--back-offset X,Y" "calibrate --help"
# --back-offset: X,Y, each -20 to 20, the same for render and calibrate.
expect 2 "render --back-offset without Y" -- "$muster" render --back-offset 1 -o "$t/x.pdf" decks/tactics.yaml
has "$t/err" "--back-offset '1' must be X,Y in millimetres, each -20 to 20" "render --back-offset 1"
expect 2 "calibrate --back-offset past 20" -- "$muster" calibrate --back-offset 20.5,0 -o "$t/x.pdf"
has "$t/err" "--back-offset '20.5,0' must be X,Y in millimetres, each -20 to 20" "calibrate --back-offset 20.5,0"
expect 0 "calibrate --back-offset at 20" -- "$muster" calibrate --back-offset -20,20 -o "$t/cal20.pdf"
