#!/bin/sh
# ss-opts-outputs.sh MUSTER OUTDIR -- runs odds, resolve and value
# shellshock over the shipped examples with many option combinations,
# good and bad; each case's command, stdout, stderr and exit status into
# OUTDIR/N.{cmd,out,err,rc}.  Run it with the old and the new muster and
# compare the two folders (diff -r) to see that a change of option
# parsing changed no output.  From any folder.
m=$1 o=$2
m=$(cd "$(dirname "$m")" && pwd)/$(basename "$m")
mkdir -p "$o" && o=$(cd "$o" && pwd)
cd "$(dirname "$0")/.." || exit 2
export MUSTER_UNITS=units MUSTER_TEMPLATES=templates MUSTER_DECKS=decks
U=units/shellshock
n=0
run() { n=$((n + 1)); printf '%s\n' "$*" > "$o/$n.cmd"; "$m" "$@" > "$o/$n.out" 2> "$o/$n.err"; echo $? > "$o/$n.rc"; }
for cmd in odds resolve value; do
	run $cmd shellshock --help; run $cmd shellshock -h
done
run value --help
cards="bison hailstorm harrier jager kite mason"
for a in $cards; do for d in $cards; do
	for f in front left right rear; do
		run odds shellshock $U/$a.yaml $U/$d.yaml --range 7 --facing $f
	done
	run odds shellshock $U/$a.yaml $U/$d.yaml --range 19 --facing rear --json
	run odds shellshock $U/$a.yaml $U/$d.yaml --range 3 --facing front --point-blank
	run odds shellshock $U/$a.yaml $U/$d.yaml --range 12 --facing left --spread
	run odds shellshock $U/$a.yaml $U/$d.yaml --range 12 --facing left --spread --json
	run resolve shellshock $U/$a.yaml $U/$d.yaml --range 12 --facing left --random --seed 7
	run resolve shellshock $U/$a.yaml $U/$d.yaml --range 12 --facing left --random --seed 7 --json
	run resolve shellshock $U/$a.yaml $U/$d.yaml --range 4 --facing front --roll 9,8 --coin heads --internal-roll 3 --explosion 5,4
done; done
for s in grizzly stalker; do for d in grizzly stalker mason bison; do
	run odds shellshock $U/$s.yaml $U/$d.yaml --range 30 --facing front_left --gunner G1 --weapons 1
	run odds shellshock $U/$s.yaml $U/$d.yaml --range 30 --facing front_left --gunner G1 --weapons 1 --json
	run odds shellshock $U/$s.yaml $U/$d.yaml --range 20 --facing rear --spread=2
	run odds shellshock $U/$s.yaml $U/$d.yaml --range 20 --facing rear --spread=2 --gunner C
	run odds shellshock $U/$s.yaml $U/$d.yaml --range=1 --facing=front --point-blank --gunner=G1
	run resolve shellshock $U/$s.yaml $U/$d.yaml --range 30 --facing front_left --gunner G1 --weapons 1 --random --seed 11
	run resolve shellshock $U/$s.yaml $U/$d.yaml --range 30 --facing front_left --gunner G1 --weapons 1 --random --seed 11 --json
	run resolve shellshock $U/$s.yaml $U/$d.yaml --range 30 --facing front_left --gunner G1 --weapons 1 --roll 9,5 --damage-dice 12,8,14 --internal-roll 37 --explosion 3,6 --marked 40-45
	run resolve shellshock $U/$s.yaml $U/$d.yaml --range 30 --facing front_left --gunner G1 --weapons 1 --roll 9,5 --damage-dice 12,8,14 --internal-roll 63 --locomotion 5,6,1,4 --json
	run resolve shellshock $U/$s.yaml $U/$d.yaml --range 20 --facing rear --spread=2 --spread-roll 3,4 --roll 10,10 --second-roll 3,4
done; done
for s in 1 2 3 99 4294967295; do
	run resolve shellshock $U/mason.yaml $U/stalker.yaml --range 19 --facing front --random --seed $s
done
run resolve shellshock --damage 5 $U/mason.yaml --facing front --internal-roll 4 --explosion 5,4
run resolve shellshock --damage 0 $U/bison.yaml --facing rear --json
run resolve shellshock --damage=12 $U/jager.yaml --facing=left --internal-roll 2
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front
# errors, as they were
run odds shellshock $U/mason.yaml $U/bison.yaml --range 10001 --facing front
run odds shellshock $U/mason.yaml $U/bison.yaml --range x --facing front
run odds shellshock $U/mason.yaml $U/bison.yaml --facing front
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing up
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --spread=9
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --spread=2
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --gunner G1
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --weapons Q
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --bogus
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --rang 4
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --ran=4 --fac rear
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --json=1
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front -x
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing
run odds shellshock $U/mason.yaml --range 5 --facing front
run odds shellshock $U/mason.yaml $U/bison.yaml --range 5 --facing front --version
run odds shellshock -- $U/mason.yaml $U/bison.yaml --range 5 --facing front
run odds shellshock $U/mason.yaml $U/bison.yaml --range 20 --facing front --point-blank
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 1
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 4,5 --coin up
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --random --roll 4,5
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --seed 4
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --random --seed 4294967296
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --random --seed x
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --spread-roll 3
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 4,5 --second-roll 3
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 4,5 --damage-dice 3
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 4,5 --internal-roll 3,4
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 4,5 --explosion 3
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 4,5 --locomotion 3
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 4,5 --marked 0-3
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 4,5 --damage x
run resolve shellshock --damage 5 $U/mason.yaml
run resolve shellshock --damage 5 $U/mason.yaml --facing up
run resolve shellshock --damage 5 $U/stalker.yaml --facing front
run resolve shellshock $U/mason.yaml --range 19 --facing front
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --roll 4,5 --gunner G1
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --bogus
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --rol 4,5
run resolve shellshock $U/mason.yaml $U/bison.yaml --range 19 --facing front --s 4,5
# value
run value units/shellshock
run value --json units/shellshock
run value shellshock $U/mason.yaml
run value --runs 20 --json $U/mason.yaml $U/kite.yaml
run value --against $U/kite.yaml --against $U/bison.yaml $U/kite.yaml
run value --against=$U/kite.yaml --again $U/bison.yaml --seed 3 $U/kite.yaml --json
run value units/shellshock-forces/demo.yaml
run value units/shellshock-variants
run value --duel $U/mason.yaml $U/bison.yaml --json
run value --duel $U/jager.yaml $U/bison.yaml --seed 9
run value shellshock --duel $U/jager.yaml $U/bison.yaml --seed 9 --runs 300
run value --duel $U/mason.yaml $U/bison.yaml --seed 4294967297
run value --duel $U/mason.yaml $U/bison.yaml --seed 9007199254740992
run value --duel $U/mason.yaml $U/bison.yaml --seed x
run value --duel $U/mason.yaml $U/bison.yaml --runs 0
run value --duel $U/mason.yaml $U/bison.yaml --runs x
run value --duel --runs 10 $U/mason.yaml $U/bison.yaml
run value --duel $U/mason.yaml
run value --duel --against $U/kite.yaml $U/mason.yaml $U/bison.yaml
run value
run value shellshock
run value --against nowhere $U/mason.yaml
run value --bogus $U/mason.yaml
run value shellshock --bogus $U/mason.yaml
run value shellshock --runs 100000001 $U/mason.yaml
run value $U/mason.yaml units/shambattle/red.yaml
args=; for i in $(seq 65); do args="$args --against $U/kite.yaml"; done
run value $args $U/mason.yaml
echo "$n cases"
