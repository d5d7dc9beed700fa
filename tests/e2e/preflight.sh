# tests/e2e/preflight.sh -- sourced by tests/e2e.sh: muster preflight
# (SPEC section 4) on PDFs muster makes and on PDFs from elsewhere.
# Ghostscript writes PDFs from PostScript here with exact figures on each
# side of every threshold (ink 240 % for dtc, text 6 pt, 300 ppi, the
# trim and bleed within 0.5 pt), qpdf rewrites one with object streams,
# and a damaged copy is read by scanning.  Every PDF `make` renders
# passes --vendor pnp with no error and fails --vendor mpc for being a
# sheet, and for nothing else; a default RGB render fails --vendor dtc
# for its colour, boxes and PDF/X markers.  Every rule id
# preflight lists is shown here and named in the manual.
# (Inputs that are not valid PDFs are written as .bin, so that e2e.sh's
# qpdf and ghostscript pass over the folder leaves them alone.)

pf="$t/preflight"
mkdir -p "$pf"
# Every finding this file saw, for the rule ids' coverage at the end.
: > "$pf/seen"
pfl() { # STATUS DESCRIPTION ARGS...: muster preflight ARGS, its status
	want=$1 what=$2
	shift 2
	expect "$want" "preflight: $what" -- "$muster" preflight "$@"
	cat "$t/err" >> "$pf/seen"
}
lacks() { # FILE TEXT DESCRIPTION
	if grep -qF -- "$2" "$1"; then bad "$3: '$2' in $1"; sed 's/^/  /' "$1" | head -5; else ok; fi
}

# mkpdf NAME PAGE_W PAGE_H TRIM BLEED "C M Y K" FONT_PT IMAGE_PT: a
# one-page PDF by ghostscript: a CMYK square, "text" in Helvetica (not
# embedded) at FONT_PT, and a gray picture of 8 x 8 pixels placed
# IMAGE_PT wide (8 px over IMAGE_PT / 72 in: 1.92 pt is 300 ppi).  TRIM
# and BLEED are boxes "llx lly urx ury", or - for none.
mkpdf() {
	{
		echo "%!PS"
		echo "<< /PageSize [$2 $3] >> setpagedevice"
		[ "$4" = - ] || echo "[/TrimBox [$4] /PAGE pdfmark"
		[ "$5" = - ] || echo "[/BleedBox [$5] /PAGE pdfmark"
		echo "$6 setcmykcolor 10 10 20 20 rectfill"
		echo "/Helvetica findfont $7 scalefont setfont 0 0 0 1 setcmykcolor"
		echo "10 40 moveto (text) show"
		echo "gsave 20 100 translate $8 $8 scale"
		echo "8 8 8 [8 0 0 -8 0 8] {<$(printf '00%.0s' $(seq 63))ff>} image"
		echo "grestore showpage"
	} > "$pf/$1.ps"
	gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -sOutputFile="$pf/$1.pdf" "$pf/$1.ps" >/dev/null 2>&1 ||
		bad "ghostscript cannot write $1.pdf"
}

# --- DriveThruCards' card: 2.5 x 3.5 in trimmed (180 x 252 pt), 1/8 in
# (9 pt) of bleed on each side: a page of 198 x 270 pt. ---
# At the thresholds, each on its allowed side: ink 0.6 x 4 = 240 %,
# text at 6 pt, the picture at 1.92 pt (8 / (1.92 / 72) = 300 ppi), the
# trim 0.4 pt wide of 180, the left bleed 8.6 pt (0.4 short of 9).
mkpdf ok 198 270 "9 9 189.4 261" "0.4 0 198 270" "0.6 0.6 0.6 0.6" 6 1.92
pfl 1 "dtc, at every threshold" --vendor dtc "$pf/ok.pdf"
for s in preflight.ink preflight.text-size preflight.image-resolution \
    preflight.page-size preflight.bleed preflight.colour; do
	if grep -E "(error|warning): .*\[$s\]" "$t/err"; then
		bad "dtc at the threshold finds $s"; else ok; fi
done
has "$t/err" "total ink up to 240 %" "the ink measured"
# What makes it fail all the same: a font not embedded, the markers.
has "$t/err" "error: page 1: font /R7 'Helvetica' (obj 7) is not embedded" "a font not embedded, by page and object"
has "$t/err" "error: no GTS_PDFXVersion" "no PDF/X version"
has "$t/err" "error: Trapped is missing" "no Trapped"
has "$t/err" "error: PDF 1.7, where PDF/X-1a:2003 is PDF 1.3 or 1.4" "the version"

# Each just past: ink 0.61 + 0.6 x 3 = 241 %, text 5.9 pt, the picture
# 1.93 pt wide (8 / (1.93 / 72) = 298.4 ppi), the trim 0.6 pt wide, the
# left bleed 8.4 pt.
mkpdf past 198 270 "9 9 189.6 261" "0.6 0 198 270" "0.61 0.6 0.6 0.6" 5.9 1.93
pfl 1 "dtc, past every threshold" --vendor dtc "$pf/past.pdf"
has "$t/err" "error: page 1: content stream (obj 5): total ink 241 % (C 61 M 60 Y 60 K 60), over dtc's 240 % [preflight.ink]" "ink over 240 %"
has "$t/err" "warning: page 1: content stream (obj 5): text in /R7 'Helvetica' at 5.9 pt, under 6 pt [preflight.text-size]" "text under 6 pt"
has "$t/err" "warning: page 1: inline image in content stream (obj 5): 298 ppi (8 x 8 px at 0.7 x 0.7 mm), below 300 [preflight.image-resolution]" "a picture under 300 ppi"
has "$t/err" "error: page 1: trim 63.7 x 88.9 mm (TrimBox), where dtc's card is 63.5 x 88.9 mm [preflight.page-size]" "the trim 0.6 pt off"
has "$t/err" "error: page 1: 3.0 mm of bleed past the trim, where dtc asks for 3.2 mm [preflight.bleed]" "the bleed 0.6 pt short"
# Without a vendor: warnings and notes only, exit 0; pictures from 150
# ppi, ink from 300 %.
pfl 0 "no vendor" "$pf/past.pdf"
lacks "$t/err" "error:" "no errors without a vendor"
has "$t/err" "warning: page 1: font /R7 'Helvetica' (obj 7) is not embedded [preflight.font]" "a font not embedded warns"
lacks "$t/err" "[preflight.ink]" "241 % is under 300 % without a vendor"
lacks "$t/err" "[preflight.image-resolution]" "298 ppi is over 150 without a vendor"
has "$t/err" "note: not PDF/X: no GTS_PDFXVersion, no OutputIntent [preflight.pdfx]" "the PDF/X note"
has "$t/err" "note: PDF 1.7, 1 page of 69.8 x 95.2 mm; 1 font (1 not embedded), 1 image placed, colour DeviceCMYK, DeviceGray; total ink up to 241 % [preflight.summary]" "the summary"
# Ink past 300 % without a vendor (0.8 x 4 = 320 %), and a picture of
# 8 px over 3.85 pt (149.6 ppi) against 3.84 pt (150).
mkpdf generic 198 270 - - "0.8 0.8 0.8 0.8" 12 3.85
pfl 0 "no vendor, ink over 300 %" "$pf/generic.pdf"
has "$t/err" "warning: page 1: content stream (obj 5): total ink 320 % (C 80 M 80 Y 80 K 80), over 300 % [preflight.ink]" "ink over 300 % warns"
has "$t/err" "149 ppi (8 x 8 px at 1.4 x 1.4 mm), below 150 [preflight.image-resolution]" "149.6 ppi warns"
mkpdf generic2 198 270 - - "0.75 0.75 0.75 0.75" 12 3.84
pfl 0 "no vendor, at 300 % and 150 ppi" "$pf/generic2.pdf"
lacks "$t/err" "[preflight.ink]" "300 % does not warn"
lacks "$t/err" "[preflight.image-resolution]" "150 ppi does not warn"
# A card of 2.5 x 3.5 in with no bleed at all, and a page that is the
# card and its bleed with no TrimBox (the trim inferred).
mkpdf nobleed 180 252 - - "0 0 0 1" 12 1
pfl 1 "no bleed" --vendor mpc "$pf/nobleed.pdf"
has "$t/err" "error: page 1: trim 63.5 x 88.9 mm (MediaBox, no TrimBox), where mpc's card is 63.0 x 88.0 mm [preflight.page-size]" "an inch-sized card for mpc"
mkpdf inferred 198 270 - - "0 0 0 1" 12 1
pfl 1 "trim inferred" --vendor dtc "$pf/inferred.pdf"
lacks "$t/err" "[preflight.page-size]" "a page of the card and its bleed is the card"
has "$t/err" "error: page 1: no TrimBox (PDF/X-1a needs one on every page, as dtc does) [preflight.bleed]" "PDF/X needs a TrimBox"

# --- qpdf's object streams and xref stream: the same findings ---
qpdf --object-streams=generate "$pf/past.pdf" "$pf/past-os.pdf" || bad "qpdf cannot write object streams"
"$muster" preflight --vendor dtc "$pf/past.pdf" 2>&1 | sed 's/(obj [0-9]*)//g; s/^[^:]*://' > "$pf/a"
pfl 1 "object streams" --vendor dtc "$pf/past-os.pdf"
sed 's/(obj [0-9]*)//g; s/^[^:]*://' "$t/err" > "$pf/b"
if cmp -s "$pf/a" "$pf/b"; then ok; else bad "object streams give other findings: $(diff "$pf/a" "$pf/b" | head -5)"; fi
grep -q "/ObjStm" "$pf/past-os.pdf" && ok || bad "qpdf wrote no object stream"

# --- a damaged cross-reference table: read by scanning, told ---
python3 - "$pf/ok.pdf" "$pf/damaged.bin" <<'PY'
import re, sys
d = open(sys.argv[1], "rb").read()
i = d.rindex(b"startxref")
open(sys.argv[2], "wb").write(d[:i] + b"startxref\n17\n%%EOF\n")
PY
pfl 0 "damaged" "$pf/damaged.bin"
has "$t/err" "warning: its cross-reference data is damaged: read by scanning the file for its objects (qpdf --check tells more) [preflight.damaged]" "a damaged table is told"
has "$t/err" "total ink up to 240 %" "a damaged file is read all the same"

# --- what is not a PDF, or not there: exit 2 ---
printf 'hello\n' > "$pf/text.bin"
pfl 2 "not a PDF" "$pf/text.bin"
has "$t/err" "$pf/text.bin: error: is not a PDF (no %PDF- header in its first 1024 bytes) [io.read]" "not a PDF"
printf '%%PDF-1.4\n1 0 obj <<' > "$pf/cut.bin"
pfl 2 "a PDF cut short" "$pf/cut.bin"
has "$t/err" "is a damaged PDF: no document catalog could be found [io.read]" "no catalog"
# Encrypted (even with an empty password): its strings and streams
# cannot be read without decrypting.
qpdf --encrypt "" "" 256 -- "$pf/ok.pdf" "$pf/encrypted.bin" || bad "qpdf cannot encrypt"
pfl 2 "encrypted" "$pf/encrypted.bin"
has "$t/err" "error: is encrypted: muster cannot read its content (qpdf --decrypt writes a copy it can) [io.read]" "encryption told"
pfl 2 "missing" "$pf/none.pdf"
pfl 2 "a folder" "$pf"
expect 2 "preflight: unknown vendor" -- "$muster" preflight --vendor dct "$pf/ok.pdf"
has "$t/err" "unknown vendor 'dct'; did you mean 'dtc'? allowed: mpc, tgc, dtc, pnp" "a vendor's typo"
expect 2 "preflight: no file" -- "$muster" preflight --vendor dtc
# One bad file among good ones: its status wins, the others are read.
pfl 2 "a bad file among good" "$pf/ok.pdf" "$pf/text.bin"
has "$t/err" "$pf/ok.pdf: note: PDF 1.7" "the good file is still read"

# --- --json: one object, as check --json, with the vendor ---
expect 1 "preflight --json" -- "$muster" preflight --json --vendor dtc "$pf/past.pdf"
python3 - "$t/out" <<'PY' && ok || bad "preflight --json: not the object check --json prints"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["vendor"] == "dtc" and d["files"] == 1, d
assert d["errors"] == sum(x["severity"] == "error" for x in d["diagnostics"]), d
rules = {x["rule"] for x in d["diagnostics"]}
assert {"preflight.ink", "preflight.font", "preflight.pdfx"} <= rules, rules
assert all(x["line"] == 0 for x in d["diagnostics"])
PY
[ -s "$t/err" ] && bad "preflight --json wrote to stderr: $(head -2 "$t/err")" || ok
expect 0 "preflight --json, no vendor" -- "$muster" preflight --json "$pf/ok.pdf"
has "$t/out" '"vendor": null' "no vendor is null"

# --- muster's own: a default RGB render of a deck fails dtc ---
expect 0 "render for preflight" -- "$muster" render --paper a4 --backs duplex-long --bleed 3 -o "$pf/tactics.pdf" decks/tactics.yaml
pfl 1 "an RGB deck for dtc" --vendor dtc "$pf/tactics.pdf"
has "$t/err" "DeviceRGB colour; dtc prints CMYK only (PDF/X-1a) [preflight.colour]" "RGB colour refused"
has "$t/err" "error: no OutputIntent of /S /GTS_PDFX in the catalog" "no OutputIntent"
has "$t/err" "no TrimBox (PDF/X-1a needs one on every page" "no TrimBox on a sheet"
has "$t/err" "error: pages 1-14: a sheet of 297.0 x 210.0 mm, where dtc takes one card a page: 69.8 x 95.2 mm, the 63.5 x 88.9 mm card and 3.2 mm of bleed each side (render --vendor dtc prints that) [preflight.page-size]" "a sheet of cards refused, its pages told once"
# The default render, an A4 sheet of 9 cards with no bleed: a shop that
# takes one card a page refuses it (SPEC 4: exit 1), naming its page.
expect 0 "render a sheet" -- "$muster" render -o "$pf/sheet9.pdf" decks/tactics.yaml
for v in mpc tgc; do
	pfl 1 "a sheet for $v" --vendor "$v" "$pf/sheet9.pdf"
	has "$t/err" "error: pages 1-6: a sheet of 210.0 x 297.0 mm, where $v takes one card a page: " "a sheet refused by $v"
done
has "$t/err" "where tgc takes one card a page: 69.8 x 95.2 mm, the 63.5 x 88.9 mm card and 3.2 mm of bleed each side" "tgc's card and bleed named"
# Print-and-play takes sheets.
pfl 0 "a sheet for pnp" --vendor pnp "$pf/sheet9.pdf"
lacks "$t/err" "[preflight.page-size]" "pnp takes a sheet"
# One card in the middle of an A4 page, its TrimBox the card and its
# BleedBox 3 mm round it: not a sheet; the boxes say what is cut, a
# warning (the font, not embedded, is what fails).
mkpdf slug 595.28 841.89 "208.35 296.22 386.93 545.67" "199.85 287.72 395.43 554.17" "0 0 0 1" 12 1
pfl 1 "one card on a large page" --vendor mpc "$pf/slug.pdf"
has "$t/err" "warning: page 1: a page of 210.0 x 297.0 mm around one card (its TrimBox), where mpc's page is the card and its bleed, 69.0 x 94.0 mm" "one card on a large page warned"
lacks "$t/err" "a sheet of" "one card on a large page is no sheet"
lacks "$t/err" "[preflight.bleed]" "its BleedBox holds mpc's bleed"
# The same deck a card a page, as MakePlayingCards takes it: 63 x 88 mm
# trimmed, 3 mm of bleed.
expect 0 "render a card a page" -- "$muster" render --paper a4 --layout single --bleed 3 -o "$pf/single.pdf" decks/tactics.yaml
pfl 0 "a card a page for mpc" --vendor mpc "$pf/single.pdf"
lacks "$t/err" "[preflight.page-size]" "mpc's card size"
lacks "$t/err" "[preflight.bleed]" "mpc's bleed"
pfl 1 "a card a page for dtc" --vendor dtc "$pf/single.pdf"
has "$t/err" "trim 63.0 x 88.0 mm (TrimBox), where dtc's card is 63.5 x 88.9 mm [preflight.page-size]" "a 63 x 88 card for dtc"
# Pictures with soft masks (the Ember & Tide deck's icons), all CMYK.
expect 0 "render --cmyk" -- "$muster" render --paper a4 --cmyk --layout single --bleed 3 -o "$pf/ember.pdf" decks/ember-tide.yaml
pfl 1 "soft masks for dtc" --vendor dtc "$pf/ember.pdf"
has "$t/err" "a soft mask (SMask); dtc takes no transparency [preflight.transparency]" "soft masks refused"
has "$t/err" "note: pages 1-40: DeviceCMYK colour" "the vectors in CMYK"
lacks "$t/err" "DeviceRGB" "the pictures in CMYK too"
pfl 0 "soft masks for mpc" --vendor mpc "$pf/ember.pdf"
has "$t/err" "a soft mask (SMask) [preflight.transparency]" "a soft mask is a note for mpc"
pfl 1 "a PDF for tgc" --vendor tgc "$pf/single.pdf"
has "$t/err" "note: tgc takes one PNG a face of 825 x 1125 px" "tgc takes PNG"
# Small print (SPEC 4's legibility floor): the shipped examples keep to
# it since the design pass, so a user's template at 5.75 pt
# (tests/bad/render-small-text.tmpl) stands in for the legend's 4.6 pt.
expect 0 "render small text" -- "$muster" render --paper letter --product card --template tests/bad/render-small-text.tmpl -o "$pf/shellshock.pdf" units/shellshock/mason.yaml
pfl 0 "small text" "$pf/shellshock.pdf"
has "$t/err" "under 6 pt" "small text in a user's template is found"

# --- render --vendor's own files pass their vendor: dtc's PDF/X-1a, every
# object CMYK and its ink within 240 %; mpc's card a page ---
for v in dtc mpc tgc pnp; do
	[ "$v" = tgc ] && continue	# PNG faces, not a PDF
	expect 0 "render --vendor $v" -- "$muster" render --vendor "$v" -o "$pf/v-$v.pdf" decks/ember-tide.yaml
	pfl 0 "render --vendor $v passes $v" --vendor "$v" "$pf/v-$v.pdf"
	lacks "$t/err" "error:" "--vendor $v's file has no error for $v"
done
pfl 0 "dtc's file, again" --vendor dtc "$pf/v-dtc.pdf"
lacks "$t/err" "DeviceRGB" "dtc's file holds no RGB"
lacks "$t/err" "[preflight.transparency]" "dtc's file holds no transparency"
lacks "$t/err" "[preflight.pdfx]" "dtc's file has every PDF/X marker"
has "$t/err" "colour DeviceCMYK; total ink up to 2" "dtc's ink measured, pictures' samples included"

# --- total ink against ghostscript's CMYK rendering (an outside
# judge): the highest C+M+Y+K of any pixel of its pamcmyk32 pages is the
# highest preflight read from the colour operators ---
expect 0 "render --cmyk for ink" -- "$muster" render --paper a4 --cmyk --bleed 3 -o "$pf/inked.pdf" decks/battalions.yaml
pfl 0 "ink of a CMYK deck" "$pf/inked.pdf"
mine=$(grep -o 'total ink up to [0-9]* %' "$t/err" | grep -o '[0-9]*')
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pamcmyk32 -r20 -sOutputFile="$pf/ink-%03d.pam" "$pf/inked.pdf" >/dev/null 2>&1
theirs=$(python3 - "$pf"/ink-*.pam <<'PY'
import sys
best = 0
for f in sys.argv[1:]:
    d = open(f, "rb").read()
    i = d.index(b"ENDHDR\n") + 7
    px = d[i:]
    best = max([best] + [sum(px[k:k + 4]) for k in range(0, len(px) - 3, 4)])
print("%.0f" % (best * 100 / 255))
PY
)
if [ -n "$mine" ] && [ "$mine" = "$theirs" ]; then ok; else
	bad "total ink: preflight reads ${mine:-nothing} %, ghostscript's CMYK rendering $theirs %"; fi
rm -f "$pf"/ink-*.pam

# --- a PDF/X file from elsewhere: every marker there ---
pfl 1 "PDF/X markers" --vendor dtc tests/fuzz/pdf/features.pdf
lacks "$t/err" "[preflight.pdfx]" "GTS_PDFXVersion, OutputIntent, Trapped found"
has "$t/err" "blend mode Multiply; dtc takes no transparency" "a blend mode"
has "$t/err" "fill alpha ca 0.50; dtc takes no transparency" "a constant alpha"
has "$t/err" "shading /Sh1 in content stream (obj 4): DeviceRGB colour" "an RGB shading"
has "$t/err" "note: page 1: Separation colour" "a spot colour allowed"
has "$t/err" "form /Fm1 (obj 7): a transparency group" "a form's group"
pfl 0 "PDF/X markers, no vendor" tests/fuzz/pdf/features.pdf
has "$t/err" "note: PDF/X-1a:2003 [preflight.pdfx]" "the PDF/X version told"

# --- every PDF `make` renders (the Makefile's loop) passes mpc ---
mkdir -p "$pf/make"
nmake=0
for d in units/*/; do
	b=$(basename "$d")
	"$muster" render --paper a4 -o "$pf/make/$b.pdf" "$d" >/dev/null 2>&1 || bad "render $d"
	"$muster" render --paper letter -o "$pf/make/$b-letter.pdf" "$d" >/dev/null 2>&1 || bad "render $d (letter)"
done
for f in decks/*.yaml; do
	"$muster" render --paper a4 --backs duplex-long --bleed 3 -o "$pf/make/$(basename "$f" .yaml).pdf" "$f" >/dev/null 2>&1 || bad "render $f"
done
# They are sheets for a home printer: print-and-play refuses nothing in
# them, and MakePlayingCards, one card a page, refuses only that.
for f in "$pf"/make/*.pdf; do
	nmake=$((nmake + 1))
	pfl 0 "make's $(basename "$f") for pnp" --vendor pnp "$f"
	lacks "$t/err" "error:" "pnp refuses nothing in $(basename "$f")"
	pfl 1 "make's $(basename "$f") for mpc" --vendor mpc "$f"
	if grep "error:" "$t/err" | grep -vqF "[preflight.page-size]"; then
		bad "mpc refuses more than the sheet in $(basename "$f"): $(grep "error:" "$t/err" | grep -vF "[preflight.page-size]" | head -2)"
	else ok; fi
done
if [ "$nmake" -ge 15 ]; then ok; else bad "only $nmake PDFs of make's were preflighted"; fi

# --- a file past what muster reads (100,000 pages) is said to be read
# in part, not summed up as if whole; 100,000 pages are read whole ---
pages_pdf() { # N FILE: a PDF of N empty poker-size pages, a flat tree
	/usr/bin/python3 - "$1" "$2" <<'PY'
import sys
n, out = int(sys.argv[1]), sys.argv[2]
parts, offs, at = [b"%PDF-1.4\n"], [], [9]
def obj(num, body):
    offs.append(at[0])
    parts.append(b"%d 0 obj\n%s\nendobj\n" % (num, body))
    at[0] += len(parts[-1])
obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
obj(2, b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % (3 + i) for i in range(n)) + b"] /Count %d >>" % n)
for i in range(n):
    obj(3 + i, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 180 252] >>")
x = at[0]
parts.append(b"xref\n0 %d\n0000000000 65535 f\r\n" % (n + 3))
parts += [b"%010d 00000 n\r\n" % o for o in offs]
parts.append(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (n + 3, x))
open(out, "wb").write(b"".join(parts))
PY
}
pages_pdf 100000 "$pf/100000.pdf" && pages_pdf 100001 "$pf/100001.pdf" || bad "preflight: the page-limit PDFs not written"
pfl 0 "100,000 pages" "$pf/100000.pdf"
lacks "$t/err" "larger than muster reads" "100,000 pages read whole"
has "$t/err" "100000 pages of 63.5 x 88.9 mm" "preflight: 100,000 pages counted"
pfl 0 "100,001 pages" "$pf/100001.pdf"
has "$t/err" "is larger than muster reads (100,000 pages, 4,000,000 objects): what follows is of the 100000 pages read" "preflight: a file past the page limit said to be read in part"
rm -f "$pf/100000.pdf" "$pf/100001.pdf"

# --- every rule id preflight lists: shown above, and in the manual ---
"$muster" preflight --list-rules | awk '{ print $1 }' > "$pf/rules"
if [ "$(wc -l < "$pf/rules")" -ge 12 ]; then ok; else bad "preflight --list-rules lists $(wc -l < "$pf/rules") rules"; fi
while read -r rule; do
	if grep -qF "[$rule]" "$pf/seen"; then ok; else bad "no preflight case shows $rule"; fi
	if grep -qF "$rule" doc/muster.1; then ok; else bad "doc/muster.1 does not list $rule"; fi
done < "$pf/rules"
