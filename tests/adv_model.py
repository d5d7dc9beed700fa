#!/usr/bin/env python3
"""adv_model.py -- an independent model of one gunner's shot under the
Shellshock advanced rules (003_1dddfc23c27b38e7.txt, SPEC section 6),
written from the rules document without reading muster's engine.  Exact
fractions throughout (fractions.Fraction).

  adv_model.py ATTACKER.yaml DEFENDER.yaml --range IN --facing F
               [--gunner ID] [--point-blank] [--json]
  adv_model.py --compare MUSTER ATTACKER.yaml DEFENDER.yaml ...
      runs `MUSTER odds shellshock ... --json` with the same arguments and
      prints each figure that differs; exit 1 on any difference.

The attacker is a record sheet; the defender a sheet or a basic card.
Readings taken (003 unless said):
* to-hit: the sheet's dice (1d10+1d6, 1d10+1d8, 2d10) plus the gunner's
  skill, -1 per full 12 in; hit when the total is at least the dV.
  A d10 showing 10 adds 10 and is rolled again, as often as it shows 10.
* natural (the dice as first rolled) 2, 3 or 4 misses whatever the total;
  a natural 20 (2d10 both 10) hits with every weapon and doubles damage,
  shock and penetration; both dice are rolled again and a second natural
  20 destroys.  "If you re-roll a d10 and it comes up 10 again, you also
  do double damage": a d10 whose first re-roll shows 10 doubles (once).
* point blank halves each dV but M's and P's, rounded down (SPEC's basic
  rounding; 003 gives none).
* a weapon fires no farther than its range (miles of 120 in).
* the gunner fires every weapon of the fire systems he controls that
  names him among its operators.
* the dice of every weapon that hits are totalled; internal damage is the
  damage past the facing's armor, the shock past the threshold and the
  penetration past the angle's factor.  Internal at least `dead`:
  destroyed; below the first box's min (and above 0): a core hit, one
  chart line; else the highest box reached: the percentile roll's line
  and `percent` more (the free 1 %), wrapping from 100 to 1.
* fuel or ammunition (not a rail gun's) on a marked line: a d10 roll-off
  each such item, the attacker wins 45 in 100 (ties to the defender): the
  unit explodes.  destroyed = second natural 20, dead, or an explosion.
* a card target (000's record card) takes the damage dice alone on its
  armor, its internal bands (boxes) and its d6 chart (1 s 2 m 3 p 4 F 5 A
  6 C, marked upward from the d6 and wrapping): C destroys, F and A each
  call a roll-off.
"""
import json
import os
import subprocess
import sys
from fractions import Fraction as F

import yaml

ANGLE_SIDE = {"front": "front", "front_right": "right", "rear_right": "right",
              "rear": "rear", "rear_left": "left", "front_left": "left"}
EXPLODE = F(45, 100)  # P(attacker's d10 > defender's d10) = 45/100


def load(path):
    with open(path) as f:
        return yaml.safe_load(f)


def expl_value(cap):
    """value distribution of an exploding d10, capped at cap (>= 1)."""
    if cap <= 1:
        return {1: F(1)}
    out = {}
    for face in range(1, 10):
        out[min(face, cap)] = out.get(min(face, cap), 0) + F(1, 10)
    for v, p in expl_value(max(cap - 10, 1)).items():
        k = min(10 + v, cap)
        out[k] = out.get(k, 0) + F(1, 10) * p
    return out


def to_hit(dice, cap):
    """[(natural, total, doubled, p)] for the sheet's dice; natural is the
    sum of the faces first rolled (the exploding d10 shows 10 there)."""
    rows = []
    if dice == "2d10":
        for f1 in range(1, 11):
            for f2 in range(1, 11):
                if f1 == 10 and f2 == 10:
                    rows.append((20, cap, True, F(1, 100)))
                    continue
                d1 = single(f1, cap)
                d2 = single(f2, cap)
                for (v1, x1), p1 in d1.items():
                    for (v2, x2), p2 in d2.items():
                        rows.append((f1 + f2, min(v1 + v2, cap), x1 or x2, F(1, 100) * p1 * p2))
        return rows
    assert dice.startswith("1d10+1d")
    sides = int(dice[len("1d10+1d"):])
    for f1 in range(1, 11):
        for f2 in range(1, sides + 1):
            for (v1, x1), p1 in single(f1, cap).items():
                rows.append((f1 + f2, min(v1 + f2, cap), x1, F(1, 10 * sides) * p1))
    return rows


def single(face, cap):
    """a d10 that first showed face: {(value, doubled): p} given that face."""
    if face < 10:
        return {(min(face, cap), False): F(1)}
    out = {}
    # the first face 10: 10 plus the re-roll; a re-roll of 10 doubles
    for r in range(1, 10):
        k = (min(10 + r, cap), False)
        out[k] = out.get(k, 0) + F(1, 10)
    for v, p in expl_value(max(cap - 20, 1)).items():
        k = (min(20 + v, cap), True)
        out[k] = out.get(k, 0) + F(1, 10) * p
    return out


def nd6(n):
    dist = {0: F(1)}
    for _ in range(n):
        nxt = {}
        for s, p in dist.items():
            for f in range(1, 7):
                nxt[s + f] = nxt.get(s + f, 0) + p / 6
        dist = nxt
    return dist


def over(dist, mult, bound):
    out = {}
    for s, p in dist.items():
        k = max(0, s * mult - bound)
        out[k] = out.get(k, 0) + p
    return out


def conv(a, b):
    out = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0) + p * q
    return out


def is_boom(name):
    n = name.lower()
    return ("fuel" in n or "ammunition" in n or "ammo" in n) and "rail" not in n


def sheet_chart_destroy(sheet, lines):
    """P(explosion) for a hit marking `lines` lines from a uniform d100."""
    letter_of = {}
    for row in sheet["internal_chart"]:
        for ln in range(row["from"], row["to"] + 1):
            letter_of[ln] = row["letter"]
    boom = {e["letter"] for e in sheet["equipment"] if is_boom(e["name"])}
    total = F(0)
    for r in range(1, 101):
        hit = {letter_of[(r - 1 + i) % 100 + 1] for i in range(lines)}
        k = len(hit & boom)
        total += 1 - (1 - EXPLODE) ** k
    return total / 100


def card_chart_destroy(boxes):
    total = F(0)
    for r in range(1, 7):
        marks = {(r - 1 + i) % 6 + 1 for i in range(boxes)}
        if 6 in marks:
            total += 1
        else:
            k = len(marks & {4, 5})
            total += 1 - (1 - EXPLODE) ** k
    return total / 6


def model(att, dfn, rng, facing, gunner=None, point_blank=False, pick=None):
    assert att["kind"] == "sheet"
    crew = {c["id"]: c for c in att["crew"]}
    systems = {s["name"]: s["controller"] for s in att["fire_systems"]}
    if gunner is None:
        w0 = att["weapons"][0]
        gunner = systems[w0["system"]]
    skill = crew[gunner]["skill"]
    weps = [w for n, w in enumerate(att["weapons"], 1)
            if systems[w["system"]] == gunner and gunner in w["operators"]
            and w["range"] * 120 >= rng
            and (pick is None or str(n) in pick or w["name"] in pick)]
    # ADVMODEL_MUTATE=range10: a deliberately wrong model (-1 per full 10 in,
    # the basic card's step) for the e2e check that a difference is caught
    rm = rng // (10 if os.environ.get("ADVMODEL_MUTATE") == "range10" else 12)
    card = dfn["kind"] == "card"
    if card:
        side = facing
        col = 0 if side in ("front", "rear") else 1
    else:
        side = ANGLE_SIDE[facing]
        col = 0 if side in ("front", "rear") else 1
    rows = []
    for w in weps:
        row = w["dvt"]
        if card and row == "SA":
            row = "S"
        dv = dfn["defense"][row]
        if isinstance(dv, list):
            dv = dv[col]
        if point_blank and row not in ("M", "P"):
            dv //= 2
        need = dv - skill + rm
        rows.append((w, dv, need))
    cap = max([n for _, _, n in rows] + [1])
    th = to_hit(att["to_hit"], cap)
    res = {"gunner": gunner, "skill": skill, "range_modifier": -rm, "weapons": []}
    p_hit = [F(0)] * len(rows)
    hitsets = {}  # (frozenset, doubled) -> p
    p_nat_miss = F(0)
    p_nat20 = F(0)
    p_doubled = F(0)
    for nat, tot, dbl, p in th:
        if nat in (2, 3, 4):
            p_nat_miss += p
            hs = frozenset()
        elif nat == 20:
            p_nat20 += p
            hs = frozenset(range(len(rows)))
        else:
            hs = frozenset(i for i, (_, _, need) in enumerate(rows) if tot >= need)
        for i in hs:
            p_hit[i] += p
        if dbl and hs:  # a doubled hit (muster's figure; a doubled miss does nothing)
            p_doubled += p
        k = (hs, dbl, nat == 20)
        hitsets[k] = hitsets.get(k, 0) + p
    for (w, dv, need), ph in zip(rows, p_hit):
        res["weapons"].append({"name": w["name"], "dvt": w["dvt"], "dv": dv,
                               "need": need, "p_hit": ph})
    p_second = p_nat20 / 100
    res.update(p_natural_miss=p_nat_miss, p_natural_20=p_nat20,
               p_second_20=p_second, p_doubled=p_doubled)
    mean = {"dam": F(0), "sh": F(0), "pen": F(0)}
    # internal damage -> p, without the shots whose second natural 20 destroys outright
    # (the second roll is independent of the damage dice).  The outcomes
    # (no internal, core, each box, dead; a card's p_internal) are read
    # exclusive of the second natural 20, as muster lists them: a shot
    # destroyed by it is in none of them.
    internal_ns = {}
    p_miss = F(0)
    if card:
        armor, thr, pen = dfn["armor"][side], None, None
    else:
        armor = dfn["armor"][side]
        thr = dfn["shock_threshold"]
        pen = dfn["penetration"][facing]
    for (hs, dbl, n20), p in hitsets.items():
        if not hs:
            p_miss += p
            continue
        m = 2 if dbl else 1
        n = {k: sum(rows[i][0][k] for i in hs) for k in ("dam", "sh", "pen")}
        for k in mean:
            mean[k] += p * m * F(7, 2) * n[k]
        dist = over(nd6(n["dam"]), m, armor)
        if not card:
            dist = conv(dist, over(nd6(n["sh"]), m, thr))
            dist = conv(dist, over(nd6(n["pen"]), m, pen))
        for i, q in dist.items():
            internal_ns[i] = internal_ns.get(i, 0) + p * q * (F(99, 100) if n20 else 1)
    res.update(mean_damage=mean["dam"], mean_shock=mean["sh"],
               mean_penetration=mean["pen"], p_miss=p_miss)
    # outcomes.  The second natural 20 comes only with a natural 20 (all
    # weapons hit): destroyed at once, P = p_second whatever the dice.
    # The internal distribution above covers every hit, second 20 or not;
    # the second roll is independent of the damage dice.
    dead = dfn["dead"]
    destroyed = p_second
    if card:
        bands = dfn["internal"]
        p_int = sum(q for i, q in internal_ns.items() if i >= bands[0][0])
        res["p_internal"] = p_int
        for i, q_not_sec in internal_ns.items():
            if i >= dead:
                destroyed += q_not_sec
                continue
            nb = sum(1 for b in bands if i >= b[0])
            if nb:
                destroyed += q_not_sec * card_chart_destroy(nb)
        res["p_destroyed"] = destroyed
        return res
    boxes = dfn["internal_percent"]
    res["p_no_internal"] = internal_ns.get(0, F(0))
    res["p_core"] = sum(q for i, q in internal_ns.items() if 0 < i < boxes[0]["min"])
    res["boxes"] = []
    for j, b in enumerate(boxes):
        hi = boxes[j + 1]["min"] if j + 1 < len(boxes) else dead
        res["boxes"].append({"min": b["min"], "percent": b["percent"], "hits": b["hits"],
                             "p": sum(q for i, q in internal_ns.items() if b["min"] <= i < hi)})
    res["p_dead"] = sum(q for i, q in internal_ns.items() if i >= dead)
    for i, q_not_sec in internal_ns.items():
        if i == 0:
            continue
        if i >= dead:
            destroyed += q_not_sec
        elif i < boxes[0]["min"]:
            destroyed += q_not_sec * sheet_chart_destroy(dfn, 1)
        else:
            b = [b for b in boxes if b["min"] <= i][-1]
            destroyed += q_not_sec * sheet_chart_destroy(dfn, b["percent"] + 1)
    res["p_destroyed"] = destroyed
    return res


def run(argv):
    args = {"gunner": None, "pb": False, "json": False, "pick": None}
    pos = []
    it = iter(argv)
    for a in it:
        if a == "--range":
            args["range"] = int(next(it))
        elif a == "--facing":
            args["facing"] = next(it)
        elif a == "--gunner":
            args["gunner"] = next(it)
        elif a == "--weapons":
            args["pick"] = next(it).split(",")
        elif a == "--point-blank":
            args["pb"] = True
        elif a == "--json":
            args["json"] = True
        else:
            pos.append(a)
    att, dfn = load(pos[0]), load(pos[1])
    return model(att, dfn, args["range"], args["facing"], args["gunner"], args["pb"], args["pick"])


def resolve(att, dfn, rng, facing, roll, gunner=None, point_blank=False,
            pick=None, second=None, dd=None, iroll=None, expl=()):
    """one shot with given dice (muster resolve's options): the steps as a
    dict of the figures muster's resolve --json prints."""
    crew = {c["id"]: c for c in att["crew"]}
    systems = {s["name"]: s["controller"] for s in att["fire_systems"]}
    if gunner is None:
        gunner = systems[att["weapons"][0]["system"]]
    skill = crew[gunner]["skill"]
    weps = [w for n, w in enumerate(att["weapons"], 1)
            if systems[w["system"]] == gunner and gunner in w["operators"]
            and w["range"] * 120 >= rng
            and (pick is None or str(n) in pick or w["name"] in pick)]
    rm = rng // 12
    card = dfn["kind"] == "card"
    side = facing if card else ANGLE_SIDE[facing]
    col = 0 if side in ("front", "rear") else 1
    two = att["to_hit"] == "2d10"
    faces = roll[:2]
    rest = list(roll[2:])
    total = sum(faces)
    doubled = False
    nat20 = two and faces == [10, 10]  # hits at once: no re-rolls needed
    for i, f in enumerate(faces):
        if f == 10 and (i == 0 or two) and not nat20:
            first = True
            while True:
                r = rest.pop(0)
                total += r
                if first and r == 10:
                    doubled = True
                first = False
                if r != 10:
                    break
    natural = faces[0] + faces[1]
    out = {"total": total + skill - rm, "natural": natural}
    hits = []
    for w in weps:
        row = "S" if card and w["dvt"] == "SA" else w["dvt"]
        dv = dfn["defense"][row]
        dv = dv[col] if isinstance(dv, list) else dv
        if point_blank and row not in ("M", "P"):
            dv //= 2
        if natural in (2, 3, 4):
            h = False
        elif two and natural == 20:
            h = True
        else:
            h = out["total"] >= dv
        hits.append({"name": w["name"], "dv": dv, "hit": h})
    if two and natural == 20:
        doubled = True
    out["doubled"] = doubled
    out["weapons"] = hits
    if not any(h["hit"] for h in hits):
        out["outcome"] = "miss"
        return out
    if two and natural == 20 and second == [10, 10]:
        out["outcome"] = "destroyed"  # at once: muster prints no damage step
        return out
    m = 2 if doubled else 1
    D, S, P = (x * m for x in dd)
    armor = dfn["armor"][side]
    out["armor_after"] = max(0, armor - D)
    internal = max(0, D - armor)
    if not card:
        out["overshock"] = max(0, S - dfn["shock_threshold"])
        out["overpenetration"] = max(0, P - dfn["penetration"][facing])
        internal += out["overshock"] + out["overpenetration"]
    out["internal"] = internal
    if internal >= dfn["dead"]:
        out["outcome"] = "destroyed"
        out["cause"] = "dead"
        return out
    if internal == 0:
        # armor lost is damage (muster's word, the seed names no outcome)
        out["outcome"] = "damaged" if D > 0 and armor > 0 else "no effect"
        return out
    out["outcome"] = "damaged"
    expl = list(expl)

    def rolloff():
        if len(expl) < 2:
            raise SystemExit("adv_model: give --explosion A,D for each fuel or ammo hit")
        return expl.pop(0), expl.pop(0)
    if card:
        nb = sum(1 for b in dfn["internal"] if internal >= b[0])
        if nb == 0:
            return out
        marks = [(iroll - 1 + i) % 6 + 1 for i in range(nb)]
        out["chart"] = ["smpFAC"[k - 1] for k in marks]
        if 6 in marks:
            out["outcome"] = "destroyed"
            return out
        for k in marks:
            if k in (4, 5):
                a, d = rolloff()
                if a > d:
                    out["outcome"] = "destroyed"
                    return out
        return out
    boxes = dfn["internal_percent"]
    if internal < boxes[0]["min"]:
        n, per_hit = 1, 1
    else:
        b = [b for b in boxes if b["min"] <= internal][-1]
        n, per_hit = b["percent"] + 1, b["hits"]
        out["percent"], out["hits"] = b["percent"], b["hits"]
    lines = [(iroll - 1 + i) % 100 + 1 for i in range(n)]
    runs = []
    for ln in lines:
        if runs and runs[-1][1] + 1 == ln:
            runs[-1][1] = ln
        else:
            runs.append([ln, ln])
    out["lines"] = ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in runs)
    letter_of = {}
    for row in dfn["internal_chart"]:
        for ln in range(row["from"], row["to"] + 1):
            letter_of[ln] = row["letter"]
    marked = set(lines)
    eq = []
    seen = []
    for ln in lines:
        if letter_of[ln] not in seen:
            seen.append(letter_of[ln])
    items = {e["letter"]: e for e in dfn["equipment"]}
    for let in seen:
        e = items[let]
        loco = bool(e.get("locomotion"))
        every = all(ln in marked for ln, x in letter_of.items() if x == let)
        dest = not loco and (per_hit >= e["hits"] or every)
        eq.append({"letter": let, "hits": per_hit, "destroyed": dest})
    out["equipment"] = eq
    for j, let in enumerate(seen):
        if is_boom(items[let]["name"]):
            a, d = rolloff()
            if a > d:
                out["outcome"] = "destroyed"
                out["cause"] = items[let]["name"]
                # the items past the explosion: muster lists them but
                # marks none destroyed (the unit is gone); not compared
                del eq[j + 1:]
                break
    return out


def compare_resolve(muster, argv):
    """muster resolve --json against resolve() on the same dice."""
    a = {"gunner": None, "pb": False, "pick": None, "second": None,
         "dd": None, "iroll": None, "expl": ()}
    pos = []
    it = iter(argv)
    ints = lambda v: [int(x) for x in v.split(",")]
    for x in it:
        if x == "--range":
            a["range"] = int(next(it))
        elif x == "--facing":
            a["facing"] = next(it)
        elif x == "--gunner":
            a["gunner"] = next(it)
        elif x == "--weapons":
            a["pick"] = next(it).split(",")
        elif x == "--point-blank":
            a["pb"] = True
        elif x == "--roll":
            a["roll"] = ints(next(it))
        elif x == "--second-roll":
            a["second"] = ints(next(it))
        elif x == "--damage-dice":
            a["dd"] = ints(next(it))
        elif x == "--internal-roll":
            a["iroll"] = int(next(it))
        elif x == "--explosion":
            a["expl"] = ints(next(it))
        elif x == "--locomotion":
            next(it)
        else:
            pos.append(x)
    mine = resolve(load(pos[0]), load(pos[1]), a["range"], a["facing"], a["roll"],
                   a["gunner"], a["pb"], a["pick"], a["second"], a["dd"], a["iroll"], a["expl"])
    cmd = [muster, "resolve", "shellshock"] + argv + ["--json"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return [f"muster exit {p.returncode}: {p.stderr.strip()}"], 0
    g = json.loads(p.stdout)
    got = {"total": g["hit_roll"]["total"], "natural": g["hit_roll"]["natural"],
           "doubled": g["hit_roll"]["doubled"],
           "weapons": [{"name": w["name"], "dv": w["dv"], "hit": w["hit"]} for w in g["weapons"]],
           "outcome": g["outcome"]}
    if "armor" in g:
        got["armor_after"] = g["armor"]["after"]
    for k in ("overshock", "overpenetration", "internal", "percent", "hits", "lines", "chart"):
        if k in g and g[k] != []:  # an empty chart (the dead box) is no chart
            got[k] = g[k]
    if "equipment" in g:
        got["equipment"] = [{"letter": e["letter"], "hits": e["hits"], "destroyed": e["destroyed"]}
                            for e in g["equipment"]]
        if "equipment" in mine:
            del got["equipment"][len(mine["equipment"]):]
    if g.get("cause") is not None and "cause" in mine:
        got["cause"] = g["cause"]
    diffs = []
    for k in sorted(set(mine) | set(got)):
        if mine.get(k) != got.get(k):
            diffs.append(f"{k}: muster {got.get(k)!r}, model {mine.get(k)!r}")
    return diffs, len(set(mine) | set(got))


def frac_str(x):
    return f"{x.numerator}/{x.denominator}"


def compare(muster, argv):
    """run muster on argv and compare; returns the list of differences."""
    mine = run(argv)
    cmd = [muster, "odds", "shellshock"] + [a for a in argv if a != "--json"] + ["--json"]
    got = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    diffs = []
    compared = [0]

    def cmp(path, want, obj, key):
        compared[0] += 1
        if isinstance(want, F):
            if key + "_exact" in obj:
                g = F(obj[key + "_exact"])
                if g != want:
                    diffs.append(f"{path}: muster {g} = {float(g):.17g}, model {frac_str(want)} = {float(want):.17g}")
            else:
                g = obj.get(key)
                if g is None or abs(F(g) - want) > max(abs(want), F(1, 10**300)) * F(1, 10**14):
                    diffs.append(f"{path}: muster {g!r}, model {float(want):.17g} ({frac_str(want)})")
        elif obj.get(key) != want:
            diffs.append(f"{path}: muster {obj.get(key)!r}, model {want!r}")

    for k, v in mine.items():
        if k == "weapons":
            if len(got["weapons"]) != len(v):
                diffs.append(f"weapons: muster {[w['name'] for w in got['weapons']]}, model {[w['name'] for w in v]}")
                continue
            for i, w in enumerate(v):
                for kk, vv in w.items():
                    cmp(f"weapons[{i}].{kk}", vv, got["weapons"][i], kk)
        elif k == "boxes":
            for i, b in enumerate(v):
                for kk, vv in b.items():
                    cmp(f"boxes[{i}].{kk}", vv, got["boxes"][i], kk)
        else:
            cmp(k, v, got, k)
    return diffs, compared[0]


def main():
    argv = sys.argv[1:]
    if argv and argv[0] == "--compare-resolve":
        diffs, n = compare_resolve(argv[1], argv[2:])
        for d in diffs:
            print("  " + d)
        print(f"{len(diffs)} of {n} steps differ: resolve {' '.join(argv[2:])}")
        return 1 if diffs else 0
    if argv and argv[0] == "--compare":
        diffs, n = compare(argv[1], argv[2:])
        for d in diffs:
            print("  " + d)
        print(f"{len(diffs)} of {n} figures differ: {' '.join(argv[2:])}")
        return 1 if diffs else 0
    res = run(argv)

    def conv_out(x):
        if isinstance(x, F):
            return {"value": float(x), "exact": frac_str(x)}
        if isinstance(x, list):
            return [conv_out(y) for y in x]
        if isinstance(x, dict):
            return {k: conv_out(v) for k, v in x.items()}
        return x
    print(json.dumps(conv_out(res), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
