#!/bin/sh
# run.sh -- `make bench` (SPEC section 7): rendering 1,000, 10,000 and
# 100,000 Shellshock record cards on Letter and on A4, muster beside the
# floor (bench/floor.c, a bare libharu loop drawing the same card), and
# checking 10,000 unit files and one file of 10,000 documents.  Each
# figure is the median of BENCH_RUNS runs (default 5): wall time, cards a
# second, peak memory (RSS) and PDF size, with muster's ratios to the
# floor.  Figures, not pass/fail, but for one limit: 100,000 cards must
# render in under 300 MB, or this exits 1.  Inputs are generated here,
# in bench/gen/, never committed.
set -eu
cd "$(dirname "$0")/.."
runs=${BENCH_RUNS:-5}
sizes=${BENCH_SIZES:-1000 10000 100000}
limit_mb=300
gen=bench/gen
mkdir -p "$gen"
cc -O2 -o "$gen/floor" bench/floor.c -lhpdf -lm

# The inputs: N cards in one file (100,000 in ten files of 10,000, each
# under the 64 MiB a file may hold), and 10,000 files of one card.
inputs() {
	n=$1
	if [ "$n" -le 10000 ]; then
		[ -f "$gen/cards$n.yaml" ] ||
		    awk -v n="$n" -v out="$gen/cards$n.yaml" -f bench/gen.awk
		echo "$gen/cards$n.yaml"
		return
	fi
	mkdir -p "$gen/cards$n"
	k=0
	while [ $((k * 10000)) -lt "$n" ]; do
		[ -f "$gen/cards$n/part$k.yaml" ] ||
		    awk -v n=10000 -v first=$((k * 10000 + 1)) \
		    -v out="$gen/cards$n/part$k.yaml" -f bench/gen.awk
		k=$((k + 1))
	done
	echo "$gen/cards$n"/part*.yaml
}
if [ ! -d "$gen/units" ]; then
	mkdir -p "$gen/units"
	awk -v n=10000 -v dir="$gen/units" -f bench/gen.awk
fi

# median: the middle of the numbers on standard input.
median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# measure COMMAND...: runs it $runs times; sets secs and kb to the
# medians of wall time and peak RSS.
measure() {
	: > "$gen/times"
	i=0
	while [ "$i" -lt "$runs" ]; do
		if [ -x /usr/bin/time ]; then
			/usr/bin/time -f "%e %M" -o "$gen/time" "$@" \
			    >/dev/null 2>"$gen/err" || { tail -3 "$gen/err"; exit 1; }
		else
			python3 -c 'import resource,subprocess,sys,time
t=time.time(); r=subprocess.run(sys.argv[2:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)
u=resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1],"w").write("%.2f %d\n"%(time.time()-t,u.ru_maxrss))' "$gen/time" "$@"
		fi
		cat "$gen/time" >> "$gen/times"
		i=$((i + 1))
	done
	secs=$(awk '{ print $1 }' "$gen/times" | median)
	kb=$(awk '{ print $2 }' "$gen/times" | median)
}

mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (s < 0.01) s = 0.01; printf "%d", n / s }'; }
size() { wc -c < "$1" | awk '{ printf "%.1f", $1 / 1048576 }'; }

echo "muster bench: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), medians of $runs runs"
echo
printf "%-6s %7s | %-31s | %-31s | %s\n" "" "" "floor (bare libharu loop)" "muster render" "muster / floor"
printf "%-6s %7s | %6s %8s %7s %6s | %6s %8s %7s %6s | %5s %6s %5s\n" \
    paper cards s cards/s "RSS MB" "PDF MB" s cards/s "RSS MB" "PDF MB" time memory PDF
over=
for paper in letter a4; do
	for n in $sizes; do
		in=$(inputs "$n")
		measure "$gen/floor" "$n" "$gen/floor.pdf" "$paper"
		fs=$secs fkb=$kb fsize=$(size "$gen/floor.pdf")
		# shellcheck disable=SC2086
		measure ./muster render --paper "$paper" --product card \
		    -o "$gen/muster.pdf" $in
		msize=$(size "$gen/muster.pdf")
		printf "%-6s %7d | %6.2f %8d %7s %6s | %6.2f %8d %7s %6s | %5.2f %6.2f %5.2f\n" \
		    "$paper" "$n" "$fs" "$(rate "$n" "$fs")" "$(mb "$fkb")" "$fsize" \
		    "$secs" "$(rate "$n" "$secs")" "$(mb "$kb")" "$msize" \
		    "$(awk -v a="$secs" -v b="$fs" 'BEGIN { print a / (b < 0.01 ? 0.01 : b) }')" \
		    "$(awk -v a="$kb" -v b="$fkb" 'BEGIN { print a / b }')" \
		    "$(awk -v a="$msize" -v b="$fsize" 'BEGIN { print a / b }')"
		if [ "$n" -ge 100000 ] && [ "$kb" -gt $((limit_mb * 1024)) ]; then
			over="$over $paper"
		fi
	done
done
echo
measure ./muster check "$gen/units"
printf "muster check, 10000 unit files:          %5.2f s %8d files/s %7s MB\n" \
    "$secs" "$(rate 10000 "$secs")" "$(mb "$kb")"
in=$(inputs 10000)
measure ./muster check "$in"
printf "muster check, one file of 10000 documents: %5.2f s %6d documents/s %5s MB\n" \
    "$secs" "$(rate 10000 "$secs")" "$(mb "$kb")"
case " $sizes " in
*" 100000 "*)
	if [ -n "$over" ]; then
		echo "FAIL: 100000 cards took more than $limit_mb MB on:$over"
		exit 1
	fi
	echo "100000 cards rendered within $limit_mb MB on Letter and A4"
	;;
esac
