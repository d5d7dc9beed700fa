/*
 * layout/template_restyle.c -- `muster new TEMPLATE`: a template of the
 * user's own that extends a built-in one, every element named in a
 * comment with an override to copy, so that restyling one part starts
 * from what is there, not from the documentation.  What is left
 * uncommented (template: and extends:) passes check as printed.
 */
#include <string.h>

#include "../util.h"
#include "template.h"

/* A colour as a template writes it. */
static void
add_rgb(struct sbuf *sb, struct rgb c)
{
	sb_addf(sb, "\"#%02x%02x%02x\"", (int)(c.r * 255 + 0.5),
	    (int)(c.g * 255 + 0.5), (int)(c.b * 255 + 0.5));
}

/* The first element of the face called name, or NULL. */
static const struct elem *
elem_named(const struct template *t, const char *name, int back)
{
	const struct elem *v = back ? t->back : t->front;
	int i, n = back ? t->nback : t->nfront;

	for (i = 0; i < n; i++)
		if (v[i].name && strcmp(v[i].name, name) == 0)
			return &v[i];
	return NULL;
}

/* One commented override: the keys a restyle most often changes, with
 * the element's own values. */
static void
add_override(struct sbuf *sb, const struct template *t,
    const struct el_info *in)
{
	const struct elem *e = elem_named(t, in->name, in->back);
	size_t start = sb->len;
	int i;

	sb_addf(sb, "#   - {name: %s", in->name);
	if (e && e->type == EL_BOX) {
		if (!e->fill.none && e->fill.field.n == 0) {
			sb_adds(sb, ", fill: ");
			add_rgb(sb, e->fill.rgb);
		}
		if (!e->stroke.none && e->stroke.field.n == 0) {
			sb_adds(sb, ", stroke: ");
			add_rgb(sb, e->stroke.rgb);
		}
	} else if (e && e->type == EL_TEXT && strcmp(in->type, "text") == 0) {
		sb_addf(sb, ", font: %s, pt: %g", t->fonts[e->font].key,
		    e->pt);
		if (!e->colour.none && e->colour.field.n == 0) {
			sb_adds(sb, ", colour: ");
			add_rgb(sb, e->colour.rgb);
		}
	} else if (e && e->type == EL_IMAGE) {
		sb_addf(sb, ", fit: %s", e->fit == FIT_COVER ? "contain" :
		    "cover");
	} else if (e && e->type == EL_LINE && !e->stroke.none &&
	    e->stroke.field.n == 0) {
		sb_adds(sb, ", stroke: ");
		add_rgb(sb, e->stroke.rgb);
	} else if (e) {
		/* A table or widget: where it is, to move it. */
		sb_addf(sb, ", at: [%.2fmm, %.2fmm]", e->x * 25.4 / 72,
		    e->y * 25.4 / 72);
	} else {
		/* Nothing to copy: named only (two spaces, not an item). */
		sb->len = start;
		sb->buf[sb->len] = '\0';
		sb_addf(sb, "#  %s", in->name);
	}
	if (e)
		sb_adds(sb, "}");
	/* What it is and prints, lined up after the override. */
	while (sb->len - start < 58)
		sb_addc(sb, ' ');
	sb_addf(sb, " # %s%s%s", in->type, in->widget ? ":" : "",
	    in->widget ? in->widget : "");
	for (i = 0; in->fields && in->fields[i] && i < 3; i++)
		sb_addf(sb, " {%s}", in->fields[i]);
	if (in->fields && i == 3 && in->fields[i])
		sb_adds(sb, " ...");
	sb_addc(sb, '\n');
}

void
template_restyle(const struct template *t, const char *base,
    struct sbuf *sb)
{
	int i, back;

	sb_addf(sb, "# A template of your own that extends the built-in '%s' "
	    "(%s,\n# %.1f x %.1f mm): save it beside your documents, name it "
	    "in them\n# (template: FILE) or render with --template FILE.  An "
	    "override names\n# an element and gives only the keys it changes: "
	    "uncomment one, edit\n# it, and 'muster check' this file.  "
	    "'muster templates --elements %s'\n# lists the same names.\n",
	    base, t->type, t->w * 25.4 / 72, t->h * 25.4 / 72, base);
	sb_addf(sb, "template: my-%s\nextends: %s\n", base, base);
	sb_addf(sb, "# description: %s, restyled\n", t->description ?
	    t->description : base);
	sb_addf(sb, "# size: [%.1fmm, %.1fmm]%*s# the card; its elements "
	    "stretch with it\n", t->w * 25.4 / 72, t->h * 25.4 / 72, 14, "");
	sb_adds(sb, "# fonts:                              # by name, as the "
	    "elements' font: says\n");
	for (i = 0; i < t->nfonts; i++)
		sb_addf(sb, "#   %s: \"%s\"\n", t->fonts[i].key,
		    t->fonts[i].pattern);
	if (t->npalette) {
		sb_adds(sb, "# palette:                            # colours "
		    "by name, for fill:, stroke: and colour:\n");
		for (i = 0; i < t->npalette; i++) {
			sb_addf(sb, "#   %s: ", t->palette[i].name);
			add_rgb(sb, t->palette[i].rgb);
			sb_addc(sb, '\n');
		}
	}
	for (back = 0; back < 2; back++) {
		int any = 0;

		for (i = 0; i < t->ninfo; i++) {
			if (t->info[i].back != back || t->info[i].name == NULL)
				continue;
			if (!any++)
				sb_addf(sb, "# %s:\n", back ? "back" : "elements");
			add_override(sb, t, &t->info[i]);
		}
	}
	sb_adds(sb, "# A new element of your own says new: true, as in\n"
	    "#   - {name: mark, new: true, text: \"{name}\", at: [3mm, 3mm], "
	    "size: [20mm, 5mm], pt: 8}\n");
}
