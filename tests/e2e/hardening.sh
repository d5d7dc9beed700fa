# hardening.sh -- sourced by tests/e2e.sh: where the PDF goes and what
# ends a run (SPEC section 8).  A read-only or special target is refused
# and left as it was, a link is followed, a full file size limit or a
# signal during the save leaves no temporary file, and output that
# cannot be written is an error.

mkdir -p "$t/hd"
mason=units/shellshock/mason.yaml

echo keep > "$t/hd/ro.pdf"
chmod 444 "$t/hd/ro.pdf"
expect 2 "-o onto a read-only file" -- "$muster" render -o "$t/hd/ro.pdf" "$mason"
has "$t/err" "is read-only; it is left as it is [io.write]" "read-only target named"
if [ "$(cat "$t/hd/ro.pdf")" = keep ]; then ok; else bad "a read-only PDF was replaced"; fi
chmod 644 "$t/hd/ro.pdf"

mkfifo "$t/hd/fifo.pdf"
expect 2 "-o onto a FIFO" -- "$muster" render -o "$t/hd/fifo.pdf" "$mason"
has "$t/err" "is a device, FIFO or socket, not a PDF file" "FIFO target named"
if [ -p "$t/hd/fifo.pdf" ]; then ok; else bad "a FIFO target was replaced"; fi

echo old > "$t/hd/target.pdf"
ln -s target.pdf "$t/hd/link.pdf"
expect 0 "-o onto a link" -- "$muster" render -o "$t/hd/link.pdf" "$mason"
if [ -L "$t/hd/link.pdf" ] && head -c 5 "$t/hd/target.pdf" | grep -q '%PDF-'; then ok; else
	bad "-o through a link: the link replaced or its target not written"; fi
ln -s nowhere.pdf "$t/hd/dangling.pdf"
expect 2 "-o onto a dangling link" -- "$muster" render -o "$t/hd/dangling.pdf" "$mason"
has "$t/err" "is a link to nothing" "dangling link named"

# A file size limit: told as such, nothing left behind.
st=$( (ulimit -f 100; "$muster" render -o "$t/hd/big.pdf" units/shellshock \
    >/dev/null 2>"$t/hd/err"; echo $?) )
if [ "$st" = 2 ]; then ok; else bad "ulimit -f: exit $st, want 2"; fi
has "$t/hd/err" "File too large [io.write]" "ulimit -f told"
if ls -a "$t/hd" | grep -q '^\.big\.pdf\.'; then bad "ulimit -f left a temporary file"; else ok; fi

# Past the limit while the pages are made (their spill file, before the
# save): told too, not ended by SIGXFSZ (exit 153), the old PDF kept.
printf 'old\n' >"$t/hd/spill.pdf"
st=$( (ulimit -f 100; "$muster" render --copies 40 -o "$t/hd/spill.pdf" \
    units/shellshock >/dev/null 2>"$t/hd/err"; echo $?) )
if [ "$st" = 2 ]; then ok; else bad "ulimit -f, spill: exit $st, want 2"; fi
has "$t/hd/err" "cannot write a temporary file: File too large [io.write]" \
    "ulimit -f in the spill told"
if [ "$(cat "$t/hd/spill.pdf")" = old ]; then ok; else bad "ulimit -f, spill: the old PDF replaced"; fi

# interrupt SIG NAME -- renders many pages into $t/hd/NAME.pdf, sends SIG
# once the temporary file exists, and sets st to the exit status.
interrupt() {
	"$muster" render -o "$t/hd/$2.pdf" "$t/hd/many.yaml" >/dev/null 2>&1 &
	pid=$!
	i=0
	# (A glob, not ls | grep: no process a turn while ASan renders.)
	while set -- "$1" "$2" "$t/hd/.$2.pdf."* && [ ! -e "$3" ] &&
	    [ $i -lt 6000 ] && kill -0 $pid 2>/dev/null; do
		sleep 0.01
		i=$((i + 1))
	done
	kill -"$1" $pid 2>/dev/null
	wait $pid
	st=$?
}
# A deck of 3,000 cards of one line, one a page: under ASan 0.6 s to lay
# out and 0.2 s of save, the window the signal must fall in (polled
# every 10 ms).  (8,000 Shellshock units took 4 s to lay out for a save
# of 0.12 s.)
printf 'template: page\nextends: cards-poker\nrenders: cards.card\nsize: [150mm, 200mm]\n' > "$t/hd/page.yaml"
printf 'system: cards\nkind: deck\ntemplate: page.yaml\ndata: many.csv\n' > "$t/hd/many.yaml"
awk 'BEGIN { print "name,text"; for (i = 1; i <= 3000; i++) print "Card " i ",-" }' > "$t/hd/many.csv"

# SIGTERM once the temporary file exists: it goes too.
interrupt TERM sig
if [ $st = 143 ]; then ok; else bad "SIGTERM during the save: exit $st, want 143 (the save ended first?)"; fi
if ls -a "$t/hd" | grep -q '^\.sig\.pdf\.'; then bad "SIGTERM left a temporary file"; else ok; fi
if [ -e "$t/hd/sig.pdf" ]; then bad "SIGTERM still wrote the PDF"; else ok; fi

# SIGINT (a user's ^C) during the save onto an existing PDF: the old PDF
# stays byte for byte, and no temporary file is left.
echo "an old PDF" > "$t/hd/int.pdf"
cp "$t/hd/int.pdf" "$t/hd/int.keep"
interrupt INT int
if [ $st = 130 ]; then ok; else bad "SIGINT during the save: exit $st, want 130"; fi
if ls -a "$t/hd" | grep -q '^\.int\.pdf\.'; then bad "SIGINT left a temporary file"; else ok; fi
if cmp -s "$t/hd/int.pdf" "$t/hd/int.keep"; then ok; else bad "SIGINT changed the existing PDF"; fi

# A full disk (a 64 KB tmpfs, where root may mount one): exit 2, the
# error said, the PDF already there byte for byte, nothing else left.
mkdir -p "$t/hd/full"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs "$t/hd/full" 2>/dev/null; then
	echo "an old PDF" > "$t/hd/full/out.pdf"
	cp "$t/hd/full/out.pdf" "$t/hd/full.keep"
	expect 2 "render onto a full disk" -- "$muster" render -o "$t/hd/full/out.pdf" units/shellshock
	has "$t/err" "No space left on device [io.write]" "full disk told"
	if cmp -s "$t/hd/full/out.pdf" "$t/hd/full.keep"; then ok; else bad "a full disk changed the existing PDF"; fi
	if [ "$(ls -A "$t/hd/full")" = out.pdf ]; then ok; else bad "a full disk left: $(ls -A "$t/hd/full")"; fi
	umount "$t/hd/full"
else
	echo "  (full disk: not root or no tmpfs; ulimit -f above stands in)"
fi

# A file its reader may not read (root reads anything: run as nobody).
printf 'system: shellshock\n' > "$t/hd/secret.yaml"
chmod 000 "$t/hd/secret.yaml"
chmod 755 "$t" "$t/hd"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
    setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	expect 2 "an unreadable file" -- setpriv --reuid=65534 --regid=65534 \
	    --clear-groups "$muster" check "$t/hd/secret.yaml"
	has "$t/err" "secret.yaml: error: cannot open: Permission denied [io.read]" "unreadable file told"
elif [ "$(id -u)" != 0 ]; then
	expect 2 "an unreadable file" -- "$muster" check "$t/hd/secret.yaml"
	has "$t/err" "secret.yaml: error: cannot open: Permission denied [io.read]" "unreadable file told"
fi
chmod 644 "$t/hd/secret.yaml"

# Output that cannot be written: exit 2, said on stderr.  2,000 cards
# Shellshock units (1,948 warnings, 1,000 told: 271 KB of JSON, past
# any pipe's buffer) break the pipe.
awk -v n=2000 -v out="$t/hd/some.yaml" -f bench/gen.awk
"$muster" check --json "$t/hd/some.yaml" 2>"$t/hd/err" | head -c1 >/dev/null
st=$(cat "$t/hd/err" | grep -c "cannot write standard output: Broken pipe")
if [ "$st" = 1 ]; then ok; else bad "check --json | head -c1: no broken pipe told"; fi
if [ -w /dev/full ]; then
	expect 2 "--help > /dev/full" -- sh -c "'$muster' --help > /dev/full"
	expect 2 "render --help > /dev/full" -- sh -c "'$muster' render --help > /dev/full"
fi

# 200,000 copies of one key: told against the first in linear time (a
# scan back along the run was quadratic and took minutes).
awk 'BEGIN { print "system: shellshock\nkind: card\nname: X"; for (i = 0; i < 200000; i++) print "name: X" }' > "$t/hd/dup.yaml"
expect 1 "200,000 duplicate keys" -- timeout 20 "$muster" check "$t/hd/dup.yaml"
has "$t/err" "more diagnostics not shown: at most 1000 are told in one run" "duplicates counted past 1000"

# An empty file name is no file.
expect 2 "check ''" -- "$muster" check ""
has "$t/err" "muster: error: an empty file name ('') names nothing; give a file or folder [io.read]" "empty name told"

# A file name that is not UTF-8 keeps --json valid JSON.
bn=$(printf 'bad\377name.yaml')
printf 'system: shellshock\nkind: card\nname: X\n' > "$t/hd/$bn"
"$muster" check --json "$t/hd/$bn" > "$t/hd/out.json" 2>/dev/null
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if "\\xFF" in d["diagnostics"][0]["file"] else 1)' "$t/hd/out.json"; then
	ok; else bad "check --json of a file name that is not UTF-8: not valid JSON, or the byte not written as \\xFF"; fi

# Without the example units, a declared combat_value is not weighed, and
# check says so once instead of dropping the warning in silence.
mkdir -p "$t/hd/bin"
cp "$muster" "$t/hd/bin/muster"
env -u MUSTER_UNITS "$t/hd/bin/muster" check units/shellshock 2>"$t/hd/err"
if [ "$(grep -c 'combat_value is not weighed: the shipped example units are not found; set MUSTER_UNITS' "$t/hd/err")" = 1 ]; then
	ok; else bad "no example units: not told once"; sed 's/^/  /' "$t/hd/err"; fi

# The longest dash and widest pen a template may ask for draw under
# libharu's own calls too (past them libharu failed at the save, or
# crashed on the next page).
expect 0 "plain writer, a 100 pt dash" -- env MUSTER_PDF_PLAIN=1 "$muster" render \
    --template tests/bad/template-dash-100pt.yaml -o "$t/hd/dash.pdf" units/shellshock
expect 0 "plain writer, a 100 pt pen" -- env MUSTER_PDF_PLAIN=1 "$muster" render \
    --template tests/bad/template-stroke-width-100pt.yaml -o "$t/hd/pen.pdf" units/shellshock
if qpdf --check "$t/hd/dash.pdf" >/dev/null 2>&1; then ok; else bad "100 pt dash: qpdf --check fails"; fi

# Nothing here is a PDF for the checks that follow (a FIFO would block).
rm -rf "$t/hd"
