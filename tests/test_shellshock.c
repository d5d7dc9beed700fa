/*
 * test_shellshock.c -- the Shellshock basic rules (rules/shellshock.h) and
 * its record card (systems/shellshock_card.h): gunnery, era dice, arcs,
 * the Mason loaded from units/ and the record its card prints.
 */
#include "testutil.h"

#include "record.h"
#include "rules/shellshock.h"
#include "systems/shellshock_game.h"

/* ---- rules ---- */

static void
test_parse_gunnery(void **state)
{
	static const struct {
		const char *s;
		int ok, die, skill;
	} cases[] = {
		{ "d10+4", 1, 10, 4 },		/* the Mason */
		{ "1d10+4", 1, 10, 4 },		/* "1d" is the same die */
		{ "d8+2", 1, 8, 2 },
		{ "d6", 1, 6, 0 },		/* no skill: +0 */
		{ "d6+0", 1, 6, 0 },
		{ "d10+99", 1, 10, 99 },
		{ "d100", 1, 100, 0 },
		{ "d10+", 0, 0, 0 },
		{ "d10-1", 0, 0, 0 },		/* skill is not negative */
		{ "d10+-1", 0, 0, 0 },
		{ "d10+100", 0, 0, 0 },
		{ "d101", 0, 0, 0 },
		{ "d0", 0, 0, 0 },
		{ "2d10+4", 0, 0, 0 },		/* one targeting die */
		{ "10+4", 0, 0, 0 },
		{ "d", 0, 0, 0 },
		{ "", 0, 0, 0 },
		{ "d10+4 ", 0, 0, 0 },
		{ "D10+4", 0, 0, 0 },
		{ "d10 + 4", 0, 0, 0 },
		{ "d0100", 0, 0, 0 },		/* a die from 1 */
		{ "d10+099", 1, 10, 99 },	/* a skill's 0s read as strtol */
		{ "d10+0000000000000000000000005", 1, 10, 5 },
		{ "d1000+1", 0, 0, 0 },
		{ "d10+99999999999999999999", 0, 0, 0 },
		{ "d99999999999999999999", 0, 0, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(cases); i++) {
		int die = -1, skill = -1;
		int ok = ss_parse_gunnery(cases[i].s, &die, &skill);

		if (ok != cases[i].ok)
			fail_msg("ss_parse_gunnery(\"%s\") is %d, want %d",
			    cases[i].s, ok, cases[i].ok);
		if (ok && (die != cases[i].die || skill != cases[i].skill))
			fail_msg("ss_parse_gunnery(\"%s\") gives d%d+%d, want "
			    "d%d+%d", cases[i].s, die, skill, cases[i].die,
			    cases[i].skill);
		if (!ok && (die != -1 || skill != -1))
			fail_msg("ss_parse_gunnery(\"%s\") failed but wrote its "
			    "outputs", cases[i].s);
	}
}

/* A card index: each rank in either case with each suit, written as a
 * glyph or a letter, a blank between at will; nothing else. */
static void
test_card_index(void **state)
{
	static const char *const ranks[] = {
		"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
		"K",
	};
	static const char *const bad[] = {
		"", "A", "10", "1♣", "11♣", "0♣", "Z♣", "1 0♣", "♣",
		"AA♣",
		"A♣♣", "AX", "A x", "10♣ ", "B♣", "j", "\t♣",
	};
	static const char suit[] = "CDHScdhs";
	static const char *const glyph[] = { "♣", "♦", "♥", "♠" };
	struct arena *a = arena_new();
	struct ss_index x;
	struct node n;
	char buf[16], want[16];
	size_t i, j;

	(void)state;
	memset(&n, 0, sizeof(n));
	n.type = N_SCALAR;
	n.str = buf;
	for (i = 0; i < NELEM(ranks); i++)
		for (j = 0; j < 8 + 4; j++) {
			const char *s = j < 8 ? (char[]){ suit[j], '\0' } :
			    glyph[j - 8];
			const char *g = glyph[j < 8 ? j % 4 : j - 8];

			snprintf(buf, sizeof(buf), "%s%s%s", ranks[i],
			    j % 3 ? "" : " ", s);
			/* A lower-case letter for a rank is the same. */
			if (j % 2 && ranks[i][0] > '9')
				buf[0] = (char)(buf[0] - 'A' + 'a');
			n.len = strlen(buf);
			ss_index_load(&x, &n, a);
			snprintf(want, sizeof(want), "%s%s", ranks[i], g);
			assert_non_null(x.card);
			assert_string_equal(x.card, want);
			assert_string_equal(x.rank, ranks[i]);
			assert_string_equal(x.suit, g);
		}
	for (i = 0; i < NELEM(bad); i++) {
		snprintf(buf, sizeof(buf), "%s", bad[i]);
		n.len = strlen(buf);
		ss_index_load(&x, &n, a);
		if (x.card)
			fail_msg("'%s' read as '%s'", bad[i], x.card);
	}
	ss_index_load(&x, NULL, a);
	assert_null(x.card);
	arena_free(a);
}

static void
test_era_allows_die(void **state)
{
	char buf[32];
	int die;

	(void)state;
	/* Future: the d10 targeting computer; modern adds the d8; WWII
	 * rolls a d6. */
	for (die = 0; die <= 20; die++) {
		assert_int_equal(ss_era_allows_die(SS_FUTURE, die), die == 10);
		assert_int_equal(ss_era_allows_die(SS_MODERN, die),
		    die == 8 || die == 10);
		assert_int_equal(ss_era_allows_die(SS_WW2, die), die == 6);
		assert_int_equal(ss_era_allows_die(SS_NERAS, die), 0);
		assert_int_equal(ss_era_allows_die(-1, die), 0);
	}
	assert_string_equal(ss_era_dice(SS_FUTURE, buf), "d10");
	assert_string_equal(ss_era_dice(SS_MODERN, buf), "d8 or d10");
	assert_string_equal(ss_era_dice(SS_WW2, buf), "d6");
	assert_string_equal(ss_era_dice(7, buf), "?");
	assert_string_equal(ss_era_name[SS_WW2], "ww2");
	assert_null(ss_era_name[SS_NERAS]);
}

static void
test_arc_sector(void **state)
{
	static const struct { int arc, center, width; } cases[] = {
		/* A fixed arc is one 60-degree facing. */
		{ SS_ARC_FRONT, 0, 60 },
		{ SS_ARC_REAR, 180, 60 },
		{ SS_ARC_LEFT, 270, 60 },
		{ SS_ARC_RIGHT, 90, 60 },
		/* A pivot N reaches N facings further each way from the front:
		 * 60 + 2 x 60 N degrees, all 360 at pivot3. */
		{ SS_ARC_PIVOT1, 0, 180 },
		{ SS_ARC_PIVOT2, 0, 300 },
		{ SS_ARC_PIVOT3, 0, 360 },
		/* Out of range: a plain front arc rather than garbage. */
		{ SS_NARCS, 0, 60 },
		{ -1, 0, 60 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(cases); i++) {
		int center = -1, width = -1;

		ss_arc_sector(cases[i].arc, &center, &width);
		if (center != cases[i].center || width != cases[i].width)
			fail_msg("arc %d is %d,%d; want %d,%d", cases[i].arc,
			    center, width, cases[i].center, cases[i].width);
	}
	assert_string_equal(ss_arc_name[SS_ARC_PIVOT2], "pivot2");
	assert_null(ss_arc_name[SS_NARCS]);
}

static void
test_tables(void **state)
{
	(void)state;
	assert_string_equal(ss_row_letter, "EMBISP");
	assert_string_equal(ss_row_name[SS_S], "small caliber");
	/* SPEC 6: armor printed front, right, left, rear. */
	assert_string_equal(ss_facing_name[0], "front");
	assert_string_equal(ss_facing_name[1], "right");
	assert_string_equal(ss_facing_name[2], "left");
	assert_string_equal(ss_facing_name[3], "rear");
	/* The internal chart: 1 s, 2 m, 3 p, 4 F, 5 A, 6 C; fuel and ammo
	 * may explode, the crew hit ends the unit. */
	{
		char letters[SS_CHART_DIE + 1];
		int i;

		for (i = 1; i <= SS_CHART_DIE; i++)
			letters[i - 1] = ss_chart[i].letter;
		letters[SS_CHART_DIE] = '\0';
		assert_string_equal(letters, "smpFAC");
		for (i = 1; i <= SS_CHART_DIE; i++) {
			assert_int_equal(!!(ss_chart[i].fx & SS_FX_EXPLODES),
			    i == 4 || i == 5);
			assert_int_equal(!!(ss_chart[i].fx & SS_FX_CREW), i == 6);
		}
	}
	assert_string_equal(ss_chart[6].name, "crew");
	/* 45 of the 100 pairs of d10s have the attacker's higher. */
	assert_near(ss_p_explodes(), 0.45, 1e-12);
	assert_string_equal(ss_terrain_key[SS_WATER], "shallow_water");
}

/* ---- the Mason ---- */

struct loaded_unit {
	struct capture c;
	struct batch *b;
	struct loaded ld;
	char *path;
};

static const struct ss_card *
load_mason(struct loaded_unit *u)
{
	u->path = repo_path("units/shellshock/mason.yaml");
	/* The examples that combat_value is weighed against. */
	{
		char *units = repo_path("units");

		setenv("MUSTER_UNITS", units, 1);
		free(units);
	}
	cap_start(&u->c, 0);
	u->b = batch_new();
	u->ld = *load_ref(u->b, u->path, "shellshock", "card");
	assert_non_null(u->ld.kind);
	assert_non_null(u->ld.obj);
	return u->ld.obj;
}

static void
unload(struct loaded_unit *u)
{
	cap_end(&u->c);
	batch_free(u->b);
	free(u->path);
}

static void
test_mason_loads(void **state)
{
	struct loaded_unit lu;
	const struct ss_card *c = load_mason(&lu);
	const struct ss_unit *u = &c->u;
	static const int terrain[SS_NTERRAIN] = { 1, 2, 4, 2, 3, 3 };
	static const int dv[SS_NROWS][2] = {
		{ 8, 6 }, { 12, 10 }, { 11, 9 }, { 13, 11 }, { 31, 30 },
		{ 10, 10 }	/* P has one value, used for both */
	};
	int i;

	(void)state;
	/* Checked clean: no diagnostics at all. */
	assert_string_equal(cap_text(&lu.c), "");
	assert_int_equal(lu.ld.errors, 0);
	assert_ptr_equal(lu.ld.game, game_find("shellshock"));
	assert_ptr_equal(lu.ld.kind, kind_find(game_find("shellshock"), "card"));
	assert_string_equal(lu.ld.kind->products[0].name, "card");
	assert_string_equal(lu.ld.kind->products[0].tmpl, "shellshock-card");
	assert_string_equal(lu.ld.kind->products[0].type->name,
	    "shellshock.card");
	/* The numbers in units/shellshock/mason.yaml. */
	assert_string_equal(u->name, "Mason");
	assert_string_equal(c->index.card, "A♣");
	assert_string_equal(c->index.rank, "A");
	assert_string_equal(c->index.suit, "♣");
	assert_string_equal(c->side, "UN");
	assert_int_equal(u->era, SS_FUTURE);
	assert_int_equal(u->combat_value, 120);
	assert_int_equal(u->max_speed, 9);
	assert_int_equal(u->road_speed, 14);
	assert_string_equal(u->maneuver, "??n");
	assert_int_equal(u->tonnage, 85);
	for (i = 0; i < SS_NTERRAIN; i++)
		assert_int_equal(u->terrain[i], terrain[i]);
	for (i = 0; i < SS_NROWS; i++) {
		assert_int_equal(u->dv[i][0], dv[i][0]);
		assert_int_equal(u->dv[i][1], dv[i][1]);
	}
	assert_string_equal(c->gunnery, "d10+4");
	assert_int_equal(c->gunnery_ok, 1);
	assert_int_equal(u->die, 10);
	assert_int_equal(u->skill, 4);
	assert_int_equal(u->gunners, 2);
	assert_int_equal(u->nweapons, 2);
	assert_int_equal(c->nraw, 2);
	/* {row: M, damage: 14, class: s, arc: front} */
	assert_int_equal(u->weapon[0].row, SS_M);
	assert_int_equal(u->weapon[0].damage, 14);
	assert_int_equal(u->weapon[0].cls, 's');
	assert_int_equal(u->weapon[0].arc, SS_ARC_FRONT);
	assert_int_equal(u->weapon[0].spread, 0);
	/* {row: I, damage: 25, class: p, arc: pivot2, spread: true} */
	assert_int_equal(u->weapon[1].row, SS_I);
	assert_int_equal(u->weapon[1].damage, 25);
	assert_int_equal(u->weapon[1].cls, 'p');
	assert_int_equal(u->weapon[1].arc, SS_ARC_PIVOT2);
	assert_int_equal(u->weapon[1].spread, 1);
	assert_near(u->ram, 1.27, 1e-12);
	assert_string_equal(c->ram, "1.27");
	/* armor: {front: 31, right: 21, left: 12, rear: 9} */
	assert_int_equal(u->armor[SS_FACE_FRONT], 31);
	assert_int_equal(u->armor[SS_FACE_RIGHT], 21);
	assert_int_equal(u->armor[SS_FACE_LEFT], 12);
	assert_int_equal(u->armor[SS_FACE_REAR], 9);
	/* internal: [[5, 10], [11, 15], [16, 21]], dead: 22 */
	assert_int_equal(u->nbands, 3);
	assert_int_equal(u->band[0][0], 5);
	assert_int_equal(u->band[0][1], 10);
	assert_int_equal(u->band[1][0], 11);
	assert_int_equal(u->band[1][1], 15);
	assert_int_equal(u->band[2][0], 16);
	assert_int_equal(u->band[2][1], 21);
	assert_int_equal(c->bands_ok, 1);
	assert_int_equal(u->dead, 22);
	/* The nodes point into the file, for messages: "name: Mason" is on
	 * line 6 after the schema line, two comment lines and system/kind. */
	assert_int_equal(c->name_n->line, 6);
	assert_int_equal(c->name_n->col, 7);
	unload(&lu);
}

/* Collects what an emitter is sent. */
struct sink {
	int cards, copies;
};

static void
on_card(struct emitter *e, int copies)
{
	struct sink *s = e->ctx;

	s->cards++;
	s->copies += copies;
}

static void
test_mason_record(void **state)
{
	static const struct { const char *key, *val; } want[] = {
		{ "name", "Mason" },
		{ "card", "A♣" },
		{ "card.rank", "A" },
		{ "card.suit", "♣" },
		{ "card.colour", "black" },	/* clubs are a black suit */
		{ "side", "UN" },
		{ "era", "future" },
		{ "combat_value", "120" },
		{ "speed", "9" },
		{ "road", "14" },
		{ "maneuver", "??n" },
		{ "tonnage", "85" },
		{ "terrain.open", "1" },
		{ "terrain.rough", "2" },
		{ "terrain.trees", "4" },
		{ "terrain.incline1", "2" },
		{ "terrain.incline2", "3" },
		{ "terrain.shallow_water", "3" },
		{ "dv.E.fb", "8" },
		{ "dv.E.sd", "6" },
		{ "dv.M.fb", "12" },
		{ "dv.M.sd", "10" },
		{ "dv.S.fb", "31" },
		{ "dv.S.sd", "30" },
		{ "dv.P.fb", "10" },
		{ "dv.P.sd", "" },		/* P has one value */
		{ "w.E", "" },			/* no weapon on E */
		{ "w.E.arc", "" },
		{ "w.M", "14s" },
		{ "w.M.arc", "0,60" },		/* front: one facing */
		{ "w.M.spread", "" },
		{ "w.I", "25p" },
		{ "w.I.arc", "0,300" },		/* pivot2 */
		{ "w.I.spread", "≋" },
		{ "gunnery", "d10+4" },
		{ "gunners", "2 gunners" },
		{ "ram", "×1.27" },
		{ "armor.front", "31" },
		{ "armor.right", "21" },
		{ "armor.left", "12" },
		{ "armor.rear", "9" },
		{ "internal.boxes", "1 box\n2 boxes\n3 boxes" },
		{ "internal.range", "5–10\n11–15\n16–21" },	/* en dashes */
		{ "dead", "22+" },
		{ "chart.roll", "1\n2\n3\n4\n5\n6" },
		{ "chart", "s\nm\np\nF\nA\nC" },
	};
	struct loaded_unit lu;
	const struct ss_card *c = load_mason(&lu);
	struct sink sink = { 0, 0 };
	struct emitter e;
	size_t i;

	(void)state;
	e.rec = record_new();
	e.card = on_card;
	e.ctx = &sink;
	lu.ld.kind->products[0].emit(c, &e);
	/* One card, one copy. */
	assert_int_equal(sink.cards, 1);
	assert_int_equal(sink.copies, 1);
	for (i = 0; i < NELEM(want); i++) {
		const char *v = rec_get(e.rec, want[i].key);

		if (v == NULL)
			fail_msg("the Mason's record has no field '%s'",
			    want[i].key);
		if (strcmp(v, want[i].val) != 0)
			fail_msg("the Mason's '%s' is \"%s\", want \"%s\"",
			    want[i].key, v, want[i].val);
	}
	/* Named for messages by the unit's name and where it starts. */
	assert_string_equal(rec_label_text(e.rec), "Mason");
	/* A file below the working folder is named relative to it, so it
	 * is named alike as an input and as a force's unit. */
	{
		const char *f = rec_file(e.rec);
		size_t n = strlen(lu.path), k = strlen(f);

		assert_true(strcmp(f, lu.path) == 0 || (k < n &&
		    strcmp(lu.path + n - k, f) == 0 && lu.path[n - k - 1] ==
		    '/'));
	}
	/* After the schema line and the comments: system: is on line 4. */
	assert_int_equal(rec_line(e.rec), 4);
	assert_int_equal(rec_col(e.rec), 1);
	record_free(e.rec);
	unload(&lu);
}

/* ---- other cards through the loader ---- */

static const char unit_text[] =
    "system: shellshock\n"
    "kind: card\n"
    "name: Test\n"
    "card: \"%s\"\n"
    "era: %s\n"
    "movement:\n"
    "  max_speed: 9\n"
    "  road_speed: 14\n"
    "  maneuver: \"%s\"\n"
    "  tonnage: 85\n"
    "  terrain: {open: 1, rough: 2, trees: 4, incline1: 2, incline2: 3, "
    "shallow_water: 3}\n"
    "defense: {E: [8, 6], M: [12, 10], B: [11, 9], I: [13, 11], "
    "S: [31, 30], P: 10}\n"
    "gunnery: \"%s\"\n"
    "gunners: 1\n"
    "weapons:\n"
    "  - {row: M, damage: 14, class: s, arc: front}\n"
    "armor: {front: 31, right: 21, left: 12, rear: 9}\n"
    "internal: [[5, 10], [11, 15], [16, 21]]\n"
    "dead: 22\n";

/* The file the variants are read as. */
static const char *variant_file = "t.yaml";

/* Loads the unit above with the given card, era, maneuver and gunnery;
 * returns the diagnostics (owned by c). */
static const char *
load_variant(struct capture *c, struct arena *a, struct batch *b,
    struct loaded *ld, const char *card, const char *era,
    const char *maneuver, const char *gunnery)
{
	struct sbuf sb = SBUF_INIT;

	sb_addf(&sb, unit_text, card, era, maneuver, gunnery);
	load_yaml(variant_file, sb.buf, a, b, ld);
	sb_release(&sb);
	return cap_text(c);
}

/*
 * A variant (extends:) of the shipped Mason, and a variant of that: what
 * each gives wins, a mapping merges key by key, a list is replaced, and
 * every value still names the file it came from.
 */
static void
test_mason_extended(void **state)
{
	const char *dir = *state;
	char *mason = repo_path("units/shellshock/mason.yaml");
	char *mk2 = path_join(dir, "mk2.yaml"), *mk3 = path_join(dir,
	    "mk3.yaml");
	struct sbuf sb = SBUF_INIT;
	struct capture c;
	struct batch *b;
	const struct ss_card *card;
	const struct ss_unit *u;

	sb_addf(&sb, "extends: %s\n"
	    "name: Mason Mk II\n"
	    "movement: {max_speed: 10}\n"
	    "weapons: [{row: I, damage: 22, class: p, arc: pivot2}]\n",
	    mason);
	write_file(mk2, sb.buf);
	write_file(mk3, "extends: mk2.yaml\ngunners: 3\narmor: {rear: 10}\n");
	cap_start(&c, 0);
	b = batch_new();
	card = load_ref(b, mk2, "shellshock", "card")->obj;
	u = &card->u;
	/* No error (the Mason's combat_value may be far from the Mk II's
	 * estimate: a warning at the Mason's line, and a note). */
	assert_null(strstr(cap_text(&c), "error:"));
	assert_string_equal(u->name, "Mason Mk II");
	/* movement: max_speed the variant's, the rest the Mason's. */
	assert_int_equal(u->max_speed, 10);
	assert_int_equal(u->road_speed, 14);
	assert_string_equal(u->maneuver, "??n");
	assert_int_equal(u->terrain[0], 1);
	/* The list replaced whole: one weapon, not three. */
	assert_int_equal(u->nweapons, 1);
	assert_int_equal(u->weapon[0].damage, 22);
	assert_int_equal(u->armor[0], 31);
	assert_int_equal(u->dead, 22);
	/* Each value names the file that holds it. */
	assert_string_equal(card->name_n->file, mk2);
	assert_non_null(strstr(card->maneuver_n->file, "mason.yaml"));
	assert_int_equal(card->maneuver_n->line, 14);

	/* A variant of the variant: three files in one unit. */
	card = load_ref(b, mk3, "shellshock", "card")->obj;
	u = &card->u;
	assert_null(strstr(cap_text(&c), "error:"));
	assert_string_equal(u->name, "Mason Mk II");
	assert_int_equal(u->gunners, 3);
	assert_int_equal(u->max_speed, 10);
	assert_int_equal(u->nweapons, 1);
	/* armor: rear the variant's, front, right and left the Mason's. */
	assert_int_equal(u->armor[0], 31);
	assert_int_equal(u->armor[3], 10);
	batch_free(b);
	cap_end(&c);
	sb_release(&sb);
	free(mason);
	free(mk2);
	free(mk3);
}

static void
test_card_variants(void **state)
{
	struct capture c;
	struct arena *a = arena_new();
	struct batch *b = batch_new();
	struct record *r = record_new();
	struct sink sink = { 0, 0 };
	struct emitter e = { r, on_card, &sink };
	struct loaded ld;

	(void)state;
	cap_start(&c, 0);
	/* "10 h" is the ten of hearts, which prints red; one gunner. */
	assert_string_equal(load_variant(&c, a, b, &ld, "10 h", "modern",
	    "yny", "d8+3"), "");
	assert_int_equal(ld.errors, 0);
	ld.kind->products[0].emit(ld.obj, &e);
	assert_string_equal(rec_get(r, "card"), "10♥");
	assert_string_equal(rec_get(r, "card.colour"), "red");
	assert_string_equal(rec_get(r, "gunners"), "1 gunner");
	assert_string_equal(rec_get(r, "gunnery"), "d8+3");
	assert_string_equal(rec_get(r, "ram"), "");	/* none given */
	assert_string_equal(rec_get(r, "combat_value"), "");
	arena_reset(a);
	cap_end(&c);

	/* The same unit read again (an input a force also names) is the
	 * same card: no word. */
	cap_start(&c, 0);
	assert_string_equal(load_variant(&c, a, b, &ld, "10H", "modern",
	    "yny", "d8+3"), "");
	arena_reset(a);
	cap_end(&c);

	/* The same index on another unit in the same batch: a warning
	 * naming the first (SPEC 3.1). */
	cap_start(&c, 0);
	variant_file = "u.yaml";
	assert_string_equal(load_variant(&c, a, b, &ld, "10H", "modern",
	    "yny", "d8+3"),
	    "u.yaml:4:7: warning: card index '10♥' is also on 'Test' "
	    "(t.yaml:4); cards printed together should have different "
	    "indices [shellshock.card-unique]\n");
	variant_file = "t.yaml";
	assert_int_equal(ld.errors, 0);
	arena_reset(a);
	cap_end(&c);

	/* The era decides the die; a maneuver is three of y, n, ?. */
	cap_start(&c, 0);
	assert_string_equal(load_variant(&c, a, b, &ld, "QS", "ww2", "yyx",
	    "d10+4"),
	    "t.yaml:9:13: error: maneuver 'yyx' must be three of y, n, ? "
	    "[shellshock.maneuver]\n"
	    "t.yaml:13:10: error: gunnery 'd10+4': a ww2 unit's targeting die "
	    "is d6, not d10 [shellshock.gunnery]\n");
	assert_int_equal(ld.errors, 2);
	arena_reset(a);
	cap_end(&c);

	/* A bad card index and a bad era: the schema and the rule both
	 * speak, and the loader still builds the card. */
	cap_start(&c, 0);
	assert_string_equal(load_variant(&c, a, b, &ld, "Z♣", "furture", "??n",
	    "d10+4"),
	    "t.yaml:4:7: error: card index 'Z♣' must be a rank (A, 2-10, J, Q, "
	    "K) and a suit (♣ ♦ ♥ ♠ or C D H S), such as 'A♣' or 'QH' "
	    "[shellshock.card]\n"
	    "t.yaml:5:6: error: 'era' is 'furture'; did you mean 'future'? "
	    "allowed: future, modern, ww2 [yaml.enum]\n");
	assert_int_equal(ld.errors, 2);
	assert_non_null(ld.obj);
	assert_int_equal(((const struct ss_card *)ld.obj)->u.era, -1);
	cap_end(&c);

	record_free(r);
	batch_free(b);
	arena_free(a);
}

/*
 * check's value memo (shellshock.value: a rating kept by the unit's
 * value signature): the Mason with only numbers the rating does not
 * read changed (name, era, maneuver, road speed, tonnage, ram, the
 * declared combat_value; the card's index and side are not the unit's
 * at all) is answered from the memo, no rating made; with one number
 * it reads changed, a rating is made and the value differs.
 */
static void
test_value_memo(void **state)
{
	struct loaded_unit lu;
	const struct ss_card *c = load_mason(&lu);
	struct ss_unit v;
	double base, x;
	size_t n;
	int k;

	(void)state;
	assert_true(ss_value_estimate(&c->u, lu.b, &base));
	n = ss_value_judged();
	for (k = 0; k < 7; k++) {
		v = c->u;
		switch (k) {
		case 0: v.name = "Other"; break;
		case 1: v.era = SS_MODERN; break;
		case 2: v.maneuver[0] = 'n'; break;
		case 3: v.road_speed += 5; break;
		case 4: v.tonnage += 40; break;
		case 5: v.ram += 1; break;
		case 6: v.combat_value = 50; break;
		}
		assert_true(ss_value_estimate(&v, lu.b, &x));
		assert_true(x == base);
		assert_int_equal(ss_value_judged(), n);
	}
	for (k = 0; k < 12; k++) {
		v = c->u;
		switch (k) {
		case 0: v.skill++; break;
		case 1: v.die = 8; break;
		case 2: v.gunners = 1; break;
		case 3: v.weapon[0].damage += 4; break;
		case 4: v.weapon[0].arc = SS_ARC_REAR; break;
		case 5: v.weapon[1].spread = !v.weapon[1].spread; break;
		case 6: v.dv[SS_M][0] += 3; v.dv[SS_M][1] += 3; break;
		case 7: v.armor[SS_FACE_FRONT] -= 10; break;
		case 8: v.dead += 4; break;
		case 9: v.band[2][0]--; break;
		case 10: v.max_speed *= 2; break;
		case 11: v.terrain[0] = 6; break;
		}
		assert_true(ss_value_estimate(&v, lu.b, &x));
		print_message("variant %d: %.6f (the Mason %.6f)\n", k, x, base);
		assert_true(x != base);
		assert_int_equal(ss_value_judged(), ++n);
	}
	unload(&lu);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_gunnery),
		cmocka_unit_test(test_card_index),
		cmocka_unit_test(test_era_allows_die),
		cmocka_unit_test(test_arc_sector),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_mason_loads),
		cmocka_unit_test(test_mason_record),
		scratch_test(test_mason_extended),
		cmocka_unit_test(test_card_variants),
		cmocka_unit_test(test_value_memo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
