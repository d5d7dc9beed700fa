#!/bin/sh
# bad.sh MUSTER [BUDGET [PLAIN]] -- the bad-input corpus.  Each tests/bad/NAME.yaml is run
# through `muster check NAME.yaml` (or through the arguments in NAME.args,
# where @ stands for NAME.yaml and % for a scratch folder of its own,
# empty at each run); what it prints
# on stderr must equal NAME.expected exactly, and its exit status must be
# NAME.status (default 1).  Then every rule id muster lists must be shown
# by at least one case (or, for io.write and yaml.size, by e2e.sh), and
# named in the man page.
#
# Given BUDGET (build/budget), each case also runs within its budget
# (SPEC section 8): at most a second of processor time and 200 MB, killed
# after 10 s on the clock.  A limit on a hostile input, not a benchmark:
# the plain build is timed, by its processor time (what other jobs on the
# machine take does not count against it).
#
# bad.sh ASAN-MUSTER BUDGET PLAIN-MUSTER (make check) runs each case
# under the sanitizers, measured, and again on the plain build within
# its budget only when the sanitized run took over half of it (0.5 s of
# processor time or 100 MB).  The sanitized build does the same work and
# more: its own code checked at every load and store, the libraries the
# same, its allocator's red zones and quarantine on top of each block.
# Measured, it takes 1.2 to 1.5 times the plain build's processor time
# on an image bomb (zlib and libpng do most of it) and up to 8 times on
# a small file's check, and 1.3 to 7 times its memory; the factor of 2
# between the trigger and the budget covers what one run's noise can
# turn round (a case at 0.3 s under ASan once took 0.34 s plain).
# Every case has a 10 s limit on the clock.  The summary gives the
# costliest case under ASan.
#
# ONLY=GLOB runs the cases whose names match it (make check-bad
# ONLY='shock-*'), and leaves out the check that every rule has a case.
# SHARD=I/N runs every Nth case, from the Ith (make check-bad runs four
# such parts side by side); part 1 also makes the checks of every rule
# and kind.
set -u
only=${ONLY:-}
shard=${SHARD:-1/1}
nshard=${shard#*/} ishard=$((${shard%/*} - 1)) k=0
muster=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
budget='' plain=''
[ $# -ge 2 ] && budget=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
[ $# -ge 3 ] && plain=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
max_secs=1 max_kb=204800
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/bad" || exit 2
# Built-in templates from the tree, named the same in every .expected.
export MUSTER_TEMPLATES=../../templates MUSTER_DECKS=../../decks MUSTER_UNITS=../../units
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The lists muster gives of itself, for a golden that names every system
# or record type: @SYSTEMS@ and @TYPES@ in a .expected stand for them,
# so that a new game changes no golden.
systems=$("$muster" schema --list | awk 'NF == 2 && !seen[$1]++ {
	printf "%s%s", n++ ? ", " : "", $1 }')
types=$("$muster" templates --types | awk '{
	printf "%s%s", n++ ? ", " : "", $1 }')
[ -n "$systems" ] && [ -n "$types" ] || {
	echo "FAIL bad/: muster lists no systems or record types"; exit 1; }
# The goldens that name those lists (a sed each); the others are
# compared as they are (a cmp, and a diff only when they differ).
lists=" $(grep -l -e @SYSTEMS@ -e @TYPES@ ./*.expected | sed 's|^\./||' | tr '\n' ' ') "
fail=0 n=0 slow_us=-1 slow="0 0 -" replain=0 big_us=-1 big="0 0 -" big_kb=0
# judge STATUS -- the case's status and stderr ($scratch/stderr) against
# NAME.status and NAME.expected.
judge() {
	if [ "$1" != "$want" ]; then
		echo "FAIL bad/$name: exit $1, want $want${2:+ ($2)}"
		sed 's/^/  /' "$scratch/stderr"
		fail=$((fail + 1))
		return
	fi
	gold=$name.expected
	case $lists in *" $name.expected "*)
		gold=$scratch/want
		sed "s/@SYSTEMS@/$systems/g; s/@TYPES@/$types/g" \
		    "$name.expected" >"$gold" ;;
	esac
	if ! cmp -s "$gold" "$scratch/stderr"; then
		echo "FAIL bad/$name: diagnostics differ${2:+ ($2)}"
		diff -u "$gold" "$scratch/stderr" 2>&1 | sed 's/^/  /'
		fail=$((fail + 1))
	fi
}
# fresh -- an empty % for a case that writes there (only those: two
# processes a case).
fresh() {
	case $args in *"$scratch/case"*)
		rm -rf "$scratch/case" && mkdir "$scratch/case" ;;
	esac
}
# held MUSTER -- the case run by MUSTER (the plain build) within its
# budget, and judged; the slowest case yet kept.
held() {
	# shellcheck disable=SC2086
	"$budget" "$scratch/used" 10 "$1" $args >/dev/null 2>"$scratch/stderr"
	judge $? "${plain:+the plain build}"
	read -r secs kb wall us < "$scratch/used"
	# Within the budget or not, then the slowest case yet, in the
	# shell's whole numbers (an awk a case cost 2 ms of 30).
	if [ "$us" -gt $((max_secs * 1000000)) ] || [ "$kb" -gt "$max_kb" ]; then
		echo "FAIL bad/$name: over budget: $secs s of processor time ($wall s on the clock), $((kb / 1024)) MB (at most $max_secs s, $((max_kb / 1024)) MB)"
		fail=$((fail + 1))
	fi
	[ "$us" -gt "$slow_us" ] && slow_us=$us slow="$secs $kb $name"
}
asan_leaks=${ASAN_OPTIONS:-}
asan_noleaks=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
for y in ${only:-*}.yaml; do
	if [ "$y" = "${only:-*}.yaml" ] && [ ! -e "$y" ]; then
		echo "FAIL bad/: no case matches ONLY='$only'"
		fail=$((fail + 1))
		continue
	fi
	k=$((k + 1))
	[ $(((k - 1) % nshard)) = "$ishard" ] || continue
	name=${y%.yaml}
	# A case checked as it is (no NAME.args) runs without LeakSanitizer's
	# scan at exit (2 of the 12 ms such a case takes): valgrind.sh
	# checks every such file in one run of `check`, for leaks of
	# every kind.  A case with its own arguments keeps the scan.
	leaks=$asan_leaks
	if [ -f "$name.args" ]; then
		args=$(sed "s|@|$y|g; s|%|$scratch/case|g" "$name.args")
	else
		args="check $y"
		leaks=$asan_noleaks
	fi
	want=1
	[ -f "$name.status" ] && read -r want < "$name.status"
	n=$((n + 1))
	fresh
	# shellcheck disable=SC2086
	if [ -z "$budget" ]; then
		ASAN_OPTIONS=$leaks "$muster" $args >/dev/null 2>"$scratch/stderr"
		judge $?
	elif [ -z "$plain" ]; then
		held "$muster"
	else
		ASAN_OPTIONS=$leaks "$budget" "$scratch/used" 10 "$muster" $args \
		    >/dev/null 2>"$scratch/stderr"
		judge $?
		read -r secs kb wall us < "$scratch/used"
		[ "$us" -gt "$big_us" ] && big_us=$us big="$secs $kb $name"
		[ "$kb" -gt "$big_kb" ] && big_kb=$kb
		if [ "$us" -gt $((max_secs * 500000)) ] ||
		    [ "$kb" -gt $((max_kb / 2)) ]; then
			replain=$((replain + 1))
			fresh
			held "$plain"
		fi
	fi
done
# Every rule has a golden case; e2e.sh covers what cannot be a small file.
"$muster" check --list-rules | awk '{print $1}' > "$scratch/rules"
{ [ -n "$only" ] || [ "$ishard" != 0 ]; } && : > "$scratch/rules" && : > "$scratch/kinds"
while read -r rule; do
	case $rule in io.write|yaml.size) continue ;; esac
	if ! grep -qF "[$rule]" ./*.expected; then
		echo "FAIL bad/: no case shows rule $rule"
		fail=$((fail + 1))
	fi
	if ! grep -qF "$rule" ../../doc/muster.1; then
		echo "FAIL doc/muster.1 does not list rule $rule"
		fail=$((fail + 1))
	fi
done < "$scratch/rules"
# Every kind muster has a starter for has adversarial cases (adv.py
# writes them, from its starter when no example is its base).
[ -z "$only" ] && [ "$ishard" = 0 ] && "$muster" new --list > "$scratch/kinds"
while read -r sys kind; do
	if [ -z "$(grep -lx "kind: $kind" adv-*.yaml |
	    xargs -r grep -lx "system: $sys")" ]; then
		echo "FAIL bad/: no adversarial case of $sys $kind (python3 adv.py writes them)"
		fail=$((fail + 1))
	fi
done < "$scratch/kinds"
# The rules checked, in the part that checks them.
rules=
[ -s "$scratch/rules" ] && rules=" $(wc -l < "$scratch/rules") rules,"
# shellcheck disable=SC2086
set -- $slow
if [ -n "$plain" ]; then
	held=
	[ "$replain" -gt 0 ] && held="; $replain over half the budget there, run again on the plain build (slowest $3: $1 s, $(($2 / 1024)) MB)"
	# shellcheck disable=SC2086
	set -- $big
	echo "  bad   $n cases,$rules $fail failures${only:+ (ONLY=$only)}${SHARD:+ (part $SHARD)}; costliest under ASan $3: $1 s, most memory $((big_kb / 1024)) MB$held"
elif [ -n "$budget" ]; then
	echo "  bad   $n cases within budget, $fail failures; slowest $3: $1 s, $(($2 / 1024)) MB${SHARD:+ (part $SHARD)}"
else
	echo "  bad   $n cases,$rules $fail failures${only:+ (ONLY=$only)}${SHARD:+ (part $SHARD)}"
fi
[ "$fail" = 0 ]
