#!/usr/bin/env python3
"""legibility.py -- the legibility floor of SPEC 4, judged from the PDF.

  legibility.py size [--floor PT] [--quiet] FILE.pdf
      every text run (one Tj/TJ/'/" operator) printed under PT points
      (default 6): its page, size, place and text.  The size is the
      size as printed: the Tf operand scaled by the text matrix and
      every cm in force (Form XObjects followed), the one figure a
      print shop's preflight reads.  Exit 1 when one is found.

  legibility.py safe --margin MM [--quiet] FILE.pdf
      for a PDF written with --layout single (each card a page, its
      TrimBox at the cut): every word pdftotext -bbox finds whose box
      comes within MM of the TrimBox's edge.  Exit 1 when one is found.

The PDF is read with qpdf --json (streams decoded), not with muster's
own code, so that the test judges what was printed, not what muster
meant to print.  The last line says how many runs or words were read.
"""
import base64
import json
import re
import subprocess
import sys

MM = 72 / 25.4


def load(path):
    out = subprocess.run(["qpdf", "--json", "--json-stream-data=inline",
                          "--decode-level=generalized", path, "-"],
                         check=True, capture_output=True).stdout
    j = json.loads(out)
    return j, j["qpdf"][1]


def obj(objs, ref):
    """The value (or stream) of an indirect reference, else ref itself."""
    if isinstance(ref, str) and ref.endswith(" R"):
        return objs["obj:" + ref]
    return {"value": ref}


def val(objs, ref):
    o = obj(objs, ref)
    if "stream" in o:
        return o["stream"]["dict"]
    return o["value"]


def data(objs, ref):
    return base64.b64decode(obj(objs, ref)["stream"]["data"])


TOKEN = re.compile(rb"""
    (?P<ws>[\s]+|%[^\r\n]*)
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<str>\()
  | (?P<name>/[^\s/\[\]()<>{}%]*)
  | (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<open>\[|<<)
  | (?P<close>\]|>>)
  | (?P<op>[A-Za-z'"*]+[0-9]?)
""", re.X)


def tokens(s):
    i, n = 0, len(s)
    while i < n:
        m = TOKEN.match(s, i)
        if not m:
            i += 1
            continue
        kind = m.lastgroup
        if kind == "str":
            depth, j, buf = 1, m.end(), bytearray()
            while j < n and depth:
                c = s[j]
                if c == 0x5c:	# backslash
                    buf.append(s[j + 1])
                    j += 2
                    continue
                depth += (c == 0x28) - (c == 0x29)
                if depth:
                    buf.append(c)
                j += 1
            yield "str", bytes(buf)
            i = j
            continue
        if kind != "ws":
            t = m.group(kind)
            if kind == "hex":
                t = bytes.fromhex(re.sub(rb"\s", b"", t[1:-1]).decode())
                kind = "str"
            elif kind == "num":
                t = float(t)
            yield kind, t
        i = m.end()


def mul(a, b):
    """a then b, as PDF matrices [a b c d e f]."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def cmap(objs, font):
    """ToUnicode of a font as {code bytes: text}, and the code length."""
    d = val(objs, font)
    two = d.get("/Subtype") == "/Type0"
    m = {}
    if "/ToUnicode" not in d:
        return m, 2 if two else 1
    s = data(objs, d["/ToUnicode"]).decode("latin-1")
    for blk in re.findall(r"beginbfchar(.*?)endbfchar", s, re.S):
        for a, b in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", blk):
            m[bytes.fromhex(a)] = bytes.fromhex(b).decode("utf-16-be", "replace")
    for blk in re.findall(r"beginbfrange(.*?)endbfrange", s, re.S):
        for a, z, b in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", blk):
            lo, hi, u = int(a, 16), int(z, 16), int(b, 16)
            for k in range(lo, hi + 1):
                m[(k).to_bytes(len(a) // 2, "big")] = chr(u + k - lo)
    return m, 2 if two else 1


def decode(font, s):
    m, w = font
    return "".join(m.get(s[i:i + w], "?") for i in range(0, len(s), w))


def runs(objs, stream, res, ctm, out, page, depth=0):
    """Appends (page, size, x mm, y mm, text) for each text run."""
    fonts = val(objs, res.get("/Font", {})) if res else {}
    xobjs = val(objs, res.get("/XObject", {})) if res else {}
    stack, ops = [], []
    gs, tm, tlm = list(ctm), [1, 0, 0, 1, 0, 0], [1, 0, 0, 1, 0, 0]
    size, font, lead = 0.0, ({}, 1), 0.0
    cache = {}
    arr = None
    for kind, t in tokens(stream):
        if kind == "open" and t == b"[":
            arr = []
            continue
        if kind == "close" and t == b"]":
            ops.append(arr)
            arr = None
            continue
        if arr is not None:
            arr.append(t)
            continue
        if kind != "op":
            ops.append(t)
            continue
        op = t.decode()
        if op == "q":
            stack.append(gs)
        elif op == "Q" and stack:
            gs = stack.pop()
        elif op == "cm" and len(ops) >= 6:
            gs = mul([float(x) for x in ops[-6:]], gs)
        elif op == "BT":
            tm, tlm = [1, 0, 0, 1, 0, 0], [1, 0, 0, 1, 0, 0]
        elif op == "Tf" and len(ops) >= 2:
            size = float(ops[-1])
            name = ops[-2].decode()
            if name not in cache:
                ref = fonts.get(name)
                cache[name] = cmap(objs, ref) if ref else ({}, 1)
            font = cache[name]
        elif op == "TL" and ops:
            lead = float(ops[-1])
        elif op in ("Td", "TD") and len(ops) >= 2:
            tx, ty = float(ops[-2]), float(ops[-1])
            if op == "TD":
                lead = -ty
            tlm = mul([1, 0, 0, 1, tx, ty], tlm)
            tm = list(tlm)
        elif op == "Tm" and len(ops) >= 6:
            tlm = [float(x) for x in ops[-6:]]
            tm = list(tlm)
        elif op in ("T*", "'", '"'):
            tlm = mul([1, 0, 0, 1, 0, -lead], tlm)
            tm = list(tlm)
        if op in ("Tj", "TJ", "'", '"') and ops:
            a = ops[-1]
            s = b"".join(x for x in a if isinstance(x, bytes)) \
                if isinstance(a, list) else a
            text = decode(font, s)
            if text.strip():
                m = mul(tm, gs)
                eff = size * (m[2] ** 2 + m[3] ** 2) ** 0.5
                out.append((page, eff, m[4] / MM, m[5] / MM, text))
        elif op == "Do" and ops and depth < 8:
            x = xobjs.get(ops[-1].decode())
            if x:
                d = val(objs, x)
                if d.get("/Subtype") == "/Form":
                    fm = [float(v) for v in d.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                    runs(objs, data(objs, x), val(objs, d.get("/Resources", {})),
                         mul(fm, gs), out, page, depth + 1)
        ops = []


def size_check(path, floor, quiet):
    j, objs = load(path)
    out = []
    for p in j["pages"]:
        d = val(objs, p["object"])
        res = val(objs, d.get("/Resources", {}))
        s = b"".join(data(objs, c) for c in p["contents"])
        runs(objs, s, res, [1, 0, 0, 1, 0, 0], out, p["pageposfrom1"])
    small = [r for r in out if r[1] < floor - 0.005]
    if not quiet:
        for pg, eff, x, y, text in small:
            print("%s: page %d: %.2f pt at %.1f,%.1f mm: %s"
                  % (path, pg, eff, x, y, text))
    print("%s: %d of %d text runs under %g pt" % (path, len(small), len(out),
                                                 floor))
    return 1 if small else 0


def safe_check(path, margin, quiet):
    j, objs = load(path)
    trims, heights = {}, {}
    for p in j["pages"]:
        d = val(objs, p["object"])
        trims[p["pageposfrom1"]] = [float(v) for v in
                                    d.get("/TrimBox", d["/MediaBox"])]
        heights[p["pageposfrom1"]] = float(d["/MediaBox"][3])
    html = subprocess.run(["pdftotext", "-bbox", path, "-"], check=True,
                          capture_output=True).stdout.decode()
    bad = n = 0
    for pg, body in enumerate(re.split(r"<page ", html)[1:], 1):
        x0, y0, x1, y1 = trims[pg]
        height = heights[pg]
        for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" '
                             r'xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
                             body):
            n += 1
            a, b, c, e = (float(v) for v in m.groups()[:4])
            # pdftotext measures from the top; the TrimBox from the bottom.
            gap = min(a - x0, x1 - c, (height - e) - y0, y1 - (height - b))
            if gap < margin * MM - 0.01:
                bad += 1
                if not quiet:
                    print("%s: page %d: '%s' %.2f mm from the cut"
                          % (path, pg, m.group(5), gap / MM))
    print("%s: %d of %d words within %g mm of the cut" % (path, bad, n, margin))
    return 1 if bad else 0


def main(argv):
    quiet = "--quiet" in argv
    argv = [a for a in argv if a != "--quiet"]
    if len(argv) == 2 and argv[0] == "size":
        return size_check(argv[1], 6.0, quiet)
    if len(argv) == 4 and argv[0] == "size" and argv[1] == "--floor":
        return size_check(argv[3], float(argv[2]), quiet)
    if len(argv) == 4 and argv[0] == "safe" and argv[1] == "--margin":
        return safe_check(argv[3], float(argv[2]), quiet)
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
