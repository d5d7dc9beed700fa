/*
 * pdf/image_keep.c -- PNG pictures made once a process (see pdf.h,
 * pdf_images_keep()).  `render --watch` makes a new document at every
 * save; without this each made every picture again: decoded, shrunk and
 * deflated, most of a re-render's time for a deck with pictures.  Kept
 * is what the document holds of a picture: its colour space, its size
 * as embedded, its deflated colour and alpha.  A picture is found again
 * by its path, its very bytes (a file changed in any way, whatever its
 * time, is made again) and what else shapes it: the shrink and the
 * output's colour (PDF/X, whose pixels are the press's, is not kept).
 * The document gets the same objects in the same order as when made,
 * so the PDF is the same byte for byte.
 */
#include "image_impl.h"

#include <hpdf_streams.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

/* Kept pictures' files and pixels, at most; past it nothing more is
 * kept (what is stays). */
#define KEEP_MAX_BYTES	((size_t)64 << 20)

struct kept {
	char *path;
	unsigned char *file;	/* the file's bytes */
	size_t flen;
	unsigned long f;	/* the shrink */
	char cs[16];		/* its colour space */
	long w, h;		/* as embedded */
	unsigned char *col, *al;	/* deflated; al NULL: no soft mask */
	size_t ncol, nal;
};

static struct {
	int on;
	struct kept *v;
	size_t n, cap, bytes;
} K;

void
pdf_images_keep(int on)
{
	size_t i;

	if (!on) {
		for (i = 0; i < K.n; i++) {
			free(K.v[i].path);
			free(K.v[i].file);
			free(K.v[i].col);
			free(K.v[i].al);
		}
		free(K.v);
		memset(&K, 0, sizeof(K));
	}
	K.on = on;
}

static struct kept *
find(const char *path, const unsigned char *file, size_t flen,
    unsigned long f)
{
	size_t i;

	for (i = 0; i < K.n; i++)
		if (K.v[i].f == f && K.v[i].flen == flen &&
		    strcmp(K.v[i].path, path) == 0 &&
		    memcmp(K.v[i].file, file, flen) == 0)
			return &K.v[i];
	return NULL;
}

/* A stream of deflated bytes, written as they are, as image.c's
 * put_zout() writes them. */
static int
put_bytes(HPDF_Dict d, const unsigned char *b, size_t n)
{
	d->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
	d->write_fn = raw_bytes;
	return HPDF_Stream_Write(d->stream, b, (HPDF_UINT)n) == HPDF_OK ?
	    0 : -1;
}

HPDF_Dict
image_kept(struct pdf *p, const char *path, const unsigned char *file,
    size_t flen, unsigned long f)
{
	struct kept *k;
	HPDF_Dict d, mask;

	if (!K.on || p->cmyk || (k = find(path, file, flen, f)) == NULL)
		return NULL;
	if ((d = new_image(p, (unsigned long)k->w, (unsigned long)k->h,
	    k->cs)) == NULL || put_bytes(d, k->col, k->ncol) < 0)
		return NULL;
	if (k->al) {
		mask = new_image(p, (unsigned long)k->w, (unsigned long)k->h,
		    "DeviceGray");
		if (mask == NULL || put_bytes(mask, k->al, k->nal) < 0 ||
		    HPDF_Dict_Add(d, "SMask", mask) != HPDF_OK)
			return NULL;
	}
	return d;
}

/* The bytes written into d's stream, in a new buffer (NULL: none). */
static unsigned char *
stream_bytes(HPDF_Dict d, size_t *n)
{
	HPDF_UINT size = HPDF_Stream_Size(d->stream), got = size;
	unsigned char *b;

	*n = 0;
	if (size == 0)
		return NULL;
	b = xmalloc(size);
	if (HPDF_Stream_Seek(d->stream, 0, HPDF_SEEK_SET) != HPDF_OK ||
	    HPDF_Stream_Read(d->stream, b, &got) != HPDF_OK || got != size) {
		HPDF_Stream_Seek(d->stream, 0, HPDF_SEEK_SET);
		free(b);
		return NULL;
	}
	/* Where libharu's own reading starts. */
	HPDF_Stream_Seek(d->stream, 0, HPDF_SEEK_SET);
	*n = size;
	return b;
}

void
image_keep(struct pdf *p, const char *path, const unsigned char *file,
    size_t flen, unsigned long f, HPDF_Dict d)
{
	struct kept k;
	HPDF_Name cs;
	HPDF_Number w, h;
	HPDF_Dict mask;

	if (!K.on || p->cmyk || d == NULL || find(path, file, flen, f))
		return;
	cs = HPDF_Dict_GetItem(d, "ColorSpace", HPDF_OCLASS_NAME);
	w = HPDF_Dict_GetItem(d, "Width", HPDF_OCLASS_NUMBER);
	h = HPDF_Dict_GetItem(d, "Height", HPDF_OCLASS_NUMBER);
	mask = HPDF_Dict_GetItem(d, "SMask", HPDF_OCLASS_DICT);
	if (cs == NULL || w == NULL || h == NULL ||
	    strlen(cs->value) >= sizeof(k.cs) ||
	    d->filter != HPDF_STREAM_FILTER_FLATE_DECODE ||
	    (mask && mask->filter != HPDF_STREAM_FILTER_FLATE_DECODE))
		return;
	memset(&k, 0, sizeof(k));
	if ((k.col = stream_bytes(d, &k.ncol)) == NULL ||
	    (mask && (k.al = stream_bytes(mask, &k.nal)) == NULL) ||
	    K.bytes + flen + k.ncol + k.nal > KEEP_MAX_BYTES) {
		free(k.col);
		free(k.al);
		return;
	}
	memcpy(k.cs, cs->value, strlen(cs->value) + 1);	/* fits: above */
	k.w = w->value;
	k.h = h->value;
	k.f = f;
	k.path = xstrdup(path);
	k.file = xmalloc(flen ? flen : 1);
	memcpy(k.file, file, flen);
	k.flen = flen;
	if (K.n == K.cap) {
		K.cap = K.cap ? K.cap * 2 : 16;
		K.v = xrealloc(K.v, K.cap * sizeof(*K.v));
	}
	K.v[K.n++] = k;
	K.bytes += flen + k.ncol + k.nal;
}
