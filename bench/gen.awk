# gen.awk -- synthetic Shellshock record cards for `make bench`, never
# committed.  awk -v n=N -v out=FILE (one file of N documents) or
# -v dir=DIR (N files); -v first=K numbers the cards from K (default 1).  Each card varies the name, index and numbers
# within the rules, so every card is checked and drawn for real.
function card(i,   r, s) {
	r = substr("A2345678910JQK", 1, 1)
	split("A 2 3 4 5 6 7 8 9 10 J Q K", ranks, " ")
	split("♣ ♦ ♥ ♠", suits, " ")
	s = "system: shellshock\nkind: card\n"
	s = s "name: Unit " i "\n"
	s = s "card: \"" ranks[i % 13 + 1] suits[int(i / 13) % 4 + 1] "\"\n"
	s = s "era: future\nside: " (i % 2 ? "UN" : "Rebel") "\n"
	s = s "combat_value: " (60 + i % 90) "\n"
	s = s "movement:\n  max_speed: " (6 + i % 10) "\n  road_speed: " (10 + i % 8) "\n"
	s = s "  maneuver: \"??n\"\n  tonnage: " (20 + i % 100) "\n"
	s = s "  terrain: {open: 1, rough: " (1 + i % 3) ", trees: 4, incline1: 2, incline2: 3, shallow_water: 3}\n"
	s = s "defense:\n  E: [8, 6]\n  M: [12, 10]\n  B: [11, 9]\n  I: [13, 11]\n  S: [31, 30]\n  P: 10\n"
	s = s "gunnery: \"d10+" (i % 5) "\"\ngunners: 2\n"
	s = s "weapons:\n  - {row: M, damage: " (10 + i % 9) ", class: s, arc: front}\n"
	s = s "  - {row: I, damage: 25, class: p, arc: pivot2, spread: true}\n"
	s = s "ram: 1.27\narmor: {front: 31, right: 21, left: 12, rear: 9}\n"
	s = s "internal: [[5, 10], [11, 15], [16, 21]]\ndead: 22\n"
	return s
}
BEGIN {
	if (first == "")
		first = 1
	for (i = first; i < first + n; i++) {
		if (dir != "") {
			f = sprintf("%s/u%05d.yaml", dir, i)
			printf "%s", card(i) > f
			close(f)
		} else {
			if (i > first)
				print "---" > out
			printf "%s", card(i) > out
		}
	}
}
