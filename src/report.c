/*
 * report.c -- see report.h.
 */
#include "report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAXDEPTH 16

struct report {
	FILE *f;
	int json;
	int depth;
	int first[MAXDEPTH];	/* nothing written yet at this level */
	char close[MAXDEPTH];	/* what ends each level: '}' or ']' */
	/* The exact fractions written at each level, and the last: an
	 * object holding one says it again as "exact" (SPEC 5). */
	int nexact[MAXDEPTH];
	struct ratio last[MAXDEPTH];
	struct sbuf sb;
};

struct report *
rp_new(FILE *f, int json)
{
	struct report *rp = xcalloc(1, sizeof(*rp));

	rp->f = f;
	rp->json = json;
	if (json) {
		fputc('{', f);
		rp->first[0] = 1;
		rp->close[0] = '}';
	}
	return rp;
}

int
rp_json(const struct report *rp)
{
	return rp->json;
}

/* A JSON member's or item's start: the comma and the key. */
static void
member(struct report *rp, const char *key)
{
	if (!rp->first[rp->depth])
		fputs(", ", rp->f);
	rp->first[rp->depth] = 0;
	if (key && *key) {
		sb_reset(&rp->sb);
		sb_json(&rp->sb, key);
		fputs(sb_str(&rp->sb), rp->f);
		fputs(": ", rp->f);
	}
}

void
rp_open(struct report *rp, const char *key, int bracket)
{
	if (!rp->json)
		return;
	if (rp->depth + 1 >= MAXDEPTH)
		fatal("report nests more than %d deep", MAXDEPTH);
	member(rp, key);
	fputc(bracket, rp->f);
	rp->first[++rp->depth] = 1;
	rp->close[rp->depth] = bracket == '[' ? ']' : '}';
	rp->nexact[rp->depth] = 0;
}

/* SPEC 5's "exact": "p/q" beside the one exact figure of an object. */
static void
own_exact(struct report *rp)
{
	const struct ratio *r = &rp->last[rp->depth];

	if (rp->close[rp->depth] != '}' || rp->nexact[rp->depth] != 1)
		return;
	member(rp, "exact");
	fprintf(rp->f, "\"%lld/%lld\"", (long long)r->p, (long long)r->q);
}

void
rp_close(struct report *rp)
{
	if (!rp->json || rp->depth == 0)
		return;
	own_exact(rp);
	fputc(rp->close[rp->depth], rp->f);
	rp->depth--;
}

void
rp_end(struct report *rp)
{
	if (rp->json) {
		while (rp->depth > 0)
			rp_close(rp);
		own_exact(rp);
		fputs("}\n", rp->f);
	}
	sb_release(&rp->sb);
	free(rp);
}

/*
 * A number in the text: as its conversion says, unless that would print
 * a nonzero value as zero (a chance of 1e-78 is not "0.0000"): then to
 * three significant digits.
 */
static void
text_number(FILE *f, const char *pf, double v)
{
	char buf[64];
	const char *s;

	snprintf(buf, sizeof(buf), pf, v);
	for (s = buf; *s; s++)
		if (*s >= '1' && *s <= '9')
			break;
	if (v != 0 && *s == '\0') {
		/* As wide as asked: the width is the conversion's first
		 * number, after its flags. */
		int width = (int)strtol(pf + strspn(pf, "%-+ #0"), NULL, 10);

		fprintf(f, "%*.3g", width, v);
		return;
	}
	fputs(buf, f);
}

/*
 * An exact number in JSON (SPEC 5): the double to 17 significant digits,
 * which reads back as the same double, and beside it, as KEY_exact, the
 * fraction "p/q" when it is one of machine integers.
 */
static void
exact(struct report *rp, const char *key, struct ratio r)
{
	char k[80];

	fprintf(rp->f, "%.17g", r.v);
	if (r.q == 0)
		return;
	if (key == NULL || *key == '\0')
		fatal("report: an exact number needs a key for its fraction");
	snprintf(k, sizeof(k), "%s_exact", key);
	member(rp, k);
	fprintf(rp->f, "\"%lld/%lld\"", (long long)r.p, (long long)r.q);
	rp->nexact[rp->depth]++;
	rp->last[rp->depth] = r;
}

/* A figure's argument, by its conversion. */
struct arg {
	int iv;			/* d c b */
	double dv;		/* f P, and Q R's double */
	const char *sv;		/* s */
	struct ratio rv;	/* Q R */
};

/* A figure in the text: pf is its printf conversion, conv its letter. */
static void
text_figure(struct report *rp, char *pf, size_t slen, char conv,
    const struct arg *a)
{
	switch (conv) {
	case 'd': case 'c':
		fprintf(rp->f, pf, a->iv);
		break;
	case 'f':
		fprintf(rp->f, pf, a->dv);
		break;
	case 'P':
		pf[slen - 1] = 'f';
		fprintf(rp->f, pf, 100 * a->dv);
		break;
	case 'Q': case 'R':
		pf[slen - 1] = 'f';
		text_number(rp->f, pf, conv == 'Q' ? 100 * a->dv : a->dv);
		break;
	case 's':
		fprintf(rp->f, pf, a->sv ? a->sv : "");
		break;
	}
}

/* A figure in JSON, a member k of the current object or list. */
static void
json_figure(struct report *rp, const char *k, char conv, const struct arg *a)
{
	const char *sv = a->sv;

	member(rp, k);
	switch (conv) {
	case 'd':
		fprintf(rp->f, "%d", a->iv);
		break;
	case 'b':
		fputs(a->iv ? "true" : "false", rp->f);
		break;
	case 'f': case 'P':
		fprintf(rp->f, "%.6f", a->dv);
		break;
	case 'Q': case 'R':
		exact(rp, k, a->rv);
		break;
	case 'c':
		sv = (char[2]){ (char)a->iv, '\0' };
		/* FALLTHROUGH */
	case 's':
		if (sv == NULL) {
			fputs("null", rp->f);
			break;
		}
		sb_reset(&rp->sb);
		sb_json(&rp->sb, sv);
		fputs(sb_str(&rp->sb), rp->f);
		break;
	}
}

/* One {KEY:SPEC} figure; *ap holds its argument. */
static void
figure(struct report *rp, const char *key, size_t klen, const char *spec,
    size_t slen, va_list *ap)
{
	char conv = spec[slen - 1], pf[32], k[64];
	int text_only = klen == 1 && key[0] == '_';
	int json_only = klen > 0 && key[0] == '~';
	struct arg a = { 0, 0, NULL, { 0, 0, 0 } };

	/* {@:SPEC}: the key is the argument before the figure's. */
	if (klen == 1 && key[0] == '@') {
		key = va_arg(*ap, const char *);
		klen = strlen(key);
		json_only = 0;
	}
	if (slen + 1 > sizeof(pf) || klen + 1 > sizeof(k))
		fatal("report: figure '%.*s' too long", (int)klen, key);
	memcpy(pf, spec, slen);
	pf[slen] = '\0';
	if (json_only)
		key++, klen--;
	memcpy(k, key, klen);
	k[klen] = '\0';
	switch (conv) {
	case 'd': case 'c': case 'b':
		a.iv = va_arg(*ap, int);
		break;
	case 'f': case 'P':
		a.dv = va_arg(*ap, double);
		break;
	case 's':
		a.sv = va_arg(*ap, const char *);
		break;
	case 'Q': case 'R':
		a.rv = va_arg(*ap, struct ratio);
		a.dv = a.rv.v;
		break;
	default:
		fatal("report: '%s' is not a conversion", pf);
	}
	if (!rp->json) {
		if (!json_only && conv != 'b')
			text_figure(rp, pf, slen, conv, &a);
	} else if (!text_only)
		json_figure(rp, k, conv, &a);
}

void
rp_f(struct report *rp, const char *fmt, ...)
{
	const char *p = fmt, *lit = fmt;
	va_list ap;

	va_start(ap, fmt);
	while (*p) {
		const char *colon, *close;

		if ((p[0] == '{' && p[1] == '{') ||
		    (p[0] == '}' && p[1] == '}')) {
			if (!rp->json)
				fwrite(lit, 1, (size_t)(p + 1 - lit), rp->f);
			p += 2;
			lit = p;
			continue;
		}
		if (*p != '{') {
			p++;
			continue;
		}
		if (!rp->json)
			fwrite(lit, 1, (size_t)(p - lit), rp->f);
		colon = strchr(p, ':');
		close = colon ? strchr(colon, '}') : NULL;
		if (close == NULL)
			fatal("report: unclosed figure in '%s'", fmt);
		figure(rp, p + 1, (size_t)(colon - p - 1), colon + 1,
		    (size_t)(close - colon - 1), &ap);
		p = lit = close + 1;
	}
	if (!rp->json)
		fwrite(lit, 1, (size_t)(p - lit), rp->f);
	va_end(ap);
}
