/*
 * rules/shellshock_advodds.c -- see shellshock_advcombat.h.  The exact odds of
 * a shot under the advanced rules: each class of hits, its dice against
 * the target's thresholds and internal boxes, destroyed.
 */
#include "shellshock_advcombat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "shellshock_advcombat_impl.h"

/* ---- odds ---- */

/* The sum of n d6s: p[k] for k = 0..6n, exact while it fits; the
 * caller frees it. */
static struct ratio *
d6_dist(int n)
{
	struct ratio *p, *next, q = ratio_of(1, SS_DAMAGE_DIE);
	int i, v, f;

	p = ssa_ratios(SS_DAMAGE_DIE * n + 1);
	p[0] = ratio_of(1, 1);
	for (i = 0; i < n; i++) {
		next = ssa_ratios(SS_DAMAGE_DIE * n + 1);
		for (v = i; v <= SS_DAMAGE_DIE * i; v++)
			if (p[v].v != 0)
				for (f = 1; f <= SS_DAMAGE_DIE; f++)
					next[v + f] = ratio_add(next[v + f],
					    ratio_mul(p[v], q));
		free(p);
		p = next;
	}
	return p;
}

struct ratio
ssa_d6_sum(int n, int k)
{
	struct ratio *p, out;

	if (n < 0 || k < n || k > SS_DAMAGE_DIE * n)
		return zero();
	p = d6_dist(n);
	out = p[k];
	free(p);
	return out;
}

/*
 * The distribution of what m times the sum of n d6s (or fixed points,
 * n < 0 meaning -n points) leaves over prot, capped at cap: out[0..cap].
 */
static void
over_dist(struct ratio *out, int cap, int n, int m, int prot)
{
	struct ratio *p;
	int x, o;

	for (o = 0; o <= cap; o++)
		out[o] = zero();
	if (n <= 0) {
		o = m * -n - prot;
		out[o < 0 ? 0 : o > cap ? cap : o] = ratio_of(1, 1);
		return;
	}
	p = d6_dist(n);
	for (x = n; x <= SS_DAMAGE_DIE * n; x++) {
		o = m * x - prot;
		o = o < 0 ? 0 : o > cap ? cap : o;
		out[o] = ratio_add(out[o], p[x]);
	}
	free(p);
}

/* out = a + b, capped at cap (out distinct from both). */
static void
conv_cap(struct ratio *out, const struct ratio *a, const struct ratio *b,
    int cap)
{
	int i, j, k;

	for (k = 0; k <= cap; k++)
		out[k] = zero();
	for (i = 0; i <= cap; i++)
		if (a[i].v != 0)
			for (j = 0; j <= cap; j++)
				if (b[j].v != 0) {
					k = i + j > cap ? cap : i + j;
					out[k] = ratio_add(out[k],
					    ratio_mul(a[i], b[j]));
				}
}

/* The probability, exact, that a card's internal damage destroys it. */
static struct ratio
card_destroyed(const struct ss_unit *c, int internal)
{
	return ss_p_destroyed_exact(c, internal);
}

/* One class of the shot: the weapons hits hit, doubled by mult, with
 * probability p: its internal damage's outcomes added into o. */
static void
add_class(const struct ssa_shot *s, unsigned hits, int mult, struct ratio p,
    struct ssa_odds *o)
{
	const struct ssa_unit *d = s->def;
	int n[3], cap, k, i, card = d->card != NULL, most = 0;
	struct ratio *x[3], *t1, *t2;
	int prot[3];

	ssa_hit_dice(s, hits, n);
	prot[0] = d->armor[s->facing];
	prot[1] = d->shock;
	prot[2] = d->pen[s->angle];
	/* Sums past the dead box are one bucket; and none past the most
	 * the dice can do. */
	for (i = 0; i < (card ? 1 : 3); i++) {
		int top = mult * (n[i] < 0 ? -n[i] : SS_DAMAGE_DIE * n[i]);

		most += top > prot[i] ? top - prot[i] : 0;
	}
	cap = d->dead > 0 ? d->dead : 1;
	if (cap > most + 1)
		cap = most + 1;
	t1 = ssa_ratios(cap + 1);
	t2 = ssa_ratios(cap + 1);
	for (i = 0; i < 3; i++) {
		/* "Roll for 10 Damage" ... the mean of a d6 is 7/2. */
		struct ratio m = n[i] < 0 ? ratio_of(-n[i] * mult, 1) :
		    ratio_of((int64_t)7 * n[i] * mult, 2);

		o->mean[i] = ratio_add(o->mean[i], ratio_mul(p, m));
		x[i] = ssa_ratios(cap + 1);
	}
	/* A card has no shock threshold or penetration factor: its
	 * armor and internal bands take the damage alone (README). */
	for (i = 0; i < (card ? 1 : 3); i++)
		over_dist(x[i], cap, n[i], mult, prot[i]);
	if (card) {
		memcpy(t2, x[0], sizeof(*t2) * (size_t)(cap + 1));
	} else {
		conv_cap(t1, x[0], x[1], cap);
		conv_cap(t2, t1, x[2], cap);
	}
	for (k = 0; k <= cap; k++) {
		struct ratio q = ratio_mul(p, t2[k]);
		int out;

		if (t2[k].v == 0)
			continue;
		if (card) {
			if (d->card->nbands > 0 && k >= d->card->band[0][0])
				o->p_internal = ratio_add(o->p_internal, q);
			o->p_destroyed = ratio_add(o->p_destroyed,
			    ratio_mul(q, card_destroyed(d->card, k)));
			continue;
		}
		if (k >= d->dead) {
			o->p_dead = ratio_add(o->p_dead, q);
			continue;
		}
		out = k == 0 ? SSA_OUT_NONE : SSA_OUT_CORE;
		for (i = 0; i < d->nboxes; i++)
			if (k >= d->box[i].min)
				out = SSA_OUT_BOX0 + i;
		o->p_out[out] = ratio_add(o->p_out[out], q);
	}
	for (i = 0; i < 3; i++)
		free(x[i]);
	free(t1);
	free(t2);
}

/* The fired weapons' odds into o->w; returns the highest need. */
static int
weapon_odds(const struct ssa_shot *s, struct ssa_odds *o)
{
	const struct ssa_unit *a = s->att;
	int i, shift = s->skill + ssa_range_modifier(s->range), cap = 0;

	for (i = 0; i < a->nweapons; i++) {
		struct ssa_weapon_odds *wo;

		if (!(s->fire & (1u << i)))
			continue;
		wo = &o->w[o->nw++];
		wo->weapon = i;
		wo->dvt = a->weapon[i].dvt;
		wo->dv = ssa_target_dv(s, wo->dvt);
		wo->need = wo->dv - shift;
		wo->dam = a->weapon[i].fixed ? a->weapon[i].dam :
		    ssa_spread_dice(a->weapon[i].dam, s->spread);
		wo->sh = a->weapon[i].fixed ? 0 :
		    ssa_spread_dice(a->weapon[i].sh, s->spread);
		wo->pen = a->weapon[i].fixed ? 0 :
		    ssa_spread_dice(a->weapon[i].pen, s->spread);
		if (wo->need > cap)
			cap = wo->need;
	}
	return cap;
}

struct ratio
ssa_chart_explodes(const struct ssa_unit *u, int lines)
{
	/* "The attacking and defending player each roll 1d10 ... A tie
	 * always goes to the defender": 45 of the 100 pairs explode. */
	struct ratio one = ratio_of(1, 1), p = zero();
	struct ratio holds = ratio_sub(one, ratio_of((int64_t)SSA_EXPLOSION_DIE *
	    (SSA_EXPLOSION_DIE - 1) / 2, (int64_t)SSA_EXPLOSION_DIE *
	    SSA_EXPLOSION_DIE));
	int roll, out[SS_CHART_HI], n, i, k;

	for (roll = SS_CHART_LO; roll <= SS_CHART_HI; roll++) {
		struct ratio survive = one;
		char seen[SSA_MAX_EQUIP + 1] = { 0 };
		int nseen = 0;

		n = ssa_mark(u, NULL, roll, lines, out);
		for (i = 0; i < n; i++) {
			char l = ssa_line_letter(u, out[i]);

			if (l == 0 || strchr(seen, l) || nseen == SSA_MAX_EQUIP)
				continue;
			seen[nseen++] = l;
			for (k = 0; k < u->nequip; k++)
				if (u->equip[k].letter == l && u->equip[k].explodes &&
				    !u->equip[k].locomotion)
					survive = ratio_mul(survive, holds);
		}
		p = ratio_add(p, ratio_mul(ratio_sub(one, survive),
		    ratio_of(1, SS_PERCENTILE_DIE)));
	}
	return p;
}

/* A sheet destroyed: the dead box, or a box's (or core hit's) chart
 * lines reaching fuel or ammunition that explodes. */
static void
sheet_destroyed(const struct ssa_unit *d, struct ssa_odds *o)
{
	int i;

	o->p_destroyed = o->p_dead;
	if (o->p_out[SSA_OUT_CORE].v != 0)
		o->p_destroyed = ratio_add(o->p_destroyed, ratio_mul(
		    o->p_out[SSA_OUT_CORE], ssa_chart_explodes(d, SSA_CORE_LINES)));
	for (i = 0; i < d->nboxes; i++)
		if (o->p_out[SSA_OUT_BOX0 + i].v != 0)
			o->p_destroyed = ratio_add(o->p_destroyed, ratio_mul(
			    o->p_out[SSA_OUT_BOX0 + i], ssa_chart_explodes(d,
			    d->box[i].percent + SSA_FREE_LINES)));
}

void
ssa_odds(const struct ssa_shot *s, struct ssa_odds *o)
{
	struct ssa_roll r;
	struct ratio second, p;
	int i, j, d, cap;

	memset(o, 0, sizeof(*o));
	o->p_flub = o->p_nice = o->p_doubled = o->p_second = o->p_miss =
	    o->p_dead = o->p_internal = o->p_destroyed = zero();
	for (i = 0; i < 3; i++)
		o->mean[i] = zero();
	for (i = 0; i < (int)NELEM(o->p_out); i++)
		o->p_out[i] = zero();
	cap = weapon_odds(s, o);
	ssa_roll_make(&r, &ssa_advanced, s->att->die, s->spread, cap);
	o->p_flub = r.flub;
	o->p_nice = r.nice;
	for (i = 0; i < o->nw; i++)
		o->w[i].p_hit = ratio_add(r.nice, ssa_roll_ge(&r, o->w[i].need,
		    -1));
	/* One roll for every weapon: a sum hits the weapons whose need it
	 * reaches.  The hit sets are nested (by need), so the count of
	 * weapons hit names the set: each set, doubled or not, is one
	 * class. */
	for (d = 0; d < 2; d++) {
		struct ratio cls[SSA_MAX_WEAPONS + 1];
		unsigned set[SSA_MAX_WEAPONS + 1] = { 0 };

		for (i = 0; i <= o->nw; i++)
			cls[i] = zero();
		for (j = 0; j <= r.cap; j++) {
			unsigned hits = 0;
			int n = 0;

			if (r.p[d][j].v == 0)
				continue;
			for (i = 0; i < o->nw; i++)
				if (j >= o->w[i].need) {
					hits |= 1u << o->w[i].weapon;
					n++;
				}
			set[n] = hits;
			cls[n] = ratio_add(cls[n], r.p[d][j]);
		}
		o->p_miss = ratio_add(o->p_miss, cls[0]);
		for (i = 1; i <= o->nw; i++) {
			if (cls[i].v == 0)
				continue;
			if (d)
				o->p_doubled = ratio_add(o->p_doubled, cls[i]);
			add_class(s, set[i], d ? SSA_NICE_TIMES : 1, cls[i], o);
		}
	}
	o->p_miss = ratio_add(o->p_miss, r.flub);
	/* The natural 20: every weapon hits doubled, unless the second
	 * roll is a natural 20 too. */
	second = ratio_of(1, (int64_t)SS_HUMAN_DIE * s->att->die);
	o->p_second = ratio_mul(r.nice, second);
	p = ratio_sub(r.nice, o->p_second);
	if (r.nice.v != 0) {
		o->p_doubled = ratio_add(o->p_doubled, r.nice);
		add_class(s, s->fire, SSA_NICE_TIMES, p, o);
	}
	/* The means count the second 20's dice as rolled too: it hits. */
	if (o->p_second.v != 0)
		for (i = 0; i < 3; i++) {
			int n[3];

			ssa_hit_dice(s, s->fire, n);
			o->mean[i] = ratio_add(o->mean[i], ratio_mul(o->p_second,
			    n[i] < 0 ? ratio_of(-n[i] * SSA_NICE_TIMES, 1) :
			    ratio_of((int64_t)7 * n[i] * SSA_NICE_TIMES, 2)));
		}
	if (s->def->card == NULL)
		sheet_destroyed(s->def, o);
	o->p_destroyed = ratio_add(o->p_destroyed, o->p_second);
	ssa_roll_free(&r);
}
