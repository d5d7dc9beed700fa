#!/usr/bin/python3
"""hostile.py -- writes the hostile-* golden cases into tests/bad (run it from
the top of the tree; its .expected are goldens: read the diff).

    python3 tests/bad/hostile.py            write the cases and their .expected
    python3 tests/bad/hostile.py --audit    also time each (plain build) and run
                                           the ASan build, reporting anything odd
    python3 tests/bad/hostile.py --clean    remove every hostile-* file

Each case is run exactly as tests/bad.sh runs it (from tests/bad, the three
MUSTER_* variables relative, `check NAME.yaml` or NAME.args with @ and %),
its stderr written to NAME.expected and its status to NAME.status when it is
not 1.  Nothing outside tests/bad/hostile-* is touched.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lists  # noqa: E402  (tests/bad/lists.py)

TOP = os.getcwd()
BAD = TOP + "/tests/bad"
MUSTER = TOP + "/muster"
ASAN = os.environ.get("ASAN_MUSTER", TOP + "/build/asan/muster")


def read(rel):
    return open(os.path.join(TOP, rel), encoding="utf-8").read()


def body(text):
    """The document without its leading comment lines."""
    lines = text.split("\n")
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    return "\n".join(lines)


CARD = body(read("units/shellshock/mason.yaml"))
SHEET = body(read("tests/fuzz/seeds/shellshock-sheet.yaml"))
FORCE = body(read("units/shellshock-forces/demo.yaml")).replace(
    "../shellshock/", "../../units/shellshock/")
BATT = body(read("decks/battalions.yaml"))
TACT = body(read("decks/tactics.yaml"))
LINEUP = body(read("decks/lineup.yaml")).replace(
    "deck: battalions.yaml", "deck: ../../decks/battalions.yaml")
REF = body(read("decks/reference.yaml"))
SPEC = body(read("decks/specialties.yaml"))
SHAM = body(read("units/shambattle/red.yaml"))
SHOCK = body(read("units/shock/alpha.yaml"))
TMPL = {
    "card": "template: hostile-card\nextends: shellshock-card\n",
    "battalion": "template: hostile-battalion\nextends: ssg-battalion\n",
    "soldier": "template: hostile-soldier\nextends: shock-soldier\n",
    "counter": "template: hostile-counter\nextends: shambattle-counter\n",
}
BASES = {"card": CARD, "sheet": SHEET, "force": FORCE, "battalions": BATT,
         "tactics": TACT, "lineup": LINEUP, "reference": REF,
         "specialties": SPEC, "shambattle": SHAM, "shock": SHOCK}

CASES = []          # (name, bytes, args or None)
AUX = []            # (file name, bytes) written as they are
LINKS = []          # (link name, target)


def sub(text, old, new, count=1):
    assert old in text, (old, text[:200])
    return text.replace(old, new, count)


# Compact bases for the many-document number cases: no card index (which
# would warn on every document), one tactics card, a three-card deck, a
# record sheet with one crewman, one weapon and two pieces of equipment.
CARD_NI = sub(CARD, 'card: "A\u2663"\n', "")
SHEET_MINI = """\
system: shellshock
kind: sheet
name: Stalker Walker
era: future
ecv: 132
crew: [{role: Pilot, id: P, skill: 3, ecv: 10}]
movement:
  speeds: [{speed: 1, turn: 1}, {speed: 2, turn: 1}]
  acceleration: 4
  deceleration: 5
  slip: 4
  terrain: {open: 1, rough: 1}
  multipliers: {forward: 1, front_right: 2, rear_right: 3, reverse: 2, rear_left: 3, front_left: 2}
  free_facing: 2
  muck: 5
to_hit: "2d10"
defense: {B: [12, 12], M: [11, 11], E: [13, 12], I: [15, 15], SA: [24, 22], P: [10, 10]}
armor: {front: 120, left: 96, right: 96, rear: 80}
shock_threshold: 10
penetration: {front: 9, front_right: 8, rear_right: 7, rear: 6, rear_left: 7, front_left: 8}
internal_percent: [{min: 1, percent: 5, hits: 1}]
dead: 30
internal_chart: [{from: 1, to: 50, letter: A}, {from: 51, to: 100, letter: B}]
equipment: [{letter: A, name: Reactor, hits: 3}, {letter: B, name: Legs, hits: 3, locomotion: true}]
fire_systems: [{name: Torso, controller: P}]
weapons: [{name: Laser, dvt: E, dam: 8, sh: 2, pen: 6, range: 1.5, operators: [P], system: Torso}]
physical: {dam: 0.9, sh: 0.6, pen: 0.3}
locomotion_chart:
  - [1, 1, 1, 1, 1, 1]
  - [1, 1, 1, 1, 1, 1]
  - [1, 1, 1, 1, 1, 1]
  - [1, 1, 1, 1, 1, 1]
  - [1, 1, 1, 1, 1, 1]
  - [1, 1, 1, 1, 1, 1]
  - [1, 1, 1, 1, 1, 1]
  - [1, 1, 1, 1, 1, 1]
  - [1, 1, 1, 1, 1, 1]
  - [1, 1, 1, 1, 1, 1]

"""
TACT_MINI = ("system: ssg\nkind: tactics\nname: Tactics deck\ncards:\n"
             "  - name: Square Formation\n    category: defense\n"
             "    effects: [{roll: attack, who: cavalry, vs: line, mod: -3}]\n")
BATT_MINI = ("system: ssg\nkind: battalions\nname: Battalion deck\ncopies: 2\n"
             "cards:\n  - {name: Grenadiers, type: line, traits: [elite]}\n"
             "  - {name: Dragoons, type: cavalry}\n  - {name: Horse Art, type: artillery, setup_as: cavalry}\n")

def case(name, content, args=None, comment=None):
    assert name.startswith("hostile-")
    if isinstance(content, str):
        if comment:
            content = "".join("# " + c + "\n" for c in comment.split("\n")) \
                + content
        content = content.encode("utf-8")
    else:
        if comment:
            content = "".join("# " + c + "\n" for c in
                              comment.split("\n")).encode() + content
    assert len(content) < 210 * 1024, name
    CASES.append((name, content, args))


def aux(name, content):
    assert name.startswith("hostile-") and not name.endswith(".yaml")
    AUX.append((name, content.encode() if isinstance(content, str)
                else content))


def link(name, target):
    assert name.startswith("hostile-")
    LINKS.append((name, target))


def raw(text):
    return text.encode("utf-8")


# ---------------------------------------------------------------- encodings
BOM = b"\xef\xbb\xbf"
case("hostile-bom-only", BOM)
case("hostile-bom-twice-battalions", BOM + BOM + raw(BATT))
case("hostile-bom-second-document-specialties",
     raw("# A BOM at the start of the second document, as `cat a.yaml b.yaml`\n"
         "# makes of two files saved by Notepad.\n" + SPEC + "---\n")
     + BOM + raw(REF))
case("hostile-bom-in-value-tactics", raw(
    "# A U+FEFF (BOM) inside a card's name: it is invisible when printed.\n"
    + sub(TACT, "name: Fire at Will", "name: \"Fire\ufeff at Will\"")))
case("hostile-utf16be-shock", b"\xfe\xff" + SHOCK.encode("utf-16-be"))
case("hostile-utf16be-lineup", b"\xfe\xff" + LINEUP.encode("utf-16-be"))
case("hostile-utf16le-nobom-specialties", SPEC.encode("utf-16-le"))
case("hostile-utf32le-reference", b"\xff\xfe\x00\x00" + REF.encode("utf-32-le"))
case("hostile-utf16le-surrogate-card", b"\xff\xfe" + CARD.encode("utf-16-le")
     .replace("Mason".encode("utf-16-le"), "Ma".encode("utf-16-le") + b"\x00\xd8" + "son".encode("utf-16-le")))
case("hostile-utf16le-template", b"\xff\xfe" + (TMPL["counter"]
     + "elements:\n  - {name: name, pt: 7}\n").encode("utf-16-le"))
case("hostile-overlong-slash-card", raw(
    "# An overlong UTF-8 '/' (C0 AF) in the card's name, the classic path\n"
    "# filter bypass: not UTF-8, and must not be read as '/'.\n")
    + raw(CARD).replace(b"name: Mason", b"name: Ma\xc0\xafson"))
case("hostile-overlong-nul-sheet", raw(
    "# An overlong NUL (C0 80, Java's modified UTF-8) in a crewman's name,\n"
    "# at the third level.\n")
    + raw(SHEET).replace(b"name: Lt. Ines Varga", b"name: Lt. Ines\xc0\x80Varga"))
case("hostile-overlong-3byte-force", raw(
    "# A three-byte overlong '/' (E0 80 AF) in a component's name.\n")
    + raw(FORCE).replace(b"Rocket pod", b"Rocket\xe0\x80\xafpod"))
case("hostile-surrogate-shock", raw(
    "# A lone UTF-16 surrogate (U+D800) encoded as UTF-8 (ED A0 80) in a\n"
    "# soldier's name: not a character.\n")
    + raw(SHOCK).replace(b"name: Reyes", b"name: Re\xed\xa0\x80yes"))
case("hostile-surrogate-pair-tactics", raw(
    "# U+1F600 written as CESU-8, a surrogate pair each encoded as UTF-8\n"
    "# (ED A0 BD ED B8 80): what some Java and MySQL tools write.\n")
    + raw(TACT).replace(b"name: Probe", b"name: Probe \xed\xa0\xbd\xed\xb8\x80"))
case("hostile-above-unicode-battalions", raw(
    "# F4 90 80 80, which would be U+110000, past the last code point.\n")
    + raw(BATT).replace(b"name: Hussars", b"name: Hussars\xf4\x90\x80\x80"))
case("hostile-f5-byte-specialties", raw(
    "# Bytes F5 and FE, which UTF-8 never uses, in an entry's name.\n")
    + raw(SPEC).replace(b"Fire Drill", b"Fire\xf5\xfe Drill"))
case("hostile-invalid-utf8-key-shambattle", raw(
    "# A key with a byte that is not UTF-8 (FF): the unknown-key message\n"
    "# must not quote the byte raw.\n")
    + raw(SHAM).replace(b"brigades:", b"briga\xffdes:"))
case("hostile-invalid-utf8-key-lineup", raw(
    "# A key that ends in a cut-off UTF-8 sequence (E2 99, the start of a\n"
    "# card suit).\n")
    + raw(LINEUP).replace(b"left_flank:", b"left_flank\xe2\x99:"))
case("hostile-latin1-comment-reference", raw(
    "# A Latin-1 byte that is only in a comment (caf\\xe9 below): the file is\n"
    "# still not UTF-8.\n")
    + b"# caf\xe9\n" + raw(REF))
case("hostile-crlf-error-force", raw(
    "# CRLF line endings and an error on line 12: the line and column must\n"
    "# be those of the error, as with LF.\n"
    + sub(FORCE, "declared_ecv: 271", "declared_ecv: many")).replace(b"\n", b"\r\n"))
case("hostile-cr-error-sheet", raw(
    "# Old Mac line endings (CR alone) and an error on line 33: still read\n"
    "# line by line.\n"
    + sub(SHEET, "slip: 4", "slip: 9")).replace(b"\n", b"\r"))
case("hostile-cr-invalid-utf8-battalions", (raw(
    "# CR-only line endings and a Latin-1 byte on line 10: the line of a\n"
    "# byte error must count CRs as line ends too.\n")
    + raw(BATT).replace(b"Cuirassier", b"Cuirassi\xe9r")).replace(b"\n", b"\r"))
case("hostile-crlf-invalid-utf8-shock", (raw(
    "# CRLF line endings and a Latin-1 byte on line 11: the column must not\n"
    "# count the CRs.\n")
    + raw(SHOCK).replace(b"Kowalski", b"Kowalsk\xed")).replace(b"\n", b"\r\n"))
_mixed = raw("# Mixed line endings, LF, CRLF and CR in turn, and an error at\n"
             "# the end (a soldier's toughness of 10).\n"
             + sub(SHOCK, "toughness: 5", "toughness: 10"))
_lines = _mixed.split(b"\n")
_ends = [b"\n", b"\r\n", b"\r"]
case("hostile-mixed-eol-shock",
     b"".join(l + _ends[i % 3] for i, l in enumerate(_lines[:-1])) + _lines[-1])
case("hostile-tab-indent-tactics", raw(
    "# A tab for indentation inside a card's effects list (YAML forbids\n"
    "# tabs in indentation).\n"
    + sub(TACT, "    effects: [{extra_attack: 1}]",
          "    effects:\n\t- {extra_attack: 1}")))
case("hostile-tab-separator-card", raw(
    "# Tabs as separators after colons and inside flow collections, which\n"
    "# YAML allows: the card is fine.\n"
    + CARD.replace("max_speed: 9", "max_speed:\t9").replace(
        "E: [8, 6]", "E:\t[8,\t6]")), comment=None)
case("hostile-nbsp-indent-battalions", raw(
    "# U+00A0 NO-BREAK SPACE as indentation, pasted from a web page.\n"
    + sub(BATT, "  - {name: Dragoons, type: cavalry}",
          "\u00a0\u00a0- {name: Dragoons, type: cavalry}")))
case("hostile-c1-control-name-shambattle", raw(
    "# C1 control characters (U+009B CSI, which some terminals read as\n"
    "# ESC [, and U+0085 NEL) in a unit's name: no card can print them.\n"
    + sub(SHAM, "name: Pioneers", "name: \"Pio\\u009b2Jneers\\u0085\"")
    .replace("Pioneers, General Rot", "\"Pio\\u009b2Jneers\\u0085\", General Rot")))
case("hostile-c1-control-key-specialties", raw(
    "# An unknown key holding U+009B (CSI): the message quotes it, and a\n"
    "# terminal may read it as an escape sequence.\n"
    + SPEC + "\"colour\\u009b31m\": red\n"))
case("hostile-rlo-key-reference", raw(
    "# An unknown key holding U+202E RIGHT-TO-LEFT OVERRIDE: quoted in the\n"
    "# message, it turns the rest of the line around on screen.\n"
    + REF + "\"note\\u202e: error \": x\n"))
case("hostile-rlo-name-battalions", raw(
    "# A card name with U+202E RIGHT-TO-LEFT OVERRIDE, which prints the rest\n"
    "# of the name backwards.\n"
    + sub(BATT, "name: Sappers", "name: \"\\u202eSappers\"")))
case("hostile-zero-width-name-specialties", raw(
    "# An entry named only by a ZERO WIDTH SPACE (U+200B): blank when\n"
    "# printed, like an empty name.\n"
    + sub(SPEC, "name: Genius Commander", "name: \"\\u200b\"")))
case("hostile-del-char-reference", raw(
    "# A DEL (0x7F) inside a line of the turn sequence.\n"
    + sub(REF, "1 Draw:", "1 Dr\\x7faw:")))
case("hostile-noncharacter-lineup", raw(
    "# Card names holding the noncharacters U+FFFE and U+FFFF.\n"
    + sub(LINEUP, "Hussars, Skirmishers", "\"Hussars\\uFFFE\", \"Skirm\\uFFFFishers\"")))

# Escaped NULs: YAML's "\0" puts a NUL inside a scalar; muster's strings
# end at the first NUL.
case("hostile-nul-escape-key-shock",
     sub(SHOCK, "name: Alpha", "\"name\\0evil\": Alpha"),
     comment="A key written \"name\\0evil\" (an escaped NUL): it is not 'name'.")
case("hostile-nul-escape-system-card",
     sub(CARD, "system: shellshock", "system: \"shellshock\\0junk\""),
     comment="system: \"shellshock\\0junk\", an escaped NUL inside the system's name.")
case("hostile-nul-escape-kind-battalions",
     sub(BATT, "kind: battalions", "kind: \"battalions\\0lineup\""),
     comment="kind: with an escaped NUL inside it.")
case("hostile-nul-escape-unique-shock",
     sub(sub(SHOCK, "name: Reyes", "name: \"Reyes\\0Senior\""),
         "name: Kowalski", "name: \"Reyes\\0Junior\""),
     comment="Two soldiers \"Reyes\\0Senior\" and \"Reyes\\0Junior\" (escaped NULs):\n"
     "different names, or both an error, never one cut at the NUL.")
case("hostile-nul-escape-card-lineup",
     sub(LINEUP, "Hussars, Skirmishers", "\"Hussars\\0of the Guard\", Skirmishers"),
     comment="A line-up card named \"Hussars\\0of the Guard\": no such card.")
case("hostile-nul-escape-unit-force",
     sub(FORCE, "../../units/shellshock/mason.yaml",
         "\"../../units/shellshock/mason.yaml\\0.txt\""),
     comment="A unit path with an escaped NUL before '.txt' (the classic NUL\n"
     "byte path injection): must not open mason.yaml.")
case("hostile-nul-escape-deck-lineup",
     sub(LINEUP, "deck: ../../decks/battalions.yaml",
         "deck: \"../../decks/battalions.yaml\\0.png\""),
     comment="A deck path with an escaped NUL inside.")
case("hostile-nul-escape-extends-template",
     "template: hostile-nul\nextends: \"shellshock-card\\0-evil\"\n",
     comment="extends: names a template with an escaped NUL inside.")
case("hostile-nul-escape-name-card",
     sub(CARD, "name: Mason", "name: \"Mason\\0\\e[2J\""),
     comment="A name with an escaped NUL followed by a terminal escape: the\n"
     "control character after the NUL must still be found.")
case("hostile-nul-last-byte-template",
     raw("# A NUL as the very last byte of a template file.\n"
         + TMPL["soldier"] + "elements:\n  - {name: name, pt: 10}\n") + b"\x00")

# ------------------------------------------------------------ YAML features
case("hostile-tag-str-number-card",
     sub(CARD, "combat_value: 120", "combat_value: !!str 120"),
     comment="combat_value: !!str 120, a number tagged as text.")
case("hostile-tag-int-text-shock",
     sub(SHOCK, "quality: veteran", "quality: !!int veteran"),
     comment="quality: !!int veteran, text tagged as a whole number.")
case("hostile-tag-custom-battalions",
     sub(BATT, "{name: Dragoons, type: cavalry}",
         "{name: Dragoons, type: !cavalry cavalry}"),
     comment="A custom local tag (!cavalry) on a value.")
case("hostile-tag-directive-specialties",
     "%TAG !py! tag:yaml.org,2002:python/object:\n---\n"
     + sub(SPEC, "{hand: 2}", "!py!os.system {hand: 2}"),
     comment="A %TAG directive that makes !py! stand for python/object:, then\n"
     "!py!os.system on an effect.")
case("hostile-tag-directive-core-sheet",
     "%TAG !c! tag:yaml.org,2002:\n---\n"
     + sub(SHEET, "ecv: 132", "ecv: !c!int 132").replace(
         "slip: 4", "slip: !c!binary NA=="),
     comment="%TAG !c! for the core schema: !c!int is !!int, !c!binary is\n"
     "!!binary.")
case("hostile-tag-null-name-tactics",
     sub(TACT, "name: Rifles", "name: !!null Rifles"),
     comment="name: !!null Rifles, a name tagged as null.")
case("hostile-tag-bool-number-shambattle",
     sub(SHAM, "sp_per_base: 2", "sp_per_base: !!bool 2"),
     comment="sp_per_base: !!bool 2, a number tagged as a boolean.")
case("hostile-tag-seq-on-map-force",
     sub(FORCE, "sides:", "sides: !!seq"),
     comment="sides: !!seq on a mapping: a tag that contradicts the node.")
case("hostile-tag-nonspecific-reference",
     sub(REF, "name: Turn sequence", "name: ! 12345"),
     comment="The non-specific tag '!', which makes 12345 text.")
case("hostile-merge-list-shock",
     "x-base: &vet {toughness: 6, awareness: 7, prowess: 5}\n"
     "x-q: &q {quality: veteran}\n"
     + sub(SHOCK, "  - name: Reyes\n    role: Team leader\n    toughness: 6\n"
           "    awareness: 7\n    prowess: 5\n    quality: veteran\n",
           "  - name: Reyes\n    role: Team leader\n    <<: [*vet, *q]\n"),
     comment="A merge key with a list of aliases (<<: [*vet, *q]) and the\n"
     "anchors under unknown keys.")
case("hostile-alias-wrong-type-card",
     sub(sub(CARD, "side: UN", "side: &s UN"), "gunners: 2", "gunners: *s"),
     comment="An alias (*s, the side 'UN') used where a number is wanted,\n"
     "twenty lines after its anchor: the error is at the alias.")
case("hostile-alias-shared-bad-sheet",
     sub(sub(sub(SHEET, "acceleration: 4", "acceleration: &x fast"),
             "deceleration: 5", "deceleration: *x"), "muck: 5", "muck: *x"),
     comment="One bad anchored value used three times through aliases: each\n"
     "use is an error of its own, at its own line.")
case("hostile-alias-undefined-lineup",
     sub(LINEUP, "reserve: [", "reserve: *stacks\nx: ["),
     comment="reserve: *stacks, an alias to an anchor never defined.")
case("hostile-alias-self-battalions",
     sub(BATT, "cards:\n", "cards: &cards\n  - *cards\n"),
     comment="A list that holds an alias to itself (cards: &cards [*cards, ...]):\n"
     "recursion if the anchor were defined on entry.")
case("hostile-alias-self-map-force",
     sub(FORCE, "  UN:\n", "  UN: &un\n    self: *un\n"),
     comment="A mapping holding an alias to itself.")
case("hostile-alias-forward-tactics",
     sub(sub(TACT, "    effects: [{extra_attack: 1}]", "    effects: *later"),
         "    effects: [{extra_attack: 1, who: light}]",
         "    effects: &later [{extra_attack: 1, who: light}]"),
     comment="An alias used before its anchor.")
case("hostile-anchor-redefined-specialties",
     "x: &e [{hand: 1}]\n"
     + sub(sub(SPEC, "effects: [{roll: morale, mod: -1}]", "effects: *e"),
           "effects: [{hand: 2}]", "effects: &e [{hand: 9}]")
     .replace("effects: [{roll: combat, who: line, mod: 1}]", "effects: *e"),
     comment="An anchor defined twice: each alias means the latest before it.")
case("hostile-alias-across-documents-reference",
     sub(REF, "turn:", "turn: &turn") + "---\n"
     + sub(REF, "turn:\n", "turn: *turn\nx:\n"),
     comment="The second document uses an anchor of the first: anchors end\n"
     "with their document.")
case("hostile-complex-key-list-card",
     "? [system, kind]\n: [shellshock, card]\n" + CARD,
     comment="A complex key, a list (? [system, kind]).")
case("hostile-complex-key-map-sheet",
     sub(SHEET, "  acceleration: 4", "  ? {speed: 1}\n  : fast\n  acceleration: 4"),
     comment="A complex key, a mapping, at the second level.")
case("hostile-flow-document-specialties",
     "{system: ssg, kind: specialties, name: Army specialties, entries: ["
     "{roll: 1, name: A, effects: [{roll: morale, mod: -1}]}, "
     "{roll: 2, name: B, effects: [{hand: 2}]}, "
     "{roll: 3, name: C, effects: [{roll: combat, who: line, mod: 1}]}, "
     "{roll: 4, name: D, effects: [{roll: combat, who: artillery, mod: 1}]}, "
     "{roll: 5, name: E, effects: [{roll: combat, who: cavalry, mod: 1}]}, "
     "{roll: 6, name: F, effects: [{reinforce: 1}]}]}\n",
     comment="The whole document in flow style, on one line: fine.")
case("hostile-literal-name-battalions",
     sub(BATT, "  - {name: Sappers, type: line}",
         "  - name: |\n      Sappers\n      and Miners\n    type: line"),
     comment="A card name written as a literal block (|): two lines and a\n"
     "final newline.")
case("hostile-literal-trailing-newline-lineup",
     sub(LINEUP, "left_flank: [Hussars, Skirmishers, Lancers]",
         "left_flank:\n  - |\n    Hussars\n  - Skirmishers\n  - Lancers"),
     comment="A card name given as a literal block, 'Hussars' and a newline:\n"
     "no card is named so.")
case("hostile-folded-turn-reference",
     sub(REF, "  - \"2 Reinforce:", "  - >\n    2 Reinforce: move\n\n    up\n  - \"2b Reinforce:"),
     comment="A folded block (>) with an empty line in a turn line: a line\n"
     "break inside it.")
case("hostile-yaml-11-directive-shock",
     "%YAML 1.1\n---\n" + sub(SHOCK, "toughness: 6", "toughness: 0o6"),
     comment="%YAML 1.1, whose octal is 06; with 0o6 (1.2's octal) as a stat.")
case("hostile-yaml-20-directive-card",
     "%YAML 2.0\n---\n" + CARD,
     comment="%YAML 2.0, a version that does not exist.")
case("hostile-yaml-directive-twice-tactics",
     "%YAML 1.2\n%YAML 1.2\n---\n" + TACT,
     comment="The %YAML directive given twice.")
case("hostile-directive-no-document-force",
     "%YAML 1.2\n" + FORCE,
     comment="A directive with no '---' after it.")
case("hostile-only-document-start", "---\n",
     comment="Only a document start marker: one empty document.")
case("hostile-only-document-end", "...\n",
     comment="Only a document end marker.")
case("hostile-null-document", "--- ~\n",
     comment="A document that is null (~).")
case("hostile-scalar-document", "--- Mason\n",
     comment="A document that is a plain scalar.")
case("hostile-null-between-documents",
     SPEC + "---\n~\n---\n" + REF,
     comment="Two good documents with a null document between them.")
case("hostile-garbage-after-end-shambattle",
     SHAM + "...\nthis is not yaml: [\n",
     comment="A document end marker followed by broken YAML.")
case("hostile-long-anchor-lineup",
     sub(LINEUP, "left_flank: [", "left_flank: &" + "a" * 10000 + " [")
     .replace("reserve: [", "x: *" + "a" * 10000 + "\nreserve: ["),
     comment="An anchor and an alias of 10,000 characters.")
case("hostile-key-types-shambattle",
     SHAM + "1: one\n~: nothing\ntrue: yes\n0x10: hex\n",
     comment="Keys that are a number, null, a boolean and a hex number.")
case("hostile-duplicate-spelt-keys-sheet",
     sub(SHEET, "name: Stalker Walker",
         "name: Stalker Walker\n\"name\": Stalker\n!!str name: Walker\n'slip': 4"),
     comment="The same key spelt plain, double-quoted, tagged !!str; and a\n"
     "quoted duplicate of a key at the second level's name.")
case("hostile-deep-flow-force",
     sub(FORCE, "components: [{name: Rocket pod, ecv: 4}]",
         "components: " + "[" * 10000 + "]" * 10000),
     comment="10,000 nested flow lists in a force's components.")
case("hostile-deep-block-specialties",
     SPEC + "x:\n" + "".join("  " * i + "- \n" for i in range(1, 70)) + "  " * 70 + "- 1\n",
     comment="70 nested block lists under an unknown key: past the depth limit.")
case("hostile-many-errors-tactics",
     "system: ssg\nkind: tactics\nname: Tactics deck\ncards:\n" + "".join(
         "  - {name: C%d, category: charge, count: 99, effects: [{roll: fire, mod: 9}]}\n" % i
         for i in range(64)),
     comment="64 tactics cards, each with four errors (the limit of 1,000 messages\n"
     "is hostile-many-documents').")
case("hostile-many-documents",
     "".join("---\nsystem: ssg\nkind: specialties\nname: %sS%d\nentries: []\n"
             % ("!hostile " if i == 0 else "", i) for i in range(1003)),
     comment="1,003 documents, each an error: 3 messages past the limit of 1,000.\n"
     "(The first name's tag keeps tests/schema_check.py from reading the file:\n"
     "the documents past the limit have errors that are not shown.)")

# ----------------------------------------------------------------- numbers
NUMS = ["99999999999999999999", "-0", "1e309", ".inf", "-.inf", ".nan",
        "0x10", "0o17", "1_000", "012", "+5", "5.0", "yes", "on", "true",
        "0b101", "1e1", "\"5\"", "5"]


# Where a whole number is wanted, 1e1 is left out: like 5.0 it is 10 once
# read, which a JSON Schema cannot tell (tests/schema_check.py whitelists
# only \d+.0, hex and octal).  The decimal fields keep it.
NUMS_WHOLE = [v for v in NUMS if v != "1e1"]
# Where a decimal is wanted, hex and octal are left out for the same reason
# (check refuses them; the schema reads 16 and 15).
NUMS_DECIMAL = [v for v in NUMS if v not in ("0x10", "0o17")]


def num_docs(base, old, fmt, comment, nums=None):
    docs = []
    for v in (nums or NUMS_WHOLE):
        docs.append("# %s\n" % v.replace('"', "quoted ") + sub(base, old, fmt % v))
    return "# " + comment + "\n" + "---\n".join(docs)


case("hostile-num-roll-specialties",
     num_docs(SPEC, "roll: 5,", "roll: %s,",
              "An entry's roll (1 to 6) written every hostile way, one document\n"
              "# each; the last, 5, is fine."))
case("hostile-num-mod-tactics",
     num_docs(TACT_MINI, "mod: -3}", "mod: %s}",
              "A tactics effect's mod written every hostile way."))
case("hostile-num-copies-battalions",
     num_docs(BATT_MINI, "copies: 2", "copies: %s",
              "A deck's copies (1 to 10) written every hostile way."))
case("hostile-num-ram-card",
     num_docs(CARD_NI, "ram: 1.27", "ram: %s",
              "A card's ram, a decimal, written every hostile way.", NUMS_DECIMAL))
case("hostile-num-slip-sheet",
     num_docs(SHEET_MINI, "slip: 4", "slip: %s",
              "A sheet's slip (2 to 5) written every hostile way."))
case("hostile-num-range-sheet",
     num_docs(SHEET_MINI, "range: 1.5,", "range: %s,",
              "A weapon's range in miles, a decimal, written every hostile way.", NUMS_DECIMAL))
case("hostile-num-ecv-force",
     num_docs(FORCE, "declared_ecv: 271", "declared_ecv: %s",
              "A force side's declared_ecv written every hostile way."))
case("hostile-num-component-force",
     num_docs(FORCE, "ecv: 4}", "ecv: %s}",
              "A component's ecv, at the fourth level, written every hostile way."))
case("hostile-num-prowess-shock",
     num_docs(SHOCK, "prowess: 5", "prowess: %s",
              "A soldier's prowess (1 to 9) written every hostile way."))
case("hostile-num-bases-shambattle",
     num_docs(SHAM, "bases: 1,", "bases: %s,",
              "A homebrew unit's bases written every hostile way (hex and octal\n"
              "# are in the other cases: 0x10 and 0o17 are past its 9).",
              [v for v in NUMS_WHOLE if v not in ("0x10", "0o17")]))
case("hostile-num-pt-template",
     "# A template element's pt written every hostile way, one element each.\n"
     "template: hostile-pt\nextends: shellshock-card\nelements:\n" + "".join(
         "  - {name: e%d, text: x, at: [4mm, 4mm], size: [5mm, 5mm], pt: %s}\n" % (i, v)
         for i, v in enumerate(NUMS)))
case("hostile-num-copies-boundary-battalions",
     "# copies at and past its bounds: 0, 1, 10, 11, -1.\n" + "---\n".join(
         sub(BATT_MINI, "copies: 2", "copies: %s" % v) for v in ["0", "1", "10", "11", "-1"]))
case("hostile-num-long-digits-card",
     sub(CARD, "max_speed: 9", "max_speed: " + "9" * 10000),
     comment="max_speed of 10,000 digits.")
case("hostile-num-tiny-float-card",
     sub(CARD, "ram: 1.27", "ram: 1e-400"),
     comment="ram: 1e-400, a decimal that underflows to 0.")

# ------------------------------------------------------------ wrong shapes
case("hostile-shape-movement-list-card",
     sub(CARD, "movement:\n", "movement:\n  - 9\n  - 14\nx_movement:\n"),
     comment="movement is a list where a mapping is wanted (second level).")
case("hostile-shape-terrain-list-card",
     sub(CARD, "terrain: {open: 1, rough: 2, trees: 4, incline1: 2, incline2: 3, shallow_water: 3}",
         "terrain: [open, 1, rough, 2]"),
     comment="terrain is a list where a mapping is wanted (third level).")
case("hostile-shape-weapon-scalar-card",
     sub(CARD, "  - {row: M, damage: 14, class: s, arc: front}", "  - M14s front"),
     comment="A weapon is a scalar where a mapping is wanted (third level).")
case("hostile-shape-defense-nested-card",
     sub(CARD, "E: [8, 6]", "E: [[8, 6], {x: 1}]"),
     comment="A defense value list holds a list and a mapping (fourth level).")
case("hostile-shape-speeds-map-sheet",
     sub(SHEET, "  speeds:\n    - {speed: 1, turn: 1}\n", "  speeds: {speed: 1, turn: 1}\n  x_speeds:\n    - {speed: 1, turn: 1}\n"),
     comment="speeds is a mapping where a list is wanted.")
case("hostile-shape-crew-nested-sheet",
     sub(SHEET, "  - {role: Pilot, id: P, skill: 3, ecv: 9, name: Lt. Ines Varga}",
         "  - [{role: Pilot, id: P, skill: 3, ecv: 9, name: Lt. Ines Varga}]"),
     comment="A crewman is a list holding his mapping.")
case("hostile-shape-locomotion-row-sheet",
     sub(SHEET, "  - [1, 1, 1, SLIP, 1, 2]", "  - {a: 1, b: 1}"),
     comment="A locomotion chart row is a mapping where a list is wanted.")
case("hostile-shape-sides-list-force",
     sub(FORCE, "sides:\n", "sides: [UN, Rebel]\nx_sides:\n"),
     comment="sides is a list of names where a mapping is wanted.")
case("hostile-shape-side-scalar-force",
     sub(FORCE, "  Rebel:\n", "  Rebel: 269\n  x_Rebel:\n"),
     comment="A side is a number where a mapping is wanted.")
case("hostile-shape-units-map-force",
     sub(FORCE, "units: [../../units/shellshock/grizzly.yaml, ../../units/shellshock/mason.yaml]",
         "units: {grizzly: ../../units/shellshock/grizzly.yaml}"),
     comment="units is a mapping where a list is wanted.")
case("hostile-shape-cards-map-battalions",
     "system: ssg\nkind: battalions\nname: Deck\ncards: {Grenadiers: line, Dragoons: cavalry}\n",
     comment="cards is a mapping of name to type.")
case("hostile-shape-traits-scalar-battalions",
     sub(BATT, "traits: [elite]}", "traits: elite}"),
     comment="traits is a word where a list is wanted.")
case("hostile-shape-effects-map-tactics",
     sub(TACT, "effects: [{extra_attack: 1}]", "effects: {extra_attack: 1}"),
     comment="effects is a mapping where a list is wanted.")
case("hostile-shape-who-map-tactics",
     sub(TACT, "who: cavalry, vs: line", "who: {cavalry: true}, vs: [[line]]"),
     comment="who is a mapping and vs a nested list (fourth level).")
case("hostile-shape-stack-scalar-lineup",
     sub(LINEUP, "left_flank: [Hussars, Skirmishers, Lancers]", "left_flank: Hussars"),
     comment="A stack is one name where a list is wanted.")
case("hostile-shape-stack-nested-lineup",
     sub(LINEUP, "left_flank: [Hussars, Skirmishers, Lancers]",
         "left_flank: [[Hussars, Lancers], {name: Skirmishers}]"),
     comment="A stack holds a list and a mapping where card names are wanted.")
case("hostile-shape-turn-map-reference",
     sub(REF, "turn:\n", "turn: {1: Draw}\nx_turn:\n"),
     comment="turn is a mapping where a list of lines is wanted.")
case("hostile-shape-entries-map-specialties",
     "system: ssg\nkind: specialties\nname: S\nentries: {1: Superior Discipline}\n",
     comment="entries is a mapping of roll to name.")
case("hostile-shape-garrison-scalar-shambattle",
     sub(SHAM, "garrison: [1st Grenadiers, Pioneers, General Rot]", "garrison: 1st Grenadiers"),
     comment="A garrison is one name where a list is wanted (fourth level).")
case("hostile-shape-brigade-units-map-shambattle",
     sub(SHAM, "units: [Red Lancers, Red Dragoons]", "units: {Red Lancers: 1}"),
     comment="A brigade's units is a mapping.")
case("hostile-shape-soldiers-map-shock",
     "system: shock\nkind: squad\nname: Alpha\nsoldiers: {Reyes: {toughness: 6}}\n",
     comment="soldiers is a mapping of name to soldier.")
case("hostile-shape-weapon-name-list-shock",
     sub(SHOCK, "{name: M249 SAW, class: IV}", "{name: [M249, SAW], class: [IV]}"),
     comment="A weapon's name and class are lists.")
case("hostile-shape-elements-map-template",
     TMPL["battalion"] + "elements: {name: {pt: 10}}\n",
     comment="elements is a mapping where a list is wanted.")
case("hostile-shape-elements-scalars-template",
     TMPL["soldier"] + "elements: [name, toughness]\n",
     comment="elements is a list of words where mappings are wanted.")
case("hostile-shape-null-required",
     "# Every kind with a required collection given as null.\n"
     + "---\n".join([
         sub(CARD, "defense:\n  E: [8, 6]\n  M: [12, 10]\n  B: [11, 9]\n  I: [13, 11]\n  S: [31, 30]\n  P: 10\n", "defense: ~\n"),
         sub(BATT, "cards:\n", "cards: ~\nx:\n"),
         sub(TACT, "cards:\n", "cards:\nx:\n"),
         sub(SPEC, "entries:\n", "entries: null\nx:\n"),
         sub(REF, "turn:\n", "turn: ~\nx:\n"),
         sub(SHAM, "units:\n", "units: ~\nx:\n"),
         sub(SHOCK, "soldiers:\n", "soldiers: ~\nx:\n"),
         sub(FORCE, "sides:\n", "sides: ~\nx:\n"),
         sub(LINEUP, "left_center: [", "left_center: ~\nx: ["),
     ]))
case("hostile-shape-empty-collections",
     "# Every kind with its collections empty: {} and [].\n"
     + "---\n".join([
         sub(sub(CARD, "terrain: {open: 1, rough: 2, trees: 4, incline1: 2, incline2: 3, shallow_water: 3}", "terrain: {}"),
             "armor: {front: 31, right: 21, left: 12, rear: 9}", "armor: []"),
         sub(SHEET, "fire_systems:\n", "fire_systems: []\nx:\n"),
         sub(FORCE, "sides:\n", "sides: {}\nx:\n"),
         sub(SPEC, "effects: [{hand: 2}]", "effects: []"),
         sub(SHAM, "garrison: [1st Grenadiers, Pioneers, General Rot]", "garrison: []"),
         sub(SHOCK, "weapons: [{name: M249 SAW, class: IV}]", "weapons: {}"),
         sub(TACT, "effects: [{extra_attack: 1}]", "effects: [{}]"),
     ]))
case("hostile-shape-name-map-lineup",
     sub(LINEUP, "reserve: [Chasseurs,", "reserve: [{Chasseurs: 1},"),
     comment="A card name that is a mapping (a YAML slip: 'Chasseurs: 1').")

# ------------------------------------------------------------------ strings
LONG = "x" * 10000
case("hostile-long-side-card", sub(CARD, "side: UN", "side: " + LONG),
     comment="A side of 10,000 characters.")
case("hostile-long-role-shock", sub(SHOCK, "role: Marksman", "role: " + LONG),
     comment="A soldier's role of 10,000 characters.")
case("hostile-long-turn-reference", sub(REF, "  - \"Deal each", "  - \"" + LONG + "\"\n  - \"Deal each"),
     comment="A setup line of 10,000 characters.")
case("hostile-long-text-tactics",
     TACT + "  - name: Long Special\n    category: special\n    text: \"" + LONG + "\"\n",
     comment="A special card's text of 10,000 characters.")
case("hostile-long-card-name-lineup",
     sub(LINEUP, "Hussars, Skirmishers", LONG + ", Skirmishers"),
     comment="A line-up card name of 10,000 characters.")
case("hostile-long-key-shambattle", SHAM + LONG + ": 1\n",
     comment="An unknown key of 10,000 characters.")
case("hostile-long-enum-battalions",
     sub(BATT, "{name: Dragoons, type: cavalry}", "{name: Dragoons, type: " + "cavalry" * 1500 + "}"),
     comment="A type of 10,500 characters, not one of the words.")
case("hostile-long-system", "system: " + LONG + "\nkind: card\nname: X\n",
     comment="A system of 10,000 characters.")
case("hostile-long-path-force",
     sub(FORCE, "../../units/shellshock/mason.yaml", "../" * 3000 + "mason.yaml"),
     comment="A unit path of 9,010 characters (past PATH_MAX).")
case("hostile-long-deck-lineup",
     sub(LINEUP, "deck: ../../decks/battalions.yaml", "deck: " + "a/" * 3000 + "battalions.yaml"),
     comment="A deck path of 6,015 characters (past PATH_MAX).")
case("hostile-long-extends-template",
     "template: hostile-long\nextends: ./" + "x" * 300 + ".yaml\n",
     comment="extends: a template file name of 307 characters (past NAME_MAX).")
case("hostile-many-units-force",
     sub(FORCE, "units: [../../units/shellshock/grizzly.yaml, ../../units/shellshock/mason.yaml]",
         "units: [" + ", ".join(["../../units/shellshock/mason.yaml"] * 41) + "]"),
     comment="41 units on one side, one past the limit of 40.")
case("hostile-emoji-key-sheet", SHEET + "\U0001F600: smile\n",
     comment="An unknown key that is an emoji outside the BMP.")
case("hostile-newline-enum-shock",
     sub(SHOCK, "quality: elite", "quality: \"elite\\n\""),
     comment="quality: \"elite\\n\", a newline after the word.")
case("hostile-newline-name-card",
     sub(CARD, "name: Mason", "name: \"Mason\\nMk II\""),
     comment="A card name with a newline in it: printed on one line of the card.")
case("hostile-cr-name-sheet",
     sub(SHEET, "name: Stalker Walker", "name: \"Stalker\\rWalker\""),
     comment="A sheet's name with a carriage return in it.")
case("hostile-tab-name-specialties",
     sub(SPEC, "name: March Drill", "name: \"March\\tDrill\""),
     comment="An entry's name with a tab in it.")
case("hostile-combining-name-shambattle",
     sub(SHAM, "name: Red", "name: \"R" + "\u0336" * 99 + "\""),
     comment="An army name of one letter and 99 combining marks: 100\n"
     "characters, one glyph wide.")

# ----------------------------------------------------------------- symlinks
link("hostile-link-loop.yaml", "hostile-link-loop-b.yml")
link("hostile-link-loop-b.yml", "hostile-link-loop.yaml")
link("hostile-link-self-deck.yml", "hostile-link-self-deck.yml")
case("hostile-link-self-deck-lineup",
     sub(LINEUP, "deck: ../../decks/battalions.yaml", "deck: hostile-link-self-deck.yml"),
     comment="deck: names a link that points at itself.")
case("hostile-link-loop-deck-lineup",
     sub(LINEUP, "deck: ../../decks/battalions.yaml", "deck: hostile-link-loop.yaml"),
     comment="deck: names one end of a loop of two links.")
case("hostile-link-loop-force",
     sub(FORCE, "../../units/shellshock/mason.yaml", "hostile-link-loop-b.yml"),
     comment="A force unit names one end of a loop of two links.")
case("hostile-link-loop-extends-template",
     "template: hostile-loop\nextends: ./hostile-link-loop-b.yml\n",
     comment="extends: names one end of a loop of two links.")
link("hostile-link-dangling.yaml", "hostile-no-such-file.yml")

# --------------------------------------------------------------- references
aux("hostile-empty.yml", "")
aux("hostile-comments-only.yml", "# nothing but a comment\n\n   \n")
aux("hostile-two-decks.yml", BATT + "---\n" + sub(BATT, "name: Battalion deck", "name: Second deck"))
aux("hostile-broken-deck.yml", sub(BATT, "{name: Dragoons, type: cavalry}", "{name: Dragoons, type: dragoon}"))
aux("hostile-force-a.yml", sub(FORCE, "../../units/shellshock/mason.yaml", "hostile-force-b.yml"))
aux("hostile-force-b.yml", sub(FORCE, "../../units/shellshock/mason.yaml", "hostile-force-a.yml"))
aux("hostile-extends-b.yml", "template: hostile-b\nextends: ./hostile-extends-a.yml\n")
aux("hostile-extends-a.yml", "template: hostile-a\nextends: ./hostile-extends-b.yml\n")
for i in range(10):
    aux("hostile-chain-%d.yml" % i, "template: hostile-chain-%d\nextends: %s\n"
        % (i, "./hostile-chain-%d.yml" % (i + 1) if i < 9 else "shellshock-card"))


def deck(name, value, comment):
    case(name, sub(LINEUP, "deck: ../../decks/battalions.yaml", "deck: " + value),
         comment=comment)


deck("hostile-deck-empty-lineup", "hostile-empty.yml", "deck: names an empty file.")
deck("hostile-deck-comments-lineup", "hostile-comments-only.yml",
     "deck: names a file of nothing but comments.")
deck("hostile-deck-tactics-lineup", "../../decks/tactics.yaml",
     "deck: names the tactics deck, a file of another kind.")
deck("hostile-deck-card-lineup", "../../units/shellshock/mason.yaml",
     "deck: names a Shellshock card, another game.")
deck("hostile-deck-template-lineup", "../../templates/ssg-battalion.yaml",
     "deck: names the battalion card template.")
deck("hostile-deck-dot-lineup", ".", "deck: . names a folder.")
deck("hostile-deck-absolute-lineup", "/nonexistent/hostile/battalions.yaml",
     "deck: an absolute path that does not exist.")
deck("hostile-deck-empty-string-lineup", "\"\"", "deck: \"\", an empty path.")
deck("hostile-deck-escape-lineup", "../../../../../../../../../../etc/passwd",
     "deck: climbs out of the tree to /etc/passwd, which must not be read\n"
     "and quoted.")
deck("hostile-deck-dev-zero-lineup", "/dev/zero",
     "deck: /dev/zero, a device that never ends: refused, not read.")
deck("hostile-deck-self-lineup", "hostile-deck-self-lineup.yaml",
     "deck: names the line-up itself.")
deck("hostile-deck-two-decks-lineup", "hostile-two-decks.yml",
     "deck: names a file holding two battalions decks.")
deck("hostile-deck-broken-lineup", "hostile-broken-deck.yml",
     "deck: names a battalions deck that has an error.")
deck("hostile-deck-list-lineup", "[../../decks/battalions.yaml]",
     "deck: a list of paths.")
deck("hostile-deck-url-lineup", "https://example.com/battalions.yaml",
     "deck: a URL.")


def units(name, value, comment):
    case(name, sub(FORCE, "../../units/shellshock/mason.yaml", value), comment=comment)


units("hostile-units-self-force", "hostile-units-self-force.yaml",
      "A force whose units name the force itself.")
units("hostile-units-mutual-force", "hostile-force-a.yml",
      "A force naming a force that names another that names the first.")
units("hostile-units-deck-force", "../../decks/battalions.yaml",
      "A force unit that is the battalions deck.")
units("hostile-units-template-force", "../../templates/shellshock-card.yaml",
      "A force unit that is the Shellshock card template.")
units("hostile-units-folder-force", "../../units/shellshock",
      "A force unit that is a folder of units.")
units("hostile-units-dev-null-force", "/dev/null",
      "A force unit that is /dev/null, a device.")
units("hostile-units-empty-string-force", "\"\"",
      "A force unit that is an empty path.")
units("hostile-units-shambattle-force", "../../units/shambattle/red.yaml",
      "A force unit that is a ShamBattle army.")
units("hostile-units-empty-file-force", "hostile-empty.yml",
      "A force unit that is an empty file.")
case("hostile-extends-missing-file-template",
     "template: hostile-missing\nextends: ./hostile-no-such-template.yaml\n",
     comment="extends: a template file that does not exist.  (A missing template\n"
     "*name* lists the folders searched, which depend on where muster is.)")
case("hostile-extends-self-template",
     "template: hostile-extends-self-template\nextends: ./hostile-extends-self-template.yaml\n",
     comment="A template that extends its own file.")
case("hostile-extends-cycle-template",
     "template: hostile-cycle\nextends: ./hostile-extends-a.yml\n",
     comment="extends: a template in a cycle of two files.")
case("hostile-extends-chain-template",
     "template: hostile-chain\nextends: ./hostile-chain-0.yml\n",
     comment="extends: a chain of eleven templates, past the limit.")
case("hostile-extends-unit-template",
     "template: hostile-unit\nextends: ../../units/shellshock/mason.yaml\n",
     comment="extends: a unit file, not a template.")
case("hostile-extends-dev-template",
     "template: hostile-dev\nextends: /dev/zero\n",
     comment="extends: /dev/zero.")
case("hostile-extends-empty-template",
     "template: hostile-empty\nextends: ./hostile-empty.yml\n",
     comment="extends: an empty file (named .yml).")

# ---------------------------------------------------------------- templates
def tmpl(name, kind, elements, comment, extra=""):
    case(name, TMPL[kind] + extra + "elements:\n" + elements, comment=comment)


tmpl("hostile-tmpl-widget-unknown-soldier", "soldier",
     "  - {name: qr, widget: qrcode, value: \"{name}\", at: [1mm, 1mm], size: [5mm, 5mm]}\n"
     "  - {name: blank, widget: \"\", at: [1mm, 1mm], size: [5mm, 5mm]}\n"
     "  - {name: upper, widget: Track, value: \"3\", at: [1mm, 1mm], size: [5mm, 5mm]}\n",
     "Widgets that do not exist: qrcode, an empty name, Track in capitals.")
tmpl("hostile-tmpl-widget-list-soldier", "soldier",
     "  - {name: listy, widget: [track], at: [1mm, 1mm], size: [5mm, 5mm]}\n",
     "A widget given as a list.")
tmpl("hostile-tmpl-track-range-soldier", "soldier",
     "  - {name: t0, widget: track, value: \"0\", at: [1mm, 1mm], size: [5mm, 5mm]}\n"
     "  - {name: t1001, widget: track, value: \"1001\", at: [1mm, 1mm], size: [5mm, 5mm]}\n"
     "  - {name: tneg, widget: track, value: \"-1\", at: [1mm, 1mm], size: [5mm, 5mm]}\n"
     "  - {name: tbig, widget: track, value: \"99999999999999999999\", at: [1mm, 1mm], size: [5mm, 5mm]}\n"
     "  - {name: tword, widget: track, value: ten, at: [1mm, 1mm], size: [5mm, 5mm]}\n",
     "track widget values out of range: 0, 1001, -1, past 64 bits, a word.")
tmpl("hostile-tmpl-sector-range-card", "card",
     "  - {name: s1, widget: sector, value: \"400,10\", at: [1mm, 1mm], size: [3mm, 3mm]}\n"
     "  - {name: s2, widget: sector, value: \"0,361\", at: [1mm, 1mm], size: [3mm, 3mm]}\n"
     "  - {name: s3, widget: sector, value: \"nan,nan\", at: [1mm, 1mm], size: [3mm, 3mm]}\n"
     "  - {name: s4, widget: sector, value: \"1e309,60\", at: [1mm, 1mm], size: [3mm, 3mm]}\n"
     "  - {name: s5, widget: sector, value: \",\", at: [1mm, 1mm], size: [3mm, 3mm]}\n"
     "  - {name: s6, widget: sector, value: \"0,60,90\", at: [1mm, 1mm], size: [3mm, 3mm]}\n",
     "sector widget values out of range or malformed: 400, 361, nan, 1e309,\n"
     "empty parts, three parts.")
tmpl("hostile-tmpl-nato-unknown-counter", "counter",
     "  - {name: symbol, value: \"infantry+dragon\"}\n"
     "  - {name: n2, widget: nato, value: \"+\", at: [1mm, 1mm], size: [5mm, 5mm]}\n"
     "  - {name: n3, widget: nato, value: \"infantry+infantry+infantry+infantry+infantry+infantry+infantry+infantry+infantry\", at: [1mm, 1mm], size: [5mm, 5mm]}\n",
     "nato widget values: an unknown part, only a '+', a part nine times.")
tmpl("hostile-tmpl-hex-values-card", "card",
     "  - {name: h1, widget: hex, value: \"1,2,3,4,5\", at: [1mm, 1mm], size: [8mm, 8mm]}\n"
     "  - {name: h2, widget: hex, value: \"1,2,3,4,5,6,7,8\", at: [1mm, 1mm], size: [8mm, 8mm]}\n"
     "  - {name: h3, widget: hex, value: \",,,,,\", at: [1mm, 1mm], size: [8mm, 8mm]}\n",
     "hex widget values with five, eight and six empty parts.")
tmpl("hostile-tmpl-field-unknown-battalion", "battalion",
     "  - {name: name, text: \"{attack.line} {name.} {.} {} {name}{{\"}\n"
     "  - {name: x, widget: nato, value: \"{natoo}\", at: [1mm, 1mm], size: [5mm, 5mm]}\n"
     "  - {name: y, text: \"{name}\", at: [1mm, 1mm], size: [5mm, 5mm], when: nonesuch, unless: \"{type}\"}\n",
     "Fields that do not exist, an empty field, a brace left open, when:\n"
     "and unless: naming no field.")
tmpl("hostile-tmpl-size-zero-card", "card", "  - {name: name, size: [0mm, 0mm]}\n",
     "A card of size 0 by 0 and an element of size 0.", extra="size: [0mm, 0mm]\nsizes: {a4: [0mm, 0mm]}\n")
tmpl("hostile-tmpl-size-negative-battalion", "battalion",
     "  - {name: name, size: [-54mm, 7.5mm], at: [-4.5mm, -5mm]}\n",
     "Negative sizes for the card and an element.", extra="size: [-63mm, 88mm]\n")
tmpl("hostile-tmpl-size-huge-soldier", "soldier",
     "  - {name: name, size: [1e6mm, 99999999999999999999mm]}\n",
     "Huge sizes: 1e9 mm, 1e20 mm, 1e309 in.", extra="size: [1e9mm, 1e309in]\n")
tmpl("hostile-tmpl-size-scalar-counter", "counter",
     "  - {name: name, size: 5mm, at: 1mm}\n",
     "size: and at: given as one length instead of two.", extra="size: 1in\n")
tmpl("hostile-tmpl-size-units-card", "card",
     "  - {name: name, size: [46mm, 5.48]}\n"
     "  - {name: side, size: [\"27.57 mm\", 2.93MM]}\n"
     "  - {name: era, size: [1e1mm, .5mm]}\n"
     "  - {name: gunners, size: [0x10mm, \"%10\"]}\n",
     "Lengths without a unit, with a space, in capitals, with an exponent,\n"
     "in hex, and a % before the number.")
tmpl("hostile-tmpl-fonts-list-card", "card",
     "  - {name: name, font: [bold, body]}\n",
     "fonts given as a list, a font's name a list, an element's font a list.",
     extra="fonts: [\"DejaVu Sans\", \"DejaVu Sans:bold\"]\n")
tmpl("hostile-tmpl-font-values-battalion", "battalion",
     "  - {name: name, font: nonesuch}\n",
     "fonts: a body that is a list, a bold that is empty, an element naming\n"
     "a font that is not in fonts:.",
     extra="fonts: {body: [DejaVu Sans], bold: \"\", \"\": x}\n")
tmpl("hostile-tmpl-font-names-battalion", "battalion",
     "  - {name: name, font: nonesuch}\n  - {name: type, font: \"\"}\n",
     "fonts: a bold that is empty, a third font with an empty name, elements\n"
     "naming fonts that are not in fonts: (one empty).",
     extra="fonts: {body: DejaVu Sans, bold: \"\", \"\": x}\n")
tmpl("hostile-tmpl-font-missing-soldier", "soldier",
     "  - {name: name, font: bold}\n",
     "A font no machine has, and a font name with a NUL and control\n"
     "characters.",
     extra="fonts: {body: \"No Such Font 9000\", bold: \"DejaVu\\e[31m Sans:bold:bold:italic\"}\n")
tmpl("hostile-tmpl-font-unknown-counter", "counter", "  - {name: name, font: bold}\n",
     "Fonts no machine has, one with a fontconfig pattern of odd styles:\n"
     "check accepts them (render warns).",
     extra="fonts: {body: \"No Such Font 9000\", bold: \"DejaVu Sans:bold:bold:italic:weight=9999\"}\n")
tmpl("hostile-tmpl-colour-malformed-soldier", "soldier",
     "  - {name: name, colour: \"#GGGGGG\"}\n"
     "  - {name: squad, colour: \"#fff\"}\n"
     "  - {name: quality, colour: \"rgb(1,2,3)\"}\n"
     "  - {name: toughness, colour: 0x123456}\n"
     "  - {name: prowess, colour: \"#1234567\"}\n"
     "  - {box: t.box, fill: \"#12 456\", stroke: \"\"}\n"
     "  - {box: a.box, fill: \"{side\", stroke: \"{nonesuch}\"}\n",
     "Malformed colours: #GGGGGG, #fff, rgb(), a number, seven digits,\n"
     "a space, empty, an open brace, an unknown field.")
tmpl("hostile-tmpl-colour-list-battalion", "battalion",
     "  - {name: name, colour: [1, 2, 3]}\n  - {box: frame, stroke: {r: 1}}\n",
     "Colours given as a list and a mapping.")
tmpl("hostile-tmpl-palette-shapes-counter", "counter", "  - {name: name, colour: \"{army}\"}\n",
     "palette: entries that are a list, a mapping, a bad colour, and an empty\n"
     "name.",
     extra="palette: {Blue: [1, 2], Red: {r: 1}, default: \"#zzzzzz\", \"\": \"#000000\"}\n")
tmpl("hostile-tmpl-table-zero-rows-card", "card",
     "  - {table: dv, rows: []}\n"
     "  - {table: new, at: [1mm, 1mm], rows: [], row_height: 1mm, columns: []}\n",
     "Tables with no rows and no columns.")
tmpl("hostile-tmpl-table-65-rows-card", "card",
     "  - {table: dv, rows: [" + ", ".join("r%d" % i for i in range(65)) + "]}\n",
     "A table of 65 rows.")
tmpl("hostile-tmpl-table-64-rows-card", "card",
     "  - {table: dv, rows: [" + ", ".join("r%d" % i for i in range(64)) + "], row_height: 0.1mm}\n",
     "A table of 64 rows, 0.1 mm each.")
tmpl("hostile-tmpl-table-row-height-battalion", "battalion",
     "  - {table: mod, row_height: 0mm}\n"
     "  - {table: t2, at: [1mm, 1mm], rows: [a], row_height: -1mm, columns: [{text: x, width: -5mm}]}\n",
     "Tables with row heights of 0 and below, a column of negative width.")
tmpl("hostile-tmpl-pt-range-soldier", "soldier",
     "  - {name: name, pt: 0}\n"
     "  - {name: squad, pt: -5}\n"
     "  - {name: quality, pt: 10000}\n"
     "  - {name: toughness, pt: 6, min_pt: 20}\n"
     "  - {name: awareness, leading: -1}\n",
     "Type sizes of 0, below 0, 10,000 pt, a minimum above the size, a\n"
     "negative leading.", extra="min_pt: -1\n")
tmpl("hostile-tmpl-at-outside-card", "card",
     "  - {name: name, at: [200%, -5mm]}\n"
     "  - {name: side, at: [1km, 1mm]}\n"
     "  - {line: new.line, at: [0, 0], to: [1e6mm, -1e6mm]}\n",
     "Positions off the card: 200 %, negative, kilometres, a line a\n"
     "kilometre long.")
tmpl("hostile-tmpl-two-types-battalion", "battalion",
     "  - {box: b2, text: \"x\", at: [1mm, 1mm], size: [5mm, 5mm]}\n"
     "  - {line: l2, table: t2, at: [1mm, 1mm], to: [2mm, 2mm]}\n"
     "  - {at: [1mm, 1mm], size: [5mm, 5mm]}\n",
     "Elements that are two types at once, and one that is no type.")
case("hostile-tmpl-name-empty-template",
     "template: \"\"\nextends: shellshock-card\n",
     comment="template: \"\", an empty name.")
case("hostile-tmpl-name-path-template",
     "template: ../../etc/passwd\nextends: shellshock-card\n",
     comment="template: a name that is a path climbing out.")
case("hostile-tmpl-renders-unknown-template",
     "template: hostile-r1\nrenders: nonesuch.card\nsize: [1in, 1in]\nelements: []\n",
     comment="renders: a record type that does not exist.")
case("hostile-tmpl-renders-lineup-template",
     "template: hostile-r2\nrenders: {system: ssg, kind: lineup}\nsize: [1in, 1in]\nelements: []\n",
     comment="renders: the line-up, a kind that prints nothing.")
case("hostile-tmpl-renders-product-template",
     "template: hostile-r3\nrenders: {system: ssg, kind: battalions, product: roster}\nsize: [1in, 1in]\nelements: []\n",
     comment="renders: a product the kind does not have.")
tmpl("hostile-tmpl-many-elements-card", "card",
     "".join("  - {box: b%d}\n" % i for i in range(2001)),
     "2,001 elements, one past the limit.")
tmpl("hostile-tmpl-brace-text-soldier", "soldier",
     "  - {name: name, text: \"{{{{name}}}}}\"}\n"
     "  - {name: squad, text: \"}{\"}\n"
     "  - {name: quality, text: \"{name}" + "{name}" * 400 + "\"}\n",
     "Text with unbalanced and doubled braces, and 401 fields in one text.")
tmpl("hostile-tmpl-remove-all-counter", "counter",
     "".join("  - {name: %s, remove: true}\n" % n for n in
             ["bonus", "base", "name", "sp", "sp.label", "dice", "dice.label", "move", "move.label", "range"])
     + "  - {box: background, remove: yes}\n  - {widget: nato, name: symbol, remove: \"true\"}\n"
     + "  - {name: nonesuch, remove: true}\n",
     "Every element removed, remove: given as yes and as \"true\", and a\n"
     "removal of an element that does not exist.")

# ----------------------------------------------------------------- render
RENDER = "render --paper a4 -o %/out.pdf @"
case("hostile-render-emoji-card",
     sub(CARD, "name: Mason", "name: \"Mason \U0001F600\""), args=RENDER,
     comment="Render a card whose name holds U+1F600, outside the BMP.")
case("hostile-render-cjk-shock",
     sub(SHOCK, "name: Reyes", "name: \"Reyes \u5c71\u7530\""), args=RENDER,
     comment="Render a soldier whose name holds CJK characters.")
case("hostile-render-2000-reference",
     sub(REF, "  - \"Deal each", "  - \"" + ("Hold the line. " * 134)[:2000] + "\"\n  - \"Deal each"),
     args=RENDER, comment="Render a reference card with a setup line of 2,000 characters.")
case("hostile-render-2000-tactics",
     "system: ssg\nkind: tactics\nname: Tactics deck\ncards:\n"
     "  - name: Long Special\n    category: special\n    text: \""
     + ("Rally the men. " * 134)[:2000] + "\"\n",
     args=RENDER, comment="Render a special tactics card whose text is 2,000 characters.")
case("hostile-render-newline-name-battalions",
     sub(BATT, "name: Sappers", "name: \"Sappers\\nand\\nMiners\\n\\n\\n\""), args=RENDER,
     comment="Render a battalion whose name holds newlines.")
case("hostile-render-rlo-specialties",
     sub(SPEC, "name: March Drill", "name: \"March \\u202eDrill\\u202c\""), args=RENDER,
     comment="Render a specialty named with a right-to-left override.")
case("hostile-render-cr-name-sheet",
     sub(SHEET, "name: Stalker Walker", "name: \"Stalker\\rWalker\""), args=RENDER,
     comment="Render a record sheet whose name holds a carriage return.")
case("hostile-render-combining-shambattle",
     sub(SHAM, "name: General Rot", "name: \"G" + "\u0301" * 99 + "\"")
     .replace("Pioneers, General Rot", "Pioneers, \"G" + "\u0301" * 99 + "\""),
     args=RENDER, comment="Render a general named one letter and 99 combining accents.")
case("hostile-render-nul-name-card",
     sub(CARD, "name: Mason", "name: \"Mason\\0Hidden\""), args=RENDER,
     comment="Render a card whose name holds an escaped NUL.")
case("hostile-render-long-names-shock",
     sub(SHOCK, "name: Reyes", "name: " + "W" * 100).replace(
         "{name: M4 carbine, class: III}", "{name: " + "W" * 100 + ", class: III}"),
     args=RENDER, comment="Render a soldier whose name and weapon are 100 W's each.")
case("hostile-render-lineup", LINEUP, args="render --paper a4 -o /dev/null/hostile.pdf @",
     comment="Render a line-up, which prints nothing (to a path that cannot be\n"
     "written, so that nothing can be left behind).")
case("hostile-render-tab-name-shock",
     sub(SHOCK, "name: Reyes", "name: \"Reyes\\tJr.\""), args=RENDER,
     comment="Render a soldier whose name holds a tab, which check accepts.")
case("hostile-render-emoji-template",
     sub(CARD, "name: Mason", "name: \"Mason \U0001F600\""),
     args="render --paper a4 -o %/out.pdf --template ./hostile-emoji.tmpl @",
     comment="Render with a template whose own text holds emoji and control-free\n"
     "outside-BMP characters.")
aux("hostile-emoji.tmpl", "template: hostile-emoji\nextends: shellshock-card\n"
    "elements:\n  - {name: era, text: \"\U0001F680 {era} \U0001F4A5\"}\n")

case("hostile-shape-name-map-shambattle",
     sub(SHAM, "{name: Red Lancers, type: cavalry}", "{name: {first: Red, last: Lancers}, type: cavalry}"),
     comment="A unit's name given as a mapping (first and last).")
case("hostile-sequence-document-shock",
     "- " + SHOCK.replace("\n", "\n  ").rstrip() + "\n- " + SHOCK.replace("Alpha", "Bravo").replace("\n", "\n  ").rstrip() + "\n",
     comment="Two squads written as a list in one document, not as two documents.")

# Render through hostile templates (files named .tmpl, not cases themselves).
def render_tmpl(name, base, tmpl_text, comment):
    aux(name + ".tmpl", tmpl_text)
    case(name, base, args="render --paper a4 -o %/out.pdf --template ./" + name + ".tmpl @",
         comment=comment)


render_tmpl("hostile-render-tiny-card", CARD,
            "template: hostile-tiny\nextends: shellshock-card\nsize: [0.5in, 0.5in]\nsizes: {a4: [0.5in, 0.5in]}\n",
            "Render a card through a template that shrinks it to half an inch\n"
            "square, the smallest card there is: every text must be fitted.")
render_tmpl("hostile-render-huge-card", SHOCK,
            "template: hostile-huge\nextends: shock-soldier\nsize: [27in, 27in]\nsizes: {a4: [27in, 27in]}\n",
            "Render soldiers on a card of 27 in square, the largest a template\n"
            "may give: it fits no paper.")
render_tmpl("hostile-render-track-1000", SHOCK,
            "template: hostile-track\nextends: shock-soldier\nelements:\n"
            "  - {name: wounds.boxes, value: \"1000\", size: [2mm, 1mm]}\n",
            "Render soldiers with a wound track of 1,000 boxes in a 2 x 1 mm box.")
render_tmpl("hostile-render-offcard-battalions", BATT,
            "template: hostile-off\nextends: ssg-battalion\nelements:\n"
            "  - {name: name, at: [200%, -50mm]}\n"
            "  - {line: mods.rule, to: [-100%, 300%]}\n"
            "  - {widget: nato, name: symbol, at: [-10mm, -10mm], size: [100%, 100%]}\n",
            "Render battalions with the name, a rule and the symbol placed off the\n"
            "card.")
render_tmpl("hostile-render-rows-counter", SHAM,
            "template: hostile-rows\nextends: shambattle-counter\nelements:\n"
            "  - table: extra\n    at: [0, 0]\n    rows: [r0, r1, r2]\n"
            "    row_height: 0.01mm\n    columns: [{text: \"{name} $\", width: 1mm, pt: 1}]\n",
            "Render counters with a table of 3 rows of 0.01 mm, one column of\n"
            "1 mm at 1 pt.")

NEG_TMPL = ("template: hostile-neg\nextends: shock-soldier\nelements:\n"
            "  - {name: name, size: [-5mm, -5mm]}\n"
            "  - {box: t.box, size: [-10mm, -10mm], radius: 50mm}\n"
            "  - {name: wounds.boxes, size: [-54mm, 5mm]}\n")
case("hostile-tmpl-negative-element-soldier", NEG_TMPL,
     comment="Elements of negative size: a text box, a box with a radius larger\n"
     "than itself, a track.")
render_tmpl("hostile-render-negative-size-shock", SHOCK, NEG_TMPL,
            "Render soldiers through a template whose elements have negative sizes.")
render_tmpl("hostile-render-cells-tiny-card", CARD,
            "template: hostile-cells\nextends: shellshock-card\nelements:\n"
            "  - {name: internal.range, size: [0.01mm, 0.01mm], direction: down}\n"
            "  - {name: h, widget: hex, value: \"{name},{name},{name},{name},{name},{name},{name}\", at: [4mm, 4mm], size: [0.1mm, 0.1mm]}\n",
            "Render a card whose internal damage cells get a box of 0.01 mm and a\n"
            "hex of 0.1 mm with the name on every side.")
case("hostile-render-template-as-input",
     TMPL["card"] + "elements:\n  - {name: name, pt: 9}\n", args=RENDER,
     comment="A template file given to render as an input, not with --template.")

case("hostile-crew-no-ecv-sheet",
     sub(SHEET, ", ecv: 6, name: Sgt. Emeka Okafor", ", name: Sgt. Emeka Okafor"),
     comment="A crewman without ecv, which muster(1) calls optional (\"role, id,\n"
     "skill, optional ecv and name\").")


# ================================================================ writing
def clean():
    for f in glob.glob(BAD + "/hostile-*"):
        os.unlink(f)


def run(name, args, binary, scratch, timed=False):
    if args is None:
        argv = ["check", name + ".yaml"]
    else:
        argv = args.replace("@", name + ".yaml").replace("%", scratch).split()
    env = dict(os.environ, MUSTER_TEMPLATES="../../templates",
               MUSTER_DECKS="../../decks", MUSTER_UNITS="../../units")
    env.pop("ASAN_OPTIONS", None)
    cmd = [binary] + argv
    if timed:
        cmd = ["/usr/bin/time", "-f", "TIME %e %M", "-o", scratch + "/time"] + cmd
    p = subprocess.run(cmd, cwd=BAD, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=60)
    return p.returncode, p.stderr


def main():
    clean()
    if "--clean" in sys.argv:
        return
    names = [c[0] for c in CASES]
    assert len(names) == len(set(names)), "duplicate case names"
    for fn, data in AUX:
        open(os.path.join(BAD, fn), "wb").write(data)
    for fn, target in LINKS:
        os.symlink(target, os.path.join(BAD, fn))
    for name, data, args in CASES:
        open(os.path.join(BAD, name + ".yaml"), "wb").write(data)
        if args is not None:
            open(os.path.join(BAD, name + ".args"), "w").write(args + "\n")
    # The link cases that are cases themselves.
    every = [(n, a) for n, _, a in CASES] + [
        (fn[:-5], None) for fn, _ in LINKS if fn.endswith(".yaml")]
    scratch = tempfile.mkdtemp()
    audit = "--audit" in sys.argv
    problems = []
    for name, args in every:
        rc, err = run(name, args, MUSTER, scratch)
        # A whole list of systems or record types is written as muster
        # lists them, @SYSTEMS@ or @TYPES@ (bad.sh expands them).
        open(os.path.join(BAD, name + ".expected"), "wb").write(
            lists.golden(MUSTER, err))
        if rc != 1:
            open(os.path.join(BAD, name + ".status"), "w").write("%d\n" % rc)
        line = "%-48s %d %s" % (name, rc, err.decode("utf-8", "replace")
                                .split("\n")[0][:150])
        if audit:
            rc2, _ = run(name, args, MUSTER, scratch, timed=True)
            t = open(scratch + "/time").read().split()
            secs, kb = float(t[-2]), int(t[-1])
            rc3, err3 = run(name, args, ASAN, scratch)
            if secs > 0.5 or kb > 100000:
                problems.append("%s: %.2f s %d KB" % (name, secs, kb))
            if rc3 != rc or err3 != err:
                problems.append("%s: asan exit %d, stderr differs:\n%s" % (
                    name, rc3, err3.decode("utf-8", "replace")[:3000]))
            line = "%5.2fs %6dKB " % (secs, kb) + line
        print(line)
        for f in glob.glob(scratch + "/*"):
            os.unlink(f)
    os.rmdir(scratch)
    print("%d cases" % len(every))
    for p in problems:
        print("PROBLEM", p)


if __name__ == "__main__":
    main()
