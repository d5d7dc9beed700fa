/*
 * deps.c -- see deps.h.
 */
#include "deps.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static struct {
	int on;
	char **v;
	size_t n, cap;
} D;

void
deps_clear(void)
{
	size_t i;

	for (i = 0; i < D.n; i++)
		free(D.v[i]);
	D.n = 0;
}

void
deps_record(int on)
{
	deps_clear();
	if (!on) {
		free(D.v);
		D.v = NULL;
		D.cap = 0;
	}
	D.on = on;
}

void
deps_note(const char *path)
{
	size_t i;

	if (!D.on || path == NULL)
		return;
	/* A run reads a few hundred files at most: a line search will do. */
	for (i = 0; i < D.n; i++)
		if (strcmp(D.v[i], path) == 0)
			return;
	if (D.n == D.cap) {
		D.cap = D.cap ? D.cap * 2 : 16;
		D.v = xrealloc(D.v, D.cap * sizeof(*D.v));
	}
	D.v[D.n++] = xstrdup(path);
}

const char *const *
deps_list(size_t *n)
{
	*n = D.n;
	return (const char *const *)D.v;
}
