/*
 * rules/shambattle.c -- see shambattle.h.
 */
#include "shambattle.h"

#include <stdlib.h>
#include <string.h>

/* 001_691c59313303f977.txt, "Units"; the NATO parts are muster's. */
const struct sb_type_row sb_types[SB_NTYPES] = {
	/* "Infantry regiments: 2 bases @ 3SPs each = 6 SPs; move 1 grid
	 * area; weapon range of 1 grid areas; 1 D6 combat die per base." */
	{ "infantry", "Infantry regiment", "infantry",
	    { 2, 3, 1, 1, 0, 2, 0 } },
	/* "Engineer battalions: 1 base @ 3 SPs = 3 SPs; move 1 grid area;
	 * weapon range of 1 grid areas; 1 D6 combat die." */
	{ "engineer", "Engineer battalion", "engineer",
	    { 1, 3, 1, 1, 0, 1, 0 } },
	/* "Machine gun companies: 1 base @ 2 SPs = 2 SPs; move 1 grid area;
	 * weapon range of 2 grid areas; 3 D6 combat dice when firing but
	 * only 1 D6 combat dice in close combat." */
	{ "machine-gun", "Machine gun company", "machine-gun",
	    { 1, 2, 1, 2, 3, 1, 0 } },
	/* "Cavalry regiments: 2 bases @ 2 SPs each = 4 SPs; move 2 grid
	 * areas; weapon range of 1 grid areas; 1 D6 combat die per base." */
	{ "cavalry", "Cavalry regiment", "cavalry",
	    { 2, 2, 2, 1, 0, 2, 0 } },
	/* "Artillery regiments: 1 base @ 2 SPs = 2 SPs; move 1 grid area;
	 * weapon range of 4 grid areas; 2 D6 combat dice when firing but
	 * only 1 D6 combat dice in close combat." */
	{ "artillery", "Artillery regiment", "artillery",
	    { 1, 2, 1, 4, 2, 1, 0 } },
	/* "Generals: 1 base @ 6 notional SPs; move 2 grid areas; no weapon
	 * range; add 1 to the D6 dice scores of any friendly units they are
	 * co-located with". */
	{ "general", "General", "hq",
	    { 1, 6, 2, 0, 0, 0, 1 } },
};

const char *const sb_type_name[SB_NTYPES + 1] = {
	"infantry", "engineer", "machine-gun", "cavalry", "artillery",
	"general", NULL
};

/* "Armies": "no more than two artillery and one machine gun unit". */
const struct sb_limit sb_limits[SB_NLIMITS] = {
	{ SB_ARTILLERY, SB_ARTILLERY_MAX, "artillery", "artillery" },
	{ SB_MACHINE_GUN, SB_MACHINE_GUN_MAX, "machine gun", "a machine gun" },
};

int
sb_fires_like(const struct sb_values *v, int t)
{
	const struct sb_values *tv = &sb_types[t].v;

	return tv->fire > 0 && v->fire >= tv->fire && v->range >= tv->range;
}

/* "Exhaustion point", its four consequences after the first ("When a
 * side has lost that number of SPs, it has reached its Exhaustion
 * Point"). */
const char *const sb_exhaustion_effects[] = {
	"it attacks no more, holding its ground and moving no nearer the "
	    "enemy",
	"if all its units are in its own country, it surrenders and the war "
	    "ends",
	"when both sides are exhausted, the war ends",
	NULL
};

/* "Timescale". */
const struct sb_turn sb_turns[SB_NTURNS] = {
	{ "Morning", "6.00am", "10.00am" },
	{ "Midday", "10.00am", "2.00pm" },
	{ "Afternoon", "2.00pm", "6.00pm" },
	{ "Evening", "6.00pm", "10.00pm" },
	{ "Night", "10.00pm", "6.00am" },
};

int
sb_sp(const struct sb_values *v)
{
	return v->bases * v->sp_per_base;
}

int
sb_need(int cover, int general)
{
	return (cover ? SB_HIT_COVER : SB_HIT_OPEN) - (general ? 1 : 0);
}

/* The chance a D6 scores need or more. */
static struct ratio
p_at_least(int need)
{
	if (need > SB_DIE)
		return ratio_of(0, 1);
	if (need < 1)
		need = 1;
	return ratio_of(SB_DIE - need + 1, SB_DIE);
}

struct ratio
sb_p_hit(int cover, int general)
{
	return p_at_least(sb_need(cover, general));
}

void
sb_binomial(struct ratio *p, int n, struct ratio hit)
{
	struct ratio miss = ratio_sub(ratio_of(1, 1), hit), c;
	int k, i;

	/* C(n, k) hit^k miss^(n - k), C(n, k) built up as C(n, k - 1)
	 * (n - k + 1) / k so that it stays exact while it fits. */
	c = ratio_of(1, 1);
	for (k = 0; k <= n; k++) {
		struct ratio t = c;

		if (k > 0) {
			c = ratio_mul(c, ratio_of(n - k + 1, k));
			t = c;
		}
		for (i = 0; i < k; i++)
			t = ratio_mul(t, hit);
		for (i = k; i < n; i++)
			t = ratio_mul(t, miss);
		p[k] = t;
	}
}

void
sb_losses(struct ratio *p, int n, int cover, int general)
{
	sb_binomial(p, n, sb_p_hit(cover, general));
}

struct ratio
sb_mean(const struct ratio *p, int n)
{
	struct ratio m = ratio_of(0, 1);
	int k;

	for (k = 1; k <= n; k++)
		m = ratio_add(m, ratio_mul(ratio_of(k, 1), p[k]));
	return m;
}

struct ratio
sb_p_recover(void)
{
	return p_at_least(SB_RECOVER_ON);
}

void
sb_night(struct ratio *p, int n)
{
	sb_binomial(p, n, sb_p_recover());
}

int
sb_after_withdrawal(int lost)
{
	/* Half kept, rounded up (SPEC 6). */
	return (lost + SB_WITHDRAW_PART - 1) / SB_WITHDRAW_PART;
}

/* acc += p x v. */
static void
add_times(struct ratio *acc, struct ratio p, int v)
{
	*acc = ratio_add(*acc, ratio_mul(p, ratio_of(v, 1)));
}

void
sb_close_combat(struct sb_close *c, int a, int b, int a_general,
    int b_general, int a_cover, int b_cover)
{
	struct ratio zero = ratio_of(0, 1), p;
	int i, j, wa, wb;

	c->a = a;
	c->b = b;
	c->lost_a = xcalloc((size_t)b + 1, sizeof(*c->lost_a));
	c->lost_b = xcalloc((size_t)a + 1, sizeof(*c->lost_b));
	c->p_a_loses = c->p_b_loses = c->p_draw = zero;
	c->mean_a = c->mean_b = zero;
	c->mean_a_withdrawn = c->mean_b_withdrawn = zero;
	c->mean_a_if_loses = c->mean_b_if_loses = zero;
	c->mean_a_if_loses_withdrawn = c->mean_b_if_loses_withdrawn = zero;
	/* A loses what B's dice take, B what A's take. */
	sb_losses(c->lost_a, b, a_cover, b_general);
	sb_losses(c->lost_b, a, b_cover, a_general);
	for (i = 0; i <= b; i++)
		for (j = 0; j <= a; j++) {
			p = ratio_mul(c->lost_a[i], c->lost_b[j]);
			add_times(&c->mean_a, p, i);
			add_times(&c->mean_b, p, j);
			wa = i;
			wb = j;
			if (i > j) {
				c->p_a_loses = ratio_add(c->p_a_loses, p);
				wa = sb_after_withdrawal(i);
				add_times(&c->mean_a_if_loses, p, i);
				add_times(&c->mean_a_if_loses_withdrawn, p, wa);
			} else if (j > i) {
				c->p_b_loses = ratio_add(c->p_b_loses, p);
				wb = sb_after_withdrawal(j);
				add_times(&c->mean_b_if_loses, p, j);
				add_times(&c->mean_b_if_loses_withdrawn, p, wb);
			} else {
				c->p_draw = ratio_add(c->p_draw, p);
			}
			add_times(&c->mean_a_withdrawn, p, wa);
			add_times(&c->mean_b_withdrawn, p, wb);
		}
	/* Each side's mean loss is its foe's dice times their chance, n p,
	 * exact however many dice (the sums above lose the fraction past
	 * 24 dice in all). */
	c->mean_a = ratio_mul(ratio_of(b, 1), sb_p_hit(a_cover, b_general));
	c->mean_b = ratio_mul(ratio_of(a, 1), sb_p_hit(b_cover, a_general));
	/* Given that side lost: over the chance it did. */
	if (c->p_a_loses.v > 0) {
		c->mean_a_if_loses = ratio_div(c->mean_a_if_loses, c->p_a_loses);
		c->mean_a_if_loses_withdrawn = ratio_div(
		    c->mean_a_if_loses_withdrawn, c->p_a_loses);
	}
	if (c->p_b_loses.v > 0) {
		c->mean_b_if_loses = ratio_div(c->mean_b_if_loses, c->p_b_loses);
		c->mean_b_if_loses_withdrawn = ratio_div(
		    c->mean_b_if_loses_withdrawn, c->p_b_loses);
	}
}

void
sb_close_free(struct sb_close *c)
{
	free(c->lost_a);
	free(c->lost_b);
	c->lost_a = c->lost_b = NULL;
}
