#!/usr/bin/python3
"""draw-ember-tide.py -- draws the pictures of the example deck Ember &
Tide (decks/ember-tide/icons/): an icon for each of its four elements,
printed large on each card and small by its name, and the crest on the
cards' backs.  Pure Python: shapes tested point by point, four samples a
pixel for smooth edges, written as RGBA PNG with zlib.  The PNGs are
committed; run this to change them (python3 tools/draw-ember-tide.py).
"""
import math
import os
import struct
import zlib

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                   "decks", "ember-tide", "icons")


def write_png(path, size, pixels):
    raw = bytearray()
    for y in range(size):
        raw.append(0)
        raw.extend(pixels[y * size * 4:(y + 1) * size * 4])

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" +
                chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6,
                                           0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(bytes(raw), 9)) +
                chunk(b"IEND", b""))


def render(size, layers):
    """layers: (inside(x, y) -> bool, (r, g, b)) in painting order, x and
    y from -1 to 1 across the picture, y down.  Four samples a pixel."""
    px = bytearray(size * size * 4)
    offs = ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))
    for j in range(size):
        for i in range(size):
            r = g = b = a = 0.0
            for ox, oy in offs:
                x = (i + ox) / size * 2 - 1
                y = (j + oy) / size * 2 - 1
                col = None
                for inside, c in layers:
                    if inside(x, y):
                        col = c
                if col:
                    r += col[0]
                    g += col[1]
                    b += col[2]
                    a += 1
            k = (j * size + i) * 4
            if a:
                px[k:k + 4] = bytes((int(r / a), int(g / a), int(b / a),
                                     int(a / 4 * 255)))
    return px


def disc(cx, cy, rad):
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad


def polygon(points):
    def inside(x, y):
        n, c = len(points), False
        for k in range(n):
            x1, y1 = points[k]
            x2, y2 = points[(k + 1) % n]
            if (y1 > y) != (y2 > y) and \
                    x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                c = not c
        return c
    return inside


def flame_shape(scale, dy):
    """A flame: round at the foot, drawn up to a point that leans
    right."""
    def inside(x, y):
        y = (y - dy) / scale
        x = x / scale
        if y > 0.35:
            return x * x + (y - 0.35) ** 2 <= 0.5 ** 2
        if y < -1.0:
            return False
        t = (0.35 - y) / 1.35         # 0 at the foot, 1 at the tip
        w = 0.5 * math.cos(t * math.pi / 2) ** 0.9
        lean = 0.3 * t * t
        return abs(x - lean) <= w
    return inside


def flame():
    return render(400, [
        (disc(0, 0, 0.98), (253, 235, 208)),
        (flame_shape(0.85, 0.05), (192, 57, 43)),
        (flame_shape(0.55, 0.28), (230, 126, 34)),
        (flame_shape(0.28, 0.45), (247, 220, 111)),
    ])


def tide():
    def wave(base, amp, phase):
        return lambda x, y: (x * x + y * y <= 0.9 ** 2 and
                             y >= base + amp * math.sin(x * 5 + phase))
    return render(400, [
        (disc(0, 0, 0.98), (214, 234, 248)),
        (wave(-0.35, 0.12, 0.0), (93, 173, 226)),
        (wave(0.05, 0.12, 1.6), (46, 134, 193)),
        (wave(0.45, 0.1, 3.1), (27, 79, 114)),
    ])


def stone():
    pts = [(-0.7, 0.55), (-0.8, -0.05), (-0.35, -0.65), (0.3, -0.7),
           (0.82, -0.15), (0.7, 0.5), (0.1, 0.72)]
    layers = [(disc(0, 0, 0.98), (235, 228, 218))]
    shades = [(121, 110, 98), (150, 138, 124), (176, 165, 150),
              (110, 98, 86), (138, 126, 112), (164, 152, 138),
              (128, 116, 104)]
    for k in range(len(pts)):
        tri = [(0.05, -0.05), pts[k], pts[(k + 1) % len(pts)]]
        layers.append((polygon(tri), shades[k]))
    return render(400, layers)


def leaf():
    c, s = math.cos(math.pi / 4), math.sin(math.pi / 4)

    def rot(f):
        return lambda x, y: f(x * c - y * s, x * s + y * c)

    def blade(x, y):
        # Two discs meeting in a point at each end: a leaf's outline,
        # 1.8 long and 0.75 broad.
        x, y = x / 1.25, y / 1.25
        return x * x + (y - 0.7) ** 2 <= 1.0 and \
            x * x + (y + 0.7) ** 2 <= 1.0
    return render(400, [
        (disc(0, 0, 0.98), (233, 247, 239)),
        (rot(blade), (39, 174, 96)),
        (rot(lambda x, y: abs(y) <= 0.03 and abs(x) <= 0.85),
         (20, 90, 50)),
        (rot(lambda x, y: blade(x, y) and abs(x) <= 0.6 and
             abs(abs(y) - 0.5 * (x + 0.6) + 0.05) <= 0.022 and
             abs(y) > 0.02), (20, 90, 50)),
    ])


def crest():
    def half(warm):
        return lambda x, y: (x * x + y * y <= 0.78 ** 2 and
                             ((x + y < 0) == warm))
    return render(500, [
        (disc(0, 0, 0.98), (214, 196, 140)),
        (disc(0, 0, 0.9), (40, 44, 52)),
        (disc(0, 0, 0.84), (214, 196, 140)),
        (half(True), (192, 57, 43)),
        (half(False), (46, 134, 193)),
        (lambda x, y: abs(x + y) <= 0.05 and x * x + y * y <= 0.78 ** 2,
         (214, 196, 140)),
        (flame_shape(0.32, -0.3), (247, 220, 111)),
    ])


os.makedirs(out, exist_ok=True)
for name, draw, size in (("flame", flame, 400), ("tide", tide, 400),
                         ("stone", stone, 400), ("leaf", leaf, 400),
                         ("crest", crest, 500)):
    write_png(os.path.join(out, name + ".png"), size, draw())
    print("wrote", os.path.join(out, name + ".png"))
