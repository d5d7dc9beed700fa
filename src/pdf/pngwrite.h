/*
 * pdf/pngwrite.h -- a drawn image written as an 8-bit RGB PNG that says
 * its dpi, compressed for cards: flat colour, rows repeating.
 */
#ifndef MUSTER_PNGWRITE_H
#define MUSTER_PNGWRITE_H

/*
 * The w x h image at data, rows stride bytes apart, each pixel 32 bits
 * 0x??RRGGBB in the machine's byte order (cairo's RGB24), into fd as a
 * PNG with a pHYs chunk for dpi.  Returns 0, or -1 with errno set (a
 * failed write's).
 */
int png_write_rgb24(int fd, const unsigned char *data, int w, int h,
    int stride, double dpi);

#endif
