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

/* The plain words for f, pr being libyaml's problem and context. */
static int
plain(const struct text *tp, const char *pr, const struct yaml_fault *f,
    struct sbuf *out, int *line, int *col)
{
	struct text t = *tp;
	const char *s, *ps;
	size_t l, pl;
	int c, p, ind;

	/* The end of the file is a line of nothing. */
	if (!line_at(&t, f->line, &s, &l)) {
		s = t.buf + t.len;
		l = 0;
	}
	ind = indent_of(s, l);
	/* A no-break space (U+00A0, C2 A0) that looks like indentation. */
	if ((size_t)ind + 2 <= l && (unsigned char)s[ind] == 0xc2 &&
	    (unsigned char)s[ind + 1] == 0xa0) {
		*line = f->line;
		*col = ind + 1;
		sb_adds(out, "this line is indented with a no-break space "
		    "(U+00A0), which YAML reads as text, not indentation: "
		    "replace it with plain spaces");
		return 1;
	}
	/* YAML 1.2 7.3.3 and libyaml: a key on its line is at most 1024
	 * characters. */
	if (strstr(pr, "could not find expected ':'") && f->cline) {
		const char *cs, *colon;
		size_t cl;

		if (line_at(&t, f->cline, &cs, &cl) && (colon = memchr(cs, ':',
		    cl)) != NULL && char_col(cs, (size_t)(colon - cs)) > 1025) {
			*line = f->cline;
			*col = indent_of(cs, cl) + 1;
			sb_addf(out, "this key is %d characters long; a key is at "
			    "most 1024: shorten it", char_col(cs, (size_t)(colon -
			    cs)) - 1 - indent_of(cs, cl));
			return 1;
		}
	}
	/* A tab in the indentation, wherever libyaml noticed it. */
	if ((c = tab_indent(s, l)) != 0 && (strstr(pr, "tab") ||
	    strstr(pr, "cannot start any token"))) {
		ps = s;
		p = prev_line(&t, f->line, &ps, &pl);
		*line = f->line;
		*col = c;
		sb_adds(out, "this line is indented with a tab; YAML indents "
		    "with spaces only: replace the tab with spaces");
		if (p) {
			sb_addf(out, ", %d to line up with ", indent_of(ps, pl));
			name_line(out, ps, pl);
			sb_addf(out, " on line %d or more to go under it", p);
		}
		return 1;
	}
	if (strstr(pr, "cannot start any token")) {
		size_t b = byte_of_col(s, l, f->col);

		if (b >= l || (unsigned char)s[b] < 0x21 ||
		    (unsigned char)s[b] > 0x7e)
			return 0;
		*line = f->line;
		*col = f->col;
		sb_addf(out, "a value cannot start with '%c', which YAML "
		    "reserves: put the value in quotes (\"%c...\")", s[b], s[b]);
		return 1;
	}
	if (strstr(pr, "end of stream while scanning a quoted scalar") &&
	    f->cline) {
		const char *cs;
		size_t cl;
		char q = '"';

		if (line_at(&t, f->cline, &cs, &cl)) {
			size_t b = byte_of_col(cs, cl, f->ccol);

			if (b < cl && (cs[b] == '\'' || cs[b] == '"'))
				q = cs[b];
		}
		*line = f->cline;
		*col = f->ccol;
		sb_addf(out, "the quote (%c) that opens this value is never "
		    "closed: close it with %c where the value ends (%s)", q, q,
		    q == '"' ? "a \" inside it is written \\\"" :
		    "a ' inside it is written ''");
		return 1;
	}
	if (strstr(pr, "unknown escape character")) {
		*line = f->line;
		*col = f->col;
		sb_adds(out, "a backslash in double quotes starts an escape "
		    "(\\n, \\\", \\\\) and this one is none: write \\\\ for a "
		    "backslash, or put the value in single quotes");
		return 1;
	}
	if (strstr(pr, "did not find expected ',' or ']'") ||
	    strstr(pr, "did not find expected ',' or '}'")) {
		int sq = strchr(pr, ']') != NULL;

		*line = f->cline ? f->cline : f->line;
		*col = f->cline ? f->ccol : f->col;
		sb_addf(out, "the %s that opens with '%c' here is never closed: "
		    "close it with '%c', with a comma between %s (text that "
		    "holds a comma, '%c' or ': ' goes in quotes)", sq ? "list" :
		    "mapping", sq ? '[' : '{', sq ? ']' : '}', sq ? "items" :
		    "its keys", sq ? ']' : '}');
		return 1;
	}
	/* A key without a space after its colon, on this line or above:
	 * YAML reads "name:Mason" as the text of a key to come. */
	if (strstr(pr, "could not find expected ':'") ||
	    strstr(pr, "mapping values are not allowed")) {
		int from = f->cline ? f->cline : f->line - 2, n = f->line;
		const char *ns = s;
		size_t nl = l;
		int k;

		while (n >= from && n >= 1) {
			if (!blank(ns, nl) && (k = no_space_colon(ns, nl)) != 0) {
				*line = n;
				*col = char_col(ns, (size_t)k - 1);
				sb_addf(out, "'%.*s' has no space after its colon, "
				    "so YAML reads it as text, not a key and its "
				    "value: write '%.*s: %.*s'", (int)(nl -
				    (size_t)indent_of(ns, nl)), ns + indent_of(ns,
				    nl), k - indent_of(ns, nl) - 1, ns +
				    indent_of(ns, nl), (int)(nl - (size_t)k),
				    ns + k);
				return 1;
			}
			if ((n = prev_line(&t, n, &ns, &nl)) == 0)
				break;
		}
	}
	if (strstr(pr, "mapping values are not allowed")) {
		size_t k;

		/* Over-indented under a key that has its value. */
		ps = s;
		if ((p = prev_line(&t, f->line, &ps, &pl)) != 0 &&
		    ind > indent_of(ps, pl))
			return indentation(&t, f->line, s, l, out, line, col);
		/* A second ": " in a value. */
		for (k = (size_t)ind; k + 1 < l; k++)
			if (s[k] == ':' && s[k + 1] == ' ')
				break;
		if (k + 1 < l && char_col(s, k) < f->col && k + 2 < l &&
		    strchr("\"'{[|>&*!", s[k + 2]) == NULL &&
		    !(s[ind] == '-' && (size_t)ind + 1 < l && s[ind + 1] == ' ')) {
			*line = f->line;
			*col = char_col(s, k + 2);
			sb_addf(out, "this value holds ': ', which YAML reads as "
			    "the start of another key: put the value in quotes "
			    "(%.*s \"%.*s\")", (int)(k + 1 - (size_t)ind), s + ind,
			    (int)(l - k - 2), s + k + 2);
			return 1;
		}
		return 0;
	}
	if (strstr(pr, "could not find expected ':'") && f->cline) {
		const char *cs;
		size_t cl;

		if (!line_at(&t, f->cline, &cs, &cl))
			return 0;
		*line = f->cline;
		*col = indent_of(cs, cl) + 1;
		sb_adds(out, "this line is neither a key (no ': ' after ");
		name_line(out, cs, cl);
		sb_adds(out, ") nor part of the value above it: write it as "
		    "'key: value', or put a multi-line value in quotes");
		return 1;
	}
	if (strstr(pr, "did not find expected key") ||
	    strstr(pr, "did not find expected '-' indicator")) {
		/* Something after a value on its line ("Mason" the great). */
		if (f->col > ind + 1) {
			size_t b = byte_of_col(s, l, f->col);

			*line = f->line;
			*col = f->col;
			sb_addf(out, "'%.*s%s' follows the end of the value "
			    "before it: put the whole value in quotes, or "
			    "remove what follows", (int)(l - b > 20 ? 20 : l - b),
			    s + b, l - b > 20 ? "..." : "");
			return 1;
		}
		return indentation(&t, f->line, s, l, out, line, col);
	}
	if (strstr(pr, "block sequence entries are not allowed")) {
		ps = s;
		if ((p = prev_line(&t, f->line, &ps, &pl)) == 0)
			return 0;
		*line = f->line;
		*col = f->col;
		sb_adds(out, "a list item ('- ') cannot follow ");
		name_line(out, ps, pl);
		sb_addf(out, " on line %d, whose value is on its line: give the "
		    "list under a key of its own, or remove that value", p);
		return 1;
	}
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
