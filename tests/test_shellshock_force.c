/*
 * test_shellshock_force.c -- systems/shellshock_force: a force's totals
 * by hand, its roster a card a side, and every unit's own products
 * printed through it.
 */
#include "testutil.h"

#include "record.h"
#include "systems/shellshock_game.h"

/* Each card face the force sends, by product: its first field. */
struct sink {
	char first[16][64];
	char total[16][16];
	int n;
};

static void
keep(struct emitter *e, int copies)
{
	struct sink *s = e->ctx;
	const char *name = rec_get(e->rec, "side") && rec_get(e->rec,
	    "total") ? rec_get(e->rec, "side") : rec_get(e->rec, "name");

	(void)copies;
	if (s->n == 16)
		return;
	snprintf(s->first[s->n], sizeof(s->first[0]), "%s", name);
	snprintf(s->total[s->n], sizeof(s->total[0]), "%s",
	    rec_get(e->rec, "total") ? rec_get(e->rec, "total") : "");
	s->n++;
}

static const struct product *
product(const struct loaded *ld, const char *name)
{
	const struct product *p;

	for (p = ld->kind->products; p->name; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	fail_msg("a force prints no %s", name);
	return NULL;
}

static void
test_demo(void **state)
{
	struct batch *b = batch_new();
	char *path = repo_path("units/shellshock-forces/demo.yaml");
	struct sink s;
	struct emitter e;
	const struct loaded *ld;

	(void)state;
	memset(&s, 0, sizeof(s));
	diag_init(0, stderr);
	ld = load_ref(b, path, "shellshock", "force");
	/* Declared totals agree, the sides are 9.1 % apart: not a word. */
	assert_int_equal(diag_count(L_ERROR) + diag_count(L_WARNING), 0);
	e.rec = record_new();
	e.card = keep;
	e.ctx = &s;
	/* A roster card a side: UN = Grizzly 148 + its crew 9 + 9 + 6 + 2 =
	 * 174, Mason 120, a rocket pod 4: 298.  Rebel = Stalker 132 + its
	 * crew 9 + 6 = 147, Hailstorm 115, a pilot 9: 271. */
	product(ld, "roster")->emit(ld->obj, &e);
	assert_int_equal(s.n, 2);
	assert_string_equal(s.first[0], "UN");
	assert_string_equal(s.total[0], "298");
	assert_string_equal(s.first[1], "Rebel");
	assert_string_equal(s.total[1], "271");
	/* A sheet's crew one by one under it, then the side's pilots. */
	assert_string_equal(rec_get(e.rec, "row.1.what"),
	    "Stalker Walker (sheet)");
	assert_string_equal(rec_get(e.rec, "row.2.what"),
	    "    Pilot P Lt. Ines Varga, skill 3");
	assert_string_equal(rec_get(e.rec, "row.2.ecv"), "9");
	assert_string_equal(rec_get(e.rec, "row.3.what"),
	    "    Gunner G1 Sgt. Emeka Okafor, skill 2");
	assert_string_equal(rec_get(e.rec, "row.4.what"),
	    "Hailstorm Battery (card)");
	assert_string_equal(rec_get(e.rec, "row.5.what"),
	    "Pilot Cpl. Duarte, skill 3");
	assert_string_equal(rec_get(e.rec, "row.5.ecv"), "9");
	assert_string_equal(rec_get(e.rec, "row.6.what"), "");
	assert_string_equal(rec_get(e.rec, "part"), "");
	assert_string_equal(rec_get(e.rec, "crew"), "24");
	assert_string_equal(rec_get(e.rec, "declared"), "declared 271");
	/* (298 - 271) / 298 = 9.06 %. */
	assert_string_equal(rec_get(e.rec, "balance"),
	    "sides 9.1 % apart; more than 10 % is uneven");
	/* The units' own products: two sheets, two cards, four counters,
	 * side by side in the order the force names them. */
	s.n = 0;
	product(ld, "sheet")->emit(ld->obj, &e);
	product(ld, "card")->emit(ld->obj, &e);
	product(ld, "counter")->emit(ld->obj, &e);
	assert_int_equal(s.n, 8);
	assert_string_equal(s.first[0], "Grizzly MBT");
	assert_string_equal(s.first[1], "Stalker Walker");
	assert_string_equal(s.first[2], "Mason");
	assert_string_equal(s.first[3], "Hailstorm Battery");
	assert_string_equal(s.first[7], "Hailstorm Battery");
	diag_end();
	record_free(e.rec);
	batch_free(b);
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
