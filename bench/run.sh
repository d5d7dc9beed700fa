#!/bin/sh
# run.sh -- `make bench` (SPEC section 7): figures, not pass/fail (but
# for one limit, below).  Each comparison runs its two commands in turn,
# pair by pair (A B A B ...), so that a drift in the machine's speed
# falls on both; every figure is the median of BENCH_RUNS pairs (default
# 5) with its spread (lowest-highest), and each ratio is taken pair by
# pair.  CPU time is user + system of the whole process (muster's
# compressing and PNG-writing threads included), wall time as a clock on
# the wall sees it, memory the peak RSS.
#
#   render  1,000, 10,000 and 100,000 Shellshock record cards
#           (BENCH_SIZES) on Letter and A4, beside bench/floor.c, a
#           bare libharu loop drawing the same card;
#   single  the same cards one a page (--layout single), muster alone;
#   png     BENCH_PNG cards (default 500) as PNG at 300 dpi, beside
#           pdftoppm -r 300 drawing the same cards from a PDF of one a
#           page;
#   check   10,000 unit files and one file of 10,000 documents, beside
#           bench/yamlparse.c (libyaml's bare event parse of the same
#           files, read into memory), warm, and cold: every file
#           dropped from the page cache before each run (muster's
#           record of the template fonts, $XDG_CACHE_HOME/muster/fonts,
#           is made by the first run and read by the rest, as by a
#           user's second check);
#   watch   render --watch of a deck of 100 cards with pictures: the
#           time from a save to the line saying the PDF is written
#           (bench/watch.py), and the renders a burst of saves makes.
#
# BENCH_PARTS (default "render single png check watch") names the parts
# to run.  One limit (SPEC section 7: memory flat in the pages): 100,000
# cards, and 100,000 single-layout pages, must each render in under 64
# MB peak RSS, or this exits 1.  Inputs are generated in bench/gen/,
# never committed.
set -eu
cd "$(dirname "$0")/.."
runs=${BENCH_RUNS:-5}
sizes=${BENCH_SIZES:-1000 10000 100000}
pngn=${BENCH_PNG:-500}
parts=" ${BENCH_PARTS:-render single png check watch} "
# part NAME: whether NAME is to be run.
part() { case $parts in *" $1 "*) return 0 ;; esac; return 1; }
limit_mb=64
over=
gen=bench/gen
mkdir -p "$gen"
cc -O2 -o "$gen/floor" bench/floor.c -lhpdf -lm
cc -O2 -D_DEFAULT_SOURCE -o "$gen/yamlparse" bench/yamlparse.c -lyaml
[ -x /usr/bin/time ] || { echo "bench: needs /usr/bin/time (apt-get install time)"; exit 2; }

# The inputs: N cards in one file (over 10,000 in files of 10,000, each
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

# once FILE COMMAND...: runs it once, appends "wall cpu kb" to FILE.
once() {
	f=$1
	shift
	/usr/bin/time -f "%e %U %S %M" -o "$gen/time" "$@" >/dev/null \
	    2>"$gen/err" || { echo "bench: $*"; tail -3 "$gen/err"; exit 1; }
	awk '{ printf "%s %.3f %s\n", $1, $2 + $3, $4 }' "$gen/time" >> "$f"
}

# pairs: runs the shell functions a and b in turn, $runs times each,
# into $gen/a and $gen/b (one line a run: wall, cpu, kb).
pairs() {
	: > "$gen/a"
	: > "$gen/b"
	i=0
	while [ "$i" -lt "$runs" ]; do
		a
		b
		i=$((i + 1))
	done
}

# stat FILE COL [SCALE]: "median (min-max)" of column COL, times SCALE.
stat() {
	awk -v c="$2" -v k="${3:-1}" '{ print $c * k }' "$1" | sort -g |
	    awk '{ v[NR] = $1 } END {
		printf "%.2f (%.2f-%.2f)", v[int((NR + 1) / 2)], v[1], v[NR] }'
}
med() {
	awk -v c="$2" -v k="${3:-1}" '{ print $c * k }' "$1" | sort -g |
	    awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR + 1) / 2)] }'
}
# over_limit: whether muster's median peak RSS passed $limit_mb MB.
over_limit() {
	awk -v v="$(med "$gen/a" 3)" -v l=$((limit_mb * 1024)) \
	    'BEGIN { exit !(v > l) }'
}
# ratio COL: pair by pair a / b of column COL, as stat prints.
ratio() {
	paste -d ' ' "$gen/a" "$gen/b" | awk -v c="$1" '{
		b = $(c + 3); if (b < 0.001) b = 0.001; print $c / b }' > "$gen/r"
	stat "$gen/r" 1
}
size() { wc -c < "$1" | awk '{ printf "%.1f", $1 / 1048576 }'; }

echo "muster bench: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $runs pairs, median (lowest-highest)"
echo "CPU and wall in seconds, memory in MB (peak RSS)"
if part render; then
echo
echo "render: muster (A) and bench/floor.c (B), interleaved"
printf "%-6s %6s | %-20s %-20s %6s | %-20s %-20s %6s %5s | %-18s %-18s %-18s %5s\n" \
    paper cards "B cpu" "B wall" "B MB" "A cpu" "A wall" "A MB" "A PDF" \
    "A/B cpu" "A/B wall" "A/B memory" "PDF"
for paper in letter a4; do
	for n in $sizes; do
		in=$(inputs "$n")
		a() {
			# shellcheck disable=SC2086
			once "$gen/a" ./muster render --paper "$paper" \
			    --product card -o "$gen/muster.pdf" $in
		}
		b() { once "$gen/b" "$gen/floor" "$n" "$gen/floor.pdf" "$paper"; }
		pairs
		printf "%-6s %6d | %-20s %-20s %6s | %-20s %-20s %6s %5s | %-18s %-18s %-18s %5.2f\n" \
		    "$paper" "$n" "$(stat "$gen/b" 2)" "$(stat "$gen/b" 1)" \
		    "$(med "$gen/b" 3 0.0009765625)" \
		    "$(stat "$gen/a" 2)" "$(stat "$gen/a" 1)" \
		    "$(med "$gen/a" 3 0.0009765625)" "$(size "$gen/muster.pdf")" \
		    "$(ratio 2)" "$(ratio 1)" "$(ratio 3)" \
		    "$(awk -v a="$(wc -c < "$gen/muster.pdf")" \
		    -v b="$(wc -c < "$gen/floor.pdf")" 'BEGIN { print a / b }')"
		if [ "$n" -ge 100000 ] && over_limit; then
			over="$over $paper cards,"
		fi
	done
done

fi

if part single; then
echo
echo "single: one card a page (--layout single), Letter"
for n in $sizes; do
	in=$(inputs "$n")
	: > "$gen/a"
	i=0
	while [ "$i" -lt "$runs" ]; do
		# shellcheck disable=SC2086
		once "$gen/a" ./muster render --layout single --paper letter \
		    --product card -o "$gen/single.pdf" $in
		i=$((i + 1))
	done
	printf "%6d pages: cpu %s  wall %s  %s MB  PDF %s MB\n" "$n" \
	    "$(stat "$gen/a" 2)" "$(stat "$gen/a" 1)" \
	    "$(stat "$gen/a" 3 0.0009765625)" "$(size "$gen/single.pdf")"
	if [ "$n" -ge 100000 ] && over_limit; then
		over="$over single pages,"
	fi
done

fi

if part png; then
echo
echo "png: $pngn Letter business cards at 300 dpi; muster (A) and pdftoppm (B), interleaved"
in=$(inputs "$pngn")
./muster render --layout single --paper letter --product card \
    -o "$gen/png.pdf" "$in" >/dev/null 2>&1
rm -rf "$gen/png" "$gen/ppm"
mkdir -p "$gen/png" "$gen/ppm"
if command -v pdftoppm >/dev/null; then
	b() { once "$gen/b" pdftoppm -r 300 -png "$gen/png.pdf" "$gen/ppm/p"; }
else
	b() { once "$gen/b" true; }
fi
a() {
	once "$gen/a" ./muster render --format png --dpi 300 --paper letter \
	    --product card -d "$gen/png" "$in"
}
pairs
# cards a second: N / seconds, so the median of the rates
for f in a b; do
	awk -v n="$pngn" '{ printf "%f %f %s\n", n / ($1 < 0.001 ? 0.001 : $1),
	    n / ($2 < 0.001 ? 0.001 : $2), $3 }' "$gen/$f" > "$gen/$f.rate"
done
printf "  muster:   %s cards/s of wall time, %s cards/s of CPU time, %s MB\n" \
    "$(stat "$gen/a.rate" 1)" "$(stat "$gen/a.rate" 2)" "$(med "$gen/a" 3 0.0009765625)"
printf "  pdftoppm: %s cards/s of wall time, %s cards/s of CPU time, %s MB\n" \
    "$(stat "$gen/b.rate" 1)" "$(stat "$gen/b.rate" 2)" "$(med "$gen/b" 3 0.0009765625)"
printf "  A/B CPU time %s, wall time %s\n" "$(ratio 2)" "$(ratio 1)"

fi

if part check; then
echo
echo "check: muster check (A) and libyaml's bare parse (B), interleaved"
in=$(inputs 10000)
a() { once "$gen/a" ./muster check "$gen/units"; }
b() { once "$gen/b" "$gen/yamlparse" "$gen/units"; }
pairs
printf "  10000 unit files, warm: A cpu %s wall %s %s MB; B cpu %s; A/B cpu %s\n" \
    "$(stat "$gen/a" 2)" "$(stat "$gen/a" 1)" "$(med "$gen/a" 3 0.0009765625)" \
    "$(stat "$gen/b" 2)" "$(ratio 2)"
a() { "$gen/yamlparse" -e "$gen/units" >/dev/null; once "$gen/a" ./muster check "$gen/units"; }
b() { "$gen/yamlparse" -e "$gen/units" >/dev/null; once "$gen/b" "$gen/yamlparse" "$gen/units"; }
pairs
printf "  10000 unit files, cold: A cpu %s wall %s; B cpu %s wall %s; A/B cpu %s wall %s\n" \
    "$(stat "$gen/a" 2)" "$(stat "$gen/a" 1)" "$(stat "$gen/b" 2)" \
    "$(stat "$gen/b" 1)" "$(ratio 2)" "$(ratio 1)"
a() { once "$gen/a" ./muster check "$in"; }
b() { once "$gen/b" "$gen/yamlparse" "$in"; }
pairs
printf "  one file of 10000 documents: A cpu %s wall %s %s MB; B cpu %s; A/B cpu %s\n" \
    "$(stat "$gen/a" 2)" "$(stat "$gen/a" 1)" "$(med "$gen/a" 3 0.0009765625)" \
    "$(stat "$gen/b" 2)" "$(ratio 2)"

fi

if part watch; then
echo
echo "watch: save to written line, a deck of 100 cards with pictures (decks/ember-tide, its cards to 100)"
rm -rf "$gen/watch"
mkdir -p "$gen/watch"
cp -r decks/ember-tide decks/ember-tide.yaml "$gen/watch/"
/usr/bin/python3 - "$gen/watch/ember-tide/cards.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
head, body = rows[0], rows[1:]
out = [head]
for k in range(100):
    r = list(body[k % len(body)])
    r[head.index("name")] += " %d" % (k + 1)
    r[head.index("copies")] = "1"
    out.append(r)
csv.writer(open(sys.argv[1], "w", newline="")).writerows(out)
PY
printf "  %s\n" "$(/usr/bin/python3 bench/watch.py ./muster "$gen/watch" $((runs * 2 + 1)))"
fi

case " $sizes " in
*" 100000 "*)
	part render || part single || exit 0
	if [ -n "$over" ]; then
		echo "FAIL: 100000 took more than $limit_mb MB:$over"
		exit 1
	fi
	echo "100000 cards and single pages rendered within $limit_mb MB each"
	;;
esac
