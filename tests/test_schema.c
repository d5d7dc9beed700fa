/*
 * test_schema.c -- declarative key tables (schema.h): every diagnostic
 * schema_check() gives, in its exact words, and the marking of bad nodes
 * so that loaders read them as absent; the JSON Schema of a variant.
 */
#include "testutil.h"

#include "schema.h"
#include "system.h"

static const char *const colours[] = { "red", "green", "blue", NULL };

static const struct skey k_inner[] = {
	K_INT("n", REQ, 1, 10),
	K_END
};
static const struct skey k_opt_inner[] = {
	K_INT("n", OPT, 1, 10),
	K_END
};
static const struct skey k_item[] = { K_INT("item", REQ, 0, 99) };
/* The values of a free mapping: text. */
static const struct skey k_font[] = { K_STR("font", REQ) };

/* A document with one key of each kind; only "name" is required. */
static const struct skey k_doc[] = {
	K_TEXT("name", REQ, "the unit's name"),
	K_ENUM("colour", OPT, colours),
	K_INT("speed", OPT, 0, 99),
	K_NUM("ram", OPT, 0, 99),
	K_BOOL("spread", OPT),
	K_STR("side", OPT),
	K_MAP("inner", OPT, k_inner),
	K_SEQ("pair", OPT, 2, 2, k_item),
	K_SEQ("list", OPT, 1, 3, k_item),
	K_MAPANY("fonts", OPT, k_font),
	K_ANY("extra", OPT),
	K_END
};
/* As system_load() wraps a kind's keys: an unnamed required mapping. */
static const struct skey top = K_MAP("", REQ, k_doc);

/* Keys whose missing-key hints come from their type. */
static const struct skey k_hints[] = {
	K_ENUM("colour", REQ, colours),
	K_INT("speed", REQ, 0, 99),
	K_NUM("ram", REQ, 0, 99),
	K_BOOL("spread", REQ),
	K_STR("side", REQ),
	K_MAP("inner", REQ, k_inner),
	K_MAP("loose", REQ, k_opt_inner),
	K_SEQ("pair", REQ, 2, 2, k_item),
	K_SEQ("list", REQ, 1, 3, k_item),
	K_SEQH("band", REQ, 2, 2, k_item, "a band [from, to], such as [5, 10]"),
	K_END
};
static const struct skey top_hints = K_MAP("", REQ, k_hints);

struct run {
	struct capture c;
	struct arena *a;
	struct node *root;
	int errors;
};

/* Parses text and checks it against spec; diagnostics go to r->c. */
static void
run(struct run *r, const struct skey *spec, const char *text)
{
	cap_start(&r->c, 0);
	r->a = arena_new();
	r->root = parse_yaml("s.yaml", text, r->a);
	assert_non_null(r->root);
	r->errors = schema_check(r->root, spec, "");
}

static void
done(struct run *r)
{
	cap_end(&r->c);
	arena_free(r->a);
}

/* Checks text against the document table: the diagnostics and count. */
static void
expect(const char *text, const char *diags, int errors)
{
	struct run r;

	run(&r, &top, text);
	assert_string_equal(cap_text(&r.c), diags);
	assert_int_equal(r.errors, errors);
	assert_int_equal(diag_count(L_ERROR), errors);
	done(&r);
}

static void
test_valid_document(void **state)
{
	(void)state;
	expect("name: Mason\ncolour: red\nspeed: 99\nram: 1.27\nspread: true\n"
	    "side: UN\ninner: {n: 10}\npair: [0, 99]\nlist: [1, 2, 3]\n"
	    "fonts: {body: DejaVu, bold: 'DejaVu:bold'}\nextra: [anything, {goes: 1}]\n",
	    "", 0);
	/* Quoted text is text, even when it looks like a number. */
	expect("name: \"12\"\nside: '0x10'\n", "", 0);
}

static void
test_type_errors(void **state)
{
	(void)state;
	expect("name: Mason\nspeed: fast\n",
	    "s.yaml:2:8: error: 'speed' must be a whole number, not 'fast' "
	    "[yaml.type]\n", 1);
	/* A decimal where a whole number is wanted gets its own words. */
	expect("name: Mason\nspeed: 1.5\n",
	    "s.yaml:2:8: error: 'speed' must be a whole number, not '1.5' "
	    "[yaml.type]\n", 1);
	/* A quoted number is text. */
	expect("name: Mason\nspeed: \"5\"\n",
	    "s.yaml:2:8: error: 'speed' must be a whole number, not '5' "
	    "[yaml.type]\n", 1);
	expect("name: Mason\nspeed: ~\n",
	    "s.yaml:2:8: error: 'speed' must be a whole number, not nothing "
	    "[yaml.type]\n", 1);
	expect("name: Mason\nram: heavy\n",
	    "s.yaml:2:6: error: 'ram' must be a number, not 'heavy' "
	    "[yaml.type]\n", 1);
	expect("name: [Mason]\n",
	    "s.yaml:1:7: error: 'name' must be text, not a list [yaml.type]\n", 1);
	expect("name: {first: Mason}\n",
	    "s.yaml:1:7: error: 'name' must be text, not a mapping "
	    "[yaml.type]\n", 1);
	/* An empty value where text is wanted. */
	expect("name:\n",
	    "s.yaml:1:6: error: 'name' is empty; it must be text [yaml.type]\n",
	    1);
	expect("name: Mason\nspread: yes\n",
	    "s.yaml:2:9: error: 'spread' must be true or false, not 'yes' "
	    "[yaml.type]\n", 1);
	expect("name: Mason\ninner: 5\n",
	    "s.yaml:2:8: error: 'inner' must be a mapping of keys, not '5' "
	    "[yaml.type]\n", 1);
	expect("name: Mason\npair: 5\n",
	    "s.yaml:2:7: error: 'pair' must be a list, not '5' [yaml.type]\n", 1);
	expect("name: Mason\nfonts: [a]\n",
	    "s.yaml:2:8: error: 'fonts' must be a mapping of keys, not a list "
	    "[yaml.type]\n", 1);
	/* Nested paths are dotted; list items keep the list's name. */
	expect("name: Mason\ninner: {n: x}\n",
	    "s.yaml:2:12: error: 'inner.n' must be a whole number, not 'x' "
	    "[yaml.type]\n", 1);
	expect("name: Mason\nlist: [1, two]\n",
	    "s.yaml:2:11: error: 'list[1]' must be a whole number, not 'two' "
	    "[yaml.type]\n", 1);
	/* Any key of a free mapping, its value as the item spec says. */
	expect("name: Mason\nfonts: {body: [x]}\n",
	    "s.yaml:2:15: error: 'fonts.body' must be text, not a list "
	    "[yaml.type]\n", 1);
	/* The document itself must be a mapping. */
	expect("- a\n- b\n",
	    "s.yaml:1:1: error: 'document' must be a mapping of keys, not a "
	    "list [yaml.type]\n", 1);
}

static void
test_range_errors(void **state)
{
	(void)state;
	expect("name: Mason\nspeed: 100\n",
	    "s.yaml:2:8: error: 'speed' is 100, outside 0 to 99 [yaml.range]\n",
	    1);
	expect("name: Mason\nspeed: -1\n",
	    "s.yaml:2:8: error: 'speed' is -1, outside 0 to 99 [yaml.range]\n",
	    1);
	/* Too large for a long: a range error, shown as written. */
	expect("name: Mason\nspeed: 99999999999999999999\n",
	    "s.yaml:2:8: error: 'speed' is 99999999999999999999, outside 0 to "
	    "99 [yaml.range]\n", 1);
	expect("name: Mason\nram: 99.5\n",
	    "s.yaml:2:6: error: 'ram' is 99.5, outside 0 to 99 [yaml.range]\n",
	    1);
	expect("name: Mason\nram: 1e999\n",
	    "s.yaml:2:6: error: 'ram' is 1e999, outside 0 to 99 [yaml.range]\n",
	    1);
	expect("name: Mason\ninner: {n: 0}\n",
	    "s.yaml:2:12: error: 'inner.n' is 0, outside 1 to 10 [yaml.range]\n",
	    1);
	expect("name: Mason\nlist: [5, 100]\n",
	    "s.yaml:2:11: error: 'list[1]' is 100, outside 0 to 99 [yaml.range]\n",
	    1);
}

static void
test_list_lengths(void **state)
{
	(void)state;
	/* A fixed length says "must have". */
	expect("name: Mason\npair: [1]\n",
	    "s.yaml:2:7: error: 'pair' has 1 item; it must have 2 "
	    "[yaml.range]\n", 1);
	expect("name: Mason\npair: [1, 2, 3]\n",
	    "s.yaml:2:7: error: 'pair' has 3 items; it must have 2 "
	    "[yaml.range]\n", 1);
	/* A range says "allowed".  (An earlier list at the same depth keeps
	 * this clear of doc.c's empty-collection bug, see test_doc.c.) */
	expect("name: Mason\npair: [1, 2]\nlist: []\n",
	    "s.yaml:3:7: error: 'list' has 0 items; allowed 1 to 3 "
	    "[yaml.range]\n", 1);
	expect("name: Mason\nlist: [1, 2, 3, 4]\n",
	    "s.yaml:2:7: error: 'list' has 4 items; allowed 1 to 3 "
	    "[yaml.range]\n", 1);
	/* A list of the wrong length is not looked into: one error. */
	expect("name: Mason\npair: [x, y, z]\n",
	    "s.yaml:2:7: error: 'pair' has 3 items; it must have 2 "
	    "[yaml.range]\n", 1);
}

static void
test_enum_errors(void **state)
{
	(void)state;
	/* "gren" is one edit from "green". */
	expect("name: Mason\ncolour: gren\n",
	    "s.yaml:2:9: error: 'colour' is 'gren'; did you mean 'green'? "
	    "allowed: red, green, blue [yaml.enum]\n", 1);
	/* "purple" is no likely typo of any. */
	expect("name: Mason\ncolour: purple\n",
	    "s.yaml:2:9: error: 'colour' is 'purple'; allowed: red, green, blue "
	    "[yaml.enum]\n", 1);
	/* Case matters. */
	expect("name: Mason\ncolour: Red\n",
	    "s.yaml:2:9: error: 'colour' is 'Red'; did you mean 'red'? "
	    "allowed: red, green, blue [yaml.enum]\n", 1);
}

static void
test_missing_keys(void **state)
{
	(void)state;
	/* Reported at the mapping, with the key's hint. */
	expect("side: UN\n",
	    "s.yaml:1:1: error: missing key 'name': give the unit's name "
	    "[yaml.missing-key]\n", 1);
	/* (The list before it keeps the empty mapping clear of doc.c's
	 * empty-collection bug, see test_doc.c.) */
	expect("name: Mason\npair: [1, 2]\ninner: {}\n",
	    "s.yaml:3:8: error: missing key 'inner.n': give a whole number from "
	    "1 to 10 [yaml.missing-key]\n", 1);
}

static void
test_missing_key_hints(void **state)
{
	struct run r;

	(void)state;
	/* Without a hint the key's type says what to give; all are
	 * reported, in table order, at the mapping (line 1, column 1). */
	run(&r, &top_hints, "other: 1\n");
	assert_string_equal(cap_text(&r.c),
	    "s.yaml:1:1: error: unknown key 'other'; allowed: colour, speed, "
	    "ram, spread, side, inner, loose, pair, list, band "
	    "[yaml.unknown-key]\n"
	    "s.yaml:1:1: error: missing key 'colour': give one of red, green, "
	    "blue [yaml.missing-key]\n"
	    "s.yaml:1:1: error: missing key 'speed': give a whole number from 0 "
	    "to 99 [yaml.missing-key]\n"
	    "s.yaml:1:1: error: missing key 'ram': give a number from 0 to 99 "
	    "[yaml.missing-key]\n"
	    "s.yaml:1:1: error: missing key 'spread': give true or false "
	    "[yaml.missing-key]\n"
	    "s.yaml:1:1: error: missing key 'side': give text "
	    "[yaml.missing-key]\n"
	    "s.yaml:1:1: error: missing key 'inner': give a mapping with n "
	    "[yaml.missing-key]\n"
	    "s.yaml:1:1: error: missing key 'loose': give a mapping with any of "
	    "its keys [yaml.missing-key]\n"
	    "s.yaml:1:1: error: missing key 'pair': give a list of 2 "
	    "[yaml.missing-key]\n"
	    "s.yaml:1:1: error: missing key 'list': give a list "
	    "[yaml.missing-key]\n"
	    "s.yaml:1:1: error: missing key 'band': give a band [from, to], "
	    "such as [5, 10] [yaml.missing-key]\n");
	assert_int_equal(r.errors, 11);
	done(&r);
}

static void
test_unknown_keys(void **state)
{
	(void)state;
	/* One edit from "speed": suggested, with the whole list. */
	expect("name: Mason\nspeeed: 3\n",
	    "s.yaml:2:1: error: unknown key 'speeed'; did you mean 'speed'? "
	    "allowed: name, colour, speed, ram, spread, side, inner, pair, list, "
	    "fonts, extra [yaml.unknown-key]\n", 1);
	expect("name: Mason\nweight: 3\n",
	    "s.yaml:2:1: error: unknown key 'weight'; allowed: name, colour, "
	    "speed, ram, spread, side, inner, pair, list, fonts, extra "
	    "[yaml.unknown-key]\n", 1);
	/* Inside a mapping the message says where. */
	expect("name: Mason\ninner: {n: 2, zzz: 1}\n",
	    "s.yaml:2:15: error: unknown key 'zzz' in inner; allowed: n "
	    "[yaml.unknown-key]\n", 1);
	/* 'm' for 'n' changes every letter: no suggestion, only the list. */
	expect("name: Mason\ninner: {n: 2, m: 1}\n",
	    "s.yaml:2:15: error: unknown key 'm' in inner; allowed: n "
	    "[yaml.unknown-key]\n", 1);
	expect("name: Mason\ninner: {n: 2, nn: 1}\n",
	    "s.yaml:2:15: error: unknown key 'nn' in inner; did you mean 'n'? "
	    "allowed: n [yaml.unknown-key]\n", 1);
	/* An unknown key's value is not checked further. */
	expect("name: Mason\nspeeed: [not, a, number]\n",
	    "s.yaml:2:1: error: unknown key 'speeed'; did you mean 'speed'? "
	    "allowed: name, colour, speed, ram, spread, side, inner, pair, list, "
	    "fonts, extra [yaml.unknown-key]\n", 1);
}

static void
test_every_problem_reported(void **state)
{
	(void)state;
	/* Validation goes on after the first problem: a user sees them all,
	 * sorted by place. */
	expect("speed: 100\ncolour: gren\nram: x\nbogus: 1\n",
	    "s.yaml:1:1: error: missing key 'name': give the unit's name "
	    "[yaml.missing-key]\n"
	    "s.yaml:1:8: error: 'speed' is 100, outside 0 to 99 [yaml.range]\n"
	    "s.yaml:2:9: error: 'colour' is 'gren'; did you mean 'green'? "
	    "allowed: red, green, blue [yaml.enum]\n"
	    "s.yaml:3:6: error: 'ram' must be a number, not 'x' [yaml.type]\n"
	    "s.yaml:4:1: error: unknown key 'bogus'; allowed: name, colour, "
	    "speed, ram, spread, side, inner, pair, list, fonts, extra "
	    "[yaml.unknown-key]\n", 5);
}

static void
test_bad_nodes_read_as_default(void **state)
{
	struct run r;
	const struct node *root;

	(void)state;
	run(&r, &top, "name: [x]\ncolour: gren\nspeed: 100\nram: x\n"
	    "spread: yes\npair: [1]\ninner: {n: 99}\nspeeed: 5\nside: UN\n"
	    "list: [7]\n");
	root = r.root;
	assert_int_equal(r.errors, 8);
	/* Each wrong value is marked, so typed reads give the default... */
	assert_int_equal(node_get(root, "name")->bad, 1);
	assert_string_equal(get_str(root, "name", "dflt"), "dflt");
	assert_string_equal(get_str(root, "colour", "dflt"), "dflt");
	assert_int_equal(get_long(root, "speed", -1), -1);
	assert_near(node_double(node_get(root, "ram"), -1), -1, 0);
	assert_int_equal(node_bool(node_get(root, "spread"), 7), 7);
	assert_int_equal(node_get(root, "pair")->bad, 1);
	assert_int_equal(get_long(node_get(root, "inner"), "n", -1), -1);
	/* ...as does the value of an unknown key... */
	assert_int_equal(get_long(root, "speeed", -1), -1);
	/* ...while good values read normally and are not marked. */
	assert_string_equal(get_str(root, "side", NULL), "UN");
	assert_int_equal(node_get(root, "side")->bad, 0);
	assert_int_equal(node_get(root, "list")->bad, 0);
	assert_int_equal(node_long(node_get(root, "list")->kid[0], -1), 7);
	assert_int_equal(node_get(root, "inner")->bad, 0);
	done(&r);
}

static void
test_named_spec_path(void **state)
{
	static const struct skey named = K_INT("gunners", REQ, 1, 9);
	static const struct skey doc = K_MAP("document", REQ, k_inner);
	struct run r;

	(void)state;
	/* A spec with a name uses it when there is no path. */
	run(&r, &named, "12\n");
	assert_string_equal(cap_text(&r.c),
	    "s.yaml:1:1: error: 'gunners' is 12, outside 1 to 9 [yaml.range]\n");
	done(&r);
	run(&r, &doc, "n: 1\n");
	assert_string_equal(cap_text(&r.c), "");
	assert_int_equal(r.errors, 0);
	done(&r);
}

/* Keys in any order are found: the search starts after the last key
 * found and goes round the table; paths are made only for messages,
 * the same as they were joined at each step. */
static void
test_keys_any_order(void **state)
{
	(void)state;
	expect("extra: 1\nfonts: {a: b}\nlist: [1]\npair: [1, 2]\n"
	    "inner: {n: 1}\nside: x\nspread: true\nram: 1\nspeed: 2\n"
	    "colour: red\nname: M\n", "", 0);
	expect("list: [1, 100]\nname: M\ninner: {n: 0}\nfonts: {a: 5, "
	    "b: [1]}\nspede: 1\n",
	    "s.yaml:1:11: error: 'list[1]' is 100, outside 0 to 99 "
	    "[yaml.range]\n"
	    "s.yaml:3:12: error: 'inner.n' is 0, outside 1 to 10 "
	    "[yaml.range]\n"
	    "s.yaml:4:18: error: 'fonts.b' must be text, not a list "
	    "[yaml.type]\n"
	    "s.yaml:5:1: error: unknown key 'spede'; did you mean 'speed'? "
	    "allowed: name, colour, speed, ram, spread, side, inner, pair, "
	    "list, fonts, extra [yaml.unknown-key]\n", 4);
}

/* Each name of a table once: find_key() takes the first it meets from
 * where it starts, which is the one only so; and its length right. */
static void
names_once(const struct skey *keys, const char *where)
{
	const struct skey *k, *j;

	for (k = keys; k && k->name; k++) {
		/* find_key() compares by the length K_LEN() gave. */
		if (k->len != strlen(k->name))
			fail_msg("%s: key '%s' of length %zu", where, k->name,
			    k->len);
		for (j = keys; j < k; j++)
			if (strcmp(j->name, k->name) == 0)
				fail_msg("%s: key '%s' twice", where, k->name);
		if (k->type == T_MAP)
			names_once(k->sub, k->name);
		else if ((k->type == T_SEQ || k->type == T_MAPANY) && k->sub &&
		    k->sub->type == T_MAP)
			names_once(k->sub->sub, k->name);
	}
}

static void
test_names_once(void **state)
{
	const struct game *const *g;
	const struct kind *const *k;

	(void)state;
	for (g = games; *g; g++)
		for (k = (*g)->kinds; *k; k++)
			names_once((*k)->keys, (*k)->name);
}

static void
test_stype_names(void **state)
{
	(void)state;
	assert_string_equal(stype_name(T_STR), "text");
	assert_string_equal(stype_name(T_INT), "a whole number");
	assert_string_equal(stype_name(T_NUM), "a number");
	assert_string_equal(stype_name(T_BOOL), "true or false");
	assert_string_equal(stype_name(T_MAP), "a mapping of keys");
	assert_string_equal(stype_name(T_MAPANY), "a mapping of keys");
	assert_string_equal(stype_name(T_SEQ), "a list");
	assert_string_equal(stype_name(T_ANY), "a value");
}

/* ---- checks over several values ---- */

static void
test_enum_under_rule(void **state)
{
	static const struct skey k[] = {
		K_ENUMR("arc", REQ, colours, "game.arc"),
		K_END
	};
	static const struct skey t = K_MAP("", REQ, k);
	struct run r;

	(void)state;
	/* A wrong value is the game's rule, not yaml.enum; a wrong type is
	 * still the schema's. */
	run(&r, &t, "arc: gren\n");
	assert_string_equal(cap_text(&r.c), "s.yaml:1:6: error: 'arc' is "
	    "'gren'; did you mean 'green'? allowed: red, green, blue "
	    "[game.arc]\n");
	assert_true(node_get(r.root, "arc")->bad);
	done(&r);
	run(&r, &t, "arc: [red]\n");
	assert_non_null(strstr(cap_text(&r.c), "[yaml.type]"));
	done(&r);
}

/* The items of the first list in the document, as nodes. */
static size_t
items(const struct node *root, const struct node **out, size_t max)
{
	const struct node *l = MAP_VAL(root, 0);
	size_t i;

	for (i = 0; i < l->n && i < max; i++)
		out[i] = l->kid[i];
	return i;
}

static void
test_unique(void **state)
{
	const struct node *v[16];
	struct run r;
	size_t n;

	(void)state;
	cap_start(&r.c, 0);
	r.a = arena_new();
	r.root = parse_yaml("s.yaml", "names: [Reyes, Kim, Reyes, Ode, Kim, "
	    "Reyes]\n", r.a);
	n = items(r.root, v, 16);
	v[3] = NULL;	/* NULL entries are skipped */
	assert_int_equal(check_unique(v, n, "game.unique", "soldier",
	    "in the squad", "give each soldier a name of his own"), 3);
	/* Each repeat at its own place, naming the first. */
	assert_string_equal(cap_text(&r.c),
	    "s.yaml:1:21: error: soldier 'Reyes' is in the squad twice "
	    "(first at line 1); give each soldier a name of his own "
	    "[game.unique]\n"
	    "s.yaml:1:33: error: soldier 'Kim' is in the squad twice (first at "
	    "line 1); give each soldier a name of his own [game.unique]\n"
	    "s.yaml:1:38: error: soldier 'Reyes' is in the squad twice "
	    "(first at line 1); give each soldier a name of his own "
	    "[game.unique]\n");
	done(&r);
}

static void
test_cover(void **state)
{
	struct span sp[5];
	struct run r;
	int i;

	(void)state;
	cap_start(&r.c, 0);
	r.a = arena_new();
	r.root = parse_yaml("s.yaml", "chart: [a, b, c, d, e]\n", r.a);
	/* 1-40, 41-60, 55-70 (55-60 twice), 90-100, 101: 71-89 is nobody's
	 * (one message for the run), 101 is outside 1..100. */
	sp[0] = (struct span){ 1, 40, MAP_VAL(r.root, 0)->kid[0] };
	sp[1] = (struct span){ 41, 60, MAP_VAL(r.root, 0)->kid[1] };
	sp[2] = (struct span){ 55, 70, MAP_VAL(r.root, 0)->kid[2] };
	sp[3] = (struct span){ 90, 100, MAP_VAL(r.root, 0)->kid[3] };
	sp[4] = (struct span){ 101, 101, MAP_VAL(r.root, 0)->kid[4] };
	assert_int_equal(check_cover(sp, 5, 1, 100, MAP_VAL(r.root, 0),
	    "game.chart", "roll"), 3);
	assert_string_equal(cap_text(&r.c),
	    "s.yaml:1:8: error: the table has no entry for roll 71 to 89; it "
	    "needs each of 1 to 100 once [game.chart]\n"
	    "s.yaml:1:15: error: roll 55 is in the table twice (first at line "
	    "1); each of 1 to 100 once [game.chart]\n"
	    "s.yaml:1:21: error: roll 101 is outside 1 to 100 [game.chart]\n");
	done(&r);
	/* Exactly once: no word. */
	cap_start(&r.c, 0);
	sp[2].lo = 61;
	sp[3].lo = 71;
	assert_int_equal(check_cover(sp, 4, 1, 100, NULL, "game.chart",
	    "roll"), 0);
	assert_string_equal(cap_text(&r.c), "");
	/* A single gap says one number. */
	sp[0].lo = 2;
	assert_int_equal(check_cover(sp, 4, 1, 100, NULL, "game.chart",
	    "roll"), 1);
	assert_non_null(strstr(cap_text(&r.c), "no entry for roll 1; it needs"));
	cap_end(&r.c);
	/* A span reaching outside is told once: 0-40 still covers 1-40,
	 * 71-120 still covers 71-100. */
	cap_start(&r.c, 0);
	r.a = arena_new();
	r.root = parse_yaml("s.yaml", "chart: [a, b, c, d]\n", r.a);
	for (i = 0; i < 4; i++)
		sp[i].at = MAP_VAL(r.root, 0)->kid[i];
	sp[0].lo = 0;
	sp[3].hi = 120;
	assert_int_equal(check_cover(sp, 4, 1, 100, NULL, "game.chart",
	    "roll"), 2);
	assert_string_equal(cap_text(&r.c),
	    "s.yaml:1:9: error: roll 0 is outside 1 to 100 [game.chart]\n"
	    "s.yaml:1:18: error: roll 120 is outside 1 to 100 [game.chart]\n");
	done(&r);
}

static void
test_ascending(void **state)
{
	const struct node *v[8];
	long n[8] = { 1, 3, 3, 2, 5 };
	struct run r;

	(void)state;
	cap_start(&r.c, 0);
	r.a = arena_new();
	r.root = parse_yaml("s.yaml", "min: [1, 3, 3, 2, 5]\n", r.a);
	items(r.root, v, 8);
	/* Strict: 3 after 3 and 2 after 3; not falling: only 2 after 3. */
	assert_int_equal(check_ascending(n, v, 5, 1, "game.order", "min"), 2);
	assert_int_equal(check_ascending(n, v, 5, 0, "game.order", "min"), 1);
	assert_string_equal(cap_text(&r.c),
	    "s.yaml:1:13: error: min 3 comes after 3; min must rise from row "
	    "to row [game.order]\n"
	    "s.yaml:1:16: error: min 2 comes after 3; min must rise from row "
	    "to row [game.order]\n"
	    "s.yaml:1:16: error: min 2 comes after 3; min must not fall from "
	    "row to row [game.order]\n");
	done(&r);
}

/* The JSON Schema of a kind: a variant (extends:) needs none of the
 * keys its base may give; a list's items, replaced whole, need theirs. */
static void
test_json_variant(void **state)
{
	static const struct skey k_row[] = {
		K_INT("id", REQ, 0, 9),
		K_END
	};
	static const struct skey k_rowitem[] = { K_MAP("row", REQ, k_row) };
	static const struct skey k_kind[] = {
		K_STR("system", REQ),
		K_STR("kind", REQ),
		K_MAP("inner", REQ, k_inner),
		K_SEQ("rows", OPT, 0, 9, k_rowitem),
		K_END
	};
	struct sbuf sb = SBUF_INIT;
	const char *t, *els;

	(void)state;
	schema_json(&sb, k_kind, "id", "title", "game", "thing");
	t = sb_str(&sb);
	assert_non_null(strstr(t, "\"extends\": {\"description\""));
	assert_non_null(strstr(t, "\"if\": {\"required\": [\"extends\"]},"));
	els = strstr(t, "\"else\": {");
	assert_non_null(els);
	/* Above the else: only the list item's own required. */
	assert_non_null(strstr(t, "\"required\": [\"id\"]"));
	assert_true(strstr(t, "\"required\": [\"id\"]") < els);
	assert_true(strstr(t, "\"required\": [\"n\"]") > els);
	assert_true(strstr(t, "\"required\": [\"system\", \"kind\", "
	    "\"inner\"]") > els);
	assert_null(strstr(els, "\"rows\""));
	sb_release(&sb);

	/* A template's schema is not a game document's: no extends:. */
	schema_json(&sb, k_kind, "id", "title", NULL, NULL);
	t = sb_str(&sb);
	assert_null(strstr(t, "extends"));
	assert_null(strstr(t, "\"else\""));
	assert_non_null(strstr(t, "\"required\": [\"n\"]"));
	sb_release(&sb);
}

/* ---- the shortcuts give the full check's answers ---- */

static unsigned long long rng = 88172645463325252ULL;

static unsigned long long
next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Lists of values of each kind the shortcuts take. */
static const struct skey k_whole[] = { K_INT("n", REQ, -99, 99) };
static const struct skey k_count[] = { K_INT("n", REQ, 0, 50) };
static const struct skey k_wide[] = { K_INTH("n", REQ, -999999999,
    999999999, "a number") };
static const struct skey k_aname[] = { K_TEXT("name", REQ, "a name") };
static const struct skey k_atext[] = { K_STR("side", REQ) };
static const struct skey k_acolour[] = { K_ENUM("colour", REQ, colours) };
static const struct skey k_lists[] = {
	K_SEQ("whole", OPT, 0, 100000, k_whole),
	K_SEQ("wide", OPT, 0, 100000, k_wide),
	K_SEQ("counts", OPT, 0, 100000, k_count),
	K_SEQ("names", OPT, 0, 100000, k_aname),
	K_SEQ("texts", OPT, 0, 100000, k_atext),
	K_SEQ("colours", OPT, 0, 100000, k_acolour),
	K_INT("n", OPT, 0, 9),
	K_TEXT("name", OPT, "a name"),
	K_STR("side", OPT),
	K_END
};
static const struct skey top_lists = K_MAP("", REQ, k_lists);

/* A list item near a whole number: a sign, up to 12 digits, at times a
 * character that makes it none, quoted or tagged at times. */
static void
add_number(struct sbuf *sb)
{
	static const char odd[] = ".xe_a+-";
	unsigned long long x = next_rand();
	int digits = (int)(x % 13), form = (int)(x >> 8 & 7), i;

	sb_adds(sb, "  - ");
	sb_adds(sb, form == 0 ? "\"" : form == 1 ? "!!int " : form == 2 ?
	    "!!str " : "");
	/* A sign alone is no number, and "- -" a list in YAML. */
	if (digits > 0 && (x >> 12 & 3) == 0)
		sb_addc(sb, '-');
	else if (digits > 0 && (x >> 12 & 3) == 1)
		sb_addc(sb, '+');
	for (i = 0; i < digits; i++) {
		x = next_rand();
		if (x % 16 == 0)
			sb_addc(sb, odd[(x >> 4) % (sizeof(odd) - 1)]);
		else
			sb_addc(sb, (char)('0' + (x >> 4) % 10));
	}
	sb_adds(sb, form == 0 ? "\"\n" : "\n");
}

/* A list item of text: short or about a name's limit, of printable
 * ASCII, UTF-8, blanks, tabs, line breaks and control characters. */
static void
add_text(struct sbuf *sb)
{
	static const char *const piece[] = {
		"a", "Z", "1", " ", " ", "\\t", "\\n", "\\u2663", "\\u00e9",
		"\\x85", "\\u200e", "\\ufeff", "\\x01", "\\x7f", "~",
	};
	unsigned long long x = next_rand();
	int len = x % 4 == 0 ? 95 + (int)(x >> 4 & 7) : (int)(x >> 4 & 7), i;
	int form = (int)(x >> 8 & 7);

	if (form == 0) {
		/* Plain: a null or a word, tagged at times. */
		static const char *const plain[] = {
			"", "~", "null", "Null", "NULL", "nil", "n", "No",
			"!!int 5", "!!bool true", "!!str 7", "12", "x y",
		};
		sb_addf(sb, "  - %s\n", plain[(x >> 12) % NELEM(plain)]);
		return;
	}
	sb_adds(sb, form == 1 ? "  - '" : "  - \"");
	for (i = 0; i < len; i++) {
		x = next_rand();
		/* Single quotes take no escapes: letters and blanks. */
		sb_adds(sb, piece[(x >> 4) % (form == 1 ? 5 : NELEM(piece))]);
	}
	sb_adds(sb, form == 1 ? "'\n" : "\"\n");
}

/* text's diagnostics and count, checked with the shortcuts or not. */
static char *
check_text_as(const char *text, int shortcuts, int *errors)
{
	struct run r;
	int was = schema_shortcuts(shortcuts);
	char *out;

	run(&r, &top_lists, text);
	out = xstrdup(cap_text(&r.c));
	*errors = r.errors;
	done(&r);
	schema_shortcuts(was);
	return out;
}

static void
same_both_ways(const char *text)
{
	int fast, full;
	char *a = check_text_as(text, 1, &fast);
	char *b = check_text_as(text, 0, &full);

	assert_string_equal(a, b);
	assert_int_equal(fast, full);
	free(a);
	free(b);
}

/* Thousands of values near the edges of what the shortcuts take (a
 * short whole number, printable text, a name's length, a null), each
 * told by them as by the full check; breaking a shortcut (a sign lost,
 * a character counted as a byte, a blank name let through) fails. */
static void
test_shortcuts_agree(void **state)
{
	static const char *const colour[] = {
		"red", "green", "blue", "Red", "redd", "\"\"", "~",
		"\"r\\u00e9d\"",
	};
	struct sbuf sb = SBUF_INIT;
	int i;

	(void)state;
	same_both_ways("n: 5\nname: M\nside: x\nwhole: [1, -99, 99, 100, -100, "
	    "+5, 007, -0, 1.0, \"5\", 0x10, 1e2, 999999999, 1000000000, "
	    "-999999999, 99999999999999999999]\n");
	same_both_ways("names: [\"   \", \"\", \"a\\tb\", '\\u2663', "
	    "!!int 5, null, ~]\ntexts: [\"\\x85\", \"\\u200e\", \"\\ufeff\", "
	    "\"\\x7f\", \"a\\nb\", \"\"]\n");
	sb_adds(&sb, "whole:\n");
	for (i = 0; i < 3000; i++)
		add_number(&sb);
	sb_adds(&sb, "wide:\n");
	for (i = 0; i < 3000; i++)
		add_number(&sb);
	sb_adds(&sb, "counts:\n");
	for (i = 0; i < 3000; i++)
		add_number(&sb);
	sb_adds(&sb, "names:\n");
	for (i = 0; i < 2000; i++)
		add_text(&sb);
	sb_adds(&sb, "texts:\n");
	for (i = 0; i < 2000; i++)
		add_text(&sb);
	sb_adds(&sb, "colours:\n");
	for (i = 0; i < 200; i++)
		sb_addf(&sb, "  - %s\n", colour[next_rand() % NELEM(colour)]);
	same_both_ways(sb_str(&sb));
	/* A name of 100 characters is right, of 101 not: by characters,
	 * not bytes. */
	sb_reset(&sb);
	sb_adds(&sb, "names:\n  - \"");
	for (i = 0; i < 100; i++)
		sb_adds(&sb, "\\u2663");
	sb_adds(&sb, "\"\n  - \"");
	for (i = 0; i < 101; i++)
		sb_adds(&sb, "\\u2663");
	sb_adds(&sb, "\"\n");
	same_both_ways(sb_str(&sb));
	sb_release(&sb);
}

/* keys_get() finds what node_get() finds, key by key: keys in any
 * order, missing, given twice (the first counts), not text, or with a
 * NUL inside (the text before it counts). */
static void
test_keys_get(void **state)
{
	/* Names of 1 to 17 bytes, some a byte apart at the start, the
	 * middle or the end (compared a word at a time). */
	static const char *const pool[] = {
		"a", "b", "ab", "ac", "ba", "abc", "c", "name", "namf", "n",
		"abcdef", "abcdeg", "abcdefg",
		"abcdefh", "incline1", "incline2", "shallow_water",
		"shallow_wates", "shallow_xater", "combat_value",
		"abcdefghijklmnopq", "abcdefghijklmnopr", "bbcdefghijklmnopq",
		"abcdefghjjklmnopq",
	};
	struct capture c;
	struct sbuf sb = SBUF_INIT;
	struct arena *a = arena_new();
	int round;

	(void)state;
	cap_start(&c, 0);
	for (round = 0; round < 5000; round++) {
		const struct node *at[NELEM(pool)];
		struct keyget keys[NELEM(pool) + 1];
		const char *names[NELEM(pool)];
		unsigned long long x = next_rand();
		size_t i, j, nkeys = (size_t)(x % 12);
		size_t nget = (size_t)(x >> 4) % (NELEM(pool) + 1);
		struct node *root;

		sb_reset(&sb);
		for (i = 0; i < nkeys; i++) {
			x = next_rand();
			if (x % 11 == 0)
				sb_addf(&sb, "? [%s]\n: %zu\n",
				    pool[(x >> 4) % NELEM(pool)], i);
			else if (x % 11 == 1)	/* a NUL inside: "n" */
				sb_addf(&sb, "\"%s\\0z\": %zu\n",
				    pool[(x >> 4) % NELEM(pool)], i);
			else
				sb_addf(&sb, "%s: %zu\n",
				    pool[(x >> 4) % NELEM(pool)], i);
		}
		if (nkeys == 0)
			sb_adds(&sb, round % 2 ? "{}\n" : "[a]\n");
		root = parse_yaml("k.yaml", sb_str(&sb), a);
		assert_non_null(root);
		/* nget names of the pool, each once, in a shuffled order. */
		for (i = 0; i < NELEM(pool); i++)
			names[i] = pool[i];
		for (i = NELEM(pool) - 1; i > 0; i--) {
			const char *t;

			j = (size_t)(next_rand() % (i + 1));
			t = names[i], names[i] = names[j], names[j] = t;
		}
		for (i = 0; i < nget; i++) {
			keys[i].name = names[i];
			keys[i].len = strlen(names[i]);
			keys[i].at = &at[i];
			at[i] = root;	/* to be overwritten */
		}
		keys[nget].name = NULL;
		keys_get(round % 50 == 0 ? NULL : root, keys);
		for (i = 0; i < nget; i++)
			assert_ptr_equal(at[i], node_get(round % 50 == 0 ?
			    NULL : root, names[i]));
		arena_reset(a);
	}
	cap_end(&c);
	arena_free(a);
	sb_release(&sb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid_document),
		cmocka_unit_test(test_type_errors),
		cmocka_unit_test(test_range_errors),
		cmocka_unit_test(test_list_lengths),
		cmocka_unit_test(test_enum_errors),
		cmocka_unit_test(test_missing_keys),
		cmocka_unit_test(test_missing_key_hints),
		cmocka_unit_test(test_unknown_keys),
		cmocka_unit_test(test_every_problem_reported),
		cmocka_unit_test(test_bad_nodes_read_as_default),
		cmocka_unit_test(test_named_spec_path),
		cmocka_unit_test(test_keys_any_order),
		cmocka_unit_test(test_names_once),
		cmocka_unit_test(test_stype_names),
		cmocka_unit_test(test_enum_under_rule),
		cmocka_unit_test(test_unique),
		cmocka_unit_test(test_cover),
		cmocka_unit_test(test_ascending),
		cmocka_unit_test(test_json_variant),
		cmocka_unit_test(test_shortcuts_agree),
		cmocka_unit_test(test_keys_get),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
