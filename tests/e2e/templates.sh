# templates.sh -- sourced by tests/e2e.sh: templates that extend another
# (SPEC section 4): removing an element takes its parts, read back from
# the PDF.

# --- remove: true drops cv and its parts cv.box and cv.label ---
cat > "$t/no-cv.yaml" <<'TMPL'
template: no-cv
extends: shellshock-card
elements:
  - {name: cv, remove: true}
TMPL
expect 0 "render with cv removed" -- "$muster" render --paper a4 --product card --template "$t/no-cv.yaml" -o "$t/no-cv.pdf" units/shellshock/mason.yaml
pdftotext "$t/no-cv.pdf" - > "$t/text.txt"
has "$t/text.txt" "Mason" "the card is there without its combat value"
if grep -qw -e CV -e 120 "$t/text.txt"; then bad "removing cv left its parts: $(grep -w -e CV -e 120 "$t/text.txt" | head -2)"; else ok; fi
# ... where the built-in template prints both.
expect 0 "render with cv" -- "$muster" render --paper a4 --product card -o "$t/cv.pdf" units/shellshock/mason.yaml
pdftotext "$t/cv.pdf" - > "$t/text.txt"
if [ "$(grep -cw -e CV -e 120 "$t/text.txt")" = 2 ]; then ok; else bad "the built-in card prints no 'CV' and '120' to remove"; fi
