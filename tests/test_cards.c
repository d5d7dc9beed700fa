/*
 * test_cards.c -- system: cards (systems/cards_deck.c): the example deck
 * emitted card by card, each field with the place its value was
 * written, the template the deck names, copies; cards given in the deck;
 * and the files a render reads (deps.h): the deck, its data, its
 * template and every picture, for render --watch.
 */
#include "testutil.h"

#include "catalog.h"
#include "deps.h"
#include "layout/layout.h"
#include "layout/template.h"
#include "pdf/pdf.h"
#include "record.h"

struct seen {
	int cards, copies;
	int phoenix_line, phoenix_col;
	char phoenix_text[128];
	char first_place[256];
	char tmpl[256];
	struct layout *layout;
	const struct template *t;
};

static void
on_card(struct emitter *e, int copies)
{
	struct seen *s = e->ctx;
	const char *file, *name = rec_get(e->rec, "name");
	int line, col;

	s->cards++;
	s->copies += copies;
	if (s->cards == 1 && rec_get(e->rec, "type")) {
		file = rec_place(e->rec, "type", &line, &col);
		assert_non_null(file);
		snprintf(s->first_place, sizeof(s->first_place), "%s:%d:%d %s",
		    strstr(file, "decks/"), line, col, rec_get(e->rec, "type"));
		snprintf(s->tmpl, sizeof(s->tmpl), "%s", rec_template(e->rec,
		    &file));
		assert_non_null(strstr(file, "decks/ember-tide.yaml"));
	}
	if (strcmp(name, "Phoenix") == 0) {
		/* The row after a row: line 7; the text in quotes holds a
		 * line break. */
		assert_string_equal(rec_label_text(e->rec), "Phoenix");
		s->phoenix_line = rec_line(e->rec);
		s->phoenix_col = rec_col(e->rec);
		snprintf(s->phoenix_text, sizeof(s->phoenix_text), "%s",
		    rec_get(e->rec, "text"));
	}
	if (s->layout)
		assert_int_equal(layout_card(s->layout, "card", s->t, e->rec), 0);
}

/* The example, read as render reads it, each card handed to fn. */
static void
read_example(struct seen *s)
{
	struct emitter e;
	struct batch *b = batch_new();
	struct arena *a = arena_new();
	struct reader *rd;
	struct node *root;
	struct loaded ld;
	char *path = repo_path("decks/ember-tide.yaml");

	catalog_attach(b);

	rd = reader_open(path);
	assert_non_null(rd);
	root = reader_next(rd, a);
	system_load(root, a, b, &ld);
	assert_int_equal(ld.errors, 0);
	assert_string_equal(ld.game->name, "cards");
	e.rec = record_new();
	e.card = on_card;
	e.ctx = s;
	ld.kind->products[0].emit(ld.obj, &e);
	record_free(e.rec);
	reader_close(rd);
	arena_free(a);
	batch_free(b);
	free(path);
}

static void
test_example_deck(void **state)
{
	struct capture c;
	struct seen s;

	(void)state;
	memset(&s, 0, sizeof(s));
	cap_start(&c, 0);
	read_example(&s);
	assert_string_equal(cap_text(&c), "");
	/* 24 rows, 40 cards with their copies (10 of each element). */
	assert_int_equal(s.cards, 24);
	assert_int_equal(s.copies, 40);
	/* Kindle's type: row 2, after name (7 characters and a comma). */
	assert_string_equal(s.first_place,
	    "decks/ember-tide/cards.csv:2:8 flame");
	assert_string_equal(s.tmpl, "ember-tide/card.yaml");
	assert_int_equal(s.phoenix_line, 7);
	assert_int_equal(s.phoenix_col, 1);
	assert_string_equal(s.phoenix_text,
	    "When it is burned,\nreturn it to your hand.");
	catalog_release();
	cap_end(&c);
	system_cleanup();
}

static void
test_cards_in_the_deck(void **state)
{
	static const char deck[] =
	    "system: cards\n"
	    "kind: deck\n"
	    "copies: 2\n"
	    "cards:\n"
	    "  - {name: Bolt, text: Zap., copies: 3}\n"
	    "  - {name: Gone, text: x, copies: 0}\n"
	    "  - name: Wall\n"
	    "    text: \"\"\n";
	struct arena *a = arena_new();
	struct batch *b = batch_new();
	struct record *r = record_new();
	struct capture c;
	struct loaded ld;
	struct emitter e;
	struct seen s;
	const char *file;
	int line, col;

	(void)state;
	memset(&s, 0, sizeof(s));
	cap_start(&c, 0);
	catalog_attach(b);
	load_yaml("my/deck.yaml", deck, a, b, &ld);
	assert_string_equal(cap_text(&c), "");
	e.rec = r;
	e.card = on_card;
	e.ctx = &s;
	ld.kind->products[0].emit(ld.obj, &e);
	/* Bolt 3 x 2, Wall 1 x 2; Gone, 0 copies, is never handed on. */
	assert_int_equal(s.cards, 2);
	assert_int_equal(s.copies, 8);
	/* The last card: its fields at their values, no template named
	 * (the product's own, cards-poker, prints it). */
	assert_string_equal(rec_get(r, "text"), "");
	file = rec_place(r, "text", &line, &col);
	assert_string_equal(file, "my/deck.yaml");
	assert_int_equal(line, 8);
	assert_int_equal(col, 11);
	assert_null(rec_template(r, NULL));
	assert_string_equal(rec_label_text(r), "Wall");
	assert_int_equal(rec_line(r), 7);
	catalog_release();
	cap_end(&c);
	record_free(r);
	batch_free(b);
	arena_free(a);
	system_cleanup();
}

static int
ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n >= m && strcmp(s + n - m, tail) == 0;
}

/* Every file a render of the example reads is noted for --watch: its
 * data, its template, every picture it prints. */
static void
test_render_notes_its_files(void **state)
{
	static const char *const want[] = {
		"decks/ember-tide.yaml", "ember-tide/cards.csv",
		"ember-tide/card.yaml", "icons/flame.png", "icons/tide.png",
		"icons/stone.png", "icons/leaf.png", "icons/crest.png", NULL
	};
	struct layout_opts o;
	struct capture c;
	struct seen s;
	struct pdf *pdf = pdf_new();
	const char *const *v;
	size_t n, i;
	int k;

	(void)state;
	memset(&s, 0, sizeof(s));
	memset(&o, 0, sizeof(o));
	o.paper_w = 595.276;
	o.paper_h = 841.89;
	o.a4 = 1;
	o.crop = 1;
	o.backs = BACKS_LONG;
	s.layout = layout_new(pdf, &o);
	cap_start(&c, 0);
	deps_record(1);
	{
		/* The deck's own template, as render finds it. */
		char *deck = repo_path("decks/ember-tide.yaml");

		s.t = catalog_template("ember-tide/card.yaml", deck, NULL,
		    "test", "cards.card");
		assert_non_null(s.t);
		free(deck);
	}
	read_example(&s);
	layout_finish(s.layout);
	assert_string_equal(cap_text(&c), "");
	assert_int_equal(layout_cards(s.layout), 24);
	v = deps_list(&n);
	for (k = 0; want[k]; k++) {
		for (i = 0; i < n; i++)
			if (ends_with(v[i], want[k]))
				break;
		if (i == n)
			fail_msg("render did not note %s", want[k]);
	}
	deps_record(0);
	catalog_release();
	cap_end(&c);
	layout_free(s.layout);
	pdf_free(pdf);
	system_cleanup();
	pdf_cleanup();
}

/* The built-in templates of the tree. */
static int
setup(void **state)
{
	char *templates = repo_path("templates");

	(void)state;
	setenv("MUSTER_TEMPLATES", templates, 1);
	free(templates);
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_deck),
		cmocka_unit_test(test_cards_in_the_deck),
		cmocka_unit_test(test_render_notes_its_files),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
