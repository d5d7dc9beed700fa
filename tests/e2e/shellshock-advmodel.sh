# tests/e2e/shellshock-advmodel.sh -- sourced by tests/e2e.sh: muster's
# advanced-rules odds (a record sheet's gunner against a sheet or a card,
# 003_1dddfc23c27b38e7.txt, SPEC 6) held to tests/adv_model.py, a model
# written from the rules document apart from muster's engine, in exact
# fractions: every figure of `odds shellshock --json` it computes (each
# weapon's dV, need and chance, the natural misses, natural and second 20s,
# the doubled hit, mean damage, shock and penetration, the misses, core
# hits, each internal % box, the dead box, destroyed) must equal muster's
# *_exact fraction, or its double where the fraction passes 64 bits.
G=units/shellshock/grizzly.yaml S=units/shellshock/stalker.yaml M=units/shellshock/mason.yaml
advmodel() { # WHAT ARGS... -- the model against muster on one case
	what=$1
	shift
	if python3 tests/adv_model.py --compare "$muster" "$@" >"$t/advmodel" 2>&1; then ok; else
		bad "advanced model against muster, $what:"; sed 's/^/  /' "$t/advmodel" | head -12
	fi
}
# d10+d8, skill 3, 23 in (-1, a step short of -2): cannon and coaxial MG
advmodel "sheet against sheet, front" $G $S --range 23 --facing front
# 2d10 (natural 20s and a second one), 13 in, an angle that is the right side
advmodel "2d10 against a front angle" $S $G --range 13 --facing front_right
# point blank: B, E, SA halved (rounded down), M not
advmodel "point blank" $S $G --range 1 --facing rear --point-blank
# the pilot's systems (missile rack and chaingun), 24 in (-2)
advmodel "the pilot's weapons" $S $G --range 24 --facing front_left --gunner P
# the commander's cupola MG and smoke mortar (I), 12 in (-1, the first full step)
advmodel "the commander's weapons" $G $S --range 12 --facing rear_right --gunner C
# past the coaxial MG's half mile: the cannon alone, -5
advmodel "61 in, the cannon alone" $G $S --range 61 --facing rear --weapons 1
# a card hit by a sheet's gunner: damage dice on its armor, bands, d6 chart
advmodel "sheet against card" $G $M --range 11 --facing rear
advmodel "2d10 against a card" $S $M --range 25 --facing left
# The comparison can fail: the model made wrong on purpose (-1 per full
# 10 in) differs from muster at 20 in.
if ADVMODEL_MUTATE=range10 python3 tests/adv_model.py --compare "$muster" $G $S --range 20 --facing front >"$t/advmodel" 2>&1; then
	bad "the advanced model's mutation (10-in range steps) went unnoticed"
else
	if grep -q "need" "$t/advmodel"; then ok; else bad "the mutation failed for another reason: $(tail -3 "$t/advmodel")"; fi
fi
# resolve: the same shot replayed with given dice, step by step (hit roll,
# natural rule, doubling, each weapon's dV and hit, armor left, overshock,
# overpenetration, internal, the box, the chart lines past 100 on from 1,
# each item's hits and whether it is destroyed, the roll-offs, outcome).
advresolve() { # WHAT ARGS...
	what=$1
	shift
	if python3 tests/adv_model.py --compare-resolve "$muster" "$@" >"$t/advmodel" 2>&1; then ok; else
		bad "advanced model against muster resolve, $what:"; sed 's/^/  /' "$t/advmodel" | head -12
	fi
}
# a natural 20 (2d10): every weapon, doubled; a 20 % box from 95 wraps to
# 1-15; the fuel tanks explode, which stops the roll-offs
advresolve "natural 20, a box past 100" $S $G --range 13 --facing front_right --roll 10,10 --second-roll 3,4 --damage-dice 20,6,12 --internal-roll 95 --explosion 5,4
advresolve "a second natural 20" $S $G --range 13 --facing front_right --roll 10,10 --second-roll 10,10 --damage-dice 20,6,12
# a human d10 of 10 re-rolled to 10: doubled, 27 against the front: dead
advresolve "a re-rolled 10" $G $S --range 20 --facing front --roll 10,1,10,10,4 --damage-dice 30,14,15
# 40 % box from 99: every line of the Reactor marked, destroyed at 2 of 3 hits
advresolve "a letter wholly marked" $G $S --range 20 --facing front --roll 6,5 --damage-dice 30,22,20 --internal-roll 99 --explosion 1,2
# natural 4 misses whatever the total
advresolve "a natural 4" $G $S --range 20 --facing front --roll 2,2
# point blank, a 20 % box over fuel and ammunition, both hold
advresolve "point blank, two roll-offs" $S $G --range 1 --point-blank --facing rear --roll 3,3 --damage-dice 30,5,21 --internal-roll 12 --explosion 4,4,4,4
# armor only: damaged, nothing internal
advresolve "armor alone" $S $G --range 13 --facing front --roll 2,10,1 --damage-dice 20,6,12
# a card: 30 past the left armor's 12 is 18, three boxes from 3: p F A
advresolve "a card's chart" $S $M --range 25 --facing left --roll 9,8 --damage-dice 30,5,21 --internal-roll 3 --explosion 6,2
