# pdfx.sh -- sourced by tests/e2e.sh: print shops (SPEC section 4,
# --vendor, --pdfx, --ink-limit).  The judge is outside muster: every
# object of a --pdfx file read back through qpdf --json by
# tests/pdfx_check.py (PDF/X-1a:2003's keys and boxes, no RGB, no soft
# mask, fonts embedded, no rg/RG, every k/K and CMYK sample within the
# ink limit), ghostscript rendering it with -dPDFSTOPONERROR (and, in
# CMYK, to compare a flattened picture's inks with the shape beneath),
# pdfinfo's boxes and PDF/X subtype, and the shops' published sizes.

xcheck() { /usr/bin/python3 tests/pdfx_check.py "$@"; }
pix() { /usr/bin/python3 tests/png_pixel.py "$@"; }
mkdir -p "$t/pdfx"

# The deck: Ember & Tide, whose pictures are PNGs with alpha (colour
# type 6, RGBA), with each card's small badge an RGB JPEG instead.
cp -r decks/ember-tide decks/ember-tide.yaml "$t/pdfx/"
"$muster" render --vendor mpc -o "$t/pdfx/src.pdf" decks/ember-tide.yaml >/dev/null 2>&1
pdftoppm -jpeg -r 20 -f 2 -l 2 -singlefile "$t/pdfx/src.pdf" "$t/pdfx/ember-tide/icons/photo"
sed -i 's|{name: badge, image: "icons/{type}.png"|{name: badge, image: "icons/photo.jpg"|' "$t/pdfx/ember-tide/card.yaml"
# And, told by their bytes whatever their names, the stone cards' picture
# a CMYK JPEG (ghostscript's, inks inverted as Adobe writes them) and the
# leaf cards' a grey one.
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=jpegcmyk -r20 -dFirstPage=3 -dLastPage=3 -sOutputFile="$t/pdfx/ember-tide/icons/stone.png" "$t/pdfx/src.pdf"
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=jpeggray -r20 -dFirstPage=3 -dLastPage=3 -sOutputFile="$t/pdfx/ember-tide/icons/leaf.png" "$t/pdfx/src.pdf"
if grep -q 'icons/photo.jpg' "$t/pdfx/ember-tide/card.yaml"; then ok; else bad "pdfx: the JPEG badge was not put into the test deck"; fi
python3 - "$t/pdfx/ember-tide/icons/flame.png" "$t/pdfx/ember-tide/icons/photo.jpg" <<'PY' && ok || bad "pdfx: the test deck lacks an RGBA PNG or an RGB JPEG"
import sys
png = open(sys.argv[1], "rb").read()
jpg = open(sys.argv[2], "rb").read()
# PNG IHDR colour type at byte 25: 6 is RGB with alpha.
assert png[25] == 6, png[25]
# JPEG SOF0/SOF2: the number of components after precision, height, width.
i = 2
while i < len(jpg):
    m = jpg[i + 1]
    n = (jpg[i + 2] << 8) | jpg[i + 3]
    if m in (0xC0, 0xC1, 0xC2):
        assert jpg[i + 9] == 3, jpg[i + 9]
        break
    i += 2 + n
else:
    sys.exit(1)
PY

# --- --vendor dtc: PDF/X-1a:2003, 2.5 x 3.5 in + 1/8 in, back first ---
expect 0 "--vendor dtc" -- "$muster" render --vendor dtc -o "$t/pdfx/dtc.pdf" "$t/pdfx/ember-tide.yaml"
has "$t/out" "$t/pdfx/dtc.pdf: 80 pages, 40 cards" "dtc: a page a face, 40 cards and their backs"
if xcheck 240 "$t/pdfx/dtc.pdf" >"$t/pdfx/check" 2>&1; then ok; else bad "dtc is not PDF/X-1a within 240 %: $(head -5 "$t/pdfx/check")"; fi
# Something was looked at: pictures, content streams, colours.
python3 - "$t/pdfx/check" <<'PY' && ok || bad "pdfx_check read too little: $(tail -1 "$t/pdfx/check")"
import re, sys
m = re.search(r"(\d+) pages, (\d+) images, (\d+) content streams, (\d+) k/K",
              open(sys.argv[1]).read())
pages, images, streams, ks = map(int, m.groups())
# 80 pages; six pictures: the crest, flame and tide PNGs, each flattened
# onto what it lies on, the RGB badge, the CMYK and the grey JPEG; a k
# or K for every colour set.
assert pages == 80 and images == 6 and streams >= 80 and ks > 300, m.groups()
PY
if gs -q -dNOPAUSE -dBATCH -dSAFER -dPDFSTOPONERROR -sDEVICE=nullpage "$t/pdfx/dtc.pdf" >"$t/gs" 2>&1 && [ ! -s "$t/gs" ]; then ok; else bad "ghostscript on dtc.pdf: $(head -3 "$t/gs")"; fi
qpdf --qdf --object-streams=disable "$t/pdfx/dtc.pdf" "$t/pdfx/dtc-qdf.pdf" 2>/dev/null
if grep -aqE "(^| )(rg|RG)$" "$t/pdfx/dtc-qdf.pdf"; then bad "dtc: an rg or RG operator"; else ok; fi
if grep -aq "/SMask\|/DeviceRGB" "$t/pdfx/dtc-qdf.pdf"; then bad "dtc: a soft mask or DeviceRGB"; else ok; fi
# Five pictures CMYK, the grey JPEG left grey (PDF/X-1a allows it).
grep -a "/ColorSpace /Device" "$t/pdfx/dtc-qdf.pdf" | sort | uniq -c | tr -s ' ' > "$t/count"
has "$t/count" " 5 /ColorSpace /DeviceCMYK" "dtc: five CMYK pictures"
has "$t/count" " 1 /ColorSpace /DeviceGray" "dtc: the grey JPEG grey"
pdfinfo -box "$t/pdfx/dtc.pdf" | tr -s " " > "$t/info"
has "$t/info" "PDF subtype: PDF/X-1:2003" "pdfinfo reads dtc as PDF/X-1"
has "$t/info" "Subtitle: Part 4: Complete exchange of CMYK and spot colour printing data using PDF 1.4 (PDF/X-1a)" "pdfinfo: PDF/X-1a"
has "$t/info" "PDF version: 1.4" "dtc: PDF 1.4"
# 2.5 x 3.5 in trim (180 x 252 pt), 1/8 in (9 pt) bleed each way.
has "$t/info" "Page size: 198 x 270 pts" "dtc: 2.75 x 3.75 in pages"
has "$t/info" "TrimBox: 9.00 9.00 189.00 261.00" "dtc: the trim 1/8 in in"
has "$t/info" "BleedBox: 0.00 0.00 198.00 270.00" "dtc: the bleed at the page"
# The back of card 1 on page 1, its front on page 2.
pdftotext -f 1 -l 2 -layout "$t/pdfx/dtc.pdf" - | tr -s ' \n' '  ' > "$t/pdfx/order"
python3 - "$t/pdfx/order" <<'PY' && ok || bad "dtc: page 1 is not card 1's back, page 2 not its front: $(head -c 200 "$t/pdfx/order")"
import sys
s = open(sys.argv[1]).read()
back, front = s.find("EMBER & TIDE"), s.find("Kindle")
assert 0 <= back < front, (back, front)
PY
# Every page's boxes (pdfinfo -box page by page).
pdfinfo -box -f 1 -l 80 "$t/pdfx/dtc.pdf" | grep -c "TrimBox: *9.00 *9.00 *189.00 *261.00" > "$t/count"
has "$t/count" "80" "dtc: all 80 pages have the TrimBox"

# A flattened picture shows no edge: in CMYK (ghostscript's own
# rendering), a transparent corner of the element picture on the card
# front (page 2, 12.5 mm + 1/8 in from the left and 15 mm + 1/8 in from
# the top, 38 mm square) has the inks of the panel just outside it.
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pamcmyk32 -r100 -dFirstPage=2 -dLastPage=2 -sOutputFile="$t/pdfx/p2.pam" "$t/pdfx/dtc.pdf" 2>/dev/null
python3 - "$t/pdfx/p2.pam" <<'PY' && ok || bad "dtc: a flattened picture's corner differs from the panel beneath it"
import sys
d = open(sys.argv[1], "rb").read()
end = d.index(b"ENDHDR\n") + 7
w = int([l for l in d[:end].split(b"\n") if l.startswith(b"WIDTH")][0].split()[1])
px = lambda x, y: tuple(d[end + (y * w + x) * 4:end + (y * w + x) * 4 + 4])
mm = 100 / 25.4
inset = 3.175
corner = px(round((12.5 + inset + 1) * mm), round((15 + inset + 1) * mm))
outside = px(round((12.5 + inset - 2) * mm), round((15 + inset + 1) * mm))
assert corner == outside, (corner, outside)
assert sum(outside) > 0 and outside != (0, 0, 0, 0)
PY
# Colours as the RGB render's: the flame card's ground, #c0392b, from
# DeviceCMYK back to RGB by poppler.  Its conversion is not the inverse
# of pdf_rgb_to_cmyk (it gives #bf442d): within 16 of 255 a channel.
pdftoppm -r 50 -png -f 2 -l 2 -singlefile "$t/pdfx/dtc.pdf" "$t/pdfx/dtc2"
got=$(pix "$t/pdfx/dtc2.png" 3 3 | tail -1)
python3 - "$got" <<'PY' && ok || bad "dtc: the flame ground prints as $got, not near #c0392b"
import sys
h = sys.argv[1].lstrip("#")
rgb = [int(h[i:i + 2], 16) for i in (0, 2, 4)]
assert all(abs(a - b) <= 16 for a, b in zip(rgb, (0xc0, 0x39, 0x2b))), rgb
PY

# --- the check can fail: an RGB render, and ink over the limit ---
expect 0 "--vendor mpc" -- "$muster" render --vendor mpc -o "$t/pdfx/mpc.pdf" "$t/pdfx/ember-tide.yaml"
if xcheck 240 "$t/pdfx/mpc.pdf" >"$t/pdfx/check" 2>&1; then bad "pdfx_check passes an RGB file"; else ok; fi
for want in "sets an RGB colour (rg)" "has a soft mask (/SMask)" "names the colour space /DeviceRGB" \
    "Info /GTS_PDFXVersion is None" "the catalog has no /GTS_PDFX OutputIntent" "Info /Trapped is None"; do
	has "$t/pdfx/check" "$want" "pdfx_check on an RGB file"
done
# Pictures through SWOP reach some 300 %: at --ink-limit 300 they pass
# 300 and fail 240; at DTC's 240 they pass.
expect 0 "--ink-limit 300" -- "$muster" render --vendor dtc --ink-limit 300 --only Kindle,Ripple -o "$t/pdfx/ink300.pdf" "$t/pdfx/ember-tide.yaml"
if xcheck 300 "$t/pdfx/ink300.pdf" >/dev/null 2>&1; then ok; else bad "--ink-limit 300 goes over 300 %"; fi
if xcheck 240 "$t/pdfx/ink300.pdf" >"$t/pdfx/check" 2>&1; then bad "--ink-limit 300 stays within 240 %: the limit test cannot fail"; else ok; fi
has "$t/pdfx/check" "samples over 240 % total ink" "the ink check reads the pictures"
# A rich vector colour: #3a0a0a is K 1 - 58/255 = 77.3 %, M and Y
# (58 - 10) / 58 = 82.8 % by pdf_rgb_to_cmyk, in 255ths 211, 211, 197:
# 242.7 %; DTC's 240 % scales it, 300 % leaves it.
sed 's/ink: "#282c34"/ink: "#3a0a0a"/' "$t/pdfx/ember-tide/card.yaml" > "$t/pdfx/ember-tide/rich.yaml"
sed 's|template: ember-tide/card.yaml|template: ember-tide/rich.yaml|' "$t/pdfx/ember-tide.yaml" > "$t/pdfx/rich.yaml"
expect 0 "rich ink 240" -- "$muster" render --pdfx --ink-limit 240 --only Kindle -o "$t/pdfx/rich240.pdf" "$t/pdfx/rich.yaml"
if xcheck 240 "$t/pdfx/rich240.pdf" >/dev/null 2>&1; then ok; else bad "--ink-limit 240 left a vector colour over 240 %"; fi
expect 0 "rich ink 300" -- "$muster" render --pdfx --ink-limit 300 --only Kindle -o "$t/pdfx/rich300.pdf" "$t/pdfx/rich.yaml"
xcheck 240 "$t/pdfx/rich300.pdf" >"$t/pdfx/check" 2>&1
has "$t/pdfx/check" "0 0.82745 0.82745 0.77255 k: total ink 242.74 %" "a vector colour of 242.7 % told at 240 %"

# --- --pdfx alone: sheets of cards, the paper's boxes ---
expect 0 "--pdfx on sheets" -- "$muster" render --pdfx --paper a4 -o "$t/pdfx/sheet.pdf" "$t/pdfx/ember-tide.yaml" units/shellshock/mason.yaml
if xcheck 300 "$t/pdfx/sheet.pdf" >"$t/pdfx/check" 2>&1; then ok; else bad "--pdfx sheets: $(head -3 "$t/pdfx/check")"; fi
expect 0 "--pdfx plain writer" -- env MUSTER_PDF_PLAIN=1 "$muster" render --pdfx --paper a4 -o "$t/pdfx/plain.pdf" "$t/pdfx/ember-tide.yaml"
if xcheck 300 "$t/pdfx/plain.pdf" >"$t/pdfx/check" 2>&1; then ok; else bad "--pdfx, plain writer: $(head -3 "$t/pdfx/check")"; fi
# --- --cmyk, not PDF/X: pictures DeviceCMYK too, through the same
# profile and ink limit as --pdfx (the RGBA PNGs, the RGB and the CMYK
# JPEG; the grey JPEG stays DeviceGray), their soft masks kept ---
expect 0 "--cmyk with pictures" -- "$muster" render --cmyk --ink-limit 200 --paper a4 -o "$t/pdfx/cmyk.pdf" "$t/pdfx/ember-tide.yaml"
pdfimages -list "$t/pdfx/cmyk.pdf" | awk 'NR > 2 { print $3, $6 }' | sort -u > "$t/pdfx/kinds"
if grep -q "rgb" "$t/pdfx/kinds"; then bad "--cmyk left an RGB picture: $(pdfimages -list "$t/pdfx/cmyk.pdf" | grep -m2 rgb)"; else ok; fi
has "$t/pdfx/kinds" "image cmyk" "--cmyk: pictures in CMYK"
has "$t/pdfx/kinds" "smask gray" "--cmyk: soft masks kept (not PDF/X)"
# The pictures' transparent corners show the card beneath, as in the RGB
# render (an empty soft mask shows them black): six corners of page 1's
# pictures at 50 dpi, each channel within 24 of the RGB render's.
"$muster" render --paper a4 -o "$t/pdfx/rgb.pdf" "$t/pdfx/ember-tide.yaml" >/dev/null 2>&1
for k in cmyk rgb; do pdftoppm -r 50 -png -f 1 -l 1 -singlefile "$t/pdfx/$k.pdf" "$t/pdfx/corner-$k"; done
if python3 - "$(pix "$t/pdfx/corner-cmyk.png" 47 64 171 64 295 64 47 237 171 410 295 410)" \
    "$(pix "$t/pdfx/corner-rgb.png" 47 64 171 64 295 64 47 237 171 410 295 410)" <<'PY'
import sys
a, b = (x.split()[2:] for x in sys.argv[1:])
assert len(a) == len(b) == 6
for p, q in zip(a, b):
    for i in (1, 3, 5):
        assert abs(int(p[i:i + 2], 16) - int(q[i:i + 2], 16)) <= 24, (p, q)
PY
then ok; else bad "--cmyk: pictures' transparent corners differ from the RGB render's"; fi
# Its own reader: no RGB anywhere, the pictures' samples within 200 %.
"$muster" preflight "$t/pdfx/cmyk.pdf" 2> "$t/pdfx/pf"
if grep -q "DeviceRGB" "$t/pdfx/pf"; then bad "--cmyk: preflight finds RGB: $(grep -m1 DeviceRGB "$t/pdfx/pf")"; else ok; fi
has "$t/pdfx/pf" "colour DeviceCMYK, DeviceGray; total ink up to 200 %" "--cmyk: pictures' ink held to --ink-limit"
# No profile: told, naming the option, and nothing written.
expect 2 "--cmyk without a profile" -- env MUSTER_CMYK_PROFILE="$t/none.icc" "$muster" render --cmyk -o "$t/pdfx/none-cmyk.pdf" "$t/pdfx/ember-tide.yaml"
has "$t/err" "--cmyk: cannot read the CMYK output profile '$t/none.icc'" "--cmyk: a missing profile is named"
if [ -e "$t/pdfx/none-cmyk.pdf" ]; then bad "--cmyk: a PDF written without a profile"; else ok; fi
# No profile: told, naming it, and nothing written.
expect 2 "--pdfx without a profile" -- env MUSTER_CMYK_PROFILE="$t/none.icc" "$muster" render --pdfx -o "$t/pdfx/none.pdf" "$t/pdfx/ember-tide.yaml"
has "$t/err" "cannot read the CMYK output profile '$t/none.icc'" "a missing profile is named"
if [ -e "$t/pdfx/none.pdf" ]; then bad "a PDF written without a profile"; else ok; fi

# --- --vendor mpc, tgc, pnp; the user's options win ---
pdfinfo -box "$t/pdfx/mpc.pdf" | tr -s " " > "$t/info"
# 63 x 88 mm + 3 mm: 69 x 94 mm = 195.59 x 266.46 pt; trim 8.5 pt in.
has "$t/info" "Page size: 195.591 x 266.457 pts" "mpc: 69 x 94 mm pages"
has "$t/info" "TrimBox: 8.50 8.50 187.09 257.95" "mpc: 63 x 88 mm trim"
pdftotext -f 1 -l 1 "$t/pdfx/mpc.pdf" - | grep -c Kindle > "$t/count"
has "$t/count" "1" "mpc: the front first"
expect 0 "--vendor tgc" -- "$muster" render --vendor tgc --only Kindle -d "$t/pdfx/tgc" "$t/pdfx/ember-tide.yaml"
has "$t/out" "3 cards with backs at 300 dpi" "tgc: PNG faces and backs at 300 dpi"
for f in ember-tide-001.png ember-tide-003.png ember-tide-back.png; do
	if [ "$(pix "$t/pdfx/tgc/$f" | head -1)" = "825 1125" ]; then ok; else
		bad "tgc: $f is $(pix "$t/pdfx/tgc/$f" | head -1), want 825 x 1125"; fi
done
# --format png said as well as the vendor's: the same faces; for dtc,
# whose PDF is PDF/X, a PNG the user asks for is written (not refused as
# --pdfx with png).
expect 0 "--vendor tgc --format png" -- "$muster" render --vendor tgc --format png --only Kindle -d "$t/pdfx/tgc2" "$t/pdfx/ember-tide.yaml"
if [ "$(pix "$t/pdfx/tgc2/ember-tide-001.png" | head -1)" = "825 1125" ]; then ok; else
	bad "tgc --format png: $(pix "$t/pdfx/tgc2/ember-tide-001.png" | head -1), want 825 x 1125"; fi
expect 0 "--vendor dtc --format png" -- "$muster" render --vendor dtc --format png --only Kindle -d "$t/pdfx/dtcpng" "$t/pdfx/ember-tide.yaml"
has "$t/out" "3 cards with backs at 300 dpi" "dtc: PNG faces when asked"
expect 0 "--vendor dtc --bleed 2" -- "$muster" render --vendor dtc --bleed 2 -o "$t/pdfx/b2.pdf" "$t/pdfx/ember-tide.yaml"
pdfinfo "$t/pdfx/b2.pdf" | tr -s " " > "$t/info"
# 180 + 2 x 2 mm (5.669 pt) = 191.34 pt wide.
has "$t/info" "Page size: 191.339 x 263.339 pts" "--bleed wins over the vendor's"
expect 0 "--vendor pnp" -- "$muster" render --vendor pnp --paper a4 -o "$t/pdfx/pnp.pdf" "$t/pdfx/ember-tide.yaml"
# The deck's own 63 x 88 mm, 9 up on A4: 40 cards on 5 sheets.
has "$t/out" "$t/pdfx/pnp.pdf: 5 pages, 40 cards" "pnp: sheets of 9"

# --- what is not a card: refused at the edge of VENDOR_CARD_MAX ---
# A card 5 in tall prints; 5 in and a millimetre is refused.
sed 's/^size: \[63mm, 88mm\]/size: [63mm, 5in]/' "$t/pdfx/ember-tide/card.yaml" > "$t/pdfx/ember-tide/tall.yaml"
sed 's|template: ember-tide/card.yaml|template: ember-tide/tall.yaml|' "$t/pdfx/ember-tide.yaml" > "$t/pdfx/tall.yaml"
expect 0 "--vendor dtc, a 5 in card" -- "$muster" render --vendor dtc --only Kindle -o "$t/pdfx/tall.pdf" "$t/pdfx/tall.yaml"
sed 's/^size: \[63mm, 88mm\]/size: [63mm, 128mm]/' "$t/pdfx/ember-tide/card.yaml" > "$t/pdfx/ember-tide/tall.yaml"
expect 2 "--vendor dtc, a 128 mm card" -- "$muster" render --vendor dtc --only Kindle -o "$t/pdfx/tall2.pdf" "$t/pdfx/tall.yaml"
has "$t/err" "product 'card' (template 'ember-tide', 63.0 mm x 128.0 mm) is not one" "a card over 5 in is refused"
# An army has no card: its roster and counters are left out, each told
# once, and with nothing left to print it is an error, not a blank PDF.
expect 2 "--vendor dtc on an army" -- "$muster" render --vendor dtc -o "$t/pdfx/army.pdf" units/shambattle
grep -c "is left out" "$t/err" > "$t/count"
has "$t/count" "2" "the roster and the counter, each told once"
has "$t/err" "--vendor dtc prints cards, and these inputs hold none" "nothing left to print is an error"
test ! -e "$t/pdfx/army.pdf" && ok || bad "--vendor dtc on an army wrote a PDF"
# A unit's card prints for a vendor, its counter left out (SPEC 4: the
# profile sets layout; --product counter still refuses it).
expect 0 "--vendor mpc on a unit" -- "$muster" render --vendor mpc -o "$t/pdfx/bison-mpc.pdf" units/shellshock/bison.yaml
has "$t/err" "product 'counter' (template 'shellshock-counter') is left out" "the counter left out, told"
has "$t/out" "bison-mpc.pdf: 2 pages, 1 card" "the card printed for mpc"

# --- usage ---
expect 2 "--ink-limit 199" -- "$muster" render --pdfx --ink-limit 199 -o "$t/pdfx/x.pdf" "$t/pdfx/ember-tide.yaml"
has "$t/err" "--ink-limit '199' must be a whole percentage from 200 to 400" "--ink-limit's range"
expect 0 "--ink-limit 200" -- "$muster" render --pdfx --ink-limit 200 --only Kindle -o "$t/pdfx/x.pdf" "$t/pdfx/ember-tide.yaml"
expect 2 "--ink-limit without CMYK" -- "$muster" render --vendor mpc --ink-limit 260 -o "$t/pdfx/x.pdf" "$t/pdfx/ember-tide.yaml"
has "$t/err" "--ink-limit holds CMYK ink: give --cmyk or --pdfx too" "--ink-limit on RGB is told"
expect 2 "--vendor xyz" -- "$muster" render --vendor xyz -o "$t/pdfx/x.pdf" "$t/pdfx/ember-tide.yaml"
has "$t/err" "--vendor 'xyz' must be mpc, tgc, dtc or pnp" "an unknown vendor"
expect 2 "--pdfx --format png" -- "$muster" render --pdfx --format png -d "$t/pdfx/png" "$t/pdfx/ember-tide.yaml"
has "$t/err" "--pdfx makes a PDF" "--pdfx is a PDF"
# Completion offers the shops from vendor.c's table.
"$muster" complete 3 muster render --vendor "" | tr '\n' ' ' > "$t/count"
has "$t/count" "mpc tgc dtc pnp " "completion of --vendor"
