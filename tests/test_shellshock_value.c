/*
 * test_shellshock_value.c -- rules/shellshock_value: the geometry of arcs
 * and facings, speed over the field, the chart's effects as data, the
 * duel's sure cases and its symmetry, the Bradley-Terry arithmetic by
 * hand, facing and gunners seen by the value, monotony over single-stat
 * improvements, and the proof of SPEC 5.1 on a small generated set
 * (tools/value-proof.c runs the full one).
 */
#include "testutil.h"

#include "diag.h"
#include "system.h"
#include "systems/shellshock_game.h"
#include "ss_gen.h"

/* A plain unit to build on: future, d10+0, one gunner, no weapons, the
 * same armor and dV all round. */
static void
plain(struct ss_unit *u, const char *name)
{
	int r, f, t;

	memset(u, 0, sizeof(*u));
	u->name = name;
	u->era = SS_FUTURE;
	u->max_speed = 8;
	u->road_speed = 12;
	strcpy(u->maneuver, "??n");
	for (t = 0; t < SS_NTERRAIN; t++)
		u->terrain[t] = 1;
	for (r = 0; r < SS_NROWS; r++)
		u->dv[r][0] = u->dv[r][1] = 10;
	u->die = 10;
	u->gunners = 1;
	for (f = 0; f < SS_NFACINGS; f++)
		u->armor[f] = 10;
	u->band[0][0] = 3;
	u->band[0][1] = 5;
	u->band[1][0] = 6;
	u->band[1][1] = 8;
	u->band[2][0] = 9;
	u->band[2][1] = 10;
	u->nbands = 3;
	u->dead = 11;
	u->combat_value = -1;
}

static void
arm(struct ss_unit *u, int row, int damage, char cls, int arc, int spread)
{
	struct ss_weapon *w = &u->weapon[u->nweapons++];

	w->row = row;
	w->damage = damage;
	w->cls = cls;
	w->arc = arc;
	w->spread = spread;
}

/* "a target dead ahead sees its front ... 60 or 120 degrees to the
 * right, its right": arcs as ss_arc_sector draws them. */
static void
test_geometry(void **state)
{
	struct ss_unit u;
	unsigned all;

	(void)state;
	assert_int_equal(ss_facing_toward(0), SS_FACE_FRONT);
	assert_int_equal(ss_facing_toward(1), SS_FACE_RIGHT);
	assert_int_equal(ss_facing_toward(2), SS_FACE_RIGHT);
	assert_int_equal(ss_facing_toward(3), SS_FACE_REAR);
	assert_int_equal(ss_facing_toward(4), SS_FACE_LEFT);
	assert_int_equal(ss_facing_toward(5), SS_FACE_LEFT);
	plain(&u, "arcs");
	arm(&u, SS_E, 5, 'p', SS_ARC_FRONT, 0);
	arm(&u, SS_M, 5, 'p', SS_ARC_PIVOT1, 0);
	arm(&u, SS_B, 5, 's', SS_ARC_REAR, 0);
	arm(&u, SS_I, 5, 's', SS_ARC_PIVOT3, 0);
	all = ss_rows_of(&u, 0);
	assert_int_equal(ss_rows_bearing(&u, 0, all),
	    1u << SS_E | 1u << SS_M | 1u << SS_I);
	assert_int_equal(ss_rows_bearing(&u, 1, all), 1u << SS_M | 1u << SS_I);
	assert_int_equal(ss_rows_bearing(&u, 3, all), 1u << SS_B | 1u << SS_I);
	assert_int_equal(ss_rows_bearing(&u, 0, all & ~ss_rows_of(&u, 'p')),
	    1u << SS_I);
	assert_int_equal(ss_rows_of(&u, 's'), 1u << SS_B | 1u << SS_I);
}

/*
 * Speed over the field: max speed over the mean cost.  All costs 1: the
 * max speed.  The Mason's row 1, 2, 4, 2, 3, 3 weighed .50 .15 .15 .08
 * .04 .08: .50 + .30 + .60 + .16 + .12 + .24 = 1.92; 9 / 1.92 = 4.69, 4
 * whole inches.  Trees at 20 everywhere but open: .5 + 10 = 10.5, so a
 * max speed of 10 does not move at all.
 */
static void
test_speed(void **state)
{
	struct ss_unit u;
	static const int mason[SS_NTERRAIN] = { 1, 2, 4, 2, 3, 3 };
	int t;

	(void)state;
	plain(&u, "speed");
	assert_int_equal(ss_duel_speed(&u), 8);
	u.max_speed = 9;
	memcpy(u.terrain, mason, sizeof(mason));
	assert_int_equal(ss_duel_speed(&u), 4);
	u.max_speed = 10;
	for (t = 1; t < SS_NTERRAIN; t++)
		u.terrain[t] = 20;
	assert_int_equal(ss_duel_speed(&u), 0);
	u.max_speed = 11;
	assert_int_equal(ss_duel_speed(&u), 1);
}

/* The chart as the rules give it: s and p lose those weapons, m and F
 * stop moving, A stops firing, F and A roll off, C kills. */
static void
test_chart(void **state)
{
	(void)state;
	assert_int_equal(ss_chart[1].fx, SS_FX_LOSE_S);
	assert_int_equal(ss_chart[2].fx, SS_FX_NO_MOVE);
	assert_int_equal(ss_chart[3].fx, SS_FX_LOSE_P);
	assert_int_equal(ss_chart[4].fx, SS_FX_EXPLODES | SS_FX_NO_MOVE);
	assert_int_equal(ss_chart[5].fx, SS_FX_EXPLODES | SS_FX_NO_FIRE);
	assert_int_equal(ss_chart[6].fx, SS_FX_CREW);
}

/*
 * Sure cases: a unit with a weapon of 100 on dV 1 destroys an unarmed
 * one unless the roll is a natural 2 or 3 (3 in 100 each turn), so it
 * wins every duel (0.03^50 to last 50 turns); a unit against its own
 * copy wins half, within the noise; the same seed, the same figures.
 */
static void
test_duel_sure(void **state)
{
	struct ss_unit a, b;
	struct ss_duel d, e;
	int r;

	(void)state;
	plain(&a, "a");
	arm(&a, SS_E, 100, 'p', SS_ARC_PIVOT3, 0);
	plain(&b, "b");
	for (r = 0; r < SS_NROWS; r++)
		b.dv[r][0] = b.dv[r][1] = 1;
	ss_duel(&a, &b, 500, 3, &d);
	assert_true(d.p_a == 1 && d.p_b == 0 && d.share == 1);
	/* 97 in 100 on the first turn. */
	assert_true(d.turns > 1.0 && d.turns < 1.1);
	arm(&b, SS_E, 6, 'p', SS_ARC_FRONT, 0);
	ss_duel(&b, &b, 2000, 7, &d);
	assert_true(fabs(d.share - 0.5) < 4 * d.se + 1e-9);
	assert_true(fabs(d.p_a + d.p_b + d.p_both + d.p_neither - 1) < 1e-9);
	ss_duel(&b, &b, 2000, 7, &e);
	assert_true(d.share == e.share && d.turns == e.turns);
}

/*
 * The duel's sides run the race of the fight (SPEC 5.1: a unit turns to
 * bring its weapons to bear and shows the facing that needs), by hand:
 * out 6 a turn on 20 left of the enemy is 20 / 6 = 3.333 turns to stop
 * it; in 4 a turn on 10 left of it, 10 / 4 = 2.5 turns to be stopped:
 * log(2.5 / 3.333) = log(0.75) = -0.28768.  Twice the damage out halves
 * its turns: log(2.5 / 1.667) = log(1.5) = 0.40547.  A place where it
 * cannot hurt the enemy ranks below one where it hurts a little and
 * takes a lot (0.1 out on 40: 400 turns; 100 in on 1: 0.01 turns;
 * log(0.01 / 400) = -10.6), and among such places the one where it
 * takes less (1 on 40) is the better; one where the enemy cannot hurt
 * it ranks above all.
 */
static void
test_duel_race(void **state)
{
	(void)state;
	assert_true(fabs(ss_duel_race(6, 4, 20, 10) - log(0.75)) < 1e-12);
	assert_true(fabs(ss_duel_race(12, 4, 20, 10) - log(1.5)) < 1e-12);
	assert_true(fabs(ss_duel_race(0.1, 100, 40, 1) -
	    log(0.01 / 400)) < 1e-12);
	assert_true(ss_duel_race(0.1, 100, 40, 1) > ss_duel_race(0, 1, 40,
	    40));
	assert_true(ss_duel_race(0, 1, 40, 40) > ss_duel_race(0, 2, 40, 40));
	assert_true(ss_duel_race(0, 0, 40, 40) > ss_duel_race(0, 1, 40, 40));
	assert_true(ss_duel_race(1, 0, 40, 40) > ss_duel_race(100, 1, 1,
	    100));
	assert_true(ss_duel_race(2, 0, 40, 40) > ss_duel_race(1, 0, 40, 40));
}

/*
 * A unit whose only weapon fires through its rear, against one whose
 * gun turns all round, shows its rear and fires, however thick its
 * front: turning the front to the fire would stop its own.  With every
 * turn's rear shown, 10 more front armor is never hit, and the same
 * dice give the same share (the old weighing, damage a turn over what
 * is left, less the same taken, turned the 40 front to the enemy 70 %
 * of the turns, and won 21.3 % then 21.7 % of 2,000 duels a start).
 */
static void
test_duel_brings_weapons(void **state)
{
	struct ss_unit a, b;
	struct ss_duel d, e;

	(void)state;
	plain(&a, "rear gun");
	arm(&a, SS_E, 8, 'p', SS_ARC_REAR, 0);
	a.armor[SS_FACE_FRONT] = 40;
	a.armor[SS_FACE_REAR] = 2;
	plain(&b, "turret");
	arm(&b, SS_E, 8, 'p', SS_ARC_PIVOT3, 0);
	ss_duel(&a, &b, 1000, 1, &d);
	print_message("rear gun: share %.4f, rear shown %.3f\n", d.share,
	    d.shown_a[SS_FACE_REAR]);
	assert_true(d.shown_a[SS_FACE_REAR] > 0.99);
	a.armor[SS_FACE_FRONT] = 50;
	ss_duel(&a, &b, 1000, 1, &e);
	assert_true(e.share == d.share);
}

/*
 * Bradley-Terry by hand: against ratings 1 and 4 (the prior: 0.1 of a
 * game, half won, against 1), winning 2/3 and 1/3 is the rating v with
 * v/(v+1) + v/(v+4) + 0.1 v/(v+1) = 1 + 0.05; v = 2 gives 2/3 + 1/3 +
 * 0.0667 = 1.0667, a little high, so v is a little under 2.  More won,
 * a higher rating.
 */
static void
test_bt(void **state)
{
	double r[2] = { 1, 4 }, s[2] = { 2.0 / 3, 1.0 / 3 }, v, w;

	(void)state;
	v = ss_bt_value(r, s, 2);
	assert_true(fabs(v / (v + 1) + v / (v + 4) + 0.1 * v / (v + 1) -
	    1.05) < 1e-9);
	assert_true(v > 1.9 && v < 2);
	s[1] += 0.01;
	w = ss_bt_value(r, s, 2);
	assert_true(w > v);
}

/*
 * The cards' robust fit by hand (SS_VALUE_CLIP 0.1, the prior 0.1 of a
 * game half won against 1).  Against ratings 1 and 4, weights 1 and 1,
 * winning 0.9 and 0.25: at v = 2 the chances are 2/3 and 1/3, the
 * residuals 0.2333 (kept to 0.1) and -1/12, the prior's 0.1 (1/2 - 2/3)
 * = -1/60; 0.1 - 1/12 - 1/60 = 6/60 - 5/60 - 1/60 = 0, so v = 2.  Winning
 * 0.99 in place of 0.9 is the same 0.1: still 2 (one matchup far off
 * pulls no further).  Weights 1 and 2, winning 0.9 and 7/24: 0.1 +
 * 2 (7/24 - 8/24) - 1/60 = 0.1 - 1/12 - 1/60 = 0, v = 2 again.  More
 * won, a higher rating.
 */
static void
test_bt_robust(void **state)
{
	double r[2] = { 1, 4 }, w[2] = { 1, 1 }, s[2] = { 0.9, 0.25 }, v;

	(void)state;
	assert_true(fabs(ss_bt_robust(r, w, s, 2) - 2) < 1e-9);
	s[0] = 0.99;
	assert_true(fabs(ss_bt_robust(r, w, s, 2) - 2) < 1e-9);
	w[1] = 2;
	s[0] = 0.9;
	s[1] = 7.0 / 24;
	assert_true(fabs(ss_bt_robust(r, w, s, 2) - 2) < 1e-9);
	s[1] += 0.01;
	v = ss_bt_robust(r, w, s, 2);
	assert_true(v > 2);
}

/*
 * The references' weights by hand (SS_VALUE_REF_SPREAD 0.3): three
 * rated alike, 0 and 1 and 0 and 2 even, 1 beating 2 at e / (1 + e), so
 * log-odds 1.  Mean square residuals: 0 for 0, (0 + 1) / 2 = 0.5 for 1
 * and 2.  Weights 1 / 0.09 and twice 1 / 0.59; over their mean,
 * (1 / 0.09) / ((1 / 0.09 + 2 / 0.59) / 3) = 3 * 0.59 / (0.59 + 0.18) =
 * 1.77 / 0.77 = 2.298701, and 0.27 / 0.77 = 0.350649 each.
 */
static void
test_ref_weights(void **state)
{
	double e = exp(1), p = e / (1 + e);
	double w[9] = { 0, 0.5, 0.5, 0.5, 0, 0, 0.5, 0, 0 };
	double v[3] = { 1, 1, 1 }, weight[3];

	(void)state;
	w[1 * 3 + 2] = p;
	w[2 * 3 + 1] = 1 - p;
	ss_ref_weights(w, v, 3, weight);
	assert_true(fabs(weight[0] - 1.77 / 0.77) < 1e-9);
	assert_true(fabs(weight[1] - 0.27 / 0.77) < 1e-9);
	assert_true(fabs(weight[2] - 0.27 / 0.77) < 1e-9);
}

/* The six shipped examples, loaded as muster does. */
static struct batch *refs_batch;

static void
load_examples(struct ss_refset *r, long runs)
{
	static const char *const names[] = { "bison", "hailstorm", "harrier",
	    "jager", "kite", "mason", NULL };
	char rel[64], *p;
	int i;

	memset(r, 0, sizeof(*r));
	diag_init(0, stderr);
	if (refs_batch == NULL)
		refs_batch = batch_new();
	for (i = 0; names[i]; i++) {
		snprintf(rel, sizeof(rel), "units/shellshock/%s.yaml", names[i]);
		p = repo_path(rel);
		assert_int_equal(ss_load_unit(refs_batch, p, &r->u[r->n++]), 0);
		free(p);
	}
	ss_refset_fit(r, runs, 1);
}

/*
 * The set's ratings are the fixed point of the cards' robust fit: each
 * example valued against the set gets its own rating back, the Mason
 * its 120 (the anchor's), within a part in 10^9.
 */
static void
test_refs_fixed_point(void **state)
{
	struct ss_refset r;
	struct ss_rating *a = malloc(sizeof(*a));
	int i;

	(void)state;
	load_examples(&r, 0);
	for (i = 0; i < r.n; i++) {
		ss_rate(r.u[i], &r, 0, a);
		assert_true(fabs(a->value / r.rating[i] - 1) < 1e-9);
	}
	assert_true(fabs(r.rating[5] - SS_VALUE_ANCHOR) < 1e-9);
	free(a);
}

/*
 * The value sees facing and gunners: the Mason with its front (31) and
 * rear (9) armor swapped shows its weak side; the Hailstorm's three
 * weapons, all able to spread fire, with one gunner rolling for all,
 * then two, then its three: each gunner more raises the value (its own
 * roll, its own spread fire, its own turn on the chart).  The value is
 * exact, so "raises" is strict, not within a noise.
 */
static void
test_facing_gunners(void **state)
{
	struct ss_refset r;
	struct ss_rating *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	struct ss_unit u;
	int t;

	(void)state;
	load_examples(&r, 0);
	u = *r.u[5];
	ss_rate(&u, &r, 0, a);
	t = u.armor[SS_FACE_FRONT];
	u.armor[SS_FACE_FRONT] = u.armor[SS_FACE_REAR];
	u.armor[SS_FACE_REAR] = t;
	ss_rate(&u, &r, 0, b);
	print_message("Mason %.2f, front and rear swapped %.2f\n", a->value,
	    b->value);
	assert_true(b->value < a->value * 0.95);
	/* The Hailstorm: 3 weapons, 3 gunners; with 1, 2 and 3. */
	u = *r.u[1];
	u.gunners = 1;
	ss_rate(&u, &r, 0, a);
	u.gunners = 2;
	ss_rate(&u, &r, 0, b);
	print_message("Hailstorm, 1 gunner %.2f, 2 %.2f\n", a->value, b->value);
	assert_true(b->value > a->value);
	u.gunners = 3;
	ss_rate(&u, &r, 0, a);
	print_message("Hailstorm, 3 gunners %.2f\n", a->value);
	assert_true(a->value > b->value);
	/* The Mason's two weapons, one gunner fewer. */
	u = *r.u[5];
	u.gunners = 1;
	ss_rate(&u, &r, 0, a);
	u.gunners = 2;
	ss_rate(&u, &r, 0, b);
	print_message("Mason, 1 gunner %.2f, 2 %.2f\n", a->value, b->value);
	assert_true(b->value > a->value);
	free(a);
	free(b);
}

/*
 * Monotone: single-stat improvements on generated units (a weapon's
 * damage, a dV, armor, skill, a gunner, speed, a wider arc, a weapon
 * added, more internal to kill): none lowers the value (SPEC 5.1).  The
 * value is exact, so this is not a bound on a rate: one lowering fails.
 * MONO_N sets how many (default 360, 40 of each kind; the full 2,000:
 * tools/value-proof.c).
 */
static void
test_monotone(void **state)
{
	struct ss_refset r;
	struct ss_rating *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	struct ss_unit u, v;
	unsigned long long s = 77;
	char name[16];
	int k, done = 0, want = getenv("MONO_N") ? atoi(getenv("MONO_N")) :
	    360, bad = 0, raised = 0;

	(void)state;
	load_examples(&r, 0);
	for (k = 0; done < want; k++) {
		gen_unit(&u, &s, name, k);
		v = u;
		if (!gen_improve(&v, k, &s))
			continue;
		ss_rate(&u, &r, 0, a);
		ss_rate(&v, &r, 0, b);
		if (b->value < a->value) {
			print_message("improvement %d (kind %d) lowers %s from "
			    "%.6f to %.6f\n", k, k % 9, name, a->value,
			    b->value);
			bad++;
		}
		raised += b->value > a->value;
		done++;
	}
	print_message("%d improvements, %d raise the value, %d lower it\n",
	    done, raised, bad);
	assert_int_equal(bad, 0);
	/* And the score sees them: most raise it. */
	assert_true(raised > done / 2);
	free(a);
	free(b);
}

/*
 * The score by hand.  Two units that cannot move (max speed 0: they
 * stand at the four starting bands only, turning where they stand),
 * armor 10 all round, internal bands 9-10, 11-12, 13-14, dead 15, dV 1
 * everywhere, d10+0, one weapon each bearing all round, so each can
 * show any of its four facings.  Each needs at most 1 + 3 (range) on
 * the dice, which every total but the natural 2 and 3 makes (the lowest
 * normal total is 4): 97 in 100.  A's weapon does 4, B's 2; the coin
 * doubles half the hits: A expects .97 x 4 x 1.5 = 5.82 a turn, B 2.91.
 * The armor phase: each facing alone 10 / E turns, A's on B 1.71821,
 * B's on A 3.43643; all four worn down but for SS_VALUE_TURN_LOSS (1)
 * turn each, the last whole: A 4 x 0.71821 + 1 = 3.87285, B 4 x 2.43643
 * + 1 = 10.74570.  No hit of 8 or less marks a box, so c = 0 and the
 * internal phase is dead / E: A 15 / 5.82 = 2.57732, B 5.15464.  Turns
 * to stop the other: A 6.45017, B 15.90034, a ratio of 0.405662: A's
 * chance 1 / (1 + 0.405662^1.9) (SS_VALUE_SHARPNESS), 0.405662^1.9 =
 * e^(1.9 x -0.902235) = e^-1.714246 = 0.180099, so 1 / 1.180099 =
 * 0.847386 at every band, and its share is 0.847386.
 *
 * ss_value_strip() alone: facings of 3, 0.5, 2 and (not shown) 0 turns:
 * (3 - 1) + 0 + (2 - 1) + 0 + min(3, 1) = 4; of 0.5 and 0.8 turns, none
 * past the one turn lost: 0 + min(0.8, 1) = 0.8.
 *
 * ss_value_inner(): n = dead / E of 2 turns, a chart stop of 1 in 2 a
 * turn: (1 - (1 - 1/2)^2) / (1/2) = (1 - 1/4) x 2 = 1.5; no chart stop:
 * n, 2; n of a quarter turn, whatever c: 0.25^SS_VALUE_QUICK (1/2) =
 * 0.5; n of exactly 1: 1 both ways, (1 - (1 - c)) / c = 1.
 *
 * The chart by hand: a hit of 3 internal on a unit whose only weapon is
 * an s marks 1 box, the d6's: 1 s (its last weapon lost: stopped), 2 m,
 * 3 p (none to lose), 4 F (explodes when the attacker's d10 beats the
 * defender's, 45 in 100), 5 A (no fire), 6 C: (1 + 0 + 0 + .45 + 1 + 1)
 * / 6 = 0.575.  A hit of 11, dead: 1.  Of 2, no box: 0.
 */
static void
test_score_by_hand(void **state)
{
	struct ss_unit a, b;
	int r;

	(void)state;
	plain(&a, "a");
	plain(&b, "b");
	a.max_speed = b.max_speed = 0;
	for (r = 0; r < SS_NROWS; r++)
		a.dv[r][0] = a.dv[r][1] = b.dv[r][0] = b.dv[r][1] = 1;
	a.band[0][0] = b.band[0][0] = 9;
	a.band[0][1] = b.band[0][1] = 10;
	a.band[1][0] = b.band[1][0] = 11;
	a.band[1][1] = b.band[1][1] = 12;
	a.band[2][0] = b.band[2][0] = 13;
	a.band[2][1] = b.band[2][1] = 14;
	a.dead = b.dead = 15;
	arm(&a, SS_E, 4, 'p', SS_ARC_PIVOT3, 0);
	arm(&b, SS_E, 2, 'p', SS_ARC_PIVOT3, 0);
	assert_true(fabs(ss_value_share(&a, &b) - 0.847386) < 1e-6);
	assert_true(fabs(ss_value_share(&b, &a) - (1 - 0.847386)) < 1e-6);
	{
		double ft[SS_NFACINGS] = { 3, 0.5, 2, 0 };
		double lo[SS_NFACINGS] = { 0.5, 0.8, 0, 0 };

		assert_true(fabs(ss_value_strip(ft) - 4) < 1e-12);
		assert_true(fabs(ss_value_strip(lo) - 0.8) < 1e-12);
	}
	assert_true(fabs(ss_value_inner(2, 0.5) - 1.5) < 1e-12);
	assert_true(fabs(ss_value_inner(2, 0) - 2) < 1e-12);
	assert_true(fabs(ss_value_inner(0.25, 0.9) - 0.5) < 1e-12);
	assert_true(fabs(ss_value_inner(0.25, 0) - 0.5) < 1e-12);
	assert_true(fabs(ss_value_inner(1, 0.3) - 1) < 1e-12);
	plain(&b, "b");
	arm(&b, SS_E, 2, 's', SS_ARC_PIVOT3, 0);
	assert_true(fabs(ss_chart_stop(&b, 3) - 0.575) < 1e-9);
	assert_true(ss_chart_stop(&b, 11) == 1);
	assert_true(ss_chart_stop(&b, 2) == 0);
}

/*
 * The exact score kept as it was made before its memos (a scorer's
 * rolls kept by die, the chart's stop chance by damage, each band's
 * chance and each run of weapons' gain once): 30 generated cards of
 * every kind (1 to 3 gunners, spread fire, every arc), each against
 * each, summed squared and weighted by the pairing (summed plain they
 * make 435 whatever they are: a share and its other way make 1).  The
 * figures are what muster computes without the memos, the plain way
 * (ss_value_plain(); first the scoring of 78a4a78, then again under
 * SS_VALUE_SHARPNESS 1.9 and SS_VALUE_REACH 4: 294.34777860810976 and
 * 206329.99330746869 before, the plain and the quick way agreeing both
 * times); a memo that answers for another question moves them.
 */
static void
test_share_pinned(void **state)
{
	struct ss_unit u[30];
	char names[30][16];
	unsigned long long s = 11;
	double sum = 0, wsum = 0, p;
	int i, j;

	(void)state;
	for (i = 0; i < 30; i++)
		gen_unit(&u[i], &s, names[i], i);
	for (i = 0; i < 30; i++)
		for (j = 0; j < 30; j++)
			if (j != i) {
				p = ss_value_share(&u[i], &u[j]);
				sum += p * p;
				wsum += p * (i * 30 + j + 1);
			}
	assert_true(fabs(sum - 289.77185973610966) < 1e-9);
	assert_true(fabs(wsum - 206571.41188937999) < 1e-6);
}

/*
 * The score's memos (phases() kept by what it reads, the target's chart
 * figures by value; the turns to stop the other by the firer's numbers
 * and the target's; each band's chances by both sides' numbers but
 * speed) answer each pairing as the score made afresh does: the
 * Hailstorm against the Mason, then with one number changed on either
 * side, each of them a number the kept figures are made from (and the
 * speed, which the kept chances leave out but the bands reached do not):
 * scored once with nothing kept (want), and once just after the
 * unchanged pairing has filled the memo (got), which must be the same
 * to the bit, and not the unchanged pairing's (else the change proves
 * nothing).  A key that left any of them out answers the variant with
 * the unchanged pairing's figures.  A new name alone scores the same.
 */
static void
test_phase_memo(void **state)
{
	struct ss_refset r;
	struct ss_unit x, y;
	double base, want, got;
	int k, row;

	(void)state;
	load_examples(&r, 0);
	ss_value_memo_clear();
	base = ss_value_share(r.u[1], r.u[5]);
	for (k = 0; k < 12; k++) {
		x = *r.u[1];
		y = *r.u[5];
		row = x.weapon[0].row;
		switch (k) {
		case 0: x.skill++; break;
		case 1: x.die = x.die == 10 ? 8 : 10; break;
		case 2: x.gunners--; break;
		case 3: x.weapon[0].damage += 3; break;
		case 4: y.weapon[1].spread = !y.weapon[1].spread; break;
		case 5: y.dv[row][0] += 2; y.dv[row][1] += 2; break;
		case 6: y.dead += 2; break;
		case 7: y.band[1][0]++; break;
		case 8: y.weapon[0].cls = y.weapon[0].cls == 's' ? 'p' : 's';
			break;
		case 9: y.armor[SS_FACE_FRONT] -= 8; break;
		case 10: x.weapon[0].arc = x.weapon[0].arc == SS_ARC_REAR ?
			    SS_ARC_FRONT : SS_ARC_REAR; break;
		case 11: x.max_speed += 12; break;
		}
		ss_value_memo_clear();
		want = ss_value_share(&x, &y);
		ss_value_memo_clear();
		assert_true(ss_value_share(r.u[1], r.u[5]) == base);
		got = ss_value_share(&x, &y);
		print_message("variant %d: %.9f, kept %.9f, unchanged %.9f\n",
		    k, want, got, base);
		assert_true(want != base);
		assert_true(got == want);
	}
	x = *r.u[1];
	x.name = "Other";
	assert_true(ss_value_share(&x, r.u[5]) == base);
}

/*
 * The score made the quick way answers each pairing to the bit as the
 * plain way does (ss_value_plain(): every choice of weapons against
 * every answer, each facing and each point of damage alone, nothing
 * kept): 24 generated cards of every kind, the examples and a card with
 * the same dV all round, each against each, the quick way afresh and
 * then with its memos filled by every other pairing.  A shortcut that
 * answers another question (the least chance of a choice by the
 * greatest ratio of turns, one table of turns for both ways, a facing's
 * figures kept under another's of the same dV, the chart's stop chance
 * by the boxes marked) moves one of them.
 */
static void
test_quick_is_plain(void **state)
{
	struct ss_refset r;
	struct ss_unit u[32];
	static double want[32][32];
	char names[32][16];
	unsigned long long s = 23;
	int i, j, n = 0, pass, same = 0;

	(void)state;
	load_examples(&r, 0);
	for (i = 0; i < r.n; i++)
		u[n++] = *r.u[i];
	plain(&u[n], "even");
	arm(&u[n], SS_E, 6, 'p', SS_ARC_FRONT, 1);
	arm(&u[n++], SS_S, 9, 's', SS_ARC_PIVOT2, 1);
	while (n < 31) {
		gen_unit(&u[n], &s, names[n], n);
		n++;
	}
	ss_value_plain(1);
	ss_value_memo_clear();
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			want[i][j] = ss_value_share(&u[i], &u[j]);
	ss_value_plain(0);
	for (pass = 0; pass < 2; pass++) {
		ss_value_memo_clear();
		for (i = 0; i < n; i++)
			for (j = 0; j < n; j++) {
				if (pass == 0)
					ss_value_memo_clear();
				assert_true(ss_value_share(&u[i], &u[j]) ==
				    want[i][j]);
				same += j != i && want[i][j] == want[j][i];
			}
	}
	/* Not all a draw: the pairings differ. */
	assert_true(same < n);
}

/*
 * check reads of the examples' folder only the files that may hold a
 * card (ss_value_may_hold_card()): 0 only when every document names a
 * kind not card, plainly, at the top.  A file it passes over that holds
 * a card would leave it out of the reference set.
 */
static void
test_may_hold_card(void **state)
{
	static const struct {
		const char *text;
		int may;
	} t[] = {
		{ "system: shellshock\nkind: card\nname: A\n", 1 },
		{ "# a sheet\nsystem: shellshock\nkind: sheet\n", 0 },
		{ "kind: reference # the legend\r\nname: L\r\n", 0 },
		{ "kind: sheet\n---\nkind: card\n", 1 },
		{ "kind: sheet\n---\nkind: force\n", 0 },
		{ "kind: sheet\n---\nname: no kind\n", 1 },
		{ "---\nkind: sheet\n", 1 },
		{ "kind: sheet\n---\n", 1 },
		{ "kind: \"sheet\"\n", 1 },
		{ "kind: !!str card\n", 1 },
		{ "kind: 'card'\n", 1 },
		{ "kind: card\n", 1 },
		{ "kind: cards\n", 0 },
		{ "{system: shellshock, kind: sheet}\n", 1 },
		{ "name: x\n  kind: sheet\n", 1 },
		{ "kind: sheet\nkind: force\n", 1 },
		{ "", 1 },
	};
	static const struct {
		const char *name;
		int card;
	} shipped[] = {
		{ "bison", 1 }, { "hailstorm", 1 }, { "harrier", 1 },
		{ "jager", 1 }, { "kite", 1 }, { "mason", 1 }, { "grizzly", 0 },
		{ "stalker", 0 }, { "legend", 0 },
	};
	char path[] = "/tmp/muster-test-kindXXXXXX";
	size_t i;
	FILE *f;
	int fd;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		fd = mkstemp(path);
		assert_true(fd >= 0);
		f = fdopen(fd, "w");
		fputs(t[i].text, f);
		fclose(f);
		assert_int_equal(ss_value_may_hold_card(path), t[i].may);
		unlink(path);
		strcpy(path, "/tmp/muster-test-kindXXXXXX");
	}
	assert_int_equal(ss_value_may_hold_card("/nonexistent/x.yaml"), 1);
	/* The shipped folder: its six cards read, its two record sheets
	 * and the legend passed over. */
	for (i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
		char rel[64], *p;

		snprintf(rel, sizeof(rel), "units/shellshock/%s.yaml",
		    shipped[i].name);
		p = repo_path(rel);
		assert_int_equal(ss_value_may_hold_card(p), shipped[i].card);
		free(p);
	}
}

/*
 * The proof, small (the full one: tools/value-proof.c, the man page):
 * 40 generated units valued against the examples, 40 random pairs
 * judged by the duel.  Bounds looser than SPEC 5.1's by about two
 * standard errors of a proportion of 40 (sqrt(.9 x .1 / 40) = 0.047):
 * the higher value wins more often in 75 % or more (SPEC: 86 %), the
 * predicted chance within 0.12 on average (SPEC: 0.06, which the full
 * sets do not reach: 0.070 and 0.077), favourites at 65/35 winning in
 * 85 % or more.  The six
 * examples rank as their own round robin does, all 15 pairs.
 */
static void
test_proof(void **state)
{
	struct ss_refset r;
	struct ss_rating *rt = malloc(sizeof(*rt));
	struct ss_unit u[40];
	struct ss_duel d;
	double v[40], p, err = 0, won[6] = { 0 }, val[6];
	unsigned long long s = 5;
	char names[40][16];
	int i, j, k, right = 0, fav = 0, fav_right = 0;

	(void)state;
	load_examples(&r, 100);
	for (i = 0; i < 6; i++) {
		for (j = 0; j < 6; j++)
			if (j != i) {
				ss_duel(r.u[i], r.u[j], 100, 99, &d);
				won[i] += d.share;
			}
		ss_rate(r.u[i], &r, 0, rt);
		val[i] = rt->value;
	}
	for (i = 0; i < 6; i++)
		for (j = i + 1; j < 6; j++)
			assert_true((won[i] > won[j]) == (val[i] > val[j]));
	for (i = 0; i < 40; i++) {
		gen_unit(&u[i], &s, names[i], i);
		ss_rate(&u[i], &r, 0, rt);
		v[i] = rt->value;
	}
	for (k = 0; k < 40; k++) {
		i = gen_int(&s, 0, 39);
		do
			j = gen_int(&s, 0, 39);
		while (j == i);
		ss_duel(&u[i], &u[j], 200, 7 + (unsigned long long)k, &d);
		p = v[i] / (v[i] + v[j]);
		right += (p > 0.5) == (d.share > 0.5);
		err += fabs(p - d.share);
		if (p >= 0.65 || p <= 0.35) {
			fav++;
			fav_right += (p > 0.5) == (d.share > 0.5);
		}
	}
	assert_true(right >= 30);
	assert_true(err / 40 <= 0.12);
	assert_true(fav > 0 && fav_right >= 0.85 * fav);
	free(rt);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geometry),
		cmocka_unit_test(test_share_pinned),
		cmocka_unit_test(test_phase_memo),
		cmocka_unit_test(test_quick_is_plain),
		cmocka_unit_test(test_may_hold_card),
		cmocka_unit_test(test_speed),
		cmocka_unit_test(test_chart),
		cmocka_unit_test(test_duel_sure),
		cmocka_unit_test(test_duel_race),
		cmocka_unit_test(test_duel_brings_weapons),
		cmocka_unit_test(test_bt),
		cmocka_unit_test(test_bt_robust),
		cmocka_unit_test(test_ref_weights),
		cmocka_unit_test(test_refs_fixed_point),
		cmocka_unit_test(test_facing_gunners),
		cmocka_unit_test(test_monotone),
		cmocka_unit_test(test_score_by_hand),
		cmocka_unit_test(test_proof),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	if (refs_batch)
		batch_free(refs_batch);
	system_cleanup();
	diag_end();
	return rc;
}
