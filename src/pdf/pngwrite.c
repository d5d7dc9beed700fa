/*
 * pdf/pngwrite.c -- a drawn card as a PNG, by a deflate of its own.
 *
 * A card is mostly flat colour: a row is the row above it, or a pixel
 * is the one before it.  zlib's fastest level still hashes every byte
 * to find such repeats (a Letter business card at 300 dpi: 1.9 MB of
 * rows, 6.3-7.4 ms, 88 KB with the Up filter; with libpng's writer and
 * the pixels' conversion about 9 ms a card, two thirds of --format
 * png's CPU time).  Here each byte position asks two questions only:
 * how far does the row above match from here (distance: a row), and how
 * far the pixel before (distance 3), and the longer, 3 to 258 bytes,
 * becomes a match; anything else is a literal.  Rows are not filtered
 * (filter type None, PNG 1.2 section 6): the repeats are in the pixels.
 * One deflate block of fixed Huffman codes (RFC 1951 section 3.2.6), so
 * nothing waits for a whole image: the same card in 1.5 ms and 92 KB.
 * Only this row and the last are kept, whatever the image's size.
 */
#include "pngwrite.h"

#include <errno.h>
#include <libdeflate.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util.h"

/* Bytes of compressed data an IDAT chunk holds before it is written. */
#define IDAT_BYTES 65536
/* Deflate's longest match and farthest distance (RFC 1951 3.2.5). */
#define MATCH_MAX 258
#define WINDOW 32768

/* A Huffman code as it goes out: bits already reversed (deflate packs a
 * code's first bit first, in the low bits), and its length. */
struct code {
	uint16_t bits;
	uint8_t len;
};

/* A match's code with its extra bits, for a length or a distance. */
struct xcode {
	uint32_t bits;		/* the code, then the extra bits above it */
	uint8_t len;
};

struct pngw {
	int fd;
	int err;		/* errno of the first failed write */
	unsigned char *out;	/* 8 bytes for a chunk's head, then data */
	size_t n;		/* data bytes in out */
	uint64_t acc;		/* bits not yet in out, the first lowest */
	int nacc;
	uint32_t adler;
	struct code lit[286];
	struct xcode length[MATCH_MAX + 1];
};

static uint32_t
reverse(uint32_t v, int n)
{
	uint32_t r = 0;
	int i;

	for (i = 0; i < n; i++) {
		r = r << 1 | (v & 1);
		v >>= 1;
	}
	return r;
}

static void
be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static void
put_all(struct pngw *z, const unsigned char *p, size_t len)
{
	ssize_t k;

	while (len > 0 && z->err == 0) {
		if ((k = write(z->fd, p, len)) < 0) {
			if (errno != EINTR)
				z->err = errno ? errno : EIO;
			continue;
		}
		p += k;
		len -= (size_t)k;
	}
}

/* A chunk of type and len bytes at buf + 8 (buf's first 8 bytes are the
 * chunk's length and type), its CRC after. */
static void
chunk(struct pngw *z, unsigned char *buf, const char *type, size_t len)
{
	be32(buf, (uint32_t)len);
	memcpy(buf + 4, type, 4);
	be32(buf + 8 + len, libdeflate_crc32(0, buf + 4, len + 4));
	put_all(z, buf, len + 12);
}

static void
idat(struct pngw *z)
{
	if (z->n > 0)
		chunk(z, z->out, "IDAT", z->n);
	z->n = 0;
}

/* n bits of v (n <= 32) after those before. */
static void
bits(struct pngw *z, uint32_t v, int n)
{
	z->acc |= (uint64_t)v << z->nacc;
	z->nacc += n;
	while (z->nacc >= 8) {
		z->out[8 + z->n++] = (unsigned char)z->acc;
		z->acc >>= 8;
		z->nacc -= 8;
	}
	if (z->n >= IDAT_BYTES)
		idat(z);
}

/* The fixed codes (RFC 1951 3.2.6) and each length's code with its
 * extra bits (3.2.5). */
static void
codes(struct pngw *z)
{
	static const uint16_t base[29] = {
		3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35,
		43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258
	};
	static const uint8_t extra[29] = {
		0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4,
		4, 4, 4, 5, 5, 5, 5, 0
	};
	int i, k;

	/* Literals 0-143: 8 bits from 0x30; 144-255: 9 from 0x190; end
	 * of block and lengths 256-279: 7 from 0; 280-287: 8 from 0xc0. */
	for (i = 0; i < 286; i++) {
		uint32_t c = i < 144 ? 0x30 + (uint32_t)i : i < 256 ?
		    0x190 + (uint32_t)i - 144 : i < 280 ? (uint32_t)i - 256 :
		    0xc0 + (uint32_t)i - 280;
		int len = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;

		z->lit[i].bits = (uint16_t)reverse(c, len);
		z->lit[i].len = (uint8_t)len;
	}
	for (i = 3, k = 0; i <= MATCH_MAX; i++) {
		const struct code *c;

		/* 258 has a code of its own, not 227's with extra 31. */
		while (k < 28 && (i >= base[k + 1]))
			k++;
		c = &z->lit[257 + k];
		z->length[i].bits = c->bits | (uint32_t)(i - base[k]) << c->len;
		z->length[i].len = (uint8_t)(c->len + extra[k]);
	}
}

/* Distance d's code (5 bits, fixed) and extra bits (RFC 1951 3.2.5). */
static struct xcode
distance(uint32_t d)
{
	static const uint16_t base[30] = {
		1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
		257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
		12289, 16385, 24577
	};
	struct xcode x;
	int k = 29;

	while (base[k] > d)
		k--;
	/* Codes 4 and up: two a power of two, (k - 2) / 2 extra bits. */
	x.bits = reverse((uint32_t)k, 5) | (d - base[k]) << 5;
	x.len = (uint8_t)(5 + (k < 4 ? 0 : (k - 2) / 2));
	return x;
}

/* How many of the first max bytes at a and b are the same. */
static size_t
same(const unsigned char *a, const unsigned char *b, size_t max)
{
	size_t k = 0;
	uint64_t x, y;

	while (k + 8 <= max) {
		memcpy(&x, a + k, 8);
		memcpy(&y, b + k, 8);
		if (x != y)
			break;
		k += 8;
	}
	while (k < max && a[k] == b[k])
		k++;
	return k;
}

/* Row cur (rl bytes, the one before it at cur - rl when up) as matches
 * and literals. */
static void
deflate_row(struct pngw *z, const unsigned char *cur, size_t rl, int up,
    struct xcode dup, struct xcode dleft)
{
	size_t i = 0, lu, ll, max;

	while (i < rl) {
		max = rl - i < MATCH_MAX ? rl - i : MATCH_MAX;
		lu = up ? same(cur + i, cur + i - rl, max) : 0;
		ll = i >= 3 && lu < max ? same(cur + i, cur + i - 3, max) : 0;
		if (lu >= 3 && lu >= ll) {
			bits(z, z->length[lu].bits, z->length[lu].len);
			bits(z, dup.bits, dup.len);
			i += lu;
		} else if (ll >= 3) {
			bits(z, z->length[ll].bits, z->length[ll].len);
			bits(z, dleft.bits, dleft.len);
			i += ll;
		} else {
			bits(z, z->lit[cur[i]].bits, z->lit[cur[i]].len);
			i++;
		}
	}
}

int
png_write_rgb24(int fd, const unsigned char *data, int w, int h, int stride,
    double dpi)
{
	static const unsigned char sig[8] = {
		0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'
	};
	struct pngw *z = xcalloc(1, sizeof(*z));
	size_t rl = (size_t)w * 3 + 1;
	unsigned char *two = xmalloc(rl * 2), *cur = two + rl, head[8 + 13 + 4];
	uint32_t ppm = (uint32_t)lround(dpi / 0.0254);
	struct xcode dup = distance((uint32_t)rl), dleft = distance(3);
	int x, y, rc;

	z->fd = fd;
	z->out = xmalloc(8 + IDAT_BYTES + 16);
	z->adler = 1;
	codes(z);
	put_all(z, sig, sizeof(sig));
	be32(head + 8, (uint32_t)w);
	be32(head + 12, (uint32_t)h);
	memcpy(head + 16, "\x08\x02\0\0\0", 5);	/* 8-bit RGB, no interlace */
	chunk(z, head, "IHDR", 13);
	be32(head + 8, ppm);
	be32(head + 12, ppm);
	head[16] = 1;				/* the metre */
	chunk(z, head, "pHYs", 9);
	/* zlib's header (RFC 1950): deflate, a 32 KB window, no dictionary,
	 * the fastest level; 0x7801 a multiple of 31.  Then the one block:
	 * the last, fixed codes. */
	z->out[8] = 0x78;
	z->out[9] = 0x01;
	z->n = 2;
	bits(z, 1, 1);
	bits(z, 1, 2);
	for (y = 0; y < h && z->err == 0; y++) {
		const uint32_t *px = (const uint32_t *)(const void *)
		    (data + (size_t)y * (size_t)stride);
		unsigned char *o = cur;

		*o++ = 0;			/* filter type None */
		for (x = 0; x < w; x++) {
			*o++ = (unsigned char)(px[x] >> 16);
			*o++ = (unsigned char)(px[x] >> 8);
			*o++ = (unsigned char)px[x];
		}
		z->adler = libdeflate_adler32(z->adler, cur, rl);
		deflate_row(z, cur, rl, y > 0 && rl <= WINDOW, dup, dleft);
		memcpy(two, cur, rl);
	}
	bits(z, z->lit[256].bits, z->lit[256].len);	/* end of block */
	if (z->nacc > 0)
		bits(z, 0, 8 - z->nacc);
	be32(z->out + 8 + z->n, z->adler);
	z->n += 4;
	idat(z);
	chunk(z, head, "IEND", 0);
	rc = z->err ? -1 : 0;
	if (rc < 0)
		errno = z->err;
	free(z->out);
	free(two);
	free(z);
	return rc;
}
