/*
 * csv.c -- see csv.h.
 */
#include "csv.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "util.h"

struct parser {
	const char *p, *end;
	int line, col;
	char sep;
	const char *file, *rule;
	int errors;
	struct arena *a;
	struct sbuf text;		/* the field being read */
	/* The record being read: its first CSV_MAX_COLUMNS fields, their
	 * text in scratch until the record is kept (a record left out, or
	 * a field past any header's, costs no memory that stays); ncells
	 * counts them all. */
	struct arena *scratch;
	struct csv_cell *cells;
	int ncells, capcells;
	int nonempty;			/* a field of the record has text */
};

static void
bad(struct parser *ps, int line, int col, const char *fmt, ...)
    ATTR_PRINTF(4, 5);

static void
bad(struct parser *ps, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vat(L_ERROR, ps->rule, ps->file, line, col, fmt, ap);
	va_end(ap);
	ps->errors++;
}

/* A line break at p (CRLF, LF or CR): its length, or 0. */
static int
line_break(const struct parser *ps)
{
	if (ps->p >= ps->end)
		return 0;
	if (ps->p[0] == '\r')
		return ps->p + 1 < ps->end && ps->p[1] == '\n' ? 2 : 1;
	return ps->p[0] == '\n';
}

/*
 * Takes one character into the field (a line break as "\n"): 0, or -1
 * when the bytes are not UTF-8 or are a NUL (reported).
 */
static int
take(struct parser *ps)
{
	const char *q = ps->p;
	int n = line_break(ps);
	long c;

	if (n) {
		sb_addc(&ps->text, '\n');
		ps->p += n;
		ps->line++;
		ps->col = 1;
		return 0;
	}
	if (*q == '\0') {
		bad(ps, ps->line, ps->col, "a NUL byte: this is not a text "
		    "file; give a CSV or TSV file saved as UTF-8 text");
		return -1;
	}
	c = utf8_next(&q);
	if (c < 0 || q > ps->end) {
		bad(ps, ps->line, ps->col, "byte 0x%02X is not UTF-8; save the "
		    "file as UTF-8 (a spreadsheet's \"CSV UTF-8\")",
		    (unsigned char)*ps->p);
		return -1;
	}
	sb_add(&ps->text, ps->p, (size_t)(q - ps->p));
	ps->p = q;
	ps->col++;
	return 0;
}

/* Ends the field: a cell of the record being read. */
static void
push(struct parser *ps, int line, int col)
{
	struct csv_cell *c;

	if (ps->text.len)
		ps->nonempty = 1;
	if (ps->ncells < CSV_MAX_COLUMNS) {
		if (ps->ncells == ps->capcells) {
			ps->capcells = ps->capcells ? ps->capcells * 2 : 16;
			ps->cells = xrealloc(ps->cells, (size_t)ps->capcells *
			    sizeof(*ps->cells));
		}
		c = &ps->cells[ps->ncells];
		c->text = arena_strndup(ps->scratch, sb_str(&ps->text),
		    ps->text.len);
		c->line = line;
		c->col = col;
	}
	ps->ncells++;
	sb_reset(&ps->text);
}

/* The record's cells (at most CSV_MAX_COLUMNS of them), kept in a. */
static struct csv_cell *
keep(struct parser *ps)
{
	struct csv_cell *c = arena_alloc(ps->a, (size_t)ps->ncells *
	    sizeof(*c));
	int i;

	for (i = 0; i < ps->ncells; i++) {
		c[i] = ps->cells[i];
		c[i].text = arena_strdup(ps->a, ps->cells[i].text);
	}
	return c;
}

/*
 * Reads one record into ps->cells, and its line break.  0, or -1 when
 * an error ends the text.
 */
static int
record(struct parser *ps)
{
	int line, col, n, after = 0;

	ps->ncells = 0;
	ps->nonempty = 0;
	arena_reset(ps->scratch);
	for (;;) {
		line = ps->line;
		col = ps->col;
		if (ps->p < ps->end && *ps->p == '"') {
			ps->p++;
			ps->col++;
			for (;;) {
				if (ps->p >= ps->end) {
					bad(ps, line, col, "the quote that opens "
					    "this field is never closed; close it "
					    "(a quote inside quotes is written "
					    "\"\")");
					return -1;
				}
				if (*ps->p == '"' && ps->p + 1 < ps->end &&
				    ps->p[1] == '"') {
					sb_addc(&ps->text, '"');
					ps->p += 2;
					ps->col += 2;
				} else if (*ps->p == '"') {
					ps->p++;
					ps->col++;
					break;
				} else if (take(ps) < 0)
					return -1;
			}
			/* After the closing quote, the field is over. */
			if (ps->p < ps->end && *ps->p != ps->sep &&
			    !line_break(ps) && !after) {
				after = 1;
				bad(ps, ps->line, ps->col, "text follows the "
				    "quote that closes a field; a field in quotes "
				    "ends at its quote (a quote inside quotes is "
				    "written \"\")");
			}
		}
		while (ps->p < ps->end && *ps->p != ps->sep && !line_break(ps))
			if (take(ps) < 0)
				return -1;
		push(ps, line, col);
		if (ps->p < ps->end && *ps->p == ps->sep) {
			ps->p++;
			ps->col++;
			continue;
		}
		if ((n = line_break(ps)) != 0) {
			ps->p += n;
			ps->line++;
			ps->col = 1;
		}
		return after ? 1 : 0;
	}
}

/* Each column name over CSV_MAX_NAME characters told (SPEC 8: text has
 * at most 2,000): how many. */
static int
long_names(struct parser *ps, const struct csv *t)
{
	int i, n = 0;

	for (i = 0; i < t->ncols; i++) {
		size_t len = utf8_len(t->head[i].text);

		if (len > CSV_MAX_NAME) {
			bad(ps, t->head[i].line, t->head[i].col, "column %d's "
			    "name is %zu characters; a column's name has at "
			    "most %d", i + 1, len, CSV_MAX_NAME);
			n++;
		}
	}
	return n;
}

/* Keeps the record just read as t's next row, from line, growing the
 * rows (*cap of them) by doubling. */
static void
add_row(struct parser *ps, struct csv *t, int line, int *cap)
{
	if (t->nrows == *cap) {
		struct csv_row *old = t->row;

		*cap = *cap ? *cap * 2 : 64;
		t->row = arena_alloc(ps->a, (size_t)*cap * sizeof(*t->row));
		if (old)
			memcpy(t->row, old, (size_t)t->nrows * sizeof(*t->row));
	}
	t->row[t->nrows].line = line;
	t->row[t->nrows].n = ps->ncells;
	t->row[t->nrows].cell = keep(ps);
	t->nrows++;
}

struct csv *
csv_parse(const char *buf, size_t len, char sep, const char *file,
    const char *rule, struct arena *a, int *errors)
{
	struct parser ps;
	struct csv *t = arena_alloc(a, sizeof(*t));
	int cap = 0, rc, line, records = 0;
	const char *sepname = sep == '\t' ? "tab" : "comma";

	memset(&ps, 0, sizeof(ps));
	memset(t, 0, sizeof(*t));
	ps.p = buf;
	ps.end = buf + len;
	ps.line = ps.col = 1;
	ps.sep = sep;
	ps.file = file;
	ps.rule = rule;
	ps.a = a;
	ps.scratch = arena_new();
	/* A byte-order mark, which spreadsheets write, is no text. */
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		ps.p += 3;
	while (ps.p < ps.end) {
		line = ps.line;
		if ((rc = record(&ps)) < 0)
			goto fail;
		if (!ps.nonempty)
			continue;
		/* Every record counts, kept or told: a file of a million
		 * wrong rows is refused, not told a million times. */
		if (++records > CSV_MAX_ROWS + 1) {
			bad(&ps, line, 1, "more than %d rows; a deck's data has "
			    "at most %d cards", CSV_MAX_ROWS, CSV_MAX_ROWS);
			goto fail;
		}
		if (rc > 0)
			continue;
		if (t->head == NULL) {
			if (ps.ncells > CSV_MAX_COLUMNS) {
				bad(&ps, line, 1, "the header has %d columns; a "
				    "deck's data has at most %d", ps.ncells,
				    CSV_MAX_COLUMNS);
				goto fail;
			}
			t->ncols = ps.ncells;
			t->head = keep(&ps);
			if (long_names(&ps, t) > 0)
				goto fail;
			continue;
		}
		if (ps.ncells > t->ncols) {
			bad(&ps, line, 1, "this row has %d fields, the header "
			    "%d; give each row at most a field for each column "
			    "(a field that holds a %s goes in quotes)", ps.ncells,
			    t->ncols, sepname);
			continue;
		}
		add_row(&ps, t, line, &cap);
	}
	if (t->head == NULL) {
		bad(&ps, 0, 0, "holds no rows; give a header row of column "
		    "names, then a row a card");
		goto fail;
	}
	free(ps.cells);
	arena_free(ps.scratch);
	sb_release(&ps.text);
	*errors = ps.errors;
	return t;
fail:
	free(ps.cells);
	arena_free(ps.scratch);
	sb_release(&ps.text);
	*errors = ps.errors;
	return NULL;
}
