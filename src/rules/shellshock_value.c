/*
 * rules/shellshock_value.c -- see shellshock_value.h.
 */
#include "shellshock_value.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the hit roll, once for each die and spread ---- */

#define MAX_DIE 12	/* the targeting dice are d6, d8 and d10 */

struct roll_table {
	int ready;
	int lo, hi;		/* totals of the normal part */
	double *ge;		/* ge[t - lo] = P(normal total >= t) */
	double mass;		/* of the normal part */
	double flub, lucky;
};

static struct roll_table tables[MAX_DIE + 1][2];

static const struct roll_table *
roll_table(int die, int spread)
{
	struct roll_table *t;
	struct dist d = DIST_INIT;
	int k;
	double acc = 0;

	if (die < 1 || die > MAX_DIE)
		die = SS_HUMAN_DIE;
	t = &tables[die][spread ? 1 : 0];
	if (t->ready)
		return t;
	ss_roll_dist(die, spread, &d, &t->flub, &t->lucky);
	t->lo = d.lo;
	t->hi = d.hi;
	t->ge = malloc((size_t)(d.hi - d.lo + 2) * sizeof(double));
	if (t->ge == NULL)
		abort();
	t->ge[d.hi - d.lo + 1] = 0;
	for (k = d.hi; k >= d.lo; k--) {
		acc += d.p[k - d.lo];
		t->ge[k - d.lo] = acc;
	}
	t->mass = acc;
	t->ready = 1;
	dist_free(&d);
	return t;
}

/* P(normal total >= need). */
static double
ge(const struct roll_table *t, int need)
{
	if (need <= t->lo)
		return t->mass;
	if (need > t->hi)
		return 0;
	return t->ge[need - t->lo];
}

/* ---- geometry ---- */

int
ss_facing_toward(int dir)
{
	static const int f[SS_NDIRS] = {
		SS_FACE_FRONT, SS_FACE_RIGHT, SS_FACE_RIGHT, SS_FACE_REAR,
		SS_FACE_LEFT, SS_FACE_LEFT
	};

	return f[((dir % SS_NDIRS) + SS_NDIRS) % SS_NDIRS];
}

unsigned
ss_rows_bearing(const struct ss_unit *u, int dir, unsigned working)
{
	unsigned rows = 0;
	int i, center, width, angle = dir * 60, off;

	for (i = 0; i < u->nweapons; i++) {
		const struct ss_weapon *w = &u->weapon[i];

		if (!(working & (1u << w->row)))
			continue;
		ss_arc_sector(w->arc, &center, &width);
		off = ((angle - center) % 360 + 540) % 360 - 180;
		if (off < 0)
			off = -off;
		if (2 * off <= width)
			rows |= 1u << w->row;
	}
	return rows;
}

unsigned
ss_rows_of(const struct ss_unit *u, char cls)
{
	unsigned rows = 0;
	int i;

	for (i = 0; i < u->nweapons; i++)
		if (cls == 0 || u->weapon[i].cls == cls)
			rows |= 1u << u->weapon[i].row;
	return rows;
}

/* The rows whose weapons can use spread fire. */
static unsigned
spread_rows(const struct ss_unit *u)
{
	unsigned rows = 0;
	int i;

	for (i = 0; i < u->nweapons; i++)
		if (u->weapon[i].spread)
			rows |= 1u << u->weapon[i].row;
	return rows;
}

/* ---- a volley ---- */

void
ss_volley(const struct ss_unit *a, unsigned rows, int spread, int rmod,
    const struct ss_unit *d, int facing, struct ss_volley *v)
{
	const struct roll_table *t = roll_table(a->die, spread);
	int need[SS_MAX_WEAPONS], dmg[SS_MAX_WEAPONS], n = 0, i, j, k, sum;
	double pk;

	memset(v, 0, sizeof(*v));
	for (i = 0; i < a->nweapons; i++) {
		const struct ss_weapon *w = &a->weapon[i];

		if (!(rows & (1u << w->row)))
			continue;
		need[n] = ss_target_dv(d, w->row, facing, 0) - a->skill - rmod;
		dmg[n] = ss_weapon_damage(w, spread);
		/* Kept in order of need: a roll hits a prefix of them. */
		for (j = n; j > 0 && need[j - 1] > need[j]; j--) {
			int tn = need[j], td = dmg[j];

			need[j] = need[j - 1];
			dmg[j] = dmg[j - 1];
			need[j - 1] = tn;
			dmg[j - 1] = td;
		}
		n++;
	}
	sum = 0;
	for (k = 0; k <= n; k++) {
		/* Exactly the first k hit. */
		pk = (k == 0 ? t->mass : ge(t, need[k - 1])) -
		    (k == n ? 0 : ge(t, need[k]));
		if (k == 0)
			pk += t->flub;
		if (k == n)
			pk += t->lucky;
		if (k > 0)
			sum += dmg[k - 1];
		if (pk <= 0)
			continue;
		if (sum == 0) {
			v->damage[v->n] = 0;
			v->p[v->n++] = pk;
			continue;
		}
		/* The coin: heads doubles it. */
		v->damage[v->n] = sum * SS_HEADS_TIMES;
		v->p[v->n++] = pk / SS_COIN_SIDES;
		v->damage[v->n] = sum;
		v->p[v->n++] = pk * (SS_COIN_SIDES - 1) / SS_COIN_SIDES;
	}
	for (i = 0; i < v->n; i++)
		v->mean += v->p[i] * v->damage[i];
}

/* ---- one target, one facing: a turn, and the turns to destroy ---- */

/* The chance that a hit putting internal points in destroys the unit by
 * the chart alone (crew, explosions), for 1 <= internal < dead. */
static double
chart_kill(const struct ss_unit *d, int internal)
{
	return internal > 0 && internal < d->dead ?
	    ss_p_destroyed_by(d, internal) : 0;
}

struct turn {
	double p_kill, internal, damage;
};

#define MAX_STATE 512

/* chart_kill for each internal damage below MAX_STATE: a matchup asks
 * it of the same target thousands of times. */
static void
kill_table(const struct ss_unit *d, double kill[MAX_STATE])
{
	int i;

	for (i = 0; i < MAX_STATE; i++)
		kill[i] = i < d->dead ? chart_kill(d, i) : 0;
}

static double
kill_at(const double *kill, const struct ss_unit *d, int internal)
{
	return internal < MAX_STATE ? kill[internal] : chart_kill(d, internal);
}

static void
one_turn(const struct ss_volley *v, const struct ss_unit *d, int facing,
    const double *kill, struct turn *t)
{
	int i, in;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < v->n; i++) {
		in = v->damage[i] - d->armor[facing];
		if (in < 0)
			in = 0;
		t->damage += v->p[i] * v->damage[i];
		t->internal += v->p[i] * in;
		t->p_kill += v->p[i] * (in >= d->dead ? 1 :
		    kill_at(kill, d, in));
	}
}

/*
 * The turns the volley takes to destroy d from fresh on facing, one
 * volley a turn: the armor comes off first, then internal damage adds
 * up to dead, each hit's own internal damage marking the chart.  The
 * states are the armor left (internal 0) and, once it is gone, the
 * internal damage so far; each volley only wears them down, so they
 * are solved from the bottom up.
 */
static double
turns_to_kill(const struct ss_volley *v, const struct ss_unit *d, int facing,
    const double *kill)
{
	int armor = d->armor[facing], dead = d->dead, a, i, o, dmg, in;
	static double ea[MAX_STATE], ei[MAX_STATE];
	double p0 = 0, sum, p;

	if (armor < 0 || armor >= MAX_STATE || dead < 1 || dead >= MAX_STATE)
		return SS_VALUE_NEVER;
	for (o = 0; o < v->n; o++)
		if (v->damage[o] == 0)
			p0 += v->p[o];
	if (p0 >= 1 - 1e-12)
		return SS_VALUE_NEVER;
	/* No armor left, i internal already. */
	for (i = dead - 1; i >= 0; i--) {
		sum = 1;
		for (o = 0; o < v->n; o++) {
			if ((dmg = v->damage[o]) == 0)
				continue;
			p = v->p[o];
			if (i + dmg >= dead)
				continue;
			sum += p * (1 - kill[dmg]) * ei[i + dmg];
		}
		ei[i] = sum / (1 - p0);
		if (ei[i] > SS_VALUE_NEVER)
			ei[i] = SS_VALUE_NEVER;
	}
	/* a armor left, no internal yet. */
	ea[0] = ei[0];
	for (a = 1; a <= armor; a++) {
		sum = 1;
		for (o = 0; o < v->n; o++) {
			if ((dmg = v->damage[o]) == 0)
				continue;
			p = v->p[o];
			if (dmg <= a) {
				sum += p * ea[a - dmg];
				continue;
			}
			in = dmg - a;
			if (in >= dead)
				continue;
			sum += p * (1 - kill[in]) * ei[in];
		}
		ea[a] = sum / (1 - p0);
		if (ea[a] > SS_VALUE_NEVER)
			ea[a] = SS_VALUE_NEVER;
	}
	return ea[armor];
}

/*
 * The attacker's best volley at d's facing: of the arcs it can turn to
 * and spread fire or not, the one doing the most damage expected, a
 * kill counted as all of the target's armor and dead.
 */
static void
best_volley(const struct ss_unit *a, unsigned working, int rmod,
    const struct ss_unit *d, int facing, const double *kill,
    struct ss_volley *best, unsigned *best_rows, int *best_spread)
{
	struct ss_volley v;
	struct turn t;
	unsigned rows, seen[SS_NDIRS];
	double score, top = -1;
	int dir, k, nseen = 0, spread;

	memset(best, 0, sizeof(*best));
	best->n = 1;
	best->p[0] = 1;
	*best_rows = 0;
	*best_spread = 0;
	for (dir = 0; dir < SS_NDIRS; dir++) {
		rows = ss_rows_bearing(a, dir, working);
		if (rows == 0)
			continue;
		for (k = 0; k < nseen && seen[k] != rows; k++)
			;
		if (k < nseen)
			continue;
		seen[nseen++] = rows;
		for (spread = 0; spread <= 1; spread++) {
			if (spread && (rows & ~spread_rows(a)))
				continue;
			ss_volley(a, rows, spread, rmod, d, facing, &v);
			one_turn(&v, d, facing, kill, &t);
			score = t.damage + t.p_kill * (d->armor[facing] +
			    d->dead);
			if (score > top) {
				top = score;
				*best = v;
				*best_rows = rows;
				*best_spread = spread;
			}
		}
	}
}

/* ---- a matchup: ranges 0-40 and the four facings ---- */

void
ss_matchup(const struct ss_unit *a, const struct ss_unit *d,
    struct ss_matchup *m)
{
	unsigned rows, all = ss_rows_of(a, 0);
	struct ss_volley v;
	struct turn t;
	double w, wsum = 0, logt = 0, flog[SS_NFACINGS] = { 0 };
	double fw[SS_NFACINGS] = { 0 }, share[SS_NROWS] = { 0 }, tot = 0;
	double turns, hit, kill[MAX_STATE];
	int range, rmod, f, spread, i, need;

	memset(m, 0, sizeof(*m));
	kill_table(d, kill);
	/* Each whole inch from 0 to 40 alike; the modifier changes only
	 * every 10, so each modifier weighs as many inches as give it. */
	for (rmod = 0; rmod >= ss_range_modifier(SS_VALUE_RANGE_MAX); rmod--) {
		w = 0;
		for (range = 0; range <= SS_VALUE_RANGE_MAX; range++)
			if (ss_range_modifier(range) == rmod)
				w++;
		for (f = 0; f < SS_NFACINGS; f++) {
			const struct roll_table *rt;

			best_volley(a, all, rmod, d, f, kill, &v, &rows,
			    &spread);
			one_turn(&v, d, f, kill, &t);
			turns = turns_to_kill(&v, d, f, kill);
			m->p_kill += w * t.p_kill;
			m->internal += w * t.internal;
			m->damage += w * t.damage;
			logt += w * log(turns);
			flog[f] += w * log(turns);
			fw[f] += w;
			wsum += w;
			/* Each weapon's damage expected: hit, times the coin's
			 * mean. */
			rt = roll_table(a->die, spread);
			for (i = 0; i < a->nweapons; i++) {
				const struct ss_weapon *wp = &a->weapon[i];

				if (!(rows & (1u << wp->row)))
					continue;
				need = ss_target_dv(d, wp->row, f, 0) - a->skill -
				    rmod;
				hit = ge(rt, need) + rt->lucky;
				share[wp->row] += w * hit *
				    ss_weapon_damage(wp, spread) *
				    (SS_HEADS_TIMES + SS_COIN_SIDES - 1) /
				    SS_COIN_SIDES;
			}
		}
	}
	m->p_kill /= wsum;
	m->internal /= wsum;
	m->damage /= wsum;
	m->turns = exp(logt / wsum);
	for (f = 0; f < SS_NFACINGS; f++)
		m->facing_turns[f] = exp(flog[f] / fw[f]);
	for (i = 0; i < SS_NROWS; i++)
		tot += share[i];
	for (i = 0; i < SS_NROWS; i++)
		m->row_share[i] = tot > 0 ? share[i] / tot : 0;
}

/* ---- mobility ---- */

double
ss_maneuver_factor(const struct ss_unit *u)
{
	double man = 0;
	int i;

	for (i = 0; i < SS_MANEUVER_LEN && u->maneuver[i]; i++)
		man += u->maneuver[i] == 'y' ? 1 : u->maneuver[i] == '?' ?
		    0.5 : 0;
	man /= SS_MANEUVER_LEN;
	return man < 1.0 / 3 ? 1.0 / 3 : man;
}

double
ss_terrain_factor(const struct ss_unit *u)
{
	double terr = 0;
	int i;

	for (i = 0; i < SS_NTERRAIN; i++)
		terr += u->terrain[i] > 0 ? 1.0 / u->terrain[i] : 0;
	return terr / SS_NTERRAIN;
}

double
ss_mobility(const struct ss_unit *u)
{
	return (u->max_speed + u->road_speed / 2.0) * ss_maneuver_factor(u) *
	    ss_terrain_factor(u);
}

/* ---- a unit against the set ---- */

void
ss_value(const struct ss_unit *u, const struct ss_unit *const *refs,
    int nref, struct ss_value *v)
{
	double lo = 0, ld = 0;
	int r;

	memset(v, 0, sizeof(*v));
	if (nref > SS_VALUE_MAX_REFS)
		nref = SS_VALUE_MAX_REFS;
	v->nref = nref;
	for (r = 0; r < nref; r++) {
		ss_matchup(u, refs[r], &v->vs[r]);
		ss_matchup(refs[r], u, &v->from[r]);
		/* Kills a turn, its own and the others' at it. */
		lo += 1 / v->vs[r].turns;
		ld += 1 / v->from[r].turns;
	}
	/* The mean rate of kills it makes, and the turns it lasts at the
	 * mean rate it is killed. */
	v->offence = nref ? lo / nref : 0;
	v->defence = ld > 0 ? nref / ld : SS_VALUE_NEVER;
	v->mobility = ss_mobility(u);
	v->strength = sqrt(v->offence * v->defence) *
	    pow(v->mobility > 0 ? v->mobility : 1e-3, SS_VALUE_MOBILITY_EXP);
}

double
ss_value_scale(const struct ss_unit *const *refs, const double *strengths,
    int nref)
{
	double sv = 0, ss = 0, all = 0;
	int r, n = 0;

	for (r = 0; r < nref; r++) {
		all += strengths[r];
		if (refs[r]->combat_value < 0)
			continue;
		sv += refs[r]->combat_value;
		ss += strengths[r];
		n++;
	}
	if (n > 0 && ss > 0)
		return sv / ss;
	return all > 0 ? SS_VALUE_DEFAULT_MEAN * nref / all : 1;
}

/* ---- the duel ---- */

/* splitmix64: seeded, the same on every machine. */
static unsigned long long
next64(unsigned long long *s)
{
	unsigned long long z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double
uniform(unsigned long long *s)
{
	return (double)(next64(s) >> 11) * (1.0 / 9007199254740992.0);
}

static int
die(unsigned long long *s, int sides)
{
	return (int)(uniform(s) * sides) + 1;
}

/* One side of a duel, as it stands. */
struct side {
	const struct ss_unit *u;
	int armor[SS_NFACINGS], internal;
	unsigned working;	/* rows whose weapons can still fire */
	int mobile, dir, dead;
	int next_dir;		/* where it turns this turn */
	unsigned rows;		/* and fires these, */
	int spread;		/* spread or not */
	unsigned lose;		/* rows lost at the end of this turn */
	int immobile_next;
	/* Volleys by rows, spread and the enemy's facing, as they come. */
	struct { int ready; struct ss_volley v; } cache[1 << SS_NROWS][2]
	    [SS_NFACINGS];
};

static const struct ss_volley *
cached(struct side *x, const struct ss_unit *enemy, unsigned rows,
    int spread, int rmod, int facing)
{
	struct ss_volley *v = &x->cache[rows][spread][facing].v;

	if (!x->cache[rows][spread][facing].ready) {
		ss_volley(x->u, rows, spread, rmod, enemy, facing, v);
		x->cache[rows][spread][facing].ready = 1;
	}
	return v;
}

/* x turns (if it can) to bring its best arc to bear on the facing y
 * shows it now: its rows and spread fire for this turn. */
static void
choose(struct side *x, const struct side *y, int rmod)
{
	int facing = ss_facing_toward(y->dir), dir, spread;
	unsigned rows;
	const struct ss_volley *v;
	double top = -1;

	x->rows = 0;
	x->spread = 0;
	for (dir = 0; dir < SS_NDIRS; dir++) {
		if (!x->mobile && dir != x->dir)
			continue;
		rows = ss_rows_bearing(x->u, dir, x->working);
		if (rows == 0)
			continue;
		for (spread = 0; spread <= 1; spread++) {
			if (spread && (rows & ~spread_rows(x->u)))
				continue;
			v = cached(x, y->u, rows, spread, rmod, facing);
			if (v->mean > top) {
				top = v->mean;
				x->next_dir = dir;
				x->rows = rows;
				x->spread = spread;
			}
		}
	}
}

/* x fires its volley at the facing y shows after turning: the damage. */
static int
shoot(struct side *x, const struct side *y, int rmod, unsigned long long *s)
{
	const struct ss_volley *v;
	double r;
	int o;

	if (x->rows == 0)
		return 0;
	v = cached(x, y->u, x->rows, x->spread, rmod,
	    ss_facing_toward(y->dir));
	r = uniform(s);
	for (o = 0; o < v->n - 1 && r >= v->p[o]; o++)
		r -= v->p[o];
	return v->damage[o];
}

/* damage on y's facing: armor, internal, the chart. */
static void
take(struct side *y, int facing, int damage, unsigned long long *s)
{
	int in, boxes, roll, i, c;

	if (damage <= 0)
		return;
	if (damage <= y->armor[facing]) {
		y->armor[facing] -= damage;
		return;
	}
	in = damage - y->armor[facing];
	y->armor[facing] = 0;
	y->internal += in;
	if (y->internal >= y->u->dead) {
		y->dead = 1;
		return;
	}
	boxes = ss_boxes(y->u, in);
	if (boxes == 0)
		return;
	roll = die(s, SS_CHART_DIE);
	for (i = 0; i < boxes; i++) {
		c = (roll - 1 + i) % SS_CHART_DIE + 1;
		switch (ss_chart[c].letter) {
		case 's':
			y->lose |= ss_rows_of(y->u, 's');
			break;
		case 'p':
			y->lose |= ss_rows_of(y->u, 'p');
			break;
		case 'm':
			y->immobile_next = 1;
			break;
		default:
			break;
		}
		if (ss_chart[c].fx & SS_FX_CREW)
			y->dead = 1;
		else if ((ss_chart[c].fx & SS_FX_EXPLODES) &&
		    die(s, SS_EXPLOSION_DIE) > die(s, SS_EXPLOSION_DIE))
			y->dead = 1;
	}
}

static void
side_reset(struct side *x)
{
	int f;

	for (f = 0; f < SS_NFACINGS; f++)
		x->armor[f] = x->u->armor[f];
	x->internal = 0;
	x->working = ss_rows_of(x->u, 0);
	x->mobile = 1;
	x->dir = 0;
	x->dead = 0;
	x->lose = 0;
	x->immobile_next = 0;
}

void
ss_duel(const struct ss_unit *a, const struct ss_unit *b, int range,
    long runs, unsigned long long seed, struct ss_duel *out)
{
	struct side *x = calloc(2, sizeof(*x));
	unsigned long long s = seed;
	int rmod = ss_range_modifier(range), turn, da, db;
	long run, wa = 0, wb = 0, both = 0, neither = 0, turns = 0;

	if (x == NULL)
		abort();
	x[0].u = a;
	x[1].u = b;
	for (run = 0; run < runs; run++) {
		side_reset(&x[0]);
		side_reset(&x[1]);
		for (turn = 1; turn <= SS_DUEL_TURNS; turn++) {
			/* Both turn to their best arc against what the other
			 * shows, then fire at once; then the damage. */
			x[0].next_dir = x[0].dir;
			x[1].next_dir = x[1].dir;
			choose(&x[0], &x[1], rmod);
			choose(&x[1], &x[0], rmod);
			x[0].dir = x[0].next_dir;
			x[1].dir = x[1].next_dir;
			da = shoot(&x[0], &x[1], rmod, &s);
			db = shoot(&x[1], &x[0], rmod, &s);
			take(&x[1], ss_facing_toward(x[1].dir), da, &s);
			take(&x[0], ss_facing_toward(x[0].dir), db, &s);
			if (x[0].dead || x[1].dead)
				break;
			/* Weapons and mobility lost count from the next
			 * turn. */
			x[0].working &= ~x[0].lose;
			x[1].working &= ~x[1].lose;
			if (x[0].immobile_next)
				x[0].mobile = 0;
			if (x[1].immobile_next)
				x[1].mobile = 0;
			if (x[0].working == 0 && x[1].working == 0) {
				turn = SS_DUEL_TURNS;
				break;
			}
		}
		turns += turn > SS_DUEL_TURNS ? SS_DUEL_TURNS : turn;
		if (x[0].dead && x[1].dead)
			both++;
		else if (x[1].dead)
			wa++;
		else if (x[0].dead)
			wb++;
		else
			neither++;
	}
	out->runs = runs;
	out->seed = seed;
	out->p_a = (double)wa / runs;
	out->p_b = (double)wb / runs;
	out->p_both = (double)both / runs;
	out->p_neither = (double)neither / runs;
	out->turns = (double)turns / runs;
	free(x);
}
