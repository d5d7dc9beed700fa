/*
 * test_system.c -- the games table and the interface a game implements
 * (system.h): every kind and product well formed, every product filling
 * exactly the fields its record type declares and its template renders
 * that type, field patterns, product and record type lookups, and
 * references between documents (loaded once, relative, circles and
 * depth refused).
 */
#include "testutil.h"

#include <ctype.h>

#include "catalog.h"
#include "input.h"
#include "layout/template.h"
#include "options.h"
#include "record.h"

/* SPEC 2: product names are short words shared across games. */
static const char *const product_words[] = {
	"card", "sheet", "counter", "roster", "reference", NULL
};

/* Whether text has word, not inside a longer word. */
static int
has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = text; (p = strstr(p, word)) != NULL; p++)
		if ((p == text || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[n]))
			return 1;
	return 0;
}

static void
test_table(void **state)
{
	const struct game *const *g, *const *h;
	const struct kind *const *k;
	const struct product *p;
	const struct game_cmd *c;
	const struct rule *r;
	int kinds = 0;

	(void)state;
	for (g = games; *g; g++) {
		assert_non_null((*g)->title);
		assert_ptr_equal(game_find((*g)->name), *g);
		for (h = games; h < g; h++)
			assert_string_not_equal((*h)->name, (*g)->name);
		for (k = (*g)->kinds; *k; k++, kinds++) {
			assert_ptr_equal(kind_find(*g, (*k)->name), *k);
			assert_non_null((*k)->keys);
			assert_non_null((*k)->load);
			assert_non_null((*k)->rules);
			for (r = (*k)->rules; r->id; r++)
				assert_int_equal(strncmp(r->id, (*g)->name,
				    strlen((*g)->name)), 0);
			for (p = (*k)->products; p && p->name; p++) {
				assert_true(str_index(product_words, p->name) >=
				    0);
				assert_true(product_known(p->name));
				assert_ptr_equal(rectype_find(p->type->name),
				    p->type);
				/* A record type is named for its game. */
				assert_int_equal(strncmp(p->type->name,
				    (*g)->name, strlen((*g)->name)), 0);
				assert_non_null(p->emit);
			}
		}
		for (c = (*g)->cmds; c && c->name; c++) {
			assert_ptr_equal(game_cmd_find(*g, c->name), c);
			assert_non_null(c->usage);
			/* Its options are a table (options.h) whose --help
			 * begins with that usage. */
			assert_non_null(c->table);
			assert_ptr_equal(c->table->head, c->usage);
			/* A game's usage names that game only (as a word:
			 * "shellshock" is not "shock"), of the games with
			 * commands to be confused with ("cards" is also a word
			 * usages use, and that game has none). */
			assert_true(has_word(c->usage, (*g)->name));
			for (h = games; *h; h++)
				if (*h != *g && (*h)->cmds && (*h)->cmds[0].name &&
				    has_word(c->usage, (*h)->name))
					fail_msg("%s's %s usage names %s",
					    (*g)->name, c->name, (*h)->name);
		}
		for (r = (*g)->rules; r && r->id; r++)
			assert_non_null(r->summary);
	}
	assert_true(kinds >= 6);
	assert_null(game_find("chess"));
	assert_null(kind_find(game_find("ssg"), "card"));
	assert_null(game_cmd_find(game_find("ssg"), "resolve"));
	assert_false(product_known("cards"));
	assert_null(rectype_find("shellshock.vehicle"));
	system_cleanup();
}

static void
test_field_patterns(void **state)
{
	static const char *const pats[] = {
		"b", "dv.{E,M}.{fb,sd}", "spec.{1..3}.x", "a", "b", NULL
	};
	static const struct rectype t = { "test.t", "", pats };
	static const char *const want[] = {
		"a", "b", "dv.E.fb", "dv.E.sd", "dv.M.fb", "dv.M.sd",
		"spec.1.x", "spec.2.x", "spec.3.x", NULL
	};
	const char *const *f = rectype_fields(&t);
	int i;

	(void)state;
	/* Expanded, sorted, each once, and the same list the next time. */
	for (i = 0; want[i]; i++)
		assert_string_equal(f[i], want[i]);
	assert_null(f[i]);
	assert_ptr_equal(rectype_fields(&t), f);
	system_cleanup();
}

/* What an emitter is sent: each card's fields, checked as they come. */
struct audit {
	const struct product *p;
	const char *const *fields;	/* declared, sorted */
	const struct template *t;	/* the product's own template */
	int cards, widgets;
	char *file;
};

/* Every widget of a face is given a value it can draw. */
static void
audit_widgets(struct audit *au, const struct record *r,
    const struct elem *v, int n)
{
	struct sbuf val = SBUF_INIT, why = SBUF_INIT;
	int i;

	for (i = 0; i < n; i++) {
		if (v[i].type != EL_WIDGET)
			continue;
		sb_reset(&val);
		fmt_expand(&v[i].text, r, &val, NULL);
		if (!widget_value_ok(v[i].widget, sb_str(&val), &why))
			fail_msg("%s: %s widget '%s' gets '%s': %s", au->file,
			    widget_name(v[i].widget), v[i].name, sb_str(&val),
			    why.buf);
		au->widgets++;
	}
	sb_release(&val);
	sb_release(&why);
}

static void
audit_card(struct emitter *e, int copies)
{
	struct audit *au = e->ctx;
	const struct template *t = au->t;
	const char *keys[2048], *name, *file;
	size_t n = rec_keys(e->rec, keys, NELEM(keys)), i;
	const char *const *f;

	assert_true(copies >= 1);
	au->cards++;
	if (au->fields == NULL) {
		/* An open type: its card has every field of the template it
		 * prints with, its document's or the product's. */
		if ((name = rec_template(e->rec, &file)) != NULL)
			t = catalog_template(name, file, NULL,
			    "template.invalid", au->p->type->name);
		assert_non_null(t);
		for (f = t->fields; *f; f++)
			if (rec_get(e->rec, *f) == NULL)
				fail_msg("%s: a card lacks field '%s' of template "
				    "%s", au->file, *f, t->name);
		audit_widgets(au, e->rec, t->front, t->nfront);
		audit_widgets(au, e->rec, t->back, t->nback);
		return;
	}
	/* Every field filled is declared ... */
	for (i = 0; i < n; i++)
		if (str_index(au->fields, keys[i]) < 0)
			fail_msg("%s: product %s fills '%s', which %s does not "
			    "declare", au->file, au->p->name, keys[i],
			    au->p->type->name);
	/* ... and every field declared is filled, on every card. */
	for (f = au->fields; *f; f++)
		if (rec_get(e->rec, *f) == NULL)
			fail_msg("%s: product %s leaves %s's field '%s' unset",
			    au->file, au->p->name, au->p->type->name, *f);
	audit_widgets(au, e->rec, t->front, t->nfront);
	audit_widgets(au, e->rec, t->back, t->nback);
}

/* A template beside the deck that names it (decks/ember-tide/): not a
 * document of a game. */
static int
take_template(const struct node *root, void *arg)
{
	(void)arg;
	return node_get(root, "template") != NULL;
}

static void
audit_doc(struct loaded *ld, void *ctx)
{
	struct audit *au = ctx;
	const struct product *p;
	struct emitter e;

	assert_int_equal(ld->errors, 0);
	if (ld->kind == NULL)
		return;		/* a template taken */
	e.rec = record_new();
	e.card = audit_card;
	e.ctx = au;
	for (p = ld->kind->products; p && p->name; p++) {
		struct template *t = template_load(p->tmpl, &catalog_vocab);

		assert_non_null(t);
		au->p = p;
		au->t = t;
		au->fields = rectype_fields(p->type);
		p->emit(ld->obj, &e);
		template_free(t);
	}
	record_free(e.rec);
}

static void
test_products_fill_their_fields(void **state)
{
	/* The examples counted below; every other game's examples are
	 * audited too (the last pass), by count in their own tests. */
	static const char *const dirs[] = {
		"units/shellshock", "units/shellshock-forces", "decks", NULL
	};
	struct inputs in = INPUTS_INIT, all = INPUTS_INIT;
	struct audit au;
	struct batch *b = batch_new();
	char *dir;
	size_t i;
	int d;

	(void)state;
	memset(&au, 0, sizeof(au));
	diag_init(0, stderr);
	catalog_attach(b);
	batch_set_foreign(b, take_template, NULL);
	for (d = 0; dirs[d]; d++) {
		dir = repo_path(dirs[d]);
		inputs_add(&in, dir);
		free(dir);
	}
	for (i = 0; i < in.n; i++) {
		au.file = in.v[i];
		system_read_file(in.v[i], b, audit_doc, &au);
	}
	/* units/shellshock: 6 cards and 2 sheets, a counter each, and the
	 * legend (kind reference), one card; the demo
	 * force: a roster card for each of 2 sides, its 2 sheets, 2 cards
	 * and 4 counters; decks: 33 + 49 deck cards (each once, with its
	 * count), 2 + 1 reference cards, and Ember & Tide's 24
	 * rows, each with the fields of its own template. */
	assert_int_equal(au.cards, 6 * 2 + 2 * 2 + 1 + (2 + 2 + 2 + 4) + 33 +
	    49 + 2 + 1 + 24);
	/* The arcs and cells of 6 cards, and of the force's 2 cards; the
	 * legend's 7 arcs; on
	 * each of 2 + 2 sheets 2 hexes, 3 rows of cells, 4 armor tracks, 26
	 * equipment tracks, 2 chart tracks and 2 battery tracks; on each
	 * battalion's face one NATO symbol (in one place with or without
	 * traits), and one on its back. */
	assert_int_equal(au.widgets, (6 + 2) * (5 + 4) + 7 +
	    (2 + 2) * (2 + 3 + 4 + 26 + 2 + 2) + 33 * 2);
	/* Every example of every game: each product fills exactly its
	 * record type's fields, and its widgets take their values. */
	dir = repo_path("units");
	inputs_add(&all, dir);
	free(dir);
	memset(&au, 0, sizeof(au));
	for (i = 0; i < all.n; i++) {
		au.file = all.v[i];
		system_read_file(all.v[i], b, audit_doc, &au);
	}
	assert_true(au.cards > 0);
	assert_int_equal(diag_count(L_ERROR), 0);
	diag_end();
	inputs_free(&all);
	inputs_free(&in);
	batch_free(b);
	catalog_release();
	system_cleanup();
}

static void
test_templates_render_their_type(void **state)
{
	const struct game *const *g;
	const struct kind *const *k;
	const struct product *p;
	struct capture c;

	(void)state;
	cap_start(&c, 0);
	for (g = games; *g; g++)
		for (k = (*g)->kinds; *k; k++)
			for (p = (*k)->products; p && p->name; p++) {
				struct template *t = template_load(p->tmpl,
				    &catalog_vocab);

				/* Loads clean, checked against the fields. */
				if (t == NULL)
					fail_msg("template %s: %s", p->tmpl,
					    cap_text(&c));
				assert_string_equal(t->type, p->type->name);
				template_free(t);
			}
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);
	system_cleanup();
}

static void
test_vocab(void **state)
{
	struct sbuf why = SBUF_INIT;

	(void)state;
	/* renders: as a record type or as {system, kind[, product]}. */
	assert_string_equal(catalog_vocab.resolve("ssg.tactic", NULL, NULL,
	    NULL, &why), "ssg.tactic");
	assert_string_equal(catalog_vocab.resolve(NULL, "ssg", "tactics",
	    NULL, &why), "ssg.tactic");
	assert_string_equal(catalog_vocab.resolve(NULL, "ssg",
	    "specialties", "reference", &why), "ssg.specialties");
	assert_null(catalog_vocab.resolve("ssg.tactics", NULL, NULL, NULL,
	    &why));
	/* ... and every record type there is, in the games' order. */
	{
		struct sbuf want = SBUF_INIT;

		sb_adds(&want, "'ssg.tactics' is not a record type; did you "
		    "mean 'ssg.tactic'? allowed: ");
		sb_list(&want, rectype_names());
		assert_string_equal(why.buf, want.buf);
		assert_non_null(strstr(why.buf, "shellshock.card, "));
		assert_non_null(strstr(why.buf, "ssg.tactic, "));
		sb_release(&want);
	}
	sb_reset(&why);
	assert_null(catalog_vocab.resolve(NULL, "ssg", "lineup", NULL, &why));
	assert_string_equal(why.buf, "ssg lineup prints nothing");
	sb_reset(&why);
	assert_null(catalog_vocab.resolve(NULL, "ssg", "tactics", "counter",
	    &why));
	assert_string_equal(why.buf, "ssg tactics prints no product "
	    "'counter'");
	sb_reset(&why);
	assert_null(catalog_vocab.resolve(NULL, "chess", "card", NULL, &why));
	sb_release(&why);
	system_cleanup();
}

/* ---- references ---- */

static const char lineup[] =
    "system: ssg\n"
    "kind: lineup\n"
    "deck: %s\n"
    "left_flank: [Hussars, Lancers]\n"
    "left_center: [Grenadiers, Musketeers, Howitzers]\n"
    "center_center: [Old Guard, Gun Battery, Young Guard]\n"
    "right_center: [Highlanders, Field Pieces, Troopers]\n"
    "right_flank: [Dragoons, Uhlans]\n";

static void
write_lineup(const char *dir, const char *name, const char *deck)
{
	struct sbuf sb = SBUF_INIT;

	sb_addf(&sb, lineup, deck);
	write_in(dir, name, sb.buf);
	sb_release(&sb);
}

static const char *
check_file(struct capture *c, struct batch *b, const char *dir,
    const char *name)
{
	char *p = path_join(dir, name);

	system_read_file(p, b, NULL, NULL);
	free(p);
	return cap_text(c);
}

static void
test_ref_once_and_relative(void **state)
{
	const char *dir = *state;
	char *deck = repo_path("decks/battalions.yaml");
	char *bad = path_join(dir, "sub/deck.yaml");
	struct capture c;
	struct batch *b = batch_new();
	const struct loaded *l1, *l2;
	int n;

	/* A deck with an error, named by two line-ups in a sub-folder by a
	 * path relative to them: its error is told once, at the deck, and
	 * each line-up is told at its own reference. */
	mkdir_in(dir, "sub");
	write_file(bad, "system: ssg\nkind: battalions\ncopies: 2\n"
	    "cards:\n  - {name: Hussars, type: cavlary}\n");
	write_lineup(dir, "sub/a.yaml", "deck.yaml");
	write_lineup(dir, "sub/b.yaml", "./deck.yaml");
	cap_start(&c, 0);
	check_file(&c, b, dir, "sub/a.yaml");
	check_file(&c, b, dir, "sub/b.yaml");
	{
		struct sbuf want = SBUF_INIT;

		sb_addf(&want,
		    "%s/sub/deck.yaml:5:3: warning: the deck lists 1 battalion; "
		    "the rules' list has 33 (66 cards with 2 copies) "
		    "[ssg.deck.size]\n"
		    "%s/sub/deck.yaml:5:27: error: 'Hussars' has type 'cavlary'; "
		    "did you mean 'cavalry'? allowed: line, cavalry, light, "
		    "artillery [ssg.type]\n"
		    "%s/sub/a.yaml:3:7: error: 'deck.yaml' cannot be used: it has "
		    "errors, reported at that file [ssg.setup.deck]\n"
		    "%s/sub/b.yaml:3:7: error: './deck.yaml' cannot be used: it "
		    "has errors, reported at that file [ssg.setup.deck]\n", dir,
		    dir, dir, dir);
		assert_string_equal(cap_text(&c), want.buf);
		sb_release(&want);
	}
	cap_end(&c);
	/* A good file named twice is the same documents. */
	cap_start(&c, 0);
	l1 = system_ref(b, deck, NULL, "test", "ssg",
	    (const char *const[]){ "battalions", NULL }, &n);
	assert_non_null(l1);
	assert_int_equal(n, 1);
	l2 = system_ref(b, deck, NULL, "test", "ssg",
	    (const char *const[]){ "battalions", NULL }, &n);
	assert_ptr_equal(l1, l2);
	/* The same file wanted as another kind is refused at the file. */
	assert_null(system_ref(b, deck, NULL, "test", "shellshock",
	    (const char *const[]){ "card", "sheet", NULL }, &n));
	assert_non_null(strstr(cap_text(&c), ":5:9: error: holds ssg "
	    "battalions; this command takes a shellshock card or sheet file "
	    "[test]"));
	cap_end(&c);
	batch_free(b);
	free(bad);
	free(deck);
}

static void
test_ref_circles(void **state)
{
	const char *dir = *state;
	struct capture c;
	struct batch *b = batch_new();
	struct sbuf want = SBUF_INIT;

	/* A line-up naming itself, and two naming each other: refused at
	 * the reference that closes the circle, never a loop. */
	write_lineup(dir, "self.yaml", "self.yaml");
	write_lineup(dir, "a.yaml", "b.yaml");
	write_lineup(dir, "b.yaml", "a.yaml");
	cap_start(&c, 0);
	check_file(&c, b, dir, "self.yaml");
	sb_addf(&want,
	    "%s/self.yaml:3:7: error: 'self.yaml' leads back here: the files "
	    "name each other in a circle [ssg.setup.deck]\n"
	    "%s/self.yaml:3:7: error: 'self.yaml' cannot be used: it has "
	    "errors, reported at that file [ssg.setup.deck]\n", dir, dir);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	batch_free(b);
	b = batch_new();
	cap_start(&c, 0);
	check_file(&c, b, dir, "a.yaml");
	/* a names b, b names a, which names b again: a circle. */
	assert_non_null(strstr(cap_text(&c), "a.yaml:3:7: error: 'b.yaml' "
	    "leads back here: the files name each other in a circle "
	    "[ssg.setup.deck]"));
	assert_int_equal(diag_exit_status(0), 1);
	cap_end(&c);
	sb_release(&want);
	batch_free(b);
}

static void
test_ref_depth(void **state)
{
	const char *dir = *state;
	struct capture c;
	struct batch *b = batch_new();
	char name[32], next[32];
	int i;

	/* A chain of 12 line-ups, each naming the next as its deck: the
	 * ninth reference is one too deep (SPEC 8: at most 8). */
	for (i = 0; i < 12; i++) {
		snprintf(name, sizeof(name), "l%d.yaml", i);
		snprintf(next, sizeof(next), "l%d.yaml", i + 1);
		write_lineup(dir, name, next);
	}
	cap_start(&c, 0);
	check_file(&c, b, dir, "l0.yaml");
	assert_non_null(strstr(cap_text(&c), "l8.yaml:3:7: error: 'l9.yaml' "
	    "is more than 8 references deep; the limit is 8 "
	    "[ssg.setup.deck]"));
	assert_null(strstr(cap_text(&c), "l9.yaml:"));
	cap_end(&c);
	batch_free(b);
}

static void
test_ref_missing(void **state)
{
	const char *dir = *state;
	struct capture c;
	struct batch *b = batch_new();
	struct sbuf want = SBUF_INIT;

	write_lineup(dir, "a.yaml", "nowhere.yaml");
	cap_start(&c, 0);
	check_file(&c, b, dir, "a.yaml");
	sb_addf(&want, "%s/a.yaml:3:7: error: cannot open 'nowhere.yaml': No "
	    "such file or directory; it was looked for beside this file, in "
	    "the working folder and among the shipped examples "
	    "[ssg.setup.deck]\n", dir);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&want);
	batch_free(b);
}

/* A template a document names: relative to the document, or built in;
 * loaded once; each problem told at each place naming it. */
static void
test_catalog_template(void **state)
{
	const char *dir = *state;
	struct arena *a = arena_new();
	struct reader *rd;
	const struct node *root, *n1, *n2, *n3, *n4;
	const struct template *t1, *t2;
	struct capture c;
	struct sbuf want = SBUF_INIT;
	char *doc = path_join(dir, "sub/doc.yaml");

	mkdir_in(dir, "sub");
	write_in(dir, "sub/mine.yaml", "template: mine\nextends: "
	    "shellshock-card\n");
	write_file(doc, "a: mine.yaml\nb: ./mine.yaml\nc: shellshok-card\n"
	    "d: nowhere.yaml\n");
	rd = reader_open(doc);
	root = reader_next(rd, a);
	n1 = node_get(root, "a");
	n2 = node_get(root, "b");
	n3 = node_get(root, "c");
	n4 = node_get(root, "d");
	cap_start(&c, 0);
	t1 = catalog_template(n1->str, doc, n1, "x.rule", "shellshock.card");
	t2 = catalog_template(n1->str, doc, n1, "x.rule", "shellshock.card");
	assert_non_null(t1);
	assert_ptr_equal(t1, t2);
	assert_string_equal(t1->name, "mine");
	assert_non_null(catalog_template("shellshock-card", NULL, NULL,
	    "x.rule", "shellshock.card"));
	assert_null(catalog_template(n2->str, doc, n2, "x.rule",
	    "ssg.tactic"));
	assert_null(catalog_template(n3->str, doc, n3, "x.rule",
	    "shellshock.card"));
	assert_null(catalog_template(n4->str, doc, n4, "x.rule",
	    "shellshock.card"));
	assert_null(catalog_template(n4->str, doc, n1, "x.rule",
	    "shellshock.card"));
	diag_flush();
	sb_addf(&want,
	    "%s:1:4: error: cannot open template 'nowhere.yaml': No such "
	    "file or directory [x.rule]\n"
	    "%s:2:4: error: template './mine.yaml' renders shellshock.card, "
	    "not ssg.tactic; name a template that says renders: ssg.tactic "
	    "[x.rule]\n"
	    "%s:3:4: error: template 'shellshok-card' is neither a built-in "
	    "template ('muster templates' lists them) nor a path to a "
	    "template file; did you mean 'shellshock-card'? [x.rule]\n"
	    "%s:4:4: error: cannot open template 'nowhere.yaml': No such "
	    "file or directory [x.rule]\n", doc, doc, doc, doc);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	catalog_release();
	reader_close(rd);
	arena_free(a);
	sb_release(&want);
	free(doc);
}

/* What a batch lent its hooks: how often each was asked. */
struct lent {
	int foreign, fields;
};

static int
lent_foreign(const struct node *root, void *arg)
{
	struct lent *l = arg;

	if (node_get(root, "template") == NULL)
		return 0;
	l->foreign++;
	return 1;
}

static const char *const *
lent_fields(const char *name, const struct node *at, const char *rule,
    const char *type, void *arg)
{
	static const char *const fields[] = { "name", "text", NULL };
	struct lent *l = arg;

	(void)at;
	(void)rule;
	assert_string_equal(name, "mine.yaml");
	assert_string_equal(type, "cards.card");
	l->fields++;
	return fields;
}

/*
 * Two batches side by side, each with what its own command lends (issue
 * 25: a context, not program-wide hooks): one takes templates and gives
 * a deck's template fields, the other lends nothing.  The same files,
 * read through each in turn, get each batch's answer: the template is
 * taken by one and told as a document without system: by the other;
 * the deck's fields are asked of the one that lends them only.
 */
static void
test_two_contexts(void **state)
{
	const char *dir = *state;
	struct batch *lends = batch_new(), *bare = batch_new();
	struct lent l = { 0, 0 };
	struct capture c;
	int round, asked;

	write_in(dir, "mine.yaml", "template: mine\nrenders: cards.card\n"
	    "size: [2in, 3in]\n");
	write_in(dir, "deck.yaml", "system: cards\nkind: deck\n"
	    "template: mine.yaml\ncards:\n  - {name: Bolt, text: Zap.}\n");
	batch_set_foreign(lends, lent_foreign, &l);
	batch_set_fields(lends, lent_fields, &l);
	for (round = 1; round <= 2; round++) {
		cap_start(&c, 0);
		check_file(&c, lends, dir, "mine.yaml");
		assert_string_equal(cap_text(&c), "");
		assert_int_equal(l.foreign, round);
		check_file(&c, bare, dir, "mine.yaml");
		assert_non_null(strstr(cap_text(&c), "mine.yaml:1:1: error: "
		    "missing key 'system'"));
		assert_int_equal(l.foreign, round);
		cap_end(&c);
		cap_start(&c, 0);
		asked = l.fields;
		check_file(&c, lends, dir, "deck.yaml");
		assert_string_equal(cap_text(&c), "");
		assert_true(l.fields > asked);
		asked = l.fields;
		check_file(&c, bare, dir, "deck.yaml");
		assert_string_equal(cap_text(&c), "");
		assert_int_equal(l.fields, asked);
		cap_end(&c);
	}
	/* No batch lends anything it was not given. */
	assert_null(batch_template_fields(bare, "mine.yaml", NULL, "test",
	    "cards.card"));
	assert_non_null(batch_template_fields(lends, "mine.yaml", NULL, "test",
	    "cards.card"));
	batch_free(lends);
	batch_free(bare);
}

/* The built-in templates and decks of the tree. */
static int
setup(void **state)
{
	char *templates = repo_path("templates"), *decks = repo_path("decks");

	(void)state;
	setenv("MUSTER_TEMPLATES", templates, 1);
	setenv("MUSTER_DECKS", decks, 1);
	free(templates);
	free(decks);
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_field_patterns),
		cmocka_unit_test(test_products_fill_their_fields),
		cmocka_unit_test(test_templates_render_their_type),
		cmocka_unit_test(test_vocab),
		scratch_test(test_ref_once_and_relative),
		scratch_test(test_ref_circles),
		scratch_test(test_ref_depth),
		scratch_test(test_ref_missing),
		scratch_test(test_catalog_template),
		scratch_test(test_two_contexts),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
