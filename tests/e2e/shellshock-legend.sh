# shellshock-legend.sh -- sourced by e2e.sh: the legend card of the record
# card's symbols (kind reference), each word made from the rules' tables.
# By hand from 000_aa283e32b68e0840.txt: a pivot N turns N facings of 60°
# either way from the front arc's 60°: 60 + 2 x 60 = 180 for pivot1,
# 60 + 4 x 60 = 300 for pivot2, all round for pivot3; spread fire adds a
# d6; the chart is 1 s, 2 m, 3 p, 4 F, 5 A, 6 C, fuel and ammo may
# explode, a crew hit destroys the unit.
expect 0 "render the legend" -- "$muster" render --layout single -o "$t/legend.pdf" units/shellshock/legend.yaml
has "$t/out" "$t/legend.pdf: 1 page, 1 card" "the legend is one card"
# In drawing order (-raw): an arc's reach wraps to two lines on the
# poker card, which pdftotext's reading order would part.
pdftotext -raw "$t/legend.pdf" - | tr -s ' \n' '  ' > "$t/legend.txt"
for s in "Record card symbols" "the 60° ahead" "the 60° to the left" \
    "turns 1 facing either way: 180°" "turns 2 facings either way: 300°" \
    "turns 3 facings either way: all round" "p primary" "s secondary" \
    "≋ spread fire: +1d6 to hit" "d10 + targeting die + skill, -1 per full 10 in" \
    "a natural 2 or 3 misses, 20 hits" "F/B front and back, Sds sides" \
    "secondary weapons" "fuel, may explode" "crew: destroyed"; do
	has "$t/legend.txt" "$s" "legend text"
done
# The chart's d6 faces and letters (their spaces are lost to extraction).
tr -d ' ' < "$t/legend.txt" > "$t/legend-tight.txt"
# Each face, its letter and what the box is, in drawing order.
for s in 1ssecondaryweapons2mmobility3pprimaryweapons4Ffuel,mayexplode5Aammo,mayexplode6Ccrew:destroyed; do
	has "$t/legend-tight.txt" "$s" "legend chart"; done
# Printed with the units, on a page of its own; value passes it by.
expect 0 "the legend with the units" -- "$muster" render --paper a4 --product reference -o "$t/legend-units.pdf" units/shellshock
has "$t/out" "$t/legend-units.pdf: 1 page, 1 card" "the legend among the units"
expect 0 "value passes the legend by" -- "$muster" value units/shellshock/legend.yaml units/shellshock/mason.yaml
has "$t/out" "Mason: value " "value of a folder with the legend"
