/*
 * pdf/imgprobe.h -- an image's header read without decoding it: what
 * `muster check` opens of every picture a template names, so that it
 * refuses what render would refuse to place (SPEC 2: check sees what
 * render sees), in a few hundred bytes a picture.
 */
#ifndef MUSTER_PDF_IMGPROBE_H
#define MUSTER_PDF_IMGPROBE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Reads the PNG signature and IHDR and walks its chunks' headers (each
 * length within the file, IEND reached), or walks a JPEG's markers to
 * its frame header (SOFn): 0 with its size in pixels, or -1 with why set
 * to what follows "image 'NAME' " in a message (cannot be opened, not a
 * PNG or JPEG, a damaged header, a PNG cut short, over
 * PDF_IMAGE_MAX_PIXELS, a header render's decoders refuse).  What only decoding finds (damaged pixel data,
 * a JPEG cut in its scans) is left to render.
 */
int img_probe(const char *path, unsigned long *w, unsigned long *h,
    char *why, size_t wl);

/*
 * A PNG's chunk headers walked (each length within the file's len
 * bytes, IEND reached), from buf in memory or, buf NULL, from the open
 * file fp: 0, or -1 with why as img_probe() gives it.
 */
int img_png_walk(const unsigned char *buf, FILE *fp, size_t len, char *why,
    size_t wl);

/*
 * A PNG's IHDR body (its 13 bytes, after the chunk's length and name):
 * a bit depth its colour type allows, methods PNG knows, each side
 * within libpng's limit.  0, or -1 with why as render words it (libpng
 * refuses the same); render (image_png.c) and check both ask it.
 */
int img_png_ihdr(const unsigned char *ihdr, char *why, size_t wl);

/*
 * A JPEG's header read by libjpeg from the open file fp (at its start)
 * to its first scan, and refused as render refuses it before decoding:
 * frames disagreeing with w x h, arithmetic coding, not 8 bits, other
 * than 1, 3 or 4 components, a progressive one's coefficient buffers
 * over the limit (image_jpeg.c).  0, or -1 with why.
 */
int jpeg_probe(FILE *fp, unsigned long w, unsigned long h, char *why,
    size_t wl);

/*
 * For an image that cannot be opened: the name in its folder nearest to
 * path's last part, as written (written with path's folders), in buf;
 * NULL when the folder holds none near it.
 */
const char *img_nearest(const char *path, const char *written, char *buf,
    size_t size);

#endif
