# tests/e2e/legibility.sh -- sourced by tests/e2e.sh: the legibility floor
# of SPEC 4, judged from the printed PDFs by tests/legibility.py (qpdf's
# decoded content streams: every Tf size times the text and graphics
# matrices; pdftotext -bbox word boxes against the TrimBox), not by
# muster's own reckoning.  Every shipped product prints no text under
# 6 pt, counters under 3/4 in none under 5 pt; no word of a card lies
# within 1/8 in (3.175 mm) of its cut, none of a counter within 1 mm;
# and muster itself warns of none (render.small-text, render.safe-zone,
# template.safe).
L="python3 tests/legibility.py"
# no_warning FILE WHAT: the render's diagnostics hold no legibility warning.
no_warning() {
	if grep -E "render\.small-text|render\.safe-zone|template\.safe" "$1" >"$t/legw"; then
		bad "$2: $(head -2 "$t/legw")"
	else ok; fi
}
# floor PT PDF WHAT: no text run under PT points.
floor() {
	if $L size --floor "$1" "$2" >"$t/legs" 2>&1; then ok; else
		bad "$3: $(grep -v ' text runs ' "$t/legs" | head -3) ($(tail -1 "$t/legs"))"; fi
}
# clear MM PDF WHAT: no word within MM of a page's TrimBox.
clear() {
	if $L safe --margin "$1" "$2" >"$t/legs" 2>&1; then ok; else
		bad "$3: $(head -3 "$t/legs")"; fi
}
for d in units/*/; do
	s=$(basename "$d")
	for paper in a4 letter; do
		"$muster" render --paper $paper --backs duplex-long --product card,sheet,roster,reference \
		    -o "$t/leg-$s-$paper.pdf" "$d" >/dev/null 2>"$t/legerr"
		no_warning "$t/legerr" "$s on $paper"
		[ -f "$t/leg-$s-$paper.pdf" ] && floor 6 "$t/leg-$s-$paper.pdf" "$s on $paper"
	done
	for size in 5/8:5 3/4:6; do
		"$muster" render --paper a4 --backs duplex-long --product counter --counter-size "${size%:*}" \
		    -o "$t/leg-$s-counter.pdf" "$d" >/dev/null 2>"$t/legerr"
		no_warning "$t/legerr" "$s counters at ${size%:*} in"
		[ -f "$t/leg-$s-counter.pdf" ] && floor "${size#*:}" "$t/leg-$s-counter.pdf" "$s counters at ${size%:*} in"
	done
	# Each card and counter a page, its TrimBox at the cut.
	"$muster" render --paper a4 --layout single --product card,reference \
	    -o "$t/leg-$s-single.pdf" "$d" >/dev/null 2>&1
	[ -f "$t/leg-$s-single.pdf" ] && clear 3.175 "$t/leg-$s-single.pdf" "$s cards' safe zone"
	"$muster" render --paper a4 --layout single --product counter \
	    -o "$t/leg-$s-csingle.pdf" "$d" >/dev/null 2>&1
	[ -f "$t/leg-$s-csingle.pdf" ] && clear 1 "$t/leg-$s-csingle.pdf" "$s counters 1 mm from the cut"
done
for f in decks/*.yaml decks/*/*.yaml; do
	s=$(basename "$f" .yaml)
	rm -f "$t/leg-deck.pdf" "$t/leg-deck1.pdf"
	"$muster" render --paper a4 --backs duplex-long --bleed 3 -o "$t/leg-deck.pdf" "$f" >/dev/null 2>"$t/legerr"
	no_warning "$t/legerr" "deck $s"
	[ -f "$t/leg-deck.pdf" ] && floor 6 "$t/leg-deck.pdf" "deck $s"
	"$muster" render --paper a4 --layout single --backs duplex-long -o "$t/leg-deck1.pdf" "$f" >/dev/null 2>&1
	[ -f "$t/leg-deck1.pdf" ] && clear 3.175 "$t/leg-deck1.pdf" "deck $s safe zone"
done
# The judges can fail: a label at 5.75 pt (tests/bad's render-small-text
# template, on Letter's card) is found at its size by muster and by
# legibility.py; a name 2.9 mm from the card's left edge (render-safe-zone's)
# by legibility.py's safe check.
"$muster" render --paper letter --layout single --product card \
    --template tests/bad/render-small-text.tmpl -o "$t/leg-small.pdf" units/shellshock/mason.yaml >/dev/null 2>"$t/legerr"
has "$t/legerr" "[render.small-text]" "muster warns of 5.75 pt"
if $L size "$t/leg-small.pdf" >"$t/legs" 2>&1; then bad "legibility.py passes 5.75 pt text"; else
	has "$t/legs" "5.75 pt" "legibility.py finds the 5.75 pt label"; fi
"$muster" render --paper a4 --layout single --product card \
    --template tests/bad/render-safe-zone.tmpl -o "$t/leg-edge.pdf" units/shellshock/mason.yaml >/dev/null 2>&1
if $L safe --margin 3.175 "$t/leg-edge.pdf" >"$t/legs" 2>&1; then bad "legibility.py passes text 2.9 mm from the cut"; else
	has "$t/legs" "'Mason'" "legibility.py finds the name 2.9 mm from the cut"; fi
