#!/usr/bin/python3
"""bounded.py -- writes the bounded-* golden cases into tests/bad: inputs
inside the limits that once took seconds or gigabytes (SPEC section 8,
budgets), and the small limits beside them.  Run it from the top of the
tree after `make muster`; its .expected are goldens: read the diff.

    python3 tests/bad/bounded.py            write the images, cases, goldens
    python3 tests/bad/bounded.py --clean    remove every bounded-* file

The images go into tests/bad/bounded/, written here byte by byte: PNGs
with zlib for their pixels, JPEGs with Huffman tables of one code each,
so that a picture of one colour costs two bits a block.  Each case is
run as tests/bad.sh runs it; `make check-budget` holds it to a second
and 200 MB.
"""
import glob
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

TOP = os.getcwd()
BAD = TOP + "/tests/bad"
IMG = BAD + "/bounded"
MUSTER = TOP + "/muster"
RENDER = "render --paper letter -o %/out.pdf @"
CASES = []          # (name, text, args or None)


def case(name, text, args=None, comment=None):
    assert name.startswith("bounded-")
    if comment:
        text = "".join("# " + c + "\n" for c in comment.split("\n")) + text
    CASES.append((name, text, args))


def deck(name, arts, comment, template="cards/art.yaml", args=RENDER):
    cards = "".join("  - {name: %s, art: %s}\n" % (n, a) for n, a in arts)
    case(name, "system: cards\nkind: deck\ntemplate: %s\ncards:\n%s" %
         (template, cards), args, comment)


# ---------------------------------------------------------------- PNG
def chunk(kind, data, length=None):
    return (struct.pack(">I", len(data) if length is None else length) +
            kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))


SIG = b"\x89PNG\r\n\x1a\n"
SPP = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
# Adam7: each pass's first column and row, and its steps.
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
         (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def ihdr(w, h, depth, ct, il=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ct, 0, 0, il))


def zeros(w, h, depth, ct, il=0):
    """The IDAT data of a w x h picture of zeros (filter 0 each row)."""
    co = zlib.compressobj(9)
    out = []
    bits = SPP[ct] * depth
    passes = [(0, 0, 1, 1)] if il == 0 else ADAM7
    for xs, ys, xi, yi in passes:
        pw = (w - xs + xi - 1) // xi if w > xs else 0
        ph = (h - ys + yi - 1) // yi if h > ys else 0
        if pw == 0 or ph == 0:
            continue
        row = b"\x00" * (1 + (pw * bits + 7) // 8)
        # Many rows at once: the same bytes, fewer calls.
        n = max(1, 4 << 20 // len(row))
        for y in range(0, ph, n):
            out.append(co.compress(row * min(n, ph - y)))
    out.append(co.flush())
    return b"".join(out)


def png(w, h, depth=8, ct=2, il=0, extra=b"", data=None, plte=True,
        trns=None):
    body = ihdr(w, h, depth, ct, il) + extra
    if ct == 3 and plte:
        body += chunk(b"PLTE", bytes([200, 30, 30]) * (1 << min(depth, 8)))
    if trns is not None:
        body += chunk(b"tRNS", trns)
    return SIG + body + chunk(b"IDAT", zeros(w, h, depth, ct, il)
                              if data is None else data) + chunk(b"IEND", b"")


def put(name, data):
    with open(os.path.join(IMG, name), "wb") as f:
        f.write(data)
    return "bounded/" + name


# ---------------------------------------------------------------- JPEG
def seg(marker, data):
    return b"\xff" + bytes([marker]) + struct.pack(">H", len(data) + 2) + data


def jpeg_flat(w, h, comps, adobe=False, progressive=False, cut=False):
    """A baseline JPEG of w x h pixels of one colour (every coefficient
    0), components 1, 3 or 4 sampled 1x1: each block is DC category 0
    and an end of block, a bit each.  progressive and cut: only the
    headers and the start of a first scan (what a header claims is all
    that is looked at before a refusal)."""
    one = bytes([1] + [0] * 15)
    ids = range(1, comps + 1)
    out = b"\xff\xd8" + seg(0xdb, b"\x00" + bytes([1] * 64))
    if adobe:
        out += seg(0xee, b"Adobe" + bytes([0, 100, 0, 0, 0, 0, 0]))
    out += seg(0xc2 if progressive else 0xc0,
               struct.pack(">BHHB", 8, h, w, comps) +
               b"".join(bytes([i, 0x11, 0]) for i in ids))
    out += seg(0xc4, b"\x00" + one + b"\x00")      # DC: category 0
    if progressive or cut:
        out += seg(0xda, bytes([comps]) + b"".join(bytes([i, 0]) for i in ids)
                   + b"\x00\x00\x00") + b"\x00" * 64
        return out
    out += seg(0xc4, b"\x10" + one + b"\x00")      # AC: end of block
    out += seg(0xda, bytes([comps]) + b"".join(bytes([i, 0]) for i in ids)
               + b"\x00\x3f\x00")
    blocks = ((w + 7) // 8) * ((h + 7) // 8) * comps
    # Two bits of 0 a block; the last byte padded with ones.
    nbits = blocks * 2
    data = bytearray(nbits // 8)
    if nbits % 8:
        data.append((1 << (8 - nbits % 8)) - 1)
    return out + bytes(data) + b"\xff\xd9"


# ================================================================ cases
def image_cases():
    # The 51 bytes: a 4 x 4 PNG cut after its header, then a
    # chunk that claims 0x7ffffff0 bytes.  2.1 GB and 7 s, once.
    b51 = SIG + ihdr(4, 4, 8, 2) + struct.pack(">I", 0x7ffffff0) + \
        b"tEXt" + b"x" * 10
    assert len(b51) == 51
    deck("bounded-png-51-bytes", [("Bomb", put("b51.png", b51))],
         "A PNG of 51 bytes whose tEXt chunk claims 2 GB: refused from the\n"
         "chunk lengths, before libpng reserves anything.")
    ok = png(4, 4)
    idat = ok.index(b"IDAT") - 4
    deck("bounded-png-idat-huge", [("Huge IDAT", put("idat-huge.png",
         ok[:idat] + struct.pack(">I", 0x7ffffff0) + ok[idat + 4:]))],
         "An IDAT chunk that claims 2 GB in a file of 70 bytes.")
    deck("bounded-png-len-2-31", [("Two to the 31", put("len-2-31.png",
         ok[:idat] + struct.pack(">I", 0x80000000) + ok[idat + 4:]))],
         "A chunk length of 2^31, over PNG's own limit.")
    deck("bounded-png-cut-crc", [("Cut", put("cut-crc.png", ok[:-1]))],
         "IEND's checksum cut by one byte: the last chunk runs one byte\n"
         "past the file.")
    deck("bounded-png-exact", [("Exact", put("exact.png", ok))],
         "The same file whole: every chunk ends inside it.  Taken.")
    deck("bounded-png-no-iend", [("No end", put("no-iend.png", ok[:-12]))],
         "A PNG that stops after its pixels, without IEND.")
    deck("bounded-png-chunk-name", [("Junk", put("junk-name.png",
         ok[:idat + 4] + b"ID1T" + ok[idat + 8:]))],
         "A chunk whose name is not four letters: the file is not PNG\n"
         "past that byte.")
    deck("bounded-png-trailing", [("Trailing", put("trailing.png",
         ok + b"\x00" * 1000))],
         "Bytes after IEND are never read.  Taken.")
    bomb = zlib.compress(b"\x00" * (64 << 20), 9)
    deck("bounded-png-ztxt-bomb", [("zTXt", put("ztxt.png", png(
         16, 16, extra=chunk(b"zTXt", b"Comment\x00\x00" + bomb))))],
         "A zTXt chunk of 64 KB that inflates to 64 MiB: text is never\n"
         "inflated.  Taken.")
    deck("bounded-png-itxt-bomb", [("iTXt", put("itxt.png", png(
         16, 16, extra=chunk(b"iTXt", b"Comment\x00\x01\x00\x00\x00" +
                             bomb))))],
         "The same as compressed international text.  Taken.")
    deck("bounded-png-iccp-bomb", [("iCCP", put("iccp.png", png(
         16, 16, extra=chunk(b"iCCP", b"icc\x00\x00" + bomb))))],
         "An ICC profile that inflates to 64 MiB: profiles are skipped\n"
         "unread.  Taken.")
    many = b"".join(chunk(b"IDAT", bytes([c]))
                    for c in zeros(64, 64, 8, 2))
    deck("bounded-png-idat-bytewise", [("Bytewise", put("bytewise.png",
         SIG + ihdr(64, 64, 8, 2) + many + chunk(b"IEND", b"")))],
         "Its pixels in one IDAT chunk a byte.  Taken.")
    deck("bounded-png-depth-3", [("Depth 3", put("depth3.png",
         png(8, 8, depth=3, ct=0, data=zlib.compress(b"\x00" * 32))))],
         "A bit depth PNG does not have.")
    deck("bounded-png-no-plte", [("No palette", put("no-plte.png",
         png(8, 8, ct=3, plte=False)))],
         "A palette image without its palette.")
    bad_crc = bytearray(png(16, 16))
    i = bad_crc.index(b"IEND") - 5
    bad_crc[i] ^= 0xff
    deck("bounded-png-crc-idat", [("IDAT checksum", put("crc-idat.png",
         bytes(bad_crc)))], "A wrong checksum on IDAT.")
    deck("bounded-png-zlib-junk", [("Not zlib", put("zlib-junk.png",
         png(16, 16, data=b"\x13\x37" * 40)))],
         "IDAT data that is not zlib.")
    deck("bounded-png-short-rows", [("Short", put("short.png",
         png(16, 16, data=zlib.compress(b"\x00" * 49 * 8))))],
         "Half the rows it claims: found as the rows are read.")
    deck("bounded-png-bad-filter", [("Filter 9", put("filter9.png",
         png(4, 4, data=zlib.compress((b"\x09" + b"\x00" * 12) * 4))))],
         "A row filter PNG does not have.")
    deck("bounded-png-wide-cut", [("Wide", put("wide.png",
         SIG + ihdr(65535, 762, 8, 2) + ok[8 + 25:]))],
         "A header of 65,535 x 762 pixels (just under 50 megapixels) and\n"
         "the pixels of a 4 x 4 picture: the rows run out at once.")

    # Decompression bombs of the issue, now legal: 7,071^2 pixels of
    # zeros (just under the 50 megapixels), an inch across.
    bombs = [("16-bit RGBA", "z-rgba16.png", 16, 6, 0),
             ("8-bit RGBA", "z-rgba8.png", 8, 6, 0),
             ("interlaced grey and alpha", "z-ga-adam7.png", 8, 4, 1),
             ("interlaced RGB", "z-rgb-adam7.png", 8, 2, 1),
             ("16-bit grey", "z-grey16.png", 16, 0, 0),
             ("palette", "z-palette.png", 8, 3, 0),
             ("1-bit grey", "z-grey1.png", 1, 0, 0)]
    for what, fn, depth, ct, il in bombs:
        deck("bounded-bomb-" + fn[2:-4], [("Bomb", put(fn, png(
             7071, 7071, depth, ct, il)))],
             "7,071 x 7,071 pixels of zeros, %s, in an inch: read a row\n"
             "at a time, each 5 x 5 averaged into one (1,415 x 1,415 at\n"
             "1,200 dpi).  Taken." % what)
    deck("bounded-bomb-rgba8-pdfx", [("Bomb", "bounded/z-rgba8.png")],
         "The 8-bit RGBA bomb for PDF/X: its CMYK and alpha kept at the\n"
         "size it prints, for flattening.  Taken.",
         args="render --paper letter --pdfx -o %/out.pdf @")
    deck("bounded-bomb-rgb-pdfx", [("Bomb", "bounded/z-rgb-adam7.png")],
         "The interlaced RGB bomb for PDF/X, through the profile as the\n"
         "rows come.  Taken.",
         args="render --paper letter --pdfx -o %/out.pdf @")
    deck("bounded-bomb-cover", [("Bomb", "bounded/z-rgba8.png")],
         "The 8-bit RGBA bomb filling a box of another shape (fit:\n"
         "cover): shrunk by the side that is cut.  Taken.",
         template="bounded/cover.yaml")
    deck("bounded-jpeg-progressive-cmyk", [("Bomb", put(
         "z-cmyk-prog.jpg", jpeg_flat(7071, 7071, 4, adobe=True,
                                      progressive=True)))],
         "A progressive CMYK JPEG of 7,071^2 pixels: 382 MiB of\n"
         "coefficient buffers, told from its header before they are\n"
         "reserved.")
    deck("bounded-jpeg-grey", [("Grey", put("z-grey.jpg",
         jpeg_flat(7071, 7071, 1)))],
         "A baseline grey JPEG of 7,071^2 pixels in an inch: decoded at a\n"
         "quarter of its size, then averaged 1 in 1; embedded as\n"
         "pixels.  Taken.")
    deck("bounded-jpeg-rgb", [("RGB", put("z-rgb.jpg",
         jpeg_flat(4000, 4000, 3)))],
         "An RGB one of 4,000^2 pixels: decoded at half its size, then\n"
         "averaged 1 in 1.  Taken.")
    deck("bounded-jpeg-cmyk-adobe", [("CMYK", put("z-cmyk.jpg",
         jpeg_flat(2400, 2400, 4, adobe=True)))],
         "An Adobe CMYK JPEG of 2,400^2 pixels in an inch: its inverted\n"
         "inks put right as it is shrunk.  Taken.")
    deck("bounded-jpeg-rgb-pdfx", [("RGB", "bounded/z-rgb.jpg")],
         "The colour JPEG for PDF/X.  Taken.",
         args="render --paper letter --pdfx -o %/out.pdf @")
    deck("bounded-jpeg-small-whole", [("Small", put("flat-600.jpg",
         jpeg_flat(600, 600, 3)))],
         "600 pixels in an inch: embedded as the file is.  Taken.")
    # A progressive JPEG's coefficients against 128 MiB: RGB sampled 1x1
    # is 3 x 128 bytes a block; 591^2 blocks (4,728 pixels a side) is
    # 134,123,904 bytes, under 2^27 = 134,217,728; 592^2 is 134,578,176.
    deck("bounded-jpeg-coef-under", [("Under", put("coef-4728.jpg",
         jpeg_flat(4728, 4728, 3, progressive=True)))],
         "Progressive, 4,728^2 pixels of RGB: coefficients of 127.9 MiB,\n"
         "under the 128 allowed, reserved (then found cut short).")
    deck("bounded-jpeg-coef-over", [("Over", put("coef-4736.jpg",
         jpeg_flat(4736, 4736, 3, progressive=True)))],
         "4,736^2: 128.3 MiB, refused before they are reserved.")
    deck("bounded-jpeg-marker-past-end", [("Past", put("marker-past.jpg",
         b"\xff\xd8" + b"\xff\xe0" + struct.pack(">H", 0xfff0) + b"JFIF"))],
         "A segment claiming 65,520 bytes in a file of 10.")
    deck("bounded-jpeg-huge-frame", [("Huge", put("huge-frame.jpg",
         jpeg_flat(65535, 65535, 3, cut=True)))],
         "A frame of 65,535^2 pixels: over 50 megapixels, from the\n"
         "header.")

    # Every kind of PNG at 3,000 x 2,000 in an inch (shrunk 2 in 1),
    # straight and interlaced.
    kinds = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16),
             (3, 1), (3, 2), (3, 4), (3, 8), (4, 8), (4, 16), (6, 8),
             (6, 16)]
    for ct, depth in kinds:
        for il in (0, 1):
            fn = "k%d-%d%s.png" % (ct, depth, "-adam7" if il else "")
            deck("bounded-kind-%d-%d%s" % (ct, depth, "-adam7" if il else ""),
                 [("Kind", put(fn, png(3000, 2000, depth, ct, il)))],
                 "Colour type %d, %d bits%s, 3,000 x 2,000: read a row at a\n"
                 "time and shrunk 2 in 1.  Taken." %
                 (ct, depth, ", interlaced" if il else ""))
    # Transparency from tRNS, each kind it is given for.
    deck("bounded-trns-grey", [("tRNS", put("trns-grey.png", png(
         300, 300, 8, 0, trns=b"\x00\x00")))],
         "Grey with a transparent value.  Taken.")
    deck("bounded-trns-rgb", [("tRNS", put("trns-rgb.png", png(
         300, 300, 8, 2, trns=b"\x00\x00\x00\x00\x00\x00")))],
         "RGB with a transparent value.  Taken.")
    deck("bounded-trns-palette", [("tRNS", put("trns-pal.png", png(
         300, 300, 8, 3, trns=b"\x80")))],
         "A palette with alpha.  Taken.")
    # Edges: one pixel; one row and one column 50,000 long (blocks at
    # the edge smaller than the rest).
    deck("bounded-edge-one-pixel", [("One", put("one.png", png(1, 1)))],
         "One pixel.  Taken.")
    deck("bounded-edge-row", [("Row", put("row.png", png(50000, 1)))],
         "A row of 50,000 pixels: 1,389 to one in an inch.  Taken.")
    deck("bounded-edge-column", [("Column", put("column.png",
         png(1, 50000, 8, 6, 1)))],
         "A column of 50,000, interlaced.  Taken.")
    deck("bounded-edge-odd", [("Odd", put("odd.png", png(7001, 2401, 8, 4)))],
         "7,001 x 2,401: the last block of each row and the last row of\n"
         "blocks are partial.  Taken.")
    # At the printed resolution: 1,200 pixels an inch is kept whole, as
    # are 2,399; 2,400 are halved.
    for n in (1200, 2399, 2400):
        deck("bounded-dpi-%d" % n, [("Dpi", put("dpi-%d.png" % n,
             png(n, n, 8, 0)))],
             "%d pixels in an inch: %s.  Taken." % (
                 n, "shrunk 2 in 1" if n >= 2400 else "kept whole"))
    # The same file at two sizes: one XObject each.
    case("bounded-two-sizes", "system: cards\nkind: deck\ntemplate: "
         "bounded/two-sizes.yaml\ncards:\n  - {name: Two, art: "
         "bounded/dpi-2400.png}\n", RENDER,
         "One picture printed an inch and a quarter inch wide: embedded\n"
         "at 2,400 and at 1,200 pixels (shrunk 2 in 1 and 8 in 1).  Taken.")

    # The pixels of one document: 20 images of 50 megapixels decode
    # 1,000 (the limit); a 21st is refused before it is decoded.  Each
    # claims 10,000 x 5,000 and holds 4 x 4 (told as short).
    claim = SIG + ihdr(10000, 5000, 8, 2) + png(4, 4)[8 + 25:]
    for i in range(21):
        put("claim-%02d.png" % i, claim)
    arts = [("Claim %d" % i, "bounded/claim-%02d.png" % i)
            for i in range(21)]
    deck("bounded-doc-pixels-20", arts[:20],
         "Twenty files of 50 megapixels each (cut short): 1,000\n"
         "megapixels, the most a document's images may decode.")
    deck("bounded-doc-pixels-21", arts,
         "Twenty-one: the last is refused before it is decoded\n"
         "(render.budget).")


def text_cases():
    # The template: 1,999 elements of 60 x 80 mm, wrapped, from
    # 40 pt down to 1, over 9 cards of 2,000 characters.  180 s once.
    els = "".join('  - {name: e%d, text: "{text}", at: [1mm, 1mm], size: '
                  '[60mm, 80mm], wrap: true, min_pt: 1, pt: 40}\n' % i
                  for i in range(1999))
    with open(IMG + "/many.yaml", "w") as f:
        f.write("template: many\nrenders: cards.card\nsize: [63mm, 88mm]\n"
                "min_pt: 1\nsafe: 0mm\nelements:\n" + els)
    words = ["alpha", "be", "charlie", "do", "echo", "fox", "golf", "hi"]
    text = ""
    i = 0
    while len(text) < 1990:
        text += words[i % len(words)] + " "
        i += 1
    text = text[:2000].strip()
    cards = "".join('  - {name: C%d, text: "%s"}\n' % (n, text)
                    for n in range(9))
    case("bounded-text-1999", "system: cards\nkind: deck\ntemplate: "
         "bounded/many.yaml\ncards:\n" + cards, RENDER,
         "1,999 wrapped boxes of 2,000 characters from 40 pt down to 1 pt,\n"
         "9 cards: 180 s once; now the sizes are found by halving and each\n"
         "card's fitting stops at 2 million characters measured, naming\n"
         "the element (render.budget).")
    # The budget's edge, counted by hand: a box of one line that fits,
    # pt = min_pt, not wrapped, inside the safe margin, is measured once
    # when drawn: its 2,000 characters.  The check before each box sees
    # what the boxes before it measured: 1,000 boxes measure 2,000,000,
    # not over, so box 1,001 is drawn too (2,002,000); box 1,002 is
    # over.
    line = "i" * 2000
    for n in (1001, 1002):
        els = "".join('  - {name: b%d, text: "{text}", at: [0mm, 0mm], '
                      'size: [1300mm, 10mm], pt: 6, min_pt: 6}\n' % i
                      for i in range(1, n + 1))
        with open(IMG + "/edge-%d.yaml" % n, "w") as f:
            f.write("template: edge\nrenders: cards.card\nsize: [63mm, 88mm]\n"
                    "safe: 0mm\nelements:\n" + els)
        case("bounded-text-edge-%d" % n, "system: cards\nkind: deck\n"
             "template: bounded/edge-%d.yaml\ncards:\n  - {name: Edge, "
             "text: %s}\n" % (n, line), RENDER,
             "%d boxes of 2,000 characters measured once each: %s" % (
                 n, "2,000,000 measured before the last, not over the\n"
                 "budget: drawn." if n == 1001 else "the 1,002nd is past "
                 "the budget."))
    els = "".join('  - {name: w%d, text: "{text}", at: [1mm, 1mm], size: '
                  '[60mm, 80mm], wrap: true, min_pt: 1, pt: 40}\n' % i
                  for i in range(100))
    with open(IMG + "/hundred.yaml", "w") as f:
        f.write("template: hundred\nrenders: cards.card\n"
                "size: [63mm, 88mm]\nmin_pt: 1\nsafe: 0mm\nelements:\n" + els)
    case("bounded-text-hundred", "system: cards\nkind: deck\ntemplate: "
         "bounded/hundred.yaml\ncards:\n  - {name: C, text: \"%s\"}\n" % text,
         RENDER, "100 such boxes on a card: inside the budget, drawn.")


def small_cases():
    # CSV column names: 2,000 characters, and 2,001 (SPEC 8).
    for n, ch in ((2000, "c"), (2001, "c"), (1000, "\u00e9"),
                  (2001, "\u00e9")):
        name = "bounded-csv-name-%d%s" % (n, "-accent" if ch != "c" else "")
        fn = IMG + "/" + name[8:] + ".csv"
        with open(fn, "w", encoding="utf-8") as f:
            f.write("name,text,%s\nA,x,y\n" % (ch * n))
        case(name, "system: cards\nkind: deck\ndata: bounded/%s.csv\n" %
             name[8:], None, "A column named with %d '%s' (%d bytes)." % (
                 n, ch, len((ch * n).encode())))
    # Names tagged as numbers (yaml.type); !!str and plain are names.
    unit = open(TOP + "/units/shellshock/mason.yaml", encoding="utf-8").read()
    unit = "\n".join(l for l in unit.split("\n") if not l.startswith("#"))
    for tag in ("!!int 5", "!!float 5", "!!bool true", "!!str 5", "5"):
        slug = tag.replace("!!", "").replace(" ", "-")
        case("bounded-name-" + slug, unit.replace(
             "name: " + unit.split("name: ")[1].split("\n")[0],
             "name: " + tag, 1), None,
             "A unit's name: %s." % tag)
    case("bounded-name-card-int", "system: cards\nkind: deck\ncards:\n"
         "  - {name: !!int 5, text: !!int 5}\n", None,
         "A card's name tagged !!int; its text may be a number.")
    case("bounded-name-deck-bool", "system: cards\nkind: deck\n"
         "name: !!bool true\ncards:\n  - {name: A, text: x}\n", None,
         "A deck's name tagged !!bool.")
    # pt and min_pt written together.
    for pt, mn in ((5, 50), (8, 8), (8, 8.25), (8, 7.75)):
        slug = ("%s-%s" % (pt, mn)).replace(".", "_")
        with open(IMG + "/pt-%s.yaml" % slug, "w") as f:
            f.write("template: pt\nrenders: cards.card\nsize: [63mm, 88mm]\n"
                    "elements:\n  - {name: t, text: \"{text}\", at: [5mm, "
                    "5mm], size: [50mm, 20mm], pt: %s, min_pt: %s}\n" %
                    (pt, mn))
        case("bounded-pt-" + slug, "system: cards\nkind: deck\ntemplate: "
             "bounded/pt-%s.yaml\ncards:\n  - {name: A, text: x}\n" % slug,
             None, "pt %s, min_pt %s." % (pt, mn))
    # Text boxes of no width or height.
    for size in ("[0, 0]", "[0mm, 5mm]", "[5mm, 0mm]", "[0.1mm, 0.1mm]"):
        slug = size.strip("[]").replace(", ", "x").replace(".", "_")
        with open(IMG + "/box-%s.yaml" % slug, "w") as f:
            f.write("template: box\nrenders: cards.card\nsize: [63mm, 88mm]\n"
                    "elements:\n  - {name: t, text: \"{text}\", at: [5mm, "
                    "5mm], size: %s}\n" % size)
        case("bounded-box-" + slug, "system: cards\nkind: deck\ntemplate: "
             "bounded/box-%s.yaml\ncards:\n  - {name: A, text: x}\n" % slug,
             None, "A text box of %s." % size)


def templates():
    with open(IMG + "/cover.yaml", "w") as f:
        f.write("template: cover\nrenders: cards.card\nsize: [63mm, 88mm]\n"
                "elements:\n  - {name: art, image: \"{art}\", fit: cover, "
                "at: [10mm, 20mm], size: [1in, 0.5in]}\n")
    with open(IMG + "/two-sizes.yaml", "w") as f:
        f.write("template: two\nrenders: cards.card\nsize: [63mm, 88mm]\n"
                "elements:\n  - {name: big, image: \"{art}\", at: [10mm, "
                "20mm], size: [1in, 1in]}\n  - {name: small, image: "
                "\"{art}\", at: [10mm, 60mm], size: [0.25in, 0.25in]}\n")


# ================================================================ writing
def clean():
    for f in glob.glob(BAD + "/bounded-*"):
        os.unlink(f)
    shutil.rmtree(IMG, ignore_errors=True)


def run(name, args, scratch):
    argv = (["check", name + ".yaml"] if args is None else
            args.replace("@", name + ".yaml").replace("%", scratch).split())
    env = dict(os.environ, MUSTER_TEMPLATES="../../templates",
               MUSTER_DECKS="../../decks", MUSTER_UNITS="../../units")
    p = subprocess.run([MUSTER] + argv, cwd=BAD, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       timeout=120)
    return p.returncode, p.stderr


def main():
    clean()
    if "--clean" in sys.argv:
        return
    os.makedirs(IMG)
    templates()
    image_cases()
    text_cases()
    small_cases()
    names = [c[0] for c in CASES]
    assert len(names) == len(set(names)), "duplicate case names"
    scratch = tempfile.mkdtemp()
    for name, text, args in CASES:
        with open(os.path.join(BAD, name + ".yaml"), "w",
                  encoding="utf-8") as f:
            f.write(text)
        if args is not None:
            with open(os.path.join(BAD, name + ".args"), "w") as f:
                f.write(args + "\n")
        rc, err = run(name, args, scratch)
        with open(os.path.join(BAD, name + ".expected"), "wb") as f:
            f.write(err)
        if rc != 1:
            with open(os.path.join(BAD, name + ".status"), "w") as f:
                f.write("%d\n" % rc)
        print("%-40s %d %s" % (name, rc, err.decode("utf-8", "replace")
                               .split("\n")[0][:120]))
        for f in glob.glob(scratch + "/*"):
            os.unlink(f)
    os.rmdir(scratch)
    print("%d cases" % len(CASES))


if __name__ == "__main__":
    main()
