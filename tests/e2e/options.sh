# options.sh -- sourced by tests/e2e.sh: the command line read by the
# option tables (src/options.c).  A number is digits and nothing else:
# a blank before or after, a sign '+', a trailing letter or an empty
# value is a usage error (exit 2) saying what was wanted, for render's
# numbers and the games' alike; a value given twice is refused, and no
# PDF is written; a number at each end of its range is taken.  (The
# bad corpus holds the cases a shell word can carry: option-twice-*.)

# strict STATUS WANT -- ARGS...: exit STATUS, WANT in its stderr.
strict() {
	o_st=$1 o_want=$2
	shift 3
	expect "$o_st" "muster $*" -- "$muster" "$@"
	has "$t/err" "$o_want" "muster $*"
}
u=units/shellshock/mason.yaml
for v in ' 5' '5 ' '5x' '' '+5' '0x10' '5.0'; do
	strict 2 "--copies '$v' must be a whole number from 1 to 100" -- \
	    render -o "$t/opt.pdf" --copies "$v" "$u"
	strict 2 "--dpi '$v' must be a whole number from 36 to 1200" -- \
	    render --format png -d "$t/opt" --dpi "$v" "$u"
	strict 2 "--ink-limit '$v' must be a whole percentage from 200 to 400" -- \
	    render -o "$t/opt.pdf" --cmyk --ink-limit "$v" "$u"
	strict 2 "--to-hit '$v': give the score" -- \
	    odds shock --class I --to-hit "$v"
	strict 2 "--dice '$v': give a number of dice" -- \
	    odds shambattle --dice "$v"
	strict 2 "--runs '$v': give 1 to 10000000 engagements" -- \
	    value --runs "$v" units/shambattle/red.yaml
	# Shellshock's odds, resolve and value: numbers and lists of them.
	strict 2 "--range '$v' must be whole inches, 0 to 10000" -- \
	    odds shellshock --range "$v" --facing front "$u" "$u"
	strict 2 "--spread=$v must be the spread d6s" -- \
	    odds shellshock --range 5 --facing front --spread="$v" "$u" "$u"
	strict 2 "--damage '$v' must be whole points" -- \
	    resolve shellshock --damage "$v" --facing front "$u"
	strict 2 "--roll '4,$v' must be the two dice" -- \
	    resolve shellshock --range 5 --facing front --roll "4,$v" "$u" "$u"
	strict 2 "--marked '$v-50' must be chart lines 1 to 100" -- \
	    resolve shellshock --range 5 --facing front --marked "$v-50" "$u" "$u"
	strict 2 "--seed '$v' must be a whole number from 0 to 4294967295" -- \
	    resolve shellshock --range 5 --facing front --random --seed "$v" \
	    "$u" "$u"
	strict 2 "--runs '$v': give 1 to 100000000 duels" -- \
	    value shellshock --runs "$v" "$u"
	strict 2 "--seed '$v': give a whole number from 0 to 9007199254740991" -- \
	    value shellshock --seed "$v" "$u"
done
if [ -e "$t/opt.pdf" ] || [ -e "$t/opt" ]; then
	bad "a refused option wrote $t/opt.pdf or $t/opt"
else ok; fi
# Both ends of a range are taken.
expect 0 "--copies 1" -- "$muster" render -o "$t/opt.pdf" --copies 1 "$u"
expect 0 "--copies 100" -- "$muster" render -o "$t/opt.pdf" --copies 100 "$u"
expect 0 "odds shambattle --dice 1" -- "$muster" odds shambattle --dice 1
expect 0 "odds shellshock --range 0" -- "$muster" odds shellshock --range 0 \
    --facing front "$u" "$u"
expect 0 "odds shellshock --range 10000" -- "$muster" odds shellshock \
    --range 10000 --facing front "$u" "$u"
expect 0 "resolve shellshock --seed 4294967295" -- "$muster" resolve \
    shellshock --range 5 --facing front --random --seed 4294967295 "$u" "$u"
strict 2 "--seed '4294967296' must be a whole number from 0 to 4294967295" -- \
    resolve shellshock --range 5 --facing front --random --seed 4294967296 \
    "$u" "$u"
# A list is the one option given again for more.
expect 0 "value --against twice" -- "$muster" value --against "$u" \
    --against=units/shellshock/kite.yaml "$u"
# value hands its options to each game's row: a name cut short takes its
# value there as the row does ("--again PATH" is --against PATH, not a
# flag and a file to value).
expect 0 "value --again, cut short" -- "$muster" value --again \
    units/shellshock/kite.yaml "$u"
has "$t/out" "against 1 reference unit: Kite Gunship" "value --again PATH"
# Twice, either spelling, and a good PDF already there is kept as it was.
cp "$t/opt.pdf" "$t/keep.pdf"
strict 2 "-o (--output) is given twice ('$t/opt.pdf', then '$t/b.pdf')" -- \
    render -o "$t/opt.pdf" --output="$t/b.pdf" "$u"
strict 2 "--copies is given twice" -- \
    render -o "$t/opt.pdf" --copies=2 --cop 3 "$u"
if cmp -s "$t/opt.pdf" "$t/keep.pdf" && [ ! -e "$t/b.pdf" ]; then ok; else
	bad "-o twice changed $t/opt.pdf or wrote $t/b.pdf"; fi
rm -f "$t/opt.pdf" "$t/keep.pdf"
# A flag twice is still the flag.
expect 0 "--cmyk --cmyk" -- "$muster" render -o "$t/opt.pdf" --cmyk --cmyk "$u"
rm -f "$t/opt.pdf"
