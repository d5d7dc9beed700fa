/*
 * test_shambattle.c -- rules/shambattle and systems/shambattle_army: the
 * type table against the rules document, the dice by hand, a close
 * combat by hand, and the counters and roster of the example armies.
 */
#include "testutil.h"

#include "record.h"
#include "rules/shambattle.h"

#define EPS 1e-9

/* Each type as 001_691c59313303f977.txt, "Units", states it. */
static void
test_types(void **state)
{
	const struct sb_values *v;

	(void)state;
	/* "Infantry regiments: 2 bases @ 3SPs each = 6 SPs; move 1 ...;
	 * weapon range of 1 ...; 1 D6 combat die per base": 2 dice. */
	v = &sb_types[SB_INFANTRY].v;
	assert_int_equal(v->bases, 2);
	assert_int_equal(v->sp_per_base, 3);
	assert_int_equal(sb_sp(v), 6);
	assert_int_equal(v->move, 1);
	assert_int_equal(v->range, 1);
	assert_int_equal(v->fire, 0);
	assert_int_equal(v->close, 2);
	/* "Engineer battalions: 1 base @ 3 SPs = 3 SPs; move 1; range 1;
	 * 1 D6 combat die." */
	v = &sb_types[SB_ENGINEER].v;
	assert_int_equal(sb_sp(v), 3);
	assert_int_equal(v->bases, 1);
	assert_int_equal(v->move, 1);
	assert_int_equal(v->range, 1);
	assert_int_equal(v->close, 1);
	/* "Machine gun companies: 1 base @ 2 SPs = 2 SPs; move 1; range 2;
	 * 3 D6 ... when firing but only 1 D6 ... in close combat." */
	v = &sb_types[SB_MACHINE_GUN].v;
	assert_int_equal(sb_sp(v), 2);
	assert_int_equal(v->range, 2);
	assert_int_equal(v->fire, 3);
	assert_int_equal(v->close, 1);
	/* "Cavalry regiments: 2 bases @ 2 SPs each = 4 SPs; move 2; range
	 * 1; 1 D6 combat die per base." */
	v = &sb_types[SB_CAVALRY].v;
	assert_int_equal(v->bases, 2);
	assert_int_equal(sb_sp(v), 4);
	assert_int_equal(v->move, 2);
	assert_int_equal(v->range, 1);
	assert_int_equal(v->close, 2);
	/* "Artillery regiments: 1 base @ 2 SPs = 2 SPs; move 1; range 4;
	 * 2 D6 ... when firing but only 1 D6 ... in close combat." */
	v = &sb_types[SB_ARTILLERY].v;
	assert_int_equal(sb_sp(v), 2);
	assert_int_equal(v->move, 1);
	assert_int_equal(v->range, 4);
	assert_int_equal(v->fire, 2);
	assert_int_equal(v->close, 1);
	/* "Generals: 1 base @ 6 notional SPs; move 2; no weapon range; add
	 * 1 to the D6 dice scores of any friendly units" in its hex. */
	v = &sb_types[SB_GENERAL].v;
	assert_int_equal(sb_sp(v), 6);
	assert_int_equal(v->move, 2);
	assert_int_equal(v->range, 0);
	assert_int_equal(v->close, 0);
	assert_int_equal(v->bonus, 1);
	assert_string_equal(sb_type_name[SB_MACHINE_GUN], "machine-gun");
	assert_null(sb_type_name[SB_NTYPES]);
	/* The names the checks read and the rows the counters print are
	 * one order. */
	{
		int i;

		for (i = 0; i < SB_NTYPES; i++)
			assert_string_equal(sb_type_name[i], sb_types[i].name);
	}
}

/* r is exactly p/q. */
#define assert_ratio(r, num, den) do { \
	struct ratio r_ = (r); \
	assert_int_equal(r_.q, (den)); \
	assert_int_equal(r_.p, (num)); \
	assert_true(r_.v == (double)(num) / (den)); \
} while (0)

/* A 6 hits even in cover, a 5 only in the open; the general's +1 turns
 * a 5 into a 6 and a 4 into a 5. */
static void
test_one_die(void **state)
{
	(void)state;
	assert_int_equal(sb_need(0, 0), 5);
	assert_int_equal(sb_need(1, 0), 6);
	assert_int_equal(sb_need(0, 1), 4);
	assert_int_equal(sb_need(1, 1), 5);
	assert_ratio(sb_p_hit(0, 0), 1, 3);	/* 5, 6: 2/6 */
	assert_ratio(sb_p_hit(1, 0), 1, 6);	/* 6 */
	assert_ratio(sb_p_hit(0, 1), 1, 2);	/* 4, 5, 6: 3/6 */
	assert_ratio(sb_p_hit(1, 1), 1, 3);	/* 5, 6 */
}

static void
test_losses(void **state)
{
	struct ratio p[5];

	(void)state;
	/* 3 dice in the open, p = 1/3: P(0) = (2/3)^3 = 8/27, P(1) =
	 * 3 (1/3)(2/3)^2 = 12/27, P(2) = 3 (1/3)^2 (2/3) = 6/27, P(3) =
	 * 1/27; mean 3 x 1/3 = 1. */
	sb_losses(p, 3, 0, 0);
	assert_ratio(p[0], 8, 27);
	assert_ratio(p[1], 4, 9);
	assert_ratio(p[2], 2, 9);
	assert_ratio(p[3], 1, 27);
	assert_ratio(sb_mean(p, 3), 1, 1);
	/* 2 dice at a target in cover, p = 1/6: 25/36, 10/36, 1/36. */
	sb_losses(p, 2, 1, 0);
	assert_ratio(p[0], 25, 36);
	assert_ratio(p[1], 5, 18);
	assert_ratio(p[2], 1, 36);
	/* 4 dice with the general in the open, p = 1/2: 1, 4, 6, 4, 1
	 * sixteenths; mean 2. */
	sb_losses(p, 4, 0, 1);
	assert_ratio(p[0], 1, 16);
	assert_ratio(p[2], 3, 8);
	assert_ratio(sb_mean(p, 4), 2, 1);
}

/* 13 dice at p = 1/3: P(0) = 2^13 / 3^13 = 8192/1594323, exact; 100
 * dice: the fraction does not fit (3^100), the double is still there
 * and nonzero: P(100) = 3^-100 = 1.94e-48. */
static void
test_many_dice(void **state)
{
	struct ratio p[101];

	(void)state;
	sb_losses(p, 13, 0, 0);
	assert_ratio(p[0], 8192, 1594323);
	assert_ratio(p[13], 1, 1594323);
	sb_losses(p, 100, 0, 0);
	assert_int_equal(p[100].q, 0);
	assert_true(p[100].v > 1.9e-48 && p[100].v < 1.95e-48);
	assert_true(fabs(sb_mean(p, 100).v - 100.0 / 3) < 1e-9);
}

/* "During the night turn ... rolling one D6 die per unit ... 5 or more:
 * The unit regains 1 SP": 5 and 6 of 6, 1/3 a unit. */
static void
test_night(void **state)
{
	struct ratio p[3];

	(void)state;
	assert_ratio(sb_p_recover(), 1, 3);
	/* Two units: none back (2/3)^2 = 4/9, one 2 (1/3)(2/3) = 4/9, both
	 * 1/9; mean 2/3. */
	sb_night(p, 2);
	assert_ratio(p[0], 4, 9);
	assert_ratio(p[1], 4, 9);
	assert_ratio(p[2], 1, 9);
	assert_ratio(sb_mean(p, 2), 2, 3);
}

/* The document's worked example is the rule (SPEC 6): "a side loses 5
 * SPs ... reduce the number of SPs that they have lost by 5/2 = 2.5,
 * which when rounded up = 2.  They have therefore only lost 3 SPs."
 * A loser keeps half its loss, rounded up: 5 -> 3, 4 -> 2, 1 -> 1. */
static void
test_withdrawal(void **state)
{
	(void)state;
	assert_int_equal(sb_after_withdrawal(0), 0);
	assert_int_equal(sb_after_withdrawal(1), 1);	/* 1/2 up: 1 */
	assert_int_equal(sb_after_withdrawal(2), 1);
	assert_int_equal(sb_after_withdrawal(3), 2);	/* 1.5 up: 2 */
	assert_int_equal(sb_after_withdrawal(4), 2);
	assert_int_equal(sb_after_withdrawal(5), 3);	/* the example */
	assert_int_equal(sb_after_withdrawal(6), 3);
}

static void
test_close_combat(void **state)
{
	struct sb_close c;

	(void)state;
	/*
	 * 2 dice (A) against 1 (B), both in the open, p = 1/3 a die.  A
	 * loses what B's 1 die takes: 0 with 2/3, 1 with 1/3.  B loses what
	 * A's 2 dice take: 0 4/9, 1 4/9, 2 1/9.
	 *   A loses the combat (more SP lost): A 1, B 0: 1/3 x 4/9 = 4/27.
	 *   B loses: A 0 and B 1: 2/3 x 4/9 = 8/27; A 0, B 2: 2/3 x 1/9 =
	 *   2/27; A 1, B 2: 1/3 x 1/9 = 1/27; together 11/27.  Neither:
	 *   1 - 15/27 = 12/27.
	 *   B's loss when it loses: (8 x 1 + 2 x 2 + 1 x 2) / 11 = 14/11;
	 *   after withdrawing it keeps 1 of 1 and 1 of 2: (8 + 2 + 1) / 11
	 *   = 1.  A's loss when it loses: 1, and it keeps 1 of 1.
	 *   Over all, the loser withdrawing: A's losses are 1 at most, kept
	 *   whole: 1/3.  B keeps 1 in each outcome where it lost any SP:
	 *   8/27 + 2/27 + 1/27 (withdrawn from 1 or 2) + the draw A 1, B 1,
	 *   1/3 x 4/9 = 4/27: 15/27 = 5/9.
	 */
	sb_close_combat(&c, 2, 1, 0, 0, 0, 0);
	assert_ratio(c.p_a_loses, 4, 27);
	assert_ratio(c.p_b_loses, 11, 27);
	assert_ratio(c.p_draw, 4, 9);
	assert_ratio(c.mean_a, 1, 3);
	assert_ratio(c.mean_b, 2, 3);
	assert_ratio(c.mean_b_if_loses, 14, 11);
	assert_ratio(c.mean_b_if_loses_withdrawn, 1, 1);
	assert_ratio(c.mean_a_if_loses, 1, 1);
	assert_ratio(c.mean_a_if_loses_withdrawn, 1, 1);
	assert_ratio(c.mean_a_withdrawn, 1, 3);
	assert_ratio(c.mean_b_withdrawn, 5, 9);
	sb_close_free(&c);
	/*
	 * 1 die against 1, A with its general, B in cover: A's die takes an
	 * SP from B in cover on 5+ (the general's +1), 1/3; B's die takes
	 * one from A in the open on 5+, 1/3.  A loses: A hit, B not:
	 * 1/3 x 2/3 = 2/9; B loses the same 2/9; neither 5/9.  A loser lost
	 * 1 SP and keeps it after withdrawing: 1 (the earlier reading gave
	 * 0).
	 */
	sb_close_combat(&c, 1, 1, 1, 0, 0, 1);
	assert_ratio(c.p_a_loses, 2, 9);
	assert_ratio(c.p_b_loses, 2, 9);
	assert_ratio(c.p_draw, 5, 9);
	assert_ratio(c.mean_a_if_loses_withdrawn, 1, 1);
	assert_ratio(c.mean_b_if_loses_withdrawn, 1, 1);
	sb_close_free(&c);
	/*
	 * 5 against 5 in the open: the worked example's 5 SP loss.  A loses
	 * 5 SP with (1/3)^5 = 1/243 (every one of B's dice a 5 or 6), and B
	 * then at most 4, so A has lost and keeps 3.
	 */
	sb_close_combat(&c, 5, 5, 0, 0, 0, 0);
	assert_ratio(c.lost_a[5], 1, 243);
	assert_int_equal(sb_after_withdrawal(5), 3);
	sb_close_free(&c);
}

/* Each card the army sends: a few of its fields. */
struct sink {
	char name[64][32], sp[64][8], dice[64][24], base[64][8];
	int n;
	char roster_sp[8], city[64], garrison[64], gsp[16], brigades[128];
	char unit1[32], note1[40], turn5[32], night[160], limits[240];
	char general[240], exhaustion[8], withdraw[160], exhaustion_rule[400];
	char brigades_title[40];
};

static void
keep(struct emitter *e, int copies)
{
	struct sink *s = e->ctx;
	const struct record *r = e->rec;

	(void)copies;
	if (rec_get(r, "exhaustion")) {
		snprintf(s->roster_sp, sizeof(s->roster_sp), "%s",
		    rec_get(r, "sp"));
		snprintf(s->city, sizeof(s->city), "%s",
		    rec_get(r, "city.1.name"));
		snprintf(s->garrison, sizeof(s->garrison), "%s",
		    rec_get(r, "city.1.garrison"));
		snprintf(s->gsp, sizeof(s->gsp), "%s", rec_get(r, "city.1.sp"));
		snprintf(s->brigades, sizeof(s->brigades), "%s",
		    rec_get(r, "brigades"));
		snprintf(s->unit1, sizeof(s->unit1), "%s",
		    rec_get(r, "unit.1.name"));
		snprintf(s->note1, sizeof(s->note1), "%s",
		    rec_get(r, "unit.1.note"));
		snprintf(s->turn5, sizeof(s->turn5), "%s %s",
		    rec_get(r, "turn.5.name"), rec_get(r, "turn.5.time"));
		snprintf(s->night, sizeof(s->night), "%s",
		    rec_get(r, "night.rule"));
		snprintf(s->limits, sizeof(s->limits), "%s",
		    rec_get(r, "limits"));
		snprintf(s->exhaustion, sizeof(s->exhaustion), "%s",
		    rec_get(r, "exhaustion"));
		snprintf(s->general, sizeof(s->general), "%s",
		    rec_get(r, "general.rule"));
		snprintf(s->withdraw, sizeof(s->withdraw), "%s",
		    rec_get(r, "withdraw.rule"));
		snprintf(s->exhaustion_rule, sizeof(s->exhaustion_rule), "%s",
		    rec_get(r, "exhaustion.rule"));
		snprintf(s->brigades_title, sizeof(s->brigades_title), "%s",
		    rec_get(r, "brigades.title"));
		return;
	}
	if (s->n == 64)
		return;
	snprintf(s->name[s->n], sizeof(s->name[0]), "%s", rec_get(r, "name"));
	snprintf(s->sp[s->n], sizeof(s->sp[0]), "%s", rec_get(r, "sp"));
	snprintf(s->dice[s->n], sizeof(s->dice[0]), "%s", rec_get(r, "dice"));
	snprintf(s->base[s->n], sizeof(s->base[0]), "%s", rec_get(r, "base"));
	s->n++;
}

static void
test_blue_army(void **state)
{
	struct batch *b = batch_new();
	char *path = repo_path("units/shambattle/blue.yaml");
	struct sink s;
	struct emitter e;
	const struct loaded *ld;
	const struct product *p;
	int i, sp = 0;

	(void)state;
	memset(&s, 0, sizeof(s));
	diag_init(0, stderr);
	ld = load_ref(b, path, "shambattle", "army");
	assert_int_equal(diag_count(L_ERROR) + diag_count(L_WARNING), 0);
	e.rec = record_new();
	e.card = keep;
	e.ctx = &s;
	for (p = ld->kind->products; p->name; p++)
		p->emit(ld->obj, &e);
	/* A counter a base: the general 1, three infantry 2 each, cavalry
	 * 2, engineers, guns and machine guns 1 each: 12. */
	assert_int_equal(s.n, 12);
	assert_string_equal(s.name[0], "General Blau");
	assert_string_equal(s.sp[0], "6");
	assert_string_equal(s.dice[0], "");
	/* An infantry base: 3 SP, its 1 die of the regiment's 2. */
	assert_string_equal(s.name[1], "1st Foot");
	assert_string_equal(s.base[1], "1/2");
	assert_string_equal(s.base[2], "2/2");
	assert_string_equal(s.sp[1], "3");
	assert_string_equal(s.dice[1], "1");
	assert_string_equal(s.name[11], "Maxim Company");
	assert_string_equal(s.dice[11], "fire 3\nclose 1");
	for (i = 0; i < s.n; i++)
		sp += atoi(s.sp[i]);
	/* The bases' SP add up to the army's: 6 + 3 x 6 + 4 + 3 + 2 + 2
	 * = 35. */
	assert_int_equal(sp, 35);
	assert_string_equal(s.roster_sp, "35");
	/* Nordstadt: 1st and 2nd Foot, 6 + 6 = 12 SP. */
	assert_string_equal(s.city, "Nordstadt");
	assert_string_equal(s.garrison, "1st Foot, 2nd Foot");
	assert_string_equal(s.gsp, "12 SP");
	assert_string_equal(s.brigades,
	    "1st Brigade: 1st Foot, 2nd Foot, Blue Hussars");
	assert_string_equal(s.unit1, "General Blau");
	assert_string_equal(s.note1, "+1 a die in its hex");
	assert_string_equal(s.turn5, "Night 10.00pm–6.00am");
	assert_string_equal(s.night, "Night: no fighting; no move next to an "
	    "enemy.  Each unit that has lost SP rolls a d6: 5 or more regains "
	    "1 SP.");
	/* The worked example's 5 -> 3 (SPEC 6), from sb_after_withdrawal. */
	assert_string_equal(s.withdraw, "The side losing more SP in a close "
	    "combat may withdraw: it keeps half its loss, rounded up (5 SP "
	    "lost: 3).");
	/* "Exhaustion point", from the table, the war's end last. */
	assert_string_equal(s.exhaustion_rule, "Mark a box for each SP lost.  "
	    "At 14 the army is exhausted: it attacks no more, holding its "
	    "ground and moving no nearer the enemy; if all its units are in its "
	    "own country, it surrenders and the war ends; when both sides are "
	    "exhausted, the war ends.");
	assert_string_equal(s.brigades_title, "Brigades");
	/* "Both sides have an Exhaustion Point of 14 SPs": 14 boxes. */
	assert_string_equal(s.exhaustion, "14");
	/* The rules' sentences are made from the tables. */
	assert_string_equal(s.limits, "At most 40 SP with 1 general of 6 SP; "
	    "at most 2 artillery and 1 machine gun; a city's garrison 8 SP or "
	    "more, the general not counted.  Road: +1 move.");
	assert_string_equal(s.general, "The general adds 1 to each die of the "
	    "units in its hex.  If they lose a close combat, roll a d6: 1 "
	    "killed (6 SP), 2-3 wounded (3 SP), else unhurt.");
	diag_end();
	record_free(e.rec);
	batch_free(b);
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_types),
		cmocka_unit_test(test_one_die),
		cmocka_unit_test(test_losses),
		cmocka_unit_test(test_many_dice),
		cmocka_unit_test(test_night),
		cmocka_unit_test(test_withdrawal),
		cmocka_unit_test(test_close_combat),
		cmocka_unit_test(test_blue_army),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
