/*
 * test_combat.c -- rules/shellshock_combat: the rules document's two worked
 * examples step by step, probabilities worked out by hand from the rules
 * (000_aa283e32b68e0840.txt, arithmetic in each comment), and a
 * brute-force enumeration of every die through ss_resolve() that must
 * agree with ss_odds() to 1e-9; ss_odds() is exact, its fractions
 * checked where the hand figures are.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "rules/shellshock.h"
#include "system.h"
#include "systems/shellshock_game.h"

#define HAND 1e-12	/* hand figures are exact up to the cut chain */

/* ---- units made by hand ---- */

/* A future unit with a d10 computer and skill, every dV 10, armor 12
 * all round, the Mason's bands. */
static struct ss_unit
unit(const char *name, int die, int skill)
{
	struct ss_unit u;
	int r, f;

	memset(&u, 0, sizeof(u));
	u.name = name;
	u.era = die == 10 ? SS_FUTURE : die == 8 ? SS_MODERN : SS_WW2;
	u.die = die;
	u.skill = skill;
	u.gunners = 1;
	for (r = 0; r < SS_NROWS; r++)
		u.dv[r][0] = u.dv[r][1] = 10;
	for (f = 0; f < SS_NFACINGS; f++)
		u.armor[f] = 12;
	u.band[0][0] = 5; u.band[0][1] = 10;
	u.band[1][0] = 11; u.band[1][1] = 15;
	u.band[2][0] = 16; u.band[2][1] = 21;
	u.nbands = 3;
	u.dead = 22;
	return u;
}

static void
arm(struct ss_unit *u, int row, int damage, int spread)
{
	struct ss_weapon *w = &u->weapon[u->nweapons++];

	w->row = row;
	w->damage = damage;
	w->cls = 'p';
	w->arc = SS_ARC_FRONT;
	w->spread = spread;
}

static struct ss_shot
shot(const struct ss_unit *a, const struct ss_unit *d, int facing, int range)
{
	struct ss_shot s;
	int i;

	memset(&s, 0, sizeof(s));
	s.att = a;
	s.def = d;
	s.facing = facing;
	s.range = range;
	for (i = 0; i < a->nweapons; i++)
		s.rows |= 1u << a->weapon[i].row;
	return s;
}

/* P(hit) of the shot's one weapon. */
static double
p_hit(const struct ss_shot *s)
{
	struct ss_odds o;
	double p;

	ss_odds(s, &o);
	assert_int_equal(o.nw, 1);
	p = o.w[0].p_hit.v;
	ss_odds_free(&o);
	return p;
}

/* One weapon on row E against a defender whose E dV is dv. */
static double
one_shot(int die, int skill, int dv, int range, int spread, int point_blank)
{
	struct ss_unit a = unit("A", die, skill), d = unit("D", 10, 0);
	struct ss_shot s;

	arm(&a, SS_E, 5, spread);
	d.dv[SS_E][0] = d.dv[SS_E][1] = dv;
	s = shot(&a, &d, SS_FACE_FRONT, range);
	s.spread = spread;
	s.point_blank = point_blank;
	return p_hit(&s);
}

/* ---- probabilities by hand ---- */

static void
test_need_11_on_2d10(void **state)
{
	/* dV 11, skill 0, no range: 2d10 >= 11.  Sums 11..20 of two
	 * d10s: 10 + 9 + ... + 1 = 55 of 100 pairs; a pair with a 10 is
	 * already >= 11, so its re-roll changes nothing; the natural 2s
	 * and 3s are below 11 anyway.  P = 0.55. */
	(void)state;
	assert_true(fabs(one_shot(10, 0, 11, 0, 0, 0) - 0.55) < HAND);
}

static void
test_need_21_only_tens(void **state)
{
	/* dV 21: two faces below 10 make at most 18, so only exploding
	 * tens or a natural 20 can hit.  (10, x) needs a re-roll E with
	 * 10 + E + x >= 21, E >= 11 - x; P(E >= m) = (11 - m) / 10 for m
	 * in 1..10 (a 10 re-rolls again, counting as >= 10).  Over x = 1..9:
	 * 0.1 + 0.2 + ... + 0.9 = 4.5; both orders: 9 of 100 pairs' worth.
	 * (10, 10) is a natural 20, a hit: 1 more.  P = 0.10. */
	(void)state;
	assert_true(fabs(one_shot(10, 0, 21, 0, 0, 0) - 0.10) < HAND);
}

static void
test_natural_20_decides(void **state)
{
	/* dV 200 is out of reach of any roll this side of the cut chain:
	 * only the natural 20 hits.  P = 1/100. */
	(void)state;
	assert_true(fabs(one_shot(10, 0, 200, 0, 0, 0) - 0.01) < HAND);
}

static void
test_natural_2_3_decide(void **state)
{
	/* dV 1 with skill 4: every total hits, but (1,1), (1,2), (2,1)
	 * are naturals of 2 or 3 and always miss.  P = 97/100. */
	(void)state;
	assert_true(fabs(one_shot(10, 4, 1, 0, 0, 0) - 0.97) < HAND);
}

static void
test_modern_d8(void **state)
{
	/* A modern d8 computer: d10 + d8, only the d10 explodes, no
	 * natural 20.  dV 11, skill 0.  First faces f1 < 10: f1 + f2 >= 11
	 * needs f2 >= 11 - f1: f1 = 3..9 gives 1+2+3+4+5+6+7 = 28 pairs;
	 * f1 = 10 always reaches 11: 8 pairs.  36 of 80 = 0.45. */
	(void)state;
	assert_true(fabs(one_shot(8, 0, 11, 0, 0, 0) - 0.45) < HAND);
}

static void
test_ww2_d6(void **state)
{
	/* WWII: d10 + d6, skill 2, dV 14: the dice need 12.  f1 < 10:
	 * f1 + f2 >= 12: f1 = 6: 1, 7: 2, 8: 3, 9: 4 = 10 pairs; f1 = 10:
	 * 10 + E + f2 >= 12 always: 6 pairs.  16 of 60 = 0.2666... */
	(void)state;
	assert_true(fabs(one_shot(6, 2, 14, 0, 0, 0) - 16.0 / 60) < HAND);
}

static void
test_range_and_tens(void **state)
{
	/* dV 15, skill 4, 25 inches: -2, so the dice need 13.  Faces
	 * 1..9 summing to 13+: 6+5+4+3+2+1 = 21 pairs.  (10, x): 10 + E + x
	 * >= 13 holds for x >= 2; x = 1 needs E >= 2, P 0.9: per order
	 * 8.9, both 17.8.  Natural 20: 1.  (21 + 17.8 + 1) / 100 = 0.398. */
	(void)state;
	assert_true(fabs(one_shot(10, 4, 15, 25, 0, 0) - 0.398) < HAND);
	/* 9 inches is no full 10: no modifier.  dV 13, skill 0: the dice
	 * again need 13, 0.398 as above. */
	assert_true(fabs(one_shot(10, 0, 13, 9, 0, 0) - 0.398) < HAND);
}

static void
test_point_blank(void **state)
{
	/* dV 19 halved point blank, rounded down: 9.  2d10 >= 9: of the
	 * 81 pairs of faces 1..9, sums 2..8 take 1+2+...+7 = 28 (the
	 * natural 2s and 3s among them); 19 pairs hold a 10.  (53 + 19) /
	 * 100 = 0.72. */
	(void)state;
	assert_true(fabs(one_shot(10, 0, 19, 0, 0, 1) - 0.72) < HAND);
}

static void
test_spread_fire(void **state)
{
	/* Spread fire: 2d10 + d6 >= 20, skill 0.  For d6 = k the 2d10 need
	 * n = 20 - k, n = 19..14.  Pairs of faces 1..9 with sum >= n:
	 * n=14: 15, 15: 10, 16: 6, 17: 3, 18: 1, 19: 0.  (10, x): E >=
	 * n - 10 - x with P(E >= m) = (11 - m)/10, summed over x and both
	 * orders: n=14: 17.4, 15: 16.8, 16: 16.0, 17: 15.0, 18: 13.8,
	 * 19: 12.4.  Totals per 100: 32.4, 26.8, 22.0, 18.0, 14.8, 12.4;
	 * their mean 126.4 / 6 = 21.0666...; natural 20 adds 1.
	 * P = 0.220666... */
	(void)state;
	assert_true(fabs(one_shot(10, 0, 20, 0, 1, 0) -
	    (126.4 / 6 + 1) / 100) < HAND);
}

static void
test_damage_and_coin(void **state)
{
	/* A 10-point weapon against dV 1: it hits unless a natural 2 or 3
	 * (0.97); the coin doubles half the time: 0 at 0.03, 10 and 20 at
	 * 0.485 each, mean 14.55. */
	struct ss_unit a = unit("A", 10, 0), d = unit("D", 10, 0);
	struct ss_shot s;
	struct ss_odds o;

	(void)state;
	arm(&a, SS_E, 10, 0);
	d.dv[SS_E][0] = 1;
	s = shot(&a, &d, SS_FACE_FRONT, 0);
	ss_odds(&s, &o);
	assert_true(fabs(ss_odds_damage(&o, 0).v - 0.03) < HAND);
	assert_true(fabs(ss_odds_damage(&o, 10).v - 0.485) < HAND);
	assert_true(fabs(ss_odds_damage(&o, 20).v - 0.485) < HAND);
	assert_true(fabs(o.mean.v - 14.55) < HAND);
	/* Armor 12 stops 10 and leaves 8 of 20 inside: band 5-10, 1 box:
	 * at least one box 0.485.  One box on the chart is C one roll in
	 * six, F or A two in six (each then explodes 45 in 100):
	 * (1 + 2 * 0.45) / 6 = 0.316666...; times 0.485. */
	assert_true(fabs(o.p_internal.v - 0.485) < HAND);
	assert_true(fabs(o.p_destroyed.v - 0.485 * 1.9 / 6) < HAND);
	ss_odds_free(&o);
}

static void
test_three_boxes_destroy(void **state)
{
	/* 28 points (a 14 doubled) on armor 12: 16 internal, band 16-21,
	 * 3 boxes.  The d6 roll r marks r, r+1, r+2 (wrapping): r=1 s m p
	 * survives; r=2 m p F explodes at 0.45; r=3 p F A: 1 - 0.55^2 =
	 * 0.6975; r=4 F A C, r=5 A C s, r=6 C s m: the crew, destroyed.
	 * (0 + 0.45 + 0.6975 + 3) / 6 = 0.69125.  Tails (14, 2 inside)
	 * marks nothing.  With the hit at 0.97: P(destroyed) = 0.485 *
	 * 0.69125 = 0.33525625. */
	struct ss_unit a = unit("A", 10, 0), d = unit("D", 10, 0);
	struct ss_shot s;
	struct ss_odds o;

	(void)state;
	arm(&a, SS_E, 14, 0);
	d.dv[SS_E][0] = 1;
	s = shot(&a, &d, SS_FACE_FRONT, 0);
	assert_true(fabs(ss_p_destroyed_by(&d, 16) - 0.69125) < HAND);
	assert_true(fabs(ss_p_destroyed_by(&d, 22) - 1) < HAND);
	assert_true(fabs(ss_p_destroyed_by(&d, 4)) < HAND);
	ss_odds(&s, &o);
	assert_true(fabs(o.p_destroyed.v - 0.33525625) < HAND);
	ss_odds_free(&o);
}

/* ---- the example units ---- */

struct loaded_unit {
	struct batch *b;	/* holds the unit */
	const struct ss_unit *u;
};

static struct loaded_unit
load(const char *path)
{
	static const char *const kinds[] = { "card", NULL };
	struct loaded_unit lu;
	const struct loaded *ld;
	int n;

	lu.b = batch_new();
	diag_init(0, stderr);
	ld = system_ref(lu.b, path, NULL, "test", "shellshock", kinds, &n);
	assert_non_null(ld);
	lu.u = &((const struct ss_card *)ld->obj)->u;
	diag_end();
	return lu;
}

static void
test_mason_at_bison(void **state)
{
	/* The Mason (d10+4) fires M (dV 14) and I (dV 19) at the Bison's
	 * front from 19 inches: -1, so the dice need 11 and 16.  2d10 >=
	 * 11: 55 of 100.  >= 16: faces 1..9: 6 pairs; (10, x): x >= 5
	 * always, x = 4, 3, 2, 1 need E >= 2..5: 0.9 + 0.8 + 0.7 + 0.6; per
	 * order 8.0, both 16; natural 20: 1.  23 of 100.  Damage: M alone
	 * 0.32 (14 or 28), both 0.23 (39 or 78), coin halves each:
	 * mean 0.16 * (14 + 28) + 0.115 * (39 + 78) = 20.175.  Every hit
	 * but a tails 14 (2 short of the 16 armor) is past the Bison's
	 * dead 11: P(destroyed) = 0.16 + 0.23 = 0.39. */
	struct loaded_unit m = load("units/shellshock/mason.yaml");
	struct loaded_unit b = load("units/shellshock/bison.yaml");
	struct ss_shot s = shot(m.u, b.u, SS_FACE_FRONT, 19);
	struct ss_odds o;

	(void)state;
	ss_odds(&s, &o);
	assert_int_equal(o.nw, 2);
	assert_int_equal(o.w[0].row, SS_M);
	assert_int_equal(o.w[0].dv, 14);
	assert_int_equal(o.w[0].need, 11);
	assert_true(fabs(o.w[0].p_hit.v - 0.55) < HAND);
	assert_int_equal(o.w[1].need, 16);
	assert_true(fabs(o.w[1].p_hit.v - 0.23) < HAND);
	assert_true(fabs(o.mean.v - 20.175) < 1e-9);
	assert_true(fabs(o.p_destroyed.v - 0.39) < 1e-9);
	assert_true(fabs(o.p_internal.v - 0.39) < 1e-9);
	/* Exactly (SPEC 5): 55/100 = 11/20, 23/100, 20.175 = 807/40,
	 * 39/100; the damage 78 is 0.23 / 2 = 23/200. */
	assert_true(o.w[0].p_hit.p == 11 && o.w[0].p_hit.q == 20);
	assert_true(o.w[1].p_hit.p == 23 && o.w[1].p_hit.q == 100);
	assert_true(o.mean.p == 807 && o.mean.q == 40);
	assert_true(o.p_destroyed.p == 39 && o.p_destroyed.q == 100);
	assert_true(ss_odds_damage(&o, 78).p == 23 &&
	    ss_odds_damage(&o, 78).q == 200);
	ss_odds_free(&o);
	batch_free(m.b);
	batch_free(b.b);
}

static void
test_bison_at_mason_left(void **state)
{
	/* The Bison (d10+2) at the Mason's left side from 19 in: +2 - 1,
	 * the dice need dV - 1.  E (sides dV 6): 2d10 >= 5: faces 1..9 lose
	 * sums 2..4 (1 + 2 + 3 = 6 pairs): 75 + 19 with a 10 = 0.94.
	 * B (9): >= 8: lose 1+...+6 = 21: 60 + 19 = 0.79.
	 * I (11): >= 10: lose 1+...+8 = 36: 45 + 19 = 0.64. */
	struct loaded_unit b = load("units/shellshock/bison.yaml");
	struct loaded_unit m = load("units/shellshock/mason.yaml");
	struct ss_shot s = shot(b.u, m.u, SS_FACE_LEFT, 19);
	struct ss_odds o;

	(void)state;
	ss_odds(&s, &o);
	assert_int_equal(o.nw, 3);
	assert_true(fabs(o.w[0].p_hit.v - 0.94) < HAND);
	assert_true(fabs(o.w[1].p_hit.v - 0.79) < HAND);
	assert_true(fabs(o.w[2].p_hit.v - 0.64) < HAND);
	ss_odds_free(&o);
	batch_free(m.b);
	batch_free(b.b);
}

/* ---- the worked examples, step by step ---- */

struct script {
	struct ss_dice dice;
	int v[16][4];	/* per kind: values in order */
	int n[16], at[16];
};

static int
scripted(struct ss_dice *d, enum ss_die kind, int sides)
{
	struct script *s = (struct script *)d;

	assert_true(s->at[kind] < s->n[kind]);
	assert_true(s->v[kind][s->at[kind]] <= sides);
	return s->v[kind][s->at[kind]++];
}

static void
give(struct script *s, enum ss_die kind, int v)
{
	s->v[kind][s->n[kind]++] = v;
}

static void
test_example_return_fire(void **state)
{
	/* "The Bison rolls a 9, his gunnery skill brings it up to 11, but
	 * the distance drags it down to 10": dice 4 and 5.  "A 10 on the
	 * Mason's side, hits with Ballistic, Missile and Energy"; the
	 * Bison's E (6p) and B (7p) hit, its I (7s, dV 11) misses: 13, the
	 * coin low.  "The armor on the rear left side is down to 0. 1
	 * point of damage gets through" -- below the 5 of the first band. */
	struct loaded_unit b = load("units/shellshock/bison.yaml");
	struct loaded_unit m = load("units/shellshock/mason.yaml");
	struct ss_shot s = shot(b.u, m.u, SS_FACE_LEFT, 19);
	struct script sc;
	struct ss_steps st;

	(void)state;
	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	give(&sc, SS_DIE_HUMAN, 4);
	give(&sc, SS_DIE_TARGETING, 5);
	give(&sc, SS_DIE_COIN, 2);
	assert_int_equal(ss_resolve(&s, &sc.dice, &st), 0);
	assert_int_equal(st.total, 10);
	assert_int_equal(st.range_mod, -1);
	assert_int_equal(st.nw, 3);
	assert_true(st.w[0].hit && st.w[0].row == SS_E);
	assert_true(st.w[1].hit && st.w[1].row == SS_B);
	assert_true(!st.w[2].hit && st.w[2].row == SS_I);
	assert_int_equal(st.damage, 13);
	assert_int_equal(st.armor_before, 12);
	assert_int_equal(st.armor_after, 0);
	assert_int_equal(st.internal, 1);
	assert_int_equal(st.boxes, 0);
	assert_int_equal(st.outcome, SS_DAMAGED);
	assert_int_equal(sc.at[SS_DIE_INTERNAL], 0);	/* no chart roll */
	batch_free(m.b);
	batch_free(b.b);
}

static void
test_example_25_on_bison(void **state)
{
	/* "25 points comes off the front of the Bison. There are only 16
	 * points of armor ... 9 points of damage goes into the Bison. This
	 * is equal to 3 boxes"; "The Mason rolls 1d6 and gets a 2": m, p,
	 * F; "the Mason pilot rolls a 5 to the Bison's 4 and the Bison
	 * explodes."  With 27 points, 11 internal: "immediate death". */
	struct loaded_unit b = load("units/shellshock/bison.yaml");
	struct script sc;
	struct ss_steps st;

	(void)state;
	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	give(&sc, SS_DIE_INTERNAL, 2);
	give(&sc, SS_DIE_EXPLODE_ATT, 5);
	give(&sc, SS_DIE_EXPLODE_DEF, 4);
	assert_int_equal(ss_resolve_damage(b.u, SS_FACE_FRONT, 25, &sc.dice,
	    &st), 0);
	assert_int_equal(st.armor_after, 0);
	assert_int_equal(st.internal, 9);
	assert_int_equal(st.boxes, 3);
	assert_int_equal(st.nmarked, 3);
	assert_int_equal(st.marked[0], 2);	/* m */
	assert_int_equal(st.marked[1], 3);	/* p */
	assert_int_equal(st.marked[2], 4);	/* F */
	assert_int_equal(st.nex, 1);
	assert_true(st.ex[0].exploded);
	assert_int_equal(st.outcome, SS_DESTROYED);
	assert_string_equal(st.cause, "fuel");

	/* The same with the Bison winning the tie: it holds. */
	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	give(&sc, SS_DIE_INTERNAL, 2);
	give(&sc, SS_DIE_EXPLODE_ATT, 4);
	give(&sc, SS_DIE_EXPLODE_DEF, 4);
	assert_int_equal(ss_resolve_damage(b.u, SS_FACE_FRONT, 25, &sc.dice,
	    &st), 0);
	assert_int_equal(st.outcome, SS_DAMAGED);

	/* "if the Internal roll had been a 4, the Bison would immediately
	 * die ... 6 ... is the crew": F, A, C. */
	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	give(&sc, SS_DIE_INTERNAL, 4);
	assert_int_equal(ss_resolve_damage(b.u, SS_FACE_FRONT, 25, &sc.dice,
	    &st), 0);
	assert_int_equal(st.outcome, SS_DESTROYED);
	assert_string_equal(st.cause, "crew");

	/* 27 points: 11 inside, the dead threshold. */
	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	assert_int_equal(ss_resolve_damage(b.u, SS_FACE_FRONT, 27, &sc.dice,
	    &st), 0);
	assert_int_equal(st.outcome, SS_DESTROYED);
	assert_string_equal(st.cause, "dead");
	batch_free(b.b);
}

static void
test_rerolls_and_naturals(void **state)
{
	/* "I roll 2d10, get a 10 and a 5, I re-roll the dice that got a 10,
	 * and roll a 7. So all together I rolled a 22." */
	struct ss_unit a = unit("A", 10, 0), d = unit("D", 10, 0);
	struct ss_shot s;
	struct script sc;
	struct ss_steps st;

	(void)state;
	arm(&a, SS_S, 3, 0);
	d.dv[SS_S][0] = 32;	/* "even if the Small Caliber to hit number is 32" */
	s = shot(&a, &d, SS_FACE_FRONT, 0);
	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	give(&sc, SS_DIE_HUMAN, 10);
	give(&sc, SS_DIE_REROLL_HUMAN, 7);
	give(&sc, SS_DIE_TARGETING, 5);
	assert_int_equal(ss_resolve(&s, &sc.dice, &st), 0);
	assert_int_equal(st.total, 22);
	assert_int_equal(st.outcome, SS_MISS);
	/* Two 10s: "you immediately hit with all weapons", whatever the
	 * re-rolls add. */
	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	give(&sc, SS_DIE_HUMAN, 10);
	give(&sc, SS_DIE_REROLL_HUMAN, 1);
	give(&sc, SS_DIE_TARGETING, 10);
	give(&sc, SS_DIE_REROLL_TARGETING, 1);
	give(&sc, SS_DIE_COIN, 2);
	assert_int_equal(ss_resolve(&s, &sc.dice, &st), 0);
	assert_int_equal(st.natural, SS_NAT_LUCKY);
	assert_true(st.w[0].hit);
	/* A natural 2 misses even a dV of 1. */
	d.dv[SS_S][0] = 1;
	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	give(&sc, SS_DIE_HUMAN, 1);
	give(&sc, SS_DIE_TARGETING, 1);
	a.skill = 9;
	assert_int_equal(ss_resolve(&s, &sc.dice, &st), 0);
	assert_int_equal(st.natural, SS_NAT_FLUB);
	assert_int_equal(st.outcome, SS_MISS);
}

static void
test_spread_rules(void **state)
{
	/* "If a gunner chooses to fire using spread fire, all weapons he is
	 * firing must be spread fire weapons and all weapons are halved
	 * individually ... 5 divided by 2 is 2.5, rounded down to 2. Do
	 * this twice, get 4." */
	struct ss_unit a = unit("A", 10, 0), d = unit("D", 10, 0);
	struct ss_shot s;
	struct script sc;
	struct ss_steps st;
	char err[200];

	(void)state;
	arm(&a, SS_E, 5, 1);
	arm(&a, SS_M, 5, 1);
	s = shot(&a, &d, SS_FACE_FRONT, 0);
	s.spread = 1;
	assert_true(ss_shot_check(&s, err, sizeof(err)));
	memset(&sc, 0, sizeof(sc));
	sc.dice.roll = scripted;
	give(&sc, SS_DIE_HUMAN, 5);
	give(&sc, SS_DIE_TARGETING, 4);
	give(&sc, SS_DIE_SPREAD, 1);	/* 5 + 4 + 1 = 10 reaches dV 10 */
	give(&sc, SS_DIE_COIN, 2);
	assert_int_equal(ss_resolve(&s, &sc.dice, &st), 0);
	assert_int_equal(st.total, 10);
	assert_int_equal(st.damage, 4);
	/* A weapon that cannot spread forbids it. */
	a.weapon[1].spread = 0;
	assert_false(ss_shot_check(&s, err, sizeof(err)));
	assert_non_null(strstr(err, "cannot"));
	/* No weapon rows at all. */
	a.nweapons = 0;
	s.rows = 0;
	s.spread = 0;
	assert_false(ss_shot_check(&s, err, sizeof(err)));
	assert_non_null(strstr(err, "no weapons"));
}

/* ---- brute force: every die, through ss_resolve ---- */

/*
 * Depth-first over every sequence of dice the resolver asks for.  The
 * walk stops at the coin: what follows it depends only on the damage,
 * so each damage is walked once more from the coin on.  Chains of tens
 * longer than the prune are counted as cut.
 */
#define MAXPATH 64
#define PRUNE 1e-15

struct walk {
	struct ss_dice dice;
	int path[MAXPATH], sides[MAXPATH];
	int len, depth;
	double p;
	int stop_at_coin, at_coin;
};

static int
walk_roll(struct ss_dice *d, enum ss_die kind, int sides)
{
	struct walk *w = (struct walk *)d;

	if (kind == SS_DIE_COIN && w->stop_at_coin) {
		w->at_coin = 1;
		return -1;
	}
	if (w->depth == MAXPATH)
		return -1;
	if (w->depth == w->len) {
		w->path[w->len] = 1;
		w->sides[w->len++] = sides;
	}
	w->p /= sides;
	w->depth++;
	if (w->p < PRUNE)
		return -1;	/* a long chain of tens: counted as cut */
	return w->path[w->depth - 1];
}

/* The next path in depth-first order; 0 when all are done. */
static int
walk_next(struct walk *w)
{
	while (w->len > 0) {
		if (w->path[w->len - 1] < w->sides[w->len - 1]) {
			w->path[w->len - 1]++;
			return 1;
		}
		w->len--;
	}
	return 0;
}

struct tally {
	double hit[SS_NROWS], base[4096], damage[4096];
	double internal, destroyed, cut;
};

/* From the coin on: damage points, armor, chart, explosions. */
static void
brute_damage(const struct ss_shot *s, int base, double mass, struct tally *t)
{
	struct walk w;
	struct ss_steps st;
	int coin;

	for (coin = 1; coin <= 2; coin++) {
		int dmg = base * (coin == 1 ? 2 : 1);

		memset(&w, 0, sizeof(w));
		w.dice.roll = walk_roll;
		t->damage[dmg] += mass / 2;
		do {
			w.depth = 0;
			w.p = mass / 2;
			assert_int_equal(ss_resolve_damage(s->def, s->facing, dmg,
			    &w.dice, &st), 0);
			w.len = w.depth;
			if (st.internal >= s->def->band[0][0])
				t->internal += w.p;
			if (st.outcome == SS_DESTROYED)
				t->destroyed += w.p;
		} while (walk_next(&w));
	}
}

static void
brute(const struct ss_shot *s, struct tally *t)
{
	struct walk w;
	struct ss_steps st;
	int i, k;

	memset(&w, 0, sizeof(w));
	memset(t, 0, sizeof(*t));
	w.dice.roll = walk_roll;
	w.stop_at_coin = 1;
	do {
		w.depth = 0;
		w.p = 1;
		w.at_coin = 0;
		if (ss_resolve(s, &w.dice, &st) < 0 && !w.at_coin) {
			t->cut += w.p;
			w.len = w.depth;	/* do not go deeper */
			continue;
		}
		w.len = w.depth;	/* this path is complete */
		for (i = 0; i < st.nw; i++)
			if (st.w[i].hit)
				t->hit[st.w[i].row] += w.p;
		t->base[w.at_coin ? st.base_damage : 0] += w.p;
	} while (walk_next(&w));
	t->damage[0] += t->base[0];
	for (k = 1; k < 2048; k++)
		if (t->base[k] > 0)
			brute_damage(s, k, t->base[k], t);
}

static void
agree(const struct ss_shot *s)
{
	struct tally t;
	struct ss_odds o;
	int i, k;

	brute(s, &t);
	ss_odds(s, &o);
	assert_true(t.cut < 1e-10);
	for (i = 0; i < o.nw; i++)
		assert_true(fabs(o.w[i].p_hit.v - t.hit[o.w[i].row]) < 1e-9);
	for (k = 0; k < 4096; k++) {
		if (fabs(ss_odds_damage(&o, k).v - t.damage[k]) >= 1e-9)
			fprintf(stderr, "damage %d: odds %.12f, brute force %.12f\n",
			    k, ss_odds_damage(&o, k).v, t.damage[k]);
		assert_true(fabs(ss_odds_damage(&o, k).v - t.damage[k]) < 1e-9);
	}
	assert_true(fabs(o.p_internal.v - t.internal) < 1e-9);
	assert_true(fabs(o.p_destroyed.v - t.destroyed) < 1e-9);
	ss_odds_free(&o);
}

static void
test_brute_force(void **state)
{
	struct loaded_unit m = load("units/shellshock/mason.yaml");
	struct loaded_unit b = load("units/shellshock/bison.yaml");
	struct loaded_unit h = load("units/shellshock/hailstorm.yaml");
	struct loaded_unit j = load("units/shellshock/jager.yaml");
	struct loaded_unit r = load("units/shellshock/harrier.yaml");
	struct ss_shot s;

	(void)state;
	/* The worked example's two shots. */
	s = shot(m.u, b.u, SS_FACE_FRONT, 19);
	agree(&s);
	s = shot(b.u, m.u, SS_FACE_LEFT, 19);
	agree(&s);
	/* Spread fire and point blank with three weapons. */
	s = shot(h.u, m.u, SS_FACE_RIGHT, 4);
	s.spread = 1;
	s.point_blank = 1;
	agree(&s);
	/* WWII d6 and modern d8 computers: no natural 20. */
	s = shot(j.u, r.u, SS_FACE_REAR, 12);
	agree(&s);
	s = shot(r.u, j.u, SS_FACE_REAR, 31);
	agree(&s);
	batch_free(m.b);
	batch_free(b.b);
	batch_free(h.b);
	batch_free(j.b);
	batch_free(r.b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_need_11_on_2d10),
		cmocka_unit_test(test_need_21_only_tens),
		cmocka_unit_test(test_natural_20_decides),
		cmocka_unit_test(test_natural_2_3_decide),
		cmocka_unit_test(test_modern_d8),
		cmocka_unit_test(test_ww2_d6),
		cmocka_unit_test(test_range_and_tens),
		cmocka_unit_test(test_point_blank),
		cmocka_unit_test(test_spread_fire),
		cmocka_unit_test(test_damage_and_coin),
		cmocka_unit_test(test_three_boxes_destroy),
		cmocka_unit_test(test_mason_at_bison),
		cmocka_unit_test(test_bison_at_mason_left),
		cmocka_unit_test(test_example_return_fire),
		cmocka_unit_test(test_example_25_on_bison),
		cmocka_unit_test(test_rerolls_and_naturals),
		cmocka_unit_test(test_spread_rules),
		cmocka_unit_test(test_brute_force),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
