/*
 * value-proof.c -- the proof of SPEC 5.1, in full (`make value-proof`;
 * tests/test_shellshock_value.c runs a smaller one): generated legal
 * cards valued against the shipped examples, random pairs of them judged
 * by the full-rules duel from every starting range, and the figures the
 * SPEC asks of the value; the shipped examples' own round robin against
 * their values; single-stat improvements against the value.
 *
 *	build/value-proof [SEED [UNITS [PAIRS [RUNS [PAIR_RUNS [IMPROVE]]]]]]
 *
 * RUNS is the duels a start of the examples' round robin; the values
 * play none (they are the score's, exact).  IMPROVE (default 2,000) the
 * single-stat improvements, each valued before and after.
 *
 * EXTRA=N adds N generated units to the reference set (to see what a
 * larger set buys); PAIRS_OUT=1 prints each pair's values, prediction,
 * duel's share and score on standard error.  FLOOR=N plays the round
 * robin of the first N generated units (FLOOR_RUNS duels a start,
 * default 400) and fits a Bradley-Terry rating to those duels
 * themselves: how near any one number per unit comes to them, beside
 * the values'; FLOOR_DUMP=FILE writes each of its pairs there (i j,
 * the duels' share, the rating's, the values', the score's).  The
 * floor is also fitted in share space, by least squares and by least
 * |error| (the figure's own measure); FLOOR=UNITS (every generated
 * unit) judges each floor on the proof's pairs too.
 * FLOOR_PANEL=K (with FLOOR=UNITS) rates every generated unit by
 * its own shares against K of them drawn at random (five draws), the K
 * rated by the floor's fit: what a value fitted against K references
 * reaches when its shares are the duels themselves, and when they are
 * the score's.
 * PAIRS_CACHE=FILE keeps the judged pairs' duel shares: written when
 * FILE does not exist, read instead of the duels when it does, so that
 * a change to the score alone is judged again in seconds (the duel and
 * the seed must be the same).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "system.h"
#include "systems/shellshock_game.h"
#include "../tests/ss_gen.h"

static const char *const examples[] = {
	"bison", "hailstorm", "harrier", "jager", "kite", "mason", NULL
};

static int total_units;	/* generated units valued */

struct figures {
	int pairs, right, fav, fav_right;
	double abs_err, sq_err, lsq_err;
};

/* Log-odds, the chance kept within 0.01..0.99 (as SS_VALUE_METHOD_ERROR
 * is measured). */
static double
logodds(double p)
{
	p = p < 0.01 ? 0.01 : p > 0.99 ? 0.99 : p;
	return log(p / (1 - p));
}

/* The judged pairs, for floor_fit(): i, j and the duels' share. */
static struct judged {
	int i, j;
	double share;
} *judged;
static int njudged;

static void
judge_pairs(const struct ss_unit *u, const double *value, int n, int npairs,
    long runs, unsigned long long *s, struct figures *fg)
{
	struct ss_duel d;
	double p;
	int k, i, j;
	FILE *cache_in = NULL, *cache_out = NULL;

	memset(fg, 0, sizeof(*fg));
	if (getenv("PAIRS_CACHE")) {
		if ((cache_in = fopen(getenv("PAIRS_CACHE"), "r")) == NULL)
			cache_out = fopen(getenv("PAIRS_CACHE"), "w");
	}
	for (k = 0; k < npairs; k++) {
		i = gen_int(s, 0, n - 1);
		do
			j = gen_int(s, 0, n - 1);
		while (j == i);
		if (cache_in) {
			if (fscanf(cache_in, "%lf", &d.share) != 1)
				break;
		} else {
			ss_duel(&u[i], &u[j], runs, 7 + (unsigned long long)k,
			    &d);
		}
		if (cache_out)
			fprintf(cache_out, "%.17g\n", d.share);
		judged = realloc(judged, (size_t)(njudged + 1) * sizeof(*judged));
		judged[njudged].i = i;
		judged[njudged].j = j;
		judged[njudged++].share = d.share;
		p = value[i] / (value[i] + value[j]);
		if (getenv("PAIRS_OUT"))
			fprintf(stderr, "pair %g %g %g %g %g\n", value[i],
			    value[j], p, d.share, ss_value_share(&u[i], &u[j]));
		fg->pairs++;
		if ((p > 0.5) == (d.share > 0.5))
			fg->right++;
		fg->abs_err += fabs(p - d.share);
		fg->sq_err += (p - d.share) * (p - d.share);
		fg->lsq_err += pow(logodds(p) - logodds(d.share), 2);
		if (p >= 0.65 || p <= 0.35) {
			fg->fav++;
			if ((p > 0.5) == (d.share > 0.5))
				fg->fav_right++;
		}
	}
	if (cache_in)
		fclose(cache_in);
	if (cache_out)
		fclose(cache_out);
}

/*
 * One log-rating x[] a unit fitted to the round robin w in share space
 * (Adam's steps from the maximum-likelihood one): the least squares
 * (l1 0) or the least |error| (l1 1, |d| smoothed as sqrt(d^2 + eps^2),
 * eps 0.002): the figure is a mean |error|, which the likelihood does
 * not minimise.
 */
static void
share_fit(const double *w, int n, int l1, double *x)
{
	double *g = calloc((size_t)n, sizeof(double));
	double *m1 = calloc((size_t)n, sizeof(double));
	double *m2 = calloc((size_t)n, sizeof(double));
	double p, d, lr = 0.02, eps = 0.002;
	int t, i, j;

	for (t = 1; t <= 4000; t++) {
		memset(g, 0, (size_t)n * sizeof(double));
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++) {
				p = 1 / (1 + exp(x[j] - x[i]));
				d = p - w[i * n + j];
				d = (l1 ? d / sqrt(d * d + eps * eps) : 2 * d) *
				    p * (1 - p);
				g[i] += d;
				g[j] -= d;
			}
		if (t == 2500 || t == 3500)
			lr /= t == 2500 ? 4 : 5;
		for (i = 0; i < n; i++) {
			m1[i] = 0.9 * m1[i] + 0.1 * g[i];
			m2[i] = 0.999 * m2[i] + 0.001 * g[i] * g[i];
			x[i] -= lr * (m1[i] / (1 - pow(0.9, t))) /
			    (sqrt(m2[i] / (1 - pow(0.999, t))) + 1e-12);
		}
	}
	free(g);
	free(m1);
	free(m2);
}

/* Mean |predicted - duel| of log-ratings x over the round robin w
 * and over the judged pairs, into *rr and *jp. */
static void
errors_of(const double *x, const double *w, int n, double *rr, double *jp)
{
	int i, j, m = 0, k;

	*rr = *jp = 0;
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++, m++)
			*rr += fabs(1 / (1 + exp(x[j] - x[i])) - w[i * n + j]);
	*rr /= m;
	for (k = 0; k < njudged && n == total_units; k++)
		*jp += fabs(1 / (1 + exp(x[judged[k].j] - x[judged[k].i])) -
		    judged[k].share);
	*jp /= njudged > 0 ? njudged : 1;
}

/* errors_of() x, as a line; the judged pairs' only when x rates every
 * generated unit. */
static void
floor_line(const char *how, const double *x, const double *w, int n,
    int all)
{
	double e, ej;

	errors_of(x, w, n, &e, &ej);
	printf("    %-26s %.4f from them on average", how, e);
	if (all)
		printf(", %.4f from the judged pairs' duels", ej);
	printf("\n");
}

/*
 * FLOOR_PANEL=K: each unit's maximum-likelihood rating (ss_bt_value())
 * from its shares against K references drawn from the generated units,
 * the references rated v (the floor's fit to the whole round robin, the
 * best they could be): how near a value fitted against K references
 * comes to the duels, its shares the duels' w or the score's sc.
 */
static void
panel(const double *w, const double *sc, const double *v, int n, int k)
{
	double *x = calloc((size_t)n, sizeof(double)), rr, jp;
	double rating[SS_VALUE_MAX_REFS], share[SS_VALUE_MAX_REFS];
	double sum[2][2] = { { 0, 0 }, { 0, 0 } };
	int *pick = calloc((size_t)n, sizeof(int)), i, r, t, m, way, tmp;
	unsigned long long s = 77;
	const int trials = 5;

	for (t = 0; t < trials; t++) {
		for (i = 0; i < n; i++)
			pick[i] = i;
		for (r = 0; r < k; r++) {
			i = gen_int(&s, r, n - 1);
			tmp = pick[r];
			pick[r] = pick[i];
			pick[i] = tmp;
		}
		for (way = 0; way < 2; way++) {
			const double *sh = way ? sc : w;

			for (i = 0; i < n; i++) {
				for (r = m = 0; r < k; r++)
					if (pick[r] != i) {
						rating[m] = v[pick[r]];
						share[m++] = sh[i * n + pick[r]];
					}
				x[i] = log(ss_bt_value(rating, share, m));
			}
			errors_of(x, w, n, &rr, &jp);
			sum[way][0] += rr / trials;
			sum[way][1] += jp / trials;
		}
	}
	printf("    %d references, the duels' shares  %.4f from them on "
	    "average, %.4f from the judged pairs' duels\n", k, sum[0][0],
	    sum[0][1]);
	printf("    %d references, the score's shares %.4f from them on "
	    "average, %.4f from the judged pairs' duels\n", k, sum[1][0],
	    sum[1][1]);
	free(x);
	free(pick);
}

/* panel() for each K of the comma-separated list ks, the score's
 * shares of every pairing made once. */
static void
panels(const struct ss_unit *u, const double *w, const double *v, int n,
    const char *ks)
{
	double *sc = calloc((size_t)n * (size_t)n, sizeof(double));
	char *end;
	long k;
	int i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			sc[i * n + j] = ss_value_share(&u[i], &u[j]);
			sc[j * n + i] = 1 - sc[i * n + j];
		}
	printf("  each generated unit rated by its shares against K of them "
	    "(five draws), the K rated as most likely above\n");
	for (;;) {
		k = strtol(ks, &end, 10);
		if (end == ks || k < 1 || k > SS_VALUE_MAX_REFS || k >= n) {
			fprintf(stderr, "FLOOR_PANEL: K,... each 1 to %d\n",
			    SS_VALUE_MAX_REFS);
			exit(2);
		}
		panel(w, sc, v, n, (int)k);
		if (*end != ',')
			break;
		ks = end + 1;
	}
	free(sc);
}

/* The round robin of u[0..n-1] by duels, a Bradley-Terry rating fitted
 * to the duels themselves (Hunter's MM), and the mean |predicted -
 * duel| of it and of the values over the same pairs; then the ratings
 * fitted to them in share space (share_fit()): how near any one number
 * per unit comes to the duels, by the figure's own measure.  FLOOR of
 * every generated unit also judges the floors on the proof's pairs. */
static void
floor_fit(const struct ss_unit *u, const double *value, int n, long runs)
{
	double *w = calloc((size_t)n * (size_t)n, sizeof(double));
	double *v = calloc((size_t)n, sizeof(double)), num, den;
	double *x = calloc((size_t)n, sizeof(double));
	struct ss_duel d;
	int i, j, it, all = n == total_units;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			ss_duel(&u[i], &u[j], runs, 11, &d);
			w[i * n + j] = d.share;
			w[j * n + i] = 1 - d.share;
		}
	for (i = 0; i < n; i++)
		v[i] = 1;
	for (it = 0; it < 3000; it++)
		for (i = 0; i < n; i++) {
			num = 0.05;
			den = 0.1 / (v[i] + 1);
			for (j = 0; j < n; j++)
				if (j != i) {
					num += w[i * n + j];
					den += 1 / (v[i] + v[j]);
				}
			v[i] = num / den;
		}
	if (getenv("FLOOR_DUMP")) {
		FILE *fp = fopen(getenv("FLOOR_DUMP"), "w");

		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++)
				fprintf(fp, "%d %d %g %g %g %g\n", i, j,
				    w[i * n + j], v[i] / (v[i] + v[j]),
				    value[i] / (value[i] + value[j]),
				    ss_value_share(&u[i], &u[j]));
		fclose(fp);
	}
	printf("  round robin of the first %d, %ld duels a start: how far "
	    "each rating's chances are from those duels\n", n, runs);
	for (i = 0; i < n; i++)
		x[i] = log(value[i]);
	floor_line("the values", x, w, n, all);
	for (i = 0; i < n; i++)
		x[i] = log(v[i]);
	floor_line("most likely (Hunter's MM)", x, w, n, all);
	share_fit(w, n, 0, x);
	floor_line("least squares in share", x, w, n, all);
	for (i = 0; i < n; i++)
		x[i] = log(v[i]);
	share_fit(w, n, 1, x);
	floor_line("least |error| in share", x, w, n, all);
	if (getenv("FLOOR_PANEL") && all)
		panels(u, w, v, n, getenv("FLOOR_PANEL"));
	free(x);
	free(w);
	free(v);
}

/* The examples' round robin ranks them by shares won; their values
 * should rank them the same. */
static void
examples_rank(const struct ss_refset *r)
{
	struct ss_rating *rt = malloc(sizeof(*rt));
	double won[SS_VALUE_MAX_REFS] = { 0 }, val[SS_VALUE_MAX_REFS];
	struct ss_duel d;
	int i, j, agree = 0, all = 0;

	for (i = 0; i < r->n; i++) {
		for (j = 0; j < r->n; j++)
			if (j != i) {
				ss_duel(r->u[i], r->u[j], r->runs, 99, &d);
				won[i] += d.share;
			}
		ss_rate(r->u[i], r, 0, rt);
		val[i] = rt->value;
		printf("  %-20s round robin %.2f of %d   value %.1f\n",
		    r->u[i]->name, won[i], r->n - 1, val[i]);
	}
	for (i = 0; i < r->n; i++)
		for (j = i + 1; j < r->n; j++, all++)
			agree += (won[i] > won[j]) == (val[i] > val[j]);
	printf("  pairs of examples ranked alike: %d of %d\n", agree, all);
	free(rt);
}

static void
improvements(const struct ss_refset *r, int n, long runs,
    unsigned long long *s)
{
	struct ss_rating *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	struct ss_unit u, v;
	char name[16];
	int k, done = 0, lower = 0, equal = 0, kind[9] = { 0 }, i;
	double worst = 0;

	(void)runs;
	for (k = 0; done < n; k++) {
		gen_unit(&u, s, name, k);
		v = u;
		if (!gen_improve(&v, k, s))
			continue;
		ss_rate(&u, r, 0, a);
		ss_rate(&v, r, 0, b);
		done++;
		if (b->value < a->value) {
			lower++;
			kind[k % 9]++;
			if (a->value / b->value - 1 > worst)
				worst = a->value / b->value - 1;
		} else if (b->value == a->value) {
			equal++;
		}
	}
	printf("improvements: %d, lowering the value %d (worst %.2f %%), "
	    "leaving it %d; lowering by kind:", done, lower, 100 * worst,
	    equal);
	for (i = 0; i < 9; i++)
		printf(" %d", kind[i]);
	printf("\n");
	free(a);
	free(b);
}

int
main(int argc, char **argv)
{
	unsigned long long seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
	int n = argc > 2 ? atoi(argv[2]) : 200;
	int npairs = argc > 3 ? atoi(argv[3]) : 200;
	long runs = argc > 4 ? atol(argv[4]) : SS_VALUE_RUNS;
	long pruns = argc > 5 ? atol(argv[5]) : 2000;
	int nimp = argc > 6 ? atoi(argv[6]) : 2000;
	struct ss_unit *u = calloc((size_t)n, sizeof(*u));
	double *value = calloc((size_t)n, sizeof(double));
	char (*names)[16] = calloc((size_t)n, 16);
	struct ss_rating *rt = malloc(sizeof(*rt));
	struct ss_refset r;
	struct figures fg;
	struct batch *b;
	unsigned long long s = seed;
	char path[256];
	int i;

	diag_init(0, stderr);
	b = batch_new();
	memset(&r, 0, sizeof(r));
	for (i = 0; examples[i]; i++) {
		snprintf(path, sizeof(path), "units/shellshock/%s.yaml",
		    examples[i]);
		if (ss_load_unit(b, path, &r.u[r.n++]) != 0)
			return 2;
	}
	{
		int extra = getenv("EXTRA") ? atoi(getenv("EXTRA")) : 0;
		static struct ss_unit gu[64];
		static char gn[64][16];
		unsigned long long gs = 424242;

		for (i = 0; i < extra; i++) {
			gen_unit(&gu[i], &gs, gn[i], 900 + i);
			r.u[r.n++] = &gu[i];
		}
	}
	ss_refset_fit(&r, runs, 1);
	printf("reference set fitted to the score, residual %.3f log-odds; "
	    "its round robin of duels at %ld a start\n", r.fit_rms, runs);
	examples_rank(&r);
	for (i = 0; i < n; i++) {
		gen_unit(&u[i], &s, names[i], i);
		ss_rate(&u[i], &r, 0, rt);
		value[i] = rt->value;
	}
	judge_pairs(u, value, n, npairs, pruns, &s, &fg);
	printf("seed %llu: %d units, %d pairs, %ld duels a start\n", seed, n,
	    fg.pairs, pruns);
	printf("  higher value wins more often: %.1f %% of pairs\n",
	    100.0 * fg.right / fg.pairs);
	printf("  |predicted - duel|: mean %.3f, rms %.3f; rms of log-odds "
	    "%.3f\n", fg.abs_err / fg.pairs, sqrt(fg.sq_err / fg.pairs),
	    sqrt(fg.lsq_err / fg.pairs));
	printf("  favourites at 65/35 or clearer: %d pairs, %.1f %% win "
	    "more often\n", fg.fav, fg.fav ? 100.0 * fg.fav_right / fg.fav :
	    0);
	total_units = n;
	if (getenv("FLOOR"))
		floor_fit(u, value, atoi(getenv("FLOOR")) < n ?
		    atoi(getenv("FLOOR")) : n, getenv("FLOOR_RUNS") ?
		    atol(getenv("FLOOR_RUNS")) : 400);
	if (nimp > 0)
		improvements(&r, nimp, runs, &s);
	batch_free(b);
	free(u);
	free(value);
	free(names);
	free(rt);
	free(judged);
	return 0;
}
