# cards.sh -- sourced by tests/e2e.sh: system: cards, a deck of any game
# (SPEC 3.7), printed as every deck prints, with no code of its own
# beyond the kind: the example deck (decks/ember-tide.yaml: a CSV file,
# a template beside it, pictures) on sheets with bleed and duplex backs,
# a card a page, gutter-fold, as PNG with the Tabletop Simulator sheet,
# through the plain writer; read back with pdfinfo, pdftotext and
# pdfimages.  Pictures go in once however often printed; hostile
# pictures and data files that a file in tests/bad cannot be (a FIFO, a
# folder, an unreadable file) are refused with their diagnostic, and a
# failed render leaves the PDF that was there.

ET=decks/ember-tide.yaml
C=$t/cards
mkdir -p "$C"
pix() { /usr/bin/python3 tests/png_pixel.py "$@"; }
# The number of distinct image objects in a PDF, and how often images
# are placed (pdfimages -list: a line a placement, its object number).
images() { pdfimages -list "$1" 2>/dev/null | awk 'NR > 2 { n++; ids[$11] = 1 }
    END { k = 0; for (i in ids) k++; print k, n + 0 }'; }

expect 0 "cards: check the example" -- "$muster" check --strict $ET decks/ember-tide/card.yaml
[ ! -s "$t/err" ] && ok || bad "cards: the example is not clean: $(head -2 "$t/err")"

# --- sheets: A4 with 3 mm bleed (8 up, turned) and duplex backs ---
expect 0 "cards: the example deck" -- "$muster" render --paper a4 --backs duplex-long --bleed 3 -o "$C/et.pdf" $ET
has "$t/out" "$C/et.pdf: 10 pages, 40 cards" "cards: 40 cards from 24 rows, 8 a page, each page its back"
pdfinfo "$C/et.pdf" | tr -s " " > "$C/info"
has "$C/info" "Pages: 10" "cards: page count"
has "$C/info" "Page size: 841.89 x 595.276 pts (A4)" "cards: A4 turned to hold 8 with bleed"
pdftotext "$C/et.pdf" - | tr -s '\n ' '  ' > "$C/et.txt"
for name in Kindle "Cinder Fox" "Hearth Warden" Phoenix Ripple Leviathan Pebble Titan Sprout "Elder Oak"; do
	has "$C/et.txt" "$name" "cards: a name from the CSV in the PDF"
done
# A field in quotes that holds a comma, and one that holds a line break.
has "$C/et.txt" "When it wins, draw a card." "cards: a quoted comma"
has "$C/et.txt" "When it is burned, return it to your hand." "cards: a quoted line break"
nback=$(pdftotext "$C/et.pdf" - | grep -c "EMBER & TIDE")
[ "$nback" = 40 ] && ok || bad "cards: $nback backs with the crest's title, want 40"
# Inline icons in the rules text: read as their names in brackets, in
# their place among the words (the pictures and the built-in diamond).
has "$C/et.txt" "Burn every [leaf] card in play." "cards: an inline icon read as [leaf]"
has "$C/et.txt" "Your other [flame] cards get +1 power." "cards: an inline icon read as [flame]"
has "$C/et.txt" "Gain 1 [spark]." "cards: a built-in symbol read as [spark]"
# Five pictures (four elements and the crest), each with its soft mask
# (pdfimages names a mask by its image's object): five objects, placed
# 40 x 2 on the fronts (the large one and the badge) and 40 on the
# backs, and 8 times as inline icons in the rules text (Hearth Warden's
# flame twice, Wildfire's, Tidal Wave's, Earthquake's, Overgrowth's,
# Bloom's and Elder Oak's once): 128, each listed with its mask.
got=$(images "$C/et.pdf")
[ "$got" = "5 256" ] && ok || bad "cards: images (objects, placements) are $got, want 5 256"
pdffonts "$C/et.pdf" > "$C/fonts" 2>&1
if awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }' "$C/fonts"; then ok; else bad "cards: a font not embedded"; fi
# The same file every run.
"$muster" render --paper a4 --backs duplex-long --bleed 3 -o "$C/et2.pdf" $ET >/dev/null 2>&1
cmp -s "$C/et.pdf" "$C/et2.pdf" && ok || bad "cards: two renders of the example differ"

# --- the plain writer draws the pictures too ---
MUSTER_PDF_PLAIN=1 "$muster" render --paper a4 --backs duplex-long --bleed 3 -o "$C/plain.pdf" $ET >/dev/null 2>&1
got=$(images "$C/plain.pdf")
[ "$got" = "5 256" ] && ok || bad "cards: the plain writer's images are $got, want 5 256"
pdftoppm -r 50 -f 1 -l 2 "$C/et.pdf" "$C/fast"
pdftoppm -r 50 -f 1 -l 2 "$C/plain.pdf" "$C/plain"
cmp -s "$C/fast-01.ppm" "$C/plain-01.ppm" && cmp -s "$C/fast-02.ppm" "$C/plain-02.ppm" && ok ||
	bad "cards: the plain and fast writers draw the pictures differently"

# --- a card a page, for print-on-demand: boxes, backs after fronts ---
expect 0 "cards: layout single" -- "$muster" render --paper a4 --layout single --bleed 3 --backs duplex-long -o "$C/single.pdf" $ET
has "$t/out" "$C/single.pdf: 80 pages, 40 cards" "cards: single, a page a card and a page a back"
pdfinfo -box -f 1 -l 2 "$C/single.pdf" | tr -s " " > "$C/boxes"
has "$C/boxes" "Page 1 TrimBox: 8.50 8.50 187.09 257.95" "cards: single, the trim 3 mm in"
has "$C/boxes" "Page 1 BleedBox: 0.00 0.00 195.59 266.46" "cards: single, the bleed the page"
pdftotext -f 2 -l 2 "$C/single.pdf" - > "$C/p2.txt"
has "$C/p2.txt" "EMBER & TIDE" "cards: single, the back after its front"
[ "$(images "$C/single.pdf")" = "5 256" ] && ok || bad "cards: single, images $(images "$C/single.pdf")"

# --- gutter-fold: each back beside its front ---
expect 0 "cards: gutter-fold" -- "$muster" render --paper letter --layout gutter-fold -o "$C/gutter.pdf" $ET
has "$t/out" "40 cards" "cards: gutter-fold prints every card"
pdftotext -f 1 -l 1 "$C/gutter.pdf" - > "$C/g1.txt"
has "$C/g1.txt" "Kindle" "cards: gutter-fold, a front"
has "$C/g1.txt" "EMBER & TIDE" "cards: gutter-fold, its back on the same sheet"

# --- PNG, a card an image and the Tabletop Simulator sheet ---
expect 0 "cards: png" -- "$muster" render --format png --dpi 50 --backs duplex-long -d "$C/png" $ET
has "$t/out" "40 cards with backs at 50 dpi; 1 sheet of 10 x 7" "cards: png summary"
npng=$(ls "$C/png" | grep -c '^ember-tide-[0-9][0-9][0-9]\.png$')
[ "$npng" = 40 ] && ok || bad "cards: png, $npng card images, want 40"
# 63 x 88 mm at 50 dpi: 124 x 173.  The element's picture fills the
# middle of the card: on Kindle, the flame's orange heart and red edge;
# on the back, the crest's red half above and blue half below.
got=$(pix "$C/png/ember-tide-001.png" 62 62 62 50 | tr '\n' ' ')
[ "$got" = "124 173 #e67e22 #c0392b " ] && ok || bad "cards: png, Kindle's picture: $got"
got=$(pix "$C/png/ember-tide-back.png" 62 50 75 80 | tr '\n' ' ')
[ "$got" = "124 173 #c0392b #2e86c1 " ] && ok || bad "cards: png, the back's crest: $got"
[ -s "$C/png/ember-tide-sheet-1.png" ] && ok || bad "cards: png, no Tabletop Simulator sheet"

# --- --only, --copies, --template take a deck of any game too ---
expect 0 "cards: --only and --copies" -- "$muster" render --only "Phoenix,Cairn" --copies 2 -o "$C/only.pdf" $ET
has "$t/out" "1 page, 6 cards" "cards: Phoenix once and Cairn twice, each twice"
# The deck's text names the icons of its own template: a template over
# it gives them too, here as built-in symbols (no pictures); one that
# does not is told at each card whose text names one.
cat > "$C/bare.yaml" <<'EOF'
template: bare
extends: cards-poker
renders: cards.card
EOF
expect 1 "cards: --template without the deck's icons" -- "$muster" render --template "$C/bare.yaml" -o "$C/bare.pdf" $ET
has "$t/err" "decks/ember-tide/cards.csv:6:1: error: card 'Wildfire': text 'text' names icon 'leaf', which is neither in the icons: of template 'bare' nor a built-in symbol" "cards: an icon the template lacks, told at the card's row"
[ ! -e "$C/bare.pdf" ] && ok || bad "cards: a render with an unknown icon wrote a PDF"
cat > "$C/mine.yaml" <<'EOF'
template: mine
extends: cards-poker
renders: cards.card
icons: {flame: heart, tide: diamond, stone: spade, leaf: club, spark: arrow-up}
EOF
expect 0 "cards: --template over the deck's own" -- "$muster" render --template "$C/mine.yaml" -o "$C/mine.pdf" $ET
pdftotext "$C/mine.pdf" - | tr -s '\n ' '  ' > "$C/mine.txt"
has "$C/mine.txt" "Gain 1 [spark]." "cards: --template prints the deck's fields, its own icons in them"
[ "$(images "$C/mine.pdf")" = "0 0" ] && ok || bad "cards: --template without pictures still shows some"

# --- a picture goes in once: 66 cards with a logo each, against none ---
mkdir -p "$C/logo"
cp decks/ember-tide/icons/crest.png "$C/logo/logo.png"
{ echo "name,text"; i=1; while [ $i -le 66 ]; do echo "Card $i,Text of card $i."; i=$((i + 1)); done; } > "$C/logo/cards.csv"
printf 'template: bare\nextends: cards-poker\nrenders: cards.card\n' > "$C/logo/bare.yaml"
printf 'template: logo\nextends: cards-poker\nrenders: cards.card\nelements:\n  - {name: logo, new: true, image: logo.png, at: [24mm, 70mm], size: [15mm, 15mm]}\n' > "$C/logo/logo.yaml"
printf 'system: cards\nkind: deck\ntemplate: bare.yaml\ndata: cards.csv\n' > "$C/logo/a.yaml"
printf 'system: cards\nkind: deck\ntemplate: logo.yaml\ndata: cards.csv\n' > "$C/logo/b.yaml"
"$muster" render --paper a4 -o "$C/logo/a.pdf" "$C/logo/a.yaml" >/dev/null 2>&1
"$muster" render --paper a4 -o "$C/logo/b.pdf" "$C/logo/b.yaml" >/dev/null 2>&1
a=$(stat -c %s "$C/logo/a.pdf" 2>/dev/null || echo 0)
b=$(stat -c %s "$C/logo/b.pdf" 2>/dev/null || echo 999999999)
# The logo (500 x 500 with its mask, some 12 KB deflated) once, and a
# few bytes a card to place it: within 16 KB.
if [ "$a" -gt 0 ] && [ $((b - a)) -le 16384 ]; then ok; else
	bad "cards: 66 cards with a logo are $((b - a)) bytes more than without (at most 16384)"; fi
[ "$(images "$C/logo/b.pdf")" = "1 132" ] && ok || bad "cards: the logo is not one object placed 66 times: $(images "$C/logo/b.pdf")"

# --- what a file in tests/bad cannot be: FIFOs, folders, unreadable ---
mkdir -p "$C/h/pics.csv" "$C/h/pic.png"
mkfifo "$C/h/fifo.png" "$C/h/fifo.csv"
printf 'name,art\nPipe,fifo.png\nFolder,pic.png\n' > "$C/h/cards.csv"
printf 'template: art\nrenders: cards.card\nsize: [63mm, 88mm]\nelements:\n  - {name: art, image: "{art}", at: [5mm, 5mm], size: [30mm, 30mm]}\n' > "$C/h/art.yaml"
printf 'system: cards\nkind: deck\ntemplate: art.yaml\ndata: cards.csv\n' > "$C/h/deck.yaml"
cp "$C/et.pdf" "$C/h/keep.pdf"
expect 1 "cards: a FIFO and a folder as pictures" -- timeout 10 "$muster" render -o "$C/h/keep.pdf" "$C/h/deck.yaml"
has "$t/err" "cards.csv:2:6: error: card 'Pipe': image 'fifo.png' is not a regular file (a FIFO, device or socket); give a PNG or JPEG file [render.image]" "cards: a FIFO picture refused, never waited on"
has "$t/err" "cards.csv:3:8: error: card 'Folder': image 'pic.png' is a folder; give a PNG or JPEG file [render.image]" "cards: a folder picture refused"
cmp -s "$C/et.pdf" "$C/h/keep.pdf" && ok || bad "cards: a failed render changed the PDF that was there"
if ls -a "$C/h" | grep -q '^\.keep\.pdf\.'; then bad "cards: a temporary file was left"; else ok; fi
printf 'system: cards\nkind: deck\ntemplate: art.yaml\ndata: fifo.csv\n---\nsystem: cards\nkind: deck\ntemplate: art.yaml\ndata: pics.csv\n' > "$C/h/data.yaml"
expect 1 "cards: a FIFO and a folder as data" -- timeout 10 "$muster" check "$C/h/data.yaml"
has "$t/err" "data.yaml:4:7: error: data 'fifo.csv' is not a regular file; name a .csv or .tsv file [cards.data]" "cards: a FIFO data file refused, never waited on"
has "$t/err" "data.yaml:9:7: error: data 'pics.csv' is a folder; name a .csv or .tsv file [cards.data]" "cards: a folder data file refused"
if [ "$(id -u)" != 0 ]; then
	printf 'name,art\nLocked,locked.png\n' > "$C/h/locked.csv"
	cp decks/ember-tide/icons/leaf.png "$C/h/locked.png" && chmod 000 "$C/h/locked.png"
	printf 'system: cards\nkind: deck\ntemplate: art.yaml\ndata: locked.csv\n' > "$C/h/locked.yaml"
	expect 1 "cards: an unreadable picture" -- "$muster" render -o "$C/h/x.pdf" "$C/h/locked.yaml"
	has "$t/err" "image 'locked.png' cannot be opened: Permission denied" "cards: an unreadable picture told"
	chmod 644 "$C/h/locked.png"
fi
# A picture reached through a link is the file it leads to.
ln -s "$top/decks/ember-tide/icons/leaf.png" "$C/h/link.png"
printf 'name,art\nLinked,link.png\n' > "$C/h/link.csv"
printf 'system: cards\nkind: deck\ntemplate: art.yaml\ndata: link.csv\n' > "$C/h/link.yaml"
expect 0 "cards: a picture through a link" -- "$muster" render -o "$C/h/link.pdf" "$C/h/link.yaml"
rm -f "$C/h/fifo.png" "$C/h/fifo.csv"

# --- a folder holding a deck and its template renders (the template is
# passed over, as check checks it) ---
expect 0 "cards: render a folder with a template in it" -- "$muster" render --paper a4 -o "$C/folder.pdf" decks/ember-tide.yaml decks/ember-tide
has "$t/out" "40 cards" "cards: the folder's template passed over"
# --- the designer's loop (issue 28): check sees what render would
# refuse; starters pass check as printed ---
mkdir -p "$C/loop/art"
cp decks/ember-tide/icons/flame.png "$C/loop/art/officer.png"
cp decks/ember-tide/icons/tide.png "$C/loop/art/back.png"
printf 'name,art,text\nRifleman,art/officer.png,Fires.\nCaptain,art/oficer.png,Leads.\n' > "$C/loop/cards.csv"
printf 'template: loop\nrenders: cards.card\nsize: [63mm, 88mm]\nelements:\n  - {name: title, text: "{nmae}", at: [5mm, 5mm], size: [50mm, 8mm]}\n  - {name: art, image: "{art}", at: [5mm, 15mm], size: [50mm, 40mm]}\n  - {name: text, text: "{text}", at: [5mm, 60mm], size: [50mm, 20mm]}\nback:\n  - {name: back.art, image: art/bak.png, at: [0, 0], size: [63mm, 88mm]}\n' > "$C/loop/card.yaml"
printf 'system: cards\nkind: deck\nname: Trench\ntemplate: card.yaml\ndata: cards.csv\n  copies: 2\n' > "$C/loop/trench.yaml"
# A mis-indented line stops the deck: fixed first, alone.
expect 1 "cards: check a mis-indented deck" -- "$muster" check "$C/loop/trench.yaml"
has "$t/err" "trench.yaml:6:3: error: this line is indented more than 'data' on line 5" "cards: the mis-indented line told in plain words"
printf 'system: cards\nkind: deck\nname: Trench\ntemplate: card.yaml\ndata: cards.csv\n' > "$C/loop/trench.yaml"
expect 1 "cards: check the designer's deck" -- "$muster" check "$C/loop/trench.yaml"
has "$t/err" "card.yaml:5:26: error: field '{nmae}' is in no column of data 'cards.csv' (its columns are name, art, text)" "cards: the misspelt field told at the template"
has "$t/err" "did you mean 'name'?" "cards: the misspelt field's suggestion"
has "$t/err" "cards.csv:3:9: error: card 'Captain': image 'art/oficer.png' cannot be opened" "cards: check opens the pictures"
has "$t/err" "did you mean 'art/officer.png'?" "cards: the misspelt picture's suggestion"
has "$t/err" "card.yaml:9:29: error: element 'back.art': image 'art/bak.png' cannot be opened" "cards: check opens the back's picture without --backs"
[ "$(grep -c 'nmae' "$t/err")" = 1 ] && ok || bad "cards: the misspelt field is told more than once: $(grep -c nmae "$t/err")"
# Render says the same of the picture.
expect 1 "cards: render the designer's deck" -- "$muster" render -o "$C/loop/x.pdf" "$C/loop/trench.yaml"
[ ! -e "$C/loop/x.pdf" ] && ok || bad "cards: a PDF written with errors"
# Starters: a deck and its CSV, a template of every element, a
# restyle of each built-in template; each passes check as printed.
(cd "$C/loop" && "$muster" new -o my-deck.yaml cards deck) > "$t/out" 2> "$t/err" && ok || bad "cards: new -o cards deck: $(cat "$t/err")"
has "$t/out" "my-deck.csv" "cards: new -o writes the deck's CSV"
grep -qx 'data: my-deck.csv .*' "$C/loop/my-deck.yaml" && ok || bad "cards: the new deck names its CSV"
expect 0 "cards: the new deck passes check" -- "$muster" check --strict "$C/loop/my-deck.yaml"
expect 0 "cards: the new deck renders" -- "$muster" render -o "$C/loop/my-deck.pdf" "$C/loop/my-deck.yaml"
has "$t/out" "4 cards" "cards: the new deck's 3 rows, copies counted"
expect 2 "cards: new -o never overwrites" -- "$muster" new -o "$C/loop/my-deck.yaml" cards deck
has "$t/err" "my-deck.yaml: error: exists" "cards: new -o says the file exists"
expect 0 "cards: new cards template" -- "$muster" new -o "$C/loop/my-card.yaml" cards template
for k in "box:" "text:" "image:" "line:" "wrap: true" "min_pt:" "fit:" "back:" "fonts:" "palette:"; do
	grep -q "$k" "$C/loop/my-card.yaml" && ok || bad "cards: the template starter has no '$k'"
done
printf 'name,cost,type,text,art\nKindle,0,fire,Gain a spark.,art/officer.png\nDouse,1,water,Put out a fire.,\n' > "$C/loop/mine.csv"
printf 'system: cards\nkind: deck\ntemplate: my-card.yaml\ndata: mine.csv\n' > "$C/loop/mine.yaml"
expect 0 "cards: the template starter passes check, with a deck" -- "$muster" check --strict "$C/loop/my-card.yaml" "$C/loop/mine.yaml"
expect 0 "cards: the template starter renders, with backs" -- "$muster" render --backs duplex-long -o "$C/loop/mine.pdf" "$C/loop/mine.yaml"
"$muster" templates | awk '{ print $1 }' > "$C/loop/names"
while read -r name; do
	"$muster" new "$name" > "$C/loop/re-$name.yaml" 2> "$t/err" || bad "cards: new $name: $(head -1 "$t/err")"
	# Uncommented, its overrides still pass: they name real elements.
	sed -e 's/^# \(elements:\|back:\|size:\|fonts:\|palette:\)/\1/' -e 's/^#   /  /' "$C/loop/re-$name.yaml" | grep -v '{name: mark, new: true' > "$C/loop/un-$name.yaml"
done < "$C/loop/names"
expect 0 "cards: each restyle starter passes check, as printed and uncommented" -- "$muster" check "$C"/loop/re-*.yaml "$C"/loop/un-*.yaml
[ "$(ls "$C"/loop/re-*.yaml | wc -l)" -ge 10 ] && ok || bad "cards: too few restyle starters"
expect 2 "cards: new of neither a system nor a template" -- "$muster" new nonesuch
has "$t/err" "'nonesuch' is neither a system nor a built-in template" "cards: new names what it takes"
# A box given only fill: has no outline (issue 28): its edge is its fill.
printf 'template: fill\nrenders: cards.card\nsize: [63mm, 88mm]\nelements:\n  - {box: red, at: [10mm, 10mm], size: [43mm, 68mm], fill: "#ff0000"}\n  - {name: name, text: "{name}", at: [15mm, 30mm], size: [30mm, 8mm]}\n' > "$C/loop/fill.yaml"
printf 'system: cards\nkind: deck\ntemplate: fill.yaml\ncards:\n  - {name: A}\n' > "$C/loop/fill-deck.yaml"
expect 0 "cards: a filled box" -- "$muster" render --format png --dpi 300 -d "$C/loop/png" "$C/loop/fill-deck.yaml"
# 10 mm at 300 dpi is pixel 118.1: pixel 118 is the box's edge, red
# (#ff1b1b); a 0.5 pt black outline (2 pixels) made it #000000.
edge=$(pix "$C"/loop/png/fill-deck-001.png 118 300 | tail -1)
case $edge in "#ff"*) ok;; *) bad "cards: a box given only fill: is outlined: its edge is $edge";; esac
rm -rf "$C"
