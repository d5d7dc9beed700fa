/*
 * test_shellshock_value.c -- rules/shellshock_value: a volley and the
 * turns to destroy by hand, the geometry of arcs and facings, the duel's
 * sure cases, and the proof of SPEC 5.1: estimates of generated units
 * judged by duels.
 */
#include "testutil.h"

#include "rules/shellshock_value.h"
#include "systems/shellshock_game.h"

#define EPS 1e-9

/* A plain unit to build on: future, d10+0, one gunner, no weapons. */
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
	u->skill = 0;
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
	/* Ahead: front, pivot1, pivot3; 60 degrees: pivot1 (reaches 90)
	 * and pivot3; behind: rear and pivot3. */
	assert_int_equal(ss_rows_bearing(&u, 0, all),
	    1u << SS_E | 1u << SS_M | 1u << SS_I);
	assert_int_equal(ss_rows_bearing(&u, 1, all), 1u << SS_M | 1u << SS_I);
	assert_int_equal(ss_rows_bearing(&u, 3, all), 1u << SS_B | 1u << SS_I);
	/* Lost weapons do not bear. */
	assert_int_equal(ss_rows_bearing(&u, 0, all & ~ss_rows_of(&u, 'p')),
	    1u << SS_I);
	assert_int_equal(ss_rows_of(&u, 's'), 1u << SS_B | 1u << SS_I);
}

/*
 * A volley by hand: a d10+0 gunner (future, so both dice d10) fires an E
 * weapon of 6 against dV 12 and a B weapon of 4 against dV 15, at range
 * under 10.  The two d10s: a natural 2 or 3 (3 ways in 100) misses; a
 * natural 20 (1 in 100) hits both.  P(total >= 12) and >= 15 come from
 * ss_roll_dist; the outcomes are none, E only, E and B (in order of
 * dV), each hit one doubled by the coin half the time.
 */
static void
test_volley(void **state)
{
	struct ss_unit a, d;
	struct ss_volley v;
	struct dist n = DIST_INIT;
	double flub, lucky, ge12 = 0, ge15 = 0, sum = 0;
	int t, i;

	(void)state;
	plain(&a, "a");
	arm(&a, SS_E, 6, 'p', SS_ARC_FRONT, 0);
	arm(&a, SS_B, 4, 'p', SS_ARC_FRONT, 0);
	plain(&d, "d");
	d.dv[SS_E][0] = 12;
	d.dv[SS_B][0] = 15;
	ss_roll_dist(10, 0, &n, &flub, &lucky);
	assert_true(fabs(flub - 0.03) < EPS);
	assert_true(fabs(lucky - 0.01) < EPS);
	for (t = n.lo; t <= n.hi; t++) {
		if (t >= 12)
			ge12 += n.p[t - n.lo];
		if (t >= 15)
			ge15 += n.p[t - n.lo];
	}
	ss_volley(&a, ss_rows_of(&a, 0), 0, 0, &d, SS_FACE_FRONT, &v);
	/* 0 damage: flub, or below 12; E alone 6 or 12; both 10 or 20. */
	assert_int_equal(v.n, 5);
	assert_int_equal(v.damage[0], 0);
	assert_true(fabs(v.p[0] - (flub + dist_mass(&n) - ge12)) < EPS);
	assert_int_equal(v.damage[1], 12);
	assert_int_equal(v.damage[2], 6);
	assert_true(fabs(v.p[1] - (ge12 - ge15) / 2) < EPS);
	assert_int_equal(v.damage[3], 20);
	assert_int_equal(v.damage[4], 10);
	assert_true(fabs(v.p[3] - (ge15 + lucky) / 2) < EPS);
	for (i = 0; i < v.n; i++)
		sum += v.p[i];
	assert_true(fabs(sum - 1) < 1e-9);
	/* The mean: each hit's damage times 1.5 for the coin. */
	assert_true(fabs(v.mean - 1.5 * (6 * (ge12 + lucky) + 4 * (ge15 +
	    lucky))) < 1e-9);
	dist_free(&n);
}

/*
 * The turns to destroy: a gunner that never misses (dV 1, and even a
 * natural 2 or 3 is ... a miss, 3 in 100), so take a target whose dV no
 * roll fails but the naturals: p = 0.97 a hit.  A 30-point weapon
 * against 10 armor and dead 11: 30 or 60 on the armor, 20 or 50
 * internal, past dead either way.  So each turn destroys with 0.97 and
 * the turns to destroy are geometric: 1 / 0.97.
 */
static void
test_turns(void **state)
{
	struct ss_unit a, d;
	struct ss_matchup m;
	int r;

	(void)state;
	plain(&a, "a");
	arm(&a, SS_E, 30, 'p', SS_ARC_PIVOT3, 0);
	a.skill = 5;
	plain(&d, "d");
	for (r = 0; r < SS_NROWS; r++)
		d.dv[r][0] = d.dv[r][1] = 1;
	ss_matchup(&a, &d, &m);
	assert_true(fabs(m.turns - 1 / 0.97) < 1e-9);
	assert_true(fabs(m.p_kill - 0.97) < 1e-9);
	/* Internal: 20 or 50 with a hit, mean 35. */
	assert_true(fabs(m.internal - 0.97 * 35) < 1e-9);
	assert_true(fabs(m.row_share[SS_E] - 1) < 1e-9);
	/* The same weapon of 10 against 10 armor: the first hit leaves 0
	 * armor (heads: 20, 10 internal, 3 boxes...).  Only that it takes
	 * longer, and more than one turn. */
	a.weapon[0].damage = 10;
	ss_matchup(&a, &d, &m);
	assert_true(m.turns > 1 / 0.97);
	assert_true(m.turns < 4);
}

/* The duel's sure cases: a unit that cannot hurt loses every time; the
 * same unit against itself wins as often as it loses, give or take the
 * simulation's noise. */
static void
test_duel_sure(void **state)
{
	struct ss_unit a, b;
	struct ss_duel d;

	(void)state;
	plain(&a, "armed");
	arm(&a, SS_E, 12, 'p', SS_ARC_FRONT, 0);
	plain(&b, "unarmed");
	ss_duel(&a, &b, 5, 2000, 1, &d);
	assert_int_equal(d.runs, 2000);
	assert_true(d.p_a > 0.99);
	assert_true(d.p_b == 0);
	ss_duel(&a, &a, 5, 20000, 7, &d);
	assert_true(fabs(d.p_a - d.p_b) < 0.03);
	assert_true(fabs(d.p_a + d.p_b + d.p_both + d.p_neither - 1) < 1e-9);
	/* Seeded: the same seed, the same figures. */
	{
		struct ss_duel e;

		ss_duel(&a, &a, 5, 20000, 7, &e);
		assert_true(d.p_a == e.p_a && d.turns == e.turns);
	}
}

/* ---- the proof ---- */

static unsigned long long rng = 12345;

static int
pick(int lo, int hi)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return lo + (int)((rng >> 33) % (unsigned long long)(hi - lo + 1));
}

/*
 * A legal unit of any era: 1 to 3 weapons on rows E to S, damage 2 to
 * 25, primary or secondary, any arc, some spread; defense 5 to 35 (the
 * sides no more than the front); armor light to heavy, sides and rear
 * no more than the front; three rising bands and dead past them.
 */
static void
generate(struct ss_unit *u, int i)
{
	static char names[256][16];
	static const int arcs[] = {
		SS_ARC_FRONT, SS_ARC_FRONT, SS_ARC_FRONT, SS_ARC_PIVOT1,
		SS_ARC_PIVOT2, SS_ARC_PIVOT3, SS_ARC_LEFT, SS_ARC_RIGHT,
		SS_ARC_REAR
	};
	static const char *const mv[] = { "yyy", "yy?", "?y?", "??n", "ynn",
		"nnn", "y?n", "???" };
	int r, n, k, rows[SS_P], front, lo;

	snprintf(names[i % 256], sizeof(names[0]), "gen%03d", i);
	plain(u, names[i % 256]);
	u->era = pick(0, SS_NERAS - 1);
	u->die = u->era == SS_FUTURE ? 10 : u->era == SS_MODERN ?
	    (pick(0, 1) ? 8 : 10) : 6;
	u->skill = pick(0, 5);
	u->gunners = pick(1, 3);
	u->max_speed = pick(3, 24);
	u->road_speed = u->max_speed + pick(0, 8);
	strcpy(u->maneuver, mv[pick(0, 7)]);
	for (r = 0; r < SS_NTERRAIN; r++)
		u->terrain[r] = r == SS_OPEN ? 1 : pick(1, 5);
	/* Defense as units have it: a level for the heavy rows, small arms
	 * well above it (the examples: E, M, B, I 8 to 20, S 16 to 33). */
	lo = pick(6, 16);
	for (r = 0; r < SS_NROWS; r++) {
		u->dv[r][0] = lo + (r == SS_S ? pick(6, 18) : pick(-3, 6));
		u->dv[r][1] = u->dv[r][0] - pick(0, 3);
		if (u->dv[r][1] < 1)
			u->dv[r][1] = 1;
	}
	for (r = 0; r < SS_P; r++)
		rows[r] = r;
	for (r = SS_P - 1; r > 0; r--) {
		k = pick(0, r);
		n = rows[r];
		rows[r] = rows[k];
		rows[k] = n;
	}
	n = pick(1, 3);
	for (k = 0; k < n; k++)
		arm(u, rows[k], rows[k] == SS_S ? pick(2, 5) : pick(4, 25),
		    pick(0, 1) ? 'p' : 's', arcs[pick(0, 8)], pick(0, 3) == 0);
	front = pick(4, 45);
	u->armor[SS_FACE_FRONT] = front;
	u->armor[SS_FACE_RIGHT] = front - pick(0, front / 2);
	u->armor[SS_FACE_LEFT] = u->armor[SS_FACE_RIGHT];
	u->armor[SS_FACE_REAR] = front / 2 - pick(0, front / 4);
	lo = pick(2, 6);
	for (k = 0; k < SS_BANDS; k++) {
		u->band[k][0] = lo;
		u->band[k][1] = lo + pick(1, 5);
		lo = u->band[k][1] + 1;
	}
	u->dead = lo + pick(0, 3);
	u->tonnage = pick(10, 120);
}

#define NGEN 200
#define NPAIRS 300
#define DUELS 1500

/* The shipped examples, the default reference set. */
static int
examples(struct batch *b, const struct ss_unit **refs)
{
	static const char *const names[] = {
		"bison", "hailstorm", "harrier", "jager", "kite", "mason", NULL
	};
	int i, n = 0;

	for (i = 0; names[i]; i++) {
		char file[64], *path;
		const struct loaded *ld;

		snprintf(file, sizeof(file), "units/shellshock/%s.yaml",
		    names[i]);
		path = repo_path(file);
		ld = load_ref(b, path, "shellshock", "card");
		refs[n++] = &((const struct ss_card *)ld->obj)->u;
		free(path);
	}
	return n;
}

static void
test_duels_agree(void **state)
{
	static struct ss_unit gen[NGEN];
	static struct ss_value v;
	const struct ss_unit *refs[SS_VALUE_MAX_REFS];
	double est[NGEN], strengths[SS_VALUE_MAX_REFS], scale;
	struct batch *b = batch_new();
	struct ss_duel d;
	int i, j, nref, pairs = 0, agree = 0, tries = 0;
	int verbose = getenv("MUSTER_VALUE_VERBOSE") != NULL;
	double closest = 1e9;

	(void)state;
	/* MUSTER_VALUE_SEED=N tries another generated set. */
	if (getenv("MUSTER_VALUE_SEED"))
		rng = strtoull(getenv("MUSTER_VALUE_SEED"), NULL, 10);
	diag_init(0, stderr);
	nref = examples(b, refs);
	for (i = 0; i < nref; i++) {
		ss_value(refs[i], refs, nref, &v);
		strengths[i] = v.strength;
	}
	scale = ss_value_scale(refs, strengths, nref);
	for (i = 0; i < NGEN; i++)
		generate(&gen[i], i);
	for (i = 0; i < NGEN; i++) {
		ss_value(&gen[i], refs, nref, &v);
		est[i] = v.strength * scale;
	}
	/* Pairs whose estimates differ by 20 % or more (of the smaller),
	 * each dueled DUELS times at the default range. */
	while (pairs < NPAIRS && tries < 100000) {
		double hi, lo;
		int win;

		tries++;
		i = pick(0, NGEN - 1);
		j = pick(0, NGEN - 1);
		if (i == j)
			continue;
		hi = est[i] > est[j] ? est[i] : est[j];
		lo = est[i] > est[j] ? est[j] : est[i];
		if (hi < lo * (1 + SS_DUEL_GAP_PERCENT / 100.0))
			continue;
		ss_duel(&gen[i], &gen[j], SS_DUEL_RANGE, DUELS,
		    (unsigned long long)pairs + 1, &d);
		pairs++;
		if (hi / lo < closest)
			closest = hi / lo;
		win = est[i] > est[j] ? d.p_a > d.p_b : d.p_b > d.p_a;
		agree += win;
		if (verbose && !win) {
			struct ss_matchup mij, mji;

			ss_matchup(&gen[i], &gen[j], &mij);
			ss_matchup(&gen[j], &gen[i], &mji);
			fprintf(stderr, "  against: %s %.0f vs %s %.0f: "
			    "%.3f %.3f %.3f %.3f  direct turns %.2f %.2f\n",
			    gen[i].name, est[i], gen[j].name, est[j], d.p_a,
			    d.p_b, d.p_both, d.p_neither, mij.turns,
			    mji.turns);
		}
	}
	if (verbose)
		fprintf(stderr, "duel proof: %d of %d pairs (%.1f %%)\n", agree,
		    pairs, 100.0 * agree / pairs);
	assert_int_equal(pairs, NPAIRS);
	/* SPEC 5.1's line is 20 %, written out here so that the constant
	 * is checked too: the proof reaches down to it (its closest pair
	 * is within one point over it, not only easy pairs) and no lower. */
	if (verbose)
		fprintf(stderr, "closest pair: %.2f %% apart\n",
		    100 * (closest - 1));
	assert_true(closest >= 1.20 && closest < 1.21);
	/* SPEC 5.1: the higher estimate wins more often than it loses in
	 * at least 85 % of the pairs. */
	assert_true(agree * 100 >= SS_DUEL_AGREE_PERCENT * pairs);
	diag_end();
	batch_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geometry),
		cmocka_unit_test(test_volley),
		cmocka_unit_test(test_turns),
		cmocka_unit_test(test_duel_sure),
		cmocka_unit_test(test_duels_agree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
