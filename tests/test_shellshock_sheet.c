/*
 * test_shellshock_sheet.c -- systems/shellshock_sheet: the example
 * sheets load clean, and the record the sheet template prints carries
 * each number of the YAML where the sheet shows it.
 */
#include "testutil.h"

#include "record.h"
#include "systems/shellshock_game.h"

/* What an emitter is sent: the last record, kept, and how many. */
struct sink {
	struct record *r;
	int cards;
};

static void
keep(struct emitter *e, int copies)
{
	struct sink *s = e->ctx;

	(void)copies;
	s->cards++;
}

/* Emits the product of that name of the first document of path. */
static void
emit_product(struct batch *b, const char *path, const char *kind,
    const char *product, struct sink *s)
{
	const struct loaded *ld = load_ref(b, path, "shellshock", kind);
	const struct product *p;
	struct emitter e;

	e.rec = s->r;
	e.card = keep;
	e.ctx = s;
	for (p = ld->kind->products; p->name; p++)
		if (strcmp(p->name, product) == 0) {
			p->emit(ld->obj, &e);
			return;
		}
	fail_msg("%s %s prints no %s", path, kind, product);
}

static void
is(struct record *r, const char *key, const char *want)
{
	const char *v = rec_get(r, key);

	if (v == NULL)
		fail_msg("no field '%s'", key);
	if (strcmp(v, want) != 0)
		fail_msg("'%s' is \"%s\", want \"%s\"", key, v, want);
}

static void
test_grizzly(void **state)
{
	struct batch *b = batch_new();
	struct sink s = { record_new(), 0 };
	char *path = repo_path("units/shellshock/grizzly.yaml");

	(void)state;
	diag_init(0, stderr);
	emit_product(b, path, "sheet", "sheet", &s);
	assert_int_equal(diag_count(L_ERROR) + diag_count(L_WARNING), 0);
	assert_int_equal(s.cards, 1);
	is(s.r, "name", "Grizzly MBT");
	is(s.r, "card", "K♠");
	is(s.r, "ecv", "148");
	/* The crew's ECV beside the unit's: 9 + 9 + 6 + 2. */
	is(s.r, "crew.ecv", "26");
	is(s.r, "crew.2.id", "G1");
	is(s.r, "crew.5.role", "");
	/* Speeds 1-10 off the road, 11-13 road speeds in their own (italic)
	 * column; the turn column beside both. */
	is(s.r, "speed.10", "10");
	is(s.r, "road.10", "");
	is(s.r, "speed.11", "");
	is(s.r, "road.11", "11");
	is(s.r, "turn.13", "7");
	is(s.r, "turn.14", "");
	is(s.r, "slip", "3");
	/* The hexes, clockwise from the front. */
	is(s.r, "multipliers", "1,0,0,2,0,0");
	is(s.r, "penetration", "12,9,6,5,6,9");
	is(s.r, "terrain.3.name", "thick brush");
	is(s.r, "terrain.3.cost", "2");
	is(s.r, "dv.SA.fb", "28");
	is(s.r, "armor.front.boxes", "180");
	/* Weapons: damage in d6, range in miles. */
	is(s.r, "w.1.dam", "12d6");
	is(s.r, "w.1.rng", "2");
	is(s.r, "w.2.rng", "0.5");
	is(s.r, "w.4.pen", "–");
	is(s.r, "w.4.ops", "C L");
	is(s.r, "w.4.ind", "y");
	/* "Mark off used ammunition": each weapon that fires rounds has
	 * its count and a cell for what is left. */
	is(s.r, "w.1.ammo", "40");
	is(s.r, "w.1.left", "y");
	is(s.r, "w.4.ammo", "8");
	is(s.r, "w.5.left", "");
	/* No equipment gives power: no battery line. */
	is(s.r, "bat.1.name", "");
	/* The first box starts at 2: internal 1 is a core hit, 1 %. */
	is(s.r, "internal.core", "Core hit: internal 1, or a point slipped "
	    "past speed, is a 1 % hit (one line).");
	is(s.r, "internal.percent", "5%\n10%\n20%\n30%\n45%");
	is(s.r, "internal.min", "2+\n6+\n11+\n18+\n26+");
	is(s.r, "dead", "36+");
	/* Chart lines 49-62 are the treads, 94-100 the engine again. */
	is(s.r, "chart.49", "49 H");
	is(s.r, "chart.100", "100 A");
	is(s.r, "eq.8.name", "Treads (loco.)");
	is(s.r, "eq.8.boxes", "3");
	is(s.r, "loco.4.4", "MSRP");
	is(s.r, "ram.sh", "1");
	is(s.r, "kick", "");
	diag_end();
	record_free(s.r);
	batch_free(b);
	free(path);
}

static void
test_stalker(void **state)
{
	struct batch *b = batch_new();
	struct sink s = { record_new(), 0 };
	char *path = repo_path("units/shellshock/stalker.yaml");

	(void)state;
	diag_init(0, stderr);
	emit_product(b, path, "sheet", "sheet", &s);
	assert_int_equal(diag_count(L_ERROR) + diag_count(L_WARNING), 0);
	/* The crew with their names, as players print them. */
	is(s.r, "crew.1.name", "Lt. Ines Varga");
	is(s.r, "crew.2.name", "Sgt. Emeka Okafor");
	/* The walker kicks and punches; its reactor powers the laser. */
	is(s.r, "kick", "5d6");
	is(s.r, "punch", "4d6");
	is(s.r, "eq.1.name", "Reactor (6 power)");
	is(s.r, "w.1.krg", "3");
	/* The laser is an energy weapon: no rounds, its kreigs are the
	 * reactor's 6 boxes; the missile rack and the chaingun fire
	 * rounds. */
	is(s.r, "w.1.ammo", "");
	is(s.r, "w.1.left", "");
	is(s.r, "w.2.ammo", "8");
	is(s.r, "w.3.left", "y");
	is(s.r, "bat.1.name", "A Reactor");
	is(s.r, "bat.1.boxes", "6");
	is(s.r, "bat.2.name", "");
	/* Its first box starts at 1: a core hit comes only of a slip. */
	is(s.r, "internal.core", "Core hit: a point slipped past speed is "
	    "a 1 % hit (one line).");
	is(s.r, "card.colour", "red");
	/* Its counter: name, side, index. */
	emit_product(b, path, "sheet", "counter", &s);
	is(s.r, "name", "Stalker Walker");
	is(s.r, "side", "Rebel");
	is(s.r, "card", "7♦");
	assert_int_equal(s.cards, 2);
	diag_end();
	record_free(s.r);
	batch_free(b);
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grizzly),
		cmocka_unit_test(test_stalker),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
