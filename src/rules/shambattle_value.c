/*
 * rules/shambattle_value.c -- see shambattle_value.h.
 */
#include "shambattle_value.h"

#include <math.h>
#include <string.h>

/* splitmix64: seeded, the same on every machine. */
static unsigned long long
next64(unsigned long long *s)
{
	unsigned long long z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int
d6(unsigned long long *s)
{
	return (int)(next64(s) % SB_DIE) + 1;
}

/* SP taken by n dice in the open. */
static int
hits(int n, unsigned long long *s)
{
	int k = 0;

	while (n-- > 0)
		k += d6(s) >= sb_need(0, 0);
	return k;
}

struct fighter {
	const struct sb_values *v;
	int sp, pos;
};

static int
bases_left(const struct fighter *f)
{
	return (f->sp + f->v->sp_per_base - 1) / f->v->sp_per_base;
}

/* Close dice: a unit rolling one a base rolls for the bases it has. */
static int
close_dice(const struct fighter *f)
{
	if (f->v->close == f->v->bases)
		return bases_left(f);
	return f->v->close;
}

static int
fires(const struct sb_values *v)
{
	return v->fire > v->close && v->range > 1;
}

/* f moves towards the distance it wants from e. */
static void
move(struct fighter *f, const struct fighter *e)
{
	int want = fires(f->v) ? f->v->range : 1;
	int dist = f->pos > e->pos ? f->pos - e->pos : e->pos - f->pos;
	int dir = f->pos < e->pos ? 1 : -1, step;

	step = dist - want;
	if (step > f->v->move)
		step = f->v->move;
	if (step < -f->v->move)
		step = -f->v->move;
	f->pos += dir * step;
}

static int
distance(const struct fighter *a, const struct fighter *b)
{
	return a->pos > b->pos ? a->pos - b->pos : b->pos - a->pos;
}

/* The close combat of a and b in contact; the loser withdraws. */
static void
close_combat(struct fighter *a, struct fighter *b, unsigned long long *s)
{
	int la = hits(close_dice(b), s), lb = hits(close_dice(a), s);
	struct fighter *loser = NULL, *other = NULL;

	if (la > lb) {
		la = sb_after_withdrawal(la);
		loser = a;
		other = b;
	} else if (lb > la) {
		lb = sb_after_withdrawal(lb);
		loser = b;
		other = a;
	}
	a->sp -= la;
	b->sp -= lb;
	if (loser)
		loser->pos += loser->pos < other->pos ? -1 : 1;
}

/* One engagement: the SP each lost. */
static void
engage(const struct sb_values *xv, const struct sb_values *tv,
    unsigned long long *s, int *lx, int *lt)
{
	struct fighter f[2] = { { xv, sb_sp(xv), 0 },
	    { tv, sb_sp(tv), SB_ENGAGE_START } };
	int turn, first, a, b, fa, fb;

	for (turn = 0; turn < SB_ENGAGE_TURNS && f[0].sp > 0 &&
	    f[1].sp > 0; turn++) {
		do {
			a = d6(s);
			b = d6(s);
		} while (a == b);
		first = a > b ? 0 : 1;
		move(&f[first], &f[1 - first]);
		move(&f[1 - first], &f[first]);
		/* Fire at once, then close combat between adjacent areas. */
		fa = f[0].v->fire && distance(&f[0], &f[1]) <= f[0].v->range ?
		    hits(f[0].v->fire, s) : 0;
		fb = f[1].v->fire && distance(&f[0], &f[1]) <= f[1].v->range ?
		    hits(f[1].v->fire, s) : 0;
		f[1].sp -= fa;
		f[0].sp -= fb;
		if (f[0].sp > 0 && f[1].sp > 0 && distance(&f[0], &f[1]) <= 1)
			close_combat(&f[0], &f[1], s);
	}
	*lx = sb_sp(xv) - (f[0].sp > 0 ? f[0].sp : 0);
	*lt = sb_sp(tv) - (f[1].sp > 0 ? f[1].sp : 0);
}

void
sb_engage(const struct sb_values *x, const struct sb_values *t, long runs,
    unsigned long long seed, double *taken, double *lost)
{
	unsigned long long s = seed;
	long r, sx = 0, st = 0;
	int lx, lt;

	for (r = 0; r < runs; r++) {
		engage(x, t, &s, &lx, &lt);
		sx += lx;
		st += lt;
	}
	*taken = (double)st / runs;
	*lost = (double)sx / runs;
}

double
sb_worth(const struct sb_values *x, long runs, unsigned long long seed)
{
	double taken, lost, lg = 0;
	int t, n = 0;

	for (t = 0; t < SB_NTYPES; t++) {
		if (sb_types[t].v.close == 0 && sb_types[t].v.fire == 0)
			continue;	/* the general fights no one */
		sb_engage(x, &sb_types[t].v, runs, seed + (unsigned)t, &taken,
		    &lost);
		/* Half an SP each way: no engagement is a clean sweep. */
		lg += log((taken + 0.5) / (lost + 0.5));
		n++;
	}
	return sqrt(sb_sp(x) * exp(lg / n));
}

double
sb_curve_sp(const struct sb_curve *c, double worth)
{
	return c->a * pow(worth, c->k);
}

double
sb_fair_sp(const struct sb_values *x, int type, long runs,
    unsigned long long seed)
{
	const struct sb_values *t = &sb_types[type].v;

	if (t->close == 0 && t->fire == 0)
		return 0;
	/* The same dice for both: common random numbers. */
	return sb_sp(t) * sb_worth(x, runs, seed) / sb_worth(t, runs, seed);
}

void
sb_curve_fit(struct sb_curve *c, long runs, unsigned long long seed)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, x, y, e;
	int t, n = 0;

	memset(c, 0, sizeof(*c));
	for (t = 0; t < SB_NTYPES; t++) {
		if (sb_types[t].v.close == 0 && sb_types[t].v.fire == 0)
			continue;
		c->worth[t] = sb_worth(&sb_types[t].v, runs, seed);
		x = log(c->worth[t]);
		y = log(sb_sp(&sb_types[t].v));
		sx += x;
		sy += y;
		sxx += x * x;
		sxy += x * y;
		n++;
	}
	c->k = (n * sxy - sx * sy) / (n * sxx - sx * sx);
	c->a = exp((sy - c->k * sx) / n);
	for (t = 0; t < SB_NTYPES; t++) {
		if (c->worth[t] <= 0)
			continue;
		c->fair[t] = sb_curve_sp(c, c->worth[t]);
		e = fabs(c->fair[t] - sb_sp(&sb_types[t].v));
		if (e > c->worst)
			c->worst = e;
	}
}
