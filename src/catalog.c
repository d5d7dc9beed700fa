/*
 * catalog.c -- see catalog.h.
 */
#include "catalog.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "deps.h"
#include "diag.h"
#include "doc.h"
#include "paths.h"
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

	/* An open type's templates may name any field (NULL). */
	return t ? rectype_fields(t) : none;
}

const struct vocab catalog_vocab = { resolve, fields, rectype_names };

/* ---- templates named by documents ---- */

struct named {
	char *key;		/* the name, or the path as resolved */
	struct template *t;	/* NULL when it cannot be used */
	char *why;		/* then what to say at each place naming it */
	struct named *next;
};

static struct named *named;

/* Whether s names a file rather than a built-in template (as
 * template_load() tells them apart). */
static int
is_path(const char *s)
{
	return strchr(s, '/') != NULL || yaml_name(s);
}

/* What cannot be used, told at the node or, without one, at the file. */
static void
tell(const struct node *at, const char *rule, const char *file,
    const char *why)
{
	if (at)
		diag(L_ERROR, rule, at, "%s", why);
	else
		diag_at(L_ERROR, rule, file ? file : "", 0, 0, "%s", why);
}

/* Loads the template key names; NULL with *why set when it cannot. */
static struct template *
load_named(const char *name, const char *key, const char *type,
    struct sbuf *why)
{
	struct sbuf hint = SBUF_INIT;
	struct template *t;
	struct stat st;
	char *found;

	if (is_path(name)) {
		/* Watched (render --watch) even when missing: it may appear. */
		if (yaml_name(name))
			deps_note(key);
		if (stat(key, &st) < 0) {
			sb_addf(why, "cannot open template '%s': %s", name,
			    strerror(errno));
			return NULL;
		}
		if (!S_ISREG(st.st_mode)) {
			sb_addf(why, "template '%s' is %s; name a template file",
			    name, S_ISDIR(st.st_mode) ? "a folder" :
			    "not a regular file");
			return NULL;
		}
		/* Only a YAML file is read: no other file (a key,
		 * /etc/passwd) is opened and quoted in a message. */
		if (!yaml_name(name)) {
			sb_addf(why, "template '%s' is not a .yaml file; name a "
			    "built-in template or a template file", name);
			return NULL;
		}
	} else {
		struct sbuf file = SBUF_INIT;
		char **names;

		sb_addf(&file, "%s.yaml", name);
		found = paths_find("templates", file.buf);
		sb_release(&file);
		if (found == NULL) {
			/* The folders' listing, only for the hint. */
			names = template_names();
			/* None at all (muster alone in a folder, none
			 * installed): where it looked, as render says. */
			if (names[0] == NULL) {
				template_not_in(why, name);
				sb_adds(why, "; set MUSTER_TEMPLATES to muster's "
				    "templates folder");
			} else
				sb_addf(why, "template '%s' is neither a "
				    "built-in template ('muster templates' "
				    "lists them) nor a path to a template "
				    "file%s", name, sb_hint(&hint, name,
				    (const char *const *)names, 0));
			template_names_free(names);
			sb_release(&hint);
			return NULL;
		}
		free(found);
	}
	if ((t = template_load(key, &catalog_vocab)) == NULL) {
		sb_addf(why, "template '%s' cannot be used: it has errors, "
		    "reported at that file", name);
		return NULL;
	}
	if (strcmp(t->type, type) != 0) {
		sb_addf(why, "template '%s' renders %s, not %s; name a template "
		    "that says renders: %s", name, t->type, type, type);
		template_free(t);
		return NULL;
	}
	return t;
}

const struct template *
catalog_template(const char *name, const char *file, const struct node *at,
    const char *rule, const char *type)
{
	struct sbuf key = SBUF_INIT, why = SBUF_INIT;
	char beside[PATH_MAX];
	struct named *n;

	/* A relative path is relative to the folder of the document. */
	sb_adds(&key, is_path(name) ? path_beside(file, name, beside,
	    sizeof(beside)) : name);
	for (n = named; n; n = n->next)
		if (strcmp(n->key, key.buf) == 0)
			break;
	if (n == NULL) {
		n = xcalloc(1, sizeof(*n));
		n->key = xstrdup(key.buf);
		n->t = load_named(name, key.buf, type, &why);
		if (n->t == NULL)
			n->why = xstrdup(why.buf);
		n->next = named;
		named = n;
	} else if (n->t && strcmp(n->t->type, type) != 0) {
		/* Another game's document naming it: a type of its own. */
		sb_release(&key);
		sb_addf(&why, "template '%s' renders %s, not %s; name a template "
		    "that says renders: %s", name, n->t->type, type, type);
		if (rule)
			tell(at, rule, file, why.buf);
		sb_release(&why);
		return NULL;
	}
	sb_release(&key);
	sb_release(&why);
	if (n->t == NULL && rule)
		tell(at, rule, file, n->why);
	return n->t;
}

static const char *const *
template_fields(const char *name, const struct node *at, const char *rule,
    const char *type, void *arg)
{
	const struct template *t = catalog_template(name, at ? at->file : NULL,
	    at, rule, type);

	(void)arg;
	return t ? t->fields : NULL;
}

static int
template_field_at(const char *name, const struct node *at, const char *type,
    const char *field, struct place *out, void *arg)
{
	const struct template *t = catalog_template(name, at ? at->file : NULL,
	    at, NULL, type);
	int i;

	(void)arg;
	if (t == NULL || t->field_at == NULL)
		return 0;
	for (i = 0; t->fields[i]; i++)
		if (strcmp(t->fields[i], field) == 0) {
			out->file = t->field_at[i].file;
			out->line = t->field_at[i].line;
			out->col = t->field_at[i].col;
			out->what = NULL;
			return 1;
		}
	return 0;
}

static int
template_icons(const char *name, const struct node *at, const char *type,
    const char *text, struct sbuf *why, void *arg)
{
	const struct template *t = catalog_template(name, at ? at->file : NULL,
	    at, NULL, type);

	(void)arg;
	return t == NULL || template_text_icons(t, text, why);
}

void
catalog_attach(struct batch *b)
{
	batch_set_fields(b, template_fields, NULL);
	batch_set_field_at(b, template_field_at);
	batch_set_icons(b, template_icons);
}

void
catalog_release(void)
{
	struct named *n, *next;

	for (n = named; n; n = next) {
		next = n->next;
		template_free(n->t);
		free(n->key);
		free(n->why);
		free(n);
	}
	named = NULL;
}
