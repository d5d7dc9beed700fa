/*
 * test_shellshock_advcombat.c -- rules/shellshock_advcombat: the advanced
 * rules' worked text step by step (003_1dddfc23c27b38e7.txt, "Determining
 * the To-Hit Number" to "Nice Shot!"), each rule on both sides of its
 * bound, and odds worked out by hand as exact fractions (the arithmetic
 * in each comment).  A brute-force walk over every face of ssa_resolve()
 * must agree with ssa_odds() exactly where both are fractions.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rules/shellshock_advcombat.h"

/* ---- units made by hand ---- */

/* A sheet with dV 10 everywhere, armor 10 all round, no shock threshold
 * or penetration factor, boxes 2+ 5 % 1 hit, 8+ 20 % 2 hits, 13+ 30 %
 * 2 hits, dead 20, and a chart of C 1-5, A 6-36, C 37-40, J 41-50, L
 * 51-57, B 58-100 (C the engine, a flywheel of 3 hits; J a battery; L a
 * 120mm cannon; B fuel). */
static void
sheet(struct ssa_unit *u, const char *name, int die)
{
	static const struct ssa_line lines[] = {
		{ 1, 5, 'C' }, { 6, 36, 'A' }, { 37, 40, 'C' }, { 41, 50, 'J' },
		{ 51, 57, 'L' }, { 58, 100, 'B' }
	};
	static const struct ssa_equip eq[] = {
		{ 'A', "Crew compartment", 2, 0, 0 },
		{ 'B', "Fuel tanks", 1, 0, 1 },
		{ 'C', "Engine (flywheel)", 3, 0, 0 },
		{ 'J', "Battery", 1, 0, 0 },
		{ 'L', "120mm Cannon", 1, 0, 0 },
	};
	int i, f;

	memset(u, 0, sizeof(*u));
	u->name = name;
	u->die = die;
	for (i = 0; i < SS_NDVT; i++)
		u->dv[i][0] = u->dv[i][1] = 10;
	for (f = 0; f < SS_NFACINGS; f++)
		u->armor[f] = 10;
	u->box[0] = (struct ssa_box){ 2, 5, 1 };
	u->box[1] = (struct ssa_box){ 8, 20, 2 };
	u->box[2] = (struct ssa_box){ 13, 30, 2 };
	u->nboxes = 3;
	u->dead = 20;
	memcpy(u->line, lines, sizeof(lines));
	u->nlines = (int)NELEM(lines);
	memcpy(u->equip, eq, sizeof(eq));
	u->nequip = (int)NELEM(eq);
}

static void
arm(struct ssa_unit *u, const char *name, int dvt, int dam, int sh, int pen,
    int spread)
{
	struct ssa_weapon *w = &u->weapon[u->nweapons++];

	w->name = name;
	w->dvt = dvt;
	w->dam = dam;
	w->sh = sh;
	w->pen = pen;
	w->spread = spread;
}

static struct ssa_shot
shot(const struct ssa_unit *a, const struct ssa_unit *d, int skill, int range)
{
	struct ssa_shot s;

	memset(&s, 0, sizeof(s));
	s.att = a;
	s.def = d;
	s.skill = skill;
	s.range = range;
	s.facing = SS_FACE_FRONT;
	s.fire = (1u << a->nweapons) - 1;
	return s;
}

/* ---- given dice ---- */

struct script {
	struct ss_dice dice;
	int v[40][8];	/* per kind: values in order */
	int n[40], at[40];
};

static int
scripted(struct ss_dice *d, enum ss_die kind, int sides)
{
	struct script *s = (struct script *)d;

	if (s->at[kind] >= s->n[kind])
		return -1;
	assert_true(s->v[kind][s->at[kind]] <= sides);
	return s->v[kind][s->at[kind]++];
}

static void
give(struct script *s, int kind, int v)
{
	s->v[kind][s->n[kind]++] = v;
}

static struct script *
script(void)
{
	static struct script sc;

	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	return &sc;
}

/* ---- the worked text ---- */

static void
test_total_per_gunner(void **state)
{
	/* "suppose your gunner has hit with 2 weapons, one of which does 6
	 * Damage, 4 Shock and 3 Penetration, and one that does 4 Damage, 1
	 * Shock and 8 Penetration. You would total the dice and roll for 10
	 * Damage, 5 Shock and 11 Penetration." */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_steps st;
	struct script *sc = script();

	(void)state;
	sheet(&a, "A", 10);
	sheet(&d, "D", 10);
	arm(&a, "one", SS_DVT_B, 6, 4, 3, 0);
	arm(&a, "two", SS_DVT_B, 4, 1, 8, 0);
	s = shot(&a, &d, 5, 0);
	give(sc, SS_DIE_HUMAN, 4);
	give(sc, SS_DIE_TARGETING, 6);	/* 10 + 5: both dV 10 */
	give(sc, SSA_DIE_DAMAGE, 10);
	give(sc, SSA_DIE_SHOCK, 5);
	give(sc, SSA_DIE_PEN, 11);
	give(sc, SSA_DIE_PERCENT, 6);
	assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
	assert_int_equal(st.dice[0], 10);
	assert_int_equal(st.dice[1], 5);
	assert_int_equal(st.dice[2], 11);
	/* 10 damage on 10 armor: armor 0, nothing inside; shock 5 and
	 * penetration 11 over 0 and 0: 16 internal, the 13+ box. */
	assert_int_equal(st.armor_after, 0);
	assert_int_equal(st.internal, 16);
	assert_int_equal(st.box, SSA_OUT_BOX0 + 2);
}

static void
test_some_hit_some_miss(void **state)
{
	/* "if the target has an Energy Defense Value of 8, a Ballistic
	 * Defense Value of 12, and you roll a 10, the Energy weapon will
	 * hit, while the Ballistic weapon will miss." */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_steps st;
	struct script *sc = script();

	(void)state;
	sheet(&a, "A", 8);
	sheet(&d, "D", 10);
	d.dv[SS_DVT_E][0] = 8;
	d.dv[SS_DVT_B][0] = 12;
	arm(&a, "laser", SS_DVT_E, 1, 0, 0, 0);
	arm(&a, "cannon", SS_DVT_B, 1, 0, 0, 0);
	s = shot(&a, &d, 0, 0);
	give(sc, SS_DIE_HUMAN, 3);
	give(sc, SS_DIE_TARGETING, 7);
	give(sc, SSA_DIE_DAMAGE, 1);
	assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
	assert_int_equal(st.roll.total, 10);
	assert_true(st.w[0].hit);
	assert_false(st.w[1].hit);
	/* One d6 of damage rolled: only the laser's. */
	assert_int_equal(st.dice[0], 1);
}

/* A hit of internal damage internal on d (armor 10, so damage 10 +
 * internal), the percentile roll at roll; done lines skipped. */
static void
hit_inside(const struct ssa_unit *d, int internal, int roll,
    const unsigned char *done, struct ssa_steps *st)
{
	struct ssa_unit a;
	struct ssa_shot s;
	struct script *sc = script();
	int n = (10 + internal + 5) / 6;

	sheet(&a, "A", 10);
	arm(&a, "gun", SS_DVT_B, n, 0, 0, 0);
	s = shot(&a, d, 10, 0);
	give(sc, SS_DIE_HUMAN, 5);
	give(sc, SS_DIE_TARGETING, 5);
	give(sc, SSA_DIE_DAMAGE, 10 + internal);
	give(sc, SSA_DIE_PERCENT, roll);
	give(sc, SS_DIE_EXPLODE_ATT, 1);
	give(sc, SS_DIE_EXPLODE_DEF, 1);
	assert_int_equal(ssa_resolve(&s, done, &sc->dice, st), 0);
}

static void
test_internal_example(void **state)
{
	/* "suppose you did 9 points of Internal Damage. Looking on the
	 * chart, you see that for this unit 8-12 is a 20% hit ... each
	 * piece of equipment receives 2 Hits. You roll the percentile dice
	 * and get 37. Everything between 37 and 57 on the Internal Damage
	 * Chart receives 2 hits." */
	struct ssa_unit d;
	struct ssa_steps st;
	int i;

	(void)state;
	sheet(&d, "D", 10);
	hit_inside(&d, 9, 37, NULL, &st);
	assert_int_equal(st.internal, 9);
	assert_int_equal(st.box, SSA_OUT_BOX0 + 1);
	assert_int_equal(st.percent, 20);
	assert_int_equal(st.hits, 2);
	/* "technically 37-57 is actually 21 lines" */
	assert_int_equal(st.nmarked, 21);
	for (i = 0; i < 21; i++)
		assert_int_equal(st.marked[i], 37 + i);
	/* "C is the Engine, J is a Battery, and L is a 120mm Cannon. The
	 * Battery and Cannon are destroyed. The Engine is a Flywheel and
	 * needs 3 hits ... the Engine only has one hit left" */
	assert_int_equal(st.neq, 3);
	assert_int_equal(st.eq[0].letter, 'C');
	assert_int_equal(st.eq[0].hits, 2);
	assert_false(st.eq[0].destroyed);
	assert_int_equal(st.eq[1].letter, 'J');
	assert_true(st.eq[1].destroyed);
	assert_int_equal(st.eq[2].letter, 'L');
	assert_true(st.eq[2].destroyed);
	assert_int_equal(st.outcome, SS_DAMAGED);
	/* "Had the Engine been a Turbine, it would have been destroyed
	 * since Turbines only take 2 hits." */
	d.equip[2].hits = 2;
	hit_inside(&d, 9, 37, NULL, &st);
	assert_true(st.eq[0].destroyed);
}

static void
test_box_bounds(void **state)
{
	/* The boxes on each side of their mins: 7 is the 5 % box (6
	 * lines), 8 the 20 % box; 1 below the first box's 2 is a core hit,
	 * "a 1% hit ... whatever you get is the line you hit"; 19 is the
	 * 30 % box, 20 the dead box. */
	struct ssa_unit d;
	struct ssa_steps st;

	(void)state;
	sheet(&d, "D", 10);
	hit_inside(&d, 7, 1, NULL, &st);
	assert_int_equal(st.box, SSA_OUT_BOX0);
	assert_int_equal(st.nmarked, 6);
	hit_inside(&d, 8, 1, NULL, &st);
	assert_int_equal(st.box, SSA_OUT_BOX0 + 1);
	hit_inside(&d, 1, 44, NULL, &st);
	assert_int_equal(st.box, SSA_OUT_CORE);
	assert_int_equal(st.nmarked, 1);
	assert_int_equal(st.marked[0], 44);
	assert_int_equal(st.eq[0].letter, 'J');
	assert_int_equal(st.eq[0].hits, SSA_CORE_HITS);
	hit_inside(&d, 2, 44, NULL, &st);
	assert_int_equal(st.box, SSA_OUT_BOX0);
	hit_inside(&d, 19, 1, NULL, &st);
	assert_int_equal(st.box, SSA_OUT_BOX0 + 2);
	assert_int_equal(st.outcome, SS_DAMAGED);
	/* "If you do X or more internal damage from one Gunner, the unit
	 * is automatically considered destroyed." */
	hit_inside(&d, 20, 1, NULL, &st);
	assert_int_equal(st.outcome, SS_DESTROYED);
	assert_string_equal(st.cause, "dead");
}

static void
test_skip_marked(void **state)
{
	/* "everything between 25 and 50 on the Internal Damage Chart is
	 * destroyed. On the next turn, you take a 10% Internal Hit.
	 * Rolling the percentile dice, you get a 20 ... you will mark out
	 * 20 through 24, and then 51 through 56 ... had the player rolled a
	 * 40 instead of a 20, then the 10% hit would have started at the
	 * next unmarked line, in this case 51-61." */
	struct ssa_unit d;
	unsigned char done[SS_CHART_HI + 1] = { 0 };
	int out[SS_CHART_HI], n, i;

	(void)state;
	sheet(&d, "D", 10);
	for (i = 25; i <= 50; i++)
		done[i] = 1;
	n = ssa_mark(&d, done, 20, 10 + 1, out);
	assert_int_equal(n, 11);
	for (i = 0; i < 5; i++)
		assert_int_equal(out[i], 20 + i);
	for (i = 5; i < 11; i++)
		assert_int_equal(out[i], 51 + i - 5);
	n = ssa_mark(&d, done, 40, 10 + 1, out);
	assert_int_equal(n, 11);
	assert_int_equal(out[0], 51);
	assert_int_equal(out[10], 61);
	/* Past 100 the count wraps to 1 (muster's reading). */
	n = ssa_mark(&d, NULL, 98, 5 + 1, out);
	assert_int_equal(out[2], 100);
	assert_int_equal(out[3], 1);
	assert_int_equal(n, 6);
}

static void
test_fuel_explodes(void **state)
{
	/* "If fuel or ammunition (except for rail guns) takes a hit ...
	 * If the attacker rolls higher, the ammunition or fuel explodes
	 * ... A tie always goes to the defender." */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_steps st;
	struct script *sc;
	int att;

	(void)state;
	assert_true(ssa_name_explodes("Fuel tanks"));
	assert_true(ssa_name_explodes("Ammunition rack"));
	assert_false(ssa_name_explodes("Rail gun ammunition"));
	assert_false(ssa_name_explodes("Engine"));
	sheet(&d, "D", 10);
	sheet(&a, "A", 10);
	arm(&a, "gun", SS_DVT_B, 3, 0, 0, 0);
	for (att = 4; att <= 5; att++) {
		sc = script();
		s = shot(&a, &d, 10, 0);
		give(sc, SS_DIE_HUMAN, 5);
		give(sc, SS_DIE_TARGETING, 5);
		give(sc, SSA_DIE_DAMAGE, 15);	/* 5 internal: 5 % */
		give(sc, SSA_DIE_PERCENT, 70);	/* B, fuel */
		give(sc, SS_DIE_EXPLODE_ATT, att);
		give(sc, SS_DIE_EXPLODE_DEF, 4);
		assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
		assert_int_equal(st.nex, 1);
		assert_int_equal(st.outcome, att > 4 ? SS_DESTROYED :
		    SS_DAMAGED);
	}
}

static void
test_locomotion(void **state)
{
	/* "When one of these is hit on the Internal Damage chart, you
	 * proceed to the Locomotion Damage Chart ... roll 1d10 and 1d6 ...
	 * locomotion equipment is not destroyed as per normal. When it is
	 * hit in the Internal Damage Chart, do not cross it off": L as the
	 * treads, 3 hits taken at once, not destroyed; the d10 and d6 read
	 * the chart (row 4, column 2: X). */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_steps st;
	struct script *sc = script();

	(void)state;
	sheet(&d, "D", 10);
	d.equip[4].locomotion = 1;
	d.equip[4].hits = 1;
	d.has_loco = 1;
	d.loco[3][1] = SSA_LOCO_WORD(3);	/* X */
	sheet(&a, "A", 10);
	arm(&a, "gun", SS_DVT_B, 4, 0, 0, 0);
	s = shot(&a, &d, 10, 0);
	give(sc, SS_DIE_HUMAN, 5);
	give(sc, SS_DIE_TARGETING, 5);
	give(sc, SSA_DIE_DAMAGE, 23);	/* 13 internal: 30 %, 2 hits */
	give(sc, SSA_DIE_PERCENT, 52);
	give(sc, SSA_DIE_LOCO_ROW, 4);
	give(sc, SSA_DIE_LOCO_COL, 2);
	give(sc, SS_DIE_EXPLODE_ATT, 1);
	give(sc, SS_DIE_EXPLODE_DEF, 1);
	assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
	assert_int_equal(st.eq[0].letter, 'L');
	assert_false(st.eq[0].destroyed);
	assert_int_equal(st.eq[0].loco_row, 4);
	assert_int_equal(st.eq[0].loco_col, 2);
	assert_string_equal(ss_loco_word[SSA_LOCO_WORD(d.loco[3][1])], "X");
}

/* ---- the hit roll's rules, on both sides of each bound ---- */

/* The total of a roll of h and t by a gunner of skill at range on d's
 * dV 10 sheet, and whether the one weapon hit. */
static int
roll_hits(int h, int t, int skill, int range, int *total)
{
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_steps st;
	struct script *sc = script();

	sheet(&a, "A", 8);
	sheet(&d, "D", 10);
	arm(&a, "gun", SS_DVT_B, 0, 0, 0, 0);
	s = shot(&a, &d, skill, range);
	give(sc, SS_DIE_HUMAN, h);
	give(sc, SS_DIE_TARGETING, t);
	assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
	*total = st.roll.total;
	return st.w[0].hit;
}

static void
test_rambo(void **state)
{
	/* "A roll of a 2, 3 or 4 *always* misses, even if you have a skill
	 * of 100": 1 + 3 misses at skill 100; 1 + 4, a natural 5, hits. */
	int total;

	(void)state;
	assert_false(roll_hits(1, 1, 100, 0, &total));
	assert_false(roll_hits(1, 3, 100, 0, &total));
	assert_false(roll_hits(2, 2, 100, 0, &total));
	assert_true(roll_hits(1, 4, 100, 0, &total));
}

static void
test_range(void **state)
{
	/* "for every 12 full inches, you add plus 1 to the target number":
	 * 11 in nothing, 12 in -1, 23 in -1, 24 in -2.  5 + 5 = 10 reaches
	 * dV 10 at 11 in, not at 12. */
	int total;

	(void)state;
	assert_int_equal(ssa_range_modifier(11), 0);
	assert_int_equal(ssa_range_modifier(12), -1);
	assert_int_equal(ssa_range_modifier(23), -1);
	assert_int_equal(ssa_range_modifier(24), -2);
	assert_true(roll_hits(5, 5, 0, 11, &total));
	assert_int_equal(total, 10);
	assert_false(roll_hits(5, 5, 0, 12, &total));
	assert_int_equal(total, 9);
	/* "add your Gunnery skill to your dice roll" */
	assert_true(roll_hits(5, 4, 1, 0, &total));
	assert_false(roll_hits(5, 4, 0, 0, &total));
}

static void
test_point_blank(void **state)
{
	/* "All Defense Values except Missile and Physical Attack are
	 * halved when the target is in an adjacent hex": 13 -> 6 on B, E,
	 * I and SA; M and P stay 13.  1 in is adjacent, 2 in is not. */
	struct ssa_unit a, d;
	struct ssa_shot s;
	char err[256];
	int t;

	(void)state;
	sheet(&a, "A", 10);
	sheet(&d, "D", 10);
	arm(&a, "gun", SS_DVT_B, 1, 0, 0, 0);
	for (t = 0; t < SS_NDVT; t++)
		d.dv[t][0] = 13;
	s = shot(&a, &d, 0, 1);
	s.point_blank = 1;
	assert_int_equal(ssa_target_dv(&s, SS_DVT_B), 6);
	assert_int_equal(ssa_target_dv(&s, SS_DVT_E), 6);
	assert_int_equal(ssa_target_dv(&s, SS_DVT_I), 6);
	assert_int_equal(ssa_target_dv(&s, SS_DVT_SA), 6);
	assert_int_equal(ssa_target_dv(&s, SS_DVT_M), 13);
	assert_int_equal(ssa_target_dv(&s, SS_DVT_P), 13);
	assert_true(ssa_shot_check(&s, err, sizeof(err)));
	s.range = 2;
	assert_false(ssa_shot_check(&s, err, sizeof(err)));
}

static void
test_nice_shot(void **state)
{
	/* "A natural roll of 20 ... doubles the Damage, Shock and
	 * Penetration rolled. Roll both dice again. A second roll of 20
	 * immediately destroys the Target. Also, a natural 20 ALWAYS
	 * hits": dV 99 hit, 3 damage doubled to 6; a second pair of 10, 10
	 * destroys, 10, 9 does not. */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_steps st;
	struct script *sc;
	int second;

	(void)state;
	sheet(&a, "A", 10);
	sheet(&d, "D", 10);
	d.dv[SS_DVT_B][0] = 99;
	arm(&a, "gun", SS_DVT_B, 1, 0, 0, 0);
	for (second = 9; second <= 10; second++) {
		sc = script();
		s = shot(&a, &d, 0, 0);
		give(sc, SS_DIE_HUMAN, 10);
		give(sc, SS_DIE_TARGETING, 10);
		give(sc, SSA_DIE_SECOND_HUMAN, 10);
		give(sc, SSA_DIE_SECOND_TARGETING, second);
		give(sc, SSA_DIE_DAMAGE, 3);
		assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
		assert_true(st.w[0].hit);
		if (second == 10) {
			assert_int_equal(st.outcome, SS_DESTROYED);
			assert_string_equal(st.cause, "second natural 20");
		} else {
			assert_int_equal(st.total[0], 6);
			assert_int_equal(st.armor_after, 4);
			assert_int_equal(st.outcome, SS_DAMAGED);
		}
	}
}

static void
test_reroll_doubles(void **state)
{
	/* "if you roll a 10 on either d10, add 10 and roll the dice again
	 * and add the new result"; "if you re-roll a d10 and it comes up 10
	 * again, you also do double damage": 10, re-roll 10, re-roll 3 on
	 * a d10+d8 is 23 + the d8, doubled; 10, re-roll 9 is not. */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_steps st;
	struct script *sc = script();

	(void)state;
	sheet(&a, "A", 8);
	sheet(&d, "D", 10);
	arm(&a, "gun", SS_DVT_B, 1, 0, 0, 0);
	s = shot(&a, &d, 0, 0);
	give(sc, SS_DIE_HUMAN, 10);
	give(sc, SS_DIE_TARGETING, 2);
	give(sc, SS_DIE_REROLL_HUMAN, 10);
	give(sc, SS_DIE_REROLL_HUMAN, 3);
	give(sc, SSA_DIE_DAMAGE, 4);
	assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
	assert_int_equal(st.roll.total, 25);
	assert_true(st.doubled);
	assert_int_equal(st.total[0], 8);
	sc = script();
	give(sc, SS_DIE_HUMAN, 10);
	give(sc, SS_DIE_TARGETING, 2);
	give(sc, SS_DIE_REROLL_HUMAN, 9);
	give(sc, SSA_DIE_DAMAGE, 4);
	assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
	assert_false(st.doubled);
	assert_int_equal(st.total[0], 4);
}

static void
test_spreadfire(void **state)
{
	/* "two 5 Damage, 4 Shock, 2 Penetration Machine guns. To add one d6
	 * of Spreadfire, the Damage is reduced to 4, the Shock to 3, and the
	 * Penetration to 1 on both guns. To add a second d6 ... the Damage
	 * would be 3, the Shock 2, and Penetration 0"; "2 machine guns with
	 * a 3 Damage, 2 Shock and 2 Penetration along with a 10 Damage
	 * Laser ... Spread the shot by only 2 dice ... a total of 10
	 * damage, 0 Shock and 0 Penetration". */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_steps st;
	struct script *sc = script();
	char err[256];

	(void)state;
	assert_int_equal(ssa_spread_dice(5, 1), 4);
	assert_int_equal(ssa_spread_dice(4, 1), 3);
	assert_int_equal(ssa_spread_dice(2, 1), 1);
	assert_int_equal(ssa_spread_dice(5, 2), 3);
	assert_int_equal(ssa_spread_dice(2, 2), 0);
	assert_int_equal(ssa_spread_dice(2, 3), 0);
	sheet(&a, "A", 10);
	sheet(&d, "D", 10);
	arm(&a, "MG 1", SS_DVT_B, 3, 2, 2, 1);
	arm(&a, "MG 2", SS_DVT_B, 3, 2, 2, 1);
	arm(&a, "Laser", SS_DVT_B, 10, 0, 0, 1);
	s = shot(&a, &d, 0, 0);
	s.spread = 2;
	give(sc, SS_DIE_HUMAN, 5);
	give(sc, SS_DIE_TARGETING, 1);
	give(sc, SS_DIE_SPREAD, 2);
	give(sc, SS_DIE_SPREAD, 3);
	give(sc, SSA_DIE_DAMAGE, 30);
	assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
	assert_int_equal(st.roll.total, 11);	/* 5 + 1 + 2 + 3 */
	assert_int_equal(st.dice[0], 10);	/* 8 + 1 + 1 */
	assert_int_equal(st.dice[1], 0);
	assert_int_equal(st.dice[2], 0);
	/* "every weapon you intend to fire this turn must be capable of
	 * Spreadfire" */
	a.weapon[2].spread = 0;
	assert_false(ssa_shot_check(&s, err, sizeof(err)));
}

static void
test_shock_and_penetration(void **state)
{
	/* "If the Shock Damage rolled is less than or equal to the Shock
	 * Threshold, no Shock Damage is applied"; above it, the excess is
	 * internal.  The same for penetration against the angle's factor
	 * ("the Penetration Factor is not reduced"). */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_steps st;
	struct script *sc;
	int sh;

	(void)state;
	sheet(&a, "A", 10);
	sheet(&d, "D", 10);
	d.shock = 8;
	d.pen[1] = 5;		/* front_right */
	arm(&a, "gun", SS_DVT_B, 0, 2, 1, 0);
	for (sh = 8; sh <= 9; sh++) {
		sc = script();
		s = shot(&a, &d, 10, 0);
		s.angle = 1;
		s.facing = ssa_angle_facing(1);
		give(sc, SS_DIE_HUMAN, 5);
		give(sc, SS_DIE_TARGETING, 5);
		give(sc, SSA_DIE_SHOCK, sh);
		give(sc, SSA_DIE_PEN, 5 + (sh - 8));
		give(sc, SSA_DIE_PERCENT, 1);
		assert_int_equal(ssa_resolve(&s, NULL, &sc->dice, &st), 0);
		assert_int_equal(st.shock_over, sh - 8);
		assert_int_equal(st.pen_factor, 5);
		assert_int_equal(st.pen_over, sh - 8);
		assert_int_equal(st.internal, 2 * (sh - 8));
	}
	assert_int_equal(s.facing, SS_FACE_RIGHT);
}

/* ---- odds, by hand ---- */

static void
test_odds_naturals(void **state)
{
	/* d10+d8: a natural 2, 3 or 4 is (1,1), (1,2), (2,1), (1,3), (2,2),
	 * (3,1): 6 of 80 = 3/40.  A doubling needs the d10's 10 and its
	 * re-roll's 10: 1/100.  No natural 20 on a d8.  2d10: 6 of 100 =
	 * 3/50 miss; a natural 20 1/100; its second roll's 20 1/100 of
	 * that, 1/10000. */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_odds o;

	(void)state;
	sheet(&a, "A", 8);
	sheet(&d, "D", 10);
	arm(&a, "gun", SS_DVT_B, 1, 0, 0, 0);
	s = shot(&a, &d, 0, 0);
	ssa_odds(&s, &o);
	assert_true(o.p_flub.p == 3 && o.p_flub.q == 40);
	assert_true(o.p_nice.p == 0);
	assert_true(o.p_doubled.p == 1 && o.p_doubled.q == 100);
	a.die = 10;
	ssa_odds(&s, &o);
	assert_true(o.p_flub.p == 3 && o.p_flub.q == 50);
	assert_true(o.p_nice.p == 1 && o.p_nice.q == 100);
	assert_true(o.p_second.p == 1 && o.p_second.q == 10000);
}

static void
test_odds_need_14(void **state)
{
	/* d10+d8, need 14 (dV 14, skill 0, in range).  First faces h < 10:
	 * h + t >= 14 is (6,8), (7,7..8), (8,6..8), (9,5..8): 10 of 80.
	 * h = 10 (1/10): 10 + the re-roll chain r + t >= 14, r + t >= 4,
	 * all but (1,1), (1,2), (2,1): 77/80.  10/80 + 77/800 = 177/800. */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_odds o;

	(void)state;
	sheet(&a, "A", 8);
	sheet(&d, "D", 10);
	d.dv[SS_DVT_I][0] = 14;
	arm(&a, "mortar", SS_DVT_I, 1, 0, 0, 0);
	s = shot(&a, &d, 0, 0);
	ssa_odds(&s, &o);
	assert_int_equal(o.w[0].need, 14);
	assert_true(o.w[0].p_hit.p == 177 && o.w[0].p_hit.q == 800);
	/* Range 12 raises the need to 15: h + t >= 15 is (7,8), (8,7..8),
	 * (9,6..8): 6 of 80; h = 10: r + t >= 5, all but the 6 pairs of
	 * r + t <= 4: 74/80.  60/800 + 74/800 = 134/800 = 67/400. */
	s.range = 12;
	ssa_odds(&s, &o);
	assert_int_equal(o.w[0].need, 15);
	assert_true(o.w[0].p_hit.p == 67 && o.w[0].p_hit.q == 400);
}

static void
test_odds_spread(void **state)
{
	/* d10+d6 with one spread d6, need 17.  First face h < 10: h + t + s
	 * >= 17 is, over the 36 (t, s), 1 at h 5, 3 at 6, 6 at 7, 10 at 8,
	 * 15 at 9: 35 of 360 (the natural misses sum 4 at most: none).  h
	 * = 10: the chain r + t + s >= 7 fails for r 1 with t + s <= 5 (10
	 * of 36), r 2 (<= 4: 6), r 3 (<= 3: 3), r 4 (2: 1), 20 of 360, so
	 * 1/10 x 340/360.  35/360 + 34/360 = 69/360 = 23/120.  (An
	 * independent walk of every face in Python gives the Grizzly's
	 * coaxial MG, need 21 with two spread d6s, 457/1800; muster the
	 * same.) */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_odds o;

	(void)state;
	sheet(&a, "A", 6);
	sheet(&d, "D", 10);
	d.dv[SS_DVT_B][0] = 17;
	arm(&a, "gun", SS_DVT_B, 2, 0, 0, 1);
	s = shot(&a, &d, 0, 0);
	s.spread = 1;
	ssa_odds(&s, &o);
	assert_true(o.w[0].p_hit.p == 23 && o.w[0].p_hit.q == 120);
	assert_int_equal(o.w[0].dam, 1);
	a.die = 8;
	d.dv[SS_DVT_B][0] = 21;
	s.spread = 2;
	ssa_odds(&s, &o);
	assert_true(o.w[0].p_hit.p == 457 && o.w[0].p_hit.q == 1800);
}

static void
test_odds_whole_shot(void **state)
{
	/* d10+d6 at need 2: every sum but the naturals hits; naturals 2-4
	 * are 6 of 60, so 9/10 hit, 1/100 of it doubled (the d10's 10,
	 * then 10): 89/100 plain, 1/100 doubled.  One 1d6 gun against
	 * armor 3, boxes 1+ and 3+, dead 4:
	 *   plain D - 3: D 1-3 none (1/2), 4-5 box 1+ (1/3), 6 box 3+ (1/6);
	 *   doubled 2D - 3: D 1 none, 2 box 1+, 3 box 3+ (1/6 each), 4-6
	 *   dead (1/2).
	 * none 89/100 x 1/2 + 1/100 x 1/6 = 268/600 = 67/150; box 1+
	 * 89/300 + 1/600 = 179/600; box 3+ 90/600 = 3/20; dead 1/200; miss
	 * 1/10.  Mean damage rolled 89/100 x 7/2 + 1/100 x 7 = 637/200. */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_odds o;
	int f;

	(void)state;
	sheet(&a, "A", 6);
	sheet(&d, "D", 10);
	d.dv[SS_DVT_B][0] = 2;
	for (f = 0; f < SS_NFACINGS; f++)
		d.armor[f] = 3;
	d.box[0] = (struct ssa_box){ 1, 5, 1 };
	d.box[1] = (struct ssa_box){ 3, 10, 1 };
	d.nboxes = 2;
	d.dead = 4;
	arm(&a, "gun", SS_DVT_B, 1, 0, 0, 0);
	s = shot(&a, &d, 0, 0);
	ssa_odds(&s, &o);
	assert_true(o.w[0].p_hit.p == 9 && o.w[0].p_hit.q == 10);
	assert_true(o.p_miss.p == 1 && o.p_miss.q == 10);
	assert_true(o.p_out[SSA_OUT_NONE].p == 67 &&
	    o.p_out[SSA_OUT_NONE].q == 150);
	assert_true(o.p_out[SSA_OUT_BOX0].p == 179 &&
	    o.p_out[SSA_OUT_BOX0].q == 600);
	assert_true(o.p_out[SSA_OUT_BOX0 + 1].p == 3 &&
	    o.p_out[SSA_OUT_BOX0 + 1].q == 20);
	assert_true(o.p_dead.p == 1 && o.p_dead.q == 200);
	/* Destroyed: dead, or the box's lines reach the fuel (B, 58-100)
	 * and it explodes (45/100): the 5 % box's 6 lines from 53 to 100
	 * do, 48/100 x 45/100 = 27/125; the 10 % box's 11 from 48, 53/100
	 * x 45/100 = 477/2000.  1/200 + 179/600 x 27/125 + 3/20 x 477/2000
	 * = 1000/200000 + 12888/200000 + 7155/200000 = 21043/200000. */
	assert_true(o.p_destroyed.p == 21043 && o.p_destroyed.q == 200000);
	assert_true(o.mean[0].p == 637 && o.mean[0].q == 200);
}

static void
test_chart_explodes(void **state)
{
	/* The fuel B holds lines 58-100, 43 of 100; a core hit's one line
	 * finds it 43 times in 100, and the roll-off explodes 45 of 100
	 * (the attacker's d10 above the defender's): 43/100 x 45/100 =
	 * 387/2000.  A 5 % box's 6 lines reach it from a roll of 53 on
	 * (past 100 they wrap to 1): 48/100 x 45/100 = 27/125.  With no
	 * fuel, nothing. */
	struct ssa_unit d;
	struct ratio p;

	(void)state;
	sheet(&d, "D", 10);
	p = ssa_chart_explodes(&d, SSA_CORE_LINES);
	assert_true(p.p == 387 && p.q == 2000);
	p = ssa_chart_explodes(&d, 5 + SSA_FREE_LINES);
	assert_true(p.p == 27 && p.q == 125);
	d.equip[1].explodes = 0;
	p = ssa_chart_explodes(&d, 5 + SSA_FREE_LINES);
	assert_true(p.p == 0);
}

static void
test_odds_card_target(void **state)
{
	/* A sheet's gun at a basic card: its damage dice against the
	 * card's armor and bands, no shock or penetration.  d10+d6 at need
	 * 2 (9/10 hit, 1/100 doubled); 1d6 against armor 0; bands 5-6: 1
	 * box, dead 7.  Plain: D 5-6 a box (1/3); doubled: 2D 6 a box (D
	 * 3), 8+ dead (D 4-6), so a box 2/3.  p_internal = 89/100 x 1/3 +
	 * 1/100 x 2/3 = 91/300. */
	struct ss_unit card;
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_odds o;
	int r;

	(void)state;
	memset(&card, 0, sizeof(card));
	card.name = "card";
	for (r = 0; r < SS_NROWS; r++)
		card.dv[r][0] = card.dv[r][1] = 2;
	card.band[0][0] = 5;
	card.band[0][1] = 6;
	card.nbands = 1;
	card.dead = 7;
	ssa_from_card(&d, &card);
	assert_int_equal(d.dv[SS_DVT_SA][0], 2);
	sheet(&a, "A", 6);
	arm(&a, "gun", SS_DVT_B, 1, 3, 3, 0);
	s = shot(&a, &d, 0, 0);
	ssa_odds(&s, &o);
	assert_true(o.p_internal.p == 91 && o.p_internal.q == 300);
}

/* ---- every face walked: resolve agrees with odds ---- */

struct walk {
	struct ss_dice dice;
	int face[64], n, at;	/* the path: faces in the order asked */
	int sides[64];
	int more;		/* the path asked past its end */
};

static int
walked(struct ss_dice *d, enum ss_die kind, int sides)
{
	struct walk *w = (struct walk *)d;

	(void)kind;
	if (w->at == w->n) {
		if (w->n == 64)
			return -1;
		w->face[w->n] = 1;
		w->sides[w->n++] = sides;
	}
	return w->face[w->at++];
}

static void
test_walk_agrees(void **state)
{
	/* Every face of every die ssa_resolve() asks for, d10+d6 at the
	 * whole-shot test's unit, each path weighted by its faces; chains
	 * of 10s cut at three re-rolls (weight 1e-4 left).  The outcome
	 * shares agree with ssa_odds() to the cut. */
	struct ssa_unit a, d;
	struct ssa_shot s;
	struct ssa_odds o;
	struct ssa_steps st;
	struct walk w;
	double p_dead = 0, p_none = 0, p_miss = 0, cut = 0;
	int f, k;

	(void)state;
	sheet(&a, "A", 6);
	sheet(&d, "D", 10);
	d.dv[SS_DVT_B][0] = 9;
	for (f = 0; f < SS_NFACINGS; f++)
		d.armor[f] = 3;
	d.box[0] = (struct ssa_box){ 1, 5, 1 };
	d.nboxes = 1;
	d.dead = 4;
	d.equip[1].explodes = 0;	/* no explosion roll-off to walk */
	arm(&a, "gun", SS_DVT_B, 1, 0, 0, 0);
	s = shot(&a, &d, 0, 0);
	ssa_odds(&s, &o);
	memset(&w, 0, sizeof(w));
	w.dice.roll = walked;
	for (;;) {
		double p = 1;

		w.at = 0;
		if (ssa_resolve(&s, NULL, &w.dice, &st) < 0 || w.n > 6) {
			for (k = 0; k < w.at; k++)
				p /= w.sides[k];
			cut += p;
		} else {
			for (k = 0; k < w.n; k++)
				p /= w.sides[k];
			if (st.outcome == SS_MISS)
				p_miss += p;
			else if (st.outcome == SS_DESTROYED)
				p_dead += p;
			else if (st.internal == 0)
				p_none += p;
		}
		w.n = w.at;
		/* The next path: the last die that can go up does. */
		while (w.n > 0 && w.face[w.n - 1] == w.sides[w.n - 1])
			w.n--;
		if (w.n == 0)
			break;
		w.face[w.n - 1]++;
	}
	assert_true(cut < 2e-3);
	assert_true(fabs(p_miss - o.p_miss.v) <= cut);
	assert_true(fabs(p_dead - o.p_dead.v) <= cut);
	assert_true(fabs(p_none - o.p_out[SSA_OUT_NONE].v) <= cut);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_total_per_gunner),
		cmocka_unit_test(test_some_hit_some_miss),
		cmocka_unit_test(test_internal_example),
		cmocka_unit_test(test_box_bounds),
		cmocka_unit_test(test_skip_marked),
		cmocka_unit_test(test_fuel_explodes),
		cmocka_unit_test(test_locomotion),
		cmocka_unit_test(test_rambo),
		cmocka_unit_test(test_range),
		cmocka_unit_test(test_point_blank),
		cmocka_unit_test(test_nice_shot),
		cmocka_unit_test(test_reroll_doubles),
		cmocka_unit_test(test_spreadfire),
		cmocka_unit_test(test_shock_and_penetration),
		cmocka_unit_test(test_odds_naturals),
		cmocka_unit_test(test_odds_need_14),
		cmocka_unit_test(test_odds_spread),
		cmocka_unit_test(test_odds_whole_shot),
		cmocka_unit_test(test_chart_explodes),
		cmocka_unit_test(test_odds_card_target),
		cmocka_unit_test(test_walk_agrees),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
