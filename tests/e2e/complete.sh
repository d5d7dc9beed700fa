# complete.sh -- sourced by tests/e2e.sh: bash's completion function for
# muster (completion/muster.bash), run as bash runs it on a Tab, offers
# what muster's own tables hold (SPEC section 9).

mkdir -p "$t/cp/bin"
ln -sf "$muster" "$t/cp/bin/muster"
# comp WANT WORD... -- the last WORD is the one being completed; WANT is
# every offer, sorted, joined by spaces.
comp() {
	want=$1
	shift
	got=$(PATH="$t/cp/bin:$PATH" bash -c '
		. completion/muster.bash
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		_muster
		printf "%s\n" "${COMPREPLY[@]}"' muster "$@" | LC_ALL=C sort | tr '\n' ' ')
	if [ "$got" = "$want " ]; then ok; else
		bad "completing '$*': got '$got', want '$want'"; fi
}
comp "--help --version calibrate cards check new odds preflight render resolve schema templates value" muster ""
comp "render resolve" muster re
# The games with odds, and every system, as muster lists them (its
# help, its starters), not as written here: a new game changes no line.
odds_games=$("$muster" odds --help | awk '/^  [a-z]/ { print $1 }' | LC_ALL=C sort | tr '\n' ' ')
systems=$("$muster" new --list | awk '{ print $1 }' | LC_ALL=C sort -u | tr '\n' ' ')
comp "${odds_games% }" muster odds ""
# value dispatches on the files' games: a game, a file or any game's
# option.
comp "shambattle shellshock" muster value sh
comp "--against --color --duel --help --json --runs --seed" muster value --
comp "--facing" muster odds shellshock --fa
# The games' option tables: a list a value is one of, every option.
comp "I II III IV V VI" muster odds shock --class ""
comp "--close --color --cover --cover-a" muster odds shambattle --c
comp "card counter" muster cards --product c
comp "front front_left front_right left rear rear_left rear_right right" muster odds shellshock --facing ""
comp "heads tails" muster resolve shellshock --coin ""
comp "--second-roll --seed --spread --spread-roll" muster resolve shellshock --s
comp "a4 letter" muster render --paper ""
comp "duplex-long duplex-short" muster render --backs = du
comp "gutter-fold sheet single" muster render --layout ""
comp "1 1/2 3/4 5/8" muster render --counter-size ""
comp "card counter" muster render --product c
comp "shock-counter shock-reference shock-soldier shock-soldier-poker" muster render --template shock
comp "battalions lineup reference specialties tactics" muster schema ssg ""
comp "battalions lineup reference specialties tactics" muster new ssg ""
comp "${systems% }" muster new ""
comp "always auto never" muster check --color = ""
comp "--color --elements --fields --help --json --types" muster templates --
comp "shock-counter shock-reference shock-soldier shock-soldier-poker" muster templates --elements shock
comp "--json" muster check --j
comp "units/shellshock/mason.yaml" muster check units/shellshock/ma
comp "units/" muster render un
comp "duplex-long duplex-short" muster calibrate --backs ""
# preflight: its vendors from the vendor table, its operands PDFs.
comp "dtc mpc pnp tgc" muster preflight --vendor ""
mkdir -p "$t/cp/pdf" && : > "$t/cp/pdf/a.pdf" && : > "$t/cp/pdf/b.yaml"
comp "$t/cp/pdf/a.pdf" muster preflight "$t/cp/pdf/"
rm -rf "$t/cp/pdf"	# no PDF: e2e.sh checks every PDF left under $t
