/*
 * systems/cards_deck.c -- kind deck: any card game's cards as plain
 * data, printed through the user's template (SPEC 3.7).
 *
 * The cards are given in the deck (cards:, a list of mappings of field
 * to text or number) or in a data file (data:, CSV or TSV with a header
 * row, a card a row).  A card's fields are its keys or columns, each
 * with the place its value was written, so that the layout tells a
 * broken image at the cell that names it.  The record type is open: the
 * template the deck names (template:, relative to the deck, or built
 * in) decides which fields a card needs, and a card that lacks one is an
 * error at its row.  No rules beyond that: this is muster's printing for
 * games it has no rules for.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../arena.h"
#include "../csv.h"
#include "../deps.h"
#include "../diag.h"
#include "../doc.h"
#include "../record.h"
#include "../schema.h"
#include "../system.h"
#include "cards_game.h"

/* The record type of a card, and the template that prints it unless the
 * deck names one. */
#define CARDS_TYPE	"cards.card"
#define CARDS_TMPL	"cards-poker"
/* SPEC 8: any text at most 2,000 characters. */
#define TEXT_MAX_CHARS	2000
/* A card's copies, from its copies key or column. */
#define COPIES_MAX	100
/* The cards a deck prints, copies counted: a deck of 10,000 rows of 100
 * copies, each 100 times, would be 10^8 cards (hours, gigabytes); no
 * card game has more than a few thousand. */
#define DECK_MAX_CARDS	10000

static const struct skey k_value[] = {
	K_TEXT("value", REQ, "text or a number")
};
static const struct skey k_card[] = { K_MAPANY("card", REQ, k_value) };
static const struct skey k_deck[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_TEXT("name", OPT, "the deck's name"),
	K_TEXT("template", OPT, "a built-in template's name or a template "
	    "file, relative to the deck"),
	K_INT("copies", OPT, 1, COPIES_MAX),
	K_SEQ("cards", OPT, 0, CSV_MAX_ROWS, k_card),
	K_TEXT("data", OPT, "a .csv or .tsv file, relative to the deck"),
	K_END
};

/* A field of a card: its name, value and where each was written. */
struct field {
	const char *key, *val;
	const char *file;
	int line, col;		/* the value's place */
	int kline, kcol;	/* the key's (a YAML key, a CSV header cell) */
};

struct card {
	const char *file;
	int line, col;		/* the card's place: its mapping, its row */
	const struct node *map;	/* YAML: the card; NULL for a row */
	struct field *f;
	int nf;
	int copies;		/* from its copies field; -1 when wrong */
	const struct field *copies_f;
};

struct deck {
	const struct node *root, *tmpl_n, *cards_n, *data_n;
	const char *file;	/* the deck's */
	const char *tmpl;	/* as the deck names it, or NULL */
	int copies;
	struct card *card;
	int ncards;
	/* A data file: its path as read, and its header. */
	const char *data;
	const struct csv *csv;
	int data_ok;		/* read without errors */
};

#define DECK(obj) ((const struct deck *)(obj))

/* ---- reading ---- */

/*
 * The first problem with a field's text, for "X holds ...": a control
 * character or too many characters; NULL when it is printable.
 */
static const char *
text_problem(const char *s, char buf[96])
{
	const char *p = s;
	long c;

	if (utf8_len(s) > TEXT_MAX_CHARS) {
		snprintf(buf, 96, "%zu characters; text has at most %d",
		    utf8_len(s), TEXT_MAX_CHARS);
		return buf;
	}
	while (*p)
		if (utf8_control(c = utf8_next(&p))) {
			snprintf(buf, 96, "a control character (U+%04lX), which no "
			    "card can print", c);
			return buf;
		}
	return NULL;
}

/* The data file's bytes and a NUL, or NULL (reported at at). */
static char *
read_data(const char *path, const char *name, const struct node *at,
    size_t *len)
{
	struct stat st;
	char *buf;

	deps_note(path);
	switch (read_regular(path, DOC_MAX_BYTES, &buf, len, &st)) {
	case READ_OK:
		break;
	case READ_FOLDER:
	case READ_SPECIAL:
		diag(L_ERROR, "cards.data", at, "data '%s' is %s; name a .csv "
		    "or .tsv file", name, S_ISDIR(st.st_mode) ? "a folder" :
		    "not a regular file");
		return NULL;
	case READ_BIG:
		diag(L_ERROR, "cards.data", at, "data '%s' is %.1f MiB; a data "
		    "file has at most %zu MiB", name, st.st_size / 1048576.0,
		    DOC_MAX_BYTES >> 20);
		return NULL;
	case READ_CHANGED:
		diag(L_ERROR, "cards.data", at, "cannot read data '%s': it "
		    "changed while it was read", name);
		return NULL;
	case READ_IO:
		diag(L_ERROR, "cards.data", at, "cannot read data '%s': %s",
		    name, strerror(errno));
		return NULL;
	default:
		diag(L_ERROR, "cards.data", at, "cannot open data '%s': %s",
		    name, strerror(errno));
		return NULL;
	}
	/* Read for each deck that names it: a file of decks naming one
	 * of 19 MB, fifty of them, took 8.5 s. */
	if (system_read_more(at, name, *len) < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The separator a data file's name says: ',' for .csv, '\t' for .tsv,
 * or 0. */
static char
separator(const char *name)
{
	size_t n = strlen(name);

	if (n > 4 && strcmp(name + n - 4, ".csv") == 0)
		return ',';
	if (n > 4 && strcmp(name + n - 4, ".tsv") == 0)
		return '\t';
	return 0;
}

/* Whether s is a usable field name: what a template writes in braces. */
static int
field_name_ok(const char *s)
{
	return *s && strpbrk(s, "{}\n\r\t") == NULL && s[0] != ' ' &&
	    s[strlen(s) - 1] != ' ';
}

/* SPEC 8's name limits for a data file's name cell, the schema's for an
 * inline card's (schema_name_fault()), told at the cell (yaml.range).
 * Nonzero when told. */
static int
name_problem(const struct field *f)
{
	struct sbuf sb = SBUF_INIT;
	const char *fault;

	if (strcmp(f->key, "name") != 0 || f->val == NULL ||
	    (fault = schema_name_fault(f->val, &sb)) == NULL)
		return 0;
	diag_at(L_ERROR, "yaml.range", f->file, f->line, f->col, "a card's "
	    "name %s", fault);
	sb_release(&sb);
	return 1;
}

/* Reads the deck's data file into its cards. */
static void
load_data(struct deck *d, struct arena *a)
{
	const struct node *at = d->data_n;
	const char *name = at->str;
	char beside[PATH_MAX];
	struct csv *t;
	char *path, *buf, sep;
	size_t len;
	int i, j, k, errors = 0;

	if ((sep = separator(name)) == 0) {
		diag(L_ERROR, "cards.data", at, "data '%s' must be a .csv (comma) "
		    "or .tsv (tab) file; its name says which", name);
		return;
	}
	path = arena_strdup(a, path_beside(d->file, name, beside,
	    sizeof(beside)));
	d->data = path;
	if ((buf = read_data(path, name, at, &len)) == NULL)
		return;
	t = csv_parse(buf, len, sep, path, "cards.data", a, &errors);
	free(buf);
	if (t == NULL)
		return;
	d->csv = t;
	/* The header names the fields: each once, and each a name. */
	for (i = 0; i < t->ncols; i++) {
		const struct csv_cell *h = &t->head[i];

		if (!field_name_ok(h->text)) {
			diag_at(L_ERROR, "cards.data", path, h->line, h->col,
			    "column %d's name '%s' is not a field name; give "
			    "each column a name without braces, tabs or line "
			    "breaks, and no space at either end", i + 1,
			    h->text);
			errors++;
		}
		for (j = 0; j < i; j++)
			if (strcmp(t->head[j].text, h->text) == 0) {
				diag_at(L_ERROR, "cards.data", path, h->line,
				    h->col, "column '%s' is named twice (first "
				    "as column %d); give each column its own name",
				    h->text, j + 1);
				errors++;
				break;
			}
	}
	d->card = arena_alloc(a, (size_t)(t->nrows ? t->nrows : 1) *
	    sizeof(*d->card));
	for (i = 0; i < t->nrows; i++) {
		const struct csv_row *r = &t->row[i];
		struct card *c = &d->card[d->ncards++];

		c->file = path;
		c->line = r->line;
		c->col = 1;
		c->f = arena_alloc(a, (size_t)(r->n ? r->n : 1) * sizeof(*c->f));
		for (k = 0; k < r->n; k++) {
			struct field *f = &c->f[c->nf++];
			char why[96];
			const char *p;

			f->key = t->head[k].text;
			f->val = r->cell[k].text;
			f->file = path;
			f->line = r->cell[k].line;
			f->col = r->cell[k].col;
			f->kline = t->head[k].line;
			f->kcol = t->head[k].col;
			if ((p = text_problem(f->val, why)) != NULL) {
				diag_at(L_ERROR, "cards.data", path, f->line,
				    f->col, "field '%s' holds %s", f->key, p);
				errors++;
				f->val = "";
			} else if (name_problem(f)) {
				errors++;
			}
		}
	}
	d->data_ok = errors == 0;
}

/* Reads the cards: list into the deck's cards.  The schema checked
 * each value (text or a number, printable, not too long); a wrong one
 * is kept empty, told once. */
static void
load_cards(struct deck *d, struct arena *a)
{
	const struct node *list = d->cards_n;
	size_t i, k;

	d->card = arena_alloc(a, list->n * sizeof(*d->card));
	for (i = 0; i < list->n; i++) {
		const struct node *m = list->kid[i];
		struct card *c;

		if (m->type != N_MAP || m->bad)
			continue;
		c = &d->card[d->ncards++];
		c->file = d->file;
		c->line = m->line;
		c->col = m->col;
		c->map = m;
		c->f = arena_alloc(a, (m->n ? m->n : 1) * sizeof(*c->f));
		for (k = 0; k < m->n; k++) {
			const struct node *key = MAP_KEY(m, k), *v = MAP_VAL(m, k);
			struct field *f = &c->f[c->nf++];

			f->key = key->str;
			f->val = v->bad || v->type != N_SCALAR ? "" : v->str;
			f->file = v->file;
			f->line = v->line;
			f->col = v->col;
			f->kline = key->line;
			f->kcol = key->col;
		}
	}
}

/* The card's field called key, or NULL. */
static const struct field *
field_of(const struct card *c, const char *key)
{
	int i;

	for (i = 0; i < c->nf; i++)
		if (strcmp(c->f[i].key, key) == 0)
			return &c->f[i];
	return NULL;
}

/* A card's copies: 0 to COPIES_MAX from its copies field (1 without
 * one), or -1 when that is not such a number. */
static int
card_copies(struct card *c)
{
	const struct field *f = field_of(c, "copies");
	const char *s;
	size_t n;
	int v = 0;

	c->copies_f = f;
	if (f == NULL)
		return 1;
	s = f->val + strspn(f->val, " ");
	n = strspn(s, "0123456789");
	if (*s == '\0')
		return 1;	/* empty: once */
	if (n == 0 || n > 3 || s[n + strspn(s + n, " ")] != '\0')
		return -1;
	while (n--)
		v = v * 10 + (*s++ - '0');
	return v <= COPIES_MAX ? v : -1;
}

static void *
load_deck(const struct node *root, struct arena *a, struct batch *b)
{
	struct deck *d = arena_alloc(a, sizeof(*d));
	int i;

	(void)b;
	d->root = root;
	d->file = root->file;
	d->tmpl_n = node_get(root, "template");
	d->tmpl = node_str(d->tmpl_n, NULL);
	d->copies = (int)node_long(node_get(root, "copies"), 1);
	d->cards_n = node_get(root, "cards");
	d->data_n = node_get(root, "data");
	if (d->cards_n && d->cards_n->bad)
		d->cards_n = NULL;
	if (d->data_n && d->data_n->bad)
		d->data_n = NULL;
	if (node_get(root, "cards") == NULL && node_get(root, "data") == NULL) {
		diag(L_ERROR, "cards.data", root, "a deck needs its cards: "
		    "give cards: (a list of cards, each a mapping of field to "
		    "text) or data: (a .csv or .tsv file, a card a row)");
		return d;
	}
	if (d->cards_n && d->data_n) {
		diag(L_ERROR, "cards.data", node_key(root, "data"), "a deck "
		    "gives its cards once: cards: or data:, not both");
		return d;
	}
	if (d->data_n)
		load_data(d, a);
	else if (d->cards_n && d->cards_n->type == N_SEQ)
		load_cards(d, a);
	for (i = 0; i < d->ncards; i++)
		d->card[i].copies = card_copies(&d->card[i]);
	return d;
}

/* ---- rules ---- */

/* The template's fields, or NULL when there is no telling (told). */
static const char *const *
template_fields(struct batch *b, const struct deck *d, const char *rule)
{
	return batch_template_fields(b, d->tmpl ? d->tmpl : CARDS_TMPL,
	    d->tmpl_n ? d->tmpl_n : d->root, rule, CARDS_TYPE);
}

static void
r_template(const void *obj, struct batch *b, const struct rule *self)
{
	template_fields(b, DECK(obj), self->id);
}

/* The card's name for messages: its name field, or its number. */
static const char *
label(const struct deck *d, const struct card *c, char buf[32])
{
	const struct field *f = field_of(c, "name");

	if (f && *f->val)
		return f->val;
	snprintf(buf, 32, "card %d", (int)(c - d->card) + 1);
	return buf;
}

static const char *
tmpl_name(const struct deck *d)
{
	return d->tmpl ? d->tmpl : CARDS_TMPL;
}

/* Whether the deck's template is a file of the user's (a path), not a
 * built-in one they cannot edit. */
static int
tmpl_is_file(const struct deck *d)
{
	size_t n;

	if (d->tmpl == NULL)
		return 0;
	n = strlen(d->tmpl);
	return strchr(d->tmpl, '/') != NULL || (n > 5 &&
	    strcmp(d->tmpl + n - 5, ".yaml") == 0) || (n > 4 &&
	    strcmp(d->tmpl + n - 4, ".yml") == 0);
}

/* Whether any card of the deck has field key (a column: the header). */
static int
deck_has(const struct deck *d, const char *key)
{
	int i;

	if (d->csv) {
		for (i = 0; i < d->csv->ncols; i++)
			if (strcmp(d->csv->head[i].text, key) == 0)
				return 1;
		return 0;
	}
	for (i = 0; i < d->ncards; i++)
		if (field_of(&d->card[i], key))
			return 1;
	return 0;
}

/* The deck's columns, or every key its cards give, each once: NULL-ended,
 * in xmalloc'd memory (the strings are the deck's). */
static const char **
deck_keys(const struct deck *d)
{
	const char **v;
	int i, j, n = 0, cap;

	if (d->csv) {
		v = xcalloc((size_t)d->csv->ncols + 1, sizeof(*v));
		for (i = 0; i < d->csv->ncols; i++)
			v[i] = d->csv->head[i].text;
		return v;
	}
	cap = 1;
	for (i = 0; i < d->ncards; i++)
		cap += d->card[i].nf;
	v = xcalloc((size_t)cap, sizeof(*v));
	for (i = 0; i < d->ncards; i++)
		for (j = 0; j < d->card[i].nf; j++)
			if (str_index(v, d->card[i].f[j].key) < 0)
				v[n++] = d->card[i].f[j].key;
	return v;
}

/*
 * A field the template prints that no card gives: a misspelt {field}
 * or a missing column, one mistake however many cards, told once.  At
 * the template's {field} when the template is the user's file; at the
 * deck's data: or cards: when it is built in.  With what the deck gives
 * and the nearest of it.
 */
static void
field_nowhere(struct batch *b, const struct deck *d, const char *field,
    const char *rule)
{
	struct sbuf sb = SBUF_INIT, hint = SBUF_INIT;
	const char **keys = deck_keys(d);
	struct place at;
	const struct node *n = d->data_n ? d->data_n : node_key(d->root,
	    "cards");

	if (keys[0])
		sb_list(&sb, (const char *const *)keys);
	else
		sb_adds(&sb, "none");
	sb_hint(&hint, field, (const char *const *)keys, 0);
	if (tmpl_is_file(d) && batch_template_field_at(b, d->tmpl,
	    d->tmpl_n ? d->tmpl_n : d->root, CARDS_TYPE, field, &at)) {
		if (d->csv)
			diag_at(L_ERROR, rule, at.file, at.line, at.col, "field "
			    "'{%s}' is in no column of data '%s' (its columns "
			    "are %s): spell it as the column is, or add the "
			    "column%s", field, node_str(d->data_n, ""), sb.buf,
			    sb_str(&hint));
		else
			diag_at(L_ERROR, rule, at.file, at.line, at.col, "field "
			    "'{%s}' is a key of no card of deck '%s' (their keys "
			    "are %s): spell it as the cards do, or give them "
			    "the key%s", field, d->file, sb.buf, sb_str(&hint));
	} else {
		diag(L_ERROR, rule, n ? n : d->root, "template '%s' prints "
		    "field '{%s}', which no %s gives (%s are %s): add it, or "
		    "name a template of your own%s", tmpl_name(d), field,
		    d->csv ? "column" : "card", d->csv ? "the columns" :
		    "the cards' keys", sb.buf, sb_str(&hint));
	}
	free(keys);
	sb_release(&sb);
	sb_release(&hint);
}

/*
 * Every field the template prints, on every card.  One no card gives is
 * the template's or the deck's mistake, told once (field_nowhere());
 * one some cards give and others lack is told at each card's row (SPEC
 * 3.7: the CSV row's line) or mapping.
 */
static void
r_field(const void *obj, struct batch *b, const struct rule *self)
{
	const struct deck *d = DECK(obj);
	const char *const *fields = template_fields(b, d, "cards.template");
	const char *const *f;
	const char **some = NULL;
	struct sbuf sb = SBUF_INIT;
	char lb[32];
	int i, n = 0;

	/* A data file with errors is fixed first: its columns may be
	 * what is wrong. */
	if (fields == NULL || (d->data_n && !d->data_ok) ||
	    (d->csv == NULL && d->ncards == 0))
		return;
	for (f = fields; *f; f++)
		;
	some = xcalloc((size_t)(f - fields) + 1, sizeof(*some));
	for (f = fields; *f; f++)
		if (deck_has(d, *f))
			some[n++] = *f;
		else
			field_nowhere(b, d, *f, self->id);
	for (i = 0; i < d->ncards; i++) {
		const struct card *c = &d->card[i];
		const char *last = NULL;
		int k, m = 0;

		sb_reset(&sb);
		for (k = 0; k < n; k++) {
			if (field_of(c, some[k]))
				continue;
			if (last)
				sb_addf(&sb, "%s'%s'", m > 1 ? ", " : "", last);
			last = some[k];
			m++;
		}
		if (last == NULL)
			continue;
		sb_addf(&sb, "%s'%s'", m > 1 ? (m > 2 ? ", or " : " or ") : "",
		    last);
		if (c->map)
			diag(L_ERROR, self->id, c->map, "card '%s' has no field "
			    "%s, which template '%s' prints; give the card each "
			    "field its template prints (an empty one prints "
			    "nothing)", label(d, c, lb), sb.buf, tmpl_name(d));
		else
			diag_at(L_ERROR, self->id, c->file, c->line, c->col,
			    "card '%s' has no field %s, which template '%s' "
			    "prints; give its row a column for each (an empty "
			    "one prints nothing)", label(d, c, lb), sb.buf,
			    tmpl_name(d));
	}
	free(some);
	sb_release(&sb);
}

/*
 * A field the template prints names only icons the template has
 * ({icon:NAME} in its text): told at the value, as render would tell it
 * at the card's row.
 */
static void
r_icon(const void *obj, struct batch *b, const struct rule *self)
{
	const struct deck *d = DECK(obj);
	const char *const *fields = template_fields(b, d, "cards.template");
	struct sbuf why = SBUF_INIT;
	char lb[32];
	int i, j;

	if (fields == NULL || (d->data_n && !d->data_ok))
		return;
	for (i = 0; i < d->ncards; i++)
		for (j = 0; j < d->card[i].nf; j++) {
			const struct field *f = &d->card[i].f[j];

			if (str_index(fields, f->key) < 0 ||
			    batch_template_icons(b, d->tmpl ? d->tmpl :
			    CARDS_TMPL, d->tmpl_n ? d->tmpl_n : d->root,
			    CARDS_TYPE, f->val, &why))
				continue;
			diag_at(L_ERROR, self->id, f->file, f->line, f->col,
			    "card '%s': %s '%s' %s", label(d, &d->card[i], lb),
			    d->csv ? "column" : "field", f->key, why.buf);
		}
	sb_release(&why);
}

/* Each card's copies is a whole number from 0 to COPIES_MAX. */
static void
r_copies(const void *obj, struct batch *b, const struct rule *self)
{
	const struct deck *d = DECK(obj);
	int i;

	long total = 0;

	(void)b;
	for (i = 0; i < d->ncards; i++) {
		const struct field *f = d->card[i].copies_f;

		if (d->card[i].copies < 0)
			diag_at(L_ERROR, self->id, f->file, f->line, f->col,
			    "copies '%s' must be a whole number from 0 to %d "
			    "(0 leaves the card out)", f->val, COPIES_MAX);
		else
			total += (long)d->copies * d->card[i].copies;
	}
	if (total > DECK_MAX_CARDS)
		diag(L_ERROR, self->id, node_key(d->root, "copies") ?
		    node_key(d->root, "copies") : d->data_n ? d->data_n :
		    d->cards_n, "the deck prints %ld cards, copies counted; a "
		    "deck prints at most %d: print fewer copies, or split it "
		    "into decks", total, DECK_MAX_CARDS);
}

/*
 * A deck that prints no card (SPEC 8): a data file of a header only, an
 * empty cards: list, or every card's copies 0.  An error at its data,
 * not "nothing to print": a render that writes nothing must not exit 0
 * beside the PDF of an earlier run.
 */
static void
r_empty(const void *obj, struct batch *b, const struct rule *self)
{
	const struct deck *d = DECK(obj);
	const struct node *at = d->data_n ? d->data_n : d->cards_n;
	int i;

	(void)b;
	/* Without cards: or data: it is told as cards.data; a data file
	 * that could not be read is told there too. */
	if (at == NULL || (d->data_n && d->csv == NULL))
		return;
	if (d->ncards == 0) {
		if (d->csv)
			diag_at(L_ERROR, self->id, d->data,
			    d->csv->head[0].line, 1, "holds a header row and "
			    "no card; give a row a card under the header");
		else
			diag(L_ERROR, self->id, at, "the deck holds no card; "
			    "give cards: one card or more, each a mapping such "
			    "as {name: Scout}");
		return;
	}
	if (d->copies == 0)
		return;		/* copies: 0 is the schema's to tell */
	for (i = 0; i < d->ncards; i++)
		if (d->card[i].copies != 0)
			return;
	diag(L_ERROR, self->id, at, "every card has copies 0, so the deck "
	    "prints no card; give one card copies 1 or more");
}

/*
 * A column, or a key of the deck's cards, that the template prints
 * nowhere: a warning, once, where it is first named (a misspelt column
 * prints nothing).  name and copies are read by muster itself.
 */
static void
r_unused(const void *obj, struct batch *b, const struct rule *self)
{
	const struct deck *d = DECK(obj);
	const char *const *fields = template_fields(b, d, "cards.template");
	const char **seen = NULL;
	struct sbuf hint = SBUF_INIT;
	int i, j, n = 0;

	(void)b;
	if (fields == NULL || (d->data_n && !d->data_ok))
		return;
	for (i = 0; i < d->ncards; i++)
		for (j = 0; j < d->card[i].nf; j++) {
			const struct field *f = &d->card[i].f[j];

			if (str_index(fields, f->key) >= 0 ||
			    strcmp(f->key, "name") == 0 ||
			    strcmp(f->key, "copies") == 0 ||
			    (seen && str_index(seen, f->key) >= 0))
				continue;
			seen = xrealloc(seen, (size_t)(n + 2) * sizeof(*seen));
			seen[n++] = f->key;
			seen[n] = NULL;
			diag_at(L_WARNING, self->id, f->file, f->kline, f->kcol,
			    "%s '%s' is printed nowhere: template '%s' names no "
			    "'{%s}'%s", d->csv ? "column" : "field", f->key,
			    tmpl_name(d), f->key, sb_hint(&hint, f->key, fields,
			    0));
		}
	free(seen);
	sb_release(&hint);
}

static const struct rule deck_rules[] = {
	{ "cards.template", "a deck's template is a built-in template or a template file (relative to the deck) that renders " CARDS_TYPE, r_template },
	{ "cards.data", "a deck gives its cards once, in cards: or in data:, a .csv or .tsv file of UTF-8 text with a header row of distinct column names and no row longer than it", NULL },
	{ "cards.field", "every card has every field its template prints: a key of the card, a column of the data that its row reaches; a field no card has is told once, at the template", r_field },
	{ "cards.icon", "a field the template prints names only icons ({icon:NAME}) in the template's icons: or built-in symbols", r_icon },
	{ "cards.copies", "a card's copies (a key or a column) is a whole number from 0 to " STR(COPIES_MAX) ", and a deck prints at most " STR(DECK_MAX_CARDS) " cards, copies counted", r_copies },
	{ "cards.empty", "a deck prints at least one card: its data has a row under the header, or cards: a card, with copies above 0", r_empty },
	{ "cards.unused", "a column or card key the template prints nowhere, but name and copies (warning)", r_unused },
	{ NULL, NULL, NULL }
};

/* ---- printing ---- */

/* The fields are the user's own: the template's decide. */
static const struct rectype card_type = {
	CARDS_TYPE, "a card of any game: the fields its deck gives", NULL
};

static void
emit_deck(const void *obj, struct emitter *e)
{
	const struct deck *d = DECK(obj);
	struct record *r = e->rec;
	char lb[32];
	int i, j;

	for (i = 0; i < d->ncards; i++) {
		const struct card *c = &d->card[i];

		record_clear(r);
		rec_label_at(r, label(d, c, lb), c->file, c->line, c->col);
		if (d->tmpl)
			rec_set_template(r, d->tmpl, d->file);
		for (j = 0; j < c->nf; j++) {
			rec_set(r, c->f[j].key, c->f[j].val);
			rec_set_place(r, c->f[j].key, c->f[j].file,
			    c->f[j].line, c->f[j].col);
		}
		emit_card(e, d->copies * (c->copies < 0 ? 1 : c->copies));
	}
}

static const struct product deck_products[] = {
	{ "card", &card_type, CARDS_TMPL, emit_deck },
	{ NULL, NULL, NULL, NULL }
};

/*
 * `muster new cards deck`: what a new document of this kind starts from
 * (starter.h): printed, a deck with its cards in it; written with -o, a
 * deck whose cards are a CSV file beside it, and that file.
 */
static const char starter[] =
    "# A deck of any card game: its cards as plain data, printed through a\n"
    "# template whose {fields} are the cards' keys.  No rules are checked\n"
    "# beyond that: every field the template prints must be on every card.\n"
    "# 'muster new -o my-deck.yaml cards deck' writes a deck whose cards are\n"
    "# a CSV file (my-deck.csv) instead.\n"
    "system: cards\n"
    "kind: deck\n"
    "name: My deck\n"
    "template: cards-poker     # a built-in template (name, text), or a file\n"
    "                          # of yours, relative to this one\n"
    "copies: 1                 # of every card (default 1)\n"
    "cards:                    # or data: cards.csv, a header row and a card a\n"
    "                          # row, with an optional copies column\n"
    "  - {name: Scout, text: \"Look at the top card of any deck.\"}\n"
    "  - {name: Ambush, text: \"Play when attacked: the attack fails.\", copies: 2}\n"
    "\f"
    "# A deck of any card game: its cards are the rows of @DATA@, beside\n"
    "# this file (a spreadsheet saves it: \"CSV UTF-8\"), printed through a\n"
    "# template whose {fields} are its columns.  No rules are checked beyond\n"
    "# that: every field the template prints must be a column.\n"
    "#\n"
    "#   muster check @FILE@       every problem, with its line\n"
    "#   muster render @FILE@      writes out/@STEM@.pdf\n"
    "#\n"
    "# 'muster new -o card.yaml cards template' writes a template of your\n"
    "# own, with pictures, costs and a back, to name below instead.\n"
    "system: cards\n"
    "kind: deck\n"
    "name: My deck\n"
    "template: cards-poker     # a built-in template (its fields: name, text),\n"
    "                          # or a file of yours, relative to this one\n"
    "copies: 1                 # of every card (default 1)\n"
    "data: @DATA@         # a header row of column names, then a card a row;\n"
    "                          # a copies column says how many of each\n"
    "\f"
    "csv\n"
    "name,text,copies\n"
    "Scout,Look at the top card of any deck.,1\n"
    "Ambush,\"Play when attacked: the attack fails.\",2\n"
    "Rally,\"Each of your cards gets +1 this turn, \"\"for the cause\"\".\",1\n";

const struct kind cards_deck_kind = {
	"deck", "a deck of any card game: its cards as data, printed "
	"through a template", k_deck, deck_rules, load_deck, deck_products,
	starter
};
