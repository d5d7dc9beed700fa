/*
 * rules/shellshock_sheetvalue.c -- see shellshock_sheetvalue.h: a record
 * sheet's shots followed exactly, the turns to stop the other, the score
 * of a pairing and the Bradley-Terry rating.
 */
#include "shellshock_sheetvalue.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"
#include "shellshock_value.h"

/* One in each band of -1 per full 12 in: 0-11, 12-23, 24-35, 36-47. */
const int ssv_starts[SSV_NSTARTS] = { 6, 18, 30, 42 };

/* muster's bounds on the work: a hit roll's sums are followed one by
 * one up to ROLL_CAP (no defense value reaches it; a need past it is
 * read as ROLL_CAP), and a class's d6s of one kind up to MAX_DICE, the
 * most the odds follow ("40d6 or more" is the rules' large). */
#define ROLL_CAP 128
#define MAX_DICE SSA_ODDS_MAX_DICE
#define NDIES 3		/* d6, d8, d10 */
/* The mean of a damage die, (1 + 6) / 2. */
#define D6_MEAN ((SS_DAMAGE_DIE + 1) / 2.0)

int
ssv_complete(const struct ssv_sheet *s)
{
	int g;

	if (s->u.die < 1 || s->u.dead < 1)
		return 0;
	for (g = 0; g < s->ngunners; g++)
		if (s->g[g].fire)
			return 1;
	return 0;
}

/* ---- turning (the header) ---- */

const int ssv_close_half[SS_NANGLES] = { 2, 1, -1, -2, -1, 1 };

int
ssv_facings(const struct ssv_sheet *s, int v)
{
	int t;

	if (v > SSV_MAX_SPEED)
		v = SSV_MAX_SPEED;
	t = v > 0 ? s->turn[v] : 0;
	return (t > 0 ? v / t : 0) + s->free_facing;
}

int
ssv_step(const struct ssv_sheet *s, int a, int v, int close)
{
	int k = ssv_close_half[((a % SS_NANGLES) + SS_NANGLES) % SS_NANGLES];

	if (!close)
		k = -k;
	if (v <= 0)
		return 0;
	if (k > 0)
		return v * k / 2;
	return s->reverse > 0 ? v / s->reverse * -k / 2 : 0;
}

/* ---- tables computed once: the hit roll, sums of d6s ---- */

/* The hit roll in doubles: p[doubled][sum], nice the natural 20; no
 * sum below lo[doubled] or past hi[doubled] can be rolled. */
struct droll {
	double p[2][ROLL_CAP + 1];
	double nice;
	int lo[2], hi[2];
};

static const struct droll *
droll(int die, int spread)
{
	static struct droll *tab[NDIES][SSV_MAX_SPREAD + 1];
	int k = die <= 6 ? 0 : die <= 8 ? 1 : 2, d, v;
	struct ssa_roll r;
	struct droll *t;

	if (spread > SSV_MAX_SPREAD)
		spread = SSV_MAX_SPREAD;
	if ((t = tab[k][spread]) != NULL)
		return t;
	t = tab[k][spread] = xcalloc(1, sizeof(*t));
	ssa_roll_make(&r, &ssa_advanced, die, spread, ROLL_CAP);
	for (d = 0; d < 2; d++) {
		t->lo[d] = ROLL_CAP + 1;
		t->hi[d] = -1;
		for (v = 0; v <= ROLL_CAP; v++)
			if ((t->p[d][v] = r.p[d][v].v) != 0) {
				if (t->hi[d] < 0)
					t->lo[d] = v;
				t->hi[d] = v;
			}
	}
	t->nice = r.nice.v;
	ssa_roll_free(&r);
	return t;
}

/* P(the sum of n d6s = k) for k = 0..6n. */
static const double *
d6(int n)
{
	static double *tab[MAX_DICE + 1];
	double *p, *prev;
	int v, f;

	if (n > MAX_DICE)
		n = MAX_DICE;
	if (tab[n])
		return tab[n];
	p = xcalloc((size_t)SS_DAMAGE_DIE * (size_t)n + 1, sizeof(double));
	if (n == 0) {
		p[0] = 1;
	} else {
		prev = (double *)d6(n - 1);
		for (v = 0; v <= SS_DAMAGE_DIE * (n - 1); v++)
			if (prev[v] != 0)
				for (f = 1; f <= SS_DAMAGE_DIE; f++)
					p[v + f] += prev[v] / SS_DAMAGE_DIE;
	}
	return tab[n] = p;
}

/* ---- one attacker against one defender ---- */

struct memo {
	unsigned key;		/* 0: empty */
	double c, l;
};

struct side {
	const struct ssv_sheet *a;
	const struct ssa_unit *d;
	double explode[SS_CHART_HI + 1];	/* < 0: not yet */
	struct memo *memo;
	size_t nmemo, cap;
	/* The chance d still stands after n turns (1..SSV_HORIZON), the
	 * least over the ways of firing: [set][d's angle][band][n], set 0
	 * all a's weapons, 1 all but its Body's (side_score()).  off: the
	 * weapons left out of fires() now. */
	double sa[2][SS_NANGLES][SSV_NBANDS][SSV_HORIZON + 1];
	unsigned off;
};

static void
side_init(struct side *x, const struct ssv_sheet *a, const struct ssa_unit *d)
{
	int i;

	memset(x, 0, sizeof(*x));
	x->a = a;
	x->d = d;
	for (i = 0; i <= SS_CHART_HI; i++)
		x->explode[i] = -1;
}

static void
side_release(struct side *x)
{
	free(x->memo);
}

/* The chart lines an internal damage of k crosses off: none, a core
 * hit's line, an XX % box's XX and its free line; dead, the last box's
 * (its kill is c's: the lines only never fall as k rises). */
static int
lines_of(const struct ssa_unit *d, int k)
{
	int lines = 0, i;

	if (k <= 0)
		return 0;
	lines = SSA_CORE_LINES;
	for (i = 0; i < d->nboxes; i++)
		if (k >= d->box[i].min || k >= d->dead)
			lines = d->box[i].percent + SSA_FREE_LINES;
	return lines > SS_CHART_HI ? SS_CHART_HI : lines < 0 ? 0 : lines;
}

/* The chance that internal damage k destroys d. */
static double
stop_of(struct side *x, int k)
{
	int n;

	if (k <= 0)
		return 0;
	if (k >= x->d->dead)
		return 1;
	n = lines_of(x->d, k);
	if (x->explode[n] < 0)
		x->explode[n] = ssa_chart_explodes(x->d, n).v;
	return x->explode[n];
}

/* What m times the sum of n d6s leaves over prot, capped at cap. */
static void
over(double *out, int cap, int n, int m, int prot)
{
	const double *p;
	int k, o;

	if (n > MAX_DICE)
		n = MAX_DICE;
	p = d6(n);
	memset(out, 0, (size_t)(cap + 1) * sizeof(double));
	for (k = n; k <= SS_DAMAGE_DIE * n; k++) {
		o = m * k - prot;
		o = o < 0 ? 0 : o > cap ? cap : o;
		out[o] += p[k];
	}
}

/* a (+) b capped at cap, into out. */
static void
conv(double *out, const double *a, const double *b, int cap)
{
	int i, j;

	memset(out, 0, (size_t)(cap + 1) * sizeof(double));
	for (i = 0; i <= cap; i++)
		if (a[i] != 0)
			for (j = 0; j <= cap; j++)
				if (b[j] != 0)
					out[i + j > cap ? cap : i + j] += a[i] * b[j];
}

/* The dice a set of weapons rolls, spread applied: n[0] damage, n[1]
 * shock, n[2] penetration. */
static void
dice_of(const struct ssa_unit *a, unsigned set, int spread, int n[3])
{
	int i;

	n[0] = n[1] = n[2] = 0;
	for (i = 0; i < a->nweapons; i++) {
		const struct ssa_weapon *w = &a->weapon[i];

		if (!(set & (1u << i)))
			continue;
		n[0] += ssa_spread_dice(w->dam, spread);
		n[1] += ssa_spread_dice(w->sh, spread);
		n[2] += ssa_spread_dice(w->pen, spread);
	}
	for (i = 0; i < 3; i++)
		if (n[i] > MAX_DICE)
			n[i] = MAX_DICE;
}

/* A class of hits (the weapons of set, doubled by mult) on d at angle,
 * its armor whole (state 0) or gone (1): the chance it destroys d, and
 * the chart lines it crosses off. */
static void
class_eval(struct side *x, unsigned set, int spread, int mult, int angle,
    int state, double *c, double *l)
{
	const struct ssa_unit *d = x->d;
	int n[3], prot[3], cap, most = 0, i, k;
	double *v[3], *t1, *t2;

	dice_of(&x->a->u, set, spread, n);
	prot[0] = state ? 0 : d->armor[ssa_angle_facing(angle)];
	prot[1] = d->shock;
	prot[2] = d->pen[angle];
	for (i = 0; i < 3; i++) {
		int top = mult * SS_DAMAGE_DIE * n[i];

		most += top > prot[i] ? top - prot[i] : 0;
	}
	cap = most + 1 < d->dead ? most + 1 : d->dead;
	/* Out of reach of dead, every internal damage from the last box's
	 * up is that box's: one bucket. */
	if (most < d->dead && d->nboxes > 0 && d->box[d->nboxes - 1].min >= 1 &&
	    d->box[d->nboxes - 1].min < cap)
		cap = d->box[d->nboxes - 1].min;
	for (i = 0; i < 3; i++) {
		v[i] = xmalloc((size_t)(cap + 1) * sizeof(double));
		over(v[i], cap, n[i], mult, prot[i]);
	}
	t1 = xmalloc((size_t)(cap + 1) * sizeof(double));
	t2 = xmalloc((size_t)(cap + 1) * sizeof(double));
	conv(t1, v[0], v[1], cap);
	conv(t2, t1, v[2], cap);
	*c = *l = 0;
	for (k = 1; k <= cap; k++) {
		*c += t2[k] * stop_of(x, k);
		*l += t2[k] * lines_of(d, k);
	}
	for (i = 0; i < 3; i++)
		free(v[i]);
	free(t1);
	free(t2);
}

static struct memo *
memo_slot(struct side *x, unsigned key)
{
	size_t i = (key * 2654435761u) & (x->cap - 1);

	while (x->memo[i].key && x->memo[i].key != key)
		i = (i + 1) & (x->cap - 1);
	return &x->memo[i];
}

/* class_eval, kept by its key. */
static void
class_of(struct side *x, unsigned set, int spread, int mult, int angle,
    int state, double *c, double *l)
{
	unsigned key = 1u << 31 | (set & 0xffffu) | (unsigned)spread << 16 |
	    (unsigned)(mult - 1) << 20 | (unsigned)angle << 22 |
	    (unsigned)state << 25;
	struct memo *m;

	if (2 * (x->nmemo + 1) > x->cap) {
		struct memo *old = x->memo;
		size_t oc = x->cap, i;

		x->cap = oc ? 2 * oc : 1024;
		x->memo = xcalloc(x->cap, sizeof(*x->memo));
		for (i = 0; i < oc; i++)
			if (old[i].key)
				*memo_slot(x, old[i].key) = old[i];
		free(old);
	}
	m = memo_slot(x, key);
	if (!m->key) {
		class_eval(x, set, spread, mult, angle, state, &m->c, &m->l);
		m->key = key;
		x->nmemo++;
	}
	*c = m->c;
	*l = m->l;
}

/* The weapons gunner g fires at range, spreading spread d6, but those
 * of off. */
static unsigned
fires(const struct ssv_sheet *a, int g, int range, int spread, unsigned off)
{
	unsigned set = 0;
	int i;

	for (i = 0; i < a->u.nweapons; i++) {
		const struct ssa_weapon *w = &a->u.weapon[i];

		if (!(a->g[g].fire & (1u << i)) || (off & (1u << i)) ||
		    w->dvt < 0 ||
		    w->dvt == SS_DVT_P || w->fixed)
			continue;
		if (w->range > 0 && range > w->range * SSA_INCHES_PER_MILE)
			continue;
		if (spread && !w->spread)
			continue;
		set |= 1u << i;
	}
	return set;
}

struct cls {
	unsigned set;
	int mult;
	double p;
};

static int
shot(struct side *x, int g, int angle, int range, int spread,
    struct ssv_turn *out)
{
	const struct ssv_sheet *a = x->a;
	const struct droll *r = droll(a->u.die, spread);
	struct ssa_shot s;
	struct cls cl[2 * (SSA_MAX_WEAPONS + 1)];
	int need[SSA_MAX_WEAPONS], ncl = 0, i, d, v, k, n[3];
	unsigned set = fires(a, g, range, spread, x->off), hit;
	unsigned from[ROLL_CAP + 1];
	double second, c, l;

	memset(out, 0, sizeof(*out));
	if (set == 0)
		return 0;
	memset(&s, 0, sizeof(s));
	s.att = &a->u;
	s.def = x->d;
	s.range = range;
	s.point_blank = range <= SSA_POINT_BLANK_MAX;
	s.angle = angle;
	s.facing = ssa_angle_facing(angle);
	for (i = 0; i < a->u.nweapons; i++)
		if (set & (1u << i))
			need[i] = ssa_target_dv(&s, a->u.weapon[i].dvt) -
			    a->g[g].skill - ssa_range_modifier(range);
	/* "One Gunner, One Roll": each sum hits the weapons whose need it
	 * reaches; equal sets, doubled or not, are one class.  A weapon
	 * joins the sum that first reaches its need (from[]; the last sum
	 * takes those past it), so a sum's set grows from the one before;
	 * the sums below the least a roll makes only gather weapons. */
	memset(from, 0, sizeof(from));
	for (i = 0; i < a->u.nweapons; i++)
		if (set & (1u << i))
			from[need[i] < 0 ? 0 : need[i] > ROLL_CAP ? ROLL_CAP :
			    need[i]] |= 1u << i;
	for (d = 0; d < 2; d++) {
		for (hit = 0, v = 0, k = -1; v < r->lo[d] && v <= ROLL_CAP; v++)
			hit |= from[v];
		for (; v <= r->hi[d]; v++) {
			if (from[v]) {
				hit |= from[v];
				k = -1;
			}
			if (r->p[d][v] == 0 || hit == 0)
				continue;
			if (k < 0) {
				for (k = 0; k < ncl; k++)
					if (cl[k].set == hit &&
					    cl[k].mult == 1 + d)
						break;
				if (k == ncl)
					cl[ncl++] = (struct cls){ hit, 1 + d,
					    0 };
			}
			cl[k].p += r->p[d][v];
		}
	}
	/* "A natural roll of 20 ... doubles the Damage, Shock and
	 * Penetration rolled ... A second roll of 20 immediately destroys
	 * the Target": its dice counted as rolled, as the odds do. */
	second = r->nice / ((double)SS_HUMAN_DIE * a->u.die);
	if (r->nice > 0)
		cl[ncl++] = (struct cls){ set, SSA_NICE_TIMES, r->nice - second };
	dice_of(&a->u, set, spread, n);
	out->e = second * SSA_NICE_TIMES * D6_MEAN * n[0];
	for (k = 0; k < 2; k++) {
		out->c[k] = second;
		out->l[k] = second * lines_of(x->d, x->d->dead);
	}
	for (i = 0; i < ncl; i++) {
		dice_of(&a->u, cl[i].set, spread, n);
		out->e += cl[i].p * cl[i].mult * D6_MEAN * n[0];
		for (k = 0; k < 2; k++) {
			class_of(x, cl[i].set, spread, cl[i].mult, angle, k, &c,
			    &l);
			out->c[k] += cl[i].p * c;
			out->l[k] += cl[i].p * l;
		}
	}
	return 1;
}

int
ssv_shot(const struct ssv_sheet *a, int g, const struct ssa_unit *d,
    int angle, int range, int spread, struct ssv_turn *out)
{
	struct side x;
	int r;

	side_init(&x, a, d);
	r = shot(&x, g, angle, range, spread, out);
	side_release(&x);
	return r;
}

/* The hazard rate of a chance c a turn, -ln(1 - c): time runs on, so
 * that the turns a hazard lasts grow by exactly what is left of the
 * unit (a chance of 1 is taken as 1 - 1e-9). */
static double
rate(double c)
{
	return -log1p(-(c < 1 - 1e-9 ? c : 1 - 1e-9));
}

/* g(c, N): the turns a hazard of c a turn lasts, at most N. */
static double
last(double c, double n)
{
	double h = rate(c);

	if (n <= 0)
		return 0;
	if (h <= 1e-12)
		return n;
	return -expm1(-h * n) / h;
}

double
ssv_turns(double armor, const struct ssv_turn *t)
{
	double n0, n1, all = SS_CHART_HI, first, rest;

	/* The armor: how long it lasts, and whether the chart goes first. */
	n0 = t->e > 0 ? armor / t->e : SSV_NEVER;
	n1 = -1;
	if (t->l[0] > 0 && n0 * t->l[0] >= all) {
		n0 = all / t->l[0];
		n1 = 0;
	}
	if (n0 >= SSV_NEVER)
		return t->c[0] > 1e-12 ? 1 / rate(t->c[0]) : SSV_NEVER;
	if (n1 < 0) {
		if (t->l[1] <= 0 && t->c[1] <= 1e-12)
			return SSV_NEVER;
		n1 = t->l[1] > 0 ? (all - n0 * t->l[0]) / t->l[1] : SSV_NEVER;
	}
	first = last(t->c[0], n0);
	rest = n1 >= SSV_NEVER ? 1 / rate(t->c[1]) : last(t->c[1], n1);
	return first + exp(-rate(t->c[0]) * n0) * rest;
}

double
ssv_survival(double armor, const struct ssv_turn *t, double n)
{
	double n0, n1, all = SS_CHART_HI, h0 = rate(t->c[0]), h1;

	n0 = t->e > 0 ? armor / t->e : SSV_NEVER;
	n1 = -1;
	if (t->l[0] > 0 && n0 * t->l[0] >= all) {
		n0 = all / t->l[0];
		n1 = 0;
	}
	if (n < n0 || n0 >= SSV_NEVER)
		return exp(-h0 * n);
	if (n1 < 0)
		n1 = t->l[1] > 0 ? (all - n0 * t->l[0]) / t->l[1] : SSV_NEVER;
	if (n1 < SSV_NEVER && n >= n0 + n1)
		return 0;
	h1 = rate(t->c[1]);
	return exp(-h0 * n0 - h1 * (n - n0));
}

/* ---- a turn of every gunner ---- */

/* The ways one gunner can fire, those no other beats on every figure. */
struct ways {
	struct ssv_turn w[SSV_MAX_SPREAD + 1];
	int n;
};

static int
beats(const struct ssv_turn *a, const struct ssv_turn *b)
{
	return a->e >= b->e && a->c[0] >= b->c[0] && a->c[1] >= b->c[1] &&
	    a->l[0] >= b->l[0] && a->l[1] >= b->l[1];
}

static void
gunner_ways(struct side *x, int g, int angle, int range, struct ways *out)
{
	struct ssv_turn t;
	int s, k, j, top = 0, i;

	out->n = 0;
	/* Spreading past a weapon's last die leaves it nothing. */
	for (i = 0; i < x->a->u.nweapons; i++)
		if (x->a->u.weapon[i].spread && x->a->u.weapon[i].dam > top)
			top = x->a->u.weapon[i].dam;
	if (top > SSV_MAX_SPREAD + 1)
		top = SSV_MAX_SPREAD + 1;
	for (s = 0; s == 0 || s < top; s++) {
		if (!shot(x, g, angle, range, s, &t))
			continue;
		for (k = 0; k < out->n && !beats(&out->w[k], &t); k++)
			;
		if (k < out->n)
			continue;
		for (k = j = 0; k < out->n; k++)
			if (!beats(&t, &out->w[k]))
				out->w[j++] = out->w[k];
		out->w[j++] = t;
		out->n = j;
	}
}

/* A turn of several gunners: their damage and lines add up, their
 * chances of a kill combine. */
static struct ssv_turn
combine(const struct ssv_turn *a, const struct ssv_turn *b)
{
	struct ssv_turn t = *a;
	int s;

	t.e += b->e;
	for (s = 0; s < 2; s++) {
		t.c[s] = 1 - (1 - t.c[s]) * (1 - b->c[s]);
		t.l[s] += b->l[s];
	}
	return t;
}

/* Keeps of v[0..n-1] those no other beats on every figure; returns how
 * many. */
static int
frontier(struct ssv_turn *v, int n)
{
	int i, j, k = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++)
			if (j != i && beats(&v[j], &v[i]) && (!beats(&v[i],
			    &v[j]) || j < i))
				break;
		if (j == n)
			v[k++] = v[i];
	}
	return k;
}

/*
 * The least turns over every way the gunners can fire together, and
 * into surv[1..SSV_HORIZON] the least chance after each n turns that
 * the target still stands (ssv_survival() never rises with a figure of
 * the turn either).  The
 * turns never rise as any figure of a turn does (a turn's kill chance
 * and lines with the armor gone never below those with it whole), so a
 * combination another beats on every figure is dropped as the gunners
 * are added: exact, and the work stays small however many gunners.
 */
static double
least(struct ways *w, int ng, double armor, double *surv)
{
	struct ssv_turn *acc = xmalloc(sizeof(*acc)), *next;
	double best = SSV_NEVER, v;
	int nacc = 1, g, i, k, n;

	memset(acc, 0, sizeof(*acc));
	for (g = 0; g < ng; g++) {
		if (w[g].n == 0)
			continue;
		next = xmalloc((size_t)nacc * (size_t)w[g].n * sizeof(*next));
		for (i = n = 0; i < nacc; i++)
			for (k = 0; k < w[g].n; k++)
				next[n++] = combine(&acc[i], &w[g].w[k]);
		free(acc);
		acc = next;
		nacc = frontier(acc, n);
	}
	for (k = 1; k <= SSV_HORIZON; k++)
		surv[k] = 1;
	for (i = 0; i < nacc; i++) {
		if ((v = ssv_turns(armor, &acc[i])) < best)
			best = v;
		for (k = 1; k <= SSV_HORIZON; k++)
			if ((v = ssv_survival(armor, &acc[i], k)) < surv[k])
				surv[k] = v;
	}
	free(acc);
	return best;
}

/* The range a band is fired at: point blank, then its nearest. */
static int
band_range(int band)
{
	if (band == 0)
		return SSA_POINT_BLANK_MAX;
	return band == 1 ? SSA_POINT_BLANK_MAX + 1 : SSA_RANGE_STEP *
	    (band - 1);
}

static int
band_of(int range)
{
	return range <= SSA_POINT_BLANK_MAX ? 0 : 1 + range / SSA_RANGE_STEP;
}

/*
 * The chance d still stands after each n turns at each band and each
 * angle d shows, under all a's weapons (set 0) and under all but its
 * Body's (set 1: a showing another angle than its front, its fixed
 * weapons look away; the same as set 0 when a has none).
 */
static void
side_score(struct side *x)
{
	struct ways w[SSV_MAX_GUNNERS];
	double surv[SSV_HORIZON + 1];
	int angle, band, g, set;

	for (set = 0; set < 2; set++) {
		if (set == 1 && x->a->body == 0) {
			memcpy(x->sa[1], x->sa[0], sizeof(x->sa[0]));
			continue;
		}
		x->off = set ? x->a->body : 0;
		for (band = 0; band < SSV_NBANDS; band++)
			for (angle = 0; angle < SS_NANGLES; angle++) {
				for (g = 0; g < x->a->ngunners; g++)
					gunner_ways(x, g, angle,
					    band_range(band), &w[g]);
				least(w, x->a->ngunners,
				    x->d->armor[ssa_angle_facing(angle)], surv);
				surv[0] = 1;
				memcpy(x->sa[set][angle][band], surv,
				    sizeof(surv));
			}
	}
	x->off = 0;
}

/* ---- the score of a pairing ---- */

/* The race turn by turn (the header): sb the chance B still stands
 * after n turns of A's fire, sa A's of B's; F the chance a side has
 * stopped the other by turn n; A's chance is the sum of P(B stops A in
 * turn n) times F_A(n - 1) + (F_A(n) - F_A(n - 1)) / 2; then both
 * standing, half. */
static double
race(const double *sb, const double *sa)
{
	double fa0 = 0, fb0 = 0, fa, fb, p = 0;
	int n;

	for (n = 1; n <= SSV_HORIZON; n++) {
		fa = 1 - sb[n];
		fb = 1 - sa[n];
		p += (fb - fb0) * (fa0 + (fa - fa0) / 2);
		fa0 = fa;
		fb0 = fb;
	}
	return p + (1 - fb0) * (fa0 + (1 - fa0) / 2);
}

/* The angles a sheet can show: all six when it can turn a facing at its
 * speed, else its front alone. */
static int
angles(const struct ssv_sheet *s)
{
	return ssv_facings(s, s->speed) > 0 ? SS_NANGLES : 1;
}

/* A's chance at band: each side shows one angle all fight (its front
 * alone when it cannot turn), and one that shows another than its front
 * fires without its Body's weapons; A takes the angle whose worst race
 * over B's angles is best (its maximin: the turning the judges play,
 * and monotone, as every race is in every number and a better number
 * only widens a side's angles). */
static double
at_band(const struct side *a, const struct side *b, int band)
{
	double best = 0, worst, p;
	int aa, ab, na = angles(a->a), nb = angles(b->a);

	for (aa = 0; aa < na; aa++) {
		worst = 1;
		for (ab = 0; ab < nb; ab++) {
			p = race(a->sa[aa != 0][ab][band],
			    b->sa[ab != 0][aa][band]);
			if (p < worst)
				worst = p;
		}
		if (worst > best)
			best = worst;
	}
	return best;
}

/* at_band() for ss_reach_share(): ctx is the pair, A first. */
static double
pair_band(void *ctx, int band)
{
	const struct side **ab = ctx;

	return at_band(ab[0], ab[1], band);
}

/* From each starting range, A's best band within its reach and B's
 * (A's worst) within its own, weighed alike (ss_reach_share()). */
static double
score_one(const struct side *a, const struct side *b)
{
	const struct side *ab[2] = { a, b };
	int start[SSV_NSTARTS], st, ra, rb;

	ra = (a->a->speed * SSV_REACH + SSA_RANGE_STEP - 1) / SSA_RANGE_STEP;
	rb = (b->a->speed * SSV_REACH + SSA_RANGE_STEP - 1) / SSA_RANGE_STEP;
	for (st = 0; st < SSV_NSTARTS; st++)
		start[st] = band_of(ssv_starts[st]);
	return ss_reach_share(start, SSV_NSTARTS, SSV_NBANDS, ra, rb,
	    pair_band, ab);
}

double
ssv_share(const struct ssv_sheet *a, const struct ssv_sheet *b)
{
	struct side *x = xmalloc(2 * sizeof(*x));
	double s;

	side_init(&x[0], a, &b->u);
	side_init(&x[1], b, &a->u);
	side_score(&x[0]);
	side_score(&x[1]);
	s = (score_one(&x[0], &x[1]) + 1 - score_one(&x[1], &x[0])) / 2;
	side_release(&x[0]);
	side_release(&x[1]);
	free(x);
	return s;
}

/* ---- the rating: Bradley-Terry, as the card's ---- */

/* A prior of PRIOR games, half won, against a player of rating 1, so
 * that a sheet winning everything has a finite rating (the card's). */
#define PRIOR 0.1

static double
logit(double p)
{
	p = p < 0.01 ? 0.01 : p > 0.99 ? 0.99 : p;
	return log(p / (1 - p));
}

void
ssv_refset_fit(struct ssv_refset *r)
{
	double *w = xcalloc((size_t)r->n * (size_t)r->n, sizeof(double));
	double v[SSV_MAX_REFS], num, den, lg = 0, res = 0, p, scale;
	int i, j, it, m = 0;

	for (i = 0; i < r->n; i++)
		for (j = i + 1; j < r->n; j++) {
			p = ssv_share(r->u[i], r->u[j]);
			w[i * r->n + j] = p;
			w[j * r->n + i] = 1 - p;
		}
	/* Hunter's MM iteration. */
	for (i = 0; i < r->n; i++)
		v[i] = 1;
	for (it = 0; it < 2000; it++)
		for (i = 0; i < r->n; i++) {
			num = PRIOR / 2;
			den = PRIOR / (v[i] + 1);
			for (j = 0; j < r->n; j++)
				if (j != i) {
					num += w[i * r->n + j];
					den += 1 / (v[i] + v[j]);
				}
			v[i] = num / den;
		}
	r->anchor = -1;
	for (i = 0; i < r->n; i++) {
		lg += log(v[i]) / r->n;
		if (r->anchor < 0 && r->u[i]->u.name &&
		    strcmp(r->u[i]->u.name, SSV_ANCHOR_NAME) == 0)
			r->anchor = i;
	}
	scale = SSV_ANCHOR / (r->anchor >= 0 ? v[r->anchor] : exp(lg));
	for (i = 0; i < r->n; i++)
		r->rating[i] = v[i] * scale;
	for (i = 0; i < r->n; i++)
		for (j = i + 1; j < r->n; j++, m++)
			res += pow(logit(w[i * r->n + j]) -
			    logit(v[i] / (v[i] + v[j])), 2);
	r->fit_rms = m ? sqrt(res / m) : 0;
	r->prior = scale;
	free(w);
}

void
ssv_rate(const struct ssv_sheet *s, const struct ssv_refset *r,
    struct ssv_rating *out)
{
	double rel[SSV_MAX_REFS], v, worst = -1, p;
	int j;

	memset(out, 0, sizeof(*out));
	out->n = r->n;
	for (j = 0; j < r->n; j++) {
		out->model[j] = ssv_share(s, r->u[j]);
		rel[j] = r->rating[j] / r->prior;
	}
	v = ss_bt_value(rel, out->model, r->n);
	out->value = v * r->prior;
	for (j = 0; j < r->n; j++) {
		p = out->predicted[j] = v / (v + rel[j]);
		if (fabs(out->model[j] - p) > worst) {
			worst = fabs(out->model[j] - p);
			out->moves_most = j;
		}
	}
	/* The band: the fit's residual and the method's error, which no
	 * duel is played here to narrow. */
	out->se_fit = r->n > 0 ? r->fit_rms / sqrt(r->n) : 0;
	p = sqrt(out->se_fit * out->se_fit + SSV_METHOD_ERROR *
	    SSV_METHOD_ERROR);
	out->lo = out->value * exp(-p);
	out->hi = out->value * exp(p);
}
