/*
 * rules/shellshock_duel.c -- the duel of shellshock_value.h, simulated:
 * the geometry (which the exact score reads too), seeded dice, the two
 * sides, their fire, each turn's moves and ss_duel().  The exact score
 * is shellshock_value.c's, the rating shellshock_value_rate.c's.
 */
#include "shellshock_value.h"
#include "shellshock_value_impl.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

/* One in each band of the range modifier: 0-9, 10-19, 20-29, 30-39. */
const int ss_duel_starts[SS_DUEL_NSTARTS] = { 5, 15, 25, 35 };
/* muster's mixed ground: half open, the rest spread over the card's
 * other terrains. */
const double ss_duel_field[SS_NTERRAIN] = {
	0.50, 0.15, 0.15, 0.08, 0.04, 0.08
};

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

int
ss_duel_speed(const struct ss_unit *u)
{
	double cost = 0;
	int t;

	for (t = 0; t < SS_NTERRAIN; t++)
		cost += ss_duel_field[t] * (u->terrain[t] > 0 ? u->terrain[t] :
		    SS_TERRAIN_MAX);
	return cost > 0 ? (int)(u->max_speed / cost) : 0;
}

int
ss_unit_complete(const struct ss_unit *u)
{
	return u->era >= 0 && u->die >= 1 && u->nbands == SS_BANDS &&
	    u->dead >= 1 && u->gunners >= 1;
}

/* ---- dice: a counter-based stream per gunner and turn ---- */

static unsigned long long
mix64(unsigned long long z)
{
	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned long long
stream(unsigned long long seed, int start, long run, int turn, int who)
{
	unsigned long long s = mix64(seed);

	s = mix64(s ^ (unsigned long long)start);
	s = mix64(s ^ (unsigned long long)run);
	s = mix64(s ^ (unsigned long long)turn);
	return mix64(s ^ (unsigned long long)who);
}

static double
uniform(unsigned long long *s)
{
	*s = mix64(*s);
	return (double)(*s >> 11) * (1.0 / 9007199254740992.0);
}

static int
die(unsigned long long *s, int sides)
{
	return (int)(uniform(s) * sides) + 1;
}

/* ---- a side of a pairing ---- */

#define NMASK (1 << SS_P)				/* weapon rows E..S */
#define MAX_MOVES 64

/* A move: the heading's turn before the first half, before the second,
 * at the end (in 60-degree steps), and half speed or full. */
struct move {
	signed char t[3];
	unsigned char half;
};

struct fighter {
	const struct ss_unit *u;
	struct roll roll[2];		/* spread fire or not */
	int speed;
	struct move move[MAX_MOVES];
	int nmove;
	/* Where the moves take it from each heading, each place once: the
	 * heading it ends on and the inches gained along the line. */
	struct { signed char heading, gain; } dest[SS_NDIRS][MAX_MOVES];
	int ndest[SS_NDIRS];
	int best_range;
	/* Expected damage on the enemy by weapons working, own heading,
	 * the enemy's heading and range band; NAN until asked. */
	float ed[NMASK][SS_NDIRS][SS_NDIRS][NBANDS];
	/* As it stands in a run. */
	int armor[SS_NFACINGS], internal, heading, dead;
	unsigned working;
	int can_fire, mobile;
	unsigned lose;
	int no_fire_next, no_move_next;
	long shown[SS_NFACINGS];
};

/* The 60-degree turns possible at each of the three points of a
 * maneuver: y one, n none, ? one at one of the ?s. */
static void
moves_init(struct fighter *f)
{
	const char *m = f->u->maneuver;
	int c, k, ok, q, half;

	f->nmove = 0;
	for (c = 0; c < 27; c++) {
		int t[3] = { c % 3 - 1, c / 3 % 3 - 1, c / 9 - 1 };

		ok = 1;
		q = 0;
		for (k = 0; k < SS_MANEUVER_LEN; k++) {
			if (t[k] == 0)
				continue;
			if (m[k] == 'y')
				continue;
			if (m[k] == '?' && q++ == 0)
				continue;
			ok = 0;
		}
		for (half = 0; ok && half <= 1; half++) {
			struct move *mv = &f->move[f->nmove++];

			for (k = 0; k < 3; k++)
				mv->t[k] = (signed char)t[k];
			mv->half = (unsigned char)half;
		}
	}
}

/* The range a band stands for, to move towards. */
static int
band_range(int band)
{
	return band == 0 ? 0 : (band - 1) * SS_RANGE_STEP + SS_RANGE_STEP / 2;
}

/* ---- fire: the gunners' groups ---- */

struct group {
	int nw, spread;
	int need[SS_MAX_WEAPONS], dmg[SS_MAX_WEAPONS];
	double mean;
};

/* A group's damage expected, the coin's double included. */
static double
group_mean(const struct roll *r, const int *need, const int *dmg, int n)
{
	double m = 0;
	int i;

	for (i = 0; i < n; i++)
		m += ssv_roll_hits(r, need[i]) * dmg[i];
	return m * (SS_HEADS_TIMES + SS_COIN_SIDES - 1) / SS_COIN_SIDES;
}

/* The weapons of rows bearing on d's facing at band, sorted by need,
 * cut among the gunners; returns the groups. */
static int
groups(const struct fighter *a, unsigned rows, const struct ss_unit *d,
    int facing, int band, struct group *g)
{
	const struct ss_unit *u = a->u;
	int need[SS_MAX_WEAPONS], idx[SS_MAX_WEAPONS], n = 0, i, j, k, ng;
	int rmod = band == 0 ? 0 : -(band - 1), first, size, s, nd0;

	for (i = 0; i < u->nweapons; i++) {
		if (!(rows & (1u << u->weapon[i].row)))
			continue;
		nd0 = ss_target_dv(d, u->weapon[i].row, facing, band == 0) -
		    u->skill - rmod;
		for (j = n; j > 0 && need[j - 1] > nd0; j--) {
			need[j] = need[j - 1];
			idx[j] = idx[j - 1];
		}
		need[j] = nd0;
		idx[j] = i;
		n++;
	}
	ng = n < u->gunners ? n : u->gunners;
	for (k = 0, first = 0; k < ng; k++, first += size) {
		struct group *gp = &g[k];
		int nd[SS_MAX_WEAPONS], nd2[SS_MAX_WEAPONS], can = 1;
		double m0, m1;

		size = (n - first + (ng - k) - 1) / (ng - k);
		gp->nw = size;
		for (j = 0; j < size; j++) {
			const struct ss_weapon *w = &u->weapon[idx[first + j]];

			gp->need[j] = ss_target_dv(d, w->row, facing, band == 0) -
			    u->skill - rmod;
			nd[j] = ss_weapon_damage(w, 0);
			nd2[j] = ss_weapon_damage(w, 1);
			can &= w->spread;
		}
		m0 = group_mean(&a->roll[0], gp->need, nd, size);
		m1 = can ? group_mean(&a->roll[1], gp->need, nd2, size) : -1;
		gp->spread = m1 > m0;
		gp->mean = gp->spread ? m1 : m0;
		for (s = 0; s < size; s++)
			gp->dmg[s] = gp->spread ? nd2[s] : nd[s];
	}
	return ng;
}

/* Expected damage of a on d, a heading ha and d hd, at band. */
static double
expected(struct fighter *a, const struct fighter *d, unsigned working,
    int ha, int hd, int band)
{
	float *e = &a->ed[working][ha][hd][band];
	struct group g[SS_MAX_WEAPONS];
	int dir = (SS_NDIRS - ha) % SS_NDIRS, n, k;
	double m = 0;

	if (!isnan(*e))
		return *e;
	n = groups(a, ss_rows_bearing(a->u, dir, working), d->u,
	    ss_facing_toward((SS_NDIRS - hd) % SS_NDIRS), band, g);
	for (k = 0; k < n; k++)
		m += g[k].mean;
	*e = (float)m;
	return m;
}

/* What is left of d to destroy through facing f. */
static double
toughness(const struct fighter *d, int f)
{
	return d->armor[f] + d->u->dead - d->internal;
}

static int
shown(int heading)
{
	return ss_facing_toward((SS_NDIRS - heading) % SS_NDIRS);
}

/*
 * How x stands in the race of a turn (see shellshock_value.h): x needs
 * ty / out turns to stop y, out the damage it expects a turn and ty what
 * is left of y through the facing it hits; y needs tx / in.  x scores
 * the log of their ratio, log((tx / in) / (ty / out)), the higher the
 * better.  A place from which x cannot hurt y ranks below every place
 * from which it can, whatever it takes there (SPEC 5.1: a unit turns
 * to bring its weapons to bear); among those, the less it takes the
 * better.  A place where y cannot hurt x ranks above every other, the
 * more x does there the better.
 */
double
ss_duel_race(double out, double in, double ty, double tx)
{
	if (out <= 0)
		return -SS_DUEL_RACE_APART - in / tx;
	if (in <= 0)
		return SS_DUEL_RACE_APART + out / ty;
	return log(out / ty) - log(in / tx);
}

/* The race face to face at band, fresh: each side's most damage over
 * the headings it can take, on the other's front. */
static double
trade(struct fighter *a, struct fighter *b, int band)
{
	double out = 0, in = 0, x;
	int h;

	for (h = 0; h < SS_NDIRS; h++) {
		if ((x = expected(a, b, a->working, h, 0, band)) > out)
			out = x;
		if ((x = expected(b, a, b->working, h, 0, band)) > in)
			in = x;
	}
	return ss_duel_race(out, in, toughness(b, SS_FACE_FRONT),
	    toughness(a, SS_FACE_FRONT));
}

/* ---- a turn ---- */

struct pos {
	int heading, range;
};

/* Where move mv takes x from heading h: the heading it ends on and the
 * inches it gains towards the enemy. */
static void
apply_move(const struct fighter *x, const struct move *mv, int h,
    int *heading, int *gain)
{
	/* Twice the cosine of each heading: along the line, 1/2 at 60. */
	static const int c2[SS_NDIRS] = { 2, 1, -1, -2, -1, 1 };
	int h1 = (h + mv->t[0] + SS_NDIRS) % SS_NDIRS;
	int h2 = (h1 + mv->t[1] + SS_NDIRS) % SS_NDIRS;
	int spd = mv->half ? x->speed / 2 : x->speed;

	*heading = (h2 + mv->t[2] + SS_NDIRS) % SS_NDIRS;
	*gain = spd * (c2[h1] + c2[h2]) / 4;
}

static void
dests_init(struct fighter *f)
{
	int h, k, i, hd, g;

	for (h = 0; h < SS_NDIRS; h++) {
		f->ndest[h] = 0;
		for (k = 0; k < f->nmove && f->speed > 0; k++) {
			apply_move(f, &f->move[k], h, &hd, &g);
			for (i = 0; i < f->ndest[h] && (f->dest[h][i].heading !=
			    hd || f->dest[h][i].gain != g); i++)
				;
			if (i < f->ndest[h])
				continue;
			f->dest[h][i].heading = (signed char)hd;
			f->dest[h][i].gain = (signed char)g;
			f->ndest[h]++;
		}
	}
}

static unsigned
firing(const struct fighter *x)
{
	return x->can_fire ? x->working : 0;
}

/* What x weighs its moves by, this turn: what is left of y on the
 * facing it shows, and of x on each it could show. */
struct view {
	struct fighter *x, *y;
	unsigned fx, fy;
	double ty, tx[SS_NDIRS];
	unsigned seen[SS_NDIRS][SS_DUEL_FIELD + 1];	/* stamps */
	unsigned stamp;
};

static double
score(struct view *v, struct pos p)
{
	int band = band_of(p.range);

	return ss_duel_race(expected(v->x, v->y, v->fx, p.heading,
	    v->y->heading, band), expected(v->y, v->x, v->fy, v->y->heading,
	    p.heading, band), v->ty, v->tx[p.heading]) -
	    1e-4 * abs(p.range - v->x->best_range);
}

/* Whether p beats *best (each place weighed once a turn). */
static void
weigh(struct view *v, struct pos p, struct pos *best, double *top)
{
	double s;

	if (v->seen[p.heading][p.range] == v->stamp)
		return;
	v->seen[p.heading][p.range] = v->stamp;
	if ((s = score(v, p)) > *top) {
		*top = s;
		*best = p;
	}
}

/* x moves, y standing where it is: x's heading and the range. */
static int
choose(struct view *v, struct fighter *x, struct fighter *y, int range)
{
	struct pos p, best;
	double top = -1e300;
	int h, k;

	if (!x->mobile)
		return range;
	v->x = x;
	v->y = y;
	v->fx = firing(x);
	v->fy = firing(y);
	v->ty = toughness(y, shown(y->heading));
	for (h = 0; h < SS_NDIRS; h++)
		v->tx[h] = toughness(x, shown(h));
	v->stamp++;
	best.heading = x->heading;
	best.range = range;
	weigh(v, best, &best, &top);
	for (h = 0; h < SS_NDIRS; h++) {
		p.heading = h;
		p.range = range;
		weigh(v, p, &best, &top);
	}
	for (k = 0; k < x->ndest[x->heading]; k++) {
		p.heading = x->dest[x->heading][k].heading;
		p.range = range - x->dest[x->heading][k].gain;
		p.range = p.range < 0 ? 0 : p.range > SS_DUEL_FIELD ?
		    SS_DUEL_FIELD : p.range;
		weigh(v, p, &best, &top);
	}
	x->heading = best.heading;
	return best.range;
}

/* Internal damage's boxes on the chart, from a d6 of s. */
static void
chart(struct fighter *y, int in, unsigned long long *s)
{
	int boxes = ss_boxes(y->u, in), roll, i, c;
	unsigned fx;

	if (boxes == 0)
		return;
	roll = die(s, SS_CHART_DIE);
	for (i = 0; i < boxes; i++) {
		c = (roll - 1 + i) % SS_CHART_DIE + 1;
		fx = ss_chart[c].fx;
		if (fx & SS_FX_LOSE_S)
			y->lose |= ss_rows_of(y->u, 's');
		if (fx & SS_FX_LOSE_P)
			y->lose |= ss_rows_of(y->u, 'p');
		if (fx & SS_FX_NO_MOVE)
			y->no_move_next = 1;
		if (fx & SS_FX_NO_FIRE)
			y->no_fire_next = 1;
		if (fx & SS_FX_CREW)
			y->dead = 1;
		/* The attacker's d10 must beat the defender's. */
		if ((fx & SS_FX_EXPLODES) && die(s, SS_EXPLOSION_DIE) >
		    die(s, SS_EXPLOSION_DIE))
			y->dead = 1;
	}
}

/* damage on y's facing f: armor, internal, the chart. */
static void
take(struct fighter *y, int f, int damage, unsigned long long *s)
{
	int in;

	if (damage <= 0)
		return;
	if (damage <= y->armor[f]) {
		y->armor[f] -= damage;
		return;
	}
	in = damage - y->armor[f];
	y->armor[f] = 0;
	y->internal += in;
	if (y->internal >= y->u->dead) {
		y->dead = 1;
		return;
	}
	chart(y, in, s);
}

/* One gunner's roll for its group: the damage it puts on the armor. */
static int
fire_group(const struct fighter *x, const struct group *g,
    unsigned long long *s)
{
	int total = ssv_roll_at(&x->roll[g->spread], uniform(s)), sum = 0, i;

	for (i = 0; i < g->nw; i++)
		if (total >= g->need[i])
			sum += g->dmg[i];
	/* "heads, we do double damage" */
	if (sum > 0 && die(s, SS_COIN_SIDES) == 1)
		sum *= SS_HEADS_TIMES;
	return sum;
}

/* x's gunners' groups against y, fixed before any damage is taken
 * (combat is simultaneous). */
static int
aim(const struct fighter *x, const struct fighter *y, int band,
    struct group *g)
{
	unsigned rows;

	if (!x->can_fire)
		return 0;
	rows = ss_rows_bearing(x->u, (SS_NDIRS - x->heading) % SS_NDIRS,
	    x->working);
	return groups(x, rows, y->u, shown(y->heading), band, g);
}

static void
resolve(struct fighter *x, struct fighter *y, const struct group *g, int n,
    unsigned long long base)
{
	unsigned long long s;
	int k, f = shown(y->heading);

	for (k = 0; k < n; k++) {
		s = mix64(base ^ (unsigned long long)(k + 1));
		take(y, f, fire_group(x, &g[k], &s), &s);
	}
}

/* The chart's results from the end of a turn on. */
static void
settle(struct fighter *x)
{
	x->working &= ~x->lose;
	if (x->no_fire_next)
		x->can_fire = 0;
	if (x->no_move_next)
		x->mobile = 0;
}

static void
fresh(struct fighter *x)
{
	int f;

	for (f = 0; f < SS_NFACINGS; f++)
		x->armor[f] = x->u->armor[f];
	x->internal = x->dead = 0;
	x->heading = 0;
	x->working = ss_rows_of(x->u, 0);
	x->can_fire = 1;
	x->mobile = 1;
	x->lose = 0;
	x->no_fire_next = x->no_move_next = 0;
}

static void
fighter_init(struct fighter *f, const struct ss_unit *u)
{
	size_t i, n = sizeof(f->ed) / sizeof(f->ed[0][0][0][0]);
	float *e = &f->ed[0][0][0][0];

	f->u = u;
	ssv_roll_init(&f->roll[0], u->die, 0);
	ssv_roll_init(&f->roll[1], u->die, 1);
	f->speed = ss_duel_speed(u);
	if (f->speed > 2 * SS_DUEL_FIELD)
		f->speed = 2 * SS_DUEL_FIELD;	/* a gain fits a char */
	moves_init(f);
	dests_init(f);
	for (i = 0; i < n; i++)
		e[i] = NAN;
	memset(f->shown, 0, sizeof(f->shown));
}

/* Each side's best range: the band where its race is best face to
 * face. */
static void
best_ranges(struct fighter *x)
{
	double t, top[2] = { -1e9, -1e9 };
	int band, s;

	fresh(&x[0]);
	fresh(&x[1]);
	for (band = 0; band < NBANDS; band++)
		for (s = 0; s < 2; s++) {
			t = trade(&x[s], &x[1 - s], band);
			if (t > top[s] + 1e-9) {
				top[s] = t;
				x[s].best_range = band_range(band);
			}
		}
}

/* One duel from range; 1 A won, 0 B won, 2 both, 3 neither.  *turns
 * the turns it lasted. */
static int
run(struct fighter *x, struct view *v, int range, unsigned long long seed,
    int start, long r, int *turns)
{
	struct group g[2][SS_MAX_WEAPONS];
	unsigned long long s;
	int turn, n[2], first, band;

	fresh(&x[0]);
	fresh(&x[1]);
	x[1].heading = 0;
	for (turn = 1; turn <= SS_DUEL_TURNS; turn++) {
		/* Initiative: a d10 each, ties again; the loser moves
		 * first. */
		s = stream(seed, start, r, turn, 0);
		first = die(&s, 2) - 1;
		range = choose(v, &x[first], &x[1 - first], range);
		range = choose(v, &x[1 - first], &x[first], range);
		band = band_of(range);
		x[0].shown[shown(x[0].heading)]++;
		x[1].shown[shown(x[1].heading)]++;
		n[0] = aim(&x[0], &x[1], band, g[0]);
		n[1] = aim(&x[1], &x[0], band, g[1]);
		resolve(&x[0], &x[1], g[0], n[0], stream(seed, start, r, turn, 1));
		resolve(&x[1], &x[0], g[1], n[1], stream(seed, start, r, turn, 2));
		if (x[0].dead || x[1].dead)
			break;
		settle(&x[0]);
		settle(&x[1]);
		if (!firing(&x[0]) && !firing(&x[1]))
			break;
	}
	*turns = turn > SS_DUEL_TURNS ? SS_DUEL_TURNS : turn;
	if (x[0].dead && x[1].dead)
		return 2;
	return x[1].dead ? 1 : x[0].dead ? 0 : 3;
}

void
ss_duel(const struct ss_unit *a, const struct ss_unit *b, long runs,
    unsigned long long seed, struct ss_duel *out)
{
	struct fighter *x = xmalloc(2 * sizeof(*x));
	struct view *v = xcalloc(1, sizeof(*v));
	long r, count[4], turns = 0;
	double sum, sq, var = 0, total;
	int st, t, f, res;

	memset(out, 0, sizeof(*out));
	fighter_init(&x[0], a);
	fighter_init(&x[1], b);
	best_ranges(x);
	for (st = 0; st < SS_DUEL_NSTARTS; st++) {
		memset(count, 0, sizeof(count));
		for (r = 0; r < runs; r++) {
			res = run(x, v, ss_duel_starts[st], seed, st, r, &t);
			count[res]++;
			turns += t;
		}
		out->p_a += (double)count[1] / runs / SS_DUEL_NSTARTS;
		out->p_b += (double)count[0] / runs / SS_DUEL_NSTARTS;
		out->p_both += (double)count[2] / runs / SS_DUEL_NSTARTS;
		out->p_neither += (double)count[3] / runs / SS_DUEL_NSTARTS;
		/* Scores 1, 1/2, 0: the mean and its variance. */
		sum = count[1] + 0.5 * (count[2] + count[3]);
		sq = count[1] + 0.25 * (count[2] + count[3]);
		out->start_share[st] = sum / runs;
		var += (sq / runs - (sum / runs) * (sum / runs)) / runs;
	}
	out->runs = runs;
	out->seed = seed;
	out->share = out->p_a + (out->p_both + out->p_neither) / 2;
	out->se = sqrt(var) / SS_DUEL_NSTARTS;
	out->turns = (double)turns / (runs * SS_DUEL_NSTARTS);
	total = 0;
	for (f = 0; f < SS_NFACINGS; f++)
		total += x[0].shown[f];
	for (f = 0; f < SS_NFACINGS; f++) {
		out->shown_a[f] = total > 0 ? x[0].shown[f] / total : 0;
		out->shown_b[f] = total > 0 ? x[1].shown[f] / total : 0;
	}
	for (t = 0; t < 2; t++) {
		ssv_roll_release(&x[t].roll[0]);
		ssv_roll_release(&x[t].roll[1]);
	}
	free(v);
	free(x);
}
