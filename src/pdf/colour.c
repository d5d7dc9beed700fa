/*
 * pdf/colour.c -- see colour.h.
 *
 * The output profile is ghostscript's "Artifex CMYK SWOP Profile"
 * (an ICC v2 printer profile, Lab PCS, with A2B/B2A tables), shipped in
 * Debian's libgs-common: a real printing condition (SWOP, coated
 * publication paper, registered as CGATS TR 001), not one written here.
 * Pictures go through it perceptually with black-point compensation,
 * the usual choice for photographs and painted art.
 */
#include "colour.h"

#include <errno.h>
#include <lcms2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../util.h"

#define PROFILE_DEFAULT "/usr/share/color/icc/ghostscript/default_cmyk.icc"
/* An ICC profile larger than this is not a plausible output profile. */
#define PROFILE_MAX ((size_t)16 << 20)

struct colour {
	char *path;
	char *bytes;
	size_t len;
	char name[128];
	cmsHTRANSFORM xf;
};

/* lcms2 reports through a global handler; its messages would go to no
 * one, and each failure is told by a NULL return. */
static void
quiet(cmsContext id, cmsUInt32Number code, const char *text)
{
	(void)id;
	(void)code;
	(void)text;
}

struct colour *
colour_new(char *why, size_t wl)
{
	const char *env = getenv("MUSTER_CMYK_PROFILE");
	const char *path = env && *env ? env : PROFILE_DEFAULT;
	struct colour *c = xcalloc(1, sizeof(*c));
	cmsHPROFILE out = NULL, srgb = NULL;
	struct stat st;
	int rc;

	cmsSetLogErrorHandler(quiet);
	c->path = xstrdup(path);
	rc = read_regular(path, PROFILE_MAX, &c->bytes, &c->len, &st);
	if (rc != READ_OK) {
		snprintf(why, wl, "cannot read the CMYK output profile '%s' "
		    "(%s); install Debian's libgs-common, or name a CMYK ICC "
		    "profile in MUSTER_CMYK_PROFILE", path, rc == READ_ERRNO ||
		    rc == READ_IO ? strerror(errno) : "not a regular file of "
		    "at most 16 MiB");
		goto fail;
	}
	out = cmsOpenProfileFromMem(c->bytes, (cmsUInt32Number)c->len);
	if (out == NULL || cmsGetColorSpace(out) != cmsSigCmykData ||
	    cmsGetDeviceClass(out) != cmsSigOutputClass) {
		snprintf(why, wl, "'%s' is not a CMYK output (printer) ICC "
		    "profile; name one in MUSTER_CMYK_PROFILE", path);
		goto fail;
	}
	if (cmsGetProfileInfoASCII(out, cmsInfoDescription, "en", "US",
	    c->name, sizeof(c->name)) == 0 || c->name[0] == '\0')
		snprintf(c->name, sizeof(c->name), "CMYK output profile");
	srgb = cmsCreate_sRGBProfile();
	c->xf = srgb ? cmsCreateTransform(srgb, TYPE_RGB_8, out, TYPE_CMYK_8,
	    INTENT_PERCEPTUAL, cmsFLAGS_BLACKPOINTCOMPENSATION) : NULL;
	if (c->xf == NULL) {
		snprintf(why, wl, "Little CMS cannot convert sRGB through the "
		    "CMYK output profile '%s'; name another in "
		    "MUSTER_CMYK_PROFILE", path);
		goto fail;
	}
	cmsCloseProfile(srgb);
	cmsCloseProfile(out);
	return c;
fail:
	if (srgb)
		cmsCloseProfile(srgb);
	if (out)
		cmsCloseProfile(out);
	colour_free(c);
	return NULL;
}

void
colour_free(struct colour *c)
{
	if (c == NULL)
		return;
	if (c->xf)
		cmsDeleteTransform(c->xf);
	free(c->path);
	free(c->bytes);
	free(c);
}

const unsigned char *
colour_profile(const struct colour *c, size_t *len)
{
	*len = c->len;
	return (const unsigned char *)c->bytes;
}

const char *
colour_profile_path(const struct colour *c)
{
	return c->path;
}

const char *
colour_profile_name(const struct colour *c)
{
	return c->name;
}

void
colour_rgb_to_cmyk(struct colour *c, const unsigned char *rgb,
    unsigned char *cmyk, size_t n)
{
	/* lcms2 takes a pixel count of 32 bits: in slices. */
	while (n > 0) {
		cmsUInt32Number k = n > (1u << 24) ? (1u << 24) :
		    (cmsUInt32Number)n;

		cmsDoTransform(c->xf, rgb, cmyk, k);
		rgb += (size_t)k * 3;
		cmyk += (size_t)k * 4;
		n -= k;
	}
}

void
colour_ink_limit(float k[4], int pct)
{
	unsigned char px[4];
	int i;

	if (pct <= 0 || k[0] + k[1] + k[2] + k[3] <= pct / 100.0f)
		return;
	for (i = 0; i < 4; i++)
		px[i] = (unsigned char)lroundf((k[i] < 0 ? 0 : k[i] > 1 ? 1 :
		    k[i]) * 255);
	colour_ink_limit8(px, 1, pct);
	for (i = 0; i < 4; i++)
		k[i] = px[i] / 255.0f;
}

void
colour_ink_limit8(unsigned char *px, size_t n, int pct)
{
	long limit = (long)pct * 255 / 100;
	size_t j;

	if (pct <= 0)
		return;
	for (j = 0; j < n; j++, px += 4) {
		long v[4], sum, g, cmy;
		int i;

		sum = (long)px[0] + px[1] + px[2] + px[3];
		if (sum <= limit)
			continue;
		for (i = 0; i < 4; i++)
			v[i] = px[i];
		g = v[0] < v[1] ? v[0] : v[1];
		if (v[2] < g)
			g = v[2];
		if (g > 255 - v[3])
			g = 255 - v[3];
		for (i = 0; i < 3; i++)
			v[i] -= g;
		v[3] += g;
		sum = v[0] + v[1] + v[2] + v[3];
		cmy = v[0] + v[1] + v[2];
		if (sum > limit && cmy > 0) {
			long room = limit - v[3] < 0 ? 0 : limit - v[3];

			/* Floored, so the sum stays within the limit. */
			for (i = 0; i < 3; i++)
				v[i] = v[i] * room / cmy;
		}
		for (i = 0; i < 4; i++)
			px[i] = (unsigned char)v[i];
	}
}
