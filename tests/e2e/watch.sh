# watch.sh -- sourced by tests/e2e.sh: render --watch (SPEC 2).  A watch
# runs in the background over a variant, its base and a template of the
# user's; each edit (in place, by an editor's rename, of the base, of
# the template) renders again and says so; a burst of writes renders
# once; an error keeps the last good PDF and is told; SIGINT and SIGTERM
# end it with status 0 and no temporary file.  Every wait is bounded
# (w_until), so that a watch that never answers fails the test, never
# hangs it.

mkdir -p "$t/w"
sed 's/^name: Mason$/name: Mason Base/; /^combat_value:/d' \
    units/shellshock/mason.yaml > "$t/w/base.yaml"
printf 'extends: base.yaml\nname: Mason Watched\n' > "$t/w/unit.yaml"
cat > "$t/w/look.yaml" <<'EOF'
template: look
extends: shellshock-card
elements:
  - {name: name, text: "{name}"}
EOF

# w_until FILE TEXT COUNT: waits (30 s at most) until FILE holds COUNT
# lines with TEXT, or the watch has ended; 0 when it does.
w_until() {
	w_i=0
	while [ "$(cat "$1" 2>/dev/null | grep -cF -- "$2")" -lt "$3" ]; do
		if [ $w_i -ge 600 ] || ! kill -0 $w_pid 2>/dev/null; then
			return 1
		fi
		sleep 0.05
		w_i=$((w_i + 1))
	done
	return 0
}
# w_renders COUNT WHAT: the watch has printed COUNT report lines.
w_renders() {
	if w_until "$t/w/out" "$t/w/w.pdf: " "$1"; then ok; else
		bad "watch: $2: no render ($(grep -c . "$t/w/out") lines)"
		sed 's/^/  /' "$t/w/err" | tail -5
	fi
}
w_text() { pdftotext "$t/w/w.pdf" - 2>/dev/null; }

# (The files are emptied first: the shell truncates them in the
# background job, maybe after the first w_until reads them.)
: > "$t/w/out"; : > "$t/w/err"
"$muster" render --watch --paper a4 --template "$t/w/look.yaml" \
    -o "$t/w/w.pdf" "$t/w/unit.yaml" >"$t/w/out" 2>"$t/w/err" &
w_pid=$!
w_renders 1 "the first render"
has "$t/w/err" "muster: watching " "watch says what it watches"
w_text | grep -q "Mason Watched" && ok || bad "watch: the first PDF lacks the unit's name"

# An edit in place (sed -i writes a new file and renames it: an
# editor's save).
sed -i 's/^name: Mason Watched$/name: Mason Edited/' "$t/w/unit.yaml"
w_renders 2 "an edit of the input"
w_text | grep -q "Mason Edited" && ok || bad "watch: the edit is not in the PDF"

# The base the variant extends: a file the input names.
sed -i 's/^  tonnage: 85$/  tonnage: 86/' "$t/w/base.yaml"
w_renders 3 "an edit of the variant's base"
w_text | grep -q "^86$" && ok || bad "watch: the base's edit is not in the PDF"

# The template, written in place (no rename).
printf 'template: look\nextends: shellshock-card\nelements:\n  - {name: name, text: "{name} (restyled)"}\n' > "$t/w/look.tmp"
cat "$t/w/look.tmp" > "$t/w/look.yaml"
w_renders 4 "an edit of the template"
w_text | grep -q "Mason Edited (restyled)" && ok || bad "watch: the template's edit is not in the PDF"

# A burst of writes is one render: wait a moment after it for a second.
for w_k in 1 2 3 4 5; do echo "# edit $w_k" >> "$t/w/unit.yaml"; done
w_renders 5 "a burst of writes"
sleep 0.5
if [ "$(grep -c "w.pdf: " "$t/w/out")" = 5 ]; then ok; else
	bad "watch: a burst of 5 writes rendered $(($(grep -c "w.pdf: " "$t/w/out") - 4)) times, want 1"; fi

# An error: told, and the last good PDF kept byte for byte.
cp "$t/w/w.pdf" "$t/w/good.pdf"
printf 'extends: base.yaml\nname: Mason Broken\ngunners: 0\n' > "$t/w/unit.tmp"
mv "$t/w/unit.tmp" "$t/w/unit.yaml"
if w_until "$t/w/err" "a PDF already there is left as it was" 1; then ok; else
	bad "watch: a failed render is not told"; fi
has "$t/w/err" "unit.yaml:3:10: error:" "watch: the error is told at its place"
cmp -s "$t/w/w.pdf" "$t/w/good.pdf" && ok || bad "watch: a failed render changed the PDF"
# Mended: rendered again.
printf 'extends: base.yaml\nname: Mason Mended\n' > "$t/w/unit.yaml"
w_renders 6 "the error mended"
w_text | grep -q "Mason Mended" && ok || bad "watch: the mended unit is not in the PDF"

# ^C: status 0, nothing left behind but the PDF.
kill -INT $w_pid
w_st=0
wait $w_pid || w_st=$?
if [ $w_st = 0 ]; then ok; else bad "watch: SIGINT ended it with status $w_st, want 0"; fi
if ls -A "$t/w" | grep -q '^\.w\.pdf'; then bad "watch: a temporary file was left"; else ok; fi

# SIGTERM, and an input folder: a new YAML file in it renders again.
mkdir -p "$t/w/dir"
cp "$t/w/base.yaml" "$t/w/dir/one.yaml"
: > "$t/w/out"; : > "$t/w/err"
"$muster" render --watch --paper a4 --product card -o "$t/w/w.pdf" \
    "$t/w/dir" >"$t/w/out" 2>"$t/w/err" &
w_pid=$!
w_renders 1 "a folder's first render"
has "$t/w/out" "w.pdf: 1 page, 1 card" "watch: a folder of one card"
sed 's/^name: Mason Base$/name: Mason Two/; /^card:/d' "$t/w/base.yaml" > "$t/w/dir/two.yaml"
w_renders 2 "a new file in the input folder"
has "$t/w/out" "w.pdf: 1 page, 2 cards" "watch: the new file is rendered"
kill -TERM $w_pid
w_st=0
wait $w_pid || w_st=$?
if [ $w_st = 0 ]; then ok; else bad "watch: SIGTERM ended it with status $w_st, want 0"; fi

expect 2 "--watch of standard input" -- "$muster" render --watch -
has "$t/err" "--watch cannot watch standard input" "watch: '-' refused"
if [ "$("$muster" complete 2 muster render --wat)" = "--watch" ]; then ok; else bad "watch: completion of --wat"; fi

# Pictures are kept from render to render (pdf_images_keep): the PDF a
# watch writes again is the plain render's byte for byte, and a picture
# changed in place (the same name, other bytes) is made again.
mkdir -p "$t/w/pic"
cp -r decks/ember-tide decks/ember-tide.yaml "$t/w/pic/"
: > "$t/w/out"; : > "$t/w/err"
"$muster" render --watch -o "$t/w/w.pdf" "$t/w/pic/ember-tide.yaml" \
    >"$t/w/out" 2>"$t/w/err" &
w_pid=$!
w_renders 1 "a deck with pictures"
cat "$t/w/pic/ember-tide/cards.csv" > "$t/w/pic/cards.tmp"
cat "$t/w/pic/cards.tmp" > "$t/w/pic/ember-tide/cards.csv"
w_renders 2 "a deck with pictures, saved again"
"$muster" render -o "$t/w/plain.pdf" "$t/w/pic/ember-tide.yaml" >/dev/null 2>&1
cmp -s "$t/w/w.pdf" "$t/w/plain.pdf" && ok ||
    bad "watch: a render with kept pictures differs from a plain render"
cp "$t/w/w.pdf" "$t/w/before.pdf"
cat "$t/w/pic/ember-tide/icons/tide.png" > "$t/w/pic/ember-tide/icons/flame.png"
w_renders 3 "a picture changed in place"
"$muster" render -o "$t/w/plain.pdf" "$t/w/pic/ember-tide.yaml" >/dev/null 2>&1
cmp -s "$t/w/w.pdf" "$t/w/plain.pdf" && ok ||
    bad "watch: a picture changed in place is not made again"
cmp -s "$t/w/w.pdf" "$t/w/before.pdf" &&
    bad "watch: the changed picture left the PDF as it was" || ok
kill -TERM $w_pid
wait $w_pid || :
