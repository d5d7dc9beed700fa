#!/bin/sh
# run.sh -- `make bench`: cards per second and peak memory of muster
# against the floor (bench/floor.c, a bare libharu loop drawing the same
# card), for 1,000 and 10,000 record cards, and for checking 10,000 unit
# files.  Inputs are generated here, in bench/gen/, never committed.
# Figures, not pass/fail: the goal is within 1.5x of the floor in time
# and 2x in memory (SPEC section 7).
set -eu
cd "$(dirname "$0")/.."
gen=bench/gen
mkdir -p "$gen"
cc -O2 -o "$gen/floor" bench/floor.c -lhpdf -lm
for n in 1000 10000; do
	[ -f "$gen/cards$n.yaml" ] || awk -v n=$n -v out="$gen/cards$n.yaml" -f bench/gen.awk
done
if [ ! -d "$gen/units" ]; then
	mkdir -p "$gen/units"
	awk -v n=10000 -v dir="$gen/units" -f bench/gen.awk
fi

# measure LABEL N COMMAND...: best wall time of 3 runs, and its peak RSS.
measure() {
	label=$1 n=$2
	shift 2
	best=
	for run in 1 2 3; do
		if [ -x /usr/bin/time ]; then
			/usr/bin/time -f "%e %M" -o "$gen/time" "$@" >/dev/null 2>"$gen/err" ||
			    { cat "$gen/err"; exit 1; }
		else
			python3 -c 'import resource,subprocess,sys,time
t=time.time(); r=subprocess.run(sys.argv[2:],stdout=subprocess.DEVNULL)
u=resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1],"w").write("%.2f %d\n"%(time.time()-t,u.ru_maxrss))' "$gen/time" "$@"
		fi
		read -r secs kb < "$gen/time"
		if [ -z "$best" ] || awk "BEGIN{exit !($secs < $best)}"; then
			best=$secs bestkb=$kb
		fi
	done
	rate=$(awk "BEGIN{s=$best; if (s < 0.01) s = 0.01; printf \"%d\", $n / s}")
	printf "%-34s %7s s %8s cards/s %7.1f MB\n" "$label" "$best" "$rate" \
	    "$(awk "BEGIN{print $bestkb / 1024}")"
	eval "last_s=$best last_kb=$bestkb"
}

echo "muster bench: $(uname -m), $(nproc) cores"
for n in 1000 10000; do
	measure "floor: libharu, $n cards" $n "$gen/floor" $n "$gen/floor.pdf"
	fs=$last_s fkb=$last_kb
	measure "muster render, $n cards" $n ./muster render --paper a4 --product card \
	    -o "$gen/muster$n.pdf" "$gen/cards$n.yaml"
	awk "BEGIN{printf \"  ratio: %.2fx the floor's time, %.2fx its memory\n\", \
	    $last_s / ($fs < 0.01 ? 0.01 : $fs), $last_kb / $fkb}"
done
measure "muster check, 10000 files" 10000 ./muster check "$gen/units"
measure "muster check, 10000 cards in one file" 10000 ./muster check "$gen/cards10000.yaml"
ls -l "$gen/muster10000.pdf" "$gen/floor.pdf" | awk '{printf "  %s: %.1f MB\n", $NF, $5 / 1048576}'
