/*
 * options.c -- a command's option table read into parsing (through
 * getopt_long, whose ways every command kept) and into its --help.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "usage.h"
#include "util.h"

/* getopt_long's val for row i: its letter, or past every letter. */
#define LONG_VAL(i) (256 + (int)(i))

/* Whether row o has a value at all (an OPT_OPTARG row's may be its
 * default). */
static int
has_value(const struct opt *o)
{
	return o->kind != OPT_FLAG;
}

int
opt_takes_value(const struct opt *o)
{
	return has_value(o) && !(o->flags & OPT_OPTARG);
}

void
opt_list_free(struct opt_list *l)
{
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

int
opt_whole(const char *s, long lo, long hi, long *out)
{
	const char *p = s;
	char *end;
	long v;

	if (*p == '-')
		p++;
	if (*p < '0' || *p > '9' || strspn(p, "0123456789") != strlen(p))
		return 0;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return 0;
	*out = v;
	return 1;
}

static size_t
nrows(const struct opt *o)
{
	size_t n = 0;

	while (o[n].kind != OPT_END)
		n++;
	return n;
}

/* getopt_long's table and letters for co's rows, --help last. */
static struct option *
getopt_table(const struct cmd_opts *co, char *letters)
{
	size_t i, n = nrows(co->opts);
	struct option *lo = xcalloc(n + 2, sizeof(*lo));
	char *l = letters;

	for (i = 0; i < n; i++) {
		const struct opt *o = &co->opts[i];

		lo[i].name = o->name;
		lo[i].has_arg = !has_value(o) ? no_argument :
		    o->flags & OPT_OPTARG ? optional_argument :
		    required_argument;
		lo[i].val = o->short_name ? o->short_name : LONG_VAL(i);
		if (o->short_name) {
			*l++ = (char)o->short_name;
			if (has_value(o))
				*l++ = ':';
			if (o->flags & OPT_OPTARG)
				*l++ = ':';
		}
	}
	lo[n].name = "help";
	lo[n].val = 'h';
	*l++ = 'h';
	*l = '\0';
	return lo;
}

/* "a, b or c" */
static void
add_list(struct sbuf *sb, const char *const *v)
{
	size_t i;

	for (i = 0; v[i]; i++)
		sb_addf(sb, "%s%s", i == 0 ? "" : v[i + 1] ? ", " : " or ",
		    v[i]);
}

/* Stores arg, row o's value, in base; 0, or a usage error (2). */
static int
store(const struct cmd_opts *co, const struct opt *o, const char *arg,
    void *base)
{
	char *at = (char *)base + o->off;
	struct sbuf sb = SBUF_INIT;
	struct opt_list *l;
	long n;
	int k, rc;

	switch (o->kind) {
	case OPT_LIST:
		l = (struct opt_list *)at;
		l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof(*l->v));
		l->v[l->n++] = arg;
		return 0;
	case OPT_FLAG:
		*(int *)at = o->lo;
		return 0;
	case OPT_STRING:
		*(const char **)at = arg;
		return 0;
	case OPT_INT:
		if (!opt_whole(arg, o->lo, o->hi, &n))
			return usage_error(co->head, "--%s '%s' must be %s from "
			    "%d to %d", o->name, arg, o->what ? o->what :
			    "a whole number", o->lo, o->hi);
		*(int *)at = (int)n;
		return 0;
	case OPT_CHOICE:
		if ((k = str_index(o->values, arg)) >= 0) {
			*(int *)at = k;
			return 0;
		}
		add_list(&sb, o->values);
		rc = usage_error(co->head, "--%s '%s' must be %s%s", o->name,
		    arg, sb.buf, o->what ? o->what : "");
		sb_release(&sb);
		return rc;
	case OPT_END:
		break;
	}
	return 2;
}

/* A second value for an option that takes one. */
static int
given_twice(const struct cmd_opts *co, const struct opt *o,
    const char *first, const char *arg)
{
	char name[80];

	if (o->short_name)
		snprintf(name, sizeof(name), "-%c (--%s)", o->short_name,
		    o->name);
	else
		snprintf(name, sizeof(name), "--%s", o->name);
	if (o->flags & OPT_COMMAS)
		return usage_error(co->head, "%s is given twice ('%s', then "
		    "'%s'): give it once, with the names joined by commas",
		    name, first, arg);
	return usage_error(co->head, "%s is given twice ('%s', then '%s'): "
	    "give it once", name, first, arg);
}

/* Row o given (its value, if any, in optarg; *first its value given
 * before, or NULL): into base.  0, or a usage error (2). */
static int
take(const struct cmd_opts *co, const struct opt *o, const char **first,
    void *base)
{
	const char *arg = optarg;

	/* A bare --name of an OPT_OPTARG row stands for its default. */
	if (arg == NULL && (o->flags & OPT_OPTARG))
		arg = o->what;
	if (has_value(o) && o->kind != OPT_LIST && *first)
		return given_twice(co, o, *first, arg);
	*first = has_value(o) ? arg : "";
	return store(co, o, arg, base);
}

/* The row getopt_long's c stands for, or -1. */
static long
row_of(const struct cmd_opts *co, int c, size_t n)
{
	size_t i;

	if (c >= LONG_VAL(0) && c < LONG_VAL(n))
		return c - LONG_VAL(0);
	for (i = 0; i < n; i++)
		if (co->opts[i].short_name == c)
			return (long)i;
	return -1;
}

int
opt_parse(const struct cmd_opts *co, int argc, char **argv, void *base)
{
	size_t n = nrows(co->opts);
	char letters[3 * 64 + 2];
	struct option *lo;
	const char **first;
	long i;
	int c, rc = -1;

	if (n > 64)
		return usage_error(co->head, "too many options");
	lo = getopt_table(co, letters);
	first = xcalloc(n + 1, sizeof(*first));
	optind = 1;
	while (rc < 0 && (c = getopt_long(argc, argv, letters, lo, NULL)) != -1) {
		if (c == 'h') {
			char *h = opt_help(co);

			fputs(h, stdout);
			free(h);
			rc = 0;
		} else if ((i = row_of(co, c, n)) < 0) {
			rc = usage_option(co->head, lo, argv);
		} else if ((c = take(co, &co->opts[i], &first[i], base)) != 0) {
			rc = c;
		}
	}
	free(first);
	free(lo);
	return rc;
}

/* One row's lines: "  -o FILE.pdf", padded to col, and its help. */
static void
help_row(struct sbuf *sb, const struct opt *o, int col)
{
	const char *h = o->help, *nl;
	size_t start = sb->len;

	if (o->short_name)
		sb_addf(sb, "  -%c", o->short_name);
	else
		sb_addf(sb, "  --%s", o->name);
	if (o->argh)
		sb_addf(sb, o->flags & OPT_OPTARG ? "[=%s]" : " %s", o->argh);
	if (sb->len - start < (size_t)col)
		sb_addf(sb, "%*s", (int)((size_t)col - (sb->len - start)), "");
	else
		sb_addf(sb, "  ");
	for (;;) {
		nl = strchr(h, '\n');
		sb_addf(sb, "%.*s\n", nl ? (int)(nl - h) : (int)strlen(h), h);
		if (nl == NULL || nl[1] == '\0')
			break;
		h = nl + 1;
		sb_addf(sb, "%*s", col, "");
	}
}

char *
opt_help(const struct cmd_opts *co)
{
	struct sbuf sb = SBUF_INIT;
	const struct opt *o;
	char *h;

	sb_addf(&sb, "%s", co->head);
	for (o = co->opts; o->kind != OPT_END; o++)
		if (!(o->flags & OPT_HIDDEN))
			help_row(&sb, o, co->col);
	if (co->tail)
		sb_addf(&sb, "%s", co->tail);
	h = xstrdup(sb_str(&sb));
	sb_release(&sb);
	return h;
}
