#!/usr/bin/env python3
"""sheet_duel.py -- a duel of two Shellshock record sheets under the
advanced rules (003_1dddfc23c27b38e7.txt; SPEC section 6 for the project's
readings), written from the rules document, not from muster's C, to judge
`muster value`'s sheet estimate by.  Real dice from random.Random, seeded.

  sheet_duel.py A.yaml B.yaml [--runs N] [--seed S] [--static] [--noturn]
      A's share (wins and half of the draws) from each starting range and
      over all four, with its standard error, as one JSON object.
  sheet_duel.py --pairs DIR [--runs N] [--seed S] [--limit K] [--static]
                [--noturn]
      every pair of DIR/pairs.tsv (written by test_shellshock_sheetvalue
      with SSV_DUMP=DIR): this duel's share beside the C judge's
      ("judged", from its "runs" a start) and the value's prediction;
      prints the proof's figures by both judges and how far they agree
      (z = difference over the combined standard error); exit 1 when
      they do not agree within noise (rms z above 1.5 or a |z| above 5).

The duel (readings marked *, where the document leaves a choice):
* Starts 6, 18, 30 and 42 in apart (one in each of the first four bands
  of -1 per full 12 in; SPEC 5.1's four starting ranges), each unit's
  front to the other.  50 turns, then a draw.
* A turn: movement, then every gunner of both fires, then the aftermath
  (003: "none of the damage ... takes place until now"): a unit
  destroyed this turn has still fired.
* Movement* (003's Initiative Phase: the side moving first is the worse
  chit; here a coin): the loser of the coin moves, then the winner.
  Each heads for its best range: the one of 1..60 in where its expected
  dice landed a turn (damage, shock and penetration d6s times the chance
  each weapon hits, against the dV column the enemy shows) over the
  enemy's armor left at the angle it shows plus dead, less the enemy's
  over its own, is highest (ties: the nearest to where it is, then the
  nearer range).  Speed: the top speed off the road over the field's
  cost, half open ground and half the mean of its other terrains* (SPEC
  5.1's field), less locomotion damage; immobile, none.  --static:
  nobody moves.
* Turning (003 "Turn Number & Slip Indicator", "Free Facing", "Reaction
  Phase", "Firing Arc"): a unit's bearing is the enemy's direction from
  its front, clockwise, in hex facings of 60 degrees; it is the angle
  the enemy's fire comes in at (penetration by the angle, armor by its
  section, the dV's front/back column for front and rear, else the
  sides').  Both start at 0.  At speed v a unit may turn v // T(v)
  facings (T its Turn Number at v: it must move T hexes before each
  change of facing, and turning costs no movement point) plus its free
  facings; immobile, none; no slip rolls are tried.  It weighs each
  bearing it can turn to (the fewest facings first, clockwise before
  counter-clockwise): moving towards its best range as far as it goes
  at that bearing* (the miniatures' 60-degree reading on the one line
  between them: forward changes the range by the inches moved times
  cos(60 a), rounded down; reverse the other way at its multiplier),
  the share of the enemy a turn of its bearing weapons takes, less the
  share of it a turn of all the enemy's takes at that bearing, is
  highest (the first on a tie within 1e-12).  A weapon's share: its
  chance to hit times its damage d6s' mean over the armor left at that
  angle plus dead, plus the means of its shock past the threshold and
  its penetration past the angle's factor over dead, as if it were
  fired alone*.  Arcs: the Body's (or Torso's) weapons are fixed and
  fire at bearing 0 only; turrets and arms turn with the hull and pivot
  back one facing after the move ("up to one hex facing"), firing when
  on the enemy.  --noturn: fronts to each other all fight (the judge
  before).
* The gunners: every crewman who controls a fire system fires the
  weapons of his systems that name him an operator (003: "only be
  controlled by a single gunner"), not physical ones, those within their
  range (miles of 120 hexes, 003: "one mile = 120 hexes") and with
  ammunition left (a weapon's `ammo`, when given, one round a turn); one
  roll each ("One Gunner, One Roll").  Spread fire* (003: each spread d6
  is added to the roll and takes one d6 of damage, shock and penetration
  from every weapon fired; only weapons that can spread): each gunner
  fires all its weapons, or those that can spread with 1 to 6 spread d6,
  whichever lands the most d6s (damage, shock and penetration, times each
  weapon's chance to hit) expected; on a tie the fewest spread d6.
* The roll (003, SPEC 6): the sheet's dice; a d10 showing 10 adds the
  re-roll, again on each 10; the first re-roll of a d10 showing 10 again
  doubles damage, shock and penetration; natural 2, 3 and 4 miss; a
  natural 20 (2d10 both 10) hits with every weapon and doubles, and the
  dice are rolled again: a second natural 20 destroys.  Skill is added,
  1 taken off per full 12 in; a weapon hits when the total reaches its
  dV row (front/back or sides by the angle the target shows), halved
  (rounded down) at point blank (1 in) but for M and P; an immobile
  unit's every dV is 5 ("Any roll of 5 or more automatically hits"),
  halved as any at point blank*.
* Damage (003 "Damage Resolution"): the d6s of every weapon that hit are
  totalled for the gunner; damage past the section's armor (which falls
  by it), shock past the threshold and penetration past the angle's
  factor are internal.  dead or more: destroyed.  Under the first box's
  min: a core hit, one line; else the highest box reached: percent + 1
  lines (the free 1 %), each piece of equipment on them taking the box's
  hits.  The lines run up from a d100, skipping lines already crossed
  off, wrapping from 100 to 1.  Equipment is destroyed at its hits or
  when every line of its letter is crossed off (its hits add up shot
  after shot: "the Engine only has one hit left").  Locomotion lines are
  never crossed off; each hit on them rolls the Locomotion Damage Chart
  (1d10 row, 1d6 column): rows 1-8 less top speed, X immobile, the rest
  (acceleration, deceleration, SLIP, TURN, MSRP) change nothing in a
  straight-line duel.  Fuel or ammunition (not a rail gun's) on the
  lines: a d10 roll-off each, the attacker's higher destroys.
* Chart effects, from the aftermath on*: a weapon whose equipment (the
  item of the same name, letter case aside) is destroyed fires no more;
  an engine destroyed immobilises; every line crossed off (everything
  destroyed) destroys.
* The end: destroyed (dead box, explosion, second natural 20, every
  line crossed off); both at once or neither after 50 turns, or neither
  able to fire again: a draw.

Left out, as muster's judge leaves them: physical attacks, ramming,
dodging, hull down, indirect fire (its spotting and its
12-hex minimum range), missiles fired one at a time, kreigs and
batteries, line of sight, acceleration limits, drifting, slip rolls,
moving off the line between them.
"""
import bisect
import json
import math
import os
import random
import sys

import yaml

import adv_model

STARTS = [6, 18, 30, 42]
TURNS = 50
FIELD = 60          # in: the range never opens past it
STEP = 12           # -1 to the roll per full 12 in
POINT_BLANK = 1     # adjacent
HEXES_PER_MILE = 120
ROWS = ["B", "M", "E", "I", "SA", "P"]
# The six angles clockwise from the front (003: "6 angles for
# Penetration"), the armor section each hits ("4 Angles for armor").
ANGLES = ["front", "front_right", "rear_right", "rear", "rear_left",
          "front_left"]
SECTION = ["front", "right", "right", "rear", "left", "left"]
BODY = ("body", "torso")    # 003: the body's fire system; SPEC 6: a torso
PIVOT = 1                   # 003 Reaction Phase: "up to one hex facing"
# cos(60 a) in halves: how a move forward at bearing a changes the range
CLOSE = [2, 1, -1, -2, -1, 1]


def is_boom(name):
    n = name.lower()
    return ("fuel" in n or "ammunition" in n or "ammo" in n) and "rail" not in n


class Sheet:
    def __init__(self, d):
        self.name = d["name"]
        self.dice = d["to_hit"]
        crew = {c["id"]: c["skill"] for c in d["crew"]}
        ctl = {s["name"]: s["controller"] for s in d["fire_systems"]}
        self.equip = {e["letter"]: e for e in d["equipment"]}
        byname = {e["name"].lower(): e["letter"] for e in d["equipment"]}
        self.gunners = []
        for c in d["crew"]:
            ws = []
            for w in d["weapons"]:
                if w["dvt"] == "P" or ctl.get(w["system"]) != c["id"] \
                        or c["id"] not in w["operators"]:
                    continue
                ws.append({"name": w["name"], "row": w["dvt"], "dam": w["dam"],
                           "body": w["system"].lower() in BODY,
                           "sh": w["sh"], "pen": w["pen"],
                           "reach": w["range"] * HEXES_PER_MILE if w["range"] else 1e9,
                           "ammo": w.get("ammo") or 0,
                           "spread": bool(w.get("spread")),
                           "letter": byname.get(w["name"].lower())})
            if ws:
                self.gunners.append((crew[c["id"]], ws))
        self.dv = {r: d["defense"][r] for r in ROWS if r in d["defense"]}
        self.armor = dict(d["armor"])
        self.shock = d["shock_threshold"]
        self.pen = dict(d["penetration"])
        self.boxes = d["internal_percent"]
        self.dead = d["dead"]
        self.letter_of = {}
        for row in d["internal_chart"]:
            for ln in range(row["from"], row["to"] + 1):
                self.letter_of[ln] = row["letter"]
        self.lines_of = {}
        for ln, let in self.letter_of.items():
            self.lines_of.setdefault(let, []).append(ln)
        self.loco_chart = d["locomotion_chart"]
        mv = d["movement"]
        top = max([s["speed"] for s in mv["speeds"] if not s.get("road")] or [0])
        terr = {k: v for k, v in mv["terrain"].items() if v and v >= 1}
        openc = terr.get("open", 1)
        others = [v for k, v in terr.items() if k != "open"]
        cost = 0.5 * openc + 0.5 * sum(others) / len(others) if others else openc
        self.speed = int(top / cost) if cost > 0 else 0
        self.reverse = mv["multipliers"].get("reverse", 0)
        self.rows = sorted((s["speed"], s["turn"]) for s in mv["speeds"]
                           if not s.get("road") and s["turn"] >= 1)
        self.free = mv.get("free_facing") or 0

    def facings(self, v):
        """Hex facings it may turn in a turn at speed v: v over the
        Turn Number of its row (the largest speed at or under v), plus
        its free facings."""
        t = 0
        for sp, tn in self.rows:
            if sp <= v:
                t = tn
        return (v // t if v > 0 and t > 0 else 0) + self.free


def load(path):
    with open(path, encoding="utf-8") as f:
        return Sheet(yaml.safe_load(f))


# ---- dice ----

_ND6 = {}


def nd6(rng, n):
    """the sum of n d6, drawn from its exact distribution."""
    if n <= 0:
        return 0
    if n > 12:
        return nd6(rng, n // 2) + nd6(rng, n - n // 2)
    cum = _ND6.get(n)
    if cum is None:
        dist = adv_model.nd6(n)
        keys = sorted(dist)
        acc, c = 0.0, []
        for k in keys:
            acc += float(dist[k])
            c.append(acc)
        cum = _ND6[n] = (keys, c)
    keys, c = cum
    i = bisect.bisect_left(c, rng.random() * c[-1])
    return keys[min(i, len(keys) - 1)]


def d10(rng):
    """(first face, total, doubled): a 10 adds the re-roll, again and
    again; the first re-roll showing 10 doubles."""
    first = rng.randint(1, 10)
    total, doubled = first, False
    if first == 10:
        r = rng.randint(1, 10)
        total += r
        doubled = r == 10
        while r == 10:
            r = rng.randint(1, 10)
            total += r
    return first, total, doubled


def roll(rng, dice):
    """(natural, total, doubled, natural 20)."""
    f1, t1, x1 = d10(rng)
    if dice == "2d10":
        f2 = rng.randint(1, 10)
        if f1 == 10 and f2 == 10:
            return 20, 0, True, True
        if f2 == 10:
            r = rng.randint(1, 10)
            t2, x2 = 10 + r, r == 10
            while r == 10:
                r = rng.randint(1, 10)
                t2 += r
        else:
            t2, x2 = f2, False
        return f1 + f2, t1 + t2, x1 or x2, False
    sides = int(dice.split("1d")[2])
    f2 = rng.randint(1, sides)
    return f1 + f2, t1 + f2, x1, False


_SURV = {}


def p_reach(dice, need):
    """P(a roll hits a dV needing `need` on the dice): natural 2-4 never,
    a natural 20 always; exact, by enumeration (re-rolls to depth 4)."""
    key = (dice, need)
    if key in _SURV:
        return _SURV[key]

    def faces10():
        # (first, total, p) of an exploding d10, to four re-rolls
        out = [(f, f, 0.1) for f in range(1, 10)]
        tail = [(10, 10, 0.1)]
        for _ in range(4):
            nt = []
            for f, t, p in tail:
                for r in range(1, 11):
                    (nt if r == 10 else out).append((f, t + r, p / 10))
            tail = nt
        return out + tail
    a = faces10()
    if dice == "2d10":
        b = a
    else:
        s = int(dice.split("1d")[2])
        b = [(f, f, 1 / s) for f in range(1, s + 1)]
    p = 0.0
    for f1, t1, p1 in a:
        for f2, t2, p2 in b:
            nat = f1 + f2
            if nat in (2, 3, 4):
                continue
            if dice == "2d10" and f1 == 10 and f2 == 10:
                p += p1 * p2
            elif t1 + t2 >= need:
                p += p1 * p2
    _SURV[key] = p
    return p


MAX_SPREAD = 6      # the most spread d6 a gunner tries
_DIST = {0: {0: 1.0}}


def d6_dist(n):
    """P(the sum of n d6 = k), exact."""
    if n not in _DIST:
        prev, out = d6_dist(n - 1), {}
        for s, p in prev.items():
            for f in range(1, 7):
                out[s + f] = out.get(s + f, 0) + p / 6
        _DIST[n] = out
    return _DIST[n]


_SPREAD = {}


def p_spread(dice, need, n):
    """p_reach with n spread d6 added to the roll (the naturals are the
    dice's own)."""
    key = (dice, need, n)
    if key not in _SPREAD:
        _SPREAD[key] = sum(p * p_reach(dice, need - k)
                           for k, p in d6_dist(n).items())
    return _SPREAD[key]


_CHOICE = {}


def choose(x, y, g, rng_in, ws, angle):
    """(spread d6, weapons fired, d6s landed expected): the way gunner g
    of x lands the most d6s on y showing angle, the fewest spread d6 on
    a tie; kept by what it depends on."""
    key = (id(x.s), id(y.s), g, rng_in, y.immobile, column(angle),
           tuple(i for i, _ in ws))
    got = _CHOICE.get(key)
    if got is None:
        got = _CHOICE[key] = choose_now(x, y, g, rng_in, ws, angle)
    return got


def choose_now(x, y, g, rng_in, ws, angle):
    skill = x.s.gunners[g][0]
    best = (0, [], -1.0)
    for sp in range(MAX_SPREAD + 1):
        use = [(i, w) for i, w in ws if sp == 0 or w["spread"]]
        if not use:
            continue
        e = 0.0
        for _, w in use:
            need = dv_of(w["row"], y, rng_in, angle) - skill + rng_in // STEP
            e += p_spread(x.s.dice, need, sp) * (max(w["dam"] - sp, 0) +
                                                  max(w["sh"] - sp, 0) +
                                                  max(w["pen"] - sp, 0))
        if e > best[2] + 1e-12:
            best = (sp, use, e)
    return best


# ---- a unit in the duel ----

class Side:
    def __init__(self, s):
        self.s = s
        self.armor = dict(s.armor)
        self.marked = set()
        self.hits = {}
        self.gone = set()           # equipment letters destroyed
        self.gone_key = frozenset()  # the same, as the memos' keys take it
        self.slow = 0               # top speed lost
        self.immobile = False
        self.destroyed = False
        self.ammo = {}
        self.pending = []           # effects from the aftermath on
        self.bear = 0               # the enemy's direction from its front
        self.lag = 0                # facings its turrets are off the enemy

    def speed(self):
        return 0 if self.immobile else max(0, self.s.speed - self.slow)

    def weapons(self, g, rng_in, arcs=False):
        skill, ws = self.s.gunners[g]
        out = []
        for i, w in enumerate(ws):
            if w["letter"] is not None and w["letter"] in self.gone:
                continue
            if w["ammo"] and self.ammo.get((g, i), 0) >= w["ammo"]:
                continue
            if rng_in > w["reach"]:
                continue
            if arcs and not bears(w, self.bear, self.lag):
                continue
            out.append((i, w))
        return out

    def armed(self):
        return any(self.weapons(g, 0) for g in range(len(self.s.gunners)))


def bears(w, bear, lag):
    """A body weapon looks ahead: the enemy at bearing 0 only; a turret's
    or an arm's when it is on the enemy."""
    return bear == 0 if w["body"] else lag == 0


def column(angle):
    """The dV column an angle reads: 0 front/back, 1 sides."""
    return 0 if SECTION[angle] in ("front", "rear") else 1


def dv_of(att_row, tgt, rng_in, angle):
    dv = 5 if tgt.immobile else tgt.s.dv[att_row][column(angle)]
    if rng_in <= POINT_BLANK and att_row not in ("M", "P"):
        dv //= 2
    return dv


def fire(rng, x, y, g, rng_in):
    """x's gunner g fires at y (at y's bearing) with what bears; y's
    armor and chart as they go."""
    ws = x.weapons(g, rng_in, arcs=True)
    if not ws:
        return
    angle = y.bear
    skill = x.s.gunners[g][0]
    sp, ws, _ = choose(x, y, g, rng_in, ws, angle)
    for i, w in ws:
        if w["ammo"]:
            x.ammo[(g, i)] = x.ammo.get((g, i), 0) + 1
    nat, tot, doubled, n20 = roll(rng, x.s.dice)
    if nat in (2, 3, 4):
        return
    total = tot + skill - rng_in // STEP + sum(rng.randint(1, 6)
                                               for _ in range(sp))
    hit = [w for _, w in ws if n20 or total >= dv_of(w["row"], y, rng_in, angle)]
    if not hit:
        return
    if n20 and roll(rng, x.s.dice)[3]:
        y.destroyed = True
        return
    m = 2 if doubled else 1
    dam = m * nd6(rng, sum(max(w["dam"] - sp, 0) for w in hit))
    sh = m * nd6(rng, sum(max(w["sh"] - sp, 0) for w in hit))
    pen = m * nd6(rng, sum(max(w["pen"] - sp, 0) for w in hit))
    sec = SECTION[angle]
    armor = y.armor[sec]
    internal = max(0, dam - armor)
    y.armor[sec] = max(0, armor - dam)
    internal += max(0, sh - y.s.shock) + max(0, pen - y.s.pen[ANGLES[angle]])
    if internal <= 0:
        return
    if internal >= y.s.dead:
        y.destroyed = True
        return
    boxes = y.s.boxes
    if internal < boxes[0]["min"]:
        n, per = 1, 1
    else:
        b = [b for b in boxes if b["min"] <= internal][-1]
        n, per = b["percent"] + 1, b["hits"]
    chart(rng, y, rng.randint(1, 100), n, per)


def chart(rng, y, start, n, per):
    s = y.s
    loco = {let for let, e in s.equip.items() if e.get("locomotion")}
    free = [ln for ln in range(1, 101)
            if ln not in y.marked]
    if not free:
        y.destroyed = True
        return
    # from the d100's line up, skipping what is crossed off, wrapping
    k = bisect.bisect_left(free, start)
    area = [free[(k + i) % len(free)] for i in range(min(n, len(free)))]
    letters = []
    for ln in area:
        let = s.letter_of[ln]
        if let not in loco:
            y.marked.add(ln)
        if let not in letters:
            letters.append(let)
    for let in letters:
        e = s.equip[let]
        if let in loco:
            y.pending.append(("loco", rng.randint(1, 10), rng.randint(1, 6)))
            continue
        y.hits[let] = y.hits.get(let, 0) + per
        if y.hits[let] >= e["hits"] or all(ln in y.marked for ln in s.lines_of[let]):
            y.pending.append(("gone", let))
    for let in letters:
        if is_boom(s.equip[let]["name"]) and rng.randint(1, 10) > rng.randint(1, 10):
            y.destroyed = True
            return
    if all(ln in y.marked or s.letter_of[ln] in loco for ln in range(1, 101)):
        y.destroyed = True


def aftermath(y):
    for e in y.pending:
        if e[0] == "gone":
            y.gone.add(e[1])
            y.gone_key = frozenset(y.gone)
            if "engine" in y.s.equip[e[1]]["name"].lower():
                y.immobile = True
        else:
            cell = y.s.loco_chart[e[1] - 1][e[2] - 1]
            if cell == "X":
                y.immobile = True
            elif isinstance(cell, int) and e[1] <= 8:
                y.slow += cell
    y.pending = []


# ---- movement ----

def rate(x, y, rng_in, angle):
    """x's expected d6s landed a turn at rng_in, y showing angle."""
    r = 0.0
    for g in range(len(x.s.gunners)):
        ws = x.weapons(g, rng_in)
        if ws:
            r += choose(x, y, g, rng_in, ws, angle)[2]
    return r


_ROUNDS = {}


def spent(x):
    """x's weapons out of rounds (none when none carries a count)."""
    counted = _ROUNDS.get(id(x.s))
    if counted is None:
        counted = _ROUNDS[id(x.s)] = any(
            ww["ammo"] for w in x.s.gunners for ww in w[1])
    if not counted:
        return ()
    return tuple((k, i) for k, w in enumerate(x.s.gunners)
                 for i, ww in enumerate(w[1]) if ww["ammo"] and
                 x.ammo.get((k, i), 0) >= ww["ammo"])


_RATES = {}


def rates(x, y):
    """rate() at 1..FIELD against y's dV column as it shows now, kept by
    what it depends on."""
    col = column(y.bear)
    key = (id(x.s), id(y.s), x.gone_key, y.immobile, spent(x), col)
    t = _RATES.get(key)
    if t is None:
        t = _RATES[key] = [0.0] + [rate(x, y, r, col)
                                   for r in range(1, FIELD + 1)]
    return t


_BEST = {}


def best_range(x, y, cur):
    """The range x makes for: where the share of y its fire takes a
    turn most passes the share of x y's takes, the nearest to cur of
    equals; kept by what it depends on (the rates are kept lists)."""
    tx = x.armor[SECTION[x.bear]] + x.s.dead
    ty = y.armor[SECTION[y.bear]] + y.s.dead
    rx, ry = rates(x, y), rates(y, x)
    key = (id(rx), id(ry), tx, ty, cur)
    got = _BEST.get(key)
    if got is None:
        got = _BEST[key] = _best_range(rx, ry, tx, ty, cur)
    return got


def _best_range(rx, ry, tx, ty, cur):
    want, best = cur, -math.inf
    for r in range(1, FIELD + 1):
        t = rx[r] / ty - ry[r] / tx
        if t > best + 1e-12:
            want, best = r, t
        elif t >= best - 1e-12 and abs(r - cur) < abs(want - cur):
            want = r
    return want


_OVER = {}


def over_mean(n, t):
    """The mean of (the sum of n d6) - t where it is above t."""
    key = (n, t)
    if key not in _OVER:
        _OVER[key] = sum((k - t) * p for k, p in d6_dist(n).items() if k > t) \
            if n > 0 else 0.0
    return _OVER[key]


_PARTS = {}


def parts_key(x, y):
    """What parts() of x's fire at y depends on besides range, angle and
    sel (move() asks it once for the six bearings it weighs)."""
    return (id(x.s), id(y.s), x.gone_key, spent(x), y.immobile)


def parts(x, y, rng_in, angle, sel, head=None):
    """(damage d6s' mean, shock and penetration past y's threshold and
    angle's factor) landed a turn by x's weapons that sel lets fire
    (None: all; else whether the body's, whether the turrets'), each
    weapon as if alone, at its chance to hit y showing angle; head is
    parts_key(x, y) when the caller has it."""
    key = (head or parts_key(x, y)) + (rng_in, angle, sel)
    got = _PARTS.get(key)
    if got is not None:
        return got
    dam = over = 0.0
    for g in range(len(x.s.gunners)):
        ws = [(i, w) for i, w in x.weapons(g, rng_in)
              if sel is None or (sel[0] if w["body"] else sel[1])]
        if not ws:
            continue
        sp, use, _ = choose(x, y, g, rng_in, ws, angle)
        skill = x.s.gunners[g][0]
        for _, w in use:
            p = p_spread(x.s.dice, dv_of(w["row"], y, rng_in, angle) - skill
                         + rng_in // STEP, sp)
            dam += p * max(w["dam"] - sp, 0) * 3.5
            over += p * (over_mean(max(w["sh"] - sp, 0), y.s.shock) +
                         over_mean(max(w["pen"] - sp, 0),
                                   y.s.pen[ANGLES[angle]]))
    got = _PARTS[key] = (dam, over)
    return got


def taken(x, y, rng_in, angle, sel, head=None):
    """The share of y a turn of x's fire takes, y showing angle: damage
    over the armor left there and dead, the rest over dead."""
    dam, over = parts(x, y, rng_in, angle, sel, head)
    return dam / (y.armor[SECTION[angle]] + y.s.dead) + over / y.s.dead


def step(x, a, v, close):
    """Inches the range changes (towards the enemy or away) at bearing a
    and speed v: forward at cos(60 a), or in reverse at the multiplier."""
    k = CLOSE[a] if close else -CLOSE[a]
    if v <= 0:
        return 0
    if k > 0:
        return v * k // 2
    return (v // x.s.reverse) * (-k) // 2 if x.s.reverse else 0


ORDER = [0, 1, -1, 2, -2, 3]


def move(x, y, cur, turning=True):
    want = best_range(x, y, cur)
    v = x.speed()
    turns = 0 if x.immobile or not turning else x.s.facings(v)
    best = None
    # What each side's fire depends on but range, angle and arcs: the
    # same for every bearing weighed.
    hx, hy = (parts_key(x, y), parts_key(y, x)) if turns else (None, None)
    for d in ORDER:
        if abs(d) > turns:
            continue
        a = (x.bear + d) % 6
        lag = (x.lag + d + 3) % 6 - 3
        lag = lag - PIVOT if lag > PIVOT else lag + PIVOT if lag < -PIVOT else 0
        r = cur
        if want < cur:
            r = max(want, cur - step(x, a, v, True))
        elif want > cur:
            r = min(want, cur + step(x, a, v, False))
        if turns == 0:
            x.lag = lag
            return r
        j = taken(x, y, r, y.bear, (a == 0, lag == 0), hx) - \
            taken(y, x, r, a, None, hy)
        if best is None or j > best[0] + 1e-12:
            best = (j, a, lag, r)
    x.bear, x.lag = best[1], best[2]
    return best[3]


def duel(rng, a, b, start, static=False, turning=True):
    x, y = Side(a), Side(b)
    cur = start
    for _ in range(TURNS):
        if not static:
            first, second = (x, y) if rng.random() < 0.5 else (y, x)
            cur = move(first, second, cur, turning)
            cur = move(second, first, cur, turning)
        for g in range(len(a.gunners)):
            fire(rng, x, y, g, cur)
        for g in range(len(b.gunners)):
            fire(rng, y, x, g, cur)
        if x.destroyed or y.destroyed:
            break
        aftermath(x)
        aftermath(y)
        if not x.armed() and not y.armed():
            break
    if x.destroyed == y.destroyed:
        return 0.5
    return 1.0 if y.destroyed else 0.0


def share(a, b, runs, rng, static=False, turning=True):
    per, var = [], 0.0
    for st in STARTS:
        xs = [duel(rng, a, b, st, static, turning) for _ in range(runs)]
        m = sum(xs) / runs
        per.append(m)
        var += (sum(v * v for v in xs) / runs - m * m) / max(runs - 1, 1)
    return sum(per) / len(per), math.sqrt(var) / len(STARTS), per


def figures(rows, key):
    right = fav = favright = 0
    err = 0.0
    for r in rows:
        pred, s = r["predicted"], r[key]
        right += (pred - 0.5) * (s - 0.5) > 0 or (pred == 0.5 and s == 0.5)
        err += abs(pred - s)
        if abs(pred - 0.5) >= 0.15:
            fav += 1
            favright += (pred - 0.5) * (s - 0.5) > 0
    n = len(rows)
    return {"pairs": n, "higher_wins": 100.0 * right / n, "favourites": [favright, fav],
            "mean_error": err / n}


def pairs(argv):
    d, runs, seed, limit, static, turning = None, 200, 1, None, False, True
    it = iter(argv)
    for x in it:
        if x == "--noturn":
            turning = False
        elif x == "--pairs":
            d = next(it)
        elif x == "--runs":
            runs = int(next(it))
        elif x == "--seed":
            seed = int(next(it))
        elif x == "--limit":
            limit = int(next(it))
        elif x == "--static":
            static = True
    rng = random.Random(seed)
    rows = []
    cache = {}
    with open(os.path.join(d, "pairs.tsv")) as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            rows.append(dict(zip(head, line.rstrip("\n").split("\t"))))
    if limit:
        rows = rows[:limit]
    zs = []
    for r in rows:
        for k in ("a", "b"):
            if r[k] not in cache:  # a name with a / is a path from here
                cache[r[k]] = load(r[k] if "/" in r[k] else
                                   os.path.join(d, r[k] + ".yaml"))
        sh, se, per = share(cache[r["a"]], cache[r["b"]], runs, rng, static,
                            turning)
        r["predicted"] = float(r["predicted"])
        r["judged"] = float(r["judged"])
        cr = int(r["runs"])
        # the C judge's standard error, from its share over 4 x runs duels
        sec = math.sqrt(max(r["judged"] * (1 - r["judged"]), 0.01) / (4 * cr))
        r["py"], r["se"] = sh, se
        z = (sh - r["judged"]) / math.sqrt(se * se + sec * sec + 1e-12)
        zs.append(z)
        print(f"{r['a']} {r['b']}: predicted {r['predicted']:.3f} C {r['judged']:.3f} "
              f"py {sh:.3f} +- {se:.3f} z {z:+.2f}", flush=True)
    c, p = figures(rows, "judged"), figures(rows, "py")
    rms = math.sqrt(sum(z * z for z in zs) / len(zs))
    big = sum(1 for z in zs if abs(z) > 2)
    print(json.dumps({"c_judge": c, "python_judge": p, "rms_z": rms,
                      "over_2_se": big, "max_abs_z": max(abs(z) for z in zs),
                      "mean_diff": sum(r["py"] - r["judged"] for r in rows) / len(rows)}))
    return 0 if rms <= 1.5 and max(abs(z) for z in zs) <= 5 else 1


def main():
    argv = sys.argv[1:]
    if "--pairs" in argv:
        return pairs(argv)
    pos, runs, seed, static, turning = [], 2000, 1, False, True
    it = iter(argv)
    for x in it:
        if x == "--noturn":
            turning = False
        elif x == "--runs":
            runs = int(next(it))
        elif x == "--seed":
            seed = int(next(it))
        elif x == "--static":
            static = True
        else:
            pos.append(x)
    a, b = load(pos[0]), load(pos[1])
    sh, se, per = share(a, b, runs, random.Random(seed), static, turning)
    print(json.dumps({"a": a.name, "b": b.name, "starts": STARTS, "runs": runs,
                      "share": sh, "se": se, "start_share": per}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
