/*
 * doc_syntax.c -- see doc_syntax.h.  Works on the file's lines as a
 * person sees them: a line's indentation is its leading spaces, its
 * "key" the text before its first ": " (or a final ':'), a list item a
 * line whose text starts with "- ".  Comments and blank lines are
 * passed over when looking for the line before.  Here: the lines, the
 * faults of indentation, keys, values, quotes and brackets, and plain(),
 * which chooses the words by libyaml's phrase; the faults of a document
 * as a whole are in doc_syntax_doc.c (doc_syntax_impl.h is what the two
 * share).
 */
#include "doc_syntax.h"

#include <string.h>

#include "doc_syntax_impl.h"
#include "util.h"

/* Line n (1-based): its start and length without the line break; 0 when
 * there is no such line. */
int
syn_line_at(const struct text *t, int n, const char **s, size_t *l)
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
int
syn_indent_of(const char *s, size_t l)
{
	size_t i = 0;

	while (i < l && s[i] == ' ')
		i++;
	return (int)i;
}

/* Whether a line holds nothing but spaces and maybe a comment. */
int
syn_blank(const char *s, size_t l)
{
	size_t i = (size_t)syn_indent_of(s, l);

	while (i < l && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i == l || s[i] == '#';
}

/*
 * The nearest line before line n that holds something, or 0: *s is the
 * start of line n on entry, that line's on return.  Walks back at most
 * SYN_LOOK_BACK lines, byte by byte from where it is, so that an error
 * at the end of a large file costs what its last lines do.
 */
int
syn_prev_line(const struct text *t, int n, const char **s, size_t *l)
{
	const char *p = *s, *q;
	int walked;

	for (walked = 0; walked < SYN_LOOK_BACK && p > t->buf; walked++) {
		p--;			/* the line break before line n */
		q = p;
		while (q > t->buf && q[-1] != '\n')
			q--;
		n--;
		*s = q;
		*l = (size_t)(p - q);
		if (*l && q[*l - 1] == '\r')
			(*l)--;
		if (!syn_blank(*s, *l))
			return n;
		p = q;
	}
	return 0;
}

/* How a person names a line: its key ('max_speed'), "the list item" or
 * its first words, into sb. */
void
syn_name_line(struct sbuf *sb, const char *s, size_t l)
{
	size_t i = (size_t)syn_indent_of(s, l), k;

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
int
syn_has_value(const char *s, size_t l)
{
	size_t i = (size_t)syn_indent_of(s, l), k;

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
	size_t i = (size_t)syn_indent_of(s, l), k;

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
size_t
syn_byte_of_col(const char *s, size_t l, int col)
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

/* Whether a line is text alone: something, but no key (no ': ', no
 * final ':'), no list item, no marker, directive, quote or bracket. */
static int
text_line(const char *s, size_t l)
{
	size_t i = (size_t)syn_indent_of(s, l), k;

	if (syn_blank(s, l) || strchr("-?:%\"'[{|>&*!@`#", s[i]) != NULL ||
	    (i == 0 && l >= 3 && (memcmp(s, "...", 3) == 0)))
		return 0;
	for (k = i; k < l; k++)
		if (s[k] == ':' && (k + 1 == l || s[k + 1] == ' ' ||
		    s[k + 1] == '\t'))
			return 0;
	return 1;
}

/* Whether a line is a key: "key: value" or "key:", no list item. */
int
syn_key_line(const char *s, size_t l)
{
	size_t i = (size_t)syn_indent_of(s, l), k;

	if (syn_blank(s, l) || strchr("-?:%\"'[{|>&*!@`#", s[i]) != NULL)
		return 0;
	for (k = i; k < l; k++)
		if (s[k] == ':' && (k + 1 == l || s[k + 1] == ' ' ||
		    s[k + 1] == '\t'))
			return 1;
	return 0;
}

/* Whether a line is a list item ("- x" or "-" alone). */
int
syn_item_line(const char *s, size_t l)
{
	size_t i = (size_t)syn_indent_of(s, l);

	return i < l && s[i] == '-' && (i + 1 == l || s[i + 1] == ' ');
}

/* Whether a line is a document marker ("---" or "...", maybe more). */
int
syn_marker(const char *s, size_t l, const char *m)
{
	return l >= 3 && memcmp(s, m, 3) == 0 && (l == 3 || s[3] == ' ' ||
	    s[3] == '\t');
}

/* A line indented wrongly for the block it is in: told by how it sits
 * between the lines before it. */
static int
indentation(const struct text *t, int n, const char *s, size_t l,
    struct sbuf *out, int *line, int *col)
{
	const char *ps, *qs;
	size_t pl, ql;
	int p, q, ind = syn_indent_of(s, l), pind, qind;

	ps = s;
	if ((p = syn_prev_line(t, n, &ps, &pl)) == 0)
		return 0;
	pind = syn_indent_of(ps, pl);
	*line = n;
	*col = ind + 1;
	if (ind > pind) {
		sb_adds(out, "this line is indented more than ");
		syn_name_line(out, ps, pl);
		sb_addf(out, " on line %d, which %s: line it up with it (%d "
		    "space%s)", p, syn_has_value(ps, pl) ? "has its value on "
		    "its line and takes nothing below it" : "it cannot belong "
		    "to", pind, pind == 1 ? "" : "s");
		return 1;
	}
	if (ind == pind)
		return 0;
	/* Less than the line before: between that block and its parent. */
	for (q = p, qs = ps, ql = pl;; ) {
		if ((q = syn_prev_line(t, q, &qs, &ql)) == 0)
			break;
		if ((qind = syn_indent_of(qs, ql)) <= ind)
			break;
	}
	sb_adds(out, "this line is indented less than ");
	syn_name_line(out, ps, pl);
	sb_addf(out, " on line %d", p);
	if (q && syn_indent_of(qs, ql) < ind) {
		sb_adds(out, " and more than ");
		syn_name_line(out, qs, ql);
		sb_addf(out, " on line %d that it belongs to: line it up with "
		    "the keys under ", q);
		syn_name_line(out, qs, ql);
		sb_addf(out, " (%d space%s), or with ", pind, pind == 1 ? "" :
		    "s");
		syn_name_line(out, qs, ql);
		sb_addf(out, " itself (%d)", syn_indent_of(qs, ql));
	} else {
		sb_addf(out, ": line it up with the line above it (%d space%s) "
		    "or with a key it belongs beside", pind, pind == 1 ? "" :
		    "s");
	}
	return 1;
}

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

/* A byte order mark (U+FEFF, EF BB BF) at the start of a line other
 * than the file's first: libyaml passes over it as a column of
 * indentation (cat of two files an editor saved with one). */
static int
bom_indent(const struct site *w)
{
	if (!(w->l >= 3 && memcmp(w->s, "\xEF\xBB\xBF", 3) == 0 &&
	    (w->f->line > 1 || (w->l >= 6 && memcmp(w->s + 3,
	    "\xEF\xBB\xBF", 3) == 0))))
		return 0;
	*w->line = w->f->line;
	*w->col = 1;
	sb_adds(w->out, "this line starts with an invisible byte order mark "
	    "(U+FEFF), which YAML reads as a column of indentation: remove "
	    "it (joining files saved by some editors leaves one)");
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
	if (syn_line_at(w->t, w->f->cline, &cs, &cl) && (colon = memchr(cs, ':',
	    cl)) != NULL && char_col(cs, (size_t)(colon - cs)) > 1025) {
		*w->line = w->f->cline;
		*w->col = syn_indent_of(cs, cl) + 1;
		sb_addf(w->out, "this key is %d characters long; a key is at "
		    "most 1024: shorten it", char_col(cs, (size_t)(colon -
		    cs)) - 1 - syn_indent_of(cs, cl));
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
	p = syn_prev_line(w->t, w->f->line, &ps, &pl);
	*w->line = w->f->line;
	*w->col = c;
	sb_adds(w->out, "this line is indented with a tab; YAML indents "
	    "with spaces only: replace the tab with spaces");
	if (p) {
		sb_addf(w->out, ", %d to line up with ", syn_indent_of(ps, pl));
		syn_name_line(w->out, ps, pl);
		sb_addf(w->out, " on line %d or more to go under it", p);
	}
	return 1;
}

/* A value that starts with a character YAML reserves. */
static int
reserved_start(const struct site *w)
{
	size_t b = syn_byte_of_col(w->s, w->l, w->f->col);

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

	if (syn_line_at(w->t, w->f->cline, &cs, &cl)) {
		size_t b = syn_byte_of_col(cs, cl, w->f->ccol);

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

/* A backslash in double quotes that starts no escape YAML knows. */
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
		if (!syn_blank(ns, nl) && (k = no_space_colon(ns, nl)) != 0) {
			*w->line = n;
			*w->col = char_col(ns, (size_t)k - 1);
			sb_addf(w->out, "'%.*s' has no space after its colon, "
			    "so YAML reads it as text, not a key and its "
			    "value: write '%.*s: %.*s'", (int)(nl -
			    (size_t)syn_indent_of(ns, nl)), ns +
			    syn_indent_of(ns, nl), k - syn_indent_of(ns, nl) -
			    1, ns + syn_indent_of(ns, nl), (int)(nl -
			    (size_t)k), ns + k);
			return 1;
		}
		if ((n = syn_prev_line(w->t, n, &ns, &nl)) == 0)
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
	/* Under a key with its value below it, more is right. */
	if (syn_prev_line(w->t, w->f->line, &ps, &pl) != 0 &&
	    ind > syn_indent_of(ps, pl) && !(syn_key_line(ps, pl) &&
	    !syn_has_value(ps, pl)))
		return indentation(w->t, w->f->line, s, l, w->out, w->line,
		    w->col);
	for (k = (size_t)ind; k + 1 < l; k++)
		if (s[k] == ':' && s[k + 1] == ' ')
			break;
	if (k + 1 < l && char_col(s, k) < w->f->col && k + 2 < l &&
	    strchr("\"'{[|>&*!", s[k + 2]) == NULL) {
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

	if (!syn_line_at(w->t, w->f->cline, &cs, &cl))
		return 0;
	*w->line = w->f->cline;
	*w->col = syn_indent_of(cs, cl) + 1;
	sb_adds(w->out, "this line is neither a key (no ': ' after ");
	syn_name_line(w->out, cs, cl);
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
		size_t b = syn_byte_of_col(s, l, w->f->col);

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

	if ((p = syn_prev_line(w->t, w->f->line, &ps, &pl)) == 0)
		return 0;
	*w->line = w->f->line;
	*w->col = w->f->col;
	sb_adds(w->out, "a list item ('- ') cannot follow ");
	syn_name_line(w->out, ps, pl);
	sb_addf(w->out, " on line %d, whose value is on its line: give the "
	    "list under a key of its own, or remove that value", p);
	return 1;
}

/*
 * A line of text above a key (line n, its text s, l), which YAML reads
 * on into the key (why ... tail say how): the first of such lines is
 * told.  0 when the line above is no such text.
 */
static int
stray_text(const struct site *w, int n, const char *s, size_t l,
    const char *why, const char *tail)
{
	const char *ps = s, *qs;
	size_t pl, ql;
	int p, q;

	if ((p = syn_prev_line(w->t, n, &ps, &pl)) == 0 || !text_line(ps, pl))
		return 0;
	/* The first of the lines of text. */
	for (qs = ps, ql = pl; (q = syn_prev_line(w->t, p, &qs, &ql)) != 0 &&
	    text_line(qs, ql) && syn_indent_of(qs, ql) ==
	    syn_indent_of(ps, pl); ) {
		p = q;
		ps = qs;
		pl = ql;
	}
	*w->line = p;
	*w->col = syn_indent_of(ps, pl) + 1;
	sb_adds(w->out, "this line is neither a key (no ': ' after ");
	syn_name_line(w->out, ps, pl);
	sb_addf(w->out, ") nor a list item nor a comment, so YAML reads it "
	    "%s ", why);
	syn_name_line(w->out, s, l);
	sb_addf(w->out, " on line %d%s: remove it, make it a comment with "
	    "'#', or write it as 'key: value'", n, tail);
	return 1;
}

/* A list item among the keys of a mapping. */
static int
item_in_mapping(const struct site *w)
{
	const char *ps = w->s, *cs;
	size_t pl, cl;
	int p;

	p = syn_prev_line(w->t, w->f->line, &ps, &pl);
	if (p && syn_indent_of(ps, pl) == w->ind && syn_has_value(ps, pl) &&
	    !syn_item_line(ps, pl))
		return item_after_value(w);
	*w->line = w->f->line;
	*w->col = w->ind + 1;
	/* Under a key with nothing after it, but indented less than it. */
	if (p && syn_indent_of(ps, pl) > w->ind && !syn_has_value(ps, pl) &&
	    !syn_item_line(ps, pl)) {
		sb_adds(w->out, "this list item is indented less than ");
		syn_name_line(w->out, ps, pl);
		sb_addf(w->out, " on line %d, whose list it would be: indent "
		    "it %d spaces or more", p, syn_indent_of(ps, pl));
		return 1;
	}
	sb_adds(w->out, "a list item ('- ') cannot stand among the keys of "
	    "a mapping");
	if (w->f->cline && syn_line_at(w->t, w->f->cline, &cs, &cl) &&
	    !syn_blank(cs, cl)) {
		sb_adds(w->out, " (");
		syn_name_line(w->out, cs, cl);
		sb_addf(w->out, " on line %d and the keys beside it)",
		    w->f->cline);
	}
	sb_adds(w->out, ": give the list under a key of its own, the items "
	    "indented below it");
	return 1;
}

/*
 * The innermost '[' or '{' still open at the end of the text, as a
 * person reads it: a bracket opens a list or mapping at the start of a
 * value or inside another; quotes and comments are passed over.  Its
 * line and column, 0 when every one is closed.
 */
#define FLOW_DEPTH	64

static int
open_flow(const struct text *t, int *line, int *col, char *ch)
{
	const char *p = t->buf, *end = t->buf + t->len, *ls = p;
	struct { int line, col; char ch; } st[FLOW_DEPTH];
	int depth = 0, n = 1, start = 1;	/* at a value's start */

	while (p < end) {
		char c = *p;

		if (c == '\n') {
			p++;
			n++;
			ls = p;
			start = 1;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r') {
			p++;
			continue;
		}
		if (c == '#' && (p == ls || p[-1] == ' ' || p[-1] == '\t')) {
			while (p < end && *p != '\n')
				p++;
			continue;
		}
		if ((c == '"' || c == '\'') && (start || depth)) {
			for (p++; p < end; p++) {
				if (*p == '\n') {
					n++;
					ls = p + 1;
				} else if (c == '"' && *p == '\\' && p + 1 < end &&
				    p[1] != '\n') {
					p++;
				} else if (*p == c) {
					if (c == '\'' && p + 1 < end && p[1] == '\'')
						p++;
					else
						break;
				}
			}
			if (p < end)
				p++;
			start = 0;
			continue;
		}
		if ((c == '[' || c == '{') && (start || depth)) {
			if (depth < FLOW_DEPTH) {
				st[depth].line = n;
				st[depth].col = char_col(ls, (size_t)(p - ls));
				st[depth].ch = c;
			}
			depth++;
			p++;
			start = 1;
			continue;
		}
		if ((c == ']' || c == '}') && depth) {
			depth--;
			p++;
			start = 0;
			continue;
		}
		/* A value starts after ': ', '- ', '? ' and, in brackets,
		 * after ','. */
		start = ((c == ':' || c == '-' || c == '?') && (p + 1 == end ||
		    p[1] == ' ' || p[1] == '\n' || p[1] == '\r')) ||
		    (c == ',' && depth);
		p++;
	}
	if (depth == 0 || depth > FLOW_DEPTH)
		return 0;
	*line = st[depth - 1].line;
	*col = st[depth - 1].col;
	*ch = st[depth - 1].ch;
	return 1;
}

/* A '[' or '{' open at the end of the file. */
static int
flow_at_end(const struct site *w)
{
	int line, col;
	char ch;
	struct yaml_fault f = *w->f;
	struct site v = *w;

	if (!open_flow(w->t, &line, &col, &ch))
		return 0;
	f.cline = line;
	f.ccol = col;
	v.f = &f;
	v.pr = ch == '[' ? "]" : "}";
	return unclosed_flow(&v);
}

/* A ',', ']' or '}' where no bracket is open, or two commas. */
static int
stray_punct(const struct site *w)
{
	size_t b = syn_byte_of_col(w->s, w->l, w->f->col);
	char c;

	if (b >= w->l || strchr(",]}", (c = w->s[b])) == NULL)
		return 0;
	*w->line = w->f->line;
	*w->col = w->f->col;
	if (c == ',' && strstr(w->pr, "flow"))
		sb_adds(w->out, "nothing stands between this comma and the "
		    "one before it (or the bracket): remove one, or put a "
		    "value between them");
	else
		sb_addf(w->out, "a stray '%c': YAML reads ',', ']' and '}' as "
		    "the commas and ends of a list in [ ] or a mapping in "
		    "{ }, and none is open here: remove it, or put a value "
		    "that starts with it in quotes", c);
	return 1;
}

/* A line among the keys of a mapping that is no key. */
static int
not_a_key(const struct site *w)
{
	const char *cs;
	size_t cl;

	if (w->f->col != w->ind + 1 || w->l == 0)
		return 0;
	*w->line = w->f->line;
	*w->col = w->f->col;
	sb_adds(w->out, "this line stands among the keys of a mapping");
	if (w->f->cline && syn_line_at(w->t, w->f->cline, &cs, &cl) &&
	    !syn_blank(cs, cl)) {
		sb_adds(w->out, " (");
		syn_name_line(w->out, cs, cl);
		sb_addf(w->out, " on line %d and the keys beside it)",
		    w->f->cline);
	}
	sb_adds(w->out, " and is no key: remove it, or write it as "
	    "'key: value'");
	return 1;
}

/* A value in brackets that starts with a character YAML reserves
 * there, or a list item written in brackets. */
static int
flow_value(const struct site *w)
{
	size_t b = syn_byte_of_col(w->s, w->l, w->f->col);
	char c;

	if (b >= w->l)
		return 0;
	if ((c = w->s[b]) == ',' || c == ']' || c == '}')
		return stray_punct(w);
	*w->line = w->f->line;
	*w->col = w->f->col;
	if (c == '-')
		sb_adds(w->out, "a list item ('- ') cannot stand in brackets, "
		    "where items are parted by commas: remove the '-', or put "
		    "a value that starts with it in quotes");
	else
		sb_addf(w->out, "a value in brackets cannot start with '%c': "
		    "put the value in quotes (\"%c...\"), or remove the '%c'",
		    c, c, c);
	return 1;
}

/* '&' or '*' with no name after it. */
static int
no_anchor_name(const struct site *w)
{
	int alias = strstr(w->pr, "alias") != NULL;

	*w->line = w->f->cline ? w->f->cline : w->f->line;
	*w->col = w->f->cline ? w->f->ccol : w->f->col;
	sb_addf(w->out, "'%c' starts %s (%cname) and no name follows it: "
	    "remove it, or put a value that starts with '%c' in quotes",
	    alias ? '*' : '&', alias ? "an alias of an anchor" :
	    "an anchor's name", alias ? '*' : '&', alias ? '*' : '&');
	return 1;
}

/* A ':' in brackets with no space after it ("{open:, 1}",
 * "traits:[shock]"). */
static int
flow_colon(const struct site *w)
{
	*w->line = w->f->line;
	*w->col = w->f->col;
	sb_adds(w->out, "this ':' has no space after it: in brackets a key "
	    "and its value are parted by ': ', a colon and a space; put a "
	    "space after it, or put text that holds a colon in quotes");
	return 1;
}

/* '!' that starts no tag this reader knows. */
static int
bad_tag(const struct site *w)
{
	*w->line = w->f->cline ? w->f->cline : w->f->line;
	*w->col = w->f->cline ? w->f->ccol : w->f->col;
	sb_adds(w->out, "'!' starts a tag (such as !!str) and what follows "
	    "it here is none: remove the '!', or put a value that starts "
	    "with it in quotes");
	return 1;
}

/* A ':' right after a closing bracket or quote ("S: [16, 14]:"). */
static int
closed_then_colon(const struct site *w)
{
	size_t b = syn_byte_of_col(w->s, w->l, w->f->col);

	if (b == 0 || b >= w->l || strchr("]}\"'", w->s[b - 1]) == NULL)
		return 0;
	return after_value(w);
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
	if (!syn_line_at(t, f->line, &w.s, &w.l)) {
		w.s = t->buf + t->len;
		w.l = 0;
	}
	w.ind = syn_indent_of(w.s, w.l);
	if (nbsp_indent(&w) || bom_indent(&w) || long_key(&w) ||
	    tab_in_indent(&w))
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
		return colon_in_value(&w) || stray_text(&w, f->line, w.s, w.l,
		    "and", " as one key") || closed_then_colon(&w);
	if (strstr(pr, "mapping keys are not allowed"))
		return after_value(&w);
	if (colon && f->cline)
		return neither_key(&w);
	if (strstr(pr, "did not find expected key") &&
	    syn_item_line(w.s, w.l) && (f->cline == 0 ||
	    w.ind == f->ccol - 1))
		return item_in_mapping(&w);
	if (strstr(pr, "did not find expected node content") &&
	    strstr(pr, "flow") && flow_at_end(&w))
		return 1;
	if (strstr(pr, "found incompatible YAML document"))
		return syn_yaml_version(&w);
	if (strstr(pr, "found duplicate %"))
		return syn_directive_twice(&w);
	if (strstr(pr, "did not find expected <document start>"))
		return syn_no_document_start(&w);
	if (strstr(pr, "did not find expected node content") &&
	    strstr(pr, "flow"))
		return flow_value(&w);
	if (strstr(pr, "did not find expected node content"))
		return syn_end_before_start(&w) || stray_punct(&w) ||
		    syn_empty_item(&w);
	if (strstr(pr, "alphabetic or numeric character") &&
	    (strstr(pr, "anchor") || strstr(pr, "alias")))
		return no_anchor_name(&w);
	if (strstr(pr, "found unexpected ':'"))
		return flow_colon(&w);
	if (strstr(pr, "scanning a tag") || strstr(pr, "tag handle"))
		return bad_tag(&w);
	if (strstr(pr, "scanning a directive"))
		return syn_bad_directive(&w);
	if (strstr(pr, "while scanning a block scalar") &&
	    (strstr(pr, "comment or line break") ||
	    strstr(pr, "indentation indicator")))
		return syn_block_header(&w);
	if (strstr(pr, "did not find expected '-' indicator"))
		return after_value(&w) || stray_punct(&w) ||
		    syn_not_an_item(&w);
	if (strstr(pr, "did not find expected key"))
		return after_value(&w) || stray_punct(&w) || not_a_key(&w);
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
