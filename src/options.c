/*
 * options.c -- a command's option table read into parsing (through
 * getopt_long, whose ways every command kept: muster's one user of it)
 * and into its --help.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "usage.h"
#include "util.h"

#ifndef VERSION
#define VERSION "0.1"
#endif

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
    void *base, const char *next)
{
	const char *arg = optarg;

	/* A bare --name of an OPT_OPTARG row stands for its default;
	 * "--spread 2" meant "--spread=2", not an operand "2". */
	if (arg == NULL && (o->flags & OPT_OPTARG) && next && *next &&
	    strspn(next, "0123456789") == strlen(next))
		return usage_error(co->head, "--%s takes its %s after an '=': "
		    "give --%s=%s, or --%s alone for %s", o->name, o->argh,
		    o->name, next, o->name, o->what);
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

/* Whether arg is a long option ("--paper", "--pap=x") of opts whose
 * val is c. */
static int
long_named(const char *arg, const struct option *opts, int c)
{
	const struct option *o;
	size_t len;

	if (arg == NULL || strncmp(arg, "--", 2) != 0)
		return 0;
	len = strcspn(arg + 2, "=");
	for (o = opts; o && o->name; o++)
		if (o->val == c && len && strncmp(o->name, arg + 2, len) == 0)
			return 1;
	return 0;
}

/* "--word" is no option of opts: ambiguous (the options it begins), or
 * unknown (with a "did you mean"); a usage error. */
static int
unknown_option(const char *usage, const struct option *opts,
    const char *word, int ambiguous)
{
	const struct option *o;
	struct sbuf sb = SBUF_INIT;
	const char **names;
	size_t n = 0, len = strlen(word) - 2;
	int rc;

	for (o = opts; o && o->name; o++)
		n++;
	names = xcalloc(n + 1, sizeof(*names));
	for (n = 0, o = opts; o && o->name; o++) {
		char *dashed = xmalloc(strlen(o->name) + 3);

		sprintf(dashed, "--%s", o->name);
		names[n++] = dashed;
	}
	if (ambiguous) {
		struct sbuf which = SBUF_INIT;

		for (n = 0, o = opts; o && o->name; n++, o++)
			if (strncmp(o->name, word + 2, len) == 0)
				sb_addf(&which, "%s%s", which.len ? ", " : "",
				    names[n]);
		rc = usage_error(usage, "option '%s' is ambiguous: %s", word,
		    which.buf);
		sb_release(&which);
	} else {
		rc = usage_error(usage, "'%s' is not an option%s", word,
		    sb_hint(&sb, word, names, 0));
	}
	sb_release(&sb);
	for (n = 0; names[n]; n++)
		free((char *)names[n]);
	free(names);
	return rc;
}

/*
 * What getopt_long (run with opterr 0) refused in argv: an unknown
 * option, with a "did you mean" among opts, a missing value or a value
 * given to an option that takes none; as usage_error.  --version is
 * answered, as muster answers it.
 */
static int
usage_option(const char *usage, const struct option *opts,
    char *const *argv)
{
	const char *arg = argv[optind - 1], *eq;
	const struct option *o, *found;
	char *word;
	size_t len;
	int rc, nfound = 0;

	/* A short option: getopt names it in optopt, and argv[optind - 1]
	 * need not be it (inside "-xq", optind has not moved on).  A long
	 * option refused for its value names it in optopt too, and is the
	 * word before optind. */
	if (optopt != 0 && !long_named(arg, opts, optopt)) {
		for (o = opts; o && o->name; o++)
			if (o->val == optopt && o->has_arg == required_argument)
				return usage_error(usage, "option '-%c' needs a "
				    "value", optopt);
		return usage_error(usage, "'-%c' is not an option", optopt ?
		    optopt : '?');
	}
	/* Every command answers --version, as muster does. */
	if (strcmp(arg, "--version") == 0) {
		printf("muster %s\n", VERSION);
		return 0;
	}
	eq = strchr(arg + 2, '=');
	len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
	/* The option meant: its whole name, or the only one it begins, as
	 * getopt_long takes it. */
	found = NULL;
	for (o = opts; o && o->name; o++) {
		if (strlen(o->name) == len &&
		    strncmp(o->name, arg + 2, len) == 0) {
			found = o;
			nfound = 1;
			break;
		}
		if (len && strncmp(o->name, arg + 2, len) == 0) {
			found = o;
			nfound++;
		}
	}
	if (nfound == 1) {
		if (eq && found->has_arg == no_argument)
			return usage_error(usage, "option '--%s' takes no value",
			    found->name);
		return usage_error(usage, "option '--%s' needs a value",
		    found->name);
	}
	word = xstrndup(arg, len + 2);
	rc = unknown_option(usage, opts, word, nfound > 1);
	free(word);
	return rc;
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
	/* What getopt_long refuses, usage_option tells. */
	opterr = 0;
	optind = 1;
	while (rc < 0 && (c = getopt_long(argc, argv, letters, lo, NULL)) != -1) {
		if (c == 'h') {
			char *h = opt_help(co);

			fputs(h, stdout);
			free(h);
			rc = 0;
		} else if ((i = row_of(co, c, n)) < 0) {
			rc = usage_option(co->head, lo, argv);
		} else if ((c = take(co, &co->opts[i], &first[i], base,
		    optind < argc ? argv[optind] : NULL)) != 0) {
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
