/*
 * doc_syntax.c -- see doc_syntax.h.  Works on the file's lines as a
 * person sees them: a line's indentation is its leading spaces, its
 * "key" the text before its first ": " (or a final ':'), a list item a
 * line whose text starts with "- ".  Comments and blank lines are
 * passed over when looking for the line before.
 */
#include "doc_syntax.h"

#include <string.h>

#include "util.h"

/* The lines of the text, found on demand. */
struct text {
	const char *buf;
	size_t len;
};

/* Line n (1-based): its start and length without the line break; 0 when
 * there is no such line. */
static int
line_at(const struct text *t, int n, const char **s, size_t *l)
{
	const char *p = t->buf, *end = t->buf + t->len, *nl;
	int i;

	for (i = 1; i < n; i++) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			return 0;
		p = nl + 1;
	}
	if (p > end || (p == end && n > 1))
		return 0;
	nl = memchr(p, '\n', (size_t)(end - p));
	*s = p;
	*l = (size_t)((nl ? nl : end) - p);
	if (*l && p[*l - 1] == '\r')
		(*l)--;
	return 1;
}

/* Leading spaces of a line. */
static int
indent_of(const char *s, size_t l)
{
	size_t i = 0;

	while (i < l && s[i] == ' ')
		i++;
	return (int)i;
}

/* Whether a line holds nothing but spaces and maybe a comment. */
static int
blank(const char *s, size_t l)
{
	size_t i = (size_t)indent_of(s, l);

	while (i < l && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i == l || s[i] == '#';
}

/*
 * The nearest line before line n that holds something, or 0: *s is the
 * start of line n on entry, that line's on return.  Walks back at most
 * LOOK_BACK lines, byte by byte from where it is, so that an error at
 * the end of a large file costs what its last lines do.
 */
#define LOOK_BACK	500

static int
prev_line(const struct text *t, int n, const char **s, size_t *l)
{
	const char *p = *s, *q;
	int walked;

	for (walked = 0; walked < LOOK_BACK && p > t->buf; walked++) {
		p--;			/* the line break before line n */
		q = p;
		while (q > t->buf && q[-1] != '\n')
			q--;
		n--;
		*s = q;
		*l = (size_t)(p - q);
		if (*l && q[*l - 1] == '\r')
			(*l)--;
		if (!blank(*s, *l))
			return n;
		p = q;
	}
	return 0;
}

/* How a person names a line: its key ('max_speed'), "the list item" or
 * its first words, into sb. */
static void
name_line(struct sbuf *sb, const char *s, size_t l)
{
	size_t i = (size_t)indent_of(s, l), k;

	if (i + 1 < l && s[i] == '-' && s[i + 1] == ' ') {
		sb_adds(sb, "the list item");
		return;
	}
	for (k = i; k < l; k++)
		if (s[k] == ':' && (k + 1 == l || s[k + 1] == ' '))
			break;
	if (k < l && k > i && k - i <= 40 && s[i] != '"' && s[i] != '\'') {
		sb_addf(sb, "'%.*s'", (int)(k - i), s + i);
		return;
	}
	sb_addf(sb, "'%.*s%s'", (int)(l - i > 24 ? 24 : l - i), s + i,
	    l - i > 24 ? "..." : "");
}

/* Whether a line gives its key's value on the line ("name: Mason"), not
 * below it ("movement:"). */
static int
has_value(const char *s, size_t l)
{
	size_t i = (size_t)indent_of(s, l), k;

	if (i + 1 < l && s[i] == '-' && s[i + 1] == ' ')
		return 1;
	for (k = i; k + 1 < l; k++)
		if (s[k] == ':' && s[k + 1] == ' ') {
			k += 2;
			while (k < l && s[k] == ' ')
				k++;
			return k < l && s[k] != '#';
		}
	return 0;
}

/*
 * A key written without a space after its colon ("name:Mason"), which
 * YAML reads as text: on line n, its column (at the colon) or 0.
 */
static int
no_space_colon(const char *s, size_t l)
{
	size_t i = (size_t)indent_of(s, l), k;

	if (i + 1 < l && s[i] == '-' && s[i + 1] == ' ')
		i += 2;
	if (i < l && (s[i] == '"' || s[i] == '\'' || s[i] == '{' ||
	    s[i] == '['))
		return 0;
	for (k = i; k + 1 < l; k++) {
		if (s[k] == ' ' || s[k] == '#')
			return 0;
		if (s[k] == ':')
			/* "http://": not a key; "a:b": one. */
			return s[k + 1] != ' ' && s[k + 1] != '/' ? (int)k + 1 :
			    0;
	}
	return 0;
}

/* The column (1-based, in characters) of byte b of a line. */
static int
char_col(const char *s, size_t b)
{
	size_t i;
	int c = 1;

	for (i = 0; i < b; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return c;
}

/* The byte of a line at which column col (1-based, in characters)
 * starts, or l. */
static size_t
byte_of_col(const char *s, size_t l, int col)
{
	size_t b = 0;
	int c = 1;

	while (b < l && c < col) {
		b++;
		while (b < l && ((unsigned char)s[b] & 0xc0) == 0x80)
			b++;
		c++;
	}
	return b;
}

/* A tab among a line's leading blanks: its place, or 0. */
static int
tab_indent(const char *s, size_t l)
{
	size_t i;

	for (i = 0; i < l && (s[i] == ' ' || s[i] == '\t'); i++)
		if (s[i] == '\t')
			return (int)i + 1;
	return 0;
}

/* A line indented wrongly for the block it is in: told by how it sits
 * between the lines before it. */
static int
indentation(const struct text *t, int n, const char *s, size_t l,
    struct sbuf *out, int *line, int *col)
{
	const char *ps, *qs;
	size_t pl, ql;
	int p, q, ind = indent_of(s, l), pind, qind;

	ps = s;
	if ((p = prev_line(t, n, &ps, &pl)) == 0)
		return 0;
	pind = indent_of(ps, pl);
	*line = n;
	*col = ind + 1;
	if (ind > pind) {
		sb_adds(out, "this line is indented more than ");
		name_line(out, ps, pl);
		sb_addf(out, " on line %d, which %s: line it up with it (%d "
		    "space%s)", p, has_value(ps, pl) ? "has its value on its "
		    "line and takes nothing below it" : "it cannot belong to",
		    pind, pind == 1 ? "" : "s");
		return 1;
	}
	if (ind == pind)
		return 0;
	/* Less than the line before: between that block and its parent. */
	for (q = p, qs = ps, ql = pl;; ) {
		if ((q = prev_line(t, q, &qs, &ql)) == 0)
			break;
		if ((qind = indent_of(qs, ql)) <= ind)
			break;
	}
	sb_adds(out, "this line is indented less than ");
	name_line(out, ps, pl);
	sb_addf(out, " on line %d", p);
	if (q && indent_of(qs, ql) < ind) {
		sb_adds(out, " and more than ");
		name_line(out, qs, ql);
		sb_addf(out, " on line %d that it belongs to: line it up with "
		    "the keys under ", q);
		name_line(out, qs, ql);
		sb_addf(out, " (%d space%s), or with ", pind, pind == 1 ? "" :
		    "s");
		name_line(out, qs, ql);
		sb_addf(out, " itself (%d)", indent_of(qs, ql));
	} else {
		sb_addf(out, ": line it up with the line above it (%d space%s) "
		    "or with a key it belongs beside", pind, pind == 1 ? "" :
		    "s");
	}
	return 1;
}

/* Where a fault sits: libyaml's phrase (pr), the fault, its line s (l
 * bytes, indented ind) and where the plain words go. */
struct site {
	const struct text *t;
	const char *pr;
	const struct yaml_fault *f;
	const char *s;
	size_t l;
	int ind;
	struct sbuf *out;
	int *line, *col;
};

/* A no-break space (U+00A0, C2 A0) that looks like indentation. */
static int
nbsp_indent(const struct site *w)
{
	if (!((size_t)w->ind + 2 <= w->l &&
	    (unsigned char)w->s[w->ind] == 0xc2 &&
	    (unsigned char)w->s[w->ind + 1] == 0xa0))
		return 0;
	*w->line = w->f->line;
	*w->col = w->ind + 1;
	sb_adds(w->out, "this line is indented with a no-break space "
	    "(U+00A0), which YAML reads as text, not indentation: "
	    "replace it with plain spaces");
	return 1;
}

/* YAML 1.2 7.3.3 and libyaml: a key on its line is at most 1024
 * characters. */
static int
long_key(const struct site *w)
{
	const char *cs, *colon;
	size_t cl;

	if (!(strstr(w->pr, "could not find expected ':'") && w->f->cline))
		return 0;
	if (line_at(w->t, w->f->cline, &cs, &cl) && (colon = memchr(cs, ':',
	    cl)) != NULL && char_col(cs, (size_t)(colon - cs)) > 1025) {
		*w->line = w->f->cline;
		*w->col = indent_of(cs, cl) + 1;
		sb_addf(w->out, "this key is %d characters long; a key is at "
		    "most 1024: shorten it", char_col(cs, (size_t)(colon -
		    cs)) - 1 - indent_of(cs, cl));
		return 1;
	}
	return 0;
}

/* A tab in the indentation, wherever libyaml noticed it. */
static int
tab_in_indent(const struct site *w)
{
	const char *ps;
	size_t pl;
	int c, p;

	if (!((c = tab_indent(w->s, w->l)) != 0 && (strstr(w->pr, "tab") ||
	    strstr(w->pr, "cannot start any token"))))
		return 0;
	ps = w->s;
	p = prev_line(w->t, w->f->line, &ps, &pl);
	*w->line = w->f->line;
	*w->col = c;
	sb_adds(w->out, "this line is indented with a tab; YAML indents "
	    "with spaces only: replace the tab with spaces");
	if (p) {
		sb_addf(w->out, ", %d to line up with ", indent_of(ps, pl));
		name_line(w->out, ps, pl);
		sb_addf(w->out, " on line %d or more to go under it", p);
	}
	return 1;
}

/* A value that starts with a character YAML reserves. */
static int
reserved_start(const struct site *w)
{
	size_t b = byte_of_col(w->s, w->l, w->f->col);

	if (b >= w->l || (unsigned char)w->s[b] < 0x21 ||
	    (unsigned char)w->s[b] > 0x7e)
		return 0;
	*w->line = w->f->line;
	*w->col = w->f->col;
	sb_addf(w->out, "a value cannot start with '%c', which YAML "
	    "reserves: put the value in quotes (\"%c...\")", w->s[b], w->s[b]);
	return 1;
}

/* A quoted value that runs to the end of the file. */
static int
unclosed_quote(const struct site *w)
{
	const char *cs;
	size_t cl;
	char q = '"';

	if (line_at(w->t, w->f->cline, &cs, &cl)) {
		size_t b = byte_of_col(cs, cl, w->f->ccol);

		if (b < cl && (cs[b] == '\'' || cs[b] == '"'))
			q = cs[b];
	}
	*w->line = w->f->cline;
	*w->col = w->f->ccol;
	sb_addf(w->out, "the quote (%c) that opens this value is never "
	    "closed: close it with %c where the value ends (%s)", q, q,
	    q == '"' ? "a \" inside it is written \\\"" :
	    "a ' inside it is written ''");
	return 1;
}

static int
bad_escape(const struct site *w)
{
	*w->line = w->f->line;
	*w->col = w->f->col;
	sb_adds(w->out, "a backslash in double quotes starts an escape "
	    "(\\n, \\\", \\\\) and this one is none: write \\\\ for a "
	    "backslash, or put the value in single quotes");
	return 1;
}

/* A flow list or mapping never closed. */
static int
unclosed_flow(const struct site *w)
{
	const struct yaml_fault *f = w->f;
	int sq = strchr(w->pr, ']') != NULL;

	*w->line = f->cline ? f->cline : f->line;
	*w->col = f->cline ? f->ccol : f->col;
	sb_addf(w->out, "the %s that opens with '%c' here is never closed: "
	    "close it with '%c', with a comma between %s (text that "
	    "holds a comma, '%c' or ': ' goes in quotes)", sq ? "list" :
	    "mapping", sq ? '[' : '{', sq ? ']' : '}', sq ? "items" :
	    "its keys", sq ? ']' : '}');
	return 1;
}

/* A key without a space after its colon, on this line or above:
 * YAML reads "name:Mason" as the text of a key to come. */
static int
colon_without_space(const struct site *w)
{
	int from = w->f->cline ? w->f->cline : w->f->line - 2, n = w->f->line;
	const char *ns = w->s;
	size_t nl = w->l;
	int k;

	while (n >= from && n >= 1) {
		if (!blank(ns, nl) && (k = no_space_colon(ns, nl)) != 0) {
			*w->line = n;
			*w->col = char_col(ns, (size_t)k - 1);
			sb_addf(w->out, "'%.*s' has no space after its colon, "
			    "so YAML reads it as text, not a key and its "
			    "value: write '%.*s: %.*s'", (int)(nl -
			    (size_t)indent_of(ns, nl)), ns + indent_of(ns,
			    nl), k - indent_of(ns, nl) - 1, ns +
			    indent_of(ns, nl), (int)(nl - (size_t)k),
			    ns + k);
			return 1;
		}
		if ((n = prev_line(w->t, n, &ns, &nl)) == 0)
			break;
	}
	return 0;
}

/* "mapping values are not allowed": over-indented under a key that has
 * its value, or a second ": " in a value. */
static int
colon_in_value(const struct site *w)
{
	const char *s = w->s, *ps;
	size_t k, l = w->l, pl;
	int ind = w->ind;

	ps = s;
	if (prev_line(w->t, w->f->line, &ps, &pl) != 0 &&
	    ind > indent_of(ps, pl))
		return indentation(w->t, w->f->line, s, l, w->out, w->line,
		    w->col);
	for (k = (size_t)ind; k + 1 < l; k++)
		if (s[k] == ':' && s[k + 1] == ' ')
			break;
	if (k + 1 < l && char_col(s, k) < w->f->col && k + 2 < l &&
	    strchr("\"'{[|>&*!", s[k + 2]) == NULL &&
	    !(s[ind] == '-' && (size_t)ind + 1 < l && s[ind + 1] == ' ')) {
		*w->line = w->f->line;
		*w->col = char_col(s, k + 2);
		sb_addf(w->out, "this value holds ': ', which YAML reads as "
		    "the start of another key: put the value in quotes "
		    "(%.*s \"%.*s\")", (int)(k + 1 - (size_t)ind), s + ind,
		    (int)(l - k - 2), s + k + 2);
		return 1;
	}
	return 0;
}

/* A line that is neither a key nor part of the value above it. */
static int
neither_key(const struct site *w)
{
	const char *cs;
	size_t cl;

	if (!line_at(w->t, w->f->cline, &cs, &cl))
		return 0;
	*w->line = w->f->cline;
	*w->col = indent_of(cs, cl) + 1;
	sb_adds(w->out, "this line is neither a key (no ': ' after ");
	name_line(w->out, cs, cl);
	sb_adds(w->out, ") nor part of the value above it: write it as "
	    "'key: value', or put a multi-line value in quotes");
	return 1;
}

/* Something after a value on its line ("Mason" the great), else a line
 * indented wrongly. */
static int
after_value(const struct site *w)
{
	const char *s = w->s;
	size_t l = w->l;

	if (w->f->col > w->ind + 1) {
		size_t b = byte_of_col(s, l, w->f->col);

		*w->line = w->f->line;
		*w->col = w->f->col;
		sb_addf(w->out, "'%.*s%s' follows the end of the value "
		    "before it: put the whole value in quotes, or "
		    "remove what follows", (int)(l - b > 20 ? 20 : l - b),
		    s + b, l - b > 20 ? "..." : "");
		return 1;
	}
	return indentation(w->t, w->f->line, s, l, w->out, w->line, w->col);
}

/* A list item after a key whose value is on its line. */
static int
item_after_value(const struct site *w)
{
	const char *ps = w->s;
	size_t pl;
	int p;

	if ((p = prev_line(w->t, w->f->line, &ps, &pl)) == 0)
		return 0;
	*w->line = w->f->line;
	*w->col = w->f->col;
	sb_adds(w->out, "a list item ('- ') cannot follow ");
	name_line(w->out, ps, pl);
	sb_addf(w->out, " on line %d, whose value is on its line: give the "
	    "list under a key of its own, or remove that value", p);
	return 1;
}

/* The plain words for f, pr being libyaml's problem and context. */
static int
plain(const struct text *t, const char *pr, const struct yaml_fault *f,
    struct sbuf *out, int *line, int *col)
{
	struct site w = { t, pr, f, NULL, 0, 0, out, line, col };
	int colon = strstr(pr, "could not find expected ':'") != NULL;
	int mapping = strstr(pr, "mapping values are not allowed") != NULL;

	/* The end of the file is a line of nothing. */
	if (!line_at(t, f->line, &w.s, &w.l)) {
		w.s = t->buf + t->len;
		w.l = 0;
	}
	w.ind = indent_of(w.s, w.l);
	if (nbsp_indent(&w) || long_key(&w) || tab_in_indent(&w))
		return 1;
	if (strstr(pr, "cannot start any token"))
		return reserved_start(&w);
	if (strstr(pr, "end of stream while scanning a quoted scalar") &&
	    f->cline)
		return unclosed_quote(&w);
	if (strstr(pr, "unknown escape character"))
		return bad_escape(&w);
	if (strstr(pr, "did not find expected ',' or ']'") ||
	    strstr(pr, "did not find expected ',' or '}'"))
		return unclosed_flow(&w);
	if ((colon || mapping) && colon_without_space(&w))
		return 1;
	if (mapping)
		return colon_in_value(&w);
	if (colon && f->cline)
		return neither_key(&w);
	if (strstr(pr, "did not find expected key") ||
	    strstr(pr, "did not find expected '-' indicator"))
		return after_value(&w);
	if (strstr(pr, "block sequence entries are not allowed"))
		return item_after_value(&w);
	return 0;
}

int
yaml_plain_words(const char *buf, size_t len, const struct yaml_fault *f,
    struct sbuf *out, int *line, int *col)
{
	struct text t = { buf, len };
	struct sbuf both = SBUF_INIT;
	int rc;

	/* libyaml's problem and its context, read as one phrase. */
	sb_addf(&both, "%s %s", f->problem ? f->problem : "", f->context ?
	    f->context : "");
	rc = plain(&t, both.buf, f, out, line, col);
	sb_release(&both);
	return rc;
}
