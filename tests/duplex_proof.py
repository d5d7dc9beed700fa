#!/usr/bin/python3
"""duplex_proof.py EDGE BBOX.html [DX,DY] -- proves from a PDF's words
(pdftotext -bbox) that every card back, printed duplex and turned over
the paper's EDGE (long or short), lies behind its own front.

Each front carries a mark "F#NAME#" and each back "B#NAME#", both
centred on the card (a name of several words is joined: the words after
the first on its line and at its size, up to the one ending in #).  The PDF's
pages are front, back, front, back...  The model is the paper's, not
muster's (tests/test_sheet.c works the same by hand):

* the paper is upright, W x H with W < H; an upright page prints on it
  as it is, a turned (landscape) page a quarter turn round, left or
  right as the printer driver chooses, both sides of a sheet alike;
* the printer prints the back so that, the sheet turned over the edge
  named, it reads the same way up as the front: a point (u, v) seen on
  the back is behind the front's (W - u, v) over the long edge, (u, H -
  v) over the short;
* DX,DY (mm) is the --back-offset the file was made with: a printer
  that needs it puts the back page DX left and DY up of where it is
  drawn, so the proof takes it off first.

Every back mark, carried so onto the front, must fall within TOL of a
front mark of the same name on the page before, each front taken once,
for both ways of turning a landscape page.  Prints a line per file and
exits 1 on the first page that fails.
"""
import html
import re
import sys

TOL = 3.0  # points (about 1 mm): neighbouring cards are 100+ points apart
MM = 72 / 25.4


def pages(path):
    """[(w, h, [(text, cx, cy)...])...] in PDF points, y up."""
    out = []
    text = open(path, encoding="utf-8").read()
    for pm in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>',
                          text, re.S):
        w, h = float(pm.group(1)), float(pm.group(2))
        words = [(html.unescape(m.group(5)), float(m.group(1)), float(m.group(2)),
                  float(m.group(3)), float(m.group(4)))
                 for m in re.finditer(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" '
                                      r'xMax="([\d.-]+)" yMax="([\d.-]+)">(.*?)</word>',
                                      pm.group(3))]
        marks, i = [], 0
        while i < len(words):
            t = words[i][0]
            if re.match(r'^[FB]#', t):
                # The mark's other words are those after it on its line
                # at its size (a card's own text may come between).
                parts, box, j = [t], list(words[i][1:]), i
                while not parts[-1].endswith('#') and j + 1 < len(words):
                    j += 1
                    if (abs(words[j][2] - box[1]) > 0.05 or
                            abs(words[j][4] - box[3]) > 0.05):
                        continue
                    parts.append(words[j][0])
                    box = [min(box[0], words[j][1]), box[1],
                           max(box[2], words[j][3]), box[3]]
                marks.append((" ".join(parts), (box[0] + box[2]) / 2,
                              h - (box[1] + box[3]) / 2))
            i += 1
        out.append((w, h, marks))
    return out


def to_paper(W, H, turn, x, y):
    if turn == 0:
        return x, y
    if turn == 1:            # turned left
        return W - y, x
    return y, H - x          # turned right


def to_page(W, H, turn, u, v):
    if turn == 0:
        return u, v
    if turn == 1:
        return v, W - u
    return H - v, u


def behind(edge, W, H, turn, x, y):
    """The front page's point that back page point x, y lies behind."""
    u, v = to_paper(W, H, turn, x, y)
    if edge == "long":
        u = W - u
    else:
        v = H - v
    return to_page(W, H, turn, u, v)


def main():
    edge, path = sys.argv[1], sys.argv[2]
    dx = dy = 0.0
    if len(sys.argv) > 3:
        dx, dy = (float(s) * MM for s in sys.argv[3].split(","))
    pp = pages(path)
    if len(pp) % 2:
        print("FAIL %s: %d pages, not fronts and backs" % (path, len(pp)))
        return 1
    n = worst = 0
    for k in range(0, len(pp), 2):
        (w, h, fronts), (bw, bh, backs) = pp[k], pp[k + 1]
        if (w, h) != (bw, bh):
            print("FAIL %s: page %d and its back differ in size" % (path, k + 1))
            return 1
        if any(t[0] != "F" for t, _, _ in fronts) or any(t[0] != "B" for t, _, _ in backs):
            print("FAIL %s: page %d is not a front followed by its back" % (path, k + 1))
            return 1
        if not fronts or len(fronts) != len(backs):
            print("FAIL %s: page %d has %d fronts and %d backs" % (path, k + 1,
                                                                 len(fronts), len(backs)))
            return 1
        W, H = min(w, h), max(w, h)
        for turn in ((0,) if w <= h else (1, -1)):
            taken = set()
            for name, x, y in backs:
                fx, fy = behind(edge, W, H, turn, x - dx, y + dy)
                hit = [j for j, (fn, gx, gy) in enumerate(fronts)
                       if j not in taken and abs(gx - fx) <= TOL and abs(gy - fy) <= TOL]
                if len(hit) != 1 or fronts[hit[0]][0][2:] != name[2:]:
                    near = min(fronts, key=lambda f: (f[1] - fx) ** 2 + (f[2] - fy) ** 2)
                    print("FAIL %s: page %d: back '%s' lands behind %.1f, %.1f, where "
                          "the nearest front is '%s' at %.1f, %.1f" %
                          (path, k + 2, name[2:-1], fx, fy, near[0][2:-1], near[1], near[2]))
                    return 1
                j = hit[0]
                taken.add(j)
                worst = max(worst, abs(fronts[j][1] - fx), abs(fronts[j][2] - fy))
        n += len(backs)
    print("%s: %d backs behind their fronts on %d sheets (%s edge, %s), "
          "worst %.2f mm" % (path, n, len(pp) // 2, edge,
                             "turned" if pp[0][0] > pp[0][1] else "upright",
                             worst / MM))
    return 0


sys.exit(main())
