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
# The names as the rules write them or a player types them: any case,
# "upper torso" or upper_torso for upper-torso, legs for leg.
expect 0 "odds shock III upper-torso" -- "$muster" odds shock --class III --location upper-torso --json
cp "$t/out" "$t/ut.json"
expect 0 "odds shock iii 'upper torso'" -- "$muster" odds shock --class iii --location "upper torso" --json
cmp -s "$t/out" "$t/ut.json" && ok || bad "--class iii --location 'upper torso' is not III upper-torso"
expect 0 "odds shock Legs" -- "$muster" odds shock --class II --location Legs
has "$t/out" "in the leg" "Legs is the leg"
expect 0 "odds shock I head" -- "$muster" odds shock --class I --location head --json
python3 - "$t/out" <<'PY' && ok || bad "odds shock --class I --location head"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["location"] == "head" and d["modifier"] == -2, d
for k, w in (("stun", .3), ("wound", .1), ("shock", .1), ("death", .5)):
    assert abs(d[k] - w) < 1e-6, (k, d)
PY
# The whole hit (004, "Details of Severity"; test_shock.c has the
# arithmetic).  Class III in the neck: stun .1, wound .4, shock .3, death
# .2; no wounds before: a wound makes 1, the d10 must beat it (2-10,
# .9): at the end of the turn dead .2, shock .3 + .4 x .1 = .34, stunned
# .1, wounded .4 x .9 = .36.
expect 0 "odds shock: the whole hit" -- "$muster" odds shock --class III --location neck
for s in "dead       20.0000 %" "shock      34.0000 %  incapacitated" \
    "stunned    10.0000 %  skips his next turn" \
    "wounded    36.0000 %  passed his wound check, fights on" \
    "by a failed wound check 4.0000 %"; do
	has "$t/out" "$s" "odds shock: the end of the turn"
done
# 9 wounds before: a wound makes 10, shock at once (.4); a stun keeps
# 9, passing on a 10 only: stunned .01, shock .3 + .4 + .09 = .79.
expect 0 "odds shock --wounds 9" -- "$muster" odds shock --class III --location neck --wounds 9 --json
python3 - "$t/out" <<'PY' && ok || bad "odds shock --wounds 9"
import json, sys
d = json.load(open(sys.argv[1]))
e = d["end"]
assert e["dead_exact"] == "1/5" and e["shock_exact"] == "79/100" and e["stunned_exact"] == "1/100", d
assert e["wounded"] == 0 and d["p_wounds_shock_exact"] == "2/5" and d["wounds"] == 9, d
PY
# Panic fire needing 5: -3, so 8-10 hit, .3; in shock, any hit kills:
# dead .3, still in shock .7.
expect 0 "odds shock --panic --in-shock" -- "$muster" odds shock --class III --location neck --to-hit 5 --panic --in-shock --json
python3 - "$t/out" <<'PY' && ok || bad "odds shock --panic --in-shock"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["need"] == 5 and d["shot_modifier"] == -3 and d["p_hit_exact"] == "3/10", d
assert d["end"]["dead_exact"] == "3/10" and d["end"]["shock_exact"] == "7/10" and d["in_shock"] is True, d
PY
# Blind fire (-5) needing 5 hits on a 10; aiming 2 points (+2) on 3-10.
expect 0 "odds shock --blind" -- "$muster" odds shock --class II --to-hit 5 --blind
has "$t/out" "shot: the d10 -5 (blind fire) needs 5: hits 10.0000 %" "blind fire"
expect 0 "odds shock --aim 2" -- "$muster" odds shock --class II --to-hit 5 --aim 2
has "$t/out" "shot: the d10 +2 (aimed) needs 5: hits 80.0000 %" "aimed 2 points"
expect 2 "odds shock --aim 3" -- "$muster" odds shock --class II --to-hit 5 --aim 3
has "$t/err" "--aim '3': give the action points spent aiming, 1 or 2" "at most 2 points aiming"
expect 2 "odds shock --aim in panic fire" -- "$muster" odds shock --class II --to-hit 5 --aim 1 --panic
has "$t/err" "panic fire forgoes the action phase" "no aiming in panic fire"
expect 2 "odds shock --panic without --to-hit" -- "$muster" odds shock --class II --panic
has "$t/err" "--panic changes the shot's d10: give --to-hit N" "panic fire needs the shot's roll"
expect 0 "odds shock --wounds 9" -- "$muster" odds shock --class II --wounds 9
expect 2 "odds shock --wounds 10" -- "$muster" odds shock --class II --wounds 10
has "$t/err" "--wounds '10': give the target's wounds, 0 to 9" "ten wounds is shock"
expect 2 "odds shock --in-shock --wounds" -- "$muster" odds shock --class II --wounds 2 --in-shock
expect 0 "odds shock --to-hit 20" -- "$muster" odds shock --class II --to-hit 20
expect 2 "odds shock --to-hit 21" -- "$muster" odds shock --class II --to-hit 21
has "$t/err" "--to-hit '21': give the score the shot's d10 needs, 1 to 20" "the shot's score"
expect 0 "odds shock --to-hit 1" -- "$muster" odds shock --class II --to-hit 1
expect 2 "odds shock --to-hit 0" -- "$muster" odds shock --class II --to-hit 0
expect 0 "odds shock --wound-size 10" -- "$muster" odds shock --class II --wound-size 10
expect 2 "odds shock --wound-size 11" -- "$muster" odds shock --class II --wound-size 11
expect 0 "odds shock --wound-size 1" -- "$muster" odds shock --class II --wound-size 1
expect 2 "odds shock --wound-size 0" -- "$muster" odds shock --class II --wound-size 0
has "$t/err" "--wound-size '0': give the wounds a wound result adds, 1 to 10" "a wound's size"
# Every chance of these reads back as its exact fraction (SPEC 5).
for args in "--class I" "--class VI --location head" "--class IV --to-hit 7 --panic --wounds 2" \
    "--class V --to-hit 4 --aim 1 --wound-size 3 --wounds 4" "--class III --in-shock --to-hit 6 --blind"; do
	# shellcheck disable=SC2086
	"$muster" odds shock $args --json > "$t/exact.json" &&
	    python3 tests/exact_json.py "$t/exact.json" > /dev/null && ok ||
	    bad "odds shock $args --json: an inexact figure"
done
expect 2 "odds shock without a class" -- "$muster" odds shock
has "$t/err" "give the hit's damage class" "odds shock usage"
expect 2 "odds shock: class VII" -- "$muster" odds shock --class VII
has "$t/err" "--class 'VII' is not a damage class" "a bad class"
expect 2 "odds shock: a bad location" -- "$muster" odds shock --class II --location chest
has "$t/err" "--location 'chest' is not a hit location" "a bad location"
expect 0 "odds shock --help" -- "$muster" odds shock --help
has "$t/out" "usage: muster odds shock --class" "help names this game"
if grep -q "ssg\|shellshock\|shambattle" "$t/out"; then bad "odds shock --help names another game"; else ok; fi
# The starter names the quality levels as the table runs: "Troop
# Quality", UNTRAINED (-3) to RAINBOW (+4).
expect 0 "new shock squad" -- "$muster" new shock squad
has "$t/out" "of the eight levels (untrained to rainbow)" "the starter's quality levels"
if grep -q "legendary" "$t/out"; then bad "the starter names a quality the rules do not have"; else ok; fi
