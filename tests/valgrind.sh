#!/bin/sh
# valgrind.sh MUSTER -- the examples under valgrind: no memory errors and
# no leaks (definite, indirect or possible) in checking and rendering.
# SHARD=I/N (make check-valgrind-I) makes only every Nth run, from the
# Ith: make runs the N parts side by side.
set -u
muster=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export MUSTER_TEMPLATES="$top/templates" MUSTER_DECKS="$top/decks" MUSTER_UNITS="$top/units"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
command -v valgrind >/dev/null 2>&1 || { echo "valgrind.sh: valgrind is missing (make check installs it)"; exit 2; }
fail=0 n=0 k=0
shard=${SHARD:-1/1}
run() {
	k=$((k + 1))
	[ $(((k - 1) % ${shard#*/})) = $((${shard%/*} - 1)) ] || return 0
	n=$((n + 1))
	# (--read-inline-info=no: 0.2 s less of valgrind's start a run, 0.9
	# -> 0.7; a report names the outer function's line, not the inlined
	# one's.)
	valgrind -q --error-exitcode=99 --leak-check=full --read-inline-info=no \
	    --show-leak-kinds=definite,indirect,possible \
	    --errors-for-leak-kinds=definite,indirect,possible \
	    "$muster" "$@" >"$t/out" 2>"$t/err"
	rc=$?
	if [ "$rc" = 99 ] || grep -q "==[0-9]*==" "$t/err"; then
		echo "FAIL valgrind: muster $*"
		sed 's/^/  /' "$t/err" | head -40
		fail=$((fail + 1))
	fi
}
# The runs in the order that deals them evenly to four parts (run K goes
# to part (K - 1) % 4 + 1): the four longest first, one a part, then
# each row of four the longest to the parts with the least so far.
# CPU-s under valgrind, measured at load 2, in the comments: the parts
# come to about 14, 12, 10 and 9.
# The bad cases bad.sh checks as they are (no NAME.args), which it runs
# without LeakSanitizer: here every one of them, for leaks of every kind
# and uninitialised reads.  (A case with its own arguments keeps
# LeakSanitizer there; all 948 here took 14 s.)
# shellcheck disable=SC2046
run check $(for y in tests/bad/*.yaml; do [ -f "${y%.yaml}.args" ] || printf '%s\n' "$y"; done)	# 11
# Every example folder, as make renders them, with backs and counters:
# in one run, a PDF a folder (-d), where a run a folder paid valgrind's
# and fontconfig's start (1.3 s of processor time) once for each.
# shellcheck disable=SC2046
run render --paper a4 --backs duplex-long --counter-size 1 -d "$t/a" $(ls -d units/*/)	# 9
run render --paper letter --backs duplex-short -o "$t/d.pdf" decks		# 4.1
run render --paper letter --bleed 3 -o "$t/b.pdf" units/shellshock		# 3.7
run resolve shellshock units/shellshock/mason.yaml units/shellshock/stalker.yaml --range 19 --facing front --random --seed 3 --json	# 0.9
run resolve shellshock units/shellshock/grizzly.yaml units/shellshock/stalker.yaml --range 30 --facing front_left --gunner G1 --weapons 1 --roll 9,5 --damage-dice 12,8,14 --internal-roll 63 --locomotion 5,6,1,4	# 0.9
# (--runs 20: the matchups' duels are the code of value --duel, and the
# same at 600 a start; valgrind's 21 s at 600.  value --duel itself, at
# its least of 10,000 duels a start, took valgrind 6.5 s: e2e runs it
# under ASan.)
run value --runs 20 units/shellshock units/shellshock-forces			# 3
run check units $(ls -d decks 2>/dev/null)					# 3.6
run odds shellshock units/shellshock/hailstorm.yaml units/shellshock/mason.yaml --range 4 --facing right --spread --point-blank --json	# 1.1
run odds ssg Hussars Grenadiers --flank						# 1
run render -o "$t/c.pdf" tests/bad/render-glyph.yaml				# 2.7
run templates									# 1.9
run resolve shellshock --damage 25 units/shellshock/bison.yaml --facing front --internal-roll 2 --explosion 5,4	# 1
run odds shellshock units/shellshock/grizzly.yaml units/shellshock/stalker.yaml --range 30 --facing front_left --gunner G1 --json	# 1
echo "  valgrind $n runs, $fail failures${SHARD:+ (part $SHARD)}"
[ "$fail" = 0 ]
