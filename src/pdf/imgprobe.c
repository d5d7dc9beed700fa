/*
 * pdf/imgprobe.c -- see imgprobe.h.  Reads at most the file's first
 * PROBE_BYTES and then each JPEG segment's header, seeking past its body,
 * so that a photograph's header costs the same as an icon's.
 */
#include "imgprobe.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <png.h>

#include "../util.h"
#include "pdf.h"

/* A PNG's signature and IHDR chunk (PNG 5.2, 11.2.2). */
#define PNG_HEAD	33

static unsigned long
be32(const unsigned char *b)
{
	return (unsigned long)b[0] << 24 | (unsigned long)b[1] << 16 |
	    (unsigned long)b[2] << 8 | b[3];
}

/*
 * A PNG's chunks walked before anything is decoded, by render (image_png.c,
 * the file in memory: buf) and by check (the file open: fp, buf NULL):
 * each chunk's 8-byte header read, its body passed over; each length
 * must fit in what is left of the file (len bytes), and the file must
 * reach IEND.  A chunk that claims 2 GB in a 51-byte file is refused
 * here; libpng would reserve its length first.  From the page cache
 * some 1.5 us a chunk: a 6 MB photograph in 8 KB IDAT chunks, 735 of
 * them, 1.1 ms; the shipped icons, 3 chunks each.  0, or -1 with why.
 */
int
img_png_walk(const unsigned char *buf, FILE *fp, size_t len, char *why,
    size_t wl)
{
	unsigned char b[8];
	size_t i = 8;

	while (i + 8 <= len) {
		unsigned long n;
		char name[5];
		int k;

		if (buf)
			memcpy(b, buf + i, 8);
		else if (fseek(fp, (long)i, SEEK_SET) != 0 ||
		    fread(b, 1, 8, fp) != 8)
			break;
		n = be32(b);
		for (k = 0; k < 4; k++) {
			unsigned char ch = b[4 + k];

			name[k] = (ch >= 'A' && ch <= 'Z') ||
			    (ch >= 'a' && ch <= 'z') ? (char)ch : '?';
		}
		name[4] = '\0';
		if (strchr(name, '?')) {
			snprintf(why, wl, "is a damaged PNG: byte %zu should "
			    "begin a chunk; save it again", i);
			return -1;
		}
		if (n > 0x7fffffffUL || n + 12 > len - i) {
			snprintf(why, wl, "is a damaged or truncated PNG: its "
			    "%s chunk at byte %zu says %lu bytes, past the "
			    "file's end (%zu bytes); save it again", name, i,
			    n, len);
			return -1;
		}
		if (memcmp(name, "IEND", 4) == 0)
			return 0;
		i += 12 + n;
	}
	snprintf(why, wl, "is a truncated PNG: it ends at byte %zu, before "
	    "its last chunk (IEND); save it again", len);
	return -1;
}

/*
 * PNG 11.2.2: the bit depths each colour type allows (a bit for each of
 * 1, 2, 4, 8, 16), compression and filter method 0, interlace 0 or 1,
 * and libpng's own limit on each side (png_check_IHDR()).
 */
int
img_png_ihdr(const unsigned char *ihdr, char *why, size_t wl)
{
	static const unsigned char depths[7] = {
		[0] = 1 | 2 | 4 | 8 | 16,	/* grey */
		[2] = 8 | 16,			/* RGB */
		[3] = 1 | 2 | 4 | 8,		/* palette */
		[4] = 8 | 16,			/* grey and alpha */
		[6] = 8 | 16,			/* RGB and alpha */
	};
	unsigned d = ihdr[8], ct = ihdr[9];

	if (ct > 6 || d == 0 || d > 16 || (d & (d - 1)) != 0 ||
	    (depths[ct] & d) == 0 || ihdr[10] != 0 || ihdr[11] != 0 ||
	    ihdr[12] > 1 || be32(ihdr) > PNG_USER_WIDTH_MAX ||
	    be32(ihdr + 4) > PNG_USER_HEIGHT_MAX) {
		/* As libpng words it: render's message, whichever sees it. */
		snprintf(why, wl, "is a damaged PNG (Invalid IHDR data); save "
		    "it again");
		return -1;
	}
	return 0;
}

/* A JPEG's frame size: its markers walked from after SOI (ITU T.81
 * B.1.1.2); 0, or -1 with why. */
static int
jpeg_size(FILE *fp, unsigned long *w, unsigned long *h, char *why,
    size_t wl)
{
	unsigned char b[8];
	int c, m;

	for (;;) {
		if ((c = getc(fp)) == EOF)
			break;
		if (c != 0xff) {
			snprintf(why, wl, "is a damaged JPEG: byte %ld should "
			    "begin a marker; save it again", ftell(fp) - 1);
			return -1;
		}
		while ((m = getc(fp)) == 0xff)	/* fill bytes */
			;
		if (m == EOF)
			break;
		if (m == 0x01 || (m >= 0xd0 && m <= 0xd7))
			continue;	/* markers without a segment */
		if (m == 0xd9 || m == 0xda)
			break;		/* end, or scans before any frame */
		if (fread(b, 1, 2, fp) != 2)
			break;
		/* Every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
		if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 &&
		    m != 0xcc) {
			if (fread(b + 2, 1, 5, fp) != 5)
				break;
			*h = (unsigned long)b[3] << 8 | b[4];
			*w = (unsigned long)b[5] << 8 | b[6];
			if (*w == 0 || *h == 0) {
				snprintf(why, wl, "is a JPEG that gives %lu x "
				    "%lu pixels; save it again with its size",
				    *w, *h);
				return -1;
			}
			return 0;
		}
		if (((unsigned)b[0] << 8 | b[1]) < 2 ||
		    fseek(fp, (long)((unsigned)b[0] << 8 | b[1]) - 2,
		    SEEK_CUR) != 0)
			break;
	}
	snprintf(why, wl, "is a damaged JPEG: it has no frame header (SOF) "
	    "giving its size; save it again");
	return -1;
}

/* path opened without waiting (a FIFO put in its place) and looked at,
 * its errors as image.c's read_file() words them: the open file with
 * its size in *size, or NULL with why. */
static FILE *
probe_open(const char *path, size_t *size, char *why, size_t wl)
{
	struct stat st;
	FILE *fp;
	int fd;

	memset(&st, 0, sizeof(st));
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) < 0) {
		snprintf(why, wl, "cannot be opened: %s; give a PNG or JPEG "
		    "file", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
		if (S_ISDIR(st.st_mode))
			snprintf(why, wl, "is a folder; give a PNG or JPEG "
			    "file");
		else if (!S_ISREG(st.st_mode))
			snprintf(why, wl, "is not a regular file (a FIFO, "
			    "device or socket); give a PNG or JPEG file");
		else
			snprintf(why, wl, "is empty (0 bytes); give a PNG or "
			    "JPEG file");
		close(fd);
		return NULL;
	}
	if ((fp = fdopen(fd, "rb")) == NULL) {
		snprintf(why, wl, "cannot be read: %s", strerror(errno));
		close(fd);
		return NULL;
	}
	*size = (size_t)st.st_size;
	return fp;
}

int
img_probe(const char *path, unsigned long *w, unsigned long *h, char *why,
    size_t wl)
{
	unsigned char b[PNG_HEAD];
	FILE *fp;
	size_t n, size;
	int png, rc = -1;

	if ((fp = probe_open(path, &size, why, wl)) == NULL)
		return -1;
	n = fread(b, 1, sizeof(b), fp);
	png = n >= 8 && memcmp(b, "\x89PNG\r\n\x1a\n", 8) == 0;
	if (png) {
		if (n < PNG_HEAD || be32(b + 8) != 13 ||
		    memcmp(b + 12, "IHDR", 4) != 0) {
			snprintf(why, wl, "is a damaged PNG: it has no image "
			    "header (IHDR); save it again");
			goto out;
		}
		*w = be32(b + 16);
		*h = be32(b + 20);
		if (*w == 0 || *h == 0 || *w > 0x7fffffffUL ||
		    *h > 0x7fffffffUL) {
			snprintf(why, wl, "is a damaged PNG: its header gives "
			    "%lu x %lu pixels; save it again", *w, *h);
			goto out;
		}
		if (img_png_walk(NULL, fp, size, why, wl) < 0)
			goto out;
	} else if (n >= 3 && memcmp(b, "\xff\xd8\xff", 3) == 0) {
		if (fseek(fp, 2, SEEK_SET) != 0 ||
		    jpeg_size(fp, w, h, why, wl) < 0)
			goto out;
	} else {
		snprintf(why, wl, "is not a PNG or JPEG file (its first bytes "
		    "are neither's, whatever its name says); give a PNG or "
		    "JPEG image");
		goto out;
	}
	/* SPEC 4: over 50 megapixels is refused, before it is decoded. */
	if ((double)*w * (double)*h > PDF_IMAGE_MAX_PIXELS) {
		snprintf(why, wl, "is %lu x %lu pixels, %.2f megapixels; an "
		    "image may have at most %.0f megapixels: scale it down", *w,
		    *h, (double)*w * (double)*h / 1e6,
		    PDF_IMAGE_MAX_PIXELS / 1e6);
		goto out;
	}
	/* Then what render's decoders refuse from the header. */
	if (png)
		rc = img_png_ihdr(b + 16, why, wl);
	else if (fseek(fp, 0, SEEK_SET) == 0)
		rc = jpeg_probe(fp, *w, *h, why, wl);
	else
		snprintf(why, wl, "cannot be read: %s", strerror(errno));
out:
	fclose(fp);
	return rc;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char *
img_nearest(const char *path, const char *written, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/'), *wslash = strrchr(written, '/');
	struct sbuf dir = SBUF_INIT;
	const char **names = NULL;
	const char *near = NULL;
	struct dirent *de;
	size_t n = 0, cap = 0, i;
	DIR *dp;

	if (slash)
		sb_addf(&dir, "%.*s", (int)(slash - path), path);
	else
		sb_adds(&dir, ".");
	if ((dp = opendir(slash && slash == path ? "/" : dir.buf)) == NULL) {
		sb_release(&dir);
		return NULL;
	}
	/* A folder of thousands of pictures is read once per missing
	 * name; the nearest of its first 4096 names is enough. */
	while ((de = readdir(dp)) != NULL && n < 4096) {
		if (de->d_name[0] == '.')
			continue;
		if (n + 2 > cap) {
			cap = cap ? cap * 2 : 64;
			names = xrealloc(names, cap * sizeof(*names));
		}
		names[n++] = xstrdup(de->d_name);
		names[n] = NULL;
	}
	closedir(dp);
	if (n) {
		/* Sorted, so that the same folder gives the same answer. */
		qsort(names, n, sizeof(*names), by_name);
		if ((near = str_suggest(slash ? slash + 1 : path,
		    (const char *const *)names)) !=
		    NULL) {
			snprintf(buf, size, "%.*s%s", wslash ?
			    (int)(wslash - written + 1) : 0, written, near);
			near = buf;
		}
	}
	for (i = 0; i < n; i++)
		free((char *)names[i]);
	free(names);
	sb_release(&dir);
	return near;
}
