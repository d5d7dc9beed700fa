#!/usr/bin/env python3
"""duel.py A.yaml B.yaml [RUNS [SEED]] -- a second Shellshock duel, written
from the rules document (000_aa283e32b68e0840.txt) and the man page's
COMBAT VALUE section, not from muster's C, to check `muster value --duel`
by.  It rolls real dice (random.Random), where muster samples the exact
roll distribution by quantile.

Only for cards that neither move nor turn to advantage: the field stops
them (speed 0: max speed under the mean cost of the field, half open
ground at 1 and the rest at 20), every weapon is on a full pivot, and
armor and dV are the same on every facing; they stay face to face at the
starting range.  No spread fire.  A unit that has not lost its mobility
stands and turns ("If you decide to declare that the unit is not
'moving' you have the ability to turn the unit and face any direction
you choose") to show the facing with the most armor left: its weapons
bear anyway and its dV are the same all round (ties: the facing it
shows, then front, left, rear, right, as muster weighs them).  Prints one JSON object: A's share (wins
and half of the rest) and its standard error over the four starts."""
import json
import math
import random
import sys

import yaml

STARTS = [5, 15, 25, 35]      # one in each band of the range modifier
TURNS = 50                    # then a draw
ROWS = "EMBIS"
# The internal box chart (SPEC 6): 1 s, 2 m, 3 p, 4 F, 5 A, 6 C.
CHART = {1: "s", 2: "m", 3: "p", 4: "F", 5: "A", 6: "C"}


def card(path):
    d = yaml.safe_load(open(path, encoding="utf-8"))
    die = int(d["gunnery"].split("+")[0][1:])
    skill = int(d["gunnery"].split("+")[1]) if "+" in d["gunnery"] else 0
    for w in d["weapons"]:
        assert w["arc"] == "pivot3" and not w.get("spread"), path
    assert all(d["defense"][r][0] == d["defense"][r][1] for r in ROWS), path
    return {"name": d["name"], "die": die, "skill": skill,
            "gunners": d["gunners"], "dv": {r: d["defense"][r][0] for r in ROWS},
            "weapons": [(w["row"], w["damage"], w["class"]) for w in d["weapons"]],
            "armor": dict(d["armor"]), "bands": d["internal"], "dead": d["dead"]}


def explode(rng, sides):
    """A die whose 10s add 10 and roll again ("Add and re-roll tens")."""
    first = rng.randint(1, sides)
    total, face = first, first
    while face == 10:
        face = rng.randint(1, sides)
        total += face
    return first, total


class Side:
    def __init__(self, c):
        self.c = c
        self.armor = dict(c["armor"])
        self.facing = "front"
        self.mobile, self.no_move_next = True, False
        self.internal = 0
        self.dead = False
        self.lost = set()          # classes of weapons destroyed
        self.can_fire = True
        self.lose_next, self.no_fire_next = set(), False

    def weapons(self):
        if not self.can_fire:
            return []
        return [w for w in self.c["weapons"] if w[2] not in self.lost]


def groups(att, tgt, rng_mod):
    """The man page's rule: sorted by the roll needed, cut into as many
    groups as there are gunners (fewer when fewer weapons), the easiest
    together, the first groups the larger."""
    ws = sorted(att.weapons(), key=lambda w: tgt.c["dv"][w[0]] - att.c["skill"] - rng_mod)
    n = min(len(ws), att.c["gunners"])
    out, first = [], 0
    for k in range(n):
        size = -(-(len(ws) - first) // (n - k))
        out.append(ws[first:first + size])
        first += size
    return out


def fire(rng, att, tgt, group, rng_mod):
    """One gunner's roll: the damage it puts on the target's armor."""
    h_first, h = explode(rng, 10)
    t_first, t = explode(rng, att.c["die"])
    if h_first + t_first in (2, 3):      # "Even Rambo Misses sometimes"
        return 0
    lucky = h_first == 10 and t_first == 10
    total = h + t + att.c["skill"] + rng_mod
    dmg = sum(w[1] for w in group if lucky or total >= tgt.c["dv"][w[0]])
    if dmg and rng.randint(1, 2) == 1:   # heads: double
        dmg *= 2
    return dmg


def turn(side):
    if not side.mobile:
        return
    best = side.facing
    for f in ("front", "left", "rear", "right"):
        if side.armor[f] > side.armor[best]:
            best = f
    side.facing = best


def take(rng, tgt, dmg):
    f = tgt.facing
    if dmg <= tgt.armor[f]:
        tgt.armor[f] -= dmg
        return
    inside = dmg - tgt.armor[f]
    tgt.armor[f] = 0
    tgt.internal += inside
    if tgt.internal >= tgt.c["dead"]:
        tgt.dead = True
        return
    boxes = sum(1 for lo, _ in tgt.c["bands"] if inside >= lo)
    if boxes == 0:
        return
    roll = rng.randint(1, 6)
    for i in range(boxes):
        hit = CHART[(roll - 1 + i) % 6 + 1]
        if hit in "sp":
            tgt.lose_next.add(hit)
        if hit == "A":
            tgt.no_fire_next = True
        if hit in "mF":
            tgt.no_move_next = True
        if hit == "C":
            tgt.dead = True
        if hit in "FA" and rng.randint(1, 10) > rng.randint(1, 10):
            tgt.dead = True


def duel(rng, a, b, start):
    x, y = Side(a), Side(b)
    rng_mod = -(start // 10)
    for _ in range(TURNS):
        turn(x)
        turn(y)
        gx, gy = groups(x, y, rng_mod), groups(y, x, rng_mod)
        dx = [fire(rng, x, y, g, rng_mod) for g in gx]
        dy = [fire(rng, y, x, g, rng_mod) for g in gy]
        for d in dx:
            take(rng, y, d)
        for d in dy:
            take(rng, x, d)
        if x.dead or y.dead:
            break
        for s in (x, y):
            s.lost |= s.lose_next
            s.can_fire = s.can_fire and not s.no_fire_next
            s.mobile = s.mobile and not s.no_move_next
        if not x.weapons() and not y.weapons():
            break
    if x.dead and y.dead:
        return 0.5
    return 1.0 if y.dead else 0.0 if x.dead else 0.5


def main():
    a, b = card(sys.argv[1]), card(sys.argv[2])
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 4000
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    share, var = 0.0, 0.0
    for start in STARTS:
        xs = [duel(rng, a, b, start) for _ in range(runs)]
        m = sum(xs) / runs
        share += m / len(STARTS)
        var += (sum(v * v for v in xs) / runs - m * m) / runs
    print(json.dumps({"a": a["name"], "b": b["name"], "share": share,
                      "se": math.sqrt(var) / len(STARTS)}))


if __name__ == "__main__":
    main()
