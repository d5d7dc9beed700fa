/*
 * test_shellshock_sheetvalue.c -- rules/shellshock_sheetvalue: each term
 * of a record sheet's score by hand (one gunner's shot: damage rolled,
 * destroyed, chart lines; the turns to stop; the angles shown; the
 * rating), the shot against the engine's exact odds, monotony over
 * single-stat improvements of generated sheets, and the proof: a duel
 * under the advanced rules played with the engine's own resolution
 * (ssa_resolve), each side moving towards its best range and turning
 * within its maneuver (move()), the higher value winning more often.
 *
 * SSV_PROOF_PAIRS=N runs the proof on N pairs (default 40) and prints
 * its figures; the man page's are from N = 400 on two seeds.
 * SSV_DUMP=DIR also writes the proof's sheets as YAML and its pairs
 * (DIR/seedN/pairs.tsv) for the independent duel, tests/sheet_duel.py
 * (make sheet-judge).  SSV_STATIC=1: nobody moves (the judge before).
 * SSV_JUDGED=DIR reads the pairs' duels from such a dump instead of
 * playing them (the same seeds and pairs: a change to the score judged
 * again in seconds).  SSV_FLOOR=N: the floor (floor_fit()).
 * SSV_NOSPREAD=1: the judge's gunners never spread (the judge before).
 * SSV_NOTURN=1: both keep their fronts to each other (the judge before
 * sheets turned; move()).  SSV_TRACE=1 prints the first duels' turns;
 * SSV_BEARS=1 counts the bearings shown, turn by turn.
 *
 * SSV_QUICK=1 plays a tenth of the fights: the monotony's improvements,
 * the proof's pairs and duels, the shipped sheets' duels.  make check
 * runs this test so under the sanitizers, where the same code costs
 * six times its -O2 time, and in full on the plain build.
 */
#include <strings.h>
#include <sys/stat.h>

#include "testutil.h"

#include "rules/shellshock_sheetvalue.h"
#include "rules/shellshock_value.h"
#include "system.h"
#include "systems/shellshock_game.h"

/* The judge's experiment switches, and SSV_QUICK, each read from the
 * environment once: getenv() inside its loops was 2 % of this test's
 * time. */
enum { SW_NOSPREAD, SW_NOTURN, SW_BEARS, SW_TRACE, SW_STATIC, SW_QUICK,
    NSWITCHES };

static int
sw(int which)
{
	static const char *const name[NSWITCHES] = { "SSV_NOSPREAD",
	    "SSV_NOTURN", "SSV_BEARS", "SSV_TRACE", "SSV_STATIC", "SSV_QUICK" };
	static signed char on[NSWITCHES] = { -1, -1, -1, -1, -1, -1 };

	if (on[which] < 0)
		on[which] = getenv(name[which]) != NULL;
	return on[which];
}

/* ---- a plain sheet to build on ---- */

/* Future (2d10), every dV 10, armor 0, no shock or penetration, no
 * internal % box but one from 1 at 10 % (11 lines), dead 4, a chart of
 * one piece of plain equipment, one gunner of skill 0. */
static void
plain(struct ssv_sheet *s, const char *name)
{
	int i;

	memset(s, 0, sizeof(*s));
	s->u.name = name;
	s->u.die = 10;
	for (i = 0; i < SS_NDVT; i++)
		s->u.dv[i][0] = s->u.dv[i][1] = 10;
	s->u.box[0] = (struct ssa_box){ 1, 10, 1 };
	s->u.nboxes = 1;
	s->u.dead = 4;
	s->u.line[0] = (struct ssa_line){ 1, 100, 'A' };
	s->u.nlines = 1;
	s->u.equip[0] = (struct ssa_equip){ 'A', "Sensors", 1, 0, 0 };
	s->u.nequip = 1;
	s->ngunners = 1;
	s->speed = 4;
}

static void
arm(struct ssv_sheet *s, int dvt, int dam, int sh, int pen, int spread,
    int gunner)
{
	struct ssa_weapon *w = &s->u.weapon[s->u.nweapons];

	memset(w, 0, sizeof(*w));
	w->name = "gun";
	w->dvt = dvt;
	w->dam = dam;
	w->sh = sh;
	w->pen = pen;
	w->spread = spread;
	s->g[gunner].fire |= 1u << s->u.nweapons++;
}

/*
 * One gunner's shot by hand.  2d10 against dV 0 (every sum hits but the
 * naturals): a natural 2, 3 or 4 misses, (1,1) (1,2) (2,1) (1,3) (3,1)
 * (2,2), 6 in 100; a natural 20, 1 in 100, doubles, and its second roll
 * is a natural 20 1 in 100 of those (destroyed at once); a d10's 10
 * re-rolled to 10 doubles: one die showing 10 and not the other, 18 in
 * 100, times 1 in 10: 0.018.  Undoubled hits: 1 - .06 - .01 - .018 =
 * 0.912.
 * One weapon of 1d6 damage, no armor, dead 4:
 *   undoubled destroys on 4, 5, 6: 1/2; doubled (2, 4 ... 12) on 2+:
 *   5/6.  c = .912/2 + .018 (5/6) + (.01 - .0001)(5/6) + .0001
 *   = .456 + .015 + .00825 + .0001 = .47935.
 *   Lines: every internal is the 10 % box, 11 lines, dead too (its
 *   kill is c's; its lines the last box's), and so is the second 20:
 *   L = (.912 + .018 + .0099 + .0001)(11) = .94 (11) = 10.34.
 *   Damage rolled: 3.5 (.912) + 7 (.018 + .0099 + .0001) = 3.192 + .196
 *   = 3.388.
 * With 10 armor on every facing (state 0) only a doubled 6 gets
 * through (12 - 10 = 2 internal, the box: 11 lines, no kill): c = the
 * second 20's .0001 alone; L = (.018 + .0099)(1/6)(11) + .0001 (11) =
 * .05115 + .0011 = .05225.
 */
static void
test_shot_by_hand(void **state)
{
	struct ssv_sheet a, d;
	struct ssv_turn t;
	int i;

	(void)state;
	plain(&a, "a");
	plain(&d, "d");
	for (i = 0; i < SS_NDVT; i++)
		d.u.dv[i][0] = d.u.dv[i][1] = 0;
	arm(&a, SS_DVT_B, 1, 0, 0, 0, 0);
	assert_int_equal(ssv_shot(&a, 0, &d.u, 0, 6, 0, &t), 1);
	assert_near(t.e, 3.388, 1e-9);
	assert_near(t.c[1], 0.47935, 1e-9);
	assert_near(t.l[1], 10.34, 1e-9);
	/* No armor: whole or gone is the same. */
	assert_near(t.c[0], t.c[1], 1e-12);
	for (i = 0; i < SS_NFACINGS; i++)
		d.u.armor[i] = 10;
	assert_int_equal(ssv_shot(&a, 0, &d.u, 0, 6, 0, &t), 1);
	assert_near(t.c[0], 0.0001, 1e-12);
	assert_near(t.l[0], 0.05225, 1e-12);
	assert_near(t.c[1], 0.47935, 1e-9);
	/* Spread asked of a weapon that cannot: no shot. */
	assert_int_equal(ssv_shot(&a, 0, &d.u, 0, 6, 1, &t), 0);
}

/*
 * Fuel on every line of the chart: any internal damage short of dead
 * reaches it, and the roll-off ("A tie always goes to the defender")
 * explodes 45 pairs in 100.  1d6 against dead 100: no hit is dead, every
 * hit is internal, c = P(a hit) .45 + the second 20:
 *   (.912 + .018 + .0099) .45 + .0001 = .9399 (.45) + .0001 = .423055.
 */
static void
test_explosion_by_hand(void **state)
{
	struct ssv_sheet a, d;
	struct ssv_turn t;
	int i;

	(void)state;
	plain(&a, "a");
	plain(&d, "d");
	for (i = 0; i < SS_NDVT; i++)
		d.u.dv[i][0] = d.u.dv[i][1] = 0;
	d.u.dead = 100;
	d.u.equip[0] = (struct ssa_equip){ 'A', "Fuel tanks", 1, 0, 1 };
	arm(&a, SS_DVT_B, 1, 0, 0, 0, 0);
	ssv_shot(&a, 0, &d.u, 0, 6, 0, &t);
	assert_near(t.c[1], 0.423055, 1e-9);
}

/*
 * The shot against the engine's exact odds (ssa_odds): the chance it
 * destroys and the damage rolled agree, for the shipped-like tank
 * firing a 12d6 cannon and a spreading machine gun at a walker's front
 * right, and spread by one die.
 */
static void
test_shot_engine(void **state)
{
	struct ssv_sheet a, d;
	struct ssv_turn t;
	struct ssa_shot s;
	struct ssa_odds o;
	int i, sp;

	(void)state;
	plain(&a, "tank");
	plain(&d, "walker");
	a.u.die = 8;
	a.g[0].skill = 3;
	arm(&a, SS_DVT_B, 12, 8, 10, 0, 0);
	arm(&a, SS_DVT_SA, 3, 2, 2, 1, 0);
	d.u.dv[SS_DVT_B][1] = 12;
	d.u.dv[SS_DVT_SA][1] = 22;
	for (i = 0; i < SS_NFACINGS; i++)
		d.u.armor[i] = 20;
	d.u.shock = 10;
	for (i = 0; i < SS_NANGLES; i++)
		d.u.pen[i] = 8;
	d.u.box[0] = (struct ssa_box){ 1, 5, 1 };
	d.u.box[1] = (struct ssa_box){ 5, 10, 1 };
	d.u.box[2] = (struct ssa_box){ 9, 20, 2 };
	d.u.nboxes = 3;
	d.u.dead = 30;
	d.u.line[0] = (struct ssa_line){ 1, 40, 'A' };
	d.u.line[1] = (struct ssa_line){ 41, 100, 'B' };
	d.u.nlines = 2;
	d.u.equip[1] = (struct ssa_equip){ 'B', "Missile ammunition", 1, 0, 1 };
	d.u.nequip = 2;
	for (sp = 0; sp <= 1; sp++) {
		memset(&s, 0, sizeof(s));
		s.att = &a.u;
		s.def = &d.u;
		s.skill = 3;
		s.range = 30;
		s.angle = 1;
		s.facing = ssa_angle_facing(1);
		s.spread = sp;
		s.fire = sp ? 2u : 3u;
		ssa_odds(&s, &o);
		assert_int_equal(ssv_shot(&a, 0, &d.u, 1, 30, sp, &t), 1);
		assert_near(t.c[0], o.p_destroyed.v, 1e-12);
		assert_near(t.e, o.mean[0].v, 1e-9);
	}
}

/*
 * The turns to stop, by hand.  Armor 30 at 10 damage a turn lasts 3
 * turns at a hazard of .1, crossing off 5 lines a turn (15); the 85
 * lines left go at 20 a turn: 4.25 turns at .5.  In running time, h =
 * -ln(1 - c):
 *   (1 - .9^3) / .1053605 = .271 / .1053605 = 2.572121;
 *   (1 - .5^4.25) / .6931472 = .947444 / .6931472 = 1.366871;
 *   t = 2.572121 + .729 (1.366871) = 2.572121 + .996449 = 3.568571.
 * Lines first: 40 a turn in the armor's 3 turns cross off all 100 in
 * 2.5: t = (1 - .9^2.5) / .1053605.  Nothing gets through, nothing
 * destroys: never.
 * Still standing after n turns (ssv_survival()), the first: .9^n in the
 * armor's 3 turns, then .729 x .5^(n - 3) until 3 + 4.25 = 7.25 turns
 * cross off the chart: S(2) = .81, S(3) = .729, S(5) = .729 x .25 =
 * .18225, S(7) = .729 x .0625 = .0455625, S(8) = 0.  The second: .9^n
 * until the lines run out at 2.5: S(2) = .81, S(3) = 0.
 */
static void
test_turns_by_hand(void **state)
{
	struct ssv_turn t = { 10, { 0.1, 0.5 }, { 5, 20 } };

	(void)state;
	assert_near(ssv_turns(30, &t), (1 - pow(0.9, 3)) / -log(0.9) + 0.729 *
	    (1 - pow(0.5, 4.25)) / log(2), 1e-9);
	assert_near(ssv_turns(30, &t), 3.568571, 1e-6);
	assert_near(ssv_survival(30, &t, 2), 0.81, 1e-12);
	assert_near(ssv_survival(30, &t, 3), 0.729, 1e-12);
	assert_near(ssv_survival(30, &t, 5), 0.18225, 1e-12);
	assert_near(ssv_survival(30, &t, 7), 0.0455625, 1e-12);
	assert_near(ssv_survival(30, &t, 8), 0, 1e-12);
	t.l[0] = 40;
	assert_near(ssv_turns(30, &t), (1 - pow(0.9, 2.5)) / -log(0.9), 1e-9);
	assert_near(ssv_survival(30, &t, 2), 0.81, 1e-12);
	assert_near(ssv_survival(30, &t, 3), 0, 1e-12);
	memset(&t, 0, sizeof(t));
	assert_true(ssv_turns(30, &t) >= SSV_NEVER);
	/* Damage but no hazard and no lines: the armor goes, then never. */
	t.e = 10;
	assert_true(ssv_turns(30, &t) >= SSV_NEVER);
}

/*
 * A pairing by hand.  Two sheets as in test_shot_by_hand, dV 0 and no
 * armor, each other's target: B's one gunner stops A at c = .47935 a
 * turn and crosses off 10.34 lines, so with no armor to wear it fights
 * until the chart runs out, 100 / 10.34 turns:
 *	tB = (1 - .52065^9.6712) / h,  h = -ln .52065 = .652676,
 *	.52065^9.6712 = e^-6.3122 = .001813:  tB = .998187 / .652676
 *	   = 1.52937.
 * A has a second gunner with the same gun: c = 1 - .52065^2, 20.68 lines
 * a turn, h twice as much, the chart runs out in half the turns, the
 * same e^-6.3122 left: tA = tB / 2.
 * The race, at every band alike (all sums but the naturals hit at any
 * range): B still stands after n turns of A with a^n, a = q^2 = .271076,
 * q = .52065, until the 5th turn crosses off A's 4.836 turns of lines
 * (then 0); A after n of B's with q^n until the 10th (9.671).  A wins a
 * turn B stops it in, n, with F_A(n - 1) + (F_A(n) - F_A(n - 1)) / 2
 * (both at once: half), F_A(n) = 1 - a^n:
 *   n = 1: (1 - q) (1 - a) / 2                         = .174705
 *   n = 2: q (1 - q) ((1 - a) + (a - a^2) / 2)         = .206577
 *   n = 3: q^2 (1 - q) ((1 - a^2) + (a^2 - a^3) / 2)   = .123872
 *   n = 4: q^3 (1 - q) ((1 - a^3) + (a^3 - a^4) / 2)   = .066797
 *   n = 5: q^4 (1 - q) ((1 - a^4) + a^4 / 2)           = .035129
 *   n > 5: q^5 (A has stopped B by then)               = .038259
 * in all .645338, and so is its share (the mean turns' 1 / (1 + tA / tB)
 * said 2/3).
 */
/* The pair worked by hand above: twins with a B weapon each and no
 * dV, A with a second gunner and a second B weapon for it. */
static struct ssv_sheet *
pair_by_hand(void)
{
	struct ssv_sheet *s = calloc(2, sizeof(*s));
	int i, k;

	assert_non_null(s);
	for (k = 0; k < 2; k++) {
		plain(&s[k], k ? "b" : "a");
		for (i = 0; i < SS_NDVT; i++)
			s[k].u.dv[i][0] = s[k].u.dv[i][1] = 0;
		arm(&s[k], SS_DVT_B, 1, 0, 0, 0, 0);
	}
	s[0].ngunners = 2;
	arm(&s[0], SS_DVT_B, 1, 0, 0, 0, 1);
	return s;
}

static void
test_pairing_by_hand(void **state)
{
	struct ssv_sheet *s = pair_by_hand();

	(void)state;
	assert_near(ssv_share(&s[0], &s[1]), 0.645338, 1e-6);
	assert_near(ssv_share(&s[1], &s[0]), 1 - 0.645338, 1e-6);
	free(s);
}

/*
 * Turning's numbers by hand (shellshock_sheetvalue.h).  Facings a turn:
 * a Turn Number of 3 at 8 and 2 at 5 give 8 / 3 = 2 and 5 / 2 = 2, at
 * 2 (Turn Number 1) 2, plus a free facing 3; none at 0 but the free one.
 * The range a turn at speed 8, reverse at 2 (4 in): front to the enemy,
 * closing 8 forward, opening 4 in reverse; at 60 degrees (bearing 1 or
 * 5) closing 8 cos 60 = 4 forward, opening 4 cos 60 = 2 in reverse; at
 * 120 (2, 4) opening 4 forward, closing 2 in reverse; rear to it (3)
 * opening 8, closing 4.  Speed 5 at 60 degrees: 5 / 2 rounded down, 2.
 * No reverse (multiplier 0): nothing the other way.
 */
static void
test_turn_geometry(void **state)
{
	static const int close8[SS_NANGLES] = { 8, 4, 2, 4, 2, 4 };
	static const int open8[SS_NANGLES] = { 4, 2, 4, 8, 4, 2 };
	struct ssv_sheet *s = calloc(1, sizeof(*s));
	int a;

	(void)state;
	s->turn[2] = 1;
	s->turn[5] = 2;
	s->turn[8] = 3;
	assert_int_equal(ssv_facings(s, 8), 2);
	assert_int_equal(ssv_facings(s, 5), 2);
	assert_int_equal(ssv_facings(s, 2), 2);
	assert_int_equal(ssv_facings(s, 0), 0);
	s->free_facing = 1;
	assert_int_equal(ssv_facings(s, 8), 3);
	assert_int_equal(ssv_facings(s, 0), 1);
	s->reverse = 2;
	for (a = 0; a < SS_NANGLES; a++) {
		assert_int_equal(ssv_step(s, a, 8, 1), close8[a]);
		assert_int_equal(ssv_step(s, a, 8, 0), open8[a]);
	}
	assert_int_equal(ssv_step(s, 1, 5, 1), 2);
	assert_int_equal(ssv_step(s, 0, 0, 1), 0);
	s->reverse = 0;
	assert_int_equal(ssv_step(s, 0, 8, 0), 0);
	assert_int_equal(ssv_step(s, 3, 8, 1), 0);
	assert_int_equal(ssv_step(s, 3, 8, 0), 8);
	free(s);
}

/*
 * Turning in the score by hand: each side shows one angle all fight,
 * and one that shows another than its front fires without its Body's
 * weapons.  The sheets of test_pairing_by_hand, A's second gunner's gun
 * on the Body.  Every angle alike: A keeps its front and both its guns,
 * .645338 as there (any other angle: one gun against one, 1/2).
 * A's sides hard to hit (dV 127: only a natural 20 reaches them, and
 * doubled 2d6 >= 4 kills but on a 1): B's gun stops A showing a side at
 * c = (.01 - .0001)(5/6) + .0001 = .00835 a turn, crossing off
 * (.0099 + .0001) 11 = .11 lines (never all within 50 turns): A stands
 * s^n, s = .99165.  A's turret gun alone stops B at q = .52065 a turn
 * until the 10th turn crosses off the chart (test_pairing_by_hand).  A
 * loses the turns B stops it before A stops B, half those both fall:
 *   loss = (1 - s) (1 + q) / 2 sum_{n=1..9} (s q)^(n-1)
 *        + (1 - s) s^9 q^9 / 2,
 *   s q = .5163026, (s q)^9 = .0026070, the sum (1 - .0026070) /
 *   .4836974 = 2.062018: .00835 (.760325) (2.062018) = .0130910, and
 *   .00835 (.0026070) / 2 = .0000109; 1 - .0131019 = .986898.
 * So A turns its side to B, when it can turn (a sheet that cannot,
 * v / T(v) = 0 and no free facing, shows its front: .645338).  Were the
 * Body's gun still firing there (the score before), A's share would be
 * .992758.
 */
static void
test_turn_by_hand(void **state)
{
	struct ssv_sheet *s = pair_by_hand();
	int i;

	(void)state;
	s[0].body = 2;
	assert_near(ssv_share(&s[0], &s[1]), 0.645338, 1e-6);
	for (i = 0; i < SS_NDVT; i++)
		s[0].u.dv[i][1] = 127;
	/* A cannot turn (no Turn Number: no facing a turn): its front. */
	assert_near(ssv_share(&s[0], &s[1]), 0.645338, 1e-6);
	/* A Turn Number of 1 at every speed: 4 facings a turn at 4. */
	for (i = 1; i <= SSV_MAX_SPEED; i++)
		s[0].turn[i] = 1;
	assert_int_equal(ssv_facings(&s[0], s[0].speed), 4);
	assert_near(ssv_share(&s[0], &s[1]), 0.986898, 1e-5);
	assert_near(ssv_share(&s[1], &s[0]), 1 - 0.986898, 1e-5);
	free(s);
}

/*
 * The pairing and the rating.  A sheet against its copy: one half.
 * Two reference sheets, A beating B by p in the score: the fit's ratio
 * is p / (1 - p) but for the prior's tenth of a game, which pulls a
 * single game's log-ratio in by about a tenth (1.47 to 1.37 here); A,
 * the anchor, rates 174; a third sheet identical to A rates A's value.
 */
static void
test_rating(void **state)
{
	struct ssv_sheet *s = calloc(3, sizeof(*s));
	struct ssv_refset r;
	struct ssv_rating *v = malloc(sizeof(*v));
	double p;
	int i;

	(void)state;
	plain(&s[0], SSV_ANCHOR_NAME);
	arm(&s[0], SS_DVT_B, 4, 2, 2, 0, 0);
	plain(&s[1], "weaker");
	arm(&s[1], SS_DVT_B, 4, 2, 2, 0, 0);
	/* Easier to hit: dV 5 where the other's is 10. */
	for (i = 0; i < SS_NDVT; i++)
		s[1].u.dv[i][0] = s[1].u.dv[i][1] = 5;
	s[2] = s[0];
	s[2].u.name = "copy";
	assert_near(ssv_share(&s[0], &s[2]), 0.5, 1e-12);
	p = ssv_share(&s[0], &s[1]);
	assert_true(p > 0.5);
	memset(&r, 0, sizeof(r));
	r.u[0] = &s[0];
	r.u[1] = &s[1];
	r.n = 2;
	ssv_refset_fit(&r);
	assert_int_equal(r.anchor, 0);
	assert_near(r.rating[0], SSV_ANCHOR, 1e-9);
	/* The ratio within the prior's pull of p / (1 - p). */
	assert_near(log(r.rating[0] / r.rating[1]), log(p / (1 - p)), 0.15);
	assert_true(log(r.rating[0] / r.rating[1]) < log(p / (1 - p)));
	ssv_rate(&s[2], &r, v);
	assert_near(v->value, SSV_ANCHOR, 0.5);
	assert_near(v->model[0], 0.5, 1e-12);
	free(v);
	free(s);
}

/* ---- generated sheets ---- */

static unsigned long long
next(unsigned long long *x)
{
	unsigned long long z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int
rnd(unsigned long long *x, int lo, int hi)
{
	return lo + (int)(next(x) % (unsigned long long)(hi - lo + 1));
}

static const char *const gun_name[SSA_MAX_WEAPONS] = { "gun 1", "gun 2",
	"gun 3", "gun 4", "gun 5", "gun 6", "gun 7", "gun 8" };

/* A legal sheet: every number within the sheet's checks (SPEC 3.2). */
static void
gen_sheet(struct ssv_sheet *s, unsigned long long *x, char *name, int k)
{
	static const int dvts[4] = { SS_DVT_B, SS_DVT_M, SS_DVT_E, SS_DVT_SA };
	static const int off[SS_NDVT] = { 2, 0, 0, 4, 12, -2 };
	static const int dies[3] = { 6, 8, 10 };
	unsigned long long y;
	int i, b, nw, min, side;

	memset(s, 0, sizeof(*s));
	snprintf(name, 16, "sheet%03d", k);
	s->u.name = name;
	s->u.die = dies[rnd(x, 0, 2)];
	b = rnd(x, 7, 14);
	for (i = 0; i < SS_NDVT; i++) {
		s->u.dv[i][0] = b + off[i] + rnd(x, -2, 2);
		s->u.dv[i][1] = s->u.dv[i][0] - rnd(x, 0, 3);
		if (s->u.dv[i][1] < 1)
			s->u.dv[i][1] = 1;
	}
	s->u.armor[SS_FACE_FRONT] = rnd(x, 40, 180);
	side = rnd(x, 30, s->u.armor[SS_FACE_FRONT]);
	s->u.armor[SS_FACE_LEFT] = s->u.armor[SS_FACE_RIGHT] = side;
	s->u.armor[SS_FACE_REAR] = rnd(x, 20, side);
	s->u.shock = rnd(x, 4, 16);
	for (i = 0; i < SS_NANGLES; i++)
		s->u.pen[i] = rnd(x, 3, 12);
	s->u.nboxes = 4;
	min = rnd(x, 1, 3);
	for (i = 0; i < 4; i++) {
		static const int pc[4] = { 5, 10, 20, 30 };

		s->u.box[i] = (struct ssa_box){ min, pc[i], 1 + i / 2 };
		min += rnd(x, 3, 7);
	}
	s->u.dead = min + rnd(x, 0, 8);
	s->u.nlines = s->u.nequip = 10;
	for (i = 0; i < 10; i++) {
		s->u.line[i] = (struct ssa_line){ 10 * i + 1, 10 * i + 10,
		    (char)('A' + i) };
		s->u.equip[i] = (struct ssa_equip){ (char)('A' + i), "Gear", 1,
		    0, 0 };
	}
	if (rnd(x, 0, 1)) {
		i = rnd(x, 0, 9);
		s->u.equip[i].name = "Fuel tanks";
		s->u.equip[i].explodes = 1;
	}
	s->ngunners = rnd(x, 1, 3);
	for (i = 0; i < s->ngunners; i++)
		s->g[i].skill = rnd(x, 0, 5);
	nw = rnd(x, 1, 4);
	for (i = 0; i < nw; i++) {
		arm(s, dvts[rnd(x, 0, 3)], rnd(x, 2, 12), rnd(x, 0, 8),
		    rnd(x, 0, 10), rnd(x, 0, 1), i < s->ngunners ? i :
		    rnd(x, 0, s->ngunners - 1));
		s->u.weapon[i].range = rnd(x, 1, 6) * 0.25;
		/* On the chart as the item of its name (B, C, ...), unless
		 * that is the fuel: the judge's duel loses it there. */
		s->u.weapon[i].name = gun_name[i];
		if (!s->u.equip[1 + i].explodes)
			s->u.equip[1 + i].name = gun_name[i];
	}
	s->speed = rnd(x, 2, 10);
	/* Turning: the Turn Number 1 + v / 3 at speed v (dump_sheet()'s
	 * rows), no free facing, reverse at 2.  A third of the sheets have
	 * the first gunner's weapons on the Body, fixed forward, drawn from
	 * a stream of their own so that every other number is the same as
	 * before sheets turned. */
	for (i = 1; i <= SSV_MAX_SPEED; i++)
		s->turn[i] = (unsigned char)(1 + i / 3);
	s->reverse = 2;
	y = *x ^ 0xb0d1b0d1b0d1b0d1ULL;
	if (rnd(&y, 0, 2) == 0)
		s->body = s->g[0].fire;
}

/* ---- the generated sheets as YAML, for tests/sheet_duel.py ---- */

/* Gunner g's crew id, role and fire system in a dump: the pilot P on
 * the Body when its weapons are (SPEC 6: "only the pilot controls the
 * Body fire system"), else G<g+1> on S<g+1>. */
static int
on_body(const struct ssv_sheet *s, int g)
{
	return (s->g[g].fire & s->body) != 0;
}

static const char *
crew_id(const struct ssv_sheet *s, int g, char *buf)
{
	if (on_body(s, g))
		return "P";
	snprintf(buf, 16, "G%d", g + 1);
	return buf;
}

static const char *
crew_role(const struct ssv_sheet *s, int g)
{
	return on_body(s, g) ? "Pilot" : "Gunner";
}

static const char *
sys_name(const struct ssv_sheet *s, int g, char *buf)
{
	if (on_body(s, g))
		return "Body";
	snprintf(buf, 16, "S%d", g + 1);
	return buf;
}

/* Writes s as a record sheet (SPEC 3.2) to dir/NAME.yaml: gunner i is
 * crewman G<i+1> controlling fire system S<i+1> (the pilot P on the Body
 * when its weapons are the Body's); the speed a row of
 * speeds over open ground at cost 1 (so the field's speed is it); a
 * locomotion chart of 1s that no chart line names. */
static void
dump_sheet(const char *dir, const struct ssv_sheet *s)
{
	static const char *const dvt[SS_NDVT] = { "B", "M", "E", "I", "SA",
	    "P" };
	static const char *const ang[SS_NANGLES] = { "front", "front_right",
	    "rear_right", "rear", "rear_left", "front_left" };
	char path[512], id[16], sys[16];
	FILE *f;
	int i, g;

	snprintf(path, sizeof(path), "%s/%s.yaml", dir, s->u.name);
	if ((f = fopen(path, "w")) == NULL)
		fail_msg("cannot write %s", path);
	fprintf(f, "system: shellshock\nkind: sheet\nname: %s\nera: %s\n"
	    "ecv: 100\ncrew:\n", s->u.name, s->u.die == 6 ? "ww2" :
	    s->u.die == 8 ? "modern" : "future");
	for (g = 0; g < s->ngunners; g++)
		fprintf(f, "  - {role: %s, id: %s, skill: %d, ecv: 1}\n",
		    crew_role(s, g), crew_id(s, g, id), s->g[g].skill);
	fprintf(f, "movement:\n  speeds:\n");
	for (i = 1; i <= (s->speed > 0 ? s->speed : 1); i++)
		fprintf(f, "    - {speed: %d, turn: %d}\n", i, s->turn[i]);
	fprintf(f, "  acceleration: %d\n  deceleration: %d\n  slip: 3\n"
	    "  terrain: {open: 1}\n  multipliers: {forward: 1, front_right: "
	    "0, rear_right: 0, reverse: %d, rear_left: 0, front_left: 0}\n"
	    "  free_facing: %d\n  muck: 3\nto_hit: \"%s\"\ndefense:\n",
	    s->speed > 0 ? s->speed : 1, s->speed > 0 ? s->speed : 1,
	    s->reverse, s->free_facing,
	    s->u.die == 10 ? "2d10" : s->u.die == 8 ? "1d10+1d8" :
	    "1d10+1d6");
	for (i = 0; i < SS_NDVT; i++)
		fprintf(f, "  %s: [%d, %d]\n", dvt[i], s->u.dv[i][0],
		    s->u.dv[i][1]);
	fprintf(f, "armor: {front: %d, left: %d, right: %d, rear: %d}\n"
	    "shock_threshold: %d\npenetration: {", s->u.armor[SS_FACE_FRONT],
	    s->u.armor[SS_FACE_LEFT], s->u.armor[SS_FACE_RIGHT],
	    s->u.armor[SS_FACE_REAR], s->u.shock);
	for (i = 0; i < SS_NANGLES; i++)
		fprintf(f, "%s%s: %d", i ? ", " : "", ang[i], s->u.pen[i]);
	fprintf(f, "}\ninternal_percent:\n");
	for (i = 0; i < s->u.nboxes; i++)
		fprintf(f, "  - {min: %d, percent: %d, hits: %d}\n",
		    s->u.box[i].min, s->u.box[i].percent, s->u.box[i].hits);
	fprintf(f, "dead: %d\ninternal_chart:\n", s->u.dead);
	for (i = 0; i < s->u.nlines; i++)
		fprintf(f, "  - {from: %d, to: %d, letter: %c}\n",
		    s->u.line[i].from, s->u.line[i].to, s->u.line[i].letter);
	fprintf(f, "equipment:\n");
	for (i = 0; i < s->u.nequip; i++)
		fprintf(f, "  - {letter: %c, name: %s, hits: %d%s}\n",
		    s->u.equip[i].letter, s->u.equip[i].name,
		    s->u.equip[i].hits, s->u.equip[i].locomotion ?
		    ", locomotion: true" : "");
	fprintf(f, "fire_systems:\n");
	for (g = 0; g < s->ngunners; g++)
		fprintf(f, "  - {name: %s, controller: %s}\n", sys_name(s, g,
		    sys), crew_id(s, g, id));
	fprintf(f, "weapons:\n");
	for (i = 0; i < s->u.nweapons; i++) {
		const struct ssa_weapon *w = &s->u.weapon[i];

		for (g = 0; g < s->ngunners; g++)
			if (s->g[g].fire & (1u << i))
				break;
		fprintf(f, "  - {name: %s, dvt: %s, dam: %d, sh: %d, pen: "
		    "%d, spread: %s, indirect: false, range: %g, operators: "
		    "[%s], system: %s}\n", w->name, dvt[w->dvt],
		    w->dam, w->sh, w->pen, w->spread ? "true" : "false",
		    w->range, crew_id(s, g, id), sys_name(s, g, sys));
	}
	fprintf(f, "physical: {dam: 1, sh: 1, pen: 0}\nlocomotion_chart:\n");
	for (i = 0; i < SS_LOCO_ROWS; i++)
		fprintf(f, "  - [1, 1, 1, 1, 1, 1]\n");
	fclose(f);
}

/* One single-stat improvement of kind k; 0 when it does not apply. */
static int
improve(struct ssv_sheet *s, unsigned long long *x, int k)
{
	int w = rnd(x, 0, s->u.nweapons - 1), i;

	switch (k) {
	case 0: s->u.armor[rnd(x, 0, SS_NFACINGS - 1)] += 10; return 1;
	case 1: s->u.weapon[w].dam++; return 1;
	case 2: s->u.weapon[w].sh++; return 1;
	case 3: s->u.weapon[w].pen++; return 1;
	case 4: s->g[rnd(x, 0, s->ngunners - 1)].skill++; return 1;
	case 5: s->u.dv[rnd(x, 0, SS_NDVT - 1)][rnd(x, 0, 1)]++; return 1;
	case 6: s->u.shock++; return 1;
	case 7: s->u.pen[rnd(x, 0, SS_NANGLES - 1)]++; return 1;
	case 8: s->speed += 2; return 1;
	case 9:
		if (s->u.weapon[w].spread)
			return 0;
		s->u.weapon[w].spread = 1;
		return 1;
	case 10: s->u.weapon[w].range += 0.5; return 1;
	case 11: s->u.dead++; return 1;
	case 12:
		/* A better targeting die. */
		if (s->u.die == 10)
			return 0;
		s->u.die += 2;
		return 1;
	default:
		/* Another weapon, a copy of one, for the first gunner. */
		if (s->u.nweapons == 6)
			return 0;
		i = s->u.nweapons;
		s->u.weapon[i] = s->u.weapon[w];
		s->u.nweapons++;
		if (s->body & s->g[0].fire)
			s->body |= 1u << i;
		s->g[0].fire |= 1u << i;
		return 1;
	}
}

#define NKINDS 14

/*
 * Monotone: no single-stat improvement of a generated sheet lowers its
 * share against any of four reference sheets, so none lowers its
 * value; 280 improvements, 20 of each kind (SSV_QUICK: 28, 2 of each).
 */
static void
test_monotone(void **state)
{
	struct ssv_sheet *s = calloc(6, sizeof(*s));
	char names[6][16];
	unsigned long long x = 27;
	double before[4], after;
	int i, k, j, n = 0, rounds, each = sw(SW_QUICK) ? 2 : 20;

	(void)state;
	for (i = 0; i < 4; i++)
		gen_sheet(&s[i], &x, names[i], i);
	for (rounds = 0; n < each * NKINDS; rounds++) {
		gen_sheet(&s[4], &x, names[4], 100 + rounds);
		for (j = 0; j < 4; j++)
			before[j] = ssv_share(&s[4], &s[j]);
		for (k = 0; k < NKINDS; k++) {
			s[5] = s[4];
			if (!improve(&s[5], &x, (k + rounds) % NKINDS))
				continue;
			n++;
			for (j = 0; j < 4; j++) {
				after = ssv_share(&s[5], &s[j]);
				if (after < before[j] - 1e-12)
					fail_msg("%s improved (kind %d) scores "
					    "%.9f < %.9f against %s", names[4],
					    (k + rounds) % NKINDS, after,
					    before[j], names[j]);
			}
		}
	}
	free(s);
}

/* ---- the judge: the advanced duel, played with the engine ---- */

struct rng {
	struct ss_dice d;
	unsigned long long x;
};

static int
roll(struct ss_dice *d, enum ss_die kind, int sides)
{
	struct rng *r = (struct rng *)d;
	int n, sum = 0;

	/* Damage, shock and penetration come as totals of n d6s. */
	if ((int)kind >= SSA_DIE_DAMAGE && (int)kind <= SSA_DIE_PEN) {
		for (n = sides / SS_DAMAGE_DIE; n > 0; n--)
			sum += rnd(&r->x, 1, SS_DAMAGE_DIE);
		return sum;
	}
	return rnd(&r->x, 1, sides);
}

struct fighter {
	const struct ssv_sheet *s;
	struct ssa_unit u;		/* its armor (and dV) as it goes */
	unsigned char done[SS_CHART_HI + 1];
	int marked, lines, destroyed;	/* lines: those to cross off */
	/* The chart's effects, from the aftermath on: weapons lost (their
	 * equipment, the item of the same name, destroyed), rounds fired,
	 * top speed lost, immobile (an engine destroyed, an X on the
	 * Locomotion Damage Chart: every dV 5, "Any roll of 5 or more
	 * automatically hits"). */
	unsigned lost, lose;
	int fired[SSA_MAX_WEAPONS];
	int slow, slow_next, immobile, immobile_next;
	int changed;			/* the rates to be made again */
	/* Turning (ssv_facings()): the enemy's direction from its front,
	 * clockwise, the angle it shows; the facings its turrets and arms
	 * are off the enemy (signed). */
	int bear, lag;
	/* Hits each item has taken, shot after shot ("the Engine only has
	 * one hit left and the next time it takes damage it will be
	 * destroyed"): the engine's steps count one shot's. */
	int ehits[128];
};

/* The equipment letter of weapon i: the item of its name, case aside;
 * 0 none. */
static char
weapon_letter(const struct ssa_unit *u, int i)
{
	int k;

	for (k = 0; k < u->nequip; k++)
		if (u->weapon[i].name && u->equip[k].name &&
		    strcasecmp(u->weapon[i].name, u->equip[k].name) == 0)
			return u->equip[k].letter;
	return 0;
}

static int
is_loco(const struct ssa_unit *u, char letter)
{
	int k;

	for (k = 0; k < u->nequip; k++)
		if (u->equip[k].letter == letter)
			return u->equip[k].locomotion;
	return 0;
}

/* "Engine" in an item's name, case aside. */
static int
is_engine(const char *name)
{
	size_t i;

	for (i = 0; name && name[i]; i++)
		if (strncasecmp(name + i, "engine", 6) == 0)
			return 1;
	return 0;
}

static void
fighter_init(struct fighter *f, const struct ssv_sheet *s)
{
	int k;

	memset(f, 0, sizeof(*f));
	f->s = s;
	f->u = s->u;
	for (k = SS_CHART_LO; k <= SS_CHART_HI; k++)
		f->lines += !is_loco(&s->u, ssa_line_letter(&s->u, k));
}

/* The weapons gunner g of f fires at range: its own, that reach, not
 * lost, with rounds left. */
static unsigned
firing(const struct fighter *f, int g, int range)
{
	unsigned set = 0;
	int i;

	for (i = 0; i < f->s->u.nweapons; i++) {
		const struct ssa_weapon *w = &f->s->u.weapon[i];

		if ((f->s->g[g].fire & (1u << i)) && !(f->lost & (1u << i)) &&
		    (w->ammo == 0 || f->fired[i] < w->ammo) &&
		    (w->range <= 0 || range <= w->range * SSA_INCHES_PER_MILE))
			set |= 1u << i;
	}
	return set;
}

/* P(the hit roll of die with spread spread d6s reaches need), the
 * natural 20 included (ssa_roll_ge over the roll's exact sums), kept for
 * needs of -20..99. */
static double
phit(int die, int spread, int need)
{
	static double tab[3][SSV_MAX_SPREAD + 1][120];
	static int made[3][SSV_MAX_SPREAD + 1];
	struct ssa_roll roll;
	int k = die <= 6 ? 0 : die <= 8 ? 1 : 2, i;

	if (!made[k][spread]) {
		ssa_roll_make(&roll, &ssa_advanced, die, spread, 160);
		for (i = 0; i < 120; i++)
			tab[k][spread][i] = ssa_roll_ge(&roll, i - 20, -1).v +
			    roll.nice.v;
		ssa_roll_free(&roll);
		made[k][spread] = 1;
	}
	need = need < -20 ? -20 : need > 99 ? 99 : need;
	return tab[k][spread][need + 20];
}

/*
 * How gunner g of a fires at b from range at b's angle (the judges'
 * choice, SPEC 5.1 leaves it to the player): all its weapons that can fire (set), or
 * spreading 1 to SSV_MAX_SPREAD d6s with those of them that can spread
 * (a spread d6 added to the roll, one d6 of each kind taken from each
 * weapon), whichever lands the most d6s (damage, shock and penetration)
 * expected, the fewest spread d6s on a tie.  Returns the spread, *fire
 * the weapons fired, *landed their expected d6s.
 */
static int
best_spread(const struct ssv_sheet *a, const struct ssa_unit *b, int g,
    int range, int angle, unsigned set, unsigned *fire, double *landed)
{
	struct ssa_shot s;
	unsigned use;
	double e;
	int sp, i, best = 0, need;

	memset(&s, 0, sizeof(s));
	s.att = &a->u;
	s.def = b;
	s.range = range;
	s.point_blank = range <= SSA_POINT_BLANK_MAX;
	s.angle = angle;
	s.facing = ssa_angle_facing(angle);
	*landed = -1;
	*fire = 0;
	for (sp = 0; sp <= SSV_MAX_SPREAD; sp++) {
		use = 0;
		e = 0;
		for (i = 0; i < a->u.nweapons; i++) {
			const struct ssa_weapon *w = &a->u.weapon[i];

			if (!(set & (1u << i)) || (sp && !w->spread))
				continue;
			use |= 1u << i;
			need = ssa_target_dv(&s, w->dvt) - a->g[g].skill -
			    ssa_range_modifier(range);
			e += phit(a->u.die, sp, need) * (ssa_spread_dice(w->dam,
			    sp) + ssa_spread_dice(w->sh, sp) +
			    ssa_spread_dice(w->pen, sp));
		}
		if (use && e > *landed + 1e-12) {
			*landed = e;
			*fire = use;
			best = sp;
		}
	}
	return best;
}

/* The aftermath: what the chart did this turn counts from now on. */
static void
aftermath(struct fighter *f)
{
	int k;

	if (f->lose & ~f->lost || f->immobile_next > f->immobile)
		f->changed = 1;
	f->lost |= f->lose;
	f->slow += f->slow_next;
	f->slow_next = 0;
	if (f->immobile_next && !f->immobile) {
		f->immobile = 1;
		for (k = 0; k < SS_NDVT; k++)
			f->u.dv[k][0] = f->u.dv[k][1] = 5;
	}
}

/* The weapons of f that bear on the enemy now (003, "Firing Arc"): the
 * Body's at bearing 0 only, the turrets' and arms' when they are on it. */
static unsigned
bearing(const struct ssv_sheet *s, int bear, int lag)
{
	return (bear == 0 ? s->body : 0) | (lag == 0 ? ~s->body : 0);
}

/* f's gunners fire at e from range, at e's angle (its bearing), with the
 * weapons that bear; e's armor and chart as they go. */
static void
volley(struct fighter *f, struct fighter *e, int range, struct rng *r)
{
	struct ssa_steps *st = malloc(sizeof(*st));
	struct ssa_shot s;
	int g, i, k, face = ssa_angle_facing(e->bear);

	for (g = 0; g < f->s->ngunners; g++) {
		memset(&s, 0, sizeof(s));
		s.att = &f->s->u;
		s.def = &e->u;
		s.skill = f->s->g[g].skill;
		s.range = range;
		s.point_blank = range <= SSA_POINT_BLANK_MAX;
		s.angle = e->bear;
		s.facing = face;
		s.fire = firing(f, g, range) & bearing(f->s, f->bear, f->lag);
		if (s.fire == 0)
			continue;
		if (!sw(SW_NOSPREAD)) {
			double landed;

			s.spread = best_spread(f->s, &e->u, g, range, e->bear,
			    s.fire, &s.fire, &landed);
		}
		for (i = 0; i < f->s->u.nweapons; i++)
			if (s.fire & (1u << i) && f->s->u.weapon[i].ammo &&
			    ++f->fired[i] == f->s->u.weapon[i].ammo)
				f->changed = 1;
		if (ssa_resolve(&s, e->done, &r->d, st) < 0)
			fail_msg("the dice ran out");
		for (k = 0; k < st->neq; k++) {
			const struct ssa_hit_equip *h = &st->eq[k];
			int cell;

			if (h->loco_row > 0) {
				cell = e->u.loco[h->loco_row - 1][h->loco_col - 1];
				if (cell == SSA_LOCO_WORD(str_index(ss_loco_word,
				    "X")))
					e->immobile_next = 1;
				else if (cell >= 0 && h->loco_row <=
				    SS_LOCO_SPEED_ROWS)
					e->slow_next += cell;
				continue;
			}
			e->ehits[(unsigned char)h->letter & 127] += h->hits;
			for (i = 0; i < e->u.nequip; i++)
				if (e->u.equip[i].letter == h->letter &&
				    e->ehits[(unsigned char)h->letter & 127] >=
				    e->u.equip[i].hits)
					break;
			if (!h->destroyed && i == e->u.nequip)
				continue;
			for (i = 0; i < e->u.nequip; i++)
				if (e->u.equip[i].letter == h->letter &&
				    is_engine(e->u.equip[i].name))
					e->immobile_next = 1;
			for (i = 0; i < e->u.nweapons; i++)
				if (weapon_letter(&e->u, i) == h->letter)
					e->lose |= 1u << i;
		}
		/* The armor of the section hit falls by the damage rolled; a
		 * miss (no damage step: armor_after is left 0) takes none. */
		e->u.armor[face] -= st->total[0] < e->u.armor[face] ?
		    st->total[0] : e->u.armor[face];
		/* Locomotion lines are never crossed off. */
		for (i = 0; i < st->nmarked; i++)
			if (!e->done[st->marked[i]] && !is_loco(&e->u,
			    ssa_line_letter(&e->u, st->marked[i]))) {
				e->done[st->marked[i]] = 1;
				e->marked++;
			}
		if (st->outcome == SS_DESTROYED || e->marked >= e->lines)
			e->destroyed = 1;
	}
	free(st);
}

/* Whether f has a weapon left to fire at any range. */
static int
armed(const struct fighter *f)
{
	int g;

	for (g = 0; g < f->s->ngunners; g++)
		if (firing(f, g, 0))
			return 1;
	return 0;
}

/* A shot of a's at b as b stands now, from range, b showing angle. */
static void
aim(struct ssa_shot *s, const struct fighter *a, const struct fighter *b,
    int range, int angle)
{
	memset(s, 0, sizeof(*s));
	s->att = &a->s->u;
	s->def = &b->u;
	s->range = range;
	s->point_blank = range <= SSA_POINT_BLANK_MAX;
	s->angle = angle;
	s->facing = ssa_angle_facing(angle);
}

/* a's expected d6s landed a turn on b at each range 1..SSV_FIELD, b
 * showing angle: each weapon it fires there (firing(), arcs aside), its
 * chance to hit (the hit roll's exact sums, ssa_roll_ge, against b's dV
 * as it is, in the angle's column) times its damage, shock and
 * penetration d6s. */
static void
rates(const struct fighter *a, const struct fighter *b, int angle,
    double *out)
{
	struct ssa_shot s;
	unsigned set, use;
	double landed;
	int range, g, i, need;

	for (range = 1; range <= SSV_FIELD; range++) {
		out[range] = 0;
		aim(&s, a, b, range, angle);
		for (g = 0; g < a->s->ngunners; g++) {
			set = firing(a, g, range);
			if (!sw(SW_NOSPREAD)) {
				if (set)
					best_spread(a->s, &b->u, g, range, angle,
					    set, &use, &landed);
				out[range] += set ? landed : 0;
				continue;
			}
			for (i = 0; i < a->s->u.nweapons; i++) {
				const struct ssa_weapon *w = &a->s->u.weapon[i];

				if (!(set & (1u << i)))
					continue;
				need = ssa_target_dv(&s, w->dvt) -
				    a->s->g[g].skill - ssa_range_modifier(range);
				out[range] += phit(a->s->u.die, 0, need) *
				    (w->dam + w->sh + w->pen);
			}
		}
	}
}

/* E[(the sum of n d6s) - t, when above], exact (t >= 0). */
static double
over_mean(int n, int t)
{
	static double *dist[SSA_ODDS_MAX_DICE + 1];
	static double tab[SSA_ODDS_MAX_DICE + 1][64];
	static unsigned char made[SSA_ODDS_MAX_DICE + 1][64];
	double e = 0;
	int k, f;

	if (n <= 0)
		return 0;
	if (n > SSA_ODDS_MAX_DICE)
		n = SSA_ODDS_MAX_DICE;
	if (t < 0)
		t = 0;
	if (t < 64 && made[n][t])
		return tab[n][t];
	if (dist[n] == NULL) {
		double *prev = NULL;

		for (k = 1; k <= n; k++)
			if (dist[k] == NULL) {
				dist[k] = calloc((size_t)(6 * k + 1),
				    sizeof(double));
				prev = dist[k - 1];
				if (k == 1)
					for (f = 1; f <= 6; f++)
						dist[k][f] = 1.0 / 6;
				else
					for (f = 0; f <= 6 * (k - 1); f++)
						if (prev[f] != 0) {
							int d;

							for (d = 1; d <= 6; d++)
								dist[k][f + d] +=
								    prev[f] / 6;
						}
			}
	}
	for (k = t + 1; k <= 6 * n; k++)
		e += (k - t) * dist[n][k];
	if (t < 64) {
		tab[n][t] = e;
		made[n][t] = 1;
	}
	return e;
}

/*
 * The share of e one turn of a's fire takes, e showing angle (the
 * judges' turning policy weighs facings by it): each gunner's weapons
 * of set that reach, fired as best_spread() chooses against that
 * angle's dV, each weapon as if alone: its chance to hit times the mean
 * of its damage d6s over e's armor left at that angle plus dead, and
 * the means of its shock past the threshold and its penetration past
 * the angle's factor over dead.
 */
static double
turn_share(const struct fighter *a, const struct fighter *e, int range,
    int angle, unsigned set)
{
	struct ssa_shot s;
	const struct ssa_unit *d = &e->s->u;
	double k = 0, landed, p, wall;
	unsigned fs, use;
	int g, i, sp, need;

	wall = e->u.armor[ssa_angle_facing(angle)] + d->dead;
	aim(&s, a, e, range, angle);
	for (g = 0; g < a->s->ngunners; g++) {
		if ((fs = firing(a, g, range) & set) == 0)
			continue;
		sp = 0;
		use = fs;
		if (!sw(SW_NOSPREAD))
			sp = best_spread(a->s, &e->u, g, range, angle, fs, &use,
			    &landed);
		for (i = 0; i < a->s->u.nweapons; i++) {
			const struct ssa_weapon *w = &a->s->u.weapon[i];

			if (!(use & (1u << i)))
				continue;
			need = ssa_target_dv(&s, w->dvt) - a->s->g[g].skill -
			    ssa_range_modifier(range);
			p = phit(a->s->u.die, sp, need);
			k += p * (ssa_spread_dice(w->dam, sp) * (1 +
			    SS_DAMAGE_DIE) / 2.0 / wall + (over_mean(
			    ssa_spread_dice(w->sh, sp), d->shock) + over_mean(
			    ssa_spread_dice(w->pen, sp), d->pen[angle])) /
			    d->dead);
		}
	}
	return k;
}

/* x's speed this turn: the field's less what the locomotion chart took;
 * immobile, none. */
static int
speed_of(const struct fighter *x)
{
	return x->immobile || x->slow >= x->s->speed ? 0 : x->s->speed -
	    x->slow;
}

/*
 * x moves from cur, the enemy y (rx and ry: their d6s landed a turn at
 * each range against the other's dV column as it shows now):
 *  - the range it heads for: of 1..SSV_FIELD, where its rate over y's
 *    armor left at y's angle and dead, less y's over its own at its
 *    angle, is highest (ties within 1e-12: the nearest to cur, then the
 *    nearer);
 *  - its facing (SSV_NOTURN: kept): of the bearings it can turn to this
 *    turn (ssv_facings(), immobile none; the fewest facings turned
 *    first, clockwise before counter-clockwise), the one where, moving
 *    towards that range as far as it goes at that bearing (ssv_step()),
 *    the share of y its weapons that then bear take a turn, less the
 *    share of it all of y's take at that bearing (turn_share()), is
 *    highest (ties within 1e-12: the first); its turrets and arms turn
 *    with it and pivot back SSV_PIVOT.
 * Returns the range it reaches.
 */
static int
move(struct fighter *x, const double *rx, const struct fighter *y,
    const double *ry, int cur)
{
	static const int order[] = { 0, 1, -1, 2, -2, 3 };
	double tx = x->u.armor[ssa_angle_facing(x->bear)] + x->s->u.dead;
	double ty = y->u.armor[ssa_angle_facing(y->bear)] + y->s->u.dead, t;
	double best = -HUGE_VAL, j;
	int range, want = cur, sp = speed_of(x), k, turns, a, lag, r;
	int best_r = cur, best_a = x->bear, best_lag = x->lag;

	for (range = 1; range <= SSV_FIELD; range++) {
		t = rx[range] / ty - ry[range] / tx;
		if (t > best + 1e-12) {
			best = t;
			want = range;
		} else if (t >= best - 1e-12 && abs(range - cur) <
		    abs(want - cur))
			want = range;
	}
	turns = x->immobile || sw(SW_NOTURN) ? 0 : ssv_facings(x->s,
	    sp);
	best = -HUGE_VAL;
	for (k = 0; k < (int)(sizeof(order) / sizeof(order[0])); k++) {
		if (abs(order[k]) > turns)
			continue;
		a = ((x->bear + order[k]) % SS_NANGLES + SS_NANGLES) %
		    SS_NANGLES;
		lag = ((x->lag + order[k] + 3) % SS_NANGLES + SS_NANGLES) %
		    SS_NANGLES - 3;
		lag = lag > SSV_PIVOT ? lag - SSV_PIVOT : lag < -SSV_PIVOT ?
		    lag + SSV_PIVOT : 0;
		r = cur;
		if (want < cur)
			r = want > cur - ssv_step(x->s, a, sp, 1) ? want :
			    cur - ssv_step(x->s, a, sp, 1);
		else if (want > cur)
			r = want < cur + ssv_step(x->s, a, sp, 0) ? want :
			    cur + ssv_step(x->s, a, sp, 0);
		if (turns == 0) {
			/* Its turrets still pivot. */
			best_r = r;
			best_lag = lag;
			break;
		}
		j = turn_share(x, y, r, y->bear, bearing(x->s, a, lag)) -
		    turn_share(y, x, r, a, ~0u);
		if (j > best + 1e-12) {
			best = j;
			best_r = r;
			best_a = a;
			best_lag = lag;
		}
	}
	x->bear = best_a;
	x->lag = best_lag;
	return best_r;
}

/* A's share of runs duels from range (SPEC 5.1's duel on sheets, as
 * tests/sheet_duel.py plays it): each turn a coin says who moves first,
 * each towards its best range and turning to the facing it weighs best
 * (move()); then every gunner fires, at once, with every weapon that
 * reaches and bears, or spreading with those that can (best_spread()),
 * at the other's angle; 50 turns a draw.  static_: nobody moves or
 * turns. */
static double
duel_at(const struct ssv_sheet *a, const struct ssv_sheet *b, int start,
    int runs, struct rng *r, int static_)
{
	struct fighter *f = malloc(2 * sizeof(*f));
	/* Rates: [side][column] (the dV's front/back, then sides). */
	double won = 0, *rt = malloc(4 * (SSV_FIELD + 1) * sizeof(double));
	int run, turn, range, first, k;

#define RT(side, other) (rt + (2 * (side) + (f[other].bear % 3 != 0)) * \
	(SSV_FIELD + 1))
	for (run = 0; run < runs; run++) {
		fighter_init(&f[0], a);
		fighter_init(&f[1], b);
		f[0].changed = 1;
		range = start;
		for (turn = 0; turn < 50; turn++) {
			if (f[0].changed || f[1].changed) {
				for (k = 0; k < 2; k++) {
					rates(&f[k], &f[!k], 0, rt + 2 * k *
					    (SSV_FIELD + 1));
					rates(&f[k], &f[!k], 1, rt + (2 * k + 1)
					    * (SSV_FIELD + 1));
				}
				f[0].changed = f[1].changed = 0;
			}
			if (!static_) {
				first = rnd(&r->x, 0, 1);
				range = move(&f[first], RT(first, !first),
				    &f[!first], RT(!first, first), range);
				range = move(&f[!first], RT(!first, first),
				    &f[first], RT(first, !first), range);
			}
			if (sw(SW_BEARS)) {
				static long nb[SS_NANGLES], tot;

				nb[f[0].bear]++;
				nb[f[1].bear]++;
				if ((tot += 2) % 200000 == 0)
					printf("bears %ld: %ld %ld %ld %ld %ld %ld\n",
					    tot, nb[0], nb[1], nb[2], nb[3], nb[4],
					    nb[5]);
			}
			if (sw(SW_TRACE) && run < 3)
				printf("trace %s %s run %d turn %d range %d bear "
				    "%d %d lag %d %d armor %d %d\n", a->u.name,
				    b->u.name, run, turn, range, f[0].bear,
				    f[1].bear, f[0].lag, f[1].lag,
				    f[0].u.armor[ssa_angle_facing(f[0].bear)],
				    f[1].u.armor[ssa_angle_facing(f[1].bear)]);
			/* Both fire at once: the damage of this turn is
			 * applied to what each was at its start. */
			volley(&f[0], &f[1], range, r);
			volley(&f[1], &f[0], range, r);
			if (f[0].destroyed || f[1].destroyed)
				break;
			aftermath(&f[0]);
			aftermath(&f[1]);
			if (!armed(&f[0]) && !armed(&f[1]))
				break;
		}
		won += f[1].destroyed && !f[0].destroyed ? 1 :
		    f[0].destroyed && !f[1].destroyed ? 0 : 0.5;
	}
#undef RT
	free(rt);
	free(f);
	return won / runs;
}

static double
duel(const struct ssv_sheet *a, const struct ssv_sheet *b, int start,
    int runs, struct rng *r)
{
	return duel_at(a, b, start, runs, r, sw(SW_STATIC));
}

/*
 * Weapon range (003: a weapon's range in miles of 120 hexes; it fires
 * no farther): the same sheet with its weapons reaching farther is worth
 * no less against every reference sheet, and more once the range bites
 * (a 0.05-mile gun reaches 6 in, a 0.5-mile one the whole 60-in field);
 * and in the judge's duel the longer-ranged twin beats the shorter one
 * (it stands off while the other closes at its speed).
 */
static void
test_range(void **state)
{
	static const double miles[] = { 0.05, 0.1, 0.2, 0.3, 0.5, 2 };
	struct ssv_sheet *s = calloc(8, sizeof(*s));
	char names[8][16];
	unsigned long long x = 5;
	double prev[4], now, share;
	struct rng r;
	int i, j, k, up = 0;

	(void)state;
	for (i = 0; i < 5; i++)
		gen_sheet(&s[i], &x, names[i], i);
	for (k = 0; k < 6; k++) {
		s[5] = s[4];
		for (i = 0; i < s[5].u.nweapons; i++)
			s[5].u.weapon[i].range = miles[k];
		for (j = 0; j < 4; j++) {
			now = ssv_share(&s[5], &s[j]);
			if (k > 0 && now < prev[j] - 1e-12)
				fail_msg("%g miles scores %.9f < %.9f against %s",
				    miles[k], now, prev[j], names[j]);
			up += k > 0 && now > prev[j] + 1e-9;
			prev[j] = now;
		}
		if (k == 0)
			s[6] = s[5];
	}
	/* More range raised a score at some step, and 0.5 miles beats 0.05
	 * in the duel: 400 from each start, twice the standard error
	 * (at most 0.5 / sqrt(1600) = 0.0125) clear of even. */
	assert_true(up > 0);
	s[7] = s[4];
	for (i = 0; i < s[7].u.nweapons; i++)
		s[7].u.weapon[i].range = 0.5;
	r.d.roll = roll;
	r.x = 3;
	share = 0;
	for (k = 0; k < SSV_NSTARTS; k++)
		share += duel(&s[7], &s[6], ssv_starts[k], 400, &r) /
		    SSV_NSTARTS;
	printf("range: the 0.5-mile twin's share against the 0.05-mile "
	    "one %.3f; %d scores rose\n", share, up);
	assert_true(share > 0.5 + 0.025);
	free(s);
}

/* Twins: two sheets generated from the same seed x (gen_sheet()),
 * named a and b, with no weapon on the Body; each test then makes them
 * differ in the one thing it judges.  twins_done() frees them. */
static struct ssv_sheet *
twins_new(unsigned long long x, const char *a, const char *b)
{
	struct ssv_sheet *s = calloc(2, sizeof(*s));
	int k;

	assert_non_null(s);
	for (k = 0; k < 2; k++) {
		unsigned long long y = x;
		char *name = calloc(1, 16);

		gen_sheet(&s[k], &y, name, k);
		snprintf(name, 16, "%s", k ? b : a);
		s[k].body = 0;
	}
	return s;
}

/* A's share of the duels between twins s[0] and s[1], 400 from each
 * start, the dice seeded with seed. */
static double
twins_share(const struct ssv_sheet *s, unsigned long long seed)
{
	struct rng r;
	double share = 0;
	int k;

	r.d.roll = roll;
	r.x = seed;
	for (k = 0; k < SSV_NSTARTS; k++)
		share += duel(&s[0], &s[1], ssv_starts[k], 400, &r) /
		    SSV_NSTARTS;
	return share;
}

/* Writes the twins to $SSV_DUMP/sub/ when it is set (tests/sheet-judge/
 * holds them for sheet_duel.py), then frees them and their names. */
static void
twins_done(struct ssv_sheet *s, const char *sub)
{
	const char *dump = getenv("SSV_DUMP");
	char dir[300];

	if (dump) {
		mkdir(dump, 0777);
		snprintf(dir, sizeof(dir), "%s/%s", dump, sub);
		mkdir(dir, 0777);
		dump_sheet(dir, &s[0]);
		dump_sheet(dir, &s[1]);
	}
	free((char *)s[0].u.name);
	free((char *)s[1].u.name);
	free(s);
}

/*
 * Spread fire in the judge (003: each spread d6 is added to the roll and
 * takes a d6 of each kind from every weapon fired).  Two twins, every dV
 * 24 so that the 2d10 with skill 0 hits only about one shot in four, with
 * one gun of 12 damage, 6 shock and 6 penetration d6s each: the one whose
 * gun can spread gives up three of its 24 d6s a spread d6 for +3.5 on the
 * roll, and lands more (best_spread() chooses 2 d6 at point blank, where
 * the dV is halved, and 4 or 5 beyond), so it wins the duel between them
 * (0.663): 400 from each start, twice the standard error clear of even.
 * SSV_DUMP=DIR also writes the pair to
 * DIR/spread/ (tests/sheet-judge/ holds it for tests/sheet_duel.py).
 */
static void
test_spread_judge(void **state)
{
	struct ssv_sheet *s = twins_new(11, "spreading", "plain");
	unsigned fire;
	double landed, share = 0;
	int i, k, sp;

	(void)state;
	for (k = 0; k < 2; k++) {
		for (i = 0; i < SS_NDVT; i++)
			s[k].u.dv[i][0] = s[k].u.dv[i][1] = 24;
		s[k].u.nweapons = 0;
		s[k].ngunners = 1;
		s[k].g[0].fire = 0;
		s[k].g[0].skill = 0;
		s[k].u.die = 10;
		arm(&s[k], SS_DVT_B, 12, 6, 6, !k, 0);
		s[k].u.weapon[0].name = gun_name[0];
		s[k].u.weapon[0].range = 1;
		/* Neither turns (a Turn Number past every speed: v / T(v)
		 * is 0): a fight of spread alone, fronts to each other, as
		 * before sheets turned (test_turn_judge has the turning). */
		for (i = 1; i <= SSV_MAX_SPEED; i++)
			s[k].turn[i] = (unsigned char)(i + 1);
	}
	for (i = 1; i <= SSV_FIELD; i++) {
		sp = best_spread(&s[0], &s[1].u, 0, i, 0, 1, &fire, &landed);
		assert_true(i <= SSA_POINT_BLANK_MAX ? sp >= 2 : sp >= 4);
		assert_int_equal(best_spread(&s[1], &s[0].u, 0, i, 0, 1, &fire,
		    &landed), 0);
	}
	share = twins_share(s, 9);
	printf("spread: the spreading twin's share against the plain one "
	    "%.6f, scored %.6f\n", share, ssv_share(&s[0], &s[1]));
	assert_true(share > 0.5 + 0.025);
	twins_done(s, "spread");
}

/*
 * Turning in the judge (003: a unit turns v / T(v) facings a turn and
 * shows the enemy the angle it turns to).  Two twins of one generated
 * sheet whose front takes penetration past 3 and every other angle past
 * 12; one turns (its Turn Number 1 + v / 3, so 1 or more facings a
 * turn), the other cannot (a Turn Number past every speed).  The turner
 * shows a side, where the other's penetration d6s do less, and wins
 * the duel between them: 400 from each start, twice the standard error
 * clear of even; the score sees it too.  SSV_DUMP=DIR also writes the
 * pair to DIR/turn/ (tests/sheet-judge/ holds it for sheet_duel.py).
 */
static void
test_turn_judge(void **state)
{
	struct ssv_sheet *s = twins_new(7, "turner", "stiff");
	double share = 0, scored;
	int i, k;

	(void)state;
	for (k = 0; k < 2; k++) {
		for (i = 0; i < SS_NANGLES; i++)
			s[k].u.pen[i] = i ? 12 : 3;
		if (k)
			for (i = 1; i <= SSV_MAX_SPEED; i++)
				s[k].turn[i] = (unsigned char)(i + 1);
	}
	assert_true(ssv_facings(&s[0], s[0].speed) >= 1);
	assert_int_equal(ssv_facings(&s[1], s[1].speed), 0);
	share = twins_share(s, 5);
	scored = ssv_share(&s[0], &s[1]);
	printf("turn: the turning twin's share against the stiff one %.6f, "
	    "scored %.6f\n", share, scored);
	assert_true(share > 0.5 + 0.025);
	assert_true(scored > 0.5 + 0.025);
	twins_done(s, "turn");
}

static double
lo(double p)
{
	p = p < 0.01 ? 0.01 : p > 0.99 ? 0.99 : p;
	return log(p / (1 - p));
}

/*
 * The floor (SSV_FLOOR=N): the round robin of the first N generated
 * sheets of a seed, each pair judged by the duel from each start, and a
 * Bradley-Terry rating fitted to those duels themselves (Hunter's MM,
 * no prior): how near any one number per sheet comes to the duels, the
 * least mean |v_i / (v_i + v_j) - duel| a scalar reaches on them.  Beside
 * it the values' error on the same pairs, and the score's own (its share
 * of the pairing, before any rating).  SSV_FLOOR_CACHE=FILE keeps the
 * duels (written when FILE is absent, read when present: the same seed,
 * N and runs); SSV_FLOOR_DUMP=FILE writes each pair there (i j, the
 * duels' share, the fitted rating's, the values', the score's).
 */
static void
floor_fit(const struct ssv_sheet *s, const double *val, int n, int runs,
    struct rng *r, int seed)
{
	double *w = calloc((size_t)n * (size_t)n, sizeof(double));
	double *v = calloc((size_t)n, sizeof(double)), num, den;
	double e_bt = 0, e_val = 0, e_score = 0, sh;
	const char *cache = getenv("SSV_FLOOR_CACHE");
	char path[300];
	FILE *f = NULL;
	int i, j, st, it, m = 0, reading = 0;

	if (cache) {
		snprintf(path, sizeof(path), "%s.seed%d", cache, seed);
		reading = (f = fopen(path, "r")) != NULL;
		if (!reading && (f = fopen(path, "w")) == NULL)
			fail_msg("cannot write %s", path);
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			if (reading) {
				if (fscanf(f, "%*d %*d %lf", &sh) != 1)
					fail_msg("%s: short", path);
			} else {
				sh = 0;
				for (st = 0; st < SSV_NSTARTS; st++)
					sh += duel(&s[i], &s[j], ssv_starts[st],
					    runs, r) / SSV_NSTARTS;
				if (f)
					fprintf(f, "%d %d %.6f\n", i, j, sh);
			}
			w[i * n + j] = sh;
			w[j * n + i] = 1 - sh;
		}
	if (f)
		fclose(f);
	for (i = 0; i < n; i++)
		v[i] = 1;
	for (it = 0; it < 5000; it++)
		for (i = 0; i < n; i++) {
			num = den = 0;
			for (j = 0; j < n; j++)
				if (j != i) {
					num += w[i * n + j];
					den += 1 / (v[i] + v[j]);
				}
			v[i] = num > 0 ? num / den : 1e-9;
		}
	if (getenv("SSV_FLOOR_DUMP")) {
		snprintf(path, sizeof(path), "%s.seed%d", getenv(
		    "SSV_FLOOR_DUMP"), seed);
		if ((f = fopen(path, "w")) == NULL)
			fail_msg("cannot write %s", path);
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++)
				fprintf(f, "%d %d %.6f %.6f %.6f %.6f\n", i, j,
				    w[i * n + j], v[i] / (v[i] + v[j]),
				    val[i] / (val[i] + val[j]),
				    ssv_share(&s[i], &s[j]));
		fclose(f);
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++, m++) {
			e_bt += fabs(v[i] / (v[i] + v[j]) - w[i * n + j]);
			e_val += fabs(val[i] / (val[i] + val[j]) - w[i * n + j]);
			e_score += fabs(ssv_share(&s[i], &s[j]) - w[i * n + j]);
		}
	printf("sheet value floor, seed %d: round robin of %d sheets, %d duels "
	    "a start: a rating fitted to those duels is %.3f from them on "
	    "average; the values %.3f; the score alone %.3f\n", seed, n, runs,
	    e_bt / m, e_val / m, e_score / m);
	free(w);
	free(v);
}

/*
 * The proof: generated sheets rated against eight generated reference
 * sheets; random pairs judged by the duel from each starting range.
 * The higher value wins more often in most pairs; the figures are
 * printed (the man page's, and SSV_METHOD_ERROR, are from 400 pairs on
 * seeds 1 and 2).
 */
static void
test_proof(void **state)
{
	const char *env = getenv("SSV_PROOF_PAIRS");
	int quick = !env && sw(SW_QUICK), nsheets = quick ? 12 : 60;
	int pairs = env ? atoi(env) : quick ? 8 : 40, runs = env ? 200 : quick ?
	    20 : 60, i, p, st, right = 0, seed, fav = 0, favright = 0;
	struct ssv_sheet *s = calloc((size_t)nsheets + 8, sizeof(*s));
	char (*names)[16] = calloc((size_t)nsheets + 8, 16);
	double *val = calloc((size_t)nsheets, sizeof(double));
	struct ssv_refset ref;
	struct ssv_rating *v = malloc(sizeof(*v));
	double err = 0, lerr = 0, serr = 0;
	struct rng r;
	const char *dump = getenv("SSV_DUMP"), *judged = getenv("SSV_JUDGED");
	char dir[256], path[300], jpath[300];
	FILE *pf = NULL, *jf = NULL;

	(void)state;
	if (dump)
		mkdir(dump, 0777);
	for (seed = 1; seed <= (env ? 2 : 1); seed++) {
		unsigned long long x = (unsigned long long)seed * 1000;

		right = fav = favright = 0;
		err = lerr = serr = 0;
		if (judged) {
			snprintf(jpath, sizeof(jpath), "%s/seed%d/pairs.tsv",
			    judged, seed);
			if ((jf = fopen(jpath, "r")) == NULL)
				fail_msg("cannot read %s", jpath);
			if (fscanf(jf, "%*[^\n]") != 0)
				fail_msg("%s: no header", jpath);
		}
		memset(&ref, 0, sizeof(ref));
		for (i = 0; i < nsheets + 8; i++)
			gen_sheet(&s[i], &x, names[i], i);
		for (i = 0; i < 8; i++)
			ref.u[ref.n++] = &s[nsheets + i];
		ssv_refset_fit(&ref);
		for (i = 0; i < nsheets; i++) {
			ssv_rate(&s[i], &ref, v);
			val[i] = v->value;
		}
		r.d.roll = roll;
		r.x = (unsigned long long)seed;
		if (dump) {
			snprintf(dir, sizeof(dir), "%s/seed%d", dump, seed);
			mkdir(dir, 0777);
			for (i = 0; i < nsheets + 8; i++)
				dump_sheet(dir, &s[i]);
			snprintf(path, sizeof(path), "%s/pairs.tsv", dir);
			if ((pf = fopen(path, "w")) == NULL)
				fail_msg("cannot write %s", path);
			fprintf(pf, "a\tb\tvalue_a\tvalue_b\tpredicted\tjudged"
			    "\truns\n");
		}
		for (p = 0; p < pairs; p++) {
			int a = rnd(&x, 0, nsheets - 1), b = rnd(&x, 0,
			    nsheets - 2);
			double share = 0, pred;

			b += b >= a;
			if (jf) {
				if (fscanf(jf, "%*s %*s %*s %*s %*s %lf %*d",
				    &share) != 1)
					fail_msg("%s: short", jpath);
			} else {
				for (st = 0; st < SSV_NSTARTS; st++)
					share += duel(&s[a], &s[b], ssv_starts[st],
					    runs, &r) / SSV_NSTARTS;
			}
			pred = val[a] / (val[a] + val[b]);
			serr += fabs(ssv_share(&s[a], &s[b]) - share);
			if (pf)
				fprintf(pf, "%s\t%s\t%.6g\t%.6g\t%.6f\t%.6f\t%d\n",
				    names[a], names[b], val[a], val[b], pred,
				    share, runs);
			right += (pred - 0.5) * (share - 0.5) > 0 ||
			    (pred == 0.5 && share == 0.5);
			err += fabs(pred - share);
			lerr += pow(lo(pred) - lo(share), 2);
			if (fabs(pred - 0.5) >= 0.15) {
				fav++;
				favright += (pred - 0.5) * (share - 0.5) > 0;
			}
		}
		printf("sheet value proof, seed %d: %d pairs, %d duels a start: "
		    "higher value wins more often %.1f %%; favourites at 65/35 "
		    "%d of %d; mean |predicted - duel| %.3f (the score alone "
		    "%.3f); rms log-odds %.3f (one value's %.3f)\n", seed, pairs,
		    runs, 100.0 * right / pairs, favright, fav, err / pairs,
		    serr / pairs, sqrt(lerr / pairs), sqrt(lerr / pairs) /
		    sqrt(2));
		assert_true(2 * right > pairs);
		if (pf)
			fclose(pf);
		if (jf)
			fclose(jf);
		pf = jf = NULL;
		if (getenv("SSV_FLOOR"))
			floor_fit(s, val, atoi(getenv("SSV_FLOOR")) < nsheets ?
			    atoi(getenv("SSV_FLOOR")) : nsheets, runs, &r, seed);
	}
	free(v);
	free(val);
	free(names);
	free(s);
}

/*
 * The shipped sheets: the Grizzly, the anchor, at 174; the walker below
 * it, as the duel between them (2,000 from each start) ranks them.
 */
static void
test_shipped(void **state)
{
	static const char *const kinds[] = { "sheet", NULL };
	static const char *const file[2] = { "units/shellshock/grizzly.yaml",
	    "units/shellshock/stalker.yaml" };
	struct ssv_sheet *s = calloc(2, sizeof(*s));
	struct ssv_refset ref;
	struct ssv_rating *v = malloc(sizeof(*v));
	struct batch *b = batch_new();
	const struct loaded *ld;
	struct rng r;
	double share = 0;
	char *path[2];
	int i, n, st;

	(void)state;
	for (i = 0; i < 2; i++) {
		path[i] = repo_path(file[i]);
		ld = system_ref(b, path[i], NULL, "shellshock.unit",
		    "shellshock", kinds, &n);
		assert_non_null(ld);
		ss_sheet_value_numbers(ld[0].obj, &s[i]);
		assert_true(ssv_complete(&s[i]));
	}
	/* The Grizzly's gunners in crew order: C the cupola's gun and the
	 * smoke mortar (weapons 3 and 4), G1 the cannon and the coaxial gun
	 * (1 and 2); the driver's body has none, the loader fires none. */
	assert_int_equal(s[0].ngunners, 2);
	assert_int_equal(s[0].g[0].fire, 12);
	assert_int_equal(s[0].g[1].fire, 3);
	memset(&ref, 0, sizeof(ref));
	ref.u[0] = &s[0];
	ref.u[1] = &s[1];
	ref.n = 2;
	ssv_refset_fit(&ref);
	assert_near(ref.rating[0], SSV_ANCHOR, 1e-9);
	ssv_rate(&s[1], &ref, v);
	r.d.roll = roll;
	r.x = 1;
	for (st = 0; st < SSV_NSTARTS; st++)
		share += duel(&s[0], &s[1], ssv_starts[st],
		    sw(SW_QUICK) ? 200 : 2000, &r) / SSV_NSTARTS;
	printf("shipped sheets: Grizzly MBT %.0f, Stalker Walker %.0f; the "
	    "Grizzly's share scored %.3f, dueled %.3f\n", ref.rating[0],
	    v->value, 1 - v->model[0], share);
	assert_true(v->value < ref.rating[0]);
	assert_true(share > 0.5);
	free(v);
	free(s);
	batch_free(b);
	free(path[0]);
	free(path[1]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shot_by_hand),
		cmocka_unit_test(test_explosion_by_hand),
		cmocka_unit_test(test_shot_engine),
		cmocka_unit_test(test_turns_by_hand),
		cmocka_unit_test(test_pairing_by_hand),
		cmocka_unit_test(test_turn_geometry),
		cmocka_unit_test(test_turn_by_hand),
		cmocka_unit_test(test_rating),
		cmocka_unit_test(test_monotone),
		cmocka_unit_test(test_range),
		cmocka_unit_test(test_spread_judge),
		cmocka_unit_test(test_turn_judge),
		cmocka_unit_test(test_shipped),
		cmocka_unit_test(test_proof),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
