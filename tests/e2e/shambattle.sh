# tests/e2e/shambattle.sh -- sourced by tests/e2e.sh: the ShamBattle /
# Portable Wargame armies checked, their counters and rosters printed and
# read back, and odds against hand figures.
S=units/shambattle
expect 0 "check the armies" -- "$muster" check $S
has "$t/err" "homebrew 'Mountain Guns' differs from artillery: move 2 (artillery 1), range 3 (artillery 4); it is 2 SP [shambattle.homebrew]" "the homebrew unit's warning"
expect 1 "strict: the homebrew warning fails" -- "$muster" check --strict $S
# A counter a base: Blue 1 + 3 x 2 + 2 + 1 + 1 + 1 = 12, Red 1 + 2 x 2 +
# 2 x 2 + 1 + 1 + 1 = 12; 5/8 in on Letter holds 192: one page.  Then a
# roster page an army.
expect 0 "render the armies" -- "$muster" render --paper letter -o "$t/sb.pdf" $S
has "$t/out" "$t/sb.pdf: 3 pages, 26 cards" "24 counters on a page, a roster page an army"
pdfinfo "$t/sb.pdf" 2>&1 | tr -s " " > "$t/info"
has "$t/info" "Page size: 612 x 792 pts (letter)" "Letter"
pdftotext -f 1 -l 1 "$t/sb.pdf" "$t/text.txt"
for s in "General Blau" "1st Foot" "Blue Hussars" "Maxim Company" "General Rot" "Mountain Guns" "+1"; do
	has "$t/text.txt" "$s" "counter text"
done
if [ "$(grep -c "^1st Foot$" "$t/text.txt")" = 2 ]; then ok; else bad "two counters for the two bases of 1st Foot"; fi
pdftotext -layout -f 2 -l 2 "$t/sb.pdf" - | tr -s " " > "$t/text.txt"
for s in "Blue" "35 of 40" "General Blau General 1 6 2 – – – +1 a die in its hex" \
    "1st Foot Infantry regiment 2 6 1 1 – 2" "Maxim Company Machine gun company 1 2 1 2 3 1" \
    "Nordstadt 1st Foot, 2nd Foot 12 SP" "Blauburg 3rd Foot, Field Guns 8 SP" \
    "Exhaustion point: 14 SP lost" "1st Brigade: 1st Foot, 2nd Foot, Blue Hussars" \
    "Morning" "6.00am–10.00am" "Night" "10.00pm–6.00am" \
    "Each die takes 1 SP: 5 in the open, 6 even in cover." "regains 1 SP" \
    "keeps half its loss, rounded up (5 SP lost: 3)" "At 14 the army is exhausted" \
    "when both sides are exhausted, the war ends"; do
	has "$t/text.txt" "$s" "Blue's roster"
done
# Divisions as brigades are ("brigades and/or divisions"): on the roster
# under their own title.
sed 's/^brigades:/divisions:/; s/1st Brigade/1st Division/' $S/blue.yaml > "$t/div.yaml"
expect 0 "an army with divisions" -- "$muster" render --paper letter --product roster -o "$t/div.pdf" "$t/div.yaml"
pdftotext -layout "$t/div.pdf" - | tr -s " " > "$t/text.txt"
has "$t/text.txt" "Divisions" "the divisions' title"
has "$t/text.txt" "1st Division: 1st Foot, 2nd Foot, Blue Hussars" "a division on the roster"
pdftotext -layout -f 3 -l 3 "$t/sb.pdf" - | tr -s " " > "$t/text.txt"
has "$t/text.txt" "33 of 40" "Red's SP"
has "$t/text.txt" "Rotstadt 1st Grenadiers, Pioneers, General Rot 9 SP" "the general not counted in a garrison"
has "$t/text.txt" "Mountain Guns Artillery regiment 1 2 2 3 2 1 homebrew" "the homebrew unit's own values"
# The backs: the withdrawn side, a back a counter.
expect 0 "counters with backs" -- "$muster" render --paper letter --product counter --backs duplex-long -o "$t/sbb.pdf" $S
has "$t/out" "$t/sbb.pdf: 2 pages, 24 cards" "counters and their backs"
if [ "$(pdftotext -f 2 -l 2 "$t/sbb.pdf" - | grep -c withdrawn)" = 24 ]; then ok; else bad "a withdrawn back for each counter"; fi
# At 1 in, the range and dice show; at 5/8 they do not.
expect 0 "1 in counters" -- "$muster" render --paper letter --product counter --counter-size 1 -o "$t/sb1.pdf" $S
pdftotext "$t/sb1.pdf" "$t/text.txt"
has "$t/text.txt" "range 4" "a 1 in counter shows the range"
has "$t/text.txt" "fire 3" "a 1 in counter shows the machine gun's fire dice"
pdftotext "$t/sb.pdf" "$t/text.txt"
if grep -q "range 4" "$t/text.txt"; then bad "a 5/8 in counter shows the range"; else ok; fi

# --- odds shambattle (SPEC 5), figures by hand ---
# 3 dice in the open: p = 2/6; P(0) = 8/27 = 29.6296 %, P(1) = 12/27 =
# 44.4444 %, P(3) = 1/27 = 3.7037 %; mean 3 x 1/3 = 1.
expect 0 "odds --dice 3" -- "$muster" odds shambattle --dice 3
for s in "each hits on 5+ (33.3333 %)" "mean 1.0000" "0 SP      29.6296 %" "1 SP      44.4444 %" "3 SP       3.7037 %"; do
	has "$t/out" "$s" "odds --dice 3"
done
# In cover with the general: 5+, the same 1/3.
expect 0 "odds --dice --cover --general" -- "$muster" odds shambattle --dice 3 --cover --general
has "$t/out" "in cover, with the general: each hits on 5+ (33.3333 %)" "cover and general"
expect 0 "odds --dice --json" -- "$muster" odds shambattle --dice 2 --cover --json
python3 - "$t/out" <<'PY' && ok || bad "odds shambattle --json"
import json, sys
d = json.load(open(sys.argv[1]))
# 2 dice at a target in cover: p = 1/6; 25/36, 10/36, 1/36; mean 1/3.
assert d["dice"] == 2 and d["cover"] is True and d["general"] is False, d
assert d["need"] == 6 and abs(d["p_hit"] - 1/6) < 1e-6, d
assert abs(d["mean"] - 1/3) < 1e-6, d
assert [x["sp"] for x in d["distribution"]] == [0, 1, 2], d
assert all(abs(x["p"] - w) < 1e-6 for x, w in zip(d["distribution"], [25/36, 10/36, 1/36])), d
PY
# 2 dice against 1 in the open: A loses 4/27 = 14.8148 %, B 11/27 =
# 40.7407 %, neither 12/27 = 44.4444 %; B's loss when it loses 14/11 =
# 1.2727, after withdrawing it keeps half, rounded up: 1 of 1 and 1 of 2,
# 1 (test_shambattle.c has the arithmetic).
expect 0 "odds --close 2,1" -- "$muster" odds shambattle --close 2,1 --json
python3 - "$t/out" <<'PY' && ok || bad "odds shambattle --close --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["a"]["p_loses_exact"] == "4/27" and d["a"]["p_loses"] == 4/27, d
assert d["b"]["p_loses_exact"] == "11/27", d
assert d["p_draw_exact"] == "4/9", d
assert d["b"]["mean_lost_if_loses_exact"] == "14/11", d
assert d["b"]["mean_lost_if_loses_withdrawn_exact"] == "1/1", d
assert d["a"]["mean_lost_withdrawing_exact"] == "1/3", d
assert d["b"]["mean_lost_withdrawing_exact"] == "5/9", d
PY
# Withdrawal follows the document's worked example (SPEC 6): a loser
# keeps half its loss, rounded up.  1 against 1: a side loses only by
# losing its one SP, and keeps it: 1 (the earlier reading gave 0).
expect 0 "odds --close 1,1 --json" -- "$muster" odds shambattle --close 1,1 --json
python3 - "$t/out" <<'PY' && ok || bad "a loser of 1 SP keeps 1 after withdrawing"
import json, sys
d = json.load(open(sys.argv[1]))
for s in "a", "b":
    assert d[s]["mean_lost_if_loses_withdrawn"] == 1.0, d
    assert d[s]["mean_lost_if_loses_withdrawn_exact"] == "1/1", d
PY
# 5 against 5: "a side loses 5 SPs ... They have therefore only lost 3
# SPs": 5 SP lost, (1/3)^5 = 1/243, kept 3; 4 -> 2, 1 -> 1.
expect 0 "odds --close 5,5 --json" -- "$muster" odds shambattle --close 5,5 --json
python3 - "$t/out" <<'PY' && ok || bad "the worked example's 5 SP loss keeps 3"
import json, sys
d = json.load(open(sys.argv[1]))
rows = d["a"]["distribution"]
assert rows[5]["sp"] == 5 and rows[5]["p_exact"] == "1/243", rows
assert [r["kept_if_withdrawing"] for r in rows] == [0, 1, 1, 2, 2, 3], rows
PY
has "$t/out" '"kept_if_withdrawing": 3' "5 SP lost, 3 kept"
expect 0 "odds --close 5,5" -- "$muster" odds shambattle --close 5,5
has "$t/out" "5 SP       0.4115 %  (3 kept if the loser withdraws)" "the text's 5 -> 3"
# Every probability and mean of these reads back as its exact fraction
# (SPEC 5: 17 significant digits and "KEY_exact").
for args in "--dice 3" "--dice 13 --general" "--dice 5 --cover" "--close 2,1" \
    "--close 7,5 --general --cover-a" "--close 12,12" "--night 4"; do
	# shellcheck disable=SC2086
	"$muster" odds shambattle $args --json > "$t/exact.json" &&
	    python3 tests/exact_json.py "$t/exact.json" --all > /dev/null && ok ||
	    bad "odds shambattle $args --json: an inexact figure"
done
# 13 dice at 1/3: P(0) = 2^13 / 3^13 = 8192/1594323.
"$muster" odds shambattle --dice 13 --json > "$t/out"
has "$t/out" '"p_exact": "8192/1594323"' "13 dice, exact"
# 100 dice: 3^100 is past 64 bits, so no fraction; the double is there,
# and P(100 SP) = 3^-100 = 1.94e-48 is not printed as 0.
expect 0 "odds --dice 100 --json" -- "$muster" odds shambattle --dice 100 --json
python3 - "$t/out" <<'PY' && ok || bad "--dice 100 prints a nonzero chance as nonzero"
import json, sys
d = json.load(open(sys.argv[1]))
last = d["distribution"][100]
assert last["sp"] == 100 and 1.94e-48 < last["p"] < 1.95e-48 and "p_exact" not in last, last
assert d["mean_exact"] == "100/3", d
PY
python3 tests/exact_json.py "$t/out" > /dev/null && ok || bad "--dice 100: a fraction that does not read back"
expect 0 "odds --dice 100" -- "$muster" odds shambattle --dice 100
has "$t/out" "100 SP     1.94e-46 %" "the text's tiny chance, not 0.0000"
# Night (001, "Timescale"): each unit rolls a d6 and regains 1 SP on 5
# or 6, 1/3.  Three units: none (2/3)^3 = 8/27 = 29.6296 %, one
# 3 (1/3)(2/3)^2 = 4/9 = 44.4444 %, all three 1/27 = 3.7037 %; mean 1.
expect 0 "odds --night 3" -- "$muster" odds shambattle --night 3
for s in "night: 3 units that have lost SP roll a d6 each: 1 SP back on 5+ (33.3333 %)" \
    "SP regained: mean 1.0000" "0 SP      29.6296 %" "1 SP      44.4444 %" "3 SP       3.7037 %"; do
	has "$t/out" "$s" "odds --night 3"
done
expect 0 "odds --night 3 --json" -- "$muster" odds shambattle --night 3 --json
python3 - "$t/out" <<'PY' && ok || bad "odds --night --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["units"] == 3 and d["need"] == 5 and d["p_recover_exact"] == "1/3", d
assert [r["p_exact"] for r in d["distribution"]] == ["8/27", "4/9", "2/9", "1/27"], d
PY
expect 2 "odds --night 0" -- "$muster" odds shambattle --night 0
has "$t/err" "--night '0': give a number of units from 1 to 100" "a bad --night"
expect 0 "odds --night 100" -- "$muster" odds shambattle --night 100
expect 2 "odds --night 101" -- "$muster" odds shambattle --night 101
expect 2 "odds --night with --cover" -- "$muster" odds shambattle --night 2 --cover
has "$t/err" "--night takes no --general or --cover" "no fighting at night"
expect 2 "odds --night with --dice" -- "$muster" odds shambattle --night 2 --dice 2
expect 0 "odds --close with the general" -- "$muster" odds shambattle --close 1,1 --general --cover
# A's die on 5+ against B in cover (general), B's on 5+: each loses 2/9.
has "$t/out" "loses the combat 22.2222 %" "general and cover in a close combat"
# A general whose side loses (2/9): killed on a 1, 2/9 x 1/6 = 3.7037 %;
# wounded on 2 or 3, 2/9 x 2/6 = 7.4074 %.
has "$t/out" "its general: killed 3.7037 %, wounded 7.4074 %" "the general's d6"
expect 2 "odds: no --dice or --close" -- "$muster" odds shambattle
has "$t/err" "give one of --dice N, --close A,B and --night N" "odds usage"
expect 2 "odds: 0 dice" -- "$muster" odds shambattle --dice 0
has "$t/err" "--dice '0': give a number of dice from 1 to 100" "a bad die count"
expect 2 "odds: --close 3" -- "$muster" odds shambattle --close 3
has "$t/err" "--close '3': give the two sides' dice" "a bad --close"
expect 2 "odds: --cover-a without --close" -- "$muster" odds shambattle --dice 2 --cover-a
expect 0 "odds shambattle --help" -- "$muster" odds shambattle --help
has "$t/out" "usage: muster odds shambattle --dice N" "help names this game"
if grep -q "ssg\|shellshock" "$t/out"; then bad "odds shambattle --help names another game"; else ok; fi
# An army of 15 units takes two roster pages, "1 of 2" and "2 of 2": the
# general and 14 homebrew 1-SP scouts (20 SP).
{
	printf 'system: shambattle\nkind: army\nname: Scouts\nunits:\n  - {name: General Vogt, type: general}\n'
	i=1
	while [ $i -le 14 ]; do
		printf '  - {name: Scout %d, type: engineer, homebrew: true, sp_per_base: 1, sp: 1}\n' $i
		i=$((i + 1))
	done
} > "$t/scouts.yaml"
expect 0 "15 units" -- "$muster" render --paper letter --product roster -o "$t/scouts.pdf" "$t/scouts.yaml"
has "$t/out" "$t/scouts.pdf: 2 pages, 2 cards" "a roster page for 14 units, then another"
pdftotext -layout "$t/scouts.pdf" - | tr -s " " > "$t/text.txt"
has "$t/text.txt" "1 of 2" "the first roster page"
has "$t/text.txt" "2 of 2" "the second roster page"
# The general and Scouts 1-13 on the first page, Scout 14 on the second;
# the whole army's SP on both.
pdftotext -layout -f 1 -l 1 "$t/scouts.pdf" - | tr -s " " > "$t/p1.txt"
pdftotext -layout -f 2 -l 2 "$t/scouts.pdf" - | tr -s " " > "$t/p2.txt"
has "$t/p1.txt" "Scout 13 Engineer battalion 1 1" "the 14th line on the first page"
has "$t/p2.txt" "Scout 14 Engineer battalion 1 1" "the 15th unit on the second page"
if grep -q "Scout 14" "$t/p1.txt"; then bad "Scout 14 on the first page too"; else ok; fi
has "$t/p2.txt" "20 of 40" "the army's SP on the second page"
