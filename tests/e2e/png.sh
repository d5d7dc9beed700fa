# png.sh -- sourced by tests/e2e.sh: render --format png (SPEC section 4):
# one image a card at the card's size at --dpi (and bleed), backs with
# --backs, Tabletop Simulator sheets of 10 x 7 with the back in the last
# cell and the cards at their trim; each image's dpi in its pHYs chunk;
# nothing written when the input has errors; the PNGs read back.

pix() { /usr/bin/python3 tests/png_pixel.py "$@"; }
mkdir -p "$t/png"

# The Battalion deck at 50 dpi: 66 poker cards of 63 x 88 mm, 124 x 173
# pixels (63 / 25.4 * 50 = 124.0, 88 / 25.4 * 50 = 173.2), one sheet.
expect 0 "png of a deck" -- "$muster" render --format png --dpi 50 -d "$t/png" decks/battalions.yaml
has "$t/out" "66 cards at 50 dpi; 1 sheet of 10 x 7 at 50 dpi" "png summary"
nimg=$(ls "$t/png" | grep -c '^battalions-[0-9][0-9][0-9]\.png$')
if [ "$nimg" = 66 ]; then ok; else bad "png of a deck: $nimg card images, want 66"; fi
if ls "$t/png" | grep -q back; then bad "backs written without --backs"; else ok; fi
if [ "$(pix "$t/png/battalions-001.png" | head -1)" = "124 173" ]; then ok; else
	bad "a card image is $(pix "$t/png/battalions-001.png" | head -1), want 124 173"; fi
# The sheet: 10 x 7 cells of 124 x 173; cell 67 (row 6, column 6) empty,
# white; cell 70, the last, the deck's back (its dark ground near the
# corner); cell 1 the first card, its cream ground.
got=$(pix "$t/png/battalions-sheet-1.png" 806 1124 1122 1045 3 3 | tr '\n' ' ')
case $got in
"1240 1211 #ffffff #"*) ok ;;
*) bad "sheet: size or empty cell wrong: $got" ;;
esac
set -- $got
if [ "$4" != "#ffffff" ] && [ "$5" != "#ffffff" ] && [ "$4" != "$5" ]; then ok; else
	bad "sheet: the last cell is not the back, or the first not a card: $got"; fi

# Backs and bleed: 69 x 94 mm at 100 dpi is 272 x 370 pixels.
expect 0 "png with backs and bleed" -- "$muster" render --format png --dpi 100 --bleed 3 \
    --backs duplex-long -d "$t/png" decks/tactics.yaml
# Every card's back is the same picture: one tactics-back.png, not 51.
nimg=$(ls "$t/png" | grep -c '^tactics-[0-9][0-9][0-9]-back\.png$')
if [ "$nimg" = 0 ] && [ -s "$t/png/tactics-back.png" ]; then ok; else bad "png with backs: $nimg back images and $(ls "$t/png" | grep -c '^tactics-back\.png$') tactics-back.png, want 0 and 1"; fi
if [ "$(pix "$t/png/tactics-back.png" | head -1)" = "272 370" ]; then ok; else
	bad "a back with bleed is $(pix "$t/png/tactics-back.png" | head -1), want 272 370"; fi
# The Tabletop Simulator sheet holds the cards at their trim, no bleed:
# 63 x 88 mm at 100 dpi is 248 x 346 pixels (248.03, 346.46), aspect
# 0.717 as the card's 0.716, where the bleed made cells of 272 x 370
# (0.735); 10 x 7 of them.
if [ "$(pix "$t/png/tactics-sheet-1.png" | head -1)" = "2480 2422" ]; then ok; else
	bad "a sheet of cards with bleed is $(pix "$t/png/tactics-sheet-1.png" | head -1), want 2480 2422 (cells at the trim)"; fi

# Each PNG says its resolution (pHYs, after IHDR, pixels a metre, unit
# 1): 100 dpi is 100 / 0.0254 = 3937 a metre, 50 dpi 1969 (1968.5), 300
# dpi 11811; every chunk's CRC right.
phys() { /usr/bin/python3 - "$1" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n"
i, names, phys = 8, [], "none"
while i < len(d):
    n = struct.unpack(">I", d[i:i + 4])[0]
    kind, body = d[i + 4:i + 8], d[i + 8:i + 8 + n]
    assert zlib.crc32(kind + body) == struct.unpack(">I", d[i + 8 + n:i + 12 + n])[0], kind
    names.append(kind.decode())
    if kind == b"pHYs":
        phys = "%d %d %d" % struct.unpack(">IIB", body)
    i += 12 + n
assert names[0] == "IHDR" and names.index("pHYs") < names.index("IDAT"), names
print(phys)
PY
}
for f in tactics-001.png tactics-back.png tactics-sheet-1.png; do
	got=$(phys "$t/png/$f" 2>&1)
	[ "$got" = "3937 3937 1" ] && ok || bad "png: $f pHYs is '$got', want 3937 3937 1 (100 dpi)"
done
got=$(phys "$t/png/battalions-sheet-1.png" 2>&1)
[ "$got" = "1969 1969 1" ] && ok || bad "png: a 50 dpi sheet's pHYs is '$got', want 1969 1969 1"

# A business card at the default 300 dpi: 88.9 x 50.8 mm, 1050 x 600
# (on Letter: the template's A4 size is 85 x 55 mm).
expect 0 "png of a unit" -- "$muster" render --format png --paper letter --product card \
    -d "$t/png" units/shellshock/mason.yaml
if [ "$(pix "$t/png/mason-001.png" | head -1)" = "1050 600" ]; then ok; else
	bad "a business card at 300 dpi is $(pix "$t/png/mason-001.png" | head -1)"; fi
[ "$(phys "$t/png/mason-001.png" 2>&1)" = "11811 11811 1" ] && ok || bad "png: 300 dpi pHYs is $(phys "$t/png/mason-001.png" 2>&1)"

# An image is saved as a PDF is: a read-only one is left as it is.
chmod 444 "$t/png/mason-001.png"
cp "$t/png/mason-001.png" "$t/png-keep.png"
expect 2 "png onto a read-only image" -- "$muster" render --format png --paper letter --product card \
    -d "$t/png" units/shellshock/mason.yaml
has "$t/err" "mason-001.png' is read-only; it is left as it is [io.write]" "read-only image told"
if cmp -s "$t/png/mason-001.png" "$t/png-keep.png"; then ok; else bad "a read-only image was replaced"; fi
chmod 644 "$t/png/mason-001.png"
rm -f "$t/png-keep.png"

# Errors: nothing written.
printf 'system: shellshock\nkind: card\nname: X\n' > "$t/png/broken.yaml"
expect 1 "png of a broken unit" -- "$muster" render --format png -d "$t/png" "$t/png/broken.yaml"
if ls "$t/png" | grep -q '^broken.*png'; then bad "a broken unit wrote images"; else ok; fi
expect 2 "png with -o" -- "$muster" render --format png -o "$t/png/x.pdf" decks/tactics.yaml
has "$t/err" "--format png writes a folder of images: give -d DIR, not -o" "png -o told"
expect 2 "tts with -o" -- "$muster" render --format tts -o "$t/png/x.pdf" decks/tactics.yaml
has "$t/err" "--format tts writes a folder of images: give -d DIR, not -o" "tts -o told as tts, not png"
rm -rf "$t/png"

# --- --format tts: the PNGs and sheets, and beside them a Tabletop
# Simulator saved object (tests/tts_check.py holds it to the game's
# structure); the back once; a unit's folder gets no deck ---
rm -rf "$t/tts"
expect 0 "tts of a deck" -- "$muster" render --format tts --dpi 40 -d "$t/tts" decks/tactics.yaml
has "$t/out" "$t/tts/tactics.json, the deck for Tabletop Simulator's Saved Objects" "tts: the saved object told"
if /usr/bin/python3 tests/tts_check.py "$t/tts/tactics.json" 51 >"$t/ttsc" 2>&1; then ok; else bad "tts: $(cat "$t/ttsc")"; fi
/usr/bin/python3 - "$t/tts/tactics.json" <<'PY' && ok || bad "tts: the cards' names and texts"
import json, sys
d = json.load(open(sys.argv[1]))["ObjectStates"][0]
c = d["ContainedObjects"]
assert d["Nickname"] == "Tactics deck", d["Nickname"]  # the deck's name:
assert c[0]["Nickname"] == "Square Formation", c[0]
assert "[cavalry] Cavalry attacking [line] line infantry" in c[0]["Description"], c[0]
assert "action: action" not in c[0]["Description"], c[0]
assert "category: defense" in c[0]["Description"], c[0]
assert d["CustomDeck"]["1"]["BackURL"].endswith("/tactics-back.png"), d["CustomDeck"]
PY
# A field only a colour or a when: reads (the battalions' att.line.sign)
# is no line of a card's Description; what the card prints is.
expect 0 "tts of the battalions" -- "$muster" render --format tts --dpi 36 -d "$t/ttsb" decks/battalions.yaml
/usr/bin/python3 - "$t/ttsb/battalions.json" <<'PY' && ok || bad "tts: a colour's field in a Description"
import json, sys
c = json.load(open(sys.argv[1]))["ObjectStates"][0]["ContainedObjects"]
assert "att.line: +2" in c[0]["Description"], c[0]
assert not any(".sign" in x["Description"] for x in c), c[0]
PY
rm -rf "$t/ttsb"
nimg=$(ls "$t/tts" | grep -c 'back\.png$')
[ "$nimg" = 1 ] && ok || bad "tts: $nimg back images, want one for 51 cards"
# 102 cards: two sheets of 69, the second deck's cards 200 and on.
expect 0 "tts of two sheets" -- "$muster" render --format tts --copies 2 --dpi 36 -d "$t/tts" decks/tactics.yaml
if /usr/bin/python3 tests/tts_check.py "$t/tts/tactics.json" 102 >"$t/ttsc" 2>&1; then ok; else bad "tts: $(cat "$t/ttsc")"; fi
has "$t/ttsc" "102 cards on 2 sheets" "tts: 102 cards on two sheets"
# The checker can fail: a deck that is not a DeckCustom.
sed 's/"DeckCustom"/"Deck"/' "$t/tts/tactics.json" > "$t/tts/bad.json"
if /usr/bin/python3 tests/tts_check.py "$t/tts/bad.json" >/dev/null 2>&1; then bad "tts_check passes a Deck"; else ok; fi
# A unit's folder: cards and counters, no sheet and no saved object.
expect 0 "tts of a unit folder" -- "$muster" render --format tts --dpi 40 -d "$t/tts" units/shock
has "$t/out" "no Tabletop Simulator sheet: a unit's cards are no deck" "tts: a unit folder told it has no deck"
if ls "$t/tts" | grep -q '^shock-sheet\|^shock\.json'; then bad "tts: a unit folder wrote a deck sheet"; else ok; fi
