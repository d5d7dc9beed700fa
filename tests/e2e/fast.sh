# fast.sh -- sourced by tests/e2e.sh: the fast PDF writer (own operator
# buffer, pages compressed on a second thread, unchanging parts of a card
# as Form XObjects) against the plain one (libharu's call per operator,
# MUSTER_PDF_PLAIN=1).  Every example renders both ways, on Letter and
# on A4 with bleed and duplex backs, to as many pages, the same pixels
# at 150 dpi on its first two pages (a sheet of fronts and its backs)
# and its last, and the same text in the same order on every page.
# (Every page's pixels took 12.6 s of processor time in pdftoppm, two
# fifths of this part: a later page draws the same forms and the same
# operators as the first with other words.)

# same_pixels NAME ARGS...: renders both ways, compares pages 1, 2 and
# the last.
same_pixels() {
	name=$1
	shift
	rm -rf "$t/fx"
	mkdir -p "$t/fx"
	"$muster" render -o "$t/fx/fast.pdf" "$@" >/dev/null 2>&1
	MUSTER_PDF_PLAIN=1 "$muster" render -o "$t/fx/plain.pdf" "$@" \
	    >/dev/null 2>&1
	if [ ! -s "$t/fx/fast.pdf" ] || [ ! -s "$t/fx/plain.pdf" ]; then
		bad "fast/plain $name: no PDF"
		return
	fi
	last=$(pdfinfo "$t/fx/fast.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
	plast=$(pdfinfo "$t/fx/plain.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
	if [ -z "$last" ] || [ "$last" != "$plast" ]; then
		bad "fast/plain $name: ${last:-no} pages against ${plast:-no}"
		return
	fi
	for w in f:fast p:plain; do
		pdftoppm -r 150 -l 2 "$t/fx/${w#*:}.pdf" "$t/fx/${w%%:*}"
		[ "$last" -gt 2 ] && pdftoppm -r 150 -f "$last" -l "$last" \
		    "$t/fx/${w#*:}.pdf" "$t/fx/${w%%:*}"
	done
	pages=0 differ=0
	for png in "$t"/fx/f-*.ppm; do
		pages=$((pages + 1))
		cmp -s "$png" "$t/fx/p-${png##*/f-}" || differ=$((differ + 1))
	done
	if [ "$pages" -gt 0 ] && [ "$differ" = 0 ]; then ok; else
		bad "fast/plain $name: $differ of $pages pages differ at 150 dpi"
	fi
	pdftotext "$t/fx/fast.pdf" "$t/fx/fast.txt"
	pdftotext "$t/fx/plain.pdf" "$t/fx/plain.txt"
	if cmp -s "$t/fx/fast.txt" "$t/fx/plain.txt"; then ok; else
		bad "fast/plain $name: the text reads differently"
		diff "$t/fx/plain.txt" "$t/fx/fast.txt" | head -5
	fi
}

for d in units/*/; do
	same_pixels "$d letter" --paper letter "$d"
	same_pixels "$d a4 duplex" --paper a4 --bleed 3 --backs duplex-long "$d"
done
for f in decks/*.yaml; do
	# (a line-up prints nothing of its own)
	grep -q '^kind: lineup' "$f" && continue
	same_pixels "$f a4 duplex" --paper a4 --backs duplex-long --bleed 3 "$f"
done
same_pixels "tactics letter gutter cmyk" --paper letter --layout gutter-fold \
    --cmyk decks/tactics.yaml

# The fast PDF really is the fast one: forms, each placed on every card.
"$muster" render --paper letter --product card -o "$t/fx/cards.pdf" \
    units/shellshock >/dev/null 2>&1
qpdf --qdf --object-streams=disable "$t/fx/cards.pdf" "$t/fx/cards.qdf"
forms=$(grep -ac "/Subtype /Form" "$t/fx/cards.qdf")
placed=$(grep -ac " Do$" "$t/fx/cards.qdf")
if [ "$forms" -ge 1 ] && [ "$placed" -ge 6 ]; then ok; else
	bad "fast writer: $forms forms placed $placed times for 6 cards"
fi
# A card's name still comes first in reading order, before its labels.
pdftotext -f 1 -l 1 "$t/fx/cards.pdf" - | grep -v '^[[:space:]]*$' |
    head -3 > "$t/fx/first"
if grep -q "Mason\|Bison\|Jäger\|Harrier\|Kite\|Hailstorm" "$t/fx/first"; then ok; else
	bad "fast writer: the first lines of text are not a card's name"
	cat "$t/fx/first"
fi
# Fonts are still embedded and subset (only the glyphs used go in).
pdffonts "$t/fx/cards.pdf" > "$t/fx/fonts" 2>&1
if awk 'NR > 2 && ($(NF-4) != "yes" || $(NF-3) != "yes") { bad = 1 } END { exit bad || NR < 3 }' "$t/fx/fonts"; then ok; else
	bad "fast writer: a font not embedded or not subset"; cat "$t/fx/fonts"
fi
