#!/usr/bin/python3
"""tts_check.py FILE.json [CARDS] -- a Tabletop Simulator saved object as
render --format tts writes it (SPEC 4), held to the structure the game's
modding documentation gives for a save file's ObjectStates: one
"DeckCustom" with a Nickname, a Transform, DeckIDs, a CustomDeck whose
keys are the decks' numbers, each with FaceURL and BackURL (file:///
URIs of PNG files that exist), NumWidth, NumHeight and BackIsHidden,
and ContainedObjects, each a "Card" with a Nickname, a Description and
the CardID DeckIDs gives at its place: the deck's key times 100 plus a
cell of its sheet, never the sheet's last (the back's).  Given CARDS,
the deck holds that many.  Exits 1 saying what is wrong."""
import json
import os
import re
import sys
import urllib.parse


def fail(msg):
    print("tts_check: %s: %s" % (sys.argv[1], msg))
    sys.exit(1)


def png_at(uri, what):
    if not uri.startswith("file:///"):
        fail("%s '%s' is not a file:/// URI" % (what, uri))
    path = urllib.parse.unquote(uri[len("file://"):])
    if not os.path.isfile(path):
        fail("%s '%s' names no file" % (what, uri))
    with open(path, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            fail("%s '%s' is not a PNG" % (what, uri))


def main():
    try:
        d = json.load(open(sys.argv[1], encoding="utf-8"))
    except ValueError as e:
        fail("not JSON: %s" % e)
    objs = d.get("ObjectStates")
    if not isinstance(objs, list) or len(objs) != 1:
        fail("ObjectStates is not a list of one object")
    deck = objs[0]
    if deck.get("Name") != "DeckCustom":
        fail("ObjectStates[0].Name is %r, not DeckCustom" % deck.get("Name"))
    for key, kind in (("Nickname", str), ("Transform", dict),
                      ("DeckIDs", list), ("CustomDeck", dict),
                      ("ContainedObjects", list), ("GUID", str)):
        if not isinstance(deck.get(key), kind):
            fail("the deck has no %s (%s)" % (key, kind.__name__))
    for k in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ",
              "scaleX", "scaleY", "scaleZ"):
        if not isinstance(deck["Transform"].get(k), (int, float)):
            fail("the deck's Transform lacks %s" % k)
    cells = {}
    for key, cd in deck["CustomDeck"].items():
        if not re.fullmatch(r"[1-9][0-9]*", key):
            fail("CustomDeck key %r is not a deck number" % key)
        for k in ("FaceURL", "BackURL"):
            if not isinstance(cd.get(k), str):
                fail("CustomDeck %s has no %s" % (key, k))
            png_at(cd[k], "CustomDeck %s %s" % (key, k))
        w, h = cd.get("NumWidth"), cd.get("NumHeight")
        if not (isinstance(w, int) and isinstance(h, int) and
                1 <= w <= 10 and 1 <= h <= 7):
            fail("CustomDeck %s is %r x %r cells, not up to 10 x 7" %
                 (key, w, h))
        if cd.get("BackIsHidden") is not True:
            fail("CustomDeck %s does not hide its back" % key)
        cells[int(key)] = w * h
    ids = deck["DeckIDs"]
    cards = deck["ContainedObjects"]
    if len(ids) != len(cards) or not cards:
        fail("%d DeckIDs for %d cards" % (len(ids), len(cards)))
    if len(sys.argv) > 2 and len(cards) != int(sys.argv[2]):
        fail("%d cards, want %s" % (len(cards), sys.argv[2]))
    guids = {deck["GUID"]}
    for i, (cid, c) in enumerate(zip(ids, cards)):
        if c.get("Name") != "Card":
            fail("card %d is a %r, not a Card" % (i + 1, c.get("Name")))
        if not isinstance(c.get("Nickname"), str) or not c["Nickname"]:
            fail("card %d has no Nickname" % (i + 1))
        if not isinstance(c.get("Description"), str):
            fail("card %d has no Description" % (i + 1))
        if c.get("CardID") != cid:
            fail("card %d's CardID %r is not DeckIDs' %r" %
                 (i + 1, c.get("CardID"), cid))
        key, cell = divmod(cid, 100)
        if key not in cells or cell >= cells[key] - 1:
            fail("card %d's CardID %d is no card's cell of a deck" %
                 (i + 1, cid))
        if str(key) not in c.get("CustomDeck", {}):
            fail("card %d does not carry its deck %d" % (i + 1, key))
        g = c.get("GUID")
        if not isinstance(g, str) or not re.fullmatch(r"[0-9a-f]{6}", g) \
                or g in guids:
            fail("card %d's GUID %r is not six hex digits of its own" %
                 (i + 1, g))
        guids.add(g)
    print("%d cards on %d sheet%s" % (len(cards), len(cells),
                                      "" if len(cells) == 1 else "s"))


main()
