/*
 * catalog.c -- see catalog.h.
 */
#include "catalog.h"

#include <string.h>

#include "system.h"
#include "util.h"

static const char *
resolve(const char *type, const char *sys, const char *kind,
    const char *prod, struct sbuf *why)
{
	struct sbuf hint = SBUF_INIT;
	const struct rectype *t;
	const struct game *g;
	const struct kind *k;
	const struct product *p;

	if (type) {
		if ((t = rectype_find(type)) != NULL)
			return t->name;
		sb_addf(why, "'%s' is not a record type%s", type,
		    sb_hint(&hint, type, rectype_names(), 1));
		goto fail;
	}
	if ((g = game_find(sys)) == NULL) {
		sb_addf(why, "system '%s' is not a game muster knows", sys);
		goto fail;
	}
	if ((k = kind_find(g, kind)) == NULL) {
		sb_addf(why, "system %s has no kind '%s'", sys, kind);
		goto fail;
	}
	for (p = k->products; p && p->name; p++)
		if (prod == NULL || strcmp(p->name, prod) == 0)
			return p->type->name;
	if (prod)
		sb_addf(why, "%s %s prints no product '%s'", sys, kind, prod);
	else
		sb_addf(why, "%s %s prints nothing", sys, kind);
fail:
	sb_release(&hint);
	return NULL;
}

static const char *const *
fields(const char *type)
{
	const struct rectype *t = rectype_find(type);
	static const char *const none[] = { NULL };

	return t ? rectype_fields(t) : none;
}

const struct vocab catalog_vocab = { resolve, fields, rectype_names };
