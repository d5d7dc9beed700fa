# duplex.sh -- sourced by tests/e2e.sh: duplex backs land behind their
# fronts (SPEC 4, "Duplex on turned paper"), proven on the paper rather
# than on muster's own numbers.  Each card's front and back carry its
# name ("F#name#", "B#name#", centred); pdftotext -bbox reads where they
# print, and tests/duplex_proof.py turns each back over the paper's long
# or short edge, with a landscape page turned onto portrait paper either
# way round, and finds it behind its own front.  A deck of eleven
# (a part-filled last sheet) on A4 and Letter, upright (no bleed: 9 up)
# and turned (3 mm bleed: 8 and 6 up), both edges; with --back-offset;
# and every deck `make` renders, with the same marks added by a template
# that extends its own; the registration marks likewise, read from the
# page's strokes.  The proof fails on a file read with the wrong
# edge or without its offset, as it did on muster's turned pages before
# the mirror followed the page.

D=$t/duplex
mkdir -p "$D"
proof() { /usr/bin/python3 tests/duplex_proof.py "$@" > "$D/proof" 2>&1; }

# The marks, 8 mm high across the middle of a poker card (40 to 48 mm
# of 88), clear of the 3 mm safe margin.
marks() { # FIELD: the elements that print it, front and back
	cat <<EOF
elements:
  - {name: proof, new: true, text: "F#{$1}#", at: [3mm, 40mm], size: [57mm, 8mm], pt: 9, min_pt: 6, align: center, valign: middle}
back:
  - {name: back.proof, new: true, text: "B#{$1}#", at: [3mm, 40mm], size: [57mm, 8mm], pt: 9, min_pt: 6, align: center, valign: middle, colour: white}
EOF
}
{ printf 'template: proof-card\nextends: cards-poker\n'; marks name; } > "$D/card.yaml"
{
	printf 'system: cards\nkind: deck\nname: Proof\ntemplate: card.yaml\ncards:\n'
	for i in 01 02 03 04 05 06 07 08 09 10 11; do
		printf '  - {name: C%s, text: "Card %s"}\n' "$i" "$i"
	done
} > "$D/deck.yaml"

# proved PDF EDGE [OFFSET] WHAT: the proof passes on PDF
proved() {
	pdftotext -bbox "$1" "$D/bbox.html"
	if proof "$2" "$D/bbox.html" ${3:+"$3"}; then ok; else bad "$4: $(cat "$D/proof")"; fi
}

# paper bleed: orientation, cards a page
for case in "a4 0 upright 9" "a4 3 turned 8" "letter 0 upright 9" "letter 3 turned 6"; do
	set -- $case
	for edge in long short; do
		f=$D/$1-$2-$edge.pdf
		expect 0 "duplex: $1, bleed $2, $edge edge" -- "$muster" render --paper "$1" --bleed "$2" \
		    --backs duplex-$edge -o "$f" "$D/deck.yaml"
		# Eleven cards: two sheets, each a front and a back page.
		has "$t/out" "4 pages, 11 cards" "duplex: $1, bleed $2: two sheets"
		w=$(pdfinfo "$f" | awk '/^Page size/ { print ($3 > $5) ? "turned" : "upright" }')
		[ "$w" = "$3" ] && ok || bad "duplex: $1, bleed $2: pages $w, want $3"
		if [ "$3" = turned ]; then
			has "$t/err" "note: printed $4 to a turned (landscape) page, so duplex-$edge turns" "duplex: $1, bleed $2: told turned"
			has "$t/err" "take --back-offset from 'muster calibrate --landscape" "duplex: calibrate named"
		elif grep -q render.turned "$t/err"; then bad "duplex: $1 upright told turned"; else ok; fi
		proved "$f" "$edge" "" "duplex: $1, bleed $2, $edge edge"
		grep -q "11 backs behind their fronts on 2 sheets ($edge edge, $3)" "$D/proof" && ok ||
			bad "duplex: $1, bleed $2, $edge: $(cat "$D/proof")"
	done
done
# The proof can fail: a long-edge file turned over the short edge; a
# turned one over its long edge read as if upright would need the old
# mirror (checked by test_sheet).
pdftotext -bbox "$D/a4-3-long.pdf" "$D/bbox.html"
if proof short "$D/bbox.html"; then bad "duplex: the proof passes a long-edge file turned the short way"; else ok; fi
pdftotext -bbox "$D/a4-0-short.pdf" "$D/bbox.html"
if proof long "$D/bbox.html"; then bad "duplex: the proof passes a short-edge file turned the long way"; else ok; fi

# The registration marks (business cards, whose side margins hold them):
# each ringed cross of a back behind a cross of its front, upright (10
# up) and turned (3 mm bleed: 9 up), both edges.
for bleed in 0 3; do
	for edge in long short; do
		f=$D/reg-$bleed-$edge.pdf
		expect 0 "duplex: registration, bleed $bleed, $edge" -- "$muster" render --paper a4 \
		    --product card --bleed "$bleed" --backs duplex-$edge -o "$f" units/shellshock
		if proof --crosses "$edge" "$f"; then ok; else bad "duplex: registration: $(cat "$D/proof")"; fi
	done
done

# --back-offset 1.5,-2: the backs drawn 1.5 mm right and 2 mm up, as seen
# on the back, in the page's own frame, turned or not; behind their
# fronts when the printer puts them back, not otherwise.
for case in "0 upright" "3 turned"; do
	set -- $case
	for edge in long short; do
		f=$D/off-$1-$edge.pdf
		expect 0 "duplex: offset, $2, $edge" -- "$muster" render --paper a4 --bleed "$1" \
		    --backs duplex-$edge --back-offset 1.5,-2 -o "$f" "$D/deck.yaml"
		proved "$f" "$edge" 1.5,-2 "duplex: offset 1.5,-2, $2, $edge edge"
		if proof "$edge" "$D/bbox.html"; then bad "duplex: an offset $2 page passes without it"; else ok; fi
	done
done

# --- every deck `make` renders (decks/*.yaml, A4, --backs duplex-long
# --bleed 3, so turned), and upright and short-edge too: a template that
# extends the deck's own adds the marks, printing the field that tells
# its cards apart.  A new deck adds its row here. ---
for deck in decks/*.yaml; do
	stem=$(basename "$deck" .yaml)
	case $stem in
	battalions) base=ssg-battalion field=name ;;
	tactics) base=ssg-tactics field=name ;;
	specialties) base=ssg-specialties field=name ;;
	reference) base=ssg-reference field=page ;;
	ember-tide) base=$PWD/decks/ember-tide/card.yaml field=name ;;
	lineup) continue ;;	# a line-up names a deck: it prints nothing
	*) bad "duplex: $deck has no row in tests/e2e/duplex.sh"; continue ;;
	esac
	{ printf 'template: proof-%s\nextends: %s\n' "$stem" "$base"; marks "$field"; } > "$D/$stem.yaml"
	for case in "3 long" "3 short" "0 long" "0 short"; do
		set -- $case
		f=$D/deck-$stem-$1-$2.pdf
		expect 0 "duplex: $stem, bleed $1, $2 edge" -- "$muster" render --paper a4 --bleed "$1" \
		    --backs duplex-$2 --template "$D/$stem.yaml" -o "$f" "$deck"
		proved "$f" "$2" "" "duplex: $stem, bleed $1, $2 edge"
		echo "    duplex: $stem.yaml, bleed $1: $(sed 's/^[^:]*: //' "$D/proof")"
	done
done
rm -rf "$D"
