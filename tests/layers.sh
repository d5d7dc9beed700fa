#!/bin/sh
# layers.sh [CC CFLAGS...] -- the layers hold, by what each file includes
# (as git's hdr-check holds its headers):
#
#   pdf/       its own headers and ../util.h, ../arena.h, ../diag.h:
#              nothing above it;
#   layout/    no game: not system.h, catalog.h, a command's, rules/ or
#              systems/;
#   rules/     its own headers and ../util.h (dice.h is rules/'s);
#   systems/   nothing of pdf/ or layout/, no command's header;
#   cmd_*.c    no other command's header (cmd_NAME.h; cmd_NAME_PART.c
#              is a part of NAME's).
#
# And every character past ASCII in src/ is in probe.c's muster_writes[].
#
# Given a compiler and its flags, each header under src/ also compiles
# alone (it includes what it uses).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top/src" || exit 2
fail=0 n=0
# includes FILE -- the quoted includes of FILE, one a line.
includes() { sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$1"; }
refuse() { echo "FAIL layers: $1 includes \"$2\": $3"; fail=$((fail + 1)); }
for f in pdf/*.[ch] layout/*.[ch] rules/*.[ch] systems/*.[ch] cmd_*.c; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	for inc in $(includes "$f"); do
		case $f in
		pdf/*)
			case $inc in
			*/*) case $inc in ../util.h|../arena.h|../diag.h) ;;
				*) refuse "$f" "$inc" "pdf/ includes nothing above it" ;; esac ;;
			esac ;;
		layout/*)
			case $inc in
			../system.h|../catalog.h|../cmd*.h|../rules/*|../systems/*|*_game.h)
				refuse "$f" "$inc" "layout/ knows no game" ;;
			esac ;;
		rules/*)
			case $inc in
			*/*) [ "$inc" = ../util.h ] ||
				refuse "$f" "$inc" "rules/ includes only its own headers (dice.h) and util.h" ;;
			esac ;;
		systems/*)
			case $inc in
			../pdf/*|../layout/*|../cmd*.h|../catalog.h)
				refuse "$f" "$inc" "systems/ knows nothing of pdf/, layout/ or the commands" ;;
			esac ;;
		cmd_*.c)
			# cmd_NAME.c and its parts cmd_NAME_PART.c share
			# cmd_NAME.h.
			stem=${f#cmd_}
			stem=${stem%.c}
			stem=${stem%%_*}
			case $inc in
			cmd_*.h) [ "$inc" = "cmd_$stem.h" ] ||
				refuse "$f" "$inc" "no command depends on another" ;;
			esac ;;
		esac
	done
done
# check skips making a card when every character its text may hold is
# printable by the template's fonts (probe.c): those its document's files
# hold, and muster_writes[], what muster itself may write into a card.
# That list must hold every character past ASCII in src/, comments too.
writes=$(sed -n 's/^static const char muster_writes\[\] = "\(.*\)";$/\1/p' probe.c)
[ -n "$writes" ] || { echo "FAIL layers: probe.c has no muster_writes[]"; fail=$((fail + 1)); }
for c in $(LC_ALL=C.UTF-8 grep -ohP '[^\x00-\x7F]' ./*.[ch] ./*/*.[ch] | sort -u); do
	n=$((n + 1))
	case $writes in
	*"$c"*) ;;
	*) echo "FAIL layers: '$c' is in src/ but not in probe.c's muster_writes[]: add it (check would not ask a font for it)"
		fail=$((fail + 1)) ;;
	esac
done
# Each header compiles alone.
if [ $# -gt 0 ]; then
	for h in *.h */*.h; do
		n=$((n + 1))
		if ! printf '#include "%s"\n' "$h" | "$@" -fsyntax-only -x c - \
		    >/tmp/layers.$$ 2>&1; then
			echo "FAIL layers: $h does not compile alone:"
			sed 's/^/  /' /tmp/layers.$$ | head -5
			fail=$((fail + 1))
		fi
	done
	rm -f /tmp/layers.$$
fi
echo "  layers $n files, $fail failures"
[ "$fail" = 0 ]
