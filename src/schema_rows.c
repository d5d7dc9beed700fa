/*
 * schema_rows.c -- checks over several values, for a game's rules: names
 * given once, spans that cover a range once, rows that ascend; see
 * schema.h.
 */
#include "schema.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "doc.h"
#include "util.h"

static unsigned
hash_str(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

int
check_unique(const struct node *const *names, size_t n, const char *rule,
    const char *what, const char *where, const char *how)
{
	size_t size = 16, i, j;
	const struct node **tab;
	int errs = 0;

	while (size < 2 * n)
		size *= 2;
	tab = xcalloc(size, sizeof(*tab));
	for (i = 0; i < n; i++) {
		const struct node *nm = names[i];

		if (nm == NULL || nm->bad || nm->type != N_SCALAR)
			continue;
		for (j = hash_str(nm->str) & (size - 1); tab[j];
		    j = (j + 1) & (size - 1))
			if (strcmp(tab[j]->str, nm->str) == 0)
				break;
		if (tab[j] == NULL) {
			tab[j] = nm;
			continue;
		}
		diag(L_ERROR, rule, nm, "%s '%s' is %s twice (first at line %d); "
		    "%s", what, nm->str, where, tab[j]->line, how);
		errs++;
	}
	free(tab);
	return errs;
}

int
check_cover(const struct span *s, size_t n, long lo, long hi,
    const struct node *whole, const char *rule, const char *what)
{
	const struct node **by;
	long v, gap = 0;
	size_t i;
	int errs = 0, ingap = 0, twice;

	if (hi < lo || hi - lo > 100000)
		return 0;
	by = xcalloc((size_t)(hi - lo + 1), sizeof(*by));
	for (i = 0; i < n; i++) {
		long from = s[i].lo, to = s[i].hi;

		if (from > to)
			continue;	/* reported by the caller's own rule */
		if (from < lo || to > hi) {
			diag(L_ERROR, rule, s[i].at, "%s %ld is outside %ld to "
			    "%ld", what, from < lo ? from : to, lo, hi);
			errs++;
			/* The part inside still counts: 0-60 covers 1-60,
			 * and is not told again as a gap. */
			from = from < lo ? lo : from;
			to = to > hi ? hi : to;
		}
		for (twice = 0, v = from; v <= to; v++) {
			if (by[v - lo] == NULL) {
				by[v - lo] = s[i].at;
				continue;
			}
			if (twice++)
				continue;	/* one message a span */
			diag(L_ERROR, rule, s[i].at, "%s %ld is in the table "
			    "twice (first at line %d); each of %ld to %ld once",
			    what, v, by[v - lo]->line, lo, hi);
			errs++;
		}
	}
	for (v = lo; v <= hi + 1; v++) {
		if (v <= hi && by[v - lo] == NULL) {
			if (!ingap)
				gap = v;
			ingap = 1;
			continue;
		}
		if (!ingap)
			continue;
		ingap = 0;
		if (gap == v - 1)
			diag(L_ERROR, rule, whole, "the table has no entry for "
			    "%s %ld; it needs each of %ld to %ld once", what,
			    gap, lo, hi);
		else
			diag(L_ERROR, rule, whole, "the table has no entry for "
			    "%s %ld to %ld; it needs each of %ld to %ld once",
			    what, gap, v - 1, lo, hi);
		errs++;
	}
	free(by);
	return errs;
}

int
check_ascending(const long *v, const struct node *const *at, size_t n,
    int strict, const char *rule, const char *what)
{
	size_t i;
	int errs = 0;

	for (i = 1; i < n; i++) {
		if (strict ? v[i] > v[i - 1] : v[i] >= v[i - 1])
			continue;
		diag(L_ERROR, rule, at[i], "%s %ld comes after %ld; %s must %s "
		    "from row to row", what, v[i], v[i - 1], what,
		    strict ? "rise" : "not fall");
		errs++;
	}
	return errs;
}
