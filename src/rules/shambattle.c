/*
 * rules/shambattle.c -- see shambattle.h.
 */
#include "shambattle.h"

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

double
sb_p_hit(int cover, int general)
{
	int need = sb_need(cover, general);

	if (need > SB_DIE)
		return 0;
	if (need < 1)
		need = 1;
	return (double)(SB_DIE - need + 1) / SB_DIE;
}

void
sb_losses(struct dist *d, int n, int cover, int general)
{
	struct dist one = DIST_INIT, acc = DIST_INIT, next = DIST_INIT;
	double p = sb_p_hit(cover, general);
	int i;

	/* One die: 1 SP with p, 0 with 1 - p; n dice add up. */
	dist_point(&one, 0, 1 - p);
	dist_point(&next, 1, p);
	dist_add(&one, &next);
	dist_point(&acc, 0, 1);
	for (i = 0; i < n; i++) {
		dist_conv(&next, &acc, &one);
		dist_free(&acc);
		acc = next;
		next = (struct dist)DIST_INIT;
	}
	dist_free(&one);
	dist_free(&next);
	dist_free(d);
	*d = acc;
}

int
sb_after_withdrawal(int lost)
{
	return lost - (lost + 1) / 2;
}

void
sb_close_combat(struct sb_close *c, int a, int b, int a_general,
    int b_general, int a_cover, int b_cover)
{
	int i, j;
	double p, pa, pb;

	memset(c, 0, sizeof(*c));
	c->lost_a = (struct dist)DIST_INIT;
	c->lost_b = (struct dist)DIST_INIT;
	/* A loses what B's dice take, B what A's take. */
	sb_losses(&c->lost_a, b, a_cover, b_general);
	sb_losses(&c->lost_b, a, b_cover, a_general);
	for (i = c->lost_a.lo; i <= c->lost_a.hi; i++)
		for (j = c->lost_b.lo; j <= c->lost_b.hi; j++) {
			p = dist_at(&c->lost_a, i) * dist_at(&c->lost_b, j);
			pa = (double)i;
			pb = (double)j;
			c->mean_a += p * pa;
			c->mean_b += p * pb;
			if (i > j) {
				c->p_a_loses += p;
				c->mean_a_if_loses += p * pa;
				c->mean_a_if_loses_withdrawn += p *
				    sb_after_withdrawal(i);
				pa = sb_after_withdrawal(i);
			} else if (j > i) {
				c->p_b_loses += p;
				c->mean_b_if_loses += p * pb;
				c->mean_b_if_loses_withdrawn += p *
				    sb_after_withdrawal(j);
				pb = sb_after_withdrawal(j);
			} else {
				c->p_draw += p;
			}
			c->mean_a_withdrawn += p * pa;
			c->mean_b_withdrawn += p * pb;
		}
	if (c->p_a_loses > 0) {
		c->mean_a_if_loses /= c->p_a_loses;
		c->mean_a_if_loses_withdrawn /= c->p_a_loses;
	}
	if (c->p_b_loses > 0) {
		c->mean_b_if_loses /= c->p_b_loses;
		c->mean_b_if_loses_withdrawn /= c->p_b_loses;
	}
}

void
sb_close_free(struct sb_close *c)
{
	dist_free(&c->lost_a);
	dist_free(&c->lost_b);
}
