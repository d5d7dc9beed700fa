#!/usr/bin/python3
"""png_pixel.py FILE [X Y]... -- a PNG's size, and the colour of pixels,
read with the standard library alone (8-bit RGB or RGBA, not interlaced),
for the e2e tests of render --format png: prints "W H" then "#rrggbb" a
pixel."""
import struct
import sys
import zlib


def read(path, last):
    """The size, bytes a pixel and rows 0 to LAST unfiltered: the whole
    image is inflated and every row's filter type checked (a short,
    long or corrupt stream fails), but only the rows a pixel is asked
    from are unfiltered (a 2480 x 2422 sheet's every row took 3 s)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, lace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and lace == 0
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    assert len(raw) == h * (stride + 1), "%d bytes of pixels, want %d" % (
        len(raw), h * (stride + 1))
    for y in range(h):
        assert raw[y * (stride + 1)] <= 4, "row %d: filter type %d" % (
            y, raw[y * (stride + 1)])
    rows, prev = [], bytearray(stride)
    low7 = int.from_bytes(b"\x7f" * stride, "big")
    top1 = int.from_bytes(b"\x80" * stride, "big")
    for y in range(min(h, last + 1)):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 2:
            # Up, every byte at once: each byte's low 7 bits added
            # apart, the top bit by exclusive or (no carry between
            # bytes), so each byte is (line + prev) mod 256.
            x, u = int.from_bytes(line, "big"), int.from_bytes(prev, "big")
            s7 = ((x & low7) + (u & low7)) ^ ((x ^ u) & top1)
            line = bytearray(s7.to_bytes(stride, "big"))
            f = 0
        for i in range(stride if f else 0):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


args = sys.argv[2:]
w, h, bpp, rows = read(sys.argv[1], max([int(y) for y in args[1::2]] or [-1]))
print(w, h)
for i in range(0, len(args), 2):
    x, y = int(args[i]), int(args[i + 1])
    px = rows[y][x * bpp:x * bpp + 3]
    print("#%02x%02x%02x" % tuple(px))
