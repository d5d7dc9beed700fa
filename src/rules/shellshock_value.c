/*
 * rules/shellshock_value.c -- see shellshock_value.h: the hit roll and
 * the exact score of a pairing.  The Bradley-Terry rating is
 * shellshock_value_rate.c's; the simulated duel and the geometry both
 * read (the starts, the field, arcs and facings) shellshock_duel.c's.
 */
#include "shellshock_value.h"
#include "shellshock_value_impl.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

/* ---- the hit roll: the exact distribution, sampled by quantile ---- */

void
ssv_roll_init(struct roll *r, int die, int spread)
{
	struct dist d = DIST_INIT;
	double acc;
	int k;

	ss_roll_dist(die, spread, &d, &r->flub, &r->lucky);
	r->lo = d.lo;
	r->n = d.hi - d.lo + 1;
	r->cum = xmalloc((size_t)r->n * sizeof(double));
	r->ge = xmalloc((size_t)(r->n + 1) * sizeof(double));
	acc = r->flub;
	for (k = 0; k < r->n; k++)
		r->cum[k] = acc += d.p[k];
	r->ge[r->n] = 0;
	for (k = r->n - 1; k >= 0; k--)
		r->ge[k] = r->ge[k + 1] + d.p[k];
	dist_free(&d);
}

void
ssv_roll_release(struct roll *r)
{
	free(r->cum);
	free(r->ge);
}

/* P(total on the dice >= need), the natural 20 included. */
double
ssv_roll_hits(const struct roll *r, int need)
{
	int k = need - r->lo;

	if (k <= 0)
		return r->ge[0] + r->lucky;
	return (k >= r->n ? 0 : r->ge[k]) + r->lucky;
}

/* The total for a uniform draw u: flubs lowest, the natural 20 highest,
 * so that a higher u is never a worse roll. */
int
ssv_roll_at(const struct roll *r, double u)
{
	int lo = 0, hi = r->n - 1, mid;

	if (u < r->flub)
		return ROLL_FLUB;
	if (u >= 1 - r->lucky)
		return ROLL_LUCKY;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (u < r->cum[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	return r->lo + lo;
}

/* ---- the value's score of a pairing: turns to stop the other ---- */

/*
 * Monotone by construction: every figure below is a maximum or minimum
 * over a set of choices that a better number only widens, of terms a
 * better number only improves.  See shellshock_value.h.
 */

/* The chance that internal damage `in` in one hit stops d: the chart's
 * boxes from a d6 (C and A stop it, F and A explode when the attacker's
 * d10 beats the defender's, s and p stop it when they take the last
 * weapons it fires). */
/* ss_chart_stop() of a hit that marks boxes boxes, 1..SS_CHART_DIE:
 * the chance depends on the damage only through them. */
static double
chart_stop_boxes(const struct ss_unit *d, int boxes)
{
	double ex = (double)(SS_EXPLOSION_DIE - 1) / (2 * SS_EXPLOSION_DIE);
	double sum = 0, live;
	unsigned fx, lost, all = ss_rows_of(d, 0);
	int roll, i, c;

	for (roll = 1; roll <= SS_CHART_DIE; roll++) {
		live = 1;
		lost = 0;
		fx = 0;
		for (i = 0; i < boxes; i++) {
			c = (roll - 1 + i) % SS_CHART_DIE + 1;
			fx |= ss_chart[c].fx;
			if (ss_chart[c].fx & SS_FX_EXPLODES)
				live *= 1 - ex;
		}
		if (fx & SS_FX_LOSE_S)
			lost |= ss_rows_of(d, 's');
		if (fx & SS_FX_LOSE_P)
			lost |= ss_rows_of(d, 'p');
		if ((fx & (SS_FX_CREW | SS_FX_NO_FIRE)) || (lost & all) == all)
			live = 0;
		sum += 1 - live;
	}
	return sum / SS_CHART_DIE;
}

double
ss_chart_stop(const struct ss_unit *d, int in)
{
	int boxes;

	if (in <= 0)
		return 0;
	if (in >= d->dead)
		return 1;
	if ((boxes = ss_boxes(d, in)) == 0)
		return 0;
	return chart_stop_boxes(d, boxes > SS_CHART_DIE ? SS_CHART_DIE :
	    boxes);
}

struct scorer {
	const struct ss_unit *u;
	const struct roll *roll[2];	/* plain and spread: kept_roll() */
	int own;			/* bit i: roll[i] is the scorer's */
	int speed;
	/* ss_chart_stop(u, in) for in 1..dead-1 as u defends, made once
	 * (a share asks it a few hundred times). */
	double *stop;
	/* stop[] whole, interned (stop_intern()): phases() memo's name for
	 * it; NULL when the table of them is full (then no memo). */
	const struct stoptab *st;
	const struct ss_weapon *on[SS_P];	/* ss_weapon_on(u, row) */
	/* Its weapon's ss_weapon_damage(), plain and spread, and whether
	 * it can spread, by row: phases() reads them of every row set. */
	int dmg[2][SS_P], can[SS_P];
	/* By the rows that fire, the facing of the other's they hit and
	 * the band: the most damage expected a turn (e) and the fewest
	 * turns the internal phase takes (in), over the ways the gunners
	 * share the weapons; got set once asked. */
	double e[1 << SS_P][SS_NFACINGS][NBANDS];
	double in[1 << SS_P][SS_NFACINGS][NBANDS];
	unsigned char got[1 << SS_P][SS_NFACINGS][NBANDS];
	/* The facings it can show (a bit each) with the weapons of rows R
	 * bearing, by R; 0 when no direction brings them all to bear. */
	unsigned char faces[1 << SS_P];
	/* As a target: the first facing whose dV (ss_target_dv()) is
	 * facing f's on every row, near and far: phases() reads the
	 * facing it hits only so, and keeps its figures under that one. */
	int dvface[SS_NFACINGS];
	/* The row sets R (not empty) with faces[R] set, ascending; the
	 * distinct faces[] they leave it, fs[0..nfs), and set i's, fs[fsi
	 * [i]]. */
	unsigned char set[1 << SS_P];
	int nsets;
	unsigned char fs[1 << SS_NFACINGS], fsi[1 << SS_P];
	int nfs;
	/* What it is kept by (scorer_get()): the unit's speed and
	 * ss_value_key(). */
	unsigned long long hash;
	int key[1 + SS_VALUE_KEY], nkey;
};

/* ss_chart_stop(d->u, in), kept in d. */
static double
chart_stop(struct scorer *d, int in)
{
	if (in <= 0)
		return 0;		/* as ss_chart_stop() says */
	if (in >= d->u->dead)
		return 1;
	return d->stop[in];
}

/* Each level of need one gunner's roll can make over weapons lo..hi-1:
 * the weapons needing no more hit, with the chance of making it and not
 * the next (the natural 20, which hits all, in the highest).  Sets the
 * expected damage *ge and the chance *gc that the group stops d. */
static void
group_gain(struct scorer *x, struct scorer *d, const int *need,
    const int *dmg, int lo, int hi, int sp, double *ge, double *gc)
{
	int i, k, nx, dsum;
	double p;

	*ge = *gc = 0;
	for (k = lo; k < hi; k++) {
		nx = INT_MAX;
		dsum = 0;
		for (i = lo; i < hi; i++) {
			if (need[i] == need[k] && i < k)
				break;
			if (need[i] <= need[k])
				dsum += dmg[i];
			else if (need[i] < nx)
				nx = need[i];
		}
		if (i < hi)
			continue;	/* level seen */
		p = ssv_roll_hits(x->roll[sp], need[k]);
		if (nx != INT_MAX)
			p -= ssv_roll_hits(x->roll[sp], nx);
		*ge += p * dsum;
		*gc += p * ((SS_COIN_SIDES - 1) * chart_stop(d, dsum) +
		    chart_stop(d, SS_HEADS_TIMES * dsum)) / SS_COIN_SIDES;
	}
}

/*
 * phases() kept by everything it reads, so that a reference unit firing
 * at many cards of the same defence (a run's cards differ mostly in
 * what they fire) works it out once.  Correct by construction: the key
 * is phases()'s inputs once gathered (the needs, damages and spreads of
 * the weapons firing, the gunners, the die whose roll it reads, the
 * target's dead) and the target's chart-stop figures themselves,
 * interned by value (stop_intern()), never a unit's name or which unit
 * it is.  A fixed table, a later key taking an earlier one's slot.
 */
struct stoptab {
	unsigned long long hash;
	int dead;
	double v[];		/* ss_chart_stop(d, in), in 1..dead-1 */
};
#define STOP_TABS_MAX 4096	/* distinct tables kept; past it, no memo */
static struct {
	const struct stoptab **slot;	/* open addressing, 2 * MAX */
	size_t n;
} stops;

#define PHASE_KEY (4 + 4 * SS_MAX_WEAPONS)
#define PHASE_MEMO 16384		/* a power of 2 */
static struct phase_memo {
	unsigned long long hash;	/* 0: empty */
	const struct stoptab *st;
	int key[PHASE_KEY];
	int nkey;
	double e, in;
} *phase_memo;

static void
stops_free(void)
{
	size_t i;

	for (i = 0; stops.slot && i < 2 * STOP_TABS_MAX; i++)
		free((void *)stops.slot[i]);
	free(stops.slot);
	free(phase_memo);
	stops.slot = NULL;
	phase_memo = NULL;
}

/* ss_value_plain()'s: the score made the plain way. */
static int plain;
static void kept_scorers_clear(void);

void
ss_value_plain(int on)
{
	plain = on;
}

void
ss_value_memo_clear(void)
{
	if (phase_memo)
		memset(phase_memo, 0, PHASE_MEMO * sizeof(*phase_memo));
	ssv_pair_memo_clear();
	ssv_fire_memo_clear();
	kept_scorers_clear();
}

/* The interned copy of stop[1..dead-1], or NULL when the table is full. */
static const struct stoptab *
stop_intern(const double *stop, int dead)
{
	size_t n = dead > 1 ? (size_t)dead - 1 : 0, i;
	unsigned long long h;
	struct stoptab *t;

	if (stops.slot == NULL) {
		stops.slot = xcalloc(2 * STOP_TABS_MAX, sizeof(*stops.slot));
		phase_memo = xcalloc(PHASE_MEMO, sizeof(*phase_memo));
		atexit(stops_free);
	}
	h = fnv1a(fnv1a(FNV_SEED, &dead, sizeof(dead)), stop + 1,
	    n * sizeof(double));
	for (i = h & (2 * STOP_TABS_MAX - 1); stops.slot[i];
	    i = (i + 1) & (2 * STOP_TABS_MAX - 1))
		if (stops.slot[i]->hash == h && stops.slot[i]->dead == dead &&
		    memcmp(stops.slot[i]->v, stop + 1, n * sizeof(double)) == 0)
			return stops.slot[i];
	if (stops.n == STOP_TABS_MAX)
		return NULL;
	t = xmalloc(sizeof(*t) + n * sizeof(double));
	t->hash = h;
	t->dead = dead;
	memcpy(t->v, stop + 1, n * sizeof(double));
	stops.slot[i] = t;
	stops.n++;
	return t;
}

/*
 * phases()'s inputs once gathered (n weapons firing: their needs, damages
 * plain and spread, whether they can spread) as the memo's key, in
 * *probe; *slot the memo's slot for it.  1 when the slot holds it.
 */
static int
phase_find(const struct scorer *x, const struct scorer *y, int n,
    const int *need, int dmg[2][SS_MAX_WEAPONS], const int *can,
    struct phase_memo *probe, struct phase_memo **slot)
{
	unsigned long long h = y->st->hash;
	struct phase_memo *pm;
	int nk = 0, i, *key = probe->key;

	key[nk++] = n;
	key[nk++] = x->u->gunners;
	key[nk++] = x->u->die;
	key[nk++] = y->u->dead;
	for (i = 0; i < n; i++) {
		key[nk++] = need[i];
		key[nk++] = dmg[0][i];
		key[nk++] = dmg[1][i];
		key[nk++] = can[i];
	}
	h = fnv1a_ints(h, key, (size_t)nk);
	h ^= h >> 29;
	h += h == 0;
	probe->hash = h;
	probe->st = y->st;
	probe->nkey = nk;
	*slot = pm = &phase_memo[h & (PHASE_MEMO - 1)];
	return pm->hash == h && pm->st == y->st && pm->nkey == nk &&
	    memcmp(pm->key, key, (size_t)nk * sizeof(int)) == 0;
}

/* The figures phases() made for probe's key, kept in its slot. */
static void
phase_keep(struct phase_memo *slot, struct phase_memo *probe, double e,
    double in)
{
	probe->e = e;
	probe->in = in;
	*slot = *probe;
}

/*
 * x firing the weapons of rows at d's facing f at band, over the ways
 * its gunners can share them (the weapons in row order cut into at most
 * as many runs as gunners, each run one roll, spread fire where every
 * weapon of it can): the most damage it expects a turn, *e (the coin's
 * double included), and the fewest turns the internal phase takes,
 * ss_value_inner(dead / E, c), c the chance a turn's hits stop d on the
 * chart once through the armor.  *e 0: nothing of rows can hurt d.
 */
static void
phases(struct scorer *x, unsigned rows, struct scorer *y, int f,
    int band, double *emax, double *imin)
{
	const struct ss_unit *u = x->u, *d = y->u;
	int need[SS_MAX_WEAPONS], dmg[2][SS_MAX_WEAPONS], can[SS_MAX_WEAPONS];
	int n = 0, i, cut, ng, g, lo, hi, sp, spmask, pb = band == 0;
	int rmod = band == 0 ? 0 : -(band - 1), row, ok;
	double e, c, it, ge, q, gc;
	/* Each run's gain, once: the ways of sharing meet the same runs
	 * again and again.  have[lo][hi][sp] set when mge and mgc hold
	 * it. */
	double mge[SS_MAX_WEAPONS][SS_MAX_WEAPONS + 1][2];
	double mgc[SS_MAX_WEAPONS][SS_MAX_WEAPONS + 1][2];
	unsigned char have[SS_MAX_WEAPONS][SS_MAX_WEAPONS + 1][2];
	struct phase_memo probe, *pm = NULL;

	*emax = 0;
	*imin = SS_VALUE_NEVER;
	for (row = 0; row < SS_P; row++) {
		if (x->on[row] == NULL || !(rows & (1u << row)))
			continue;
		need[n] = ss_target_dv(d, row, f, pb) - u->skill - rmod;
		dmg[0][n] = x->dmg[0][row];
		dmg[1][n] = x->dmg[1][row];
		can[n] = x->can[row];
		n++;
	}
	if (n == 0)
		return;
	if (y->st != NULL && !plain &&
	    phase_find(x, y, n, need, dmg, can, &probe, &pm)) {
		*emax = pm->e;
		*imin = pm->in;
		return;
	}
	memset(have, 0, sizeof(have));
	/* cut: bit i set, a new run starts after weapon i. */
	for (cut = 0; cut < 1 << (n - 1); cut++) {
		for (ng = 1, i = 0; i < n - 1; i++)
			ng += cut >> i & 1;
		if (ng > u->gunners)
			continue;
		for (spmask = 0; spmask < 1 << ng; spmask++) {
			e = 0;
			q = 1;
			ok = 1;
			for (g = 0, lo = 0; g < ng && ok; g++, lo = hi) {
				for (hi = lo + 1; hi < n && !(cut >> (hi - 1) & 1);
				    hi++)
					;
				sp = spmask >> g & 1;
				for (i = lo; sp && i < hi; i++)
					ok &= can[i];
				if (!ok)
					break;	/* a way not open to it */
				if (!have[lo][hi][sp]) {
					group_gain(x, y, need, dmg[sp], lo, hi,
					    sp, &mge[lo][hi][sp],
					    &mgc[lo][hi][sp]);
					have[lo][hi][sp] = 1;
				}
				ge = mge[lo][hi][sp];
				gc = mgc[lo][hi][sp];
				e += ge * (SS_HEADS_TIMES + SS_COIN_SIDES - 1) /
				    SS_COIN_SIDES;
				q *= 1 - gc;
			}
			if (!ok || e <= 0)
				continue;
			c = 1 - q;
			it = ss_value_inner(d->dead / e, c);
			if (e > *emax)
				*emax = e;
			if (it < *imin)
				*imin = it;
		}
	}
	if (pm != NULL)
		phase_keep(pm, &probe, *emax, *imin);
}

/*
 * The hit roll of a die, plain or spread, made once a run: every share
 * needs two and a card check makes a few hundred shares, of the few
 * dice an era has.  Kept to the end of the run (NULL past the table's
 * room: then made for the scorer alone).
 */
#define KEPT_ROLLS 16
static struct kept {
	int die, spread;
	struct roll r;
} kept[KEPT_ROLLS];
static int nkept;

static const struct roll *
kept_roll(int die, int spread)
{
	int i;

	for (i = 0; i < nkept; i++)
		if (kept[i].die == die && kept[i].spread == spread)
			return &kept[i].r;
	if (nkept == KEPT_ROLLS)
		return NULL;
	kept[nkept].die = die;
	kept[nkept].spread = spread;
	ssv_roll_init(&kept[nkept].r, die, spread);
	return &kept[nkept++].r;
}

/* The first facing d shows with facing f's dV on every row, near and
 * far (see struct scorer's dvface). */
static int
same_dv(const struct ss_unit *d, int f)
{
	int g, row, pb;

	for (g = 0; g < f; g++) {
		for (row = 0; row < SS_NROWS; row++)
			for (pb = 0; pb < 2; pb++)
				if (ss_target_dv(d, row, g, pb) !=
				    ss_target_dv(d, row, f, pb))
					goto differs;
		return g;
differs:	;
	}
	return f;
}

static void
scorer_init(struct scorer *x, const struct ss_unit *u)
{
	unsigned all, r, bear[SS_NDIRS];
	double by_boxes[SS_CHART_DIE + 1];
	struct roll *own;
	int dir, i, boxes, f;

	x->u = u;
	x->own = 0;
	for (i = 0; i < 2; i++)
		if ((x->roll[i] = kept_roll(u->die, i)) == NULL) {
			own = xmalloc(sizeof(*own));
			ssv_roll_init(own, u->die, i);
			x->roll[i] = own;
			x->own |= 1 << i;
		}
	x->stop = xmalloc((size_t)(u->dead > 1 ? u->dead : 1) *
	    sizeof(double));
	/* Whole, for the memo's key: a pure figure, asked now or later.
	 * ss_chart_stop() as it reads the damage: by the boxes marked. */
	for (i = 1; i <= SS_CHART_DIE; i++)
		by_boxes[i] = -1;
	x->stop[0] = 0;
	for (i = 1; i < u->dead; i++) {
		if ((boxes = ss_boxes(u, i)) > SS_CHART_DIE)
			boxes = SS_CHART_DIE;
		if (boxes > 0 && by_boxes[boxes] < 0)
			by_boxes[boxes] = chart_stop_boxes(u, boxes);
		x->stop[i] = plain ? ss_chart_stop(u, i) : boxes > 0 ?
		    by_boxes[boxes] : 0;
	}
	x->st = stop_intern(x->stop, u->dead);
	x->speed = ss_duel_speed(u);
	for (i = 0; i < SS_P; i++) {
		x->on[i] = ss_weapon_on(u, i);
		x->dmg[0][i] = x->on[i] ? ss_weapon_damage(x->on[i], 0) : 0;
		x->dmg[1][i] = x->on[i] ? ss_weapon_damage(x->on[i], 1) : 0;
		x->can[i] = x->on[i] ? x->on[i]->spread : 0;
	}
	for (f = 0; f < SS_NFACINGS; f++)
		x->dvface[f] = same_dv(u, f);
	all = ss_rows_of(u, 0);
	for (dir = 0; dir < SS_NDIRS; dir++)
		bear[dir] = ss_rows_bearing(u, dir, all);
	x->nsets = 0;
	for (r = 0; r < 1u << SS_P; r++) {
		x->faces[r] = 0;
		for (dir = 0; (r & all) == r && dir < SS_NDIRS; dir++)
			if ((bear[dir] & r) == r)
				x->faces[r] |= 1u << ss_facing_toward(dir);
		if (r > 0 && x->faces[r])
			x->set[x->nsets++] = (unsigned char)r;
	}
	x->nfs = 0;
	for (i = 0; i < x->nsets; i++) {
		for (f = 0; f < x->nfs && x->fs[f] != x->faces[x->set[i]]; f++)
			;
		if (f == x->nfs)
			x->fs[x->nfs++] = x->faces[x->set[i]];
		x->fsi[i] = (unsigned char)f;
	}
}

static void
scorer_release(struct scorer *x)
{
	int i;

	for (i = 0; i < 2; i++)
		if (x->own & 1 << i) {
			ssv_roll_release((struct roll *)x->roll[i]);
			free((struct roll *)x->roll[i]);
		}
	free(x->stop);
}

/*
 * Scorers kept by the unit's speed and its numbers (ss_value_key():
 * all a scorer is made of): a rating scores one card against each
 * reference in turn, and check rates many cards against the same ones.
 * A fixed table, a later unit taking an earlier one's slot, but never
 * other's (the other side of the pairing being scored): then, and in
 * the plain way, one made for the pairing alone (*own set).  Its e, in
 * and got are the pairing's: cleared here.
 */
#define KEPT_SCORERS 64		/* a power of 2 */
static struct scorer *kept_scorer[KEPT_SCORERS];

static void
kept_scorers_clear(void)
{
	int i;

	for (i = 0; i < KEPT_SCORERS; i++)
		if (kept_scorer[i]) {
			scorer_release(kept_scorer[i]);
			free(kept_scorer[i]);
			kept_scorer[i] = NULL;
		}
}

static struct scorer *
scorer_get(const struct ss_unit *u, const struct scorer *other, int *own)
{
	static int registered;
	struct scorer **slot, *x = NULL;
	int key[1 + SS_VALUE_KEY], n;
	unsigned long long h;

	if (!registered++)
		atexit(kept_scorers_clear);
	key[0] = ss_duel_speed(u);
	n = 1 + ss_value_key(u, key + 1);
	h = fnv1a_ints(FNV_SEED, key, (size_t)n);
	h ^= h >> 29;
	slot = &kept_scorer[h & (KEPT_SCORERS - 1)];
	*own = plain || (other && *slot == other);
	if (!plain && *slot && (*slot)->hash == h && (*slot)->nkey == n &&
	    memcmp((*slot)->key, key, (size_t)n * sizeof(int)) == 0) {
		x = *slot;
		x->u = u;	/* the same numbers */
		*own = 0;
	}
	if (x == NULL) {
		x = xmalloc(sizeof(*x));
		scorer_init(x, u);
		x->hash = h;
		x->nkey = n;
		memcpy(x->key, key, (size_t)n * sizeof(int));
	}
	if (!*own && *slot != x) {
		if (*slot) {
			scorer_release(*slot);
			free(*slot);
		}
		*slot = x;
	}
	memset(x->got, 0, sizeof(x->got));
	return x;
}

/* The internal phase's turns, n = dead / E the turns E a turn takes to
 * reach dead, c the chance a turn's hits stop it on the chart first:
 *	(1 - (1 - c)^n) / c		n of a turn or more
 *	n^SS_VALUE_QUICK		under a turn
 * Under a turn the first form would grow with c, and a better chart
 * must not lengthen the fight; it falls as c grows for n of 1 or more
 * and is 1 at n = 1, where the second form meets it. */
double
ss_value_inner(double n, double c)
{
	if (n < 1)
		return pow(n, SS_VALUE_QUICK);
	return c > 1e-12 ? (1 - pow(1 - c, n)) / c : n;
}

/* The armor phase's turns, by the turns each facing shown would take
 * alone (ft[f], 0 for a facing not shown): the other turns each turn
 * to show the facing with the most armor left, so every facing is worn
 * down but for what one turn's fire would carry through it; the facing
 * that lasts longest is worn whole.  With SS_VALUE_TURN_LOSS L:
 *	sum over f of max(0, ft[f] - L)  +  min(max ft, L).
 * Each term grows with every ft, so more armor or one more facing
 * shown never lowers it. */
double
ss_value_strip(const double *ft)
{
	double sum = 0, top = 0;
	int f;

	for (f = 0; f < SS_NFACINGS; f++) {
		if (ft[f] > SS_VALUE_TURN_LOSS)
			sum += ft[f] - SS_VALUE_TURN_LOSS;
		if (ft[f] > top)
			top = ft[f];
	}
	return sum + (top < SS_VALUE_TURN_LOSS ? top : SS_VALUE_TURN_LOSS);
}

/*
 * x's turns to stop y, x firing rows and y showing any facing of the set
 * fy: the armor phase (ss_value_strip()) and then the internal phase
 * through the facing of fy that makes it longest.
 */
static double
tts(struct scorer *x, struct scorer *y, unsigned rows, unsigned fy,
    int band)
{
	double ft[SS_NFACINGS] = { 0 }, inner = 0;
	int f, g;

	for (f = 0; f < SS_NFACINGS; f++) {
		if (!(fy & (1u << f)))
			continue;
		g = plain ? f : y->dvface[f];
		if (!x->got[rows][g][band]) {
			phases(x, rows, y, g, band, &x->e[rows][g][band],
			    &x->in[rows][g][band]);
			x->got[rows][g][band] = 1;
		}
		if (x->e[rows][g][band] <= 0)
			return SS_VALUE_NEVER;
		ft[f] = y->u->armor[f] / x->e[rows][g][band];
		if (x->in[rows][g][band] > inner)
			inner = x->in[rows][g][band];
	}
	return ss_value_strip(ft) + inner;
}

/*
 * A's chance at band: each side chooses the weapons it keeps bearing
 * (the rows of some set a direction brings to bear), which leaves it the
 * facings it can show while they bear (it stands and turns at will), A
 * choosing first, B answering; the side that stops the other in fewer
 * turns is favoured,
 *	1 / (1 + (tA / tB)^k)
 * k SS_VALUE_SHARPNESS.  The plain way, every choice against every
 * answer (ss_value_plain()); at_both() below is the way it is made.
 */
static double
duel_chance(double ta, double tb)
{
	return ta >= SS_VALUE_NEVER && tb >= SS_VALUE_NEVER ? 0.5 :
	    1 / (1 + pow(ta / tb, SS_VALUE_SHARPNESS));
}

static double
at_band(struct scorer *a, struct scorer *b, int band)
{
	double top = 0, low, p;
	unsigned ra, rb;

	for (ra = 1; ra < 1u << SS_P; ra++) {
		if (a->faces[ra] == 0)
			continue;
		low = 1;
		for (rb = 1; rb < 1u << SS_P; rb++) {
			if (b->faces[rb] == 0)
				continue;
			p = duel_chance(tts(a, b, ra, b->faces[rb], band),
			    tts(b, a, rb, a->faces[ra], band));
			if (p < low)
				low = p;
		}
		if (low > top)
			top = low;
	}
	return top;
}

/*
 * The least chance of each choice of A's row set over B's answers, in
 * low[]: tx[i][j] A's turns with A's choice i against B's answer j, ty[j]
 * [i] B's.  duel_chance() falls as tA / tB grows (pow() is monotone), so
 * the least is the chance at the greatest ratio, one pow() a choice
 * rather than one an answer; but where both never stop the other (0.5).
 */
#define MAXSETS (1 << SS_P)
static double
least_chance(int i, int nj, double tx[][MAXSETS], double ty[][MAXSETS])
{
	double r, top = -1, low = 1;
	int j;

	for (j = 0; j < nj; j++) {
		if (tx[i][j] >= SS_VALUE_NEVER && ty[j][i] >= SS_VALUE_NEVER)
			low = 0.5;
		else if ((r = tx[i][j] / ty[j][i]) > top)
			top = r;
	}
	if (top >= 0 && (r = 1 / (1 + pow(top, SS_VALUE_SHARPNESS))) < low)
		low = r;
	return low;
}

/* tts(x, y, x's set i, y's facings k, band), kept in fx (see struct
 * ssv_fire). */
static double
fire_turns(struct scorer *x, struct scorer *y, struct ssv_fire *fx, int i,
    int k, int band)
{
	double *t = &fx->t[(i * fx->nf + k) * NBANDS + band];

	if (*t < 0)
		*t = tts(x, y, x->set[i], y->fs[k], band);
	return *t;
}

/* at_band(a, b, band) into *pab and at_band(b, a, band) into *pba, from
 * one table of the turns both ways (fab: a's at b, fba: b's at a): the
 * same figures, each tts() once. */
static void
at_both(struct scorer *a, struct scorer *b, struct ssv_fire *fab,
    struct ssv_fire *fba, int band, double *pab, double *pba)
{
	double ta[MAXSETS][MAXSETS], tb[MAXSETS][MAXSETS], low;
	int i, j;

	for (i = 0; i < a->nsets; i++)
		for (j = 0; j < b->nsets; j++) {
			ta[i][j] = fire_turns(a, b, fab, i, b->fsi[j], band);
			tb[j][i] = fire_turns(b, a, fba, j, a->fsi[i], band);
		}
	*pab = *pba = 0;
	for (i = 0; i < a->nsets; i++)
		if ((low = least_chance(i, b->nsets, ta, tb)) > *pab)
			*pab = low;
	for (j = 0; j < b->nsets; j++)
		if ((low = least_chance(j, a->nsets, tb, ta)) > *pba)
			*pba = low;
}

double
ss_reach_share(const int *start, int nstarts, int nbands, int ra, int rb,
    double (*share)(void *ctx, int band), void *ctx)
{
	double sum = 0, hi, lo, s, memo[SS_REACH_MAX_BANDS];
	int st, band;

	assert(nbands <= SS_REACH_MAX_BANDS);
	for (band = 0; band < nbands; band++)
		memo[band] = -1;
	for (st = 0; st < nstarts; st++) {
		hi = 0;
		lo = 1;
		for (band = 0; band < nbands; band++) {
			if (abs(band - start[st]) > ra &&
			    abs(band - start[st]) > rb)
				continue;
			if (memo[band] < 0)
				memo[band] = share(ctx, band);
			s = memo[band];
			if (abs(band - start[st]) <= ra && s > hi)
				hi = s;
			if (abs(band - start[st]) <= rb && s < lo)
				lo = s;
		}
		sum += (hi + lo) / 2;
	}
	return sum / nstarts;
}

/* at_band() for ss_reach_share(): ctx is the pair, A first (way 0) or
 * B (way 1), each way's chances made or kept (at[] below 0: not yet),
 * and the slots keeping them across pairings (NULL: not kept). */
struct pairing {
	struct scorer *x[2];
	struct ssv_pair_memo *pm[2];
	struct ssv_fire *fire[2];	/* x[0]'s at x[1], x[1]'s at x[0] */
	double at[2][NBANDS];
	int way;
};

static double
pair_band(void *ctx, int band)
{
	struct pairing *p = ctx;
	int w = p->way;

	if (plain)
		return at_band(p->x[w], p->x[!w], band);
	if (p->at[w][band] < 0) {
		at_both(p->x[0], p->x[1], p->fire[0], p->fire[1], band,
		    &p->at[0][band], &p->at[1][band]);
		for (w = 0; w < 2; w++)
			if (p->pm[w])
				p->pm[w]->at[band] = p->at[w][band];
	}
	return p->at[p->way][band];
}

/*
 * From each starting range, the bands each side can reach in
 * SS_VALUE_REACH turns at its speed: A's best of its reach and B's
 * best (A's worst) of its own, weighed alike.  Each reach holds the
 * start, so a faster A, reaching more, never scores less.  The side
 * whose share it is: p->way.
 */
static double
score_one(struct pairing *p)
{
	int start[SS_DUEL_NSTARTS], st, ra, rb, w = p->way;

	ra = (p->x[w]->speed * SS_VALUE_REACH + SS_RANGE_STEP - 1) /
	    SS_RANGE_STEP;
	rb = (p->x[!w]->speed * SS_VALUE_REACH + SS_RANGE_STEP - 1) /
	    SS_RANGE_STEP;
	for (st = 0; st < SS_DUEL_NSTARTS; st++)
		start[st] = band_of(ss_duel_starts[st]);
	return ss_reach_share(start, SS_DUEL_NSTARTS, NBANDS, ra, rb,
	    pair_band, p);
}

double
ss_value_share(const struct ss_unit *a, const struct ss_unit *b)
{
	struct scorer *x[2];
	struct pairing p;
	double s;
	int w, band, own[2];

	x[0] = scorer_get(a, NULL, &own[0]);
	x[1] = scorer_get(b, x[0], &own[1]);
	p.x[0] = x[0];
	p.x[1] = x[1];
	p.pm[0] = plain ? NULL : ssv_pair_slot(a, b, NULL);
	p.pm[1] = plain ? NULL : ssv_pair_slot(b, a, p.pm[0]);
	for (w = 0; w < 2; w++) {
		for (band = 0; band < NBANDS; band++)
			p.at[w][band] = p.pm[w] ? p.pm[w]->at[band] : -1;
		/* The plain way (at_band()) keeps no turns. */
		if (plain)
			p.fire[w] = NULL;
		else if ((p.fire[w] = ssv_fire_slot(x[w]->u, x[!w]->u,
		    x[w]->nsets, x[!w]->nfs, w ? p.fire[0] : NULL)) == NULL)
			p.fire[w] = ssv_fire_new(x[w]->nsets, x[!w]->nfs);
	}
	/* Each way round, so that B's against A is one less A's. */
	p.way = 0;
	s = score_one(&p);
	p.way = 1;
	s = (s + 1 - score_one(&p)) / 2;
	for (w = 0; w < 2; w++)
		if (p.fire[w] && p.fire[w]->hash == 0)
			free(p.fire[w]);
	for (w = 0; w < 2; w++)
		if (own[w]) {
			scorer_release(x[w]);
			free(x[w]);
		}
	return s;
}
