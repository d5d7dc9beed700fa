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
 * PDF_IMAGE_MAX_PIXELS).  What only decoding finds (damaged pixel data,
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
 * For an image that cannot be opened: the name in its folder nearest to
 * path's last part, as written (written with path's folders), in buf;
 * NULL when the folder holds none near it.
 */
const char *img_nearest(const char *path, const char *written, char *buf,
    size_t size);

#endif
