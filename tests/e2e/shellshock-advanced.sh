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

