/*
 * util.h -- allocation that cannot fail, growable strings, UTF-8 and
 * "did you mean" helpers shared by every module.
 *
 * Allocation failure is handled in one place (xmalloc and friends): the
 * program says so and exits 2, so callers never check for NULL.
 */
#ifndef MUSTER_UTIL_H
#define MUSTER_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#define ATTR_PRINTF(a, b) __attribute__((format(printf, a, b)))
/* A leaf loop over buffers whose lengths its caller has checked, left
 * out of the sanitizers' check of every byte and every pointer sum:
 * the test build's time on a big image was mostly those checks. */
#define NO_SANITIZE __attribute__((no_sanitize("address", "undefined")))
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
/* A number macro as text, for messages built at compile time. */
#define STR_(x) #x
#define STR(x) STR_(x)

/* The caller owns the returned memory and frees it with free(). */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* FNV-1a over the n bytes at p, on from h (FNV_SEED to begin): the hash
 * of muster's tables, whose keys are compared whole after it. */
#define FNV_SEED 14695981039346656037ULL
unsigned long long fnv1a(unsigned long long h, const void *p, size_t n);
/* The same a whole int at a time, for keys of n small numbers: a
 * quarter of the steps (a hash of its own, not fnv1a()'s of the bytes). */
unsigned long long fnv1a_ints(unsigned long long h, const int *k, size_t n);

/* Prints "muster: MESSAGE" to stderr and exits 2 (internal or I/O error). */
_Noreturn void fatal(const char *fmt, ...) ATTR_PRINTF(1, 2);

/*
 * A growable NUL-terminated string, after git's strbuf.  Initialise with
 * SBUF_INIT; buf is never NULL once anything was added; sb_release frees
 * it and leaves the sbuf empty and reusable.
 */
struct sbuf {
	char *buf;
	size_t len, cap;
};
#define SBUF_INIT { NULL, 0, 0 }

void sb_grow(struct sbuf *sb, size_t extra);
void sb_add(struct sbuf *sb, const char *s, size_t n);
void sb_adds(struct sbuf *sb, const char *s);
void sb_addc(struct sbuf *sb, char c);
void sb_addf(struct sbuf *sb, const char *fmt, ...) ATTR_PRINTF(2, 3);
void sb_vaddf(struct sbuf *sb, const char *fmt, va_list ap);
/* Appends s as a JSON string literal, quotes included. */
void sb_json(struct sbuf *sb, const char *s);
/* Empties the string but keeps its memory. */
void sb_reset(struct sbuf *sb);
/* Returns "" for a never-used sbuf, so it is always printable. */
const char *sb_str(const struct sbuf *sb);
void sb_release(struct sbuf *sb);

/*
 * Decodes one UTF-8 sequence at *s and advances *s past it.  Returns the
 * code point, or -1 for a malformed sequence (then *s advances one byte).
 */
long utf8_next(const char **s);
/* Writes code point c as UTF-8 into buf (NUL-terminated); returns buf. */
const char *utf8_encode(long c, char buf[5]);
/* Whether code point c is one no card prints and a terminal may obey:
 * C0 but tab and line breaks, DEL, C1 (U+0080-U+009F), the marks that
 * reorder a line (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) and a
 * byte-order mark. */
int utf8_control(long c);
/* Number of code points in s (malformed bytes count one each). */
size_t utf8_len(const char *s);

/* Whether a file name ends in .yaml or .yml (more than the extension). */
int yaml_name(const char *path);
/* Whether s is written only with decimal digits, signs, '.', e/E and the
 * characters of also: what a number option takes (strtod alone also
 * reads hexadecimal, inf and nan). */
int decimal_text(const char *s, const char *also);

/* The optimal string alignment distance between two short strings:
 * Levenshtein's, with two neighbours swapped counted as one edit. */
size_t edit_distance(const char *a, const char *b);
/*
 * The choice closest to word, if it is close enough to be a likely typo
 * (at most a third of the word's length, and at least 1, edits away);
 * else NULL.  choices is NULL-terminated.
 */
const char *suggest(const char *word, const char *const *choices);
/*
 * What a user may write instead of word, for the end of a message:
 * "; did you mean 'x'? allowed: a, b, c" -- the question only when a
 * choice is close -- or, without allowed, the question alone (or
 * nothing).  Empties sb first and returns its text.
 */
/* The same, the question asked first of prefer (NULL-ended), the keys a
 * user most likely meant: a required key the mapping lacks. */
const char *sb_hint_prefer(struct sbuf *sb, const char *word,
    const char *const *prefer, const char *const *choices, int allowed);
/* The choice nearest word (what sb_hint() suggests), or NULL. */
const char *str_suggest(const char *word, const char *const *choices);
const char *sb_hint(struct sbuf *sb, const char *word,
    const char *const *choices, int allowed);
/* The index of s in a NULL-terminated array of names, or -1 (also for NULL s). */
int str_index(const char *const *names, const char *s);
/* Appends "a, b, c" listing a NULL-terminated array of strings. */
void sb_list(struct sbuf *sb, const char *const *items);

/* "three" for 3: a small count as a word, for messages (0 to 12; other
 * numbers as digits in buf). */
const char *num_word(int n, char buf[16]);

/* Formats a length in points as millimetres for messages: "12.5 mm". */
const char *mm_str(double pt, char buf[32]);

/*
 * name as it is read from the file that names it: beside that file
 * when name is relative and file is in a folder ("units/a.yaml" names
 * "b.yaml": "units/b.yaml"), else name itself.  Written to buf (cut to
 * size), which is returned.
 */
const char *path_beside(const char *file, const char *name, char *buf,
    size_t size);

/*
 * Reads the regular file path whole, NUL-ended, into *buf (the caller
 * frees it) and its length into *len: every opener of an input (the
 * YAML reader, images, data files) reads through it.  Returns 0, or one
 * of READ_* with nothing allocated; *st gets what was opened once it is
 * known (its size for a message about READ_BIG, its device and inode).
 * A FIFO is never waited on.
 */
enum {
	READ_OK = 0,
	READ_ERRNO = -1,	/* open or stat failed: errno says */
	READ_FOLDER = -2,	/* a folder */
	READ_SPECIAL = -3,	/* not a regular file: a FIFO, device... */
	READ_BIG = -4,		/* over max bytes */
	READ_CHANGED = -5,	/* shorter or longer than it said it was */
	READ_IO = -6		/* reading failed: errno says */
};
int read_regular(const char *path, size_t max, char **buf, size_t *len,
    struct stat *st);

/*
 * A number as a double and, where it is a fraction of machine integers,
 * exactly: p/q in lowest terms, q > 0.  q == 0 means the double alone
 * (the fraction would not fit in 64 bits, or the number never was one).
 * The arithmetic below carries the fraction while it fits (reducing by
 * the gcd first, every product and sum checked for overflow) and the
 * double always; while the fraction is known the double is its nearest
 * (correctly rounded), so that a printed double reads back as the exact
 * value's.  Values, no memory: nothing to free.
 */
struct ratio {
	double v;
	int64_t p, q;
};
/* p/q (q nonzero; the sign is p's times q's). */
struct ratio ratio_of(int64_t p, int64_t q);
/* v with no fraction. */
struct ratio ratio_double(double v);
struct ratio ratio_add(struct ratio a, struct ratio b);
struct ratio ratio_sub(struct ratio a, struct ratio b);
struct ratio ratio_mul(struct ratio a, struct ratio b);
/* a / b; b nonzero. */
struct ratio ratio_div(struct ratio a, struct ratio b);
/* The double nearest p/q, rounded to even as IEEE 754 rounds (q > 0). */
double ratio_nearest(int64_t p, int64_t q);

/*
 * Whether the n bytes at a and b are the same, for short texts such as
 * a map's keys: a word at a time costs less than a call to memcmp.  A
 * tail shorter than the word is compared as the word that ends where
 * the text ends (some of its bytes compared twice); under 8 bytes, two
 * halves the same way.
 */
static inline int
mem_same(const char *a, const char *b, size_t n)
{
	uint64_t x, y;
	uint32_t u, v;
	uint16_t s, t;
	size_t i;

	if (n >= 8) {
		for (i = 0; i + 8 < n; i += 8) {
			memcpy(&x, a + i, 8);
			memcpy(&y, b + i, 8);
			if (x != y)
				return 0;
		}
		memcpy(&x, a + n - 8, 8);
		memcpy(&y, b + n - 8, 8);
		return x == y;
	}
	if (n >= 4) {
		memcpy(&u, a, 4);
		memcpy(&v, b, 4);
		if (u != v)
			return 0;
		memcpy(&u, a + n - 4, 4);
		memcpy(&v, b + n - 4, 4);
		return u == v;
	}
	if (n >= 2) {
		memcpy(&s, a, 2);
		memcpy(&t, b, 2);
		if (s != t)
			return 0;
		memcpy(&s, a + n - 2, 2);
		memcpy(&t, b + n - 2, 2);
		return s == t;
	}
	return n == 0 || a[0] == b[0];
}

#endif
