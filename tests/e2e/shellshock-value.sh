# tests/e2e/shellshock-value.sh -- sourced by tests/e2e.sh: `muster value`
# prints every example's breakdown, its JSON carries every figure, a
# force's sides are totalled, and --duel is seeded and sums to 1.
expect 0 "value of the examples" -- "$muster" value units/shellshock
for s in "against 6 reference units: Bison, Hailstorm Battery, Harrier IFV, Ardennes Jäger, Kite Gunship, Mason" \
    "Bison: estimate" "Hailstorm Battery: estimate" "Harrier IFV: estimate" "Ardennes Jäger: estimate" \
    "Kite Gunship: estimate" "Mason: estimate" "declared 120" "offence" "kills a turn, the mean of:" \
    "defence" "turns to be destroyed" "turns by facing: front" "weapons' share of its damage: M 14s" \
    "mobility" "strength" "= sqrt(offence x defence) x mobility^0.1" "= strength x" \
    "Grizzly MBT: a record sheet, ECV 148 as it declares"; do
	has "$t/out" "$s" "value's breakdown"
done
# Every card's estimate is its strength times the scale; each offence is
# the mean of its rates, each defence the turns at the mean rate.
expect 0 "value --json" -- "$muster" value --json units/shellshock
python3 - "$t/out" <<'PY' && ok || bad "value --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["examples"] is True and len(d["reference"]) == 6, d["reference"]
cards = [u for u in d["units"] if "offence" in u]
assert len(cards) == 6, [u["name"] for u in d["units"]]
for u in cards:
    assert abs(u["estimate"] - u["strength"] * d["scale"]) < 1e-3 * u["estimate"], u["name"]
    rates = [1 / m["turns"] for m in u["offence_vs"]]
    assert abs(u["offence"] - sum(rates) / len(rates)) < 1e-4, u["name"]
    brates = [1 / m["turns"] for m in u["defence_from"]]
    assert abs(u["defence"] - len(brates) / sum(brates)) < 1e-2, u["name"]
    assert len(u["offence_vs"]) == 6 and len(u["defence_from"]) == 6
    assert set(u["defence_from"][0]["facings"]) == {"front", "right", "left", "rear"}
    assert abs(sum(w["share"] for w in u["weapons"]) - 1) < 1e-3, u["name"]
# The scale makes the mean estimate of the cards that declare their mean.
decl = [u for u in cards if u["declared"] is not None]
m1 = sum(u["declared"] for u in decl) / len(decl)
m2 = sum(u["estimate"] for u in decl) / len(decl)
assert abs(m1 - m2) < 1e-6 * m1, (m1, m2)
sheets = [u for u in d["units"] if "ecv" in u]
assert [s["ecv"] for s in sheets] == [148, 132] and sheets[0]["estimate"] is None, sheets
PY
# The system may be named, as with odds.
expect 0 "value shellshock" -- "$muster" value shellshock units/shellshock/mason.yaml
has "$t/out" "Mason: estimate" "value shellshock PATH"
# --against: the reference set is the given cards.
expect 0 "value --against" -- "$muster" value --against units/shellshock/mason.yaml --against units/shellshock/bison.yaml units/shellshock/kite.yaml
has "$t/out" "against 2 reference units: Mason, Bison" "--against twice"
# A force: each side's estimate beside its declared ECV.
expect 0 "value of a force" -- "$muster" value units/shellshock-forces/demo.yaml
has "$t/out" "side UN: estimated" "a force's side"
has "$t/out" ", declared 298" "its declared ECV"
has "$t/out" ", declared 269" "the other side's"
# The duel: seeded, 100,000 by default, the four outcomes summing to 1.
expect 0 "a duel" -- "$muster" value --duel units/shellshock/mason.yaml units/shellshock/bison.yaml --json
cp "$t/out" "$t/duel1"
python3 - "$t/out" <<'PY' && ok || bad "value --duel --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["method"] == "simulation" and d["runs"] == 100000 and d["seed"] == 1, d
assert d["range"] == 20, d
assert abs(d["p_a"] + d["p_b"] + d["p_both"] + d["p_neither"] - 1) < 1e-9, d
assert d["p_a"] > d["p_b"], d     # the Mason is the stronger
PY
expect 0 "the same duel again" -- "$muster" value --duel units/shellshock/mason.yaml units/shellshock/bison.yaml --json
if cmp -s "$t/out" "$t/duel1"; then ok; else bad "a seeded duel differs run to run"; fi
expect 0 "a duel's text" -- "$muster" value --duel units/shellshock/jager.yaml units/shellshock/bison.yaml --range 5 --seed 9
for s in "duel: Ardennes Jäger against Bison at 5 in, 100000 duels simulated (seed 9)" "Ardennes Jäger wins" "Bison wins" "both destroyed" "neither, after 100 turns" "turns on average"; do
	has "$t/out" "$s" "duel text"
done
expect 2 "value without a path" -- "$muster" value
has "$t/err" "value needs a card, sheet or force file" "value usage"
expect 2 "a duel of one" -- "$muster" value --duel units/shellshock/mason.yaml
has "$t/err" "--duel takes two card files" "--duel usage"
expect 2 "too few duels" -- "$muster" value --duel --runs 10 units/shellshock/mason.yaml units/shellshock/bison.yaml
has "$t/err" "--runs '10': give 100000 to" "--runs at least 100,000"
expect 2 "a reference that is not there" -- "$muster" value --against nowhere units/shellshock/mason.yaml
expect 0 "value --help" -- "$muster" value --help
has "$t/out" "usage: muster value" "value's help"
if grep -qw "ssg\|shambattle\|shock" "$t/out"; then bad "value --help names another game"; else ok; fi
