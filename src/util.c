/*
 * util.c -- see util.h.
 */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

_Noreturn void
fatal(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("muster: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		fatal("out of memory (%zu bytes)", n);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		fatal("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (q == NULL)
		fatal("out of memory (%zu bytes)", n);
	return q;
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Byte by byte, eight to a step: a message's text and a file's name
 * are hashed for every diagnostic counted. */
#define FNV_PRIME 1099511628211ULL
unsigned long long
fnv1a(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (; n >= 8; n -= 8, c += 8) {
		h = (h ^ c[0]) * FNV_PRIME;
		h = (h ^ c[1]) * FNV_PRIME;
		h = (h ^ c[2]) * FNV_PRIME;
		h = (h ^ c[3]) * FNV_PRIME;
		h = (h ^ c[4]) * FNV_PRIME;
		h = (h ^ c[5]) * FNV_PRIME;
		h = (h ^ c[6]) * FNV_PRIME;
		h = (h ^ c[7]) * FNV_PRIME;
	}
	while (n--)
		h = (h ^ *c++) * FNV_PRIME;
	return h;
}

unsigned long long
fnv1a_ints(unsigned long long h, const int *k, size_t n)
{
	while (n--)
		h = (h ^ (unsigned)*k++) * FNV_PRIME;
	return h;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

void
sb_grow(struct sbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;

	if (need <= sb->cap)
		return;
	if (sb->cap == 0)
		sb->cap = 64;
	while (sb->cap < need)
		sb->cap *= 2;
	sb->buf = xrealloc(sb->buf, sb->cap);
}

void
sb_add(struct sbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void
sb_adds(struct sbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void
sb_addc(struct sbuf *sb, char c)
{
	sb_grow(sb, 1);
	sb->buf[sb->len++] = c;
	sb->buf[sb->len] = '\0';
}

void
sb_vaddf(struct sbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	sb_grow(sb, 64);
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		fatal("cannot format message");
	if ((size_t)n >= sb->cap - sb->len) {
		sb_grow(sb, (size_t)n);
		va_copy(cp, ap);
		vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, cp);
		va_end(cp);
	}
	sb->len += (size_t)n;
}

void
sb_addf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(sb, fmt, ap);
	va_end(ap);
}

void
sb_json(struct sbuf *sb, const char *s)
{
	sb_addc(sb, '"');
	while (*s) {
		const char *q = s;
		long c = utf8_next(&q);

		switch (c) {
		case '"':  sb_adds(sb, "\\\""); break;
		case '\\': sb_adds(sb, "\\\\"); break;
		case '\n': sb_adds(sb, "\\n"); break;
		case '\r': sb_adds(sb, "\\r"); break;
		case '\t': sb_adds(sb, "\\t"); break;
		default:
			/* A byte that is not UTF-8 would make the whole
			 * output invalid JSON: written as the text \xFF,
			 * as the one-line diagnostics write it. */
			if (c < 0)
				sb_addf(sb, "\\\\x%02X", (unsigned char)*s);
			else if (c < 0x20)
				sb_addf(sb, "\\u%04lx", c);
			else
				sb_add(sb, s, (size_t)(q - s));
		}
		s = q;
	}
	sb_addc(sb, '"');
}

void
sb_reset(struct sbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

const char *
sb_str(const struct sbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

void
sb_release(struct sbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

long
utf8_next(const char **sp)
{
	const unsigned char *s = (const unsigned char *)*sp;
	long c;
	int n, i;

	if (s[0] < 0x80) {
		*sp += 1;
		return s[0];
	}
	if ((s[0] & 0xe0) == 0xc0) {
		c = s[0] & 0x1f;
		n = 1;
	} else if ((s[0] & 0xf0) == 0xe0) {
		c = s[0] & 0x0f;
		n = 2;
	} else if ((s[0] & 0xf8) == 0xf0) {
		c = s[0] & 0x07;
		n = 3;
	} else {
		*sp += 1;
		return -1;
	}
	for (i = 1; i <= n; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*sp += 1;
			return -1;
		}
		c = (c << 6) | (s[i] & 0x3f);
	}
	/* Reject overlong forms and surrogates. */
	if ((n == 1 && c < 0x80) || (n == 2 && c < 0x800) ||
	    (n == 3 && c < 0x10000) || c > 0x10ffff ||
	    (c >= 0xd800 && c <= 0xdfff)) {
		*sp += 1;
		return -1;
	}
	*sp += n + 1;
	return c;
}

int
utf8_control(long c)
{
	return (c >= 0 && c < 0x20 && c != '\t' && c != '\n' && c != '\r') ||
	    (c >= 0x7f && c <= 0x9f) || c == 0x200e || c == 0x200f ||
	    (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
	    c == 0xfeff;
}

const char *
utf8_encode(long c, char buf[5])
{
	if (c < 0 || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		c = 0xfffd;
	if (c < 0x80) {
		buf[0] = (char)c;
		buf[1] = '\0';
	} else if (c < 0x800) {
		buf[0] = (char)(0xc0 | (c >> 6));
		buf[1] = (char)(0x80 | (c & 0x3f));
		buf[2] = '\0';
	} else if (c < 0x10000) {
		buf[0] = (char)(0xe0 | (c >> 12));
		buf[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		buf[2] = (char)(0x80 | (c & 0x3f));
		buf[3] = '\0';
	} else {
		buf[0] = (char)(0xf0 | (c >> 18));
		buf[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		buf[2] = (char)(0x80 | ((c >> 6) & 0x3f));
		buf[3] = (char)(0x80 | (c & 0x3f));
		buf[4] = '\0';
	}
	return buf;
}

size_t
utf8_len(const char *s)
{
	size_t n = 0;

	while (*s) {
		utf8_next(&s);
		n++;
	}
	return n;
}

size_t
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t d[3][64], *two, *one, *row;

	/* Keys and enum values are short; anything longer is no typo. */
	if (la >= NELEM(d[0]) || lb >= NELEM(d[0]))
		return (size_t)-1;
	/* The optimal string alignment distance (Damerau's): a letter
	 * inserted, deleted or changed, or two neighbours swapped, is one
	 * edit each, as git counts a typo ('nmae' is one from 'name'). */
	two = d[0];
	one = d[1];
	row = d[2];
	for (j = 0; j <= lb; j++)
		one[j] = j;
	for (i = 1; i <= la; i++) {
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t best = one[j - 1] + (a[i - 1] != b[j - 1]);

			if (one[j] + 1 < best)
				best = one[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && two[j - 2] + 1 < best)
				best = two[j - 2] + 1;
			row[j] = best;
		}
		/* Turn the rows: this one is the last, the last the one
		 * before it. */
		{
			size_t *t = two;

			two = one;
			one = row;
			row = t;
		}
	}
	return one[lb];
}

/* How many bytes a and b begin with alike. */
static size_t
common_prefix(const char *a, const char *b)
{
	size_t n = 0;

	while (a[n] && a[n] == b[n])
		n++;
	return n;
}

const char *
suggest(const char *word, const char *const *choices)
{
	const char *best = NULL;
	size_t bestd = (size_t)-1, limit = strlen(word) / 3, d;

	if (limit < 1)
		limit = 1;
	for (; *choices; choices++) {
		/* The word in other capitals is the word: 'ELITE', 'iv'. */
		if (strcasecmp(word, *choices) == 0)
			return *choices;
		d = edit_distance(word, *choices);
		/* Changing every letter is no suggestion: 'C' is not 'A'. */
		if (d >= strlen(word) && d >= strlen(*choices))
			continue;
		/* Of two as near, the one that begins as the word does:
		 * 'S' is 'SA' rather than 'B', 'VII' is 'VI' rather than
		 * 'II'. */
		if (d < bestd || (d == bestd && common_prefix(*choices, word) >
		    common_prefix(best, word))) {
			bestd = d;
			best = *choices;
		}
	}
	return bestd <= limit ? best : NULL;
}

const char *
str_suggest(const char *word, const char *const *choices)
{
	return suggest(word, choices);
}

const char *
sb_hint(struct sbuf *sb, const char *word, const char *const *choices,
    int allowed)
{
	return sb_hint_prefer(sb, word, NULL, choices, allowed);
}

/* "; allowed: A, B" of choices, each once and none empty; nothing when
 * none is left (a list made from a document's own names may hold
 * blanks and repeats). */
static void
allowed_list(struct sbuf *sb, const char *const *choices, int after_near)
{
	const char *const *p, *const *q;
	int n = 0;

	for (p = choices; *p; p++) {
		if (**p == '\0')
			continue;
		for (q = choices; q < p && strcmp(*q, *p) != 0; q++)
			;
		if (q < p)
			continue;
		sb_adds(sb, n++ ? ", " : after_near ? " allowed: " :
		    "; allowed: ");
		sb_adds(sb, *p);
	}
}

const char *
sb_hint_prefer(struct sbuf *sb, const char *word, const char *const *prefer,
    const char *const *choices, int allowed)
{
	const char *near = prefer ? suggest(word, prefer) : NULL;

	if (near == NULL)
		near = suggest(word, choices);

	sb_reset(sb);
	if (near)
		sb_addf(sb, "; did you mean '%s'?", near);
	if (allowed)
		allowed_list(sb, choices, near != NULL);
	return sb_str(sb);
}

int
str_index(const char *const *names, const char *s)
{
	int i;

	for (i = 0; s && names[i]; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

void
sb_list(struct sbuf *sb, const char *const *items)
{
	const char *const *p;

	for (p = items; *p; p++) {
		if (p != items)
			sb_adds(sb, ", ");
		sb_adds(sb, *p);
	}
}

const char *
mm_str(double pt, char buf[32])
{
	snprintf(buf, 32, "%.1f mm", pt * 25.4 / 72.0);
	return buf;
}

const char *
num_word(int n, char buf[16])
{
	static const char *const words[] = {
		"zero", "one", "two", "three", "four", "five", "six", "seven",
		"eight", "nine", "ten", "eleven", "twelve"
	};

	if (n >= 0 && n < (int)NELEM(words))
		return words[n];
	snprintf(buf, 16, "%d", n);
	return buf;
}

int
decimal_text(const char *s, const char *also)
{
	for (; *s; s++)
		if (!strchr("0123456789+-.eE", *s) && !strchr(also, *s))
			return 0;
	return 1;
}

int
yaml_name(const char *path)
{
	size_t n = strlen(path);

	return (n > 5 && strcmp(path + n - 5, ".yaml") == 0) ||
	    (n > 4 && strcmp(path + n - 4, ".yml") == 0);
}

int
read_regular(const char *path, size_t max, char **bufp, size_t *lenp,
    struct stat *st)
{
	size_t got = 0, size;
	ssize_t n;
	char *buf;
	int fd, e, rc = READ_OK;

	memset(st, 0, sizeof(*st));
	/* Not blocking: a FIFO with no writer would wait for ever. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0)
		return READ_ERRNO;
	if (fstat(fd, st) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return READ_ERRNO;
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		return S_ISDIR(st->st_mode) ? READ_FOLDER : READ_SPECIAL;
	}
	size = (size_t)st->st_size;
	if (size > max) {
		close(fd);
		return READ_BIG;
	}
	buf = xmalloc(size + 1);
	/* One byte more than it says it holds, to learn it grew. */
	while (got <= size) {
		n = read(fd, buf + got, size + 1 - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = READ_IO;
			break;
		}
		if (n == 0)
			break;
		got += (size_t)n;
		/* Short of the byte more at its size: at its end, without
		 * a read more to be told so. */
		if (got == size && (size_t)n < size + 1 - (got - (size_t)n))
			break;
	}
	e = errno;
	close(fd);
	if (rc == READ_OK && got != size)
		rc = READ_CHANGED;
	if (rc != READ_OK) {
		free(buf);
		errno = e;
		return rc;
	}
	buf[got] = '\0';
	*bufp = buf;
	*lenp = got;
	return READ_OK;
}

const char *
path_beside(const char *file, const char *name, char *buf, size_t size)
{
	const char *slash = file ? strrchr(file, '/') : NULL;

	if (name[0] == '/' || slash == NULL)
		snprintf(buf, size, "%s", name);
	else
		snprintf(buf, size, "%.*s/%s", (int)(slash - file), file, name);
	return buf;
}

static uint64_t
gcd64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static uint64_t
mag(int64_t x)
{
	return x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
}

/* The nearest double to n/d, n and d nonzero: the binary expansion by
 * long division to 55 significant bits, the rest a sticky bit, rounded
 * half to even. */
static double
nearest_u(uint64_t n, uint64_t d)
{
	uint64_t ip = n / d, r = n % d, m = 0;
	int exp = 0, nb = 0, sticky, guard, rest;

	if (ip) {
		nb = 64 - __builtin_clzll(ip);
		if (nb > 55) {
			int sh = nb - 55;

			m = ip >> sh;
			sticky = (ip & ((UINT64_C(1) << sh) - 1)) != 0 || r != 0;
			exp = sh;
			goto round;
		}
		m = ip;
	}
	while (nb < 55) {
		int bit;

		/* r < d <= 2^63: doubling cannot wrap. */
		r <<= 1;
		bit = r >= d;
		if (bit)
			r -= d;
		m = m << 1 | (uint64_t)bit;
		exp--;
		if (m)
			nb++;
	}
	sticky = r != 0;
round:
	guard = (int)(m >> 1 & 1);
	rest = (int)(m & 1) || sticky;
	m >>= 2;
	exp += 2;
	if (guard && (rest || (m & 1)))
		m++;
	return ldexp((double)m, exp);
}

double
ratio_nearest(int64_t p, int64_t q)
{
	uint64_t n = mag(p), d = mag(q);
	double v;

	if (p == 0)
		return 0;
	/* Both exact as doubles: IEEE division rounds the quotient to the
	 * nearest, half to even, as nearest_u() does bit by bit (a fifth of
	 * a force's check went there).  Only where a double is divided as
	 * a double (x87's wider registers would round twice). */
#if FLT_EVAL_METHOD == 0
	if (n <= UINT64_C(1) << 53 && d <= UINT64_C(1) << 53)
		v = (double)n / (double)d;
	else
#endif
		v = nearest_u(n, d);
	return (p < 0) != (q < 0) ? -v : v;
}

/* n/d reduced, or no fraction when either does not fit in int64. */
static struct ratio
make(int neg, uint64_t n, uint64_t d, double fallback)
{
	struct ratio r;
	uint64_t g = gcd64(n, d);

	if (d == 0 || g == 0)
		return ratio_double(fallback);
	n /= g;
	d /= g;
	if (n > INT64_MAX || d > INT64_MAX)
		return ratio_double(fallback);
	r.p = neg ? -(int64_t)n : (int64_t)n;
	r.q = (int64_t)d;
	r.v = ratio_nearest(r.p, r.q);
	return r;
}

struct ratio
ratio_of(int64_t p, int64_t q)
{
	return make((p < 0) != (q < 0) && p != 0, mag(p), mag(q),
	    (double)p / (double)q);
}

struct ratio
ratio_double(double v)
{
	struct ratio r = { v, 0, 0 };

	return r;
}

struct ratio
ratio_mul(struct ratio a, struct ratio b)
{
	uint64_t an, ad, bn, bd, g1, g2, n, d;

	if (a.q == 0 || b.q == 0)
		return ratio_double(a.v * b.v);
	an = mag(a.p), ad = (uint64_t)a.q, bn = mag(b.p), bd = (uint64_t)b.q;
	if (an == 0 || bn == 0)
		return ratio_of(0, 1);
	/* Cross-reduce first, so that only a product that truly does not
	 * fit loses the fraction. */
	g1 = gcd64(an, bd);
	g2 = gcd64(bn, ad);
	if (__builtin_mul_overflow(an / g1, bn / g2, &n) ||
	    __builtin_mul_overflow(ad / g2, bd / g1, &d))
		return ratio_double(a.v * b.v);
	return make((a.p < 0) != (b.p < 0), n, d, a.v * b.v);
}

struct ratio
ratio_div(struct ratio a, struct ratio b)
{
	if (a.q == 0 || b.q == 0 || b.p == 0)
		return ratio_double(a.v / b.v);
	/* 1/b: swap, the sign kept on the numerator. */
	return ratio_mul(a, ratio_of(b.q, b.p));
}

struct ratio
ratio_add(struct ratio a, struct ratio b)
{
	uint64_t ad, bd, g, x, y, n, d, g2;
	int xneg, yneg, neg;

	if (a.q == 0 || b.q == 0)
		return ratio_double(a.v + b.v);
	ad = (uint64_t)a.q, bd = (uint64_t)b.q;
	g = gcd64(ad, bd);
	/* a.p (bd/g) + b.p (ad/g) over ad bd / g, in magnitudes and signs. */
	if (__builtin_mul_overflow(mag(a.p), bd / g, &x) ||
	    __builtin_mul_overflow(mag(b.p), ad / g, &y))
		return ratio_double(a.v + b.v);
	xneg = a.p < 0, yneg = b.p < 0;
	if (xneg == yneg) {
		if (__builtin_add_overflow(x, y, &n))
			return ratio_double(a.v + b.v);
		neg = xneg;
	} else if (x >= y) {
		n = x - y;
		neg = xneg;
	} else {
		n = y - x;
		neg = yneg;
	}
	if (n == 0)
		return ratio_of(0, 1);
	/* The sum's numerator may share factors with g only. */
	g2 = gcd64(n, g);
	n /= g2;
	if (__builtin_mul_overflow(ad / g, bd / g2, &d))
		return ratio_double(a.v + b.v);
	return make(neg, n, d, a.v + b.v);
}

struct ratio
ratio_sub(struct ratio a, struct ratio b)
{
	b.v = -b.v;
	b.p = -b.p;
	return ratio_add(a, b);
}
