/*
 * record.c -- an open-addressing table of fields, reused card after card.
 * A slot holds a field of this card when its generation is the record's:
 * record_clear() moves to the next one, and every slot is empty again
 * without being written (the table is some 24 KB, and a card sets a
 * hundred of its 512 slots: the memset was half of making a card).
 */
#include "record.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"

#define NSLOT0 512	/* slots to start with: a power of two */

struct field {
	const char *key;	/* into pool, or NULL */
	size_t klen;
	const char *val;	/* into pool */
	unsigned hash;
	const char *file;	/* where the value was written (pool), or NULL */
	int line, col;
	unsigned gen;		/* the record's when set; else an empty slot */
};

struct record {
	struct field *slot;
	size_t nslot, used;	/* used below nslot / 2, or the table grows */
	unsigned gen;		/* of the fields of this card, never 0 */
	char *pool;		/* keys and values, bump-allocated */
	size_t poollen, poolcap;
	char **old;		/* pools outgrown while a card was built */
	size_t nold;
	struct sbuf label, file;
	int line, col;
	const char *lastfile;	/* the file of the last place set (pool) */
	struct sbuf tmpl, tmplfile;	/* the template the card names */
};

struct record *
record_new(void)
{
	struct record *r = xcalloc(1, sizeof(*r));

	r->nslot = NSLOT0;
	r->slot = xcalloc(r->nslot, sizeof(*r->slot));
	r->gen = 1;
	r->poolcap = 8192;
	r->pool = xmalloc(r->poolcap);
	return r;
}

static void
free_old(struct record *r)
{
	size_t i;

	for (i = 0; i < r->nold; i++)
		free(r->old[i]);
	free(r->old);
	r->old = NULL;
	r->nold = 0;
}

void
record_free(struct record *r)
{
	if (r == NULL)
		return;
	free_old(r);
	free(r->pool);
	free(r->slot);
	sb_release(&r->label);
	sb_release(&r->file);
	sb_release(&r->tmpl);
	sb_release(&r->tmplfile);
	free(r);
}

void
record_clear(struct record *r)
{
	/* After 4 billion cards, every slot emptied and generation 1 again. */
	if (++r->gen == 0) {
		memset(r->slot, 0, r->nslot * sizeof(*r->slot));
		r->gen = 1;
	}
	r->used = 0;
	r->poollen = 0;
	free_old(r);
	sb_reset(&r->label);
	sb_reset(&r->file);
	sb_reset(&r->tmpl);
	sb_reset(&r->tmplfile);
	r->line = r->col = 0;
	r->lastfile = NULL;
}

static const char *
pool_dup(struct record *r, const char *s, size_t n)
{
	char *p;

	if (r->poollen + n + 1 > r->poolcap) {
		/* Strings already handed out stay valid: keep the old pool. */
		r->old = xrealloc(r->old, (r->nold + 1) * sizeof(*r->old));
		r->old[r->nold++] = r->pool;
		while (r->poolcap < n + 1)
			r->poolcap *= 2;
		r->pool = xmalloc(r->poolcap);
		r->poollen = 0;
	}
	p = r->pool + r->poollen;
	memcpy(p, s, n);
	p[n] = '\0';
	r->poollen += n + 1;
	return p;
}

static unsigned
hash(const char *s, size_t n)
{
	unsigned h = 2166136261u;	/* FNV-1a */

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* Whether slot f holds a field of this card. */
#define LIVE(r, f) ((f)->gen == (r)->gen)

/* key's slot: its field, or the empty slot it would go in. */
static struct field *
lookup(const struct record *r, const char *key, size_t klen, unsigned h)
{
	size_t i = h & (r->nslot - 1);

	for (;;) {
		const struct field *f = &r->slot[i];

		if (!LIVE(r, f) || (f->hash == h && f->klen == klen &&
		    memcmp(f->key, key, klen) == 0))
			return (struct field *)f;
		i = (i + 1) & (r->nslot - 1);
	}
}

/* Doubles the table; the fields keep their strings in the pools. */
static void
grow(struct record *r)
{
	struct field *old = r->slot;
	size_t n = r->nslot, i;

	r->nslot *= 2;
	r->slot = xcalloc(r->nslot, sizeof(*r->slot));
	for (i = 0; i < n; i++)
		if (LIVE(r, &old[i]))
			*lookup(r, old[i].key, old[i].klen, old[i].hash) = old[i];
	free(old);
}

void
rec_set(struct record *r, const char *key, const char *val)
{
	size_t klen = strlen(key);
	unsigned h = hash(key, klen);
	struct field *f = lookup(r, key, klen, h);

	if (!LIVE(r, f)) {
		if (r->used + 1 > r->nslot / 2) {
			grow(r);
			f = lookup(r, key, klen, h);
		}
		f->key = pool_dup(r, key, klen);
		f->klen = klen;
		f->hash = h;
		f->gen = r->gen;
		r->used++;
	}
	f->val = pool_dup(r, val ? val : "", strlen(val ? val : ""));
	f->file = NULL;
	f->line = f->col = 0;
}

void
rec_set_place(struct record *r, const char *key, const char *file, int line,
    int col)
{
	size_t klen = strlen(key);
	struct field *f = lookup(r, key, klen, hash(key, klen));

	if (!LIVE(r, f) || file == NULL)
		return;
	/* A card's fields come from one or two files: keep each once. */
	if (r->lastfile == NULL || strcmp(r->lastfile, file) != 0)
		r->lastfile = pool_dup(r, file, strlen(file));
	f->file = r->lastfile;
	f->line = line;
	f->col = col;
}

const char *
rec_place(const struct record *r, const char *key, int *line, int *col)
{
	size_t klen = strlen(key);
	const struct field *f = lookup(r, key, klen, hash(key, klen));

	if (!LIVE(r, f) || f->file == NULL)
		return NULL;
	if (line)
		*line = f->line;
	if (col)
		*col = f->col;
	return f->file;
}

/* v in decimal as "%ld" writes it, ending at end (its '\0'); returns its
 * first character. */
static char *
int_text(char *end, long v)
{
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	*end = '\0';
	do {
		*--end = (char)('0' + u % 10);
		u /= 10;
	} while (u > 0);
	if (v < 0)
		*--end = '-';
	return end;
}

void
rec_setf(struct record *r, const char *key, const char *fmt, ...)
{
	char small[256];
	struct sbuf sb = SBUF_INIT;
	va_list ap;
	int n;

	/* A number alone, as most fields are (a card's 23), without
	 * printf: 2 % of render's CPU at 10,000 cards was vsnprintf's. */
	if (strcmp(fmt, "%d") == 0 || strcmp(fmt, "%ld") == 0) {
		long v;

		va_start(ap, fmt);
		v = fmt[1] == 'd' ? va_arg(ap, int) : va_arg(ap, long);
		va_end(ap);
		rec_set(r, key, int_text(small + sizeof(small) - 1, v));
		return;
	}
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < sizeof(small)) {
		rec_set(r, key, small);
		return;
	}
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	rec_set(r, key, sb_str(&sb));
	sb_release(&sb);
}

const char *
rec_get(const struct record *r, const char *key)
{
	size_t klen = strlen(key);
	const struct field *f = lookup(r, key, klen, hash(key, klen));

	return LIVE(r, f) ? f->val : NULL;
}

size_t
rec_keys(const struct record *r, const char **out, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < r->nslot && n < max; i++)
		if (LIVE(r, &r->slot[i]))
			out[n++] = r->slot[i].key;
	return n;
}

void
rec_label(struct record *r, const char *label, const struct node *at)
{
	sb_reset(&r->label);
	sb_adds(&r->label, label ? label : "");
	sb_reset(&r->file);
	if (at) {
		sb_adds(&r->file, at->file);
		r->line = at->line;
		r->col = at->col;
	}
}

void
rec_label_at(struct record *r, const char *label, const char *file, int line,
    int col)
{
	sb_reset(&r->label);
	sb_adds(&r->label, label ? label : "");
	sb_reset(&r->file);
	if (file) {
		sb_adds(&r->file, file);
		r->line = line;
		r->col = col;
	}
}

const char *
rec_label_text(const struct record *r)
{
	return sb_str(&r->label);
}

const char *
rec_file(const struct record *r)
{
	return r->file.len ? r->file.buf : NULL;
}

int
rec_line(const struct record *r)
{
	return r->line;
}

int
rec_col(const struct record *r)
{
	return r->col;
}

void
rec_set_template(struct record *r, const char *name, const char *file)
{
	sb_reset(&r->tmpl);
	sb_reset(&r->tmplfile);
	if (name == NULL)
		return;
	sb_adds(&r->tmpl, name);
	sb_adds(&r->tmplfile, file ? file : "");
}

const char *
rec_template(const struct record *r, const char **file)
{
	if (file)
		*file = r->tmplfile.len ? r->tmplfile.buf : NULL;
	return r->tmpl.len ? r->tmpl.buf : NULL;
}
