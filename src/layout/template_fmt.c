/*
 * layout/template_fmt.c -- compiling a template's text with fields in
 * it, "A {name} ({side})", into the segments fmt_expand() fills in for
 * each card.  See template_impl.h.
 */
#include "template_impl.h"

#include <string.h>

#include "../arena.h"
#include "../util.h"

/* Compiles "A {name} ({side})" into segments; "{{" is a literal brace,
 * and "{icon:NAME}" literal text. */
int
compile_fmt(struct arena *a, const char *s, struct fmt *f)
{
	struct seg tmp[64];
	const char *p = s, *lit = s;
	int n = 0;

	f->seg = NULL;
	f->n = 0;
	while (*p) {
		if (p[0] == '{' && p[1] == '{') {
			if (n == 64)
				return -1;
			tmp[n].lit = lit;
			tmp[n].len = (size_t)(p + 1 - lit);
			tmp[n++].field = NULL;
			p += 2;
			lit = p;
			continue;
		}
		/* An inline icon is text, drawn as the icon (icons.c). */
		if (*p == '{' && icon_ref_len(p) > 0) {
			p += icon_ref_len(p);
			continue;
		}
		if (*p == '{') {
			const char *end = strchr(p, '}');

			if (end == NULL || end == p + 1 || n >= 63)
				return -1;
			if (p > lit) {
				tmp[n].lit = lit;
				tmp[n].len = (size_t)(p - lit);
				tmp[n++].field = NULL;
			}
			tmp[n].lit = NULL;
			tmp[n].len = 0;
			tmp[n++].field = arena_strndup(a, p + 1,
			    (size_t)(end - p - 1));
			p = lit = end + 1;
			continue;
		}
		p++;
	}
	if (p > lit) {
		if (n == 64)
			return -1;
		tmp[n].lit = lit;
		tmp[n].len = (size_t)(p - lit);
		tmp[n++].field = NULL;
	}
	if (n) {
		int i;

		f->seg = arena_alloc(a, (size_t)n * sizeof(*f->seg));
		for (i = 0; i < n; i++) {
			f->seg[i] = tmp[i];
			if (tmp[i].lit)
				f->seg[i].lit = arena_strndup(a, tmp[i].lit,
				    tmp[i].len);
		}
	}
	f->n = n;
	return 0;
}
