/*
 * test_template.c -- card layouts (layout/template.h): lengths, colours,
 * {field} texts, the built-in shellshock-card, extends: with overrides and
 * removals, and the errors a template can have.
 */
#include "testutil.h"

#include <math.h>

#include "layout/template.h"
#include "record.h"

#define MM (72.0 / 25.4)
#define EPS 1e-6

static char *templates;		/* the repository's templates/ folder */

static int
setup(void **state)
{
	(void)state;
	templates = repo_path("templates");
	setenv("MUSTER_TEMPLATES", templates, 1);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	unsetenv("MUSTER_TEMPLATES");
	free(templates);
	return 0;
}

/* The nth (0-based) element of the list called name, or NULL. */
static const struct elem *
find(const struct elem *v, int n, const char *name, int nth)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i].name, name) == 0 && nth-- == 0)
			return &v[i];
	return NULL;
}

static int
count_named(const struct elem *v, int n, const char *name)
{
	int i, k = 0;

	for (i = 0; i < n; i++)
		k += strcmp(v[i].name, name) == 0;
	return k;
}

/* f expanded against r; the result is in sb (reset first). */
static const char *
expand(const struct fmt *f, const struct record *r, struct sbuf *sb,
    const char **missing)
{
	sb_reset(sb);
	fmt_expand(f, r, sb, missing);
	return sb_str(sb);
}

/* ---- parse_length ---- */

static void
test_parse_length_units(void **state)
{
	double pt = -1;

	(void)state;
	/* 72 points an inch, 25.4 mm an inch. */
	assert_int_equal(parse_length("2mm", 0, &pt), 1);
	assert_near(pt, 2 * MM, EPS);
	assert_int_equal(parse_length("25.4mm", 0, &pt), 1);
	assert_near(pt, 72, EPS);
	assert_int_equal(parse_length("1cm", 0, &pt), 1);
	assert_near(pt, 10 * MM, EPS);
	assert_int_equal(parse_length("0.5in", 0, &pt), 1);
	assert_near(pt, 36, EPS);
	assert_int_equal(parse_length("3.5in", 0, &pt), 1);
	assert_near(pt, 252, EPS);
	assert_int_equal(parse_length("10pt", 0, &pt), 1);
	assert_near(pt, 10, EPS);
	assert_int_equal(parse_length("0.5pt", 0, &pt), 1);
	assert_near(pt, 0.5, EPS);
	/* Percentages are of the whole given: half of a 252 pt card. */
	assert_int_equal(parse_length("50%", 252, &pt), 1);
	assert_near(pt, 126, EPS);
	assert_int_equal(parse_length("100%", 144, &pt), 1);
	assert_near(pt, 144, EPS);
	/* A bare 0 needs no unit. */
	assert_int_equal(parse_length("0", 0, &pt), 1);
	assert_near(pt, 0, 0);
	/* A space before the unit is allowed. */
	assert_int_equal(parse_length("2 mm", 0, &pt), 1);
	assert_near(pt, 2 * MM, EPS);
}

static void
test_parse_length_rejects(void **state)
{
	static const char *const bad[] = {
		"",		/* nothing */
		"10",		/* a number other than 0 needs a unit */
		"mm",		/* a unit needs a number */
		"2km",
		"2 m m",
		"2mmx",
		"2MM",		/* units are lower case */
		"abc",
		"infmm",
		"nanmm",	/* not a number is no length */
		"nan pt",
	};
	size_t i;
	double pt;

	(void)state;
	assert_int_equal(parse_length(NULL, 0, &pt), 0);
	for (i = 0; i < NELEM(bad); i++) {
		pt = 12345;
		if (parse_length(bad[i], 100, &pt) != 0)
			fail_msg("parse_length(\"%s\") accepted it as %g", bad[i],
			    pt);
		/* And the output is not touched. */
		assert_near(pt, 12345, 0);
	}
	/* A length, but beyond any card: 10000 pt is the limit. */
	assert_int_equal(parse_length("20000pt", 0, &pt), -1);
	assert_int_equal(parse_length("-10001pt", 0, &pt), -1);
	assert_int_equal(parse_length("10000pt", 0, &pt), 1);
	assert_near(pt, 10000, 0);
	assert_int_equal(parse_length("-10000pt", 0, &pt), 1);
}

/* ---- parse_rgb ---- */

static void
test_parse_rgb(void **state)
{
	static const char *const bad[] = {
		"", "#12345", "#1234567", "#gggggg", "1f4e9a", "#1f4e9", "Red",
		"purple", "#12 456", "none"
	};
	struct rgb c = { -1, -1, -1 };
	size_t i;

	(void)state;
	assert_int_equal(parse_rgb("#1f4e9a", &c), 1);
	assert_near(c.r, 0x1f / 255.0, 1e-6);
	assert_near(c.g, 0x4e / 255.0, 1e-6);
	assert_near(c.b, 0x9a / 255.0, 1e-6);
	assert_int_equal(parse_rgb("#FFFFFF", &c), 1);
	assert_near(c.r, 1, 1e-6);
	assert_near(c.g, 1, 1e-6);
	assert_near(c.b, 1, 1e-6);
	assert_int_equal(parse_rgb("#000000", &c), 1);
	assert_near(c.r + c.g + c.b, 0, 0);
	/* Names: the rules document's red (#c8102e), and both greys. */
	assert_int_equal(parse_rgb("red", &c), 1);
	assert_near(c.r, 0xc8 / 255.0, 1e-6);
	assert_near(c.g, 0x10 / 255.0, 1e-6);
	assert_near(c.b, 0x2e / 255.0, 1e-6);
	assert_int_equal(parse_rgb("white", &c), 1);
	assert_near(c.r + c.g + c.b, 3, 1e-6);
	assert_int_equal(parse_rgb("grey", &c), 1);
	assert_near(c.g, 0x80 / 255.0, 1e-6);
	assert_int_equal(parse_rgb("gray", &c), 1);
	assert_near(c.b, 0x80 / 255.0, 1e-6);
	for (i = 0; i < NELEM(bad); i++) {
		c.r = c.g = c.b = -1;
		if (parse_rgb(bad[i], &c) != 0)
			fail_msg("parse_rgb(\"%s\") accepted it", bad[i]);
		assert_near(c.r, -1, 0);
	}
}

/* ---- {field} texts ---- */

static const char fmt_template[] =
    "template: fmt-test\n"
    "renders: {system: test, kind: card}\n"
    "size: [3.5in, 2in]\n"
    "elements:\n"
    "  - {name: a, text: \"A {name} ({side})\"}\n"
    "  - {name: b, text: \"{{name} is {name}\"}\n"
    "  - {name: c, text: \"{name} {nope} {also}\"}\n"
    "  - {name: d, text: \"plain {{ brace } and }\"}\n"
    "  - {name: e, text: \"\"}\n"
    "  - {name: f, text: \"{dv.E.fb}{dv.E.sd}\"}\n"
    "  - {name: g, text: \"{{{name}\"}\n"
    "  - {name: h, text: \"{card}\", colour: \"{card.colour}\", when: card}\n";

static void
test_fmt_expand(void **state)
{
	struct record *r = record_new();
	struct capture c;
	struct sbuf sb = SBUF_INIT;
	struct template *t;
	const char *missing;
	const char *dir = *state;
	char *file = path_join(dir, "fmt.yaml");

	write_file(file, fmt_template);
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_int_equal(t->nfront, 8);
	rec_set(r, "name", "Mason");
	rec_set(r, "side", "UN");
	rec_set(r, "dv.E.fb", "8");
	rec_set(r, "dv.E.sd", "6");
	rec_set(r, "card", "A♣");
	rec_set(r, "card.colour", "#000000");

	missing = NULL;
	assert_string_equal(expand(&find(t->front, t->nfront, "a", 0)->text, r,
	    &sb, &missing), "A Mason (UN)");
	assert_null(missing);
	/* "{{" is a literal brace: what follows is text, not a field. */
	assert_string_equal(expand(&find(t->front, t->nfront, "b", 0)->text, r,
	    &sb, &missing), "{name} is Mason");
	assert_string_equal(expand(&find(t->front, t->nfront, "d", 0)->text, r,
	    &sb, &missing), "plain { brace } and }");
	assert_string_equal(expand(&find(t->front, t->nfront, "g", 0)->text, r,
	    &sb, &missing), "{Mason");
	assert_string_equal(expand(&find(t->front, t->nfront, "f", 0)->text, r,
	    &sb, &missing), "86");
	assert_string_equal(expand(&find(t->front, t->nfront, "e", 0)->text, r,
	    &sb, &missing), "");
	assert_int_equal(find(t->front, t->nfront, "e", 0)->text.n, 0);
	assert_null(missing);
	/* Missing fields print nothing; the first one is named. */
	assert_string_equal(expand(&find(t->front, t->nfront, "c", 0)->text, r,
	    &sb, &missing), "Mason  ");
	assert_non_null(missing);
	assert_string_equal(missing, "nope");
	/* An already-named one is kept, and NULL asks for none. */
	assert_string_equal(expand(&find(t->front, t->nfront, "c", 0)->text, r,
	    &sb, &missing), "Mason  ");
	assert_string_equal(missing, "nope");
	assert_string_equal(expand(&find(t->front, t->nfront, "c", 0)->text, r,
	    &sb, NULL), "Mason  ");
	/* Colours and conditions are {field} texts too; "when: card" is
	 * short for "{card}". */
	assert_string_equal(expand(&find(t->front, t->nfront, "h", 0)->colour.field,
	    r, &sb, NULL), "#000000");
	assert_string_equal(expand(&find(t->front, t->nfront, "h", 0)->when, r,
	    &sb, NULL), "A♣");
	/* fmt_expand appends. */
	sb_reset(&sb);
	sb_adds(&sb, ">");
	fmt_expand(&find(t->front, t->nfront, "a", 0)->text, r, &sb, NULL);
	assert_string_equal(sb.buf, ">A Mason (UN)");
	/* Every field the elements name, in texts, colours and conditions,
	 * sorted and each once. */
	{
		static const char *const want[] = { "also", "card",
			"card.colour", "dv.E.fb", "dv.E.sd", "name", "nope",
			"side", NULL };
		int i;

		for (i = 0; want[i]; i++) {
			assert_non_null(t->fields[i]);
			assert_string_equal(t->fields[i], want[i]);
		}
		assert_null(t->fields[i]);
	}
	cap_end(&c);
	template_free(t);
	record_free(r);
	sb_release(&sb);
	free(file);
}

static void
test_fmt_unclosed_brace(void **state)
{
	struct capture c;
	struct sbuf want = SBUF_INIT;
	const char *dir = *state;
	char *file = path_join(dir, "open.yaml");

	write_file(file,
	    "template: open\n"
	    "renders: {system: test, kind: card}\n"
	    "size: [3.5in, 2in]\n"
	    "elements:\n"
	    "  - {name: a, text: \"{name\"}\n"
	    "  - {name: b, text: \"empty {} field\"}\n");
	cap_start(&c, 0);
	assert_null(template_load(file, NULL));
	sb_addf(&want,
	    "%s:5:21: error: text '{name' has an unclosed { (write {{ for a "
	    "brace) [template.invalid]\n"
	    "%s:6:21: error: text 'empty {} field' has an unclosed { (write {{ "
	    "for a brace) [template.invalid]\n", file, file);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&want);
	free(file);
}

/* ---- the built-in template ---- */

static void
test_builtin_shellshock_card(void **state)
{
	struct capture c;
	struct record *r = record_new();
	struct sbuf sb = SBUF_INIT;
	struct template *t;
	const struct elem *e;
	char *want_file;

	(void)state;
	cap_start(&c, 0);
	t = template_load("shellshock-card", NULL);
	assert_non_null(t);
	/* A shipped template loads without a word. */
	assert_string_equal(cap_text(&c), "");
	want_file = path_join(templates, "shellshock-card.yaml");
	assert_string_equal(t->file, want_file);
	free(want_file);
	assert_string_equal(t->name, "shellshock-card");
	assert_string_equal(t->type, "shellshock.card");
	assert_non_null(strstr(t->description, "business card"));
	/* 3.5 x 2 in on Letter, 85 x 55 mm on A4 (SPEC section 4). */
	assert_near(t->w, 252, EPS);
	assert_near(t->h, 144, EPS);
	assert_near(t->a4_w, 85 * MM, EPS);
	assert_near(t->a4_h, 55 * MM, EPS);
	assert_near(t->gap, 0, 0);
	/* 1/8 in and 6 pt, as print shops ask (the design pass). */
	assert_near(t->safe, 3.175 * MM, EPS);
	assert_near(t->min_pt, 6, 0);
	assert_int_equal(t->nfonts, 2);
	assert_string_equal(t->fonts[0].key, "body");
	assert_string_equal(t->fonts[0].pattern, "DejaVu Sans Condensed");
	assert_string_equal(t->fonts[1].key, "bold");
	assert_string_equal(t->fonts[1].pattern, "DejaVu Sans Condensed:bold");
	/* 66 front entries, 3 of them tables: dv 6 rows x 3 columns, weapon
	 * and spread 5 x 1 each, so 63 + 18 + 5 + 5 elements. */
	assert_int_equal(t->nfront, 91);
	assert_int_equal(t->nback, 5);

	/* {name: name, text: "{name}", at: [12.027mm, 3.175mm], size:
	 * [46.244mm, 5.437mm], font: bold, pt: 10, min_pt: 6} */
	e = find(t->front, t->nfront, "name", 0);
	assert_non_null(e);
	assert_int_equal(e->type, EL_TEXT);
	assert_near(e->x, 12.027 * MM, EPS);
	assert_near(e->y, 3.175 * MM, EPS);
	assert_near(e->w, 46.244 * MM, EPS);
	assert_near(e->h, 5.437 * MM, EPS);
	assert_int_equal(e->font, 1);
	assert_near(e->pt, 10, 0);
	assert_near(e->min_pt, 6, 0);
	assert_int_equal(e->halign, ALIGN_START);
	rec_set(r, "name", "Mason");
	assert_string_equal(expand(&e->text, r, &sb, NULL), "Mason");

	/* The background fills the card (100%) into the bleed. */
	e = find(t->front, t->nfront, "background", 0);
	assert_non_null(e);
	assert_int_equal(e->type, EL_BOX);
	assert_near(e->w, 252, EPS);
	assert_near(e->h, 144, EPS);
	assert_int_equal(e->bleed, 1);
	assert_int_equal(e->stroke.none, 1);

	/* The side: right-aligned, top; era's colour #555555; min_pt from
	 * the template's 6 as it gives none. */
	e = find(t->front, t->nfront, "side", 0);
	assert_int_equal(e->halign, ALIGN_END);
	assert_int_equal(e->valign, ALIGN_START);
	assert_near(e->min_pt, 6, 0);
	e = find(t->front, t->nfront, "era", 0);
	assert_near(e->colour.rgb.r, 0x55 / 255.0, 1e-6);

	/* The dv table at [28.069mm, 14.337mm]: row M is the second, 4.465 mm
	 * below row E; "$" stands for the row's letter. */
	assert_int_equal(count_named(t->front, t->nfront, "dv.M"), 3);
	rec_set(r, "dv.M.fb", "12");
	rec_set(r, "dv.M.sd", "10");
	e = find(t->front, t->nfront, "dv.M", 0);
	assert_near(e->x, 28.069 * MM, EPS);
	assert_near(e->y, (14.337 + 4.465) * MM, EPS);
	assert_near(e->w, 4.919 * MM, EPS);
	assert_near(e->h, 4.465 * MM, EPS);
	assert_string_equal(expand(&e->text, r, &sb, NULL), "M");
	e = find(t->front, t->nfront, "dv.M", 1);
	assert_near(e->x, (28.069 + 4.919) * MM, EPS);
	assert_string_equal(expand(&e->text, r, &sb, NULL), "12");
	e = find(t->front, t->nfront, "dv.M", 2);
	assert_near(e->x, (28.069 + 4.919 + 6.891) * MM, EPS);
	assert_string_equal(expand(&e->text, r, &sb, NULL), "10");
	assert_int_equal(count_named(t->front, t->nfront, "dv.P"), 3);
	assert_int_equal(count_named(t->front, t->nfront, "weapon.S"), 1);
	assert_int_equal(count_named(t->front, t->nfront, "weapon.P"), 0);

	/* A widget and a line. */
	e = find(t->front, t->nfront, "arc.I", 0);
	assert_int_equal(e->type, EL_WIDGET);
	assert_ptr_equal(e->widget, widget_find("sector"));
	e = find(t->front, t->nfront, "internal.range", 0);
	assert_ptr_equal(e->widget, widget_find("cells"));
	/* The one line, from [4.161mm, 27.732mm] to [25.809mm, 27.732mm]. */
	{
		int i, lines = 0;

		for (i = 0; i < t->nfront; i++)
			if (t->front[i].type == EL_LINE) {
				e = &t->front[i];
				lines++;
			}
		assert_int_equal(lines, 1);
		assert_near(e->x, 4.161 * MM, EPS);
		assert_near(e->x2, 25.809 * MM, EPS);
		assert_near(e->y2, 27.732 * MM, EPS);
	}

	/* The back. */
	e = find(t->back, t->nback, "back.title", 0);
	assert_non_null(e);
	assert_int_equal(e->halign, ALIGN_CENTER);
	assert_string_equal(expand(&e->text, r, &sb, NULL), "SHELLSHOCK");
	cap_end(&c);
	template_free(t);
	record_free(r);
	sb_release(&sb);
}

/* The info of the element called name, or NULL. */
static const struct el_info *
info_of(const struct template *t, const char *name)
{
	int i;

	for (i = 0; i < t->ninfo; i++)
		if (t->info[i].name && strcmp(t->info[i].name, name) == 0)
			return &t->info[i];
	return NULL;
}

/* The fields of info i joined by spaces, in sb. */
static const char *
fields_of(const struct el_info *i, struct sbuf *sb)
{
	const char *const *f;

	sb_reset(sb);
	for (f = i->fields; *f; f++)
		sb_addf(sb, "%s%s", f == i->fields ? "" : " ", *f);
	return sb_str(sb);
}

static void
test_element_info(void **state)
{
	struct capture c;
	struct sbuf sb = SBUF_INIT;
	struct template *t;
	const struct el_info *i;

	(void)state;
	cap_start(&c, 0);
	t = template_load("shellshock-card", NULL);
	assert_non_null(t);
	/* The file's 66 front elements (63 and the estimate's badge: its
	 * box, label and figure) and 5 back ones, a table as one, in the
	 * order they are drawn. */
	assert_int_equal(t->ninfo, 66 + 5);
	assert_string_equal(t->info[0].name, "background");
	assert_string_equal(t->info[0].type, "box");
	assert_null(t->info[0].widget);
	assert_string_equal(fields_of(&t->info[0], &sb), "");
	assert_int_equal(t->info[65].back, 0);
	assert_string_equal(t->info[66].name, "back.background");
	assert_int_equal(t->info[66].back, 1);
	/* Every field it prints, once, as it meets them: when:, colour:,
	 * then the text. */
	i = info_of(t, "index");
	assert_non_null(i);
	assert_string_equal(i->type, "text");
	assert_string_equal(fields_of(i, &sb), "card card.colour");
	/* A table's fields row by row. */
	i = info_of(t, "dv");
	assert_string_equal(i->type, "table");
	assert_string_equal(fields_of(i, &sb), "dv.E.fb dv.E.sd dv.M.fb "
	    "dv.M.sd dv.B.fb dv.B.sd dv.I.fb dv.I.sd dv.S.fb dv.S.sd dv.P.fb "
	    "dv.P.sd");
	i = info_of(t, "arc.M");
	assert_string_equal(i->type, "widget");
	assert_string_equal(i->widget, "sector");
	assert_string_equal(fields_of(i, &sb), "w.M.arc");
	i = info_of(t, "terrain.rule");
	assert_string_equal(i->type, "line");
	i = info_of(t, "back.unit");
	assert_int_equal(i->back, 1);
	assert_string_equal(fields_of(i, &sb), "card name");
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);
	template_free(t);
	sb_release(&sb);
}

static void
test_unknown_template(void **state)
{
	struct capture c;
	struct sbuf want = SBUF_INIT;
	const char *const *d;

	(void)state;
	/* $MUSTER_TEMPLATES is searched first. */
	d = template_dirs();
	assert_non_null(d[0]);
	assert_string_equal(d[0], templates);
	cap_start(&c, 0);
	assert_null(template_load("no-such-card", NULL));
	/* The message lists every folder searched, in order. */
	sb_adds(&want, "muster: error: template 'no-such-card' is not in ");
	for (d = template_dirs(); *d; d++)
		sb_addf(&want, "%s%s", d == template_dirs() ? "" : ", ", *d);
	sb_adds(&want, "; 'muster templates' lists them [template.invalid]\n");
	assert_string_equal(cap_text(&c), want.buf);
	assert_int_equal(diag_exit_status(0), 2);
	cap_end(&c);
	sb_release(&want);
}

/* ---- extends ---- */

static const char base_template[] =
    "template: base\n"
    "description: the base\n"
    "renders: {system: shellshock, kind: card}\n"
    "size: [3.5in, 2in]\n"
    "safe: 0\n"
    "fonts: {body: \"DejaVu Sans Condensed\"}\n"
    "elements:\n"
    "  - {name: title, text: \"{name}\", at: [5mm, 5mm], size: [40mm, 6mm], pt: 10}\n"
    "  - {name: side, text: \"{side}\", at: [5mm, 12mm], size: [40mm, 6mm], pt: 8}\n"
    "  - {box: frame, at: [0, 0], size: [100%, 100%]}\n"
    "back:\n"
    "  - {name: logo, text: LOGO, at: [5mm, 5mm], size: [40mm, 6mm]}\n";

static void
test_extends_overrides_and_removes(void **state)
{
	struct capture c;
	struct record *r = record_new();
	struct sbuf sb = SBUF_INIT;
	struct template *t;
	const struct elem *e;
	const char *dir = *state;
	char *base = path_join(dir, "base.yaml");
	char *child = path_join(dir, "child.yaml");

	write_file(base, base_template);
	sb_addf(&sb,
	    "template: child\n"
	    "extends: %s\n"
	    "fonts: {bold: \"DejaVu Sans Condensed:bold\"}\n"
	    "elements:\n"
	    "  - {name: title, pt: 14, colour: red, font: bold}\n"
	    "  - {name: side, remove: true}\n"
	    "  - {name: extra, new: true, text: \"CV {combat_value}\", "
	    "at: [5mm, 20mm], size: [30mm, 5mm]}\n", base);
	write_file(child, sb.buf);
	cap_start(&c, 0);
	t = template_load(child, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	/* What the child does not say comes from the base. */
	assert_string_equal(t->name, "child");
	assert_string_equal(t->description, "the base");
	assert_string_equal(t->type, "shellshock.card");
	assert_near(t->w, 252, EPS);
	/* Fonts of both, the base's first. */
	assert_int_equal(t->nfonts, 2);
	assert_string_equal(t->fonts[0].key, "body");
	assert_string_equal(t->fonts[1].key, "bold");
	/* title, frame from the base (in its order), extra added; side gone. */
	assert_int_equal(t->nfront, 3);
	assert_string_equal(t->front[0].name, "title");
	assert_string_equal(t->front[1].name, "frame");
	assert_string_equal(t->front[2].name, "extra");
	assert_null(find(t->front, t->nfront, "side", 0));
	/* The override changes only what it names. */
	e = &t->front[0];
	assert_near(e->pt, 14, 0);
	assert_int_equal(e->font, 1);
	assert_near(e->colour.rgb.r, 0xc8 / 255.0, 1e-6);
	assert_near(e->x, 5 * MM, EPS);
	assert_near(e->w, 40 * MM, EPS);
	rec_set(r, "name", "Mason");
	rec_set(r, "combat_value", "120");
	assert_string_equal(expand(&e->text, r, &sb, NULL), "Mason");
	assert_string_equal(expand(&t->front[2].text, r, &sb, NULL), "CV 120");
	/* The base's back is inherited whole. */
	assert_int_equal(t->nback, 1);
	assert_string_equal(t->back[0].name, "logo");
	cap_end(&c);
	template_free(t);

	/* The base itself is unchanged. */
	cap_start(&c, 0);
	t = template_load(base, NULL);
	assert_non_null(t);
	assert_int_equal(t->nfront, 3);
	assert_near(find(t->front, t->nfront, "title", 0)->pt, 10, 0);
	cap_end(&c);
	template_free(t);
	record_free(r);
	sb_release(&sb);
	free(base);
	free(child);
}

static void
test_extends_unknown_element(void **state)
{
	struct capture c;
	struct sbuf sb = SBUF_INIT, want = SBUF_INIT;
	const char *dir = *state;
	char *base = path_join(dir, "base.yaml");
	char *child = path_join(dir, "child.yaml");

	/* A misspelt override would add a stray element over the card: it
	 * is an error, with the nearest name; so are a removal of nothing,
	 * new: true on a name the base has, and an unnamed addition. */
	write_file(base, base_template);
	sb_addf(&sb,
	    "template: child\n"
	    "extends: %s\n"
	    "elements:\n"
	    "  - {name: titel, pt: 14}\n"
	    "  - {box: frme, fill: red}\n"
	    "  - {name: side, remove: true}\n"
	    "  - {name: sidee, remove: true}\n"
	    "  - {name: title, new: true, text: x}\n"
	    "  - {text: x, at: [1mm, 1mm], size: [5mm, 5mm]}\n"
	    "  - {name: badge, new: true, remove: true}\n"
	    "  - {name: nothing, text: x}\n", base);
	write_file(child, sb.buf);
	cap_start(&c, 0);
	assert_null(template_load(child, NULL));
	sb_addf(&want,
	    "%s:4:12: error: 'titel' names no element of '%s', which "
	    "this template extends: override one of its elements ('muster "
	    "templates --elements %s' lists them) or add one with new: true; "
	    "did you mean 'title'? [template.unknown-element]\n"
	    "%s:5:11: error: 'frme' names no element of '%s', which "
	    "this template extends: override one of its elements ('muster "
	    "templates --elements %s' lists them) or add one with new: true; "
	    "did you mean 'frame'? [template.unknown-element]\n"
	    "%s:7:12: error: 'sidee' to remove names no element of '%s', "
	    "which this template extends, nor any 'sidee.*' "
	    "[template.unknown-element]\n"
	    "%s:8:12: error: 'title' is an element of '%s' already, which this "
	    "template extends: leave out new: true to override it, or give "
	    "the new element a name of its own [template.unknown-element]\n"
	    "%s:9:5: error: an element with no name overrides nothing of "
	    "'%s', which this template extends: name the element it changes, "
	    "or say new: true to add it [template.unknown-element]\n"
	    "%s:10:5: error: element 'badge' says both new: true and remove: "
	    "true; new: true adds an element, remove: true drops one of the "
	    "base's [template.invalid]\n"
	    "%s:11:12: error: 'nothing' names no element of '%s', which "
	    "this template extends: override one of its elements ('muster "
	    "templates --elements %s' lists them) or add one with new: true "
	    "[template.unknown-element]\n",
	    child, base, base, child, base, base, child, base, child, base,
	    child, base, child, child, base, base);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&sb);
	sb_release(&want);
	free(base);
	free(child);
}

static void
test_extends_remove_parts(void **state)
{
	struct capture c;
	struct template *t;
	const char *dir = *state;
	char *file = path_join(dir, "no-cv.yaml");
	int i;

	/* cv.box, cv.label and the estimate's badge (cv.est.box, cv.est,
	 * cv.est.label) are parts of cv: removing cv removes them too.  A name only parts have (internal.boxes, internal.range)
	 * removes the parts; a removed element comes back only as new. */
	write_file(file,
	    "template: no-cv\n"
	    "extends: shellshock-card\n"
	    "elements:\n"
	    "  - {name: cv, remove: true}\n"
	    "  - {name: internal, remove: true}\n"
	    "  - {name: dead.label, remove: true}\n"
	    "  - {name: weapon, remove: true}\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	for (i = 0; i < t->nfront; i++) {
		assert_false(strcmp(t->front[i].name, "cv") == 0);
		assert_false(strncmp(t->front[i].name, "cv.", 3) == 0);
		assert_false(strncmp(t->front[i].name, "internal.", 9) == 0);
		assert_false(strcmp(t->front[i].name, "dead.label") == 0);
	}
	/* The others stay: dead and dead.box are not parts of dead.label,
	 * nor is the box weapons a part of the table weapon (its five
	 * cells gone); fourteen elements fewer. */
	assert_non_null(find(t->front, t->nfront, "dead", 0));
	assert_non_null(find(t->front, t->nfront, "dead.box", 0));
	assert_non_null(find(t->front, t->nfront, "weapons", 0));
	assert_null(find(t->front, t->nfront, "weapon.E", 0));
	assert_int_equal(t->nfront, 91 - 9 - 5);
	template_free(t);

	/* Removed, then added back with new: true, it is a new element: on
	 * top, with nothing of the old one's. */
	write_file(file,
	    "template: no-cv\n"
	    "extends: shellshock-card\n"
	    "elements:\n"
	    "  - {name: cv, remove: true}\n");
	write_in(dir, "cv-again.yaml",
	    "template: cv-again\n"
	    "extends: no-cv.yaml\n"
	    "elements:\n"
	    "  - {name: cv, new: true, text: \"CV {combat_value}\"}\n"
	    "  - {name: cv.label, pt: 9}\n");
	free(file);
	file = path_join(dir, "cv-again.yaml");
	assert_null(template_load(file, NULL));
	assert_non_null(strstr(cap_text(&c), "cv-again.yaml:5:12: error: "
	    "'cv.label' names no element of 'no-cv.yaml', which this "
	    "template extends"));
	cap_end(&c);
	write_in(dir, "cv-again.yaml",
	    "template: cv-again\n"
	    "extends: no-cv.yaml\n"
	    "elements:\n"
	    "  - {name: cv, new: true, text: \"CV {combat_value}\", "
	    "at: [10mm, 20mm], size: [20mm, 5mm]}\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_int_equal(t->nfront, 91 - 6 + 1);
	assert_string_equal(t->front[t->nfront - 1].name, "cv");
	/* Its own place, and not the old one's when: */
	assert_near(t->front[t->nfront - 1].x, 10 * MM, EPS);
	assert_int_equal(t->front[t->nfront - 1].when.n, 0);
	cap_end(&c);
	template_free(t);
	free(file);
}

static void
test_new_in_base(void **state)
{
	struct capture c;
	struct template *t;
	const char *dir = *state;
	char *file = path_join(dir, "plain.yaml");

	/* A template that extends none adds every element it names:
	 * new: true says nothing more. */
	write_file(file,
	    "template: plain\n"
	    "renders: shellshock.card\n"
	    "size: [3.5in, 2in]\n"
	    "elements:\n"
	    "  - {name: a, new: true, text: x}\n"
	    "  - {name: b, text: y}\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_int_equal(t->nfront, 2);
	cap_end(&c);
	template_free(t);
	free(file);
}

static void
test_table_condition_braces(void **state)
{
	struct capture c;
	struct template *t;
	const struct elem *e;
	const char *dir = *state;
	char *file = path_join(dir, "tc.yaml");

	/* A table's when: and unless: name a field with or without braces,
	 * as an element's do: "{card}" was wrapped again into a literal,
	 * never empty, and its unless: hid the table on every card. */
	write_file(file,
	    "template: tc\n"
	    "renders: shellshock.card\n"
	    "size: [3.5in, 2in]\n"
	    "elements:\n"
	    "  - {table: a, rows: [E], unless: \"{card}\", when: side, "
	    "columns: [{text: x, width: 5mm}]}\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	e = find(t->front, t->nfront, "a.E", 0);
	assert_non_null(e);
	assert_int_equal(e->unless.n, 1);
	assert_string_equal(e->unless.seg[0].field, "card");
	assert_int_equal(e->when.n, 1);
	assert_string_equal(e->when.seg[0].field, "side");
	cap_end(&c);
	template_free(t);
	free(file);
}

static void
test_extends_size_scales(void **state)
{
	struct capture c;
	struct template *t;
	const struct elem *e;
	const char *dir = *state;
	char *file;

	/*
	 * A base laid out for 100 x 50 mm with a safe margin of 5 mm,
	 * extended to 190 x 70 mm: inside the margins 90 x 40 mm become
	 * 180 x 60, so what lies there grows 2 times across and 1.5 times
	 * down, the margins keep their 5 mm, and type, pens and radii grow
	 * by the smaller, 1.5.
	 */
	write_in(dir, "base.yaml",
	    "template: base\n"
	    "renders: shellshock.card\n"
	    "size: [100mm, 50mm]\n"
	    "sizes: {a4: [98mm, 52mm]}\n"
	    "safe: 5mm\n"
	    "elements:\n"
	    "  - {box: inner, at: [5mm, 5mm], size: [90mm, 40mm], radius: 2mm}\n"
	    "  - {name: t, text: \"{name}\", at: [10mm, 10mm], "
	    "size: [20mm, 5mm], pt: 10, min_pt: 6}\n"
	    "  - {name: u, text: \"{side}\", at: [10mm, 30mm], "
	    "size: [20mm, 5mm]}\n"
	    "  - {box: full, at: [0, 0], size: [100%, 100%], fill: white}\n"
	    "  - {table: tb, at: [10mm, 20mm], rows: [E, M], row_height: 5mm, "
	    "columns: [{text: a, width: 10mm}, {text: b, width: 20mm}]}\n"
	    "  - {line: l, at: [5mm, 45mm], to: [95mm, 45mm]}\n");
	write_in(dir, "big.yaml",
	    "template: big\n"
	    "extends: base.yaml\n"
	    "size: [190mm, 70mm]\n"
	    "elements:\n"
	    "  - {name: u, at: [20mm, 40mm]}\n");
	file = path_join(dir, "big.yaml");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_near(t->w, 190 * MM, EPS);
	assert_near(t->h, 70 * MM, EPS);
	/* The base's A4 size was for its own card: not inherited. */
	assert_near(t->a4_w, 0, 0);
	/* The interior stays the interior: 5 + 180, 5 + 60. */
	e = find(t->front, t->nfront, "inner", 0);
	assert_near(e->x, 5 * MM, EPS);
	assert_near(e->w, 180 * MM, EPS);
	assert_near(e->y, 5 * MM, EPS);
	assert_near(e->h, 60 * MM, EPS);
	assert_near(e->radius, 3 * MM, EPS);
	/* The default pen, 0.5 pt in the base, grows with the rest. */
	assert_near(e->lw, 0.75, EPS);
	/* x 5 + (10 - 5) x 2 = 15, far end 5 + 25 x 2 = 55; y 5 + 5 x 1.5
	 * = 12.5, far end 5 + 10 x 1.5 = 20; 10 pt and 6 pt x 1.5. */
	e = find(t->front, t->nfront, "t", 0);
	assert_near(e->x, 15 * MM, EPS);
	assert_near(e->w, 40 * MM, EPS);
	assert_near(e->y, 12.5 * MM, EPS);
	assert_near(e->h, 7.5 * MM, EPS);
	assert_near(e->pt, 15, EPS);
	assert_near(e->min_pt, 9, EPS);
	/* Moved by the extension, in its own card's terms; its size is the
	 * base's, grown: 20 x 2, 5 x 1.5.  The default 7 pt grows too. */
	e = find(t->front, t->nfront, "u", 0);
	assert_near(e->x, 20 * MM, EPS);
	assert_near(e->y, 40 * MM, EPS);
	assert_near(e->w, 40 * MM, EPS);
	assert_near(e->h, 7.5 * MM, EPS);
	assert_near(e->pt, 10.5, EPS);
	/* 100% is the whole card still. */
	e = find(t->front, t->nfront, "full", 0);
	assert_near(e->x, 0, EPS);
	assert_near(e->w, 190 * MM, EPS);
	assert_near(e->h, 70 * MM, EPS);
	/* Rows at 20 and 25 mm: 5 + 15 x 1.5 = 27.5 and 35, 7.5 high;
	 * columns from 10 mm: 15 to 35, 35 to 75. */
	e = find(t->front, t->nfront, "tb.E", 0);
	assert_near(e->y, 27.5 * MM, EPS);
	assert_near(e->h, 7.5 * MM, EPS);
	assert_near(e->x, 15 * MM, EPS);
	assert_near(e->w, 20 * MM, EPS);
	e = find(t->front, t->nfront, "tb.E", 1);
	assert_near(e->x, 35 * MM, EPS);
	assert_near(e->w, 40 * MM, EPS);
	e = find(t->front, t->nfront, "tb.M", 1);
	assert_near(e->y, 35 * MM, EPS);
	assert_near(e->x, 35 * MM, EPS);
	/* A line's ends are points: 45 mm down is 5 + 40 x 1.5 = 65. */
	e = find(t->front, t->nfront, "l", 0);
	assert_near(e->x, 5 * MM, EPS);
	assert_near(e->x2, 185 * MM, EPS);
	assert_near(e->y, 65 * MM, EPS);
	assert_near(e->y2, 65 * MM, EPS);
	template_free(t);

	/* The same size, or none given: nothing moves, A4 is inherited. */
	write_in(dir, "same.yaml",
	    "template: same\n"
	    "extends: base.yaml\n"
	    "sizes: {a4: [98mm, 52mm]}\n");
	free(file);
	file = path_join(dir, "same.yaml");
	t = template_load(file, NULL);
	assert_non_null(t);
	assert_near(t->a4_w, 98 * MM, EPS);
	e = find(t->front, t->nfront, "t", 0);
	assert_near(e->x, 10 * MM, EPS);
	assert_near(e->w, 20 * MM, EPS);
	assert_near(e->pt, 10, 0);
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);
	template_free(t);
	free(file);
}

static void
test_extends_builtin_by_name(void **state)
{
	struct capture c;
	struct template *t;
	const char *dir = *state;
	char *file = path_join(dir, "big-name.yaml");

	/* SPEC section 4: restyle one part without copying the rest. */
	write_file(file,
	    "template: big-name\n"
	    "extends: shellshock-card\n"
	    "elements:\n"
	    "  - {name: name, pt: 12, min_pt: 7}\n"
	    "  - {name: era, remove: true}\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_string_equal(t->type, "shellshock.card");
	assert_int_equal(t->nfront, 91 - 1);
	assert_null(find(t->front, t->nfront, "era", 0));
	assert_near(find(t->front, t->nfront, "name", 0)->pt, 12, 0);
	assert_near(find(t->front, t->nfront, "name", 0)->min_pt, 7, 0);
	assert_int_equal(find(t->front, t->nfront, "name", 0)->font, 1);
	assert_int_equal(t->nback, 5);
	cap_end(&c);
	template_free(t);
	free(file);
}

static void
test_extends_relative_to_template(void **state)
{
	struct capture c;
	struct template *t;
	const char *dir = *state;
	char *child;

	/* "A relative path is relative to the extending template", also
	 * when it names a file in the same folder (no slash), whatever the
	 * current folder is. */
	mkdir_in(dir, "styles");
	write_in(dir, "styles/base.yaml", base_template);
	write_in(dir, "styles/child.yaml",
	    "template: child\nextends: base.yaml\n");
	write_in(dir, "styles/child2.yaml",
	    "template: child2\nextends: ./base.yaml\n");
	cap_start(&c, 0);
	child = path_join(dir, "styles/child2.yaml");
	t = template_load(child, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_int_equal(t->nfront, 3);
	template_free(t);
	free(child);
	child = path_join(dir, "styles/child.yaml");
	t = template_load(child, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_int_equal(t->nfront, 3);
	template_free(t);
	cap_end(&c);
	free(child);
}

static void
test_duplicate_element_name(void **state)
{
	struct capture c;
	struct sbuf sb = SBUF_INIT, want = SBUF_INIT;
	const char *dir = *state;
	char *base = path_join(dir, "dup.yaml");
	char *child = path_join(dir, "child.yaml");

	/* Two elements of one file with the same name: which would an
	 * extending template override? */
	write_file(base,
	    "template: dup\n"
	    "renders: {system: shellshock, kind: card}\n"
	    "size: [3.5in, 2in]\n"
	    "elements:\n"
	    "  - {name: title, text: a}\n"
	    "  - {box: frame}\n"
	    "  - {name: title, text: b}\n");
	cap_start(&c, 0);
	assert_null(template_load(base, NULL));
	sb_addf(&want, "%s:7:5: error: a second element named 'title' (the "
	    "first is at line 5); give each its own name [template.invalid]\n",
	    base);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);

	/* In an extending file too, though each overrides the base once. */
	write_file(base, base_template);
	sb_addf(&sb,
	    "template: child\n"
	    "extends: %s\n"
	    "elements:\n"
	    "  - {name: side, pt: 9}\n"
	    "  - {name: side, pt: 7}\n", base);
	write_file(child, sb.buf);
	cap_start(&c, 0);
	assert_null(template_load(child, NULL));
	sb_reset(&want);
	sb_addf(&want, "%s:5:5: error: a second element named 'side' (the "
	    "first is at line 4); give each its own name [template.invalid]\n",
	    child);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&sb);
	sb_release(&want);
	free(base);
	free(child);
}

static void
test_extends_cycle(void **state)
{
	struct capture c;
	struct sbuf sb = SBUF_INIT, want = SBUF_INIT;
	const char *dir = *state;
	char *a = path_join(dir, "a.yaml");
	char *b = path_join(dir, "b.yaml");

	sb_addf(&sb, "template: a\nextends: %s\n", b);
	write_file(a, sb.buf);
	sb_reset(&sb);
	sb_addf(&sb, "template: b\nextends: %s\n", a);
	write_file(b, sb.buf);
	cap_start(&c, 0);
	assert_null(template_load(a, NULL));
	/* Said where the loop closes: b's extends, at line 2, column 10. */
	sb_addf(&want, "%s:2:10: error: template '%s' extends itself "
	    "[template.invalid]\n", b, a);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);

	/* A template that extends itself. */
	sb_reset(&sb);
	sb_addf(&sb, "template: a\nextends: %s\n", a);
	write_file(a, sb.buf);
	cap_start(&c, 0);
	assert_null(template_load(a, NULL));
	sb_reset(&want);
	sb_addf(&want, "%s:2:10: error: template '%s' extends itself "
	    "[template.invalid]\n", a, a);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&sb);
	sb_release(&want);
	free(a);
	free(b);
}

static void
test_extends_cycle_relative(void **state)
{
	struct capture c;
	const char *dir = *state;
	char *a = path_join(dir, "a.yaml");

	/* The same loop written as relative paths ("./b.yaml" names the
	 * file b.yaml however it is spelt) is the same error. */
	write_in(dir, "a.yaml", "template: a\nextends: ./b.yaml\n");
	write_in(dir, "b.yaml", "template: b\nextends: ./a.yaml\n");
	cap_start(&c, 0);
	assert_null(template_load(a, NULL));
	assert_int_equal(diag_count(L_ERROR), 1);
	assert_non_null(strstr(cap_text(&c), "extends itself [template.invalid]"));
	cap_end(&c);
	free(a);
}

static void
test_template_errors(void **state)
{
	struct capture c;
	struct sbuf want = SBUF_INIT;
	const char *dir = *state;
	char *file = path_join(dir, "bad.yaml");

	write_file(file,
	    "template: bad\n"
	    "renders: {system: shellshock, kind: card}\n"
	    "size: [3.5in, 2]\n"
	    "elements:\n"
	    "  - {name: a, text: x, colour: \"#12345\"}\n"
	    "  - {name: b, box: b, text: y}\n"
	    "  - {name: c, widget: dial}\n"
	    "  - {name: d, text: z, align: middle}\n"
	    "  - {name: e, text: z, font: fancy}\n"
	    "  - {name: f, box: f, font: body}\n"
	    "  - {name: g, widget: track, value: \"3\", direction: down}\n"
	    "  - {name: h, widget: nato, value: infantry+tank}\n"
	    "  - {name: i, widget: sector, value: \"0,400\"}\n");
	cap_start(&c, 0);
	assert_null(template_load(file, NULL));
	/* Each element takes the keys of its type; a widget's fixed value
	 * is checked when the template is loaded, not when it is drawn. */
	sb_addf(&want,
	    "%s:3:15: error: length '2' must be a number with mm, cm, in, pt or "
	    "%%, such as 2.5mm [template.invalid]\n"
	    "%s:5:32: error: colour '#12345' must be #rrggbb (such as #1f4e9a), "
	    "none, a {field} or one of black, white, red, green, blue, grey "
	    "[template.invalid]\n"
	    "%s:6:29: error: element 'b' is both a box and a text; give one of "
	    "box, text, line, table, widget, image [template.invalid]\n"
	    "%s:7:23: error: widget 'dial' is not one of sector, cells, track, "
	    "nato, hex [template.invalid]\n"
	    "%s:8:31: error: align 'middle' must be left, center or right "
	    "[template.invalid]\n"
	    "%s:9:30: error: font 'fancy' is not in the template's fonts (body) "
	    "[template.invalid]\n"
	    "%s:10:23: error: element 'f' is a box: it takes no 'font' (it "
	    "takes fill, stroke, stroke_width, radius, dash, bleed) "
	    "[template.invalid]\n"
	    "%s:11:42: error: element 'g' is a track widget: it takes no "
	    "'direction' (it takes value, fill, stroke, stroke_width) "
	    "[template.invalid]\n"
	    "%s:12:36: error: nato widget value 'infantry+tank': give parts "
	    "joined by '+' from infantry, cavalry, artillery, armour, engineer, "
	    "machine-gun, hq, light, mounted, motorized, such as "
	    "infantry+motorized [template.invalid]\n"
	    "%s:13:38: error: sector widget value '0,400': give the center and "
	    "width in degrees, such as 0,60 (center -360 to 360, width 0 to "
	    "360) [template.invalid]\n",
	    file, file, file, file, file, file, file, file, file, file);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&want);
	free(file);
}

static void
test_counter_keys(void **state)
{
	struct capture c;
	struct template *t;
	const char *dir = *state;
	char *file = path_join(dir, "counter.yaml");
	struct sbuf want = SBUF_INIT;

	/* A counter: --counter-size decides its size, it is cut along
	 * lines, and an element can keep off the smallest counters. */
	write_file(file,
	    "template: counter\n"
	    "renders: test.counter\n"
	    "size: [1in, 1in]\n"
	    "sizing: counter\n"
	    "cut: lines\n"
	    "elements:\n"
	    "  - {name: a, text: x, min_card: 0.7in}\n"
	    "  - {name: h, widget: hex, value: \"1,2,3,4,5,6\"}\n"
	    "  - {name: c, widget: hex, value: \"1,2,3,4,5,6,P\"}\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_int_equal(t->counter, 1);
	assert_int_equal(t->cut, CUT_LINES);
	assert_near(t->front[0].min_card, 0.7 * 72, EPS);
	assert_near(t->front[1].min_card, 0, EPS);
	template_free(t);
	cap_end(&c);
	/* The defaults: a fixed size cut at crop marks. */
	write_file(file, "template: plain\nrenders: test.card\n"
	    "size: [1in, 1in]\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_non_null(t);
	assert_int_equal(t->counter, 0);
	assert_int_equal(t->cut, CUT_CROP);
	template_free(t);
	cap_end(&c);
	/* Wrong words, and a hex of five values. */
	write_file(file, "template: bad\nrenders: test.card\n"
	    "size: [1in, 1in]\nsizing: square\ncut: scissors\n"
	    "elements:\n  - {name: h, widget: hex, value: \"1,2,3,4,5\"}\n");
	cap_start(&c, 0);
	assert_null(template_load(file, NULL));
	sb_addf(&want,
	    "%s:4:9: error: 'sizing' is 'square'; allowed: fixed, counter "
	    "[yaml.enum]\n"
	    "%s:5:6: error: 'cut' is 'scissors'; allowed: crop, lines, none "
	    "[yaml.enum]\n", file, file);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	write_file(file, "template: bad\nrenders: test.card\n"
	    "size: [1in, 1in]\n"
	    "elements:\n  - {name: h, widget: hex, value: \"1,2,3,4,5\"}\n");
	cap_start(&c, 0);
	assert_null(template_load(file, NULL));
	assert_non_null(strstr(cap_text(&c), "hex widget value '1,2,3,4,5': "
	    "give six values joined by commas"));
	cap_end(&c);
	sb_release(&want);
	free(file);
}

static void
test_decimal_bounds(void **state)
{
	struct capture c;
	struct template *t;
	const char *dir = *state;
	char *file = path_join(dir, "leading.yaml");
	struct sbuf want = SBUF_INIT;

	/* 'leading' runs from 0.5 to 3: a bound with a fraction holds as
	 * given (it was once cut to a whole 0). */
	write_file(file, "template: l\nrenders: test.card\nsize: [1in, 1in]\n"
	    "elements:\n  - {name: a, text: x, leading: 0.5}\n"
	    "  - {name: b, text: x, leading: 3}\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_near(t->front[0].leading, 0.5, EPS);
	template_free(t);
	cap_end(&c);
	write_file(file, "template: l\nrenders: test.card\nsize: [1in, 1in]\n"
	    "elements:\n  - {name: a, text: x, leading: 0.49}\n"
	    "  - {name: b, text: x, leading: 3.01}\n");
	cap_start(&c, 0);
	assert_null(template_load(file, NULL));
	sb_addf(&want,
	    "%s:5:33: error: 'elements[0].leading' is 0.49, outside 0.5 to 3 "
	    "[yaml.range]\n"
	    "%s:6:33: error: 'elements[1].leading' is 3.01, outside 0.5 to 3 "
	    "[yaml.range]\n", file, file);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&want);
	free(file);
}

/* "center" is the spelling; "centre", which templates once used, still
 * loads the same, across and down. */
static void
test_align_center_alias(void **state)
{
	struct capture c;
	struct template *t;
	const char *dir = *state;
	char *file = path_join(dir, "align.yaml");

	write_file(file, "template: a\nrenders: test.card\nsize: [1in, 1in]\n"
	    "elements:\n"
	    "  - {name: a, text: x, align: center, valign: center}\n"
	    "  - {name: b, text: x, align: centre, valign: centre}\n"
	    "  - {name: c, text: x, align: left, valign: middle}\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	assert_int_equal(t->front[0].halign, ALIGN_CENTER);
	assert_int_equal(t->front[0].valign, ALIGN_CENTER);
	assert_int_equal(t->front[1].halign, ALIGN_CENTER);
	assert_int_equal(t->front[1].valign, ALIGN_CENTER);
	assert_int_equal(t->front[2].halign, ALIGN_START);
	assert_int_equal(t->front[2].valign, ALIGN_CENTER);
	template_free(t);
	cap_end(&c);
	free(file);
}

/* ---- legibility of the shipped templates ---- */

/* Grey: neither black nor white nor a colour. */
static int
grey(struct rgb c)
{
	float hi = c.r > c.g ? c.r : c.g, lo = c.r < c.g ? c.r : c.g;

	hi = hi > c.b ? hi : c.b;
	lo = lo < c.b ? lo : c.b;
	return hi - lo < 0.06f && hi > 0.25f && hi < 0.85f;
}

/* Reversed: light text, which only shows on a dark ground. */
static int
reversed(struct rgb c)
{
	return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b >= 0.5;
}

/* Whether text in colour c, any value a {field} colour may take, is
 * grey or reversed. */
static int
faint(const struct template *t, const struct colour *c)
{
	int i;

	if (c->none)
		return 0;
	if (c->field.n == 0)
		return grey(c->rgb) || reversed(c->rgb);
	for (i = 0; i < t->npalette; i++)
		if (grey(t->palette[i].rgb) || reversed(t->palette[i].rgb))
			return 1;
	return 0;
}

/*
 * The smallest scale e's type prints at: 1 on the card a template is
 * drawn at, its area's on A4 (layout.c); a counter at the default 5/8 in
 * or at the smallest size its min_card lets it print at.
 */
static double
least_scale(const struct template *t, const struct elem *e)
{
	double s = 1;

	if (t->counter) {
		s = 0.625 * 72 / t->w;
		if (e->min_card > 0.625 * 72)
			s = e->min_card / t->w;
	} else if (t->a4_w > 0 && sqrt(t->a4_w / t->w * t->a4_h / t->h) < s) {
		s = sqrt(t->a4_w / t->w * t->a4_h / t->h);
	}
	return s;
}

static void
check_faces(const struct template *t, const struct elem *v, int n,
    struct sbuf *bad)
{
	int i;

	for (i = 0; i < n; i++) {
		const struct elem *e = &v[i];
		double s = least_scale(t, e);

		if (e->type != EL_TEXT && !(e->type == EL_WIDGET &&
		    (e->widget == widget_find("cells") ||
		    e->widget == widget_find("hex"))))
			continue;
		if (!faint(t, &e->colour))
			continue;
		/* Below its size it never shrinks under 6 pt (layout.c). */
		if (e->pt * s < 5.995)
			sb_addf(bad, "%s '%s' %.2f pt\n", t->name, e->name,
			    e->pt * s);
	}
}

/*
 * No grey text and no light text reversed out of a dark ground comes
 * out under 6 pt, in any shipped template, at any size it prints at.
 */
static void
test_shipped_legible(void **state)
{
	struct sbuf bad = SBUF_INIT;
	struct capture c;
	struct dirent *de;
	DIR *dir;
	int n = 0;

	(void)state;
	dir = opendir(templates);
	assert_non_null(dir);
	cap_start(&c, 0);
	while ((de = readdir(dir)) != NULL) {
		char *file;
		struct template *t;
		size_t len = strlen(de->d_name);

		if (len < 6 || strcmp(de->d_name + len - 5, ".yaml") != 0)
			continue;
		file = path_join(templates, de->d_name);
		t = template_load(file, NULL);
		assert_non_null(t);
		check_faces(t, t->front, t->nfront, &bad);
		check_faces(t, t->back, t->nback, &bad);
		template_free(t);
		free(file);
		n++;
	}
	closedir(dir);
	cap_end(&c);
	assert_true(n >= 14);
	assert_string_equal(sb_str(&bad), "");
	sb_release(&bad);
}


/* An image element: a path fixed or from fields, contain unless cover,
 * where it was written kept; only its own keys. */
static void
test_image_element(void **state)
{
	struct capture c;
	struct sbuf want = SBUF_INIT;
	const char *dir = *state;
	char *file = path_join(dir, "img.yaml");
	struct template *t;
	const struct elem *e;

	write_file(file,
	    "template: img\n"
	    "renders: {system: shellshock, kind: card}\n"
	    "size: [3.5in, 2in]\n"
	    "elements:\n"
	    "  - {name: a, image: \"{name}.png\", at: [1mm, 2mm], size: [1in, 1in]}\n"
	    "  - {name: b, image: logos/un.png, fit: cover}\n");
	cap_start(&c, 0);
	t = template_load(file, NULL);
	assert_string_equal(cap_text(&c), "");
	assert_non_null(t);
	e = find(t->front, t->nfront, "a", 0);
	assert_int_equal(e->type, EL_IMAGE);
	assert_int_equal(e->fit, FIT_CONTAIN);
	assert_int_equal(e->text.n, 2);
	assert_string_equal(e->text.seg[0].field, "name");
	assert_int_equal(e->src_line, 5);
	assert_int_equal(e->src_col, 22);
	assert_string_equal(e->src, file);
	e = find(t->front, t->nfront, "b", 0);
	assert_int_equal(e->fit, FIT_COVER);
	assert_null(e->text.seg[0].field);
	assert_string_equal(e->text.seg[0].lit, "logos/un.png");
	/* Its fields are the template's. */
	assert_string_equal(t->fields[0], "name");
	assert_null(t->fields[1]);
	template_free(t);
	cap_end(&c);

	write_file(file,
	    "template: img\n"
	    "renders: {system: shellshock, kind: card}\n"
	    "size: [3.5in, 2in]\n"
	    "elements:\n"
	    "  - {name: b, image: a.png, fit: fill}\n");
	cap_start(&c, 0);
	assert_null(template_load(file, NULL));
	sb_addf(&want, "%s:5:34: error: 'elements[0].fit' is 'fill'; allowed: "
	    "contain, cover [yaml.enum]\n", file);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_reset(&want);
	write_file(file,
	    "template: img\n"
	    "renders: {system: shellshock, kind: card}\n"
	    "size: [3.5in, 2in]\n"
	    "elements:\n"
	    "  - {name: a, image: \"\"}\n"
	    "  - {name: c, image: a.png, fill: red}\n"
	    "  - {name: d, image: \"{art\"}\n"
	    "  - {name: e, image: a.png, text: x}\n");
	cap_start(&c, 0);
	assert_null(template_load(file, NULL));
	sb_addf(&want,
	    "%s:5:22: error: image must name a PNG or JPEG file, as a path or "
	    "a {field} that holds one [template.invalid]\n"
	    "%s:6:29: error: element 'c' is an image: it takes no 'fill' (it "
	    "takes fit) [template.invalid]\n"
	    "%s:7:22: error: image '{art' has an unclosed { (write {{ for a "
	    "brace) [template.invalid]\n"
	    "%s:8:22: error: element 'e' is both a text and an image; give one "
	    "of box, text, line, table, widget, image [template.invalid]\n",
	    file, file, file, file);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&want);
	free(file);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_length_units),
		cmocka_unit_test(test_parse_length_rejects),
		cmocka_unit_test(test_parse_rgb),
		scratch_test(test_fmt_expand),
		scratch_test(test_fmt_unclosed_brace),
		cmocka_unit_test(test_builtin_shellshock_card),
		cmocka_unit_test(test_element_info),
		cmocka_unit_test(test_unknown_template),
		scratch_test(test_extends_overrides_and_removes),
		scratch_test(test_extends_unknown_element),
		scratch_test(test_extends_remove_parts),
		scratch_test(test_new_in_base),
		scratch_test(test_table_condition_braces),
		scratch_test(test_extends_size_scales),
		scratch_test(test_extends_builtin_by_name),
		scratch_test(test_extends_relative_to_template),
		scratch_test(test_duplicate_element_name),
		scratch_test(test_extends_cycle),
		scratch_test(test_extends_cycle_relative),
		scratch_test(test_template_errors),
		scratch_test(test_image_element),
		scratch_test(test_counter_keys),
		scratch_test(test_decimal_bounds),
		scratch_test(test_align_center_alias),
		cmocka_unit_test(test_shipped_legible),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
