/*
 * layout/lines.c -- where wrapped text breaks; see draw.h.
 *
 * pdf/ fills each line greedily, which leaves a lone word such as
 * "roll." on a line of its own under a full one.  Here the words go on
 * the same number of lines (the fewest, as pdf/ finds them at the size
 * the text fits) but the breaks are chosen together, as Knuth and Plass
 * choose a paragraph's (Software: Practice and Experience 11, 1981):
 * lines of even length, a break after a colon or a full stop rather than
 * inside a phrase, a modifier such as "+2" (or an inline icon) kept with
 * what it modifies,
 * no last line of a single word.  pdf/ is then given the text with those
 * breaks as newlines.
 */
#include <string.h>

#include "../pdf/pdf.h"
#include "../util.h"
#include "draw.h"

#define MAXWORDS 256

/*
 * Every line costs far more than any unevenness, so that the fewest
 * lines always win; the rest are fractions of the box's width, squared.
 */
#define LINE_COST 1000.0
#define WIDOW 0.3		/* a last line of one word */
#define AFTER_STOP (-0.2)	/* a break after . : ; ! ? */
#define AFTER_COMMA (-0.1)
#define AFTER_MODIFIER 0.3	/* "+2 | to the attack roll" */
#define AFTER_SMALL 0.1		/* "to the | attack roll" */

struct word {
	const char *s, *e;	/* the word; the first keeps its indent */
};

/* Whether a word ending a line is one to keep with the next. */
static int
modifier(const struct word *w)
{
	const unsigned char *s = (const unsigned char *)w->s;
	const char *q;

	while (*s == ' ')
		s++;
	/* An inline icon marks the word after it ("[cavalry] cavalry"). */
	q = (const char *)s;
	if (utf8_next(&q) >= PDF_ICON_BASE)
		return 1;
	/* +1, -1, −1 (U+2212), ×2, a number, a die such as d8 or 2d6 */
	if (*s == '+' || *s == '-' || (s[0] == 0xe2 && s[1] == 0x88 &&
	    s[2] == 0x92) || (s[0] == 0xc3 && s[1] == 0x97))
		return 1;
	if (*s >= '0' && *s <= '9')
		return 1;
	return *s == 'd' && s[1] >= '0' && s[1] <= '9';
}

static int
small(const struct word *w)
{
	static const char *const v[] = {
		"a", "an", "the", "to", "of", "on", "in", "at", "by", "for",
		"if", "its", "your", "his", "and", "or", NULL
	};
	size_t n = (size_t)(w->e - w->s);
	int i;

	for (i = 0; v[i]; i++)
		if (strlen(v[i]) == n && strncmp(v[i], w->s, n) == 0)
			return 1;
	return 0;
}

/* What a break after word w adds to its line's cost. */
static double
break_cost(const struct word *w)
{
	char c = w->e[-1];

	if (strchr(".:;!?", c))
		return AFTER_STOP;
	if (c == ',')
		return AFTER_COMMA;
	if (modifier(w))
		return AFTER_MODIFIER;
	if (small(w))
		return AFTER_SMALL;
	return 0;
}

/*
 * The words of p to end, at runs of spaces, into w; the first keeps the
 * indent before it.  Returns how many, or -1 past MAXWORDS.
 */
static int
split_words(const char *p, const char *end, struct word *w)
{
	const char *q = p;
	int n = 0;

	while (q < end && *q == ' ')
		q++;
	while (q < end) {
		if (n == MAXWORDS)
			return -1;
		w[n].s = n ? q : p;
		while (q < end && *q != ' ')
			q++;
		w[n++].e = q;
		while (q < end && *q == ' ')
			q++;
	}
	return n;
}

/*
 * Sets one paragraph, p to end, into sb with the breaks that cost
 * least; as it was when it has no space to break at or more words than
 * MAXWORDS.  Returns how many flaws the breaks still have: a line of a
 * single word, a line ending in a modifier.
 */
static int
paragraph(struct pdf *pdf, const struct textbox *tb, double pt,
    const char *p, const char *end, struct sbuf *sb)
{
	struct word w[MAXWORDS];
	double us[MAXWORDS], ue[MAXWORDS], u = 0;
	double best[MAXWORDS + 1];
	int from[MAXWORDS + 1], brk[MAXWORDS];
	const char *q;
	int n, i, a, k, flaws = 0;

	n = split_words(p, end, w);
	if (n < 2) {
		sb_add(sb, p, (size_t)(end - p));
		return 0;
	}
	/* Each word's start and end as widths from the paragraph's start:
	 * a line's width is the difference (widths add up), each byte
	 * measured once, not once for every line it could be in. */
	for (q = p, i = 0; i < n; i++) {
		u += pdf_text_units(pdf, tb->font, q, (size_t)(w[i].s - q));
		us[i] = u;
		u += pdf_text_units(pdf, tb->font, w[i].s,
		    (size_t)(w[i].e - w[i].s));
		ue[i] = u;
		q = w[i].e;
	}
	best[0] = 0;
	for (i = 1; i <= n; i++) {
		best[i] = -1;
		/* The line of words a .. i-1, longer as a falls. */
		for (a = i - 1; a >= 0; a--) {
			double lw = (ue[i - 1] - us[a]) * pt / 1000.0;
			double f = (tb->w - lw) / tb->w, c;

			if (lw > tb->w + 0.01 && a < i - 1)
				break;
			if (f < 0)
				f = 0;
			if (i < n) {
				c = f * f + break_cost(&w[i - 1]);
			} else {
				/* A short last line is how left-aligned text
				 * ends; centered, it should match the rest. */
				if (tb->halign != ALIGN_CENTER)
					f = f > 0.5 ? f - 0.5 : 0;
				c = f * f + (a == i - 1 ? WIDOW : 0);
			}
			c += LINE_COST + best[a];
			if (best[i] < 0 || c < best[i]) {
				best[i] = c;
				from[i] = a;
			}
		}
	}
	/* Each line's end, the last line's first. */
	for (k = 0, i = n; i > 0; i = from[i])
		brk[k++] = i;
	for (a = 0, i = k; k-- > 0; a = brk[k]) {
		if (a > 0)
			sb_addc(sb, '\n');
		sb_add(sb, w[a].s, (size_t)(w[brk[k] - 1].e - w[a].s));
		if (i > 1 && brk[k] - a == 1)
			flaws++;
		else if (k > 0 && modifier(&w[brk[k] - 1]))
			flaws++;
	}
	return flaws;
}

int
draw_breaks(struct pdf *pdf, const struct textbox *tb, double pt,
    const char *text, struct sbuf *sb)
{
	const char *p = text;
	int flaws = 0;

	sb_reset(sb);
	for (;;) {
		const char *end = strchr(p, '\n');

		if (end == NULL)
			end = p + strlen(p);
		if (tb->wrap)
			flaws += paragraph(pdf, tb, pt, p, end, sb);
		else
			sb_add(sb, p, (size_t)(end - p));
		if (*end == '\0')
			break;
		sb_addc(sb, '\n');
		p = end + 1;
	}
	return flaws;
}
