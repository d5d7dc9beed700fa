/*
 * layout/icons.c -- inline icons (SPEC 4): "Deal 2 {icon:flame} damage".
 * A template's icons: names each icon a picture (PNG or JPEG, relative
 * to the template that names it) or one of the built-in symbols
 * (widgets.c); a built-in symbol is an icon without being named.  The
 * text's {icon:NAME} is checked where the template writes it, and where
 * a card's data does as it is drawn; it is drawn as one character of
 * the text (pdf_icon()), so that it is measured, wrapped and shrunk with
 * the words, and reads as "[NAME]" to a text extractor.
 */
#include "template_impl.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "../arena.h"
#include "../deps.h"
#include "../diag.h"
#include "../doc.h"
#include "../record.h"
#include "draw.h"

#define ICON_PREFIX "{icon:"
#define ICON_NAME_MAX 64

/*
 * The name of the icon at s ("{icon:NAME}"), into name; the length of
 * the whole reference, or 0 when s holds none.
 */
static size_t
icon_at(const char *s, char name[ICON_NAME_MAX + 1])
{
	const char *p, *end;
	size_t n;

	if (strncmp(s, ICON_PREFIX, sizeof(ICON_PREFIX) - 1) != 0)
		return 0;
	p = s + sizeof(ICON_PREFIX) - 1;
	if ((end = strchr(p, '}')) == NULL)
		return 0;
	n = (size_t)(end - p);
	if (n > ICON_NAME_MAX)
		n = ICON_NAME_MAX;
	memcpy(name, p, n);
	name[n] = '\0';
	return (size_t)(end + 1 - s);
}

size_t
icon_ref_len(const char *s)
{
	char name[ICON_NAME_MAX + 1];

	return icon_at(s, name);
}

const struct icon_spec *
template_icon(const struct template *t, const char *name,
    struct icon_spec *tmp)
{
	int i;

	for (i = 0; i < t->nicons; i++)
		if (strcmp(t->icons[i].name, name) == 0)
			return &t->icons[i];
	memset(tmp, 0, sizeof(*tmp));
	if ((tmp->sym = symbol_find(name)) == NULL)
		return NULL;
	tmp->name = name;
	return tmp;
}

/* Every name an icon may have in t: its icons:, then the symbols. */
static const char **
icon_names(const struct template *t)
{
	const char *const *sym = symbol_names();
	const char **v;
	size_t n = 0, k;
	int i;

	for (k = 0; sym[k]; k++)
		;
	v = xcalloc((size_t)t->nicons + k + 1, sizeof(*v));
	for (i = 0; i < t->nicons; i++)
		v[n++] = t->icons[i].name;
	for (k = 0; sym[k]; k++)
		v[n++] = sym[k];
	return v;
}

/* "; add it to icons: ... (did you mean 'flame'?)" for an unknown name. */
static const char *
unknown_hint(const struct template *t, const char *name, struct sbuf *sb)
{
	const char **names = icon_names(t);
	struct sbuf hint = SBUF_INIT;

	sb_reset(sb);
	sb_adds(sb, "; add it to icons: as a .png or .jpg file or a built-in "
	    "symbol (");
	sb_list(sb, symbol_names());
	sb_addf(sb, ")%s", sb_hint(&hint, name, names, 0));
	sb_release(&hint);
	free(names);
	return sb_str(sb);
}

/* "names icon 'NAME', which is neither ..." into why. */
static const char *
unknown_icon(const struct template *t, const char *name, struct sbuf *why)
{
	struct sbuf sb = SBUF_INIT;

	sb_reset(why);
	sb_addf(why, "names icon '%s', which is neither in the icons: of "
	    "template '%s' nor a built-in symbol%s", name, t->name,
	    unknown_hint(t, name, &sb));
	sb_release(&sb);
	return sb_str(why);
}

static int
is_picture(const char *s)
{
	size_t n = strlen(s);

	return (n > 4 && (strcasecmp(s + n - 4, ".png") == 0 ||
	    strcasecmp(s + n - 4, ".jpg") == 0)) ||
	    (n > 5 && strcasecmp(s + n - 5, ".jpeg") == 0);
}

/* Checks icon key: val; *sym its built-in symbol, else *path its picture
 * (in beside).  0, or -1 told. */
static int
icon_value(const struct node *key, const struct node *val,
    const struct symbol **sym, const char **path, char beside[PATH_MAX])
{
	struct sbuf sb = SBUF_INIT, hint = SBUF_INIT;
	struct stat st;

	if (key->str[0] == '\0' || strlen(key->str) >
	    ICON_NAME_MAX || strpbrk(key->str, "{} \t")) {
		diag(L_ERROR, "template.icon", key, "icon name "
		    "'%s' must be a word of at most %d "
		    "characters without spaces or braces",
		    key->str, ICON_NAME_MAX);
		return -1;
	}
	if ((*sym = symbol_find(val->str)) != NULL)
		return 0;
	if (!is_picture(val->str)) {
		sb_list(&sb, symbol_names());
		diag(L_ERROR, "template.icon", val, "icon "
		    "'%s' is '%s', which is neither a "
		    ".png or .jpg file nor a built-in "
		    "symbol (%s)%s", key->str, val->str,
		    sb_str(&sb), sb_hint(&hint, val->str,
		    symbol_names(), 0));
		sb_release(&sb);
		sb_release(&hint);
		return -1;
	}
	*path = path_beside(val->file, val->str, beside, PATH_MAX);
	deps_note(*path);
	if (stat(*path, &st) < 0 || !S_ISREG(st.st_mode)) {
		diag(L_ERROR, "template.icon", val, "icon "
		    "'%s': picture '%s' is missing%s%s%s; "
		    "a path is relative to the template",
		    key->str, val->str, strcmp(*path,
		    val->str) ? " (looked for '" : "",
		    strcmp(*path, val->str) ? *path : "",
		    strcmp(*path, val->str) ? "')" : "");
		return -1;
	}
	return 0;
}

/* The icon named name in t, added when t has none; *cap the room in
 * t->icons. */
static struct icon_spec *
icon_slot(struct template *t, const char *name, int *cap)
{
	int k;

	for (k = 0; k < t->nicons; k++)
		if (strcmp(t->icons[k].name, name) == 0)
			return &t->icons[k];
	if (t->nicons == *cap) {
		struct icon_spec *old = t->icons;

		*cap = *cap ? *cap * 2 : 8;
		t->icons = arena_alloc(t->arena, (size_t)*cap *
		    sizeof(*t->icons));
		if (old)
			memcpy(t->icons, old, (size_t)t->nicons *
			    sizeof(*old));
	}
	return &t->icons[t->nicons++];
}

void
compile_icons(struct ctx *cx, const struct chain *c)
{
	struct template *t = cx->t;
	char beside[PATH_MAX];
	int l, cap = 0;
	size_t i;

	for (l = 0; l < c->n; l++) {
		const struct node *map = node_get(c->doc[l], "icons");

		if (map == NULL || map->bad || map->type != N_MAP)
			continue;
		for (i = 0; i < map->n; i++) {
			const struct node *key = MAP_KEY(map, i);
			const struct node *val = MAP_VAL(map, i);
			const struct symbol *sym = NULL;
			const char *path = NULL;
			struct icon_spec *ic;

			if (val->bad || val->type != N_SCALAR)
				continue;
			if (icon_value(key, val, &sym, &path, beside) < 0) {
				cx->errors++;
				continue;
			}
			ic = icon_slot(t, key->str, &cap);
			ic->name = arena_strdup(t->arena, key->str);
			ic->sym = sym;
			ic->path = path ? arena_strdup(t->arena, path) : NULL;
			ic->src = arena_strdup(t->arena, val->file);
			ic->line = val->line;
			ic->col = val->col;
		}
	}
}

void
check_icons(struct ctx *cx, const struct node *n, const struct fmt *f)
{
	char name[ICON_NAME_MAX + 1];
	struct icon_spec tmp;
	struct sbuf sb = SBUF_INIT;
	int i;

	for (i = 0; i < f->n; i++) {
		const char *s = f->seg[i].lit;
		size_t len;

		if (s == NULL)
			continue;
		for (; (s = strstr(s, ICON_PREFIX)) != NULL; s += len) {
			if ((len = icon_at(s, name)) == 0)
				break;
			if (template_icon(cx->t, name, &tmp))
				continue;
			diag(L_ERROR, "template.icon", n, "element '%s' names "
			    "icon '%s', which is neither in the template's "
			    "icons: nor a built-in symbol%s", cx->el, name,
			    unknown_hint(cx->t, name, &sb));
			cx->errors++;
		}
	}
	sb_release(&sb);
}

int
template_text_icons(const struct template *t, const char *text,
    struct sbuf *why)
{
	char name[ICON_NAME_MAX + 1];
	struct icon_spec tmp;
	const char *s;
	size_t len;

	for (s = text; (s = strstr(s, ICON_PREFIX)) != NULL; s += len) {
		if ((len = icon_at(s, name)) == 0)
			break;
		if (template_icon(t, name, &tmp))
			continue;
		unknown_icon(t, name, why);
		return 0;
	}
	return 1;
}

int
fmt_has_icon(const struct fmt *f)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (f->seg[i].lit && strstr(f->seg[i].lit, ICON_PREFIX))
			return 1;
	return 0;
}

/* The character the PDF draws icon ic as, or -1 (told). */
static long
icon_char(struct draw *d, const struct icon_spec *ic)
{
	char key[PATH_MAX + 8], label[ICON_NAME_MAX + 3], why[512];
	int id = -1, w = 1, h = 1;
	long c;

	snprintf(label, sizeof(label), "[%s]", ic->name);
	if (ic->sym)
		snprintf(key, sizeof(key), "symbol:%s", ic->name);
	else
		snprintf(key, sizeof(key), "picture:%s", ic->path);
	if (ic->path) {
		id = pdf_image(d->pdf, ic->path, &w, &h, why, sizeof(why));
		if (id < 0) {
			if (!draw_seen(d, key))
				diag_at(L_ERROR, "render.image", ic->src,
				    ic->line, ic->col, "icon '%s': image '%s' "
				    "%s", ic->name, ic->path, why);
			return -1;
		}
	}
	c = pdf_icon(d->pdf, key, label, ic->sym ? symbol_aspect(ic->sym) :
	    (double)w / h, id, ic->sym ? symbol_draw : NULL, ic->sym);
	if (c < 0 && !draw_seen(d, "icon\tmax"))
		diag_at(L_ERROR, "template.icon", d->t->file, 0, 0, "a PDF "
		    "holds at most %d different icons", PDF_ICON_MAX);
	return c;
}

const char *
draw_icons(struct draw *d, const struct elem *e, const char *text,
    struct sbuf *out)
{
	char name[ICON_NAME_MAX + 1], ch[8];
	const char *s = text, *p;
	const struct icon_spec *ic;
	struct icon_spec tmp;
	struct sbuf sb = SBUF_INIT;
	int bad = 0;
	size_t len;
	long c;

	if (strstr(text, ICON_PREFIX) == NULL)
		return text;
	sb_reset(out);
	while ((p = strstr(s, ICON_PREFIX)) != NULL) {
		sb_add(out, s, (size_t)(p - s));
		if ((len = icon_at(p, name)) == 0) {
			sb_adds(out, p);
			s = p + strlen(p);
			break;
		}
		s = p + len;
		if ((ic = template_icon(d->t, name, &tmp)) == NULL) {
			char tag[128];

			snprintf(tag, sizeof(tag), "icon\t%s:%d:%s",
			    rec_file(d->r) ? rec_file(d->r) : "",
			    rec_line(d->r), name);
			if (!draw_seen(d, tag))
				draw_error(d, "template.icon", "text '%s' %s",
				    e->name, unknown_icon(d->t, name, &sb));
			bad = 1;
			continue;
		}
		if ((c = icon_char(d, ic)) < 0) {
			bad = 1;
			continue;
		}
		sb_adds(out, utf8_encode(c, ch));
	}
	sb_adds(out, s);
	sb_release(&sb);
	return bad ? NULL : sb_str(out);
}
