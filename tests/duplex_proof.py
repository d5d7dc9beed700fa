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

duplex_proof.py --crosses EDGE FILE.pdf: the same for the registration
marks, read from the page's strokes (qpdf): each ringed cross of a back
page lies behind a cross of its front, to 0.01 pt.
"""
import html
import re
import subprocess
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


def segments(pdf, page):
    """Page page's stroked segments "x0 y0 m x1 y1 l" (qpdf --qdf)."""
    one = subprocess.run(["qpdf", "--qdf", "--object-streams=disable", pdf,
                          "--pages", pdf, str(page), "--", "-"],
                         capture_output=True, check=True).stdout.decode("latin-1")
    out, width = [], 1.0
    for m in re.finditer(r"(?<![\w.-])([\d.]+) w\b|([-\d.]+) ([-\d.]+) m\s+"
                         r"([-\d.]+) ([-\d.]+) l", one):
        if m.group(1):
            width = float(m.group(1))
        else:
            out.append(tuple(map(float, m.groups()[1:])) + (width,))
    return out


def crosses(pdf, page):
    """The centres of the registration crosses: their level arms, 4 mm
    drawn 0.15 pt wide (sheet.c's REG_ARM and MARK_WIDTH / 2)."""
    return [((x0 + x1) / 2, y0) for x0, y0, x1, y1, w in segments(pdf, page)
            if y0 == y1 and abs(abs(x1 - x0) - 4 * MM) < 0.01 and abs(w - 0.15) < 0.001]


def registration(edge, pdf):
    """--crosses EDGE PDF: on each front page and its back, the back's
    ringed crosses lie behind the front's crosses."""
    out = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    npages = int(re.search(r"Pages:\s+(\d+)", out).group(1))
    w, h = map(float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", out).groups())
    W, H = min(w, h), max(w, h)
    n = 0
    for k in range(1, npages, 2):
        front, back = crosses(pdf, k), crosses(pdf, k + 1)
        if len(front) != 2 or len(back) != 2:
            print("FAIL %s: page %d has %d crosses, its back %d" % (pdf, k, len(front), len(back)))
            return 1
        for turn in ((0,) if w <= h else (1, -1)):
            seen = sorted(behind(edge, W, H, turn, x, y) for x, y in back)
            for (fx, fy), (bx, by) in zip(sorted(front), seen):
                if abs(fx - bx) > 0.01 or abs(fy - by) > 0.01:
                    print("FAIL %s: page %d: a ring lands behind %.2f, %.2f, the cross "
                          "is at %.2f, %.2f" % (pdf, k + 1, bx, by, fx, fy))
                    return 1
        n += 2
    print("%s: %d registration rings behind their crosses (%s edge, %s)" %
          (pdf, n, edge, "turned" if w > h else "upright"))
    return 0


def main():
    if sys.argv[1] == "--crosses":
        return registration(sys.argv[2], sys.argv[3])
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
