#!/usr/bin/python3
"""images.py -- writes the images of the bad-input corpus beside itself.

Run from anywhere: python3 tests/bad/cards/images.py.  The files are
committed; this says how each was made, so that a case can be remade or
changed.  PNGs are written here byte by byte (zlib for the pixels);
JPEGs come from pdftoppm (poppler-utils) drawing a small PDF.
"""
import os
import struct
import subprocess
import tempfile
import zlib

here = os.path.dirname(os.path.abspath(__file__))


def chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))


def png(w, h, pixel, ctype=6, hw=None, hh=None):
    """A PNG of w x h pixels, 8 bits a sample; pixel(x, y) gives the
    samples.  hw, hh: the size the header claims, when not w, h."""
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        for x in range(w):
            raw.extend(pixel(x, y))
    head = struct.pack(">IIBBBBB", w if hw is None else hw,
                       h if hh is None else hh, 8, ctype, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) +
            chunk(b"IDAT", zlib.compress(bytes(raw), 9)) +
            chunk(b"IEND", b""))


def disc(size, rgb):
    """A disc of colour rgb on transparency, edges smoothed."""
    r = size / 2.0

    def pixel(x, y):
        d = ((x + 0.5 - r) ** 2 + (y + 0.5 - r) ** 2) ** 0.5
        a = max(0.0, min(1.0, r - 1 - d))
        return rgb + (int(a * 255),)
    return png(size, size, pixel)


def jpeg(size):
    """A JPEG of size x size pixels: a PDF page of a blue square with a
    white bar, drawn by pdftoppm."""
    content = b"0.1 0.3 0.7 rg 0 0 72 72 re f 1 1 1 rg 10 30 52 12 re f"
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
        subprocess.run(["pdftoppm", "-jpeg", "-singlefile", "-scale-to-x",
                        str(size), "-scale-to-y", str(size), pdf,
                        os.path.join(t, "a")], check=True)
        with open(os.path.join(t, "a.jpg"), "rb") as f:
            return f.read()


def write(name, data):
    with open(os.path.join(here, name), "wb") as f:
        f.write(data)


red = (200, 30, 30)
logo = disc(150, red)
# 150 pixels over an inch is 150 dpi: sharp enough, no warning ...
write("img-logo.png", logo)
# ... and 149 a warning.
write("img-149.png", disc(149, red))
# Told by their bytes, whatever their names say: both are taken.
write("img-png.jpg", logo)
photo = jpeg(150)
write("img-jpeg.png", photo)
write("img-photo.jpg", photo)
# Not images: text, nothing.
write("img-text.png", b"the art goes here\n")
write("img-empty.png", b"")
# Cut short: in the pixels of a PNG and of a JPEG.
write("img-cut.png", logo[:len(logo) // 2])
write("img-cut.jpg", photo[:len(photo) // 2])
# A checksum that does not match its chunk.
bad = bytearray(logo)
bad[29] ^= 0xff
write("img-crc.png", bytes(bad))
# Sizes from the header, read before anything is decoded: 50 megapixels
# exactly passes the limit (and is then found cut short) ...
write("img-limit.png", png(4, 4, lambda x, y: red, 2, 10000, 5000))
# ... a row more is refused as too large, and so are 2^31 - 1 squared
# and a width of 0.
write("img-over.png", png(4, 4, lambda x, y: red, 2, 10000, 5001))
write("img-huge.png", png(4, 4, lambda x, y: red, 2, 0x7fffffff, 0x7fffffff))
write("img-zero.png", png(4, 4, lambda x, y: red, 2, 0, 4))


def jpeg_cut(w, h, comps):
    """A progressive JPEG whose frame says w x h pixels of comps
    components, written byte by byte and cut 64 bytes into its first
    scan (the DC of its first four components): what it claims is
    whole-image coefficient buffers, two bytes a sample."""
    def seg(marker, data):
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(data) + 2) + data
    dc = bytes([1] + [0] * 15) + b"\x00"	# one code, of category 0
    first = range(min(comps, 4))
    return (b"\xff\xd8" + seg(0xdb, b"\x00" + bytes([1] * 64)) +
            seg(0xc2, struct.pack(">BHHB", 8, h, w, comps) +
                b"".join(bytes([i + 1, 0x11, 0]) for i in range(comps))) +
            seg(0xc4, b"\x00" + dc) +
            seg(0xda, bytes([len(first)]) +
                b"".join(bytes([i + 1, 0]) for i in first) + b"\x00\x00\x00") +
            b"\x00" * 64)


# 65,500 x 763, just under 50 megapixels, three components, cut short:
# refused at the first sign of damage, before it costs 300 MB.
write("img-cut-big.jpg", jpeg_cut(65500, 763, 3))
# Two components, which PDF cannot show: told before it is decoded, so
# told as such even cut short.
write("img-2.jpg", jpeg_cut(16, 16, 2))


def jpeg_scans(w, h, n):
    """A grey progressive JPEG of n scans, every one as the standard
    allows (its DC, then one coefficient after another, each sent a bit
    at a time from bit 13): each scan is a few bytes of end-of-band
    runs, each costs a pass over every block of the image."""
    def seg(marker, data):
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(data) + 2) + data
    blocks = ((w + 7) // 8) * ((h + 7) // 8)
    assert blocks <= 16384	# one run of 2^14 ends every band
    one = bytes([1] + [0] * 15)
    out = (b"\xff\xd8" + seg(0xdb, b"\x00" + bytes([1] * 64)) +
           seg(0xc2, struct.pack(">BHHB", 8, h, w, 1) + b"\x01\x11\x00") +
           seg(0xc4, b"\x00" + one + b"\x00") +	# DC: category 0
           seg(0xc4, b"\x10" + one + b"\xe0") +	# AC: a run of 2^14
           seg(0xda, b"\x01\x01\x00\x00\x00\x00") + bytes((blocks + 7) // 8))
    k, al = 1, 13
    for _ in range(n - 1):
        ah = 0 if al == 13 else al + 1
        # The code '0' and 14 bits of 0: 16,384 blocks, all of them
        # (a bit of 1 pads the byte).
        out += seg(0xda, bytes([1, 1, 0, k, k, ah << 4 | al])) + b"\x00\x01"
        k, al = (k + 1, 13) if al == 0 else (k, al - 1)
    return out + b"\xff\xd9"


# The most scans a progressive JPEG may have, and one more.
write("img-scans-100.jpg", jpeg_scans(160, 160, 100))
write("img-scans-101.jpg", jpeg_scans(160, 160, 101))
