#!/usr/bin/python3
"""images.py -- writes fuzz_image's seeds beside itself: small PNG and
JPEG files of each kind the image reader meets, so that libFuzzer starts
from every branch of libpng's and libjpeg's decoders rather than only
the deck's RGBA pictures.

Run from anywhere: python3 tests/fuzz/images/images.py.  The files are
committed; this says how each was made.  PNGs are written here byte by
byte (zlib for the pixels, Adam7 by hand); JPEGs come from pdftoppm
(poppler-utils) drawing a small PDF.
"""
import os
import struct
import subprocess
import tempfile
import zlib

here = os.path.dirname(os.path.abspath(__file__))
W, H = 13, 9		# odd sizes: partial bytes, partial Adam7 passes


def chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))


def pack(samples, depth):
    """A row's samples (each below 2**depth) as bytes."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = acc << depth | s
        n += depth
        if n == 8:
            out.append(acc)
            acc = n = 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


def png(ctype, depth, pixel, interlace=False, extra=b""):
    """A W x H PNG; pixel(x, y) gives the samples of a pixel."""
    def rows(xs, ys):
        raw = bytearray()
        for y in ys:
            raw.append(y % 5)	# filters 0 to 4, each once at least
            samples = []
            for x in xs:
                samples.extend(pixel(x, y))
            line = pack(samples, depth)
            raw.extend(line)	# filter types left unapplied: data as is
        return raw
    if interlace:
        raw = bytearray()
        for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8),
                               (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
                               (0, 1, 1, 2)):
            xs, ys = range(x0, W, dx), range(y0, H, dy)
            if len(xs) and len(ys):
                raw.extend(rows(xs, ys))
    else:
        raw = rows(range(W), range(H))
    head = struct.pack(">IIBBBBB", W, H, depth, ctype, 0, 0,
                       1 if interlace else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + extra +
            chunk(b"IDAT", zlib.compress(bytes(raw), 9)) +
            chunk(b"IEND", b""))


def jpeg(*opts):
    """A JPEG of W x H pixels drawn by pdftoppm with opts."""
    content = b"0.1 0.3 0.7 rg 0 0 72 72 re f 1 0.8 0.2 rg 10 30 52 12 re f"
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] "
            b"/Contents 4 0 R >>",
            b"<< /Length %d >>\nstream\n" % len(content) + content +
            b"\nendstream"]
    out = bytearray(b"%PDF-1.4\n")
    offs = []
    for i, o in enumerate(objs):
        offs.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs:
        out += b"%010d 00000 n \n" % o
    out += (b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objs) + 1, xref))
    with tempfile.TemporaryDirectory() as t:
        pdf = os.path.join(t, "a.pdf")
        with open(pdf, "wb") as f:
            f.write(out)
        subprocess.run(["pdftoppm", *opts, "-singlefile", "-scale-to-x",
                        str(W), "-scale-to-y", str(H), pdf,
                        os.path.join(t, "a")], check=True)
        with open(os.path.join(t, "a.jpg"), "rb") as f:
            return f.read()


def write(name, data):
    with open(os.path.join(here, name), "wb") as f:
        f.write(data)


def level(x, y, top):
    return (x * 7 + y * 3) % (top + 1)


for depth in (1, 2, 4, 8, 16):
    write("grey-%d.png" % depth,
          png(0, depth, lambda x, y, d=depth: (level(x, y, 2 ** d - 1),)))
write("grey-trns.png", png(0, 8, lambda x, y: (level(x, y, 255),),
                           extra=chunk(b"tRNS", b"\x00\x07")))
write("rgb-8.png", png(2, 8, lambda x, y: (x * 19, y * 28, 90)))
write("rgb-16.png", png(2, 16, lambda x, y: (x * 5000, y * 7000, 30000),
                        extra=chunk(b"gAMA", struct.pack(">I", 45455))))
palette = bytes(range(0, 48))
write("palette-4.png", png(3, 4, lambda x, y: (level(x, y, 15),),
                           extra=chunk(b"PLTE", palette) +
                           chunk(b"tRNS", bytes(range(0, 256, 32)))))
write("palette-1.png", png(3, 1, lambda x, y: ((x + y) % 2,),
                           extra=chunk(b"PLTE", b"\xff\x00\x00\x00\x00\xff")))
write("grey-alpha.png", png(4, 8, lambda x, y: (level(x, y, 255), x * 19)))
write("rgba-16.png", png(6, 16, lambda x, y: (x * 5000, 0, y * 7000,
                                               65535 - x * 4000)))
write("rgba-adam7.png", png(6, 8, lambda x, y: (x * 19, y * 28, 90, 200),
                            interlace=True,
                            extra=chunk(b"sRGB", b"\x00")))
write("grey-adam7.png", png(0, 2, lambda x, y: (level(x, y, 3),),
                            interlace=True))
write("rgb.jpg", jpeg("-jpeg"))
write("grey.jpg", jpeg("-jpeg", "-gray"))
write("progressive.jpg", jpeg("-jpeg", "-jpegopt", "progressive=y"))
write("optimized.jpg", jpeg("-jpeg", "-jpegopt", "optimize=y,quality=30"))
write("cmyk.jpg", jpeg("-jpegcmyk"))
