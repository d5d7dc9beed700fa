/*
 * pdf/colour.h -- colour management for PDF/X-1a (SPEC section 4):
 * sRGB pictures converted to the press's CMYK through an ICC output
 * profile by Little CMS (lcms2), and the total-ink limit that vectors
 * and pixels alike pass through.  Knows nothing of PDF objects: pixels
 * and numbers.
 */
#ifndef MUSTER_COLOUR_H
#define MUSTER_COLOUR_H

#include <stddef.h>

struct colour;

/*
 * The CMYK output profile: $MUSTER_CMYK_PROFILE when set, else
 * ghostscript's SWOP profile from Debian's libgs-common
 * (/usr/share/color/icc/ghostscript/default_cmyk.icc), read whole and
 * made into an sRGB to CMYK transform.  NULL with why filled when it is
 * missing or not a CMYK output profile.  colour_free() frees it.
 */
struct colour *colour_new(char *why, size_t wl);
void colour_free(struct colour *c);
/* The profile's bytes (embedded as the OutputIntent's
 * DestOutputProfile), its path, and its own description. */
const unsigned char *colour_profile(const struct colour *c, size_t *len);
const char *colour_profile_path(const struct colour *c);
const char *colour_profile_name(const struct colour *c);
/* n pixels of 8-bit RGB converted to 8-bit CMYK (0 no ink, 255 full). */
void colour_rgb_to_cmyk(struct colour *c, const unsigned char *rgb,
    unsigned char *cmyk, size_t n);

/*
 * Total ink held to pct percent (0: no limit): first the grey that
 * cyan, magenta and yellow share goes onto black (grey component
 * replacement, as far as black has room), then cyan, magenta and
 * yellow are scaled down together until the four add up to pct.
 * Components are 0 to 1; a colour over the limit comes back in steps
 * of 1/255 (as a picture's pixels), its sum within the limit; one
 * within it is left as it is.
 */
void colour_ink_limit(float cmyk[4], int pct);
/* The same for n 8-bit CMYK pixels (limit in units of 255 a plate). */
void colour_ink_limit8(unsigned char *cmyk, size_t n, int pct);

#endif
