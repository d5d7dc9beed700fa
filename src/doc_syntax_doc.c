/*
 * doc_syntax_doc.c -- the plain words for the faults of a YAML document
 * as a whole (see doc_syntax.h): a directive libyaml does not take or
 * that stands in the wrong place, a "---" it wants or a "..." with no
 * document, the first line that makes the rest unreadable, a list item
 * written wrongly, the text after a block header.  doc_syntax.c chooses
 * among them by libyaml's phrase; doc_syntax_impl.h is what they share.
 */
#include "doc_syntax.h"

#include <string.h>

#include "doc_syntax_impl.h"
#include "util.h"

/* A %YAML directive for a version libyaml does not read. */
int
syn_yaml_version(const struct site *w)
{
	*w->line = w->f->line;
	*w->col = w->ind + 1;
	sb_addf(w->out, "'%.*s' asks for a version of YAML that muster "
	    "does not read (1.1 and 1.2 it does): write '%%YAML 1.2', or "
	    "remove the line", (int)(w->l - (size_t)w->ind), w->s + w->ind);
	return 1;
}

/* A second %YAML or %TAG directive for one document. */
int
syn_directive_twice(const struct site *w)
{
	*w->line = w->f->line;
	*w->col = w->ind + 1;
	sb_addf(w->out, "a document has one %%%s directive and this is a "
	    "second: remove the line", strstr(w->pr, "%TAG") ? "TAG" :
	    "YAML");
	return 1;
}

/* The first line of the document that libyaml ended before line n:
 * its text (s, l bytes), its number (0: none), its indentation, and the
 * line of the "---" above it (0: none). */
struct first {
	const char *s;
	size_t l;
	int n, ind, dash;
};

/*
 * The first line of the document that line n (w->f->line) is in, into
 * *d: read forward from the top of the text, the last marker or
 * directive before line n starts a document again.
 */
static void
first_line(const struct site *w, struct first *d)
{
	const char *p = w->t->buf, *end = p + w->t->len, *nl, *fs = NULL;
	size_t l, fl = 0;
	int i, fn = 0, dash = 0, n = w->f->line;

	/* Forward, from the last marker or directive before line n. */
	for (i = 1; i < n && p < end; i++, p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		l = (size_t)(nl - p);
		if (l && p[l - 1] == '\r')
			l--;
		if (i == 1 && l >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
			p += 3;
			l -= 3;
		}
		if (syn_marker(p, l, "---") || syn_marker(p, l, "...") ||
		    (l && p[0] == '%')) {
			fn = 0;
			dash = syn_marker(p, l, "---") ? i : 0;
		} else if (fn == 0 && !syn_blank(p, l)) {
			fn = i;
			fs = p;
			fl = l;
		}
	}
	d->s = fs;
	d->l = fl;
	d->n = fn;
	d->ind = fn ? syn_indent_of(fs, fl) : 0;
	d->dash = dash;
}

/*
 * A document whose first line d is a key indented more than line n
 * (w->s) after it: the first key told as the odd one when line n is at
 * the margin, else line n as indented less than it.  0 when the first
 * key is not indented more.
 */
static int
first_key_deeper(const struct site *w, const struct first *d)
{
	const char *fs = d->s;
	size_t fl = d->l;
	int fn = d->n, dash = d->dash, n = w->f->line, ind = d->ind;

	if (ind <= w->ind)
		return 0;
	/* Keys after it at the margin: the first is the odd one. */
	if (w->ind == 0) {
		sb_addf(w->out, "the first key of the document is "
		    "indented %d space%s, and ", ind,
		    ind == 1 ? "" : "s");
		syn_name_line(w->out, w->s, w->l);
		sb_addf(w->out, " on line %d below it none: a "
		    "document's keys line up, so take the spaces off "
		    "this line", n);
		return 1;
	}
	*w->line = n;
	*w->col = w->ind + 1;
	sb_addf(w->out, "this %s is indented less than ",
	    syn_item_line(w->s, w->l) ? "list item" : "line");
	syn_name_line(w->out, fs, fl);
	sb_addf(w->out, " on line %d, the first key of the document",
	    fn);
	if (dash)
		sb_addf(w->out, " after '---' on line %d", dash);
	sb_addf(w->out, ": a document's keys line up, so indent them "
	    "alike (this line %d space%s, ", w->ind, w->ind == 1 ? "" :
	    "s");
	syn_name_line(w->out, fs, fl);
	sb_addf(w->out, " %d)", ind);
	return 1;
}

/*
 * A document whose first line d is no key (text or a list item): YAML
 * reads it as the whole document and cannot go on to line n (w->s).  0
 * when d is line n itself.
 */
static int
first_not_key(const struct site *w, const struct first *d)
{
	const char *fs = d->s;
	size_t fl = d->l;
	int dash = d->dash, n = w->f->line;

	if (d->n == n)
		return 0;
	sb_adds(w->out, "the document");
	if (dash)
		sb_addf(w->out, " after '---' on line %d", dash);
	sb_adds(w->out, " begins with ");
	if (syn_item_line(fs, fl))
		sb_adds(w->out, "a list item");
	else
		syn_name_line(w->out, fs, fl);
	sb_addf(w->out, ", which is no key, so YAML reads %s as the whole "
	    "document and cannot go on to ", syn_item_line(fs, fl) ?
	    "the list" : "it");
	syn_name_line(w->out, w->s, w->l);
	sb_addf(w->out, " on line %d: %s", n, syn_item_line(fs, fl) ? "give "
	    "the list under a key of its own, or remove it" : "remove it, "
	    "make it a comment with '#', or write it as 'key: value'");
	return 1;
}

/*
 * The document that libyaml ended before line n, told by its first line
 * F: text, a quote, a block of text or a list item there is read as the
 * whole document; a first key indented more than the keys after it
 * makes them another block.  The "---" above F (if any) named, for it
 * may be the mistake.
 */
static int
document_begins(const struct site *w)
{
	struct first d;
	const char *fs;
	size_t fl;
	int ind;

	first_line(w, &d);
	if (d.n == 0)
		return 0;
	fs = d.s;
	fl = d.l;
	ind = d.ind;
	*w->line = d.n;
	*w->col = ind + 1;
	/* A quote that opens a text which runs on over the keys. */
	if (fs[ind] == '"' || fs[ind] == '\'') {
		sb_addf(w->out, "the quote (%c) that begins the document",
		    fs[ind]);
		if (d.dash)
			sb_addf(w->out, " after '---' on line %d", d.dash);
		sb_addf(w->out, " opens a text that YAML reads on to the next "
		    "%c (line %d) as the whole document: remove the quote, or "
		    "close it where the text ends", fs[ind], w->f->line);
		return 1;
	}
	/* '|' or '>' alone: a block of text, the comments below it too. */
	if ((fs[ind] == '|' || fs[ind] == '>') && syn_blank(fs + ind + 1, fl -
	    (size_t)ind - 1)) {
		sb_addf(w->out, "'%c' starts a block of text that YAML reads, "
		    "with the lines below it (comments too), as the whole "
		    "document: remove it", fs[ind]);
		return 1;
	}
	if (w->l == 0 || syn_blank(w->s, w->l))
		return 0;
	/* A key: the first, indented more than the keys after it. */
	if (syn_key_line(fs, fl))
		return first_key_deeper(w, &d);
	return first_not_key(w, &d);
}

/*
 * libyaml wants a "---" here: told by what is above.  A byte order mark
 * at a line's start (files joined with cat) is a column of indentation;
 * a directive comes before a document's "---"; after "..." a document
 * starts with "---"; a line of text above the keys is read as the
 * whole document.
 */
int
syn_no_document_start(const struct site *w)
{
	const char *ps = w->s, *qs;
	size_t pl, ql;
	int n = w->f->line, p, q;

	/* A byte order mark at the start of a line of this document,
	 * walked back to from line n byte by byte (as syn_prev_line()). */
	for (p = n, ps = w->s, pl = w->l; p > 0 && n - p < SYN_LOOK_BACK; p--) {
		if (p < n) {
			const char *e = ps - 1;	/* the line break */

			ps = e;
			while (ps > w->t->buf && ps[-1] != '\n')
				ps--;
			pl = (size_t)(e - ps);
		}
		if (pl >= 3 && memcmp(ps, "\xEF\xBB\xBF", 3) == 0 &&
		    (p > 1 || (pl >= 6 && memcmp(ps + 3, "\xEF\xBB\xBF",
		    3) == 0))) {
			*w->line = p;
			*w->col = 1;
			sb_adds(w->out, "this line starts with an invisible "
			    "byte order mark (U+FEFF), which YAML reads as "
			    "a column of indentation: remove it (joining "
			    "files saved by some editors leaves one)");
			return 1;
		}
		if (syn_marker(ps, pl, "---") || ps == w->t->buf)
			break;
	}
	/* A directive above, with no "---" after it. */
	ps = w->s;
	pl = w->l;
	p = n;
	if (w->l == 0 || w->s[0] != '%')
		p = syn_prev_line(w->t, n, &ps, &pl);
	if (p && pl && ps[0] == '%') {
		qs = ps;
		q = syn_prev_line(w->t, p, &qs, &ql);
		while (q && ql && qs[0] == '%')
			q = syn_prev_line(w->t, q, &qs, &ql);
		*w->line = p;
		*w->col = 1;
		if (q && !syn_marker(qs, ql, "...")) {
			sb_addf(w->out, "a directive ('%.*s') comes before a "
			    "document, and this one follows ", (int)pl, ps);
			syn_name_line(w->out, qs, ql);
			sb_addf(w->out, " on line %d: move it to the top of "
			    "the file, or remove it", q);
		} else {
			sb_addf(w->out, "a directive ('%.*s') must be followed by a "
			    "line '---' that starts the document: add one "
			    "below it, or remove the directive", (int)pl, ps);
		}
		return 1;
	}
	/* Text after "...", the end of a document. */
	if (syn_marker(w->s, w->l, "...") && !syn_blank(w->s + 3, w->l - 3)) {
		*w->line = n;
		*w->col = 1;
		sb_adds(w->out, "'...' ends a document and stands on a line of "
		    "its own: remove it, or move what follows it to a line "
		    "of its own after a line '---'");
		return 1;
	}
	ps = w->s;
	if (w->l && (p = syn_prev_line(w->t, n, &ps, &pl)) != 0 &&
	    syn_marker(ps, pl, "...")) {
		*w->line = n;
		*w->col = w->ind + 1;
		sb_addf(w->out, "'...' on line %d ends the document, and a "
		    "document after it starts with a line '---': add one "
		    "above this line, or remove what follows the '...'", p);
		return 1;
	}
	return document_begins(w);
}

/* A line that starts with '%' and is no directive, or a directive with
 * more on its line. */
int
syn_bad_directive(const struct site *w)
{
	size_t b = syn_byte_of_col(w->s, w->l, w->f->col);

	if (strstr(w->pr, "directive name")) {
		*w->line = w->f->cline ? w->f->cline : w->f->line;
		*w->col = 1;
		sb_adds(w->out, "a line that starts with '%' is a directive "
		    "('%YAML 1.2'), and this is none: remove the '%', or put "
		    "a value that starts with it in quotes");
		return 1;
	}
	if (b >= w->l)
		return 0;
	*w->line = w->f->line;
	*w->col = w->f->col;
	sb_addf(w->out, "'%.*s%s' follows the directive on its line: a "
	    "directive stands on a line of its own", (int)(w->l - b > 20 ?
	    20 : w->l - b), w->s + b, w->l - b > 20 ? "..." : "");
	return 1;
}

/* Text after '|' or '>' on its line. */
int
syn_block_header(const struct site *w)
{
	size_t b = syn_byte_of_col(w->s, w->l, w->f->col);
	size_t h = syn_byte_of_col(w->s, w->l, w->f->ccol);
	char c = w->f->cline == w->f->line && h < w->l ? w->s[h] : '|';

	if (b >= w->l)
		return 0;
	if (c != '|' && c != '>')
		c = '|';
	*w->line = w->f->line;
	*w->col = w->f->col;
	sb_addf(w->out, "'%c' starts a block of text on the lines below it, "
	    "and only a comment may follow it on its line: put the text "
	    "below it, indented more than its key, or put the value in "
	    "quotes (\"%c%.*s\")", c, c, (int)(w->l - b > 20 ? 20 : w->l -
	    b), w->s + b);
	return 1;
}

/* A line in a list that does not start with '- '. */
int
syn_not_an_item(const struct site *w)
{
	const char *cs, *ps;
	size_t cl, pl, b = syn_byte_of_col(w->s, w->l, w->f->col);
	int p;

	*w->line = w->f->line;
	*w->col = w->f->col;
	if (b + 1 < w->l && w->s[b] == '-' && w->s[b + 1] != ' ') {
		sb_adds(w->out, "a list item starts with '- ', a dash and a "
		    "space: put a space after the dash");
		return 1;
	}
	if (!syn_line_at(w->t, w->f->cline, &cs, &cl))
		return 0;
	/* A list that begins the document: read as the whole of it. */
	ps = cs;
	if (((p = syn_prev_line(w->t, w->f->cline, &ps, &pl)) == 0 ||
	    syn_marker(ps, pl, "---")) && document_begins(w))
		return 1;
	sb_adds(w->out, "this line is indented like the list items above it "
	    "(from line ");
	sb_addf(w->out, "%d) but does not start with '- '", w->f->cline);
	ps = cs;
	if ((p = syn_prev_line(w->t, w->f->cline, &ps, &pl)) != 0 &&
	    syn_indent_of(ps, pl) < syn_indent_of(cs, cl) &&
	    !syn_has_value(ps, pl)) {
		sb_adds(w->out, ": a key beside ");
		syn_name_line(w->out, ps, pl);
		sb_addf(w->out, " (line %d) goes at %d space%s, an item starts "
		    "with '- '", p, syn_indent_of(ps, pl),
		    syn_indent_of(ps, pl) == 1 ? "" : "s");
	} else {
		sb_adds(w->out, ": start an item with '- ', or indent the "
		    "line less");
	}
	return 1;
}

/* "..." (the end of a document) with none begun before it. */
int
syn_end_before_start(const struct site *w)
{
	if (!syn_marker(w->s, w->l, "..."))
		return 0;
	*w->line = w->f->line;
	*w->col = 1;
	sb_adds(w->out, "'...' ends a document, and none has begun before "
	    "it: remove the line");
	return 1;
}

/* A '-' with nothing after it, then keys at its indentation. */
int
syn_empty_item(const struct site *w)
{
	const char *ps = w->s;
	size_t pl;
	int p = syn_prev_line(w->t, w->f->line, &ps, &pl);

	if (p == 0 || !syn_item_line(ps, pl) || !syn_blank(ps +
	    syn_indent_of(ps, pl) + 1, pl - (size_t)syn_indent_of(ps, pl) -
	    1) || syn_indent_of(ps, pl) != w->ind)
		return 0;
	*w->line = p;
	*w->col = syn_indent_of(ps, pl) + 1;
	sb_adds(w->out, "this '-' (a list item) holds nothing, and ");
	syn_name_line(w->out, w->s, w->l);
	sb_addf(w->out, " on line %d below it, at its indentation, cannot "
	    "belong to it: remove the '-', or write the item after it",
	    w->f->line);
	return 1;
}

