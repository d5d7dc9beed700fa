#!/usr/bin/python3
"""pdfx_check.py LIMIT FILE.pdf -- holds a PDF to PDF/X-1a:2003 (ISO
15930-4) as a print shop's preflight would, reading every object back
through `qpdf --json` (streams decoded), not through muster's own code:

* the header says PDF 1.3 or 1.4; the trailer has an /ID;
* the Info dictionary has GTS_PDFXVersion (PDF/X-1:2003),
  GTS_PDFXConformance (PDF/X-1a:2003), Trapped /False, a Title, a
  CreationDate and a ModDate;
* the catalog has an OutputIntent /GTS_PDFX with an
  OutputConditionIdentifier and a DestOutputProfile of 4 components;
* every page has a MediaBox and a TrimBox, the TrimBox inside the
  BleedBox (when there is one) and both inside the MediaBox;
* no object names an RGB, calibrated or ICC colour space (the output
  profile aside), no SMask, no transparency group, no constant alpha
  under 1, no blend mode but Normal;
* every image is DeviceCMYK or DeviceGray, and no CMYK sample's four
  inks add up to more than LIMIT percent;
* every font is embedded (a FontFile, FontFile2 or FontFile3);
* no content stream (page or form) sets an RGB colour (rg, RG) or any
  colour by sc/scn, and every k and K is within LIMIT.

Prints one line per problem and a summary; exit 1 when there is any.
"""
import base64
import json
import re
import subprocess
import sys

limit = float(sys.argv[1])
path = sys.argv[2]
problems = []


def bad(msg):
    problems.append(msg)


with open(path, "rb") as f:
    head = f.read(16)
if not re.match(rb"%PDF-1\.[34]\b", head):
    bad("header %r is not PDF 1.3 or 1.4" % head[:8])

out = subprocess.run(
    ["qpdf", "--json=2", "--json-stream-data=inline",
     "--decode-level=generalized", path],
    check=False, capture_output=True)
if out.returncode not in (0, 3):
    print("qpdf cannot read %s: %s" % (path, out.stderr.decode()[:200]))
    sys.exit(1)
doc = json.loads(out.stdout)
objs = doc["qpdf"][1]


def obj(ref):
    """The object a reference names (its value, or its stream)."""
    if isinstance(ref, str) and re.fullmatch(r"\d+ \d+ R", ref):
        return objs.get("obj:" + ref, {}).get("value",
                                              objs.get("obj:" + ref))
    return ref


def val(x):
    x = obj(x)
    if isinstance(x, dict) and "stream" in x:
        return x["stream"]["dict"]
    return x


def text(s):
    return s[2:] if isinstance(s, str) and s[:2] in ("u:", "b:") else s


trailer = objs["trailer"]["value"]
if "/ID" not in trailer:
    bad("the trailer has no /ID")
info = val(trailer.get("/Info", {})) or {}
want = {"/GTS_PDFXVersion": "PDF/X-1:2003",
        "/GTS_PDFXConformance": "PDF/X-1a:2003"}
for key, v in want.items():
    if text(info.get(key)) != v:
        bad("Info %s is %r, not %r" % (key, text(info.get(key)), v))
if info.get("/Trapped") != "/False":
    bad("Info /Trapped is %r, not /False" % info.get("/Trapped"))
for key in ("/Title", "/CreationDate", "/ModDate"):
    if not text(info.get(key)):
        bad("Info has no %s" % key)

root = val(trailer["/Root"])
intents = [val(i) for i in val(root.get("/OutputIntents", [])) or []]
pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
profile_ref = None
if not pdfx:
    bad("the catalog has no /GTS_PDFX OutputIntent")
else:
    oi = pdfx[0]
    if not text(oi.get("/OutputConditionIdentifier")):
        bad("the OutputIntent has no OutputConditionIdentifier")
    profile_ref = oi.get("/DestOutputProfile")
    prof = val(profile_ref) if profile_ref else None
    if not prof or prof.get("/N") != 4:
        bad("the OutputIntent's DestOutputProfile is missing or not CMYK")


def box(page, key):
    b = page.get(key)
    return [float(v) for v in val(b)] if b is not None else None


def inside(a, b):
    return (a[0] >= b[0] - 0.01 and a[1] >= b[1] - 0.01 and
            a[2] <= b[2] + 0.01 and a[3] <= b[3] + 0.01)


npages = 0
for i, p in enumerate(doc["pages"], 1):
    npages += 1
    page = val(p["object"])
    media, trim, bleed = (box(page, "/MediaBox"), box(page, "/TrimBox"),
                          box(page, "/BleedBox"))
    if media is None or trim is None:
        bad("page %d has no %s" % (i, "MediaBox" if media is None
                                   else "TrimBox"))
        continue
    if bleed is not None and not (inside(trim, bleed) and
                                  inside(bleed, media)):
        bad("page %d: TrimBox %s, BleedBox %s, MediaBox %s do not nest" %
            (i, trim, bleed, media))
    elif not inside(trim, media):
        bad("page %d: TrimBox %s outside the MediaBox %s" % (i, trim, media))

RGB = {"/DeviceRGB", "/CalRGB", "/CalGray", "/Lab", "/ICCBased",
       "/DefaultRGB"}
nimg = ncontent = nk = 0
worst = 0.0


def walk(x, where):
    """Every name and key in an object, for the colour spaces and
    transparency no PDF/X-1a file may hold."""
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "/SMask" and v != "/None":
                bad("%s has a soft mask (/SMask)" % where)
            if k in ("/CA", "/ca") and float(v) < 1:
                bad("%s has constant alpha %s %s" % (where, k, v))
            if k == "/BM" and v not in ("/Normal", "/Compatible"):
                bad("%s has blend mode %s" % (where, v))
            if k == "/Group" and isinstance(v, dict) and \
                    v.get("/S") == "/Transparency":
                bad("%s has a transparency group" % where)
            walk(v, where)
    elif isinstance(x, list):
        for v in x:
            walk(v, where)
    elif isinstance(x, str) and x in RGB:
        bad("%s names the colour space %s" % (where, x))


TOKEN = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|"
                   rb"[-+]?(?:\d+\.?\d*|\.\d+)|/[^\s/\[\]()<>{}]*|"
                   rb"[A-Za-z'\"*]+|\[|\]|<<|>>")


def content(data, where):
    """The colour operators of a content stream."""
    global ncontent, nk, worst
    ncontent += 1
    nums = []
    for m in TOKEN.finditer(data):
        t = m.group()
        if re.fullmatch(rb"[-+]?(?:\d+\.?\d*|\.\d+)", t):
            nums.append(float(t))
            continue
        if t in (b"rg", b"RG"):
            bad("%s sets an RGB colour (%s)" % (where, t.decode()))
        elif t in (b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"):
            bad("%s sets a colour space or colour by %s" %
                (where, t.decode()))
        elif t in (b"k", b"K"):
            nk += 1
            total = sum(nums[-4:]) * 100
            worst = max(worst, total)
            if total > limit + 0.01:
                bad("%s: %s %s: total ink %.2f %% over %g %%" %
                    (where, " ".join("%g" % v for v in nums[-4:]),
                     t.decode(), total, limit))
        nums = []


for key, o in objs.items():
    if not key.startswith("obj:"):
        continue
    ref = key[4:]
    if ref == profile_ref:
        continue
    if "stream" in o:
        d = o["stream"]["dict"]
        walk(d, "object " + ref)
        sub = d.get("/Subtype")
        if sub == "/Image":
            nimg += 1
            cs = val(d.get("/ColorSpace"))
            if cs not in ("/DeviceCMYK", "/DeviceGray"):
                bad("image %s is in %s, not DeviceCMYK or DeviceGray" %
                    (ref, cs))
            filt = d.get("/Filter")
            if cs == "/DeviceCMYK" and "data" in o["stream"] and \
                    filt in (None, []):
                px = base64.b64decode(o["stream"]["data"])
                lim = limit * 255 / 100
                over = 0
                top = 0
                for j in range(0, len(px) - 3, 4):
                    s = px[j] + px[j + 1] + px[j + 2] + px[j + 3]
                    if s > top:
                        top = s
                    if s > lim:
                        over += 1
                worst = max(worst, top * 100 / 255)
                if over:
                    bad("image %s: %d samples over %g %% total ink (up to "
                        "%.1f %%)" % (ref, over, limit, top * 100 / 255))
            elif cs == "/DeviceCMYK":
                bad("image %s: CMYK data under %s, which this check "
                    "cannot read" % (ref, filt))
        elif sub == "/Form" and "data" in o["stream"]:
            content(base64.b64decode(o["stream"]["data"]), "form " + ref)
    else:
        v = o.get("value")
        walk(v, "object " + ref)
        if isinstance(v, dict) and v.get("/Type") == "/FontDescriptor":
            if not any(k in v for k in ("/FontFile", "/FontFile2",
                                        "/FontFile3")):
                bad("font %s is not embedded" % v.get("/FontName"))

for i, p in enumerate(doc["pages"], 1):
    for c in p["contents"]:
        o = objs.get("obj:" + c, {})
        if "stream" in o and "data" in o["stream"]:
            content(base64.b64decode(o["stream"]["data"]), "page %d" % i)

for msg in problems[:40]:
    print(msg)
if len(problems) > 40:
    print("... and %d more" % (len(problems) - 40))
print("pdfx_check: %s: %d pages, %d images, %d content streams, %d k/K, "
      "most ink %.1f %%; %d problems" % (path, npages, nimg, ncontent, nk,
                                         worst, len(problems)))
sys.exit(1 if problems else 0)
