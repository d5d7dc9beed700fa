# tests/e2e/shellshock-advanced.sh -- sourced by tests/e2e.sh: record
# sheets one a page and read back, a force's rosters and totals, counters
# at every size and their backs.
expect 0 "a sheet" -- "$muster" render --paper letter --product sheet -o "$t/sheet.pdf" units/shellshock/grizzly.yaml
has "$t/out" "$t/sheet.pdf: 1 page, 1 card" "a record sheet is one page"
expect 0 "two sheets" -- "$muster" render --paper a4 --product sheet -o "$t/sheets.pdf" units/shellshock/grizzly.yaml units/shellshock/stalker.yaml
has "$t/out" "$t/sheets.pdf: 2 pages, 2 cards" "each sheet its own page"
pdfinfo "$t/sheets.pdf" 2>&1 | tr -s " " > "$t/info"
has "$t/info" "Page size: 595.276 x 841.89 pts (A4)" "an A4 sheet"
pdftotext -layout "$t/sheets.pdf" "$t/text.txt"
for s in "K♠ Grizzly MBT" "modern · UN" "120mm Cannon" "12d6" "Turret" "Commander" \
    "Shock threshold" "Internal damage (d100)" "100 A" "Locomotion damage" "SLIP" "MSRP" \
    "Movement multipliers" "Penetration" "Terrain cost" "Equipment (a box per hit)" \
    "Treads (loco.)" "road speeds in italics" "Dead" \
    "7♦ Stalker Walker" "Lt. Ines Varga" "Sgt. Emeka Okafor" "Right arm" \
    "Ammo" "Left" "Batteries (a box a kreig)" "A Reactor" \
    "Core hit: internal 1, or a point slipped" "Core hit: a point slipped past speed"; do
	has "$t/text.txt" "$s" "sheet text"
done
# The force: UN is Grizzly 148 + its crew 26 + Mason 120 + a rocket pod 4
# = 298; Rebel is Stalker 132 + its crew 15 + Hailstorm 115 + a pilot of
# skill 3, 9 = 271.  |298 - 271| / 298 = 9.1 %, under the 10 % of uneven.
expect 0 "check a force" -- "$muster" check units/shellshock-forces/demo.yaml
# Only the pilot controls the Body fire system (003): the Grizzly with its
# Body given to the gunner G1 fails (issue 26).
sed 's/{name: Body, controller: P}/{name: Body, controller: G1}/' units/shellshock/grizzly.yaml > "$t/grizzly-g1.yaml"
expect 1 "the Body by a gunner" -- "$muster" check "$t/grizzly-g1.yaml"
has "$t/err" "grizzly-g1.yaml:87:30: error: fire system 'Body' is controlled by 'G1' (Gunner); only the pilot controls the body's fire system: give it to 'P' [shellshock.sheet.body]" "the Body's controller"
# A unit given as an input and named by the force is one unit, however
# its path is spelled: no card-unique warning against itself.
expect 0 "a force's unit also an input" -- "$muster" check --strict ./units/shellshock/mason.yaml "$PWD/units/shellshock/grizzly.yaml" units/shellshock-forces/demo.yaml
expect 0 "render a force" -- "$muster" render --paper letter -o "$t/force.pdf" units/shellshock-forces/demo.yaml
# 2 rosters (1 page), 2 sheets (2), the 2 cards (1), 4 counters (1).
has "$t/out" "$t/force.pdf: 5 pages, 10 cards" "a force prints its rosters, sheets, cards and counters"
pdftotext -layout -f 1 -l 1 "$t/force.pdf" - | tr -s " " > "$t/text.txt"
for s in "UN ECV" "Grizzly MBT (sheet) 148" "Commander C, skill 3 9" "Mason (card) 120" "Rocket pod 4" \
    "units 268 · crew 26 · components 4 298" "declared 298" \
    "Rebel ECV" "Stalker Walker (sheet) 132" "Pilot P Lt. Ines Varga, skill 3 9" "Hailstorm Battery (card) 115" \
    "Pilot Cpl. Duarte, skill 3 9" "units 247 · crew 24 · components 0 271" "declared 271" \
    "sides 9.1 % apart"; do
	has "$t/text.txt" "$s" "roster"
done
expect 0 "--product roster" -- "$muster" render --paper a4 --product roster -o "$t/roster.pdf" units/shellshock-forces/demo.yaml
has "$t/out" "$t/roster.pdf: 1 page, 2 cards" "two rosters on a page"
# A side of 30 units takes two roster cards of 24 lines, "1 of 2" and
# "2 of 2", each with the whole side's total: 30 x 120 = 3600.
mkdir -p "$t/big"
{
	printf 'system: shellshock\nkind: force\nname: Big\nsides:\n  UN:\n    units: ['
	i=1
	while [ $i -le 30 ]; do printf '%s../../units/shellshock/mason.yaml' "$([ $i -gt 1 ] && echo ', ')"; i=$((i + 1)); done
	printf ']\n    declared_ecv: 3600\n  Rebel: {units: [../../units/shellshock/hailstorm.yaml]}\n'
} > "$t/big/force.yaml"
cp -r units "$t/units"
mv "$t/big" "$t/units/big"
expect 0 "a long roster" -- "$muster" render --paper letter --product roster -o "$t/big.pdf" "$t/units/big/force.yaml"
has "$t/out" "$t/big.pdf: 2 pages, 3 cards" "30 units: two cards for one side, one for the other"
pdftotext -layout "$t/big.pdf" - | tr -s " " > "$t/text.txt"
has "$t/text.txt" "1 of 2" "the first part"
has "$t/text.txt" "2 of 2" "the second part"
if [ "$(grep -c "Mason (card) 120" "$t/text.txt")" = 30 ]; then ok; else bad "every one of the 30 units on the roster"; fi
# 24 lines on the first card, the other 6 on the second.
if [ "$(awk '/1 of 2/ { on = 1 } /2 of 2/ { on = 0 } on && /Mason \(card\) 120/ { n++ } END { print n }' "$t/text.txt")" = 24 ]; then ok; else bad "24 lines on a roster card"; fi
# 40 units on a side is the most: five files of two units and the 30
# (no error); one more is an error (a file's documents each count).
{ cat units/shellshock/mason.yaml; echo "---"; sed 's/^name: Mason/name: Mason II/; /^card:/d' units/shellshock/mason.yaml; } > "$t/units/shellshock/two.yaml"
sed 's|units: \[|units: [../shellshock/two.yaml, ../shellshock/two.yaml, ../shellshock/two.yaml, ../shellshock/two.yaml, ../shellshock/two.yaml, |; s|declared_ecv: 3600|declared_ecv: 4800|' "$t/units/big/force.yaml" > "$t/units/big/f40.yaml"
expect 0 "40 units on a side" -- "$muster" check "$t/units/big/f40.yaml"
sed 's|units: \[|units: [../shellshock/mason.yaml, |; s|declared_ecv: 4800|declared_ecv: 4920|' "$t/units/big/f40.yaml" > "$t/units/big/f41.yaml"
expect 1 "41 units on a side" -- "$muster" check "$t/units/big/f41.yaml"
has "$t/err" "has more than 40 units with this file's; a side has at most 40 [shellshock.force-unit]" "too many units"
# Counters, edge to edge inside a 5 mm printer margin: on Letter (612 x
# 792 pt) a 1 in counter (72 pt) goes floor(583.7/72) = 8 across and
# floor(763.7/72) = 10 down, 80 a page; a 1/2 in one (36 pt) 16 x 21 = 336.
mkdir -p "$t/many"
i=1
while [ $i -le 337 ]; do
	sed "s/^name: Mason/name: M$i/; /^card:/d" units/shellshock/mason.yaml > "$t/many/m$i.yaml"
	i=$((i + 1))
done
expect 0 "337 counters, 1/2 in" -- "$muster" render --paper letter --product counter --counter-size 1/2 -o "$t/c.pdf" "$t/many"
has "$t/out" "$t/c.pdf: 2 pages, 337 cards" "1/2 in: 336 a page"
rm "$t/many/m337.yaml"
expect 0 "336 counters, 1/2 in" -- "$muster" render --paper letter --product counter --counter-size 1/2 -o "$t/c.pdf" "$t/many"
has "$t/out" "$t/c.pdf: 1 page, 336 cards" "1/2 in: 336 fill one page"
i=81
while [ $i -le 336 ]; do rm "$t/many/m$i.yaml"; i=$((i + 1)); done
expect 0 "80 counters, 1 in" -- "$muster" render --paper letter --product counter --counter-size 1 -o "$t/c.pdf" "$t/many"
has "$t/out" "$t/c.pdf: 1 page, 80 cards" "1 in: 80 a page"
cp units/shellshock/mason.yaml "$t/many/m81.yaml"
expect 0 "81 counters, 1 in" -- "$muster" render --paper letter --product counter --counter-size 1 -o "$t/c.pdf" "$t/many"
has "$t/out" "$t/c.pdf: 2 pages, 81 cards" "1 in: the 81st starts a page"
# 5/8 in by default: 45 pt, 12 x 16 = 192 on Letter; 80 on one page.
expect 0 "counters at 5/8 in" -- "$muster" render --paper letter --product counter -o "$t/c.pdf" "$t/many"
has "$t/out" "$t/c.pdf: 1 page, 81 cards" "5/8 in by default"
expect 2 "a counter size that is none" -- "$muster" render --counter-size 2/3 units/shellshock/mason.yaml
has "$t/err" "--counter-size" "the bad counter size named"
# The back of a counter is the unit destroyed, on a mirrored page.
expect 0 "counter backs" -- "$muster" render --paper letter --product counter --backs duplex-long -o "$t/cb.pdf" units/shellshock
has "$t/out" "$t/cb.pdf: 2 pages, 8 cards" "counters and their backs"
pdftotext -f 2 -l 2 "$t/cb.pdf" "$t/text.txt"
has "$t/text.txt" "✕" "the destroyed side"
has "$t/text.txt" "Grizzly MBT" "the destroyed side names the unit"
pdftotext -f 1 -l 1 "$t/cb.pdf" "$t/text.txt"
for s in "▲" "Grizzly MBT" "Stalker" "K♠" "7♦" "Q♥"; do
	has "$t/text.txt" "$s" "counter front"
done


# A card without combat_value in a force counts at muster's estimate;
# without the shipped examples to estimate by, it is an error.
(cd tests/bad && MUSTER_UNITS=/nonexistent "$muster" check shellshock-force-unit.yaml) > /dev/null 2> "$t/err"
has "$t/err" "shellshock-force-unit.yaml:24:13: error: 'Mason (unpriced)' has no combat_value, and no estimate can be made without the shipped example units; give it one, or set MUSTER_UNITS [shellshock.force-unit]" "an unpriced card without the examples"
# SPEC 3.3's own force, written in a folder of its own: its units are
# found from the working folder, the Bisons at their estimate.
mkdir -p "$t/specforce"
cat > "$t/specforce/force.yaml" <<'EOF'
system: shellshock
kind: force
name: Convention demo
sides:
  UN:    {units: [units/shellshock/mason.yaml], pilots: [{skill: 2, ecv: 5}], gunners: [], components: [{name: Rocket pod, ecv: 4}], declared_ecv: 129}
  Rebel: {units: [units/shellshock/bison.yaml, units/shellshock/bison.yaml]}
EOF
expect 0 "SPEC 3.3's force" -- "$muster" check "$t/specforce/force.yaml"
has "$t/err" "note: 'Bison' has no combat_value: it counts at muster's estimate" "SPEC 3.3's force prices the Bison"
expect 0 "SPEC 3.3's force, from elsewhere" -- sh -c "cd '$t' && '$muster' check specforce/force.yaml"


# --- advanced combat on record sheets (SPEC 5, 6; 003_1dddfc23c27b38e7.txt) ---
U=units/shellshock
G1="--gunner G1 --weapons 1"
# The Grizzly's 120mm cannon at the Stalker's front_left from 30 in: dV B
# 12, skill 3, -2 for two full 12 in: the d10+d8 needs 11.  h < 10: 28 of
# the 80 pairs reach 11; a 10 on the d10 always does: 28/80 + 8/80 = 9/20.
expect 0 "odds sheet against sheet" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 --json
python3 - "$t/out" <<'PY' && ok || bad "odds on sheets --json"
import json, sys
d = json.load(open(sys.argv[1]))
w = d["weapons"][0]
assert d["gunner"] == "G1" and d["angle"] == "front_left" and d["range_modifier"] == -2, d
assert w["name"] == "120mm Cannon" and w["dv"] == 12 and w["need"] == 11, w
assert w["p_hit_exact"] == "9/20" and d["p_natural_miss_exact"] == "3/40", d
total = d["p_miss"] + d["p_no_internal"] + d["p_core"] + sum(b["p"] for b in d["boxes"]) + d["p_dead"] + d["p_second_20"]
assert abs(total - 1) < 1e-12, total
PY
python3 tests/exact_json.py "$t/out" > /dev/null && ok || bad "odds on sheets: an exact figure does not read back"
expect 0 "odds sheet text" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1
has "$t/out" "45.0000 %" "the cannon's chance"
has "$t/out" "(advanced rules)" "a sheet brings the advanced rules"
# A sheet's penetration has two left angles: SPEC 5's left is taken as
# front_left, as a note says, and prints what front_left prints.
expect 0 "odds sheet front_left" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 --json
cp "$t/out" "$t/front_left.json"
expect 0 "sheet facing left" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing left $G1 --json
cmp -s "$t/out" "$t/front_left.json" && ok || bad "--facing left on a sheet is not front_left's odds"
has "$t/err" "facing left is taken as front_left (--facing rear_left for the side's rear half)" "the left angle taken is told"
expect 0 "sheet facing right, resolve" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing right $G1 --random --seed 5
has "$t/out" "front_right" "right is front_right"
expect 2 "point blank at 2 in on a sheet" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 2 --facing front --point-blank
has "$t/err" "adjacent hex" "a sheet's point blank is an adjacent hex"
expect 0 "point blank at 1 in on a sheet" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 1 --facing front --point-blank $G1
expect 2 "a gunner not in the crew" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front --gunner G7
expect 2 "a weapon the gunner does not control" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front --gunner G1 --weapons 3
has "$t/err" "cannot fire 'Cupola MG'" "the cupola is the commander's"
expect 2 "out of range" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 500 --facing front $G1
has "$t/err" "reaches 2 miles (240 in)" "a weapon's range in miles"
expect 2 "no weapon of the gunner's in range" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 500 --facing front --gunner G1
has "$t/err" "no weapon this gunner fires reaches 500 in; the farthest reaches 240 in" "no weapon in range"
# A weapon named with --weapons out of range is an error (goldens
# shellshock-shot-adv-range-240/241); one of the gunner's by default is
# left out with a note: the smoke mortar reaches 0.3 mile, 36 in.
expect 0 "every weapon of C at 36 in" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 36 --facing front_left --gunner C
has "$t/out" "Smoke mortar" "the smoke mortar at 36 in"
expect 0 "C at 37 in, the mortar left out" -- "$muster" odds shellshock $U/grizzly.yaml $U/stalker.yaml --range 37 --facing front_left --gunner C
has "$t/err" "note: 'Smoke mortar' reaches 36 in, not 37 in: it is left out [shellshock.shot]" "a weapon out of range left out"
if grep -q "Smoke mortar" "$t/out"; then bad "the mortar fired at 37 in"; else ok; fi
# Card against sheet and sheet against card.
expect 0 "odds card against sheet" -- "$muster" odds shellshock $U/mason.yaml $U/stalker.yaml --range 19 --facing front --json
python3 tests/exact_json.py "$t/out" > /dev/null && ok || bad "card against sheet: an exact figure"
expect 0 "odds sheet against card" -- "$muster" odds shellshock $U/grizzly.yaml $U/mason.yaml --range 19 --facing left $G1
has "$t/out" "at least one internal box" "a card hit by a sheet: its boxes"
# Card against card: every figure an exact fraction (SPEC 5).
expect 0 "odds card json exact" -- "$muster" odds shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --json
python3 tests/exact_json.py "$t/out" --all > /dev/null && ok || bad "odds shellshock --json: an inexact figure"
grep -q '"p_hit_exact": "11/20"' "$t/out" && ok || bad "the Mason's M: 11/20"

# resolve on sheets, the given dice step by step: 9 + 5 + 3 - 2 = 15 hits
# dV 12; 12 damage on 96 armor, 8 shock under 10, 14 penetration over 8:
# 6 internal, the 5+ box (10 %: 11 lines), 37-47 marks E and F; E is
# ammunition: 3 against 6 holds.
expect 0 "resolve sheet" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 --roll 9,5 --damage-dice 12,8,14 --internal-roll 37 --explosion 3,6
has "$t/out" "hit roll: d10 9 + d8 5, skill +3, range -2 = 15" "the sheet's hit roll"
has "$t/out" "damage 12d6 12, shock 8d6 8, penetration 10d6 14" "the dice of the weapons that hit"
has "$t/out" "armor left: 96 -> 84; shock over 10: 0; penetration over 8: 6; 6 internal" "armor, shock, penetration"
has "$t/out" "internal roll 37 marks 37-47" "11 lines for a 10 % hit"
has "$t/out" "E Missile ammunition: 1 hit, destroyed" "the equipment hit"
has "$t/out" "attacker 3 against defender 6: it holds" "the roll-off"
has "$t/out" "outcome: damaged" "the outcome"
# Lines crossed off before are skipped: 40-45 marked, 37-39 then 46-53.
expect 0 "resolve sheet --marked" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 --roll 9,5 --damage-dice 12,8,14 --internal-roll 37 --explosion 3,6 --marked 40-45 --json
python3 -c "import json; d=json.load(open('$t/out')); assert d['lines'] == '37-39, 46-53' and list(d)[-1] == 'outcome', d" && ok || bad "--marked skips lines"
# 63-73 reaches both legs: neither crossed off, a locomotion roll each
# (the Stalker's chart: row 5, column 6 is X; row 1, column 4 SLIP).
expect 0 "resolve sheet locomotion" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 --roll 9,5 --damage-dice 12,8,14 --internal-roll 63 --locomotion 5,6,1,4
has "$t/out" "locomotion damage chart: d10 5, d6 6: immobile" "X on the locomotion chart"
has "$t/out" "locomotion damage chart: d10 1, d6 4: +1 SLIP" "SLIP on the locomotion chart"
expect 2 "resolve sheet, one locomotion pair short" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 --roll 9,5 --damage-dice 12,8,14 --internal-roll 63 --locomotion 5,6
has "$t/err" "--locomotion R,C" "the locomotion dice named"
# A card's gunner at a sheet: a natural 20 hits with both weapons,
# doubles its points (14 + 25 = 39, 78 on the Stalker's 120 front
# armor), and a second roll of 3 + 4 is no second 20.
expect 0 "resolve card against sheet" -- "$muster" resolve shellshock $U/mason.yaml $U/stalker.yaml --range 19 --facing front --roll 10,10 --second-roll 3,4
has "$t/out" "natural 20: a hit with every weapon, doubled; second roll d10 3 + d10 4" "the natural 20's second roll"
has "$t/out" "damage 39 points x2 = 78" "a card's points doubled"
has "$t/out" "armor front: 120 -> 42" "on the sheet's armor"
expect 0 "resolve card against sheet, a second 20" -- "$muster" resolve shellshock $U/mason.yaml $U/stalker.yaml --range 19 --facing front --roll 10,10 --second-roll 10,10
has "$t/out" "outcome: destroyed (second natural 20)" "a second natural 20 destroys"
# A sheet's gunner at a card: its damage dice on the card's armor, bands
# and chart: 50 on the Bison's 16 front is 34 internal, dead at 11.
expect 0 "resolve sheet against card" -- "$muster" resolve shellshock $U/grizzly.yaml $U/bison.yaml --range 19 --facing front $G1 --roll 9,8 --damage-dice 50,0,0
has "$t/out" "armor front: 16 -> 0, 34 internal" "the card's armor"
has "$t/out" "outcome: destroyed (dead)" "the card's dead band"
# Every missing die in one error, not one a run.
expect 2 "resolve without dice" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1
has "$t/err" "--roll with the two dice rolled to hit; --damage-dice D,S,P (totals of 12d6 damage, 8d6 shock, 10d6 penetration)" "every die named at once"
if [ "$(wc -l < "$t/err")" = 1 ]; then ok; else bad "one error for the missing dice"; fi
expect 2 "card resolve without dice" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front
has "$t/err" "--roll with the two dice rolled to hit; --coin heads|tails" "a card's missing dice at once"
expect 2 "a damage total no dice can make" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 --roll 9,5 --damage-dice 11,8,14
has "$t/err" "is 12 to 72" "a total's bounds"
# --random: the same seed, the same dice; its replay line gives them back.
expect 0 "resolve --random" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 --random --seed 11
cp "$t/out" "$t/random1"
expect 0 "resolve --random again" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 --random --seed 11
cmp -s "$t/out" "$t/random1" && ok || bad "--random --seed 11 twice differs"
has "$t/out" "muster rolls the dice, --seed 11" "the seed printed"
replay=$(sed -n 's/^the same dice, given: //p' "$t/random1")
# shellcheck disable=SC2086
expect 0 "the replay line" -- "$muster" resolve shellshock $U/grizzly.yaml $U/stalker.yaml --range 30 --facing front_left $G1 $replay
sed '1d;$d' "$t/random1" > "$t/random2"
cmp -s "$t/out" "$t/random2" && ok || bad "the replay line does not give the same steps"
expect 0 "card resolve --random" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --random --seed 4294967295 --json
python3 -c "import json; d=json.load(open('$t/out')); assert d['seed'] == '4294967295' and d['replay'].startswith('--roll ') and list(d)[-1] == 'outcome', d" && ok || bad "resolve --random --json (SPEC 5: the object ends in outcome)"
expect 2 "a seed past 32 bits" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --random --seed 4294967297
has "$t/err" "--seed '4294967297' must be a whole number from 0 to 4294967295" "the seed's bounds"
expect 2 "--random with dice" -- "$muster" resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --random --roll 4,5
