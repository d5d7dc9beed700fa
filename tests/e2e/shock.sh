# tests/e2e/shock.sh -- sourced by tests/e2e.sh: the SHOCK squads checked,
# their soldier cards, counters and reference cards printed and read
# back, and the odds of a hit against hand figures.
Q=units/shock
expect 0 "check the squads" -- "$muster" check --strict $Q
# 9 soldiers: 9 cards (a page, 10 up), 9 counters (a page), 2 reference
# cards a squad (a page).
expect 0 "render the squads" -- "$muster" render --paper letter -o "$t/shock.pdf" $Q
has "$t/out" "$t/shock.pdf: 3 pages, 22 cards" "cards, counters and reference cards"
pdffonts "$t/shock.pdf" > "$t/fonts" 2>&1
if awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }' "$t/fonts"; then ok; else bad "a font is not embedded in the SHOCK cards"; fi
pdftotext -layout -f 1 -l 1 "$t/shock.pdf" - | tr -s " " > "$t/text.txt"
for s in "Reyes Veteran" "Alpha · Team leader quality +2" "M4 carbine III 0" "M9 pistol II −1" \
    "Barrett M82 VI tier up" "Wounds: 10 is shock" "Stun Wound" "Shock Death" \
    "Standing 3 Crouched 2 Prone 1" "AP spent" \
    "José Núñez" "Zoë Brûlé" "Søren Ødegård" "Łukasz Wójcik" "Makarov I −2" "DShK VI tier up"; do
	has "$t/text.txt" "$s" "soldier card"
done
pdftotext -f 2 -l 2 "$t/shock.pdf" "$t/text.txt"
for s in "Reyes" "Lindqvist" "José Núñez" "▲"; do has "$t/text.txt" "$s" "counter"; done
pdftotext -layout -f 3 -l 3 "$t/shock.pdf" - | tr -s " " > "$t/text.txt"
for s in "1–2 Head 1 2 3 4+" "3 Neck 1 2–5 6–8 9+" "4–5 Arm 1–5 6–9 10 –" "6–7 Upper torso 1 2–3 4+ –" \
    "8 Lower torso 1 2–6 7+ –" "9–10 Leg 1 2–8 9+ –" "I −2 · II −1 · III 0 · IV +1 · V +2 · VI a tier up" \
    "Untrained −3" "Rainbow +4" "1. Morale and panic fire" "3. Medical and explosives" "Crouched 2 hexes"; do
	has "$t/text.txt" "$s" "reference card"
done
# The counters' backs: the soldier down, in shock.
expect 0 "counters with backs" -- "$muster" render --paper a4 --product counter --backs duplex-long -o "$t/shockb.pdf" $Q
has "$t/out" "$t/shockb.pdf: 2 pages, 9 cards" "counters and their backs"
if [ "$(pdftotext -f 2 -l 2 "$t/shockb.pdf" - | grep -c SHOCK)" = 9 ]; then ok; else bad "a back down in shock for each soldier"; fi
# A poker card by template: 9 up on A4, one page.
expect 0 "poker soldier cards" -- "$muster" render --paper a4 --product card --template shock-soldier-poker -o "$t/shockp.pdf" $Q
has "$t/out" "$t/shockp.pdf: 1 page, 9 cards" "poker soldier cards 9 up"

# --- odds shock (SPEC 5): test_shock.c has every class's arithmetic ---
# Class III over the hit location table: stun .18, wound .37, shock .29,
# death .16.
expect 0 "odds shock III" -- "$muster" odds shock --class III
for s in "stun     18.0000 %" "wound    37.0000 %" "shock    29.0000 %" "death    16.0000 %"; do
	has "$t/out" "$s" "odds shock --class III"
done
# Class VI: III a tier up, .18 .37 .45.
expect 0 "odds shock VI json" -- "$muster" odds shock --class VI --json
python3 - "$t/out" <<'PY' && ok || bad "odds shock --class VI --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["class"] == "VI" and d["step_up"] is True and d["location"] is None, d
for k, w in (("stun", 0), ("wound", .18), ("shock", .37), ("death", .45)):
    assert abs(d[k] - w) < 1e-6, (k, d)
PY
# Class I in the head: rolls 1-3 read 1 after -2: stun .3, wound .1,
# shock .1, death .5.
expect 0 "odds shock I head" -- "$muster" odds shock --class I --location head --json
python3 - "$t/out" <<'PY' && ok || bad "odds shock --class I --location head"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["location"] == "head" and d["modifier"] == -2, d
for k, w in (("stun", .3), ("wound", .1), ("shock", .1), ("death", .5)):
    assert abs(d[k] - w) < 1e-6, (k, d)
PY
expect 2 "odds shock without a class" -- "$muster" odds shock
has "$t/err" "give the hit's damage class" "odds shock usage"
expect 2 "odds shock: class VII" -- "$muster" odds shock --class VII
has "$t/err" "--class 'VII' is not a damage class" "a bad class"
expect 2 "odds shock: a bad location" -- "$muster" odds shock --class II --location chest
has "$t/err" "--location 'chest' is not a hit location" "a bad location"
expect 0 "odds shock --help" -- "$muster" odds shock --help
has "$t/out" "usage: muster odds shock --class" "help names this game"
if grep -q "ssg\|shellshock\|shambattle" "$t/out"; then bad "odds shock --help names another game"; else ok; fi
