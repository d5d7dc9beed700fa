/*
 * diag.c -- see diag.h.
 */
#include "diag.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"

struct msg {
	int file;		/* index into files[] */
	int line, col;
	enum level lv;
	size_t seq;		/* order of report, to keep sorting stable */
	char *rule;
	char *text;
};

/* A file's text kept to quote its lines under their diagnostics. */
struct source {
	char *file;
	char *buf;
	size_t len;
};

/* Set by diag_style(); kept across diag_init() and diag_end(). */
static int style_colour, style_caret;
static int quiet;		/* diag_quiet() */

static struct {
	int json;
	FILE *out;
	struct source *src;
	size_t nsrc;
	struct msg *v;		/* pending (text) or all (JSON) */
	size_t n, cap, seq;
	char **files;		/* interned file names, in order of appearance */
	size_t nfiles;
	int *fslot;		/* hash of the names: index + 1, or 0 */
	size_t capfslot;
	unsigned long long *fhash;	/* each name's hash, kept for a rehash */
	int counts[4];
	int raised[4];	/* counts, and the repeats not told again */
	int *raised_in;	/* problems raised at each of files[] */
	int inputs;
	size_t shown;		/* messages kept to be told */
	size_t omitted;		/* past DIAG_MAX: counted, not told */
	/* What was told, so that a file read twice (an input that another
	 * input also names) tells each problem once: 64-bit hashes of
	 * place, level, rule and text, open addressing. */
	unsigned long long *told;
	size_t ntold, captold;
} D;

/* Messages told in one run at most (SPEC section 8); a fatal one is
 * always told. */
#define DIAG_MAX 1000

static const char *const level_name[] = {
	"note", "warning", "error", "error"
};

int
diag_quiet(int on)
{
	int was = quiet;

	quiet = on;
	return was;
}

void
diag_style(int colour, int caret)
{
	style_colour = colour;
	style_caret = caret;
}

void
diag_source(const char *file, const char *buf, size_t len)
{
	size_t i;

	if (!style_caret || D.json || file == NULL)
		return;
	for (i = 0; i < D.nsrc; i++)
		if (strcmp(D.src[i].file, file) == 0)
			return;
	D.src = xrealloc(D.src, (D.nsrc + 1) * sizeof(*D.src));
	D.src[D.nsrc].file = xstrdup(file);
	D.src[D.nsrc].buf = xmalloc(len + 1);
	memcpy(D.src[D.nsrc].buf, buf, len);
	D.src[D.nsrc].buf[len] = '\0';
	D.src[D.nsrc].len = len;
	D.nsrc++;
}

/*
 * Where the last quote was found: diag_flush() quotes in order of place,
 * so that each is looked for from the last, not from the start of its
 * file and line (a thousand problems at the end of a 60 MB file took a
 * minute).  Reset with the sources.
 */
static struct {
	const struct source *sc;
	int line;		/* line's number */
	const char *start;	/* and where it starts */
	size_t len;		/* its length */
	int ch;			/* a character of that line, from 1 */
	const char *at;		/* and where it is */
} Q;

static void
free_sources(void)
{
	size_t i;

	for (i = 0; i < D.nsrc; i++) {
		free(D.src[i].file);
		free(D.src[i].buf);
	}
	free(D.src);
	D.src = NULL;
	D.nsrc = 0;
	memset(&Q, 0, sizeof(Q));
}

void
diag_init(int json, FILE *out)
{
	diag_end();
	D.json = json;
	D.out = out ? out : stderr;
}

static void
free_msgs(void)
{
	size_t i;

	for (i = 0; i < D.n; i++) {
		free(D.v[i].rule);
		free(D.v[i].text);
	}
	D.n = 0;
}

void
diag_end(void)
{
	size_t i;

	/* What a command told and did not flush is still told. */
	if (!D.json && D.out)
		diag_flush();
	if (D.omitted && !D.json && D.out) {
		fprintf(D.out, "muster: %zu more diagnostic%s not shown: at most "
		    "%d are told in one run\n", D.omitted,
		    D.omitted == 1 ? "" : "s", DIAG_MAX);
		fflush(D.out);
	}
	free_msgs();
	free_sources();
	free(D.v);
	for (i = 0; i < D.nfiles; i++)
		free(D.files[i]);
	free(D.files);
	free(D.raised_in);
	free(D.fslot);
	free(D.fhash);
	free(D.told);
	memset(&D, 0, sizeof(D));
	D.out = stderr;
}

static void
told_before_rehash(unsigned long long h)
{
	size_t i;

	for (i = h & (D.captold - 1); D.told[i]; i = (i + 1) & (D.captold - 1))
		;
	D.told[i] = h;
	D.ntold++;
}

/* A message's hash as told_before() keeps it, but for its text. */
static unsigned long long
place_hash(int file, int line, int col, enum level lv, const char *rule)
{
	const int place[4] = { file, line, col, (int)lv };

	return fnv1a(fnv1a(FNV_SEED, place, sizeof(place)), rule,
	    strlen(rule) + 1);
}

/* *h carried on over a whole number as printf writes it: "-" when neg,
 * then the digits of u. */
static void
hash_whole(unsigned long long *h, int neg, unsigned long long u)
{
	char num[24], *d = num + sizeof(num);

	if (neg)
		*h = fnv1a(*h, "-", 1);
	do
		*--d = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	*h = fnv1a(*h, d, (size_t)(num + sizeof(num) - d));
}

/* The same over the next argument of *ap, a %d, %i or %u (unsign) of
 * size 0 int, 1 long, 2 long long, 3 size_t. */
static void
int_arg(unsigned long long *h, va_list *ap, int size, int unsign)
{
	long long v;

	if (unsign) {
		hash_whole(h, 0, size == 0 ? va_arg(*ap, unsigned) : size == 1 ?
		    va_arg(*ap, unsigned long) : size == 2 ?
		    va_arg(*ap, unsigned long long) : va_arg(*ap, size_t));
		return;
	}
	v = size == 0 ? va_arg(*ap, int) : size == 1 ? va_arg(*ap, long) :
	    size == 2 ? va_arg(*ap, long long) : (long long)va_arg(*ap, size_t);
	hash_whole(h, v < 0, v < 0 ? 0 - (unsigned long long)v :
	    (unsigned long long)v);
}

/*
 * *h carried on over the text vsnprintf() would make of fmt and ap, for a
 * message past DIAG_MAX, which is only counted: the text itself is not
 * made.  Text, %s (a precision cuts it, in bytes), %c, whole numbers
 * (%d, %i, %u with l, ll or z) and %.0f, without flags or width; 0 for
 * any other conversion (decimals shown, a width), whose text is made.
 */
static int
text_hash(unsigned long long *h, const char *fmt, va_list ap0)
{
	char c;
	const char *p = fmt, *q, *str;
	double x, r;
	size_t prec;
	va_list ap;
	int size, ok = 1;

	va_copy(ap, ap0);
	while (ok && *p) {
		if ((q = strchr(p, '%')) == NULL)
			q = p + strlen(p);
		*h = fnv1a(*h, p, (size_t)(q - p));
		if (*q == '\0')
			break;
		p = q + 1;
		if (*p == '%') {
			*h = fnv1a(*h, "%", 1);
			p++;
			continue;
		}
		prec = (size_t)-1;
		if (*p == '.' && p[1] >= '0' && p[1] <= '9') {
			/* The digits of a precision, as strtoul reads them
			 * (a format's own: a few). */
			for (prec = 0, p++; *p >= '0' && *p <= '9'; p++)
				prec = prec * 10 + (size_t)(*p - '0');
			if (*p != 's' && !(*p == 'f' && prec == 0)) {
				ok = 0;
				break;
			}
		}
		/* 0 int, 1 long, 2 long long, 3 size_t */
		size = 0;
		if (*p == 'l')
			size = p[1] == 'l' ? (p += 2, 2) : (p++, 1);
		else if (*p == 'z')
			size = (p++, 3);
		switch (*p++) {
		case 's':
			if (size) {
				ok = 0;
				break;
			}
			/* NULL: as the C library prints it. */
			if ((str = va_arg(ap, const char *)) == NULL)
				ok = 0;
			else
				*h = fnv1a(*h, str, strnlen(str, prec));
			break;
		case 'c':
			c = (char)va_arg(ap, int);
			if (size || c == '\0')
				ok = 0;
			else
				*h = fnv1a(*h, &c, 1);
			break;
		case 'f':
			/* %.0f: the whole number nearest, a tie to the even
			 * one (printf's rounding of the exact value), "-" on
			 * anything below 0, -0 too. */
			x = va_arg(ap, double);
			r = nearbyint(x);
			if (size || !isfinite(x) || fabs(r) > 1e18) {
				ok = 0;
				break;
			}
			hash_whole(h, signbit(x), (unsigned long long)fabs(r));
			break;
		case 'd': case 'i': case 'u':
			int_arg(h, &ap, size, p[-1] == 'u');
			break;
		default:
			ok = 0;
		}
	}
	va_end(ap);
	return ok;
}

/* Whether the message of hash h (place and text) was told already;
 * remembers it if not. */
static int
told_hash(unsigned long long h)
{
	unsigned long long *old;
	size_t i, n;

	h |= 1;		/* 0 marks a free slot */
	if (2 * (D.ntold + 1) > D.captold) {
		old = D.told;
		n = D.captold;
		D.captold = D.captold ? D.captold * 2 : 256;
		D.told = xcalloc(D.captold, sizeof(*D.told));
		D.ntold = 0;
		for (i = 0; i < n; i++)
			if (old[i])
				told_before_rehash(old[i]);
		free(old);
	}
	for (i = h & (D.captold - 1); D.told[i]; i = (i + 1) & (D.captold - 1))
		if (D.told[i] == h)
			return 1;
	D.told[i] = h;
	D.ntold++;
	return 0;
}

/* Whether this message was told already; remembers it if not. */
static int
told_before(int file, int line, int col, enum level lv, const char *rule,
    const char *text)
{
	unsigned long long h = place_hash(file, line, col, lv, rule);

	return told_hash(fnv1a(h, text, strlen(text)));
}

/* Where file (h its hash) is in fslot[], or the free slot where it
 * would go. */
static size_t
file_slot(const char *file, unsigned long long h)
{
	size_t i, f;

	for (i = h & (D.capfslot - 1); D.fslot[i];
	    i = (i + 1) & (D.capfslot - 1)) {
		f = (size_t)D.fslot[i] - 1;
		if (D.fhash[f] == h && strcmp(D.files[f], file) == 0)
			break;
	}
	return i;
}

/* The file's index in files[], added when new (a hash: checking ten
 * thousand files names ten thousand). */
static int
intern_file(const char *file)
{
	unsigned long long h;
	size_t i, j, n;

	if (file == NULL)
		return -1;
	if (D.nfiles && strcmp(D.files[D.nfiles - 1], file) == 0)
		return (int)D.nfiles - 1;
	if (2 * (D.nfiles + 1) > D.capfslot) {
		/* Each name in its place again, by the hash it keeps
		 * (names are hashed once, not at every doubling). */
		D.capfslot = D.capfslot ? D.capfslot * 2 : 64;
		free(D.fslot);
		D.fslot = xcalloc(D.capfslot, sizeof(*D.fslot));
		for (j = 0; j < D.nfiles; j++) {
			for (i = D.fhash[j] & (D.capfslot - 1); D.fslot[i];
			    i = (i + 1) & (D.capfslot - 1))
				;
			D.fslot[i] = (int)j + 1;
		}
	}
	h = fnv1a(FNV_SEED, file, strlen(file));
	i = file_slot(file, h);
	if (D.fslot[i])
		return D.fslot[i] - 1;
	/* Room by doubling: ten thousand files, each told. */
	if ((D.nfiles & (D.nfiles - 1)) == 0) {
		n = D.nfiles ? 2 * D.nfiles : 1;
		D.files = xrealloc(D.files, n * sizeof(*D.files));
		D.raised_in = xrealloc(D.raised_in, n * sizeof(*D.raised_in));
		D.fhash = xrealloc(D.fhash, n * sizeof(*D.fhash));
	}
	D.raised_in[D.nfiles] = 0;
	D.files[D.nfiles] = xstrdup(file);
	D.fhash[D.nfiles] = h;
	D.fslot[i] = (int)D.nfiles + 1;
	return (int)D.nfiles++;
}

void
diag_vat(enum level lv, const char *rule, const char *file, int line,
    int col, const char *fmt, va_list ap)
{
	struct sbuf sb = SBUF_INIT;
	struct msg *m;
	int fi;

	unsigned long long h;

	if (quiet)
		return;
	if (D.out == NULL)
		D.out = stderr;
	/* Past the cap a message is counted, or not when it repeats one
	 * (a file read twice): its hash is all that is needed, made
	 * without the text where the format allows. */
	if (D.shown >= DIAG_MAX && lv != L_FATAL) {
		fi = intern_file(file);
		h = place_hash(fi, line, col, lv, rule ? rule : "");
		if (text_hash(&h, fmt, ap)) {
			D.raised[lv]++;
			if (lv != L_NOTE && fi >= 0)
				D.raised_in[fi]++;
			if (!told_hash(h)) {
				D.counts[lv]++;
				D.omitted++;
			}
			return;
		}
	}
	/* Room for most messages at once: formatted once, not measured
	 * and then formatted again. */
	sb_grow(&sb, 512);
	sb_vaddf(&sb, fmt, ap);
	D.raised[lv]++;
	fi = intern_file(file);
	if (lv != L_NOTE && fi >= 0)
		D.raised_in[fi]++;
	if (told_before(fi, line, col, lv, rule ? rule : "", sb_str(&sb))) {
		sb_release(&sb);
		return;
	}
	if (D.shown >= DIAG_MAX && lv != L_FATAL) {
		D.counts[lv]++;
		D.omitted++;
		sb_release(&sb);
		return;
	}
	D.shown++;
	if (D.n == D.cap) {
		D.cap = D.cap ? D.cap * 2 : 16;
		D.v = xrealloc(D.v, D.cap * sizeof(*D.v));
	}
	m = &D.v[D.n++];
	m->file = intern_file(file);
	m->line = line;
	m->col = col;
	m->lv = lv;
	m->seq = D.seq++;
	m->rule = xstrdup(rule ? rule : "");
	m->text = sb.buf ? sb.buf : xstrdup("");
	D.counts[lv]++;
}

void
diag_at(enum level lv, const char *rule, const char *file, int line, int col,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vat(lv, rule, file, line, col, fmt, ap);
	va_end(ap);
}

void
diag(enum level lv, const char *rule, const struct node *at,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (at)
		diag_vat(lv, rule, at->file, at->line, at->col, fmt, ap);
	else
		diag_vat(lv, rule, NULL, 0, 0, fmt, ap);
	va_end(ap);
}

void
diag_count_file(void)
{
	D.inputs++;
}

static int
by_place(const void *pa, const void *pb)
{
	const struct msg *a = pa, *b = pb;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * s for a one-line message: control characters and bytes that are not
 * UTF-8 written as escapes (\n, \xFF), so that a file name or key with
 * a newline cannot break the FILE:LINE:COL format.
 */
static void
add_line_safe(struct sbuf *sb, const char *s)
{
	while (*s) {
		const char *q = s;
		long c;

		/* Printable ASCII as it is, a run at once. */
		while ((unsigned char)*q >= 0x20 && (unsigned char)*q < 0x7f)
			q++;
		if (q > s) {
			sb_add(sb, s, (size_t)(q - s));
			s = q;
			continue;
		}
		c = utf8_next(&q);
		if (c == '\n')
			sb_adds(sb, "\\n");
		else if (c == '\t')
			sb_adds(sb, "\\t");
		else if (c < 0x20 || c == 0x7f)
			sb_addf(sb, "\\x%02X", (unsigned char)*s);
		else if (utf8_control(c) && c != 0xfeff)
			/* C1 controls a terminal obeys, marks that reorder
			 * the line on screen. */
			sb_addf(sb, "\\u%04lX", c);
		else
			sb_add(sb, s, (size_t)(q - s));
		s = q;
	}
}

/* ":N" for a line or column n (as "%d" writes it), not by sb_addf():
 * a thousand messages are told at most, each its place. */
static void
add_place(struct sbuf *sb, int n)
{
	char num[16], *d = num + sizeof(num);
	unsigned u = n < 0 ? 0u - (unsigned)n : (unsigned)n;

	do
		*--d = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (n < 0)
		*--d = '-';
	*--d = ':';
	sb_add(sb, d, (size_t)(num + sizeof(num) - d));
}

/* ANSI colours, as gcc prints them. */
#define C_BOLD	"\033[1m"
#define C_RESET	"\033[0m"
static const char *const level_colour[] = {
	"\033[1;36m", "\033[1;35m", "\033[1;31m", "\033[1;31m"
};
#define C_CARET	"\033[1;32m"

/* Line number line (1-based) of src's file, or NULL; *len its length. */
static const char *
source_line(const char *file, int line, size_t *len)
{
	const struct source *sc = NULL;
	const char *p, *end;
	size_t i;
	int k;

	for (i = 0; i < D.nsrc; i++)
		if (strcmp(D.src[i].file, file) == 0)
			sc = &D.src[i];
	if (sc == NULL || line < 1)
		return NULL;
	p = sc->buf;
	end = sc->buf + sc->len;
	k = 1;
	if (Q.sc == sc && Q.line <= line) {
		p = Q.start;
		k = Q.line;
	}
	/* Lines end at \n, \r\n or a lone \r, as libyaml counts them. */
	for (; k < line && p < end; p++)
		if (*p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n')))
			k++;
	if (k < line || p >= end)
		return NULL;
	if (Q.sc != sc || Q.line != line || Q.start != p) {
		for (i = 0; p + i < end && p[i] != '\n' && p[i] != '\r'; i++)
			;
		Q.sc = sc;
		Q.line = line;
		Q.start = p;
		Q.len = i;
		Q.ch = 1;
		Q.at = p;
	}
	*len = Q.len;
	return p;
}

/* Quotes a diagnostic's line, and a caret under its column (counted in
 * characters, as libyaml counts them): control characters and bytes
 * that are not UTF-8 shown as '?', so that a file cannot drive the
 * terminal; a long line shown around the column. */
#define QUOTE_SPAN 100
static void
add_quote(struct sbuf *sb, const struct msg *m)
{
	struct sbuf indent = SBUF_INIT;
	const char *p, *line, *end;
	size_t len;
	long c;
	int ch, gutter;

	if (m->line < 1 || m->file < 0 ||
	    (line = source_line(D.files[m->file], m->line, &len)) == NULL)
		return;
	end = line + len;
	gutter = snprintf(NULL, 0, "%d", m->line);
	if (gutter < 4)
		gutter = 4;
	sb_addf(sb, " %*d | ", gutter, m->line);
	/* ch counts characters from 1, as the column does; indent gets a
	 * blank (or the tab) for each one shown before the column.  What
	 * is far before the column is left out, and said; the walk to it
	 * starts where the last quote's stopped, on the same line. */
	p = line;
	ch = 1;
	if (m->col - QUOTE_SPAN / 2 > 1 && line < end) {
		sb_adds(sb, "...");
		sb_adds(&indent, "   ");
		if (Q.at > line && Q.ch <= m->col - QUOTE_SPAN / 2) {
			p = Q.at;
			ch = Q.ch;
		}
		for (; p < end && ch < m->col - QUOTE_SPAN / 2; ch++) {
			const char *q = p;

			utf8_next(&q);
			p = q > end ? end : q;
		}
		Q.ch = ch;
		Q.at = p;
	}
	for (; p < end; ch++) {
		const char *q = p;
		int before = ch < m->col;

		c = utf8_next(&q);
		if (q > end || q == p)
			q = end;
		if (ch > m->col + QUOTE_SPAN / 2) {
			sb_adds(sb, "...");
			break;
		} else if (c == '\t') {
			sb_addc(sb, '\t');
			if (before)
				sb_addc(&indent, '\t');
		} else {
			if (c < 0x20 || c == 0x7f || c < 0 || utf8_control(c))
				sb_addc(sb, '?');
			else
				sb_add(sb, p, (size_t)(q - p));
			if (before)
				sb_addc(&indent, ' ');
		}
		p = q;
	}
	/* A column past the line's end (a missing value). */
	for (; ch < m->col; ch++)
		sb_addc(&indent, ' ');
	sb_addf(sb, "\n %*s | %s%s^%s\n", gutter, "",
	    indent.buf ? indent.buf : "", style_colour ? C_CARET : "",
	    style_colour ? C_RESET : "");
	sb_release(&indent);
}

void
diag_flush(void)
{
	struct sbuf sb = SBUF_INIT;
	size_t i;

	if (D.json || D.n == 0) {
		free_sources();
		return;
	}
	/* One write for the lot: stderr is unbuffered, and a message
	 * written piece by piece costs six system calls. */
	qsort(D.v, D.n, sizeof(*D.v), by_place);
	for (i = 0; i < D.n; i++) {
		const struct msg *m = &D.v[i];

		if (style_colour)
			sb_adds(&sb, C_BOLD);
		add_line_safe(&sb, m->file < 0 ? "muster" : D.files[m->file]);
		if (m->line > 0) {
			add_place(&sb, m->line);
			add_place(&sb, m->col);
		}
		if (style_colour)
			sb_addf(&sb, ":%s %s%s:%s ", C_RESET,
			    level_colour[m->lv], level_name[m->lv], C_RESET);
		else {
			sb_adds(&sb, ": ");
			sb_adds(&sb, level_name[m->lv]);
			sb_adds(&sb, ": ");
		}
		add_line_safe(&sb, m->text);
		if (*m->rule && style_colour)
			sb_addf(&sb, " [" C_BOLD "%s" C_RESET "]", m->rule);
		else if (*m->rule) {
			sb_adds(&sb, " [");
			sb_adds(&sb, m->rule);
			sb_addc(&sb, ']');
		}
		sb_addc(&sb, '\n');
		if (style_caret)
			add_quote(&sb, m);
	}
	fwrite(sb.buf, 1, sb.len, D.out);
	sb_release(&sb);
	fflush(D.out);
	free_msgs();
	free_sources();
}

void
diag_json(FILE *out)
{
	diag_json_with(out, NULL);
}

void
diag_json_with(FILE *out, const char *fields)
{
	struct sbuf sb = SBUF_INIT;
	size_t i;

	if (D.n)
		qsort(D.v, D.n, sizeof(*D.v), by_place);
	sb_addf(&sb, "{\"files\": %d, \"errors\": %d, \"warnings\": %d, ",
	    D.inputs, D.counts[L_ERROR] + D.counts[L_FATAL],
	    D.counts[L_WARNING]);
	/* Only when some were left out: SPEC section 2's object else. */
	if (D.omitted)
		sb_addf(&sb, "\"omitted\": %zu, ", D.omitted);
	if (fields)
		sb_addf(&sb, "%s, ", fields);
	sb_adds(&sb, "\"diagnostics\": [");
	for (i = 0; i < D.n; i++) {
		const struct msg *m = &D.v[i];

		sb_adds(&sb, i ? ",\n  {\"file\": " : "\n  {\"file\": ");
		sb_json(&sb, m->file < 0 ? "" : D.files[m->file]);
		sb_addf(&sb, ", \"line\": %d, \"column\": %d, \"severity\": ",
		    m->line, m->col);
		sb_json(&sb, level_name[m->lv]);
		sb_adds(&sb, ", \"rule\": ");
		sb_json(&sb, m->rule);
		sb_adds(&sb, ", \"message\": ");
		sb_json(&sb, m->text);
		sb_addc(&sb, '}');
	}
	sb_adds(&sb, D.n ? "\n]}\n" : "]}\n");
	fputs(sb.buf, out);
	sb_release(&sb);
}

int
diag_count(enum level lv)
{
	return D.counts[lv];
}

int
diag_raised(enum level lv)
{
	return D.raised[lv];
}

int
diag_raised_in(const char *file)
{
	size_t i;

	if (D.capfslot == 0)
		return 0;
	i = file_slot(file, fnv1a(FNV_SEED, file, strlen(file)));
	return D.fslot[i] ? D.raised_in[D.fslot[i] - 1] : 0;
}

int
diag_exit_status(int strict)
{
	if (D.counts[L_FATAL])
		return 2;
	if (D.counts[L_ERROR])
		return 1;
	if (strict && D.counts[L_WARNING])
		return 1;
	return 0;
}
