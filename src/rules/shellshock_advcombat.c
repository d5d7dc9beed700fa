/*
 * rules/shellshock_advcombat.c -- see shellshock_advcombat.h.
 */
#include "shellshock_advcombat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "shellshock_advcombat_impl.h"

const struct ssa_rules ssa_advanced = {
	SSA_FLUB_LO, SSA_FLUB_HI, SSA_REROLL_DOUBLES, SSA_SPREAD_DIE
};
/* The basic card's roll (000_aa283e32b68e0840.txt, shellshock.h): a
 * natural 2 or 3 misses; no doubling but the coin's. */
const struct ssa_rules ssa_basic = {
	SS_FLUB_LO, SS_FLUB_HI, 0, SS_SPREAD_DIE
};

/* ---- units ---- */

/* The card's rows E M B I S P against the dV types B M E I SA P. */
static const int row_dvt[SS_NROWS] = {
	SS_DVT_E, SS_DVT_M, SS_DVT_B, SS_DVT_I, SS_DVT_SA, SS_DVT_P
};

int
ssa_row_dvt(int row)
{
	return row >= 0 && row < SS_NROWS ? row_dvt[row] : -1;
}

int
ssa_dvt_row(int dvt)
{
	int r;

	for (r = 0; r < SS_NROWS; r++)
		if (row_dvt[r] == dvt)
			return r;
	return -1;
}

void
ssa_from_card(struct ssa_unit *u, const struct ss_unit *c)
{
	int r, i;

	memset(u, 0, sizeof(*u));
	u->name = c->name;
	u->card = c;
	u->die = c->die;
	for (r = 0; r < SS_NROWS; r++) {
		u->dv[row_dvt[r]][0] = c->dv[r][0];
		u->dv[row_dvt[r]][1] = c->dv[r][r == SS_P ? 0 : 1];
	}
	memcpy(u->armor, c->armor, sizeof(u->armor));
	u->dead = c->dead;
	for (i = 0; i < c->nweapons && i < SSA_MAX_WEAPONS; i++) {
		struct ssa_weapon *w = &u->weapon[u->nweapons++];

		w->name = ss_row_name[c->weapon[i].row];
		w->dvt = row_dvt[c->weapon[i].row];
		w->dam = c->weapon[i].damage;
		w->fixed = 1;
		w->spread = c->weapon[i].spread;
	}
}

/* Case-insensitive: whether s holds word. */
static int
has_word(const char *s, const char *word)
{
	size_t n = strlen(word), i;

	for (; *s; s++) {
		for (i = 0; i < n; i++) {
			char a = s[i], b = word[i];

			if (a >= 'A' && a <= 'Z')
				a = (char)(a - 'A' + 'a');
			if (a != b)
				break;
		}
		if (i == n)
			return 1;
	}
	return 0;
}

/* "If fuel or ammunition (except for rail guns) takes a hit". */
int
ssa_name_explodes(const char *name)
{
	if (name == NULL || has_word(name, "rail"))
		return 0;
	return has_word(name, "fuel") || has_word(name, "ammunition") ||
	    has_word(name, "ammo");
}

/* ---- the shot ---- */

int
ssa_range_modifier(int range)
{
	return range > 0 ? -(range / SSA_RANGE_STEP) : 0;
}

/* "There are two sets of Defense Numbers, one for the Front/Rear, and
 * one for the Sides"; "All Defense Values except Missile and Physical
 * Attack are halved" point blank. */
int
ssa_target_dv(const struct ssa_shot *s, int dvt)
{
	int col = s->facing == SS_FACE_FRONT || s->facing == SS_FACE_REAR ?
	    0 : 1;
	int dv = s->def->dv[dvt][col];

	if (s->point_blank && dvt != SS_DVT_M && dvt != SS_DVT_P)
		dv /= SSA_POINT_BLANK_DIVISOR;
	return dv;
}

int
ssa_spread_dice(int n, int spread)
{
	return n > spread ? n - spread : 0;
}

/* The six angles clockwise from the front onto the four armor
 * sections: "there are 4 Angles for armor, there are 6 angles for
 * Penetration". */
int
ssa_angle_facing(int angle)
{
	static const int f[SS_NANGLES] = {
		SS_FACE_FRONT, SS_FACE_RIGHT, SS_FACE_RIGHT, SS_FACE_REAR,
		SS_FACE_LEFT, SS_FACE_LEFT
	};

	return angle >= 0 && angle < SS_NANGLES ? f[angle] : SS_FACE_FRONT;
}

int
ssa_shot_check(const struct ssa_shot *s, char *err, size_t errlen)
{
	const struct ssa_unit *a = s->att;
	int i, n = 0;

	if (s->point_blank && s->range > SSA_POINT_BLANK_MAX) {
		snprintf(err, errlen, "point blank is for a target in an "
		    "adjacent hex, %d in or closer, not %d in away",
		    SSA_POINT_BLANK_MAX, s->range);
		return 0;
	}
	for (i = 0; i < a->nweapons; i++) {
		const struct ssa_weapon *w = &a->weapon[i];

		if (!(s->fire & (1u << i)))
			continue;
		if (w->dvt == SS_DVT_P) {
			snprintf(err, errlen, "'%s' is a physical attack, not "
			    "a weapon that fires", w->name);
			return 0;
		}
		if (s->spread && (!w->spread || w->fixed)) {
			snprintf(err, errlen, "spread fire needs every weapon "
			    "fired to spread%s; '%s' cannot", w->fixed ?
			    " by its dice" : "", w->name);
			return 0;
		}
		if (w->range > 0 && s->range > w->range * SSA_INCHES_PER_MILE) {
			snprintf(err, errlen, "'%s' reaches %g mile%s (%g in), "
			    "not %d in", w->name, w->range, w->range == 1 ?
			    "" : "s", w->range * SSA_INCHES_PER_MILE, s->range);
			return 0;
		}
		n++;
	}
	if (n == 0) {
		snprintf(err, errlen, "'%s' has no weapon for this gunner to "
		    "fire", a->name);
		return 0;
	}
	if (a->die < 1) {
		snprintf(err, errlen, "'%s' has no targeting die", a->name);
		return 0;
	}
	return 1;
}

int
ssa_odds_check(const struct ssa_shot *s, char *err, size_t errlen)
{
	static const char *const what[3] = { "damage", "shock", "penetration" };
	int n[3], i;

	ssa_hit_dice(s, s->fire, n);
	for (i = 0; i < 3; i++)
		if (n[i] > SSA_ODDS_MAX_DICE) {
			snprintf(err, errlen, "the weapons fired roll %dd%d of %s; "
			    "muster's exact odds follow %d at most (resolve takes "
			    "any)", n[i], SS_DAMAGE_DIE, what[i],
			    SSA_ODDS_MAX_DICE);
			return 0;
		}
	return 1;
}

/* ---- the hit roll, exactly ---- */

struct ratio *
ssa_ratios(int n)
{
	struct ratio *p = xcalloc((size_t)n, sizeof(*p));
	int i;

	for (i = 0; i < n; i++)
		p[i] = zero();
	return p;
}

static void
put(struct ratio *out[2], int cap, int v, int d, struct ratio q)
{
	if (v > cap)
		v = cap;
	out[d][v] = ratio_add(out[d][v], q);
}

/*
 * A d10's chain after a first face of 10 (v so far, prob of getting
 * here): "if you roll a 10 on either d10, add 10 and roll the dice
 * again", repeatedly; depth 1 is the first re-roll, whose 10 doubles
 * under reroll_doubles.  Sums at cap or more stop the chain.
 */
static void
chain(const struct ssa_rules *ru, struct ratio *out[2], int cap, int v,
    struct ratio prob, int depth, int dbl)
{
	struct ratio q = ratio_mul(prob, ratio_of(1, SS_REROLL_ON));
	int f;

	for (f = 1; f < SS_REROLL_ON; f++)
		put(out, cap, v + f, dbl, q);
	dbl = dbl || (ru->reroll_doubles && depth == 1);
	if (v + SS_REROLL_ON >= cap)
		put(out, cap, cap, dbl, q);
	else
		chain(ru, out, cap, v + SS_REROLL_ON, q, depth + 1, dbl);
}

/* A die's first face of 10 and all that follows it, into high. */
static void
die_high(const struct ssa_rules *ru, int sides, int cap, struct ratio *hi[2])
{
	struct ratio p10 = ratio_of(1, sides);

	if (sides < SS_REROLL_ON)
		return;
	if (SS_REROLL_ON < cap) {
		chain(ru, hi, cap, SS_REROLL_ON, p10, 1, 0);
		return;
	}
	/* Capped at once: the first re-roll decides the doubling alone. */
	if (ru->reroll_doubles) {
		put(hi, cap, cap, 0, ratio_mul(p10,
		    ratio_of(SS_REROLL_ON - 1, SS_REROLL_ON)));
		put(hi, cap, cap, 1, ratio_mul(p10, ratio_of(1, SS_REROLL_ON)));
	} else
		put(hi, cap, cap, 0, p10);
}

/* out += a's high part convolved with the low faces of a die of sides. */
static void
conv_low(struct ratio *out[2], int cap, struct ratio *hi[2], int sides)
{
	int low = sides < SS_REROLL_ON ? sides : SS_REROLL_ON - 1, v, f, d;
	struct ratio q = ratio_of(1, sides);

	for (d = 0; d < 2; d++)
		for (v = 0; v <= cap; v++) {
			if (hi[d][v].v == 0)
				continue;
			for (f = 1; f <= low; f++)
				put(out, cap, v + f, d, ratio_mul(hi[d][v], q));
		}
}

/* Spread fire's d6s added to the sum, one at a time. */
static void
add_spread(struct ssa_roll *r, int spread, int sides)
{
	struct ratio *next[2], q = ratio_of(1, sides);
	int n, d, v, f;

	for (n = 0; n < spread; n++) {
		next[0] = ssa_ratios(r->cap + 1);
		next[1] = ssa_ratios(r->cap + 1);
		for (d = 0; d < 2; d++)
			for (v = 0; v <= r->cap; v++)
				if (r->p[d][v].v != 0)
					for (f = 1; f <= sides; f++)
						put(next, r->cap, v + f, d,
						    ratio_mul(r->p[d][v], q));
		for (d = 0; d < 2; d++) {
			free(r->p[d]);
			r->p[d] = next[d];
		}
	}
}

void
ssa_roll_make(struct ssa_roll *r, const struct ssa_rules *ru, int die,
    int spread, int cap)
{
	struct ratio *hh[2], *th[2];
	int lowh = SS_REROLL_ON - 1, lowt = die < SS_REROLL_ON ? die : die - 1;
	int h, t, d;

	memset(r, 0, sizeof(*r));
	r->cap = cap < SS_FLUB_LO ? SS_FLUB_LO : cap;
	r->flub = r->nice = zero();
	for (d = 0; d < 2; d++) {
		r->p[d] = ssa_ratios(r->cap + 1);
		hh[d] = ssa_ratios(r->cap + 1);
		th[d] = ssa_ratios(r->cap + 1);
	}
	/* Both first faces low: their sum, or a natural miss. */
	for (h = 1; h <= lowh; h++)
		for (t = 1; t <= lowt; t++) {
			struct ratio q = ratio_of(1, (int64_t)SS_HUMAN_DIE * die);

			if (h + t >= ru->flub_lo && h + t <= ru->flub_hi)
				r->flub = ratio_add(r->flub, q);
			else
				put(r->p, r->cap, h + t, 0, q);
		}
	/* One first face 10: its chain and the other die's low face. */
	die_high(ru, SS_HUMAN_DIE, r->cap, hh);
	conv_low(r->p, r->cap, hh, die);
	die_high(ru, die, r->cap, th);
	conv_low(r->p, r->cap, th, SS_HUMAN_DIE);
	/* Both 10: the natural 20. */
	if (die >= SS_REROLL_ON)
		r->nice = ratio_of(1, (int64_t)SS_HUMAN_DIE * die);
	add_spread(r, spread, ru->spread_die);
	for (d = 0; d < 2; d++) {
		free(hh[d]);
		free(th[d]);
	}
}

struct ratio
ssa_roll_ge(const struct ssa_roll *r, int need, int d)
{
	struct ratio sum = zero();
	int v, k;

	if (need > r->cap)
		fatal("ssa_roll_ge: %d past the cap %d", need, r->cap);
	for (k = 0; k < 2; k++) {
		if (d >= 0 && k != d)
			continue;
		for (v = need < 0 ? 0 : need; v <= r->cap; v++)
			sum = ratio_add(sum, r->p[k][v]);
	}
	return sum;
}

void
ssa_roll_free(struct ssa_roll *r)
{
	free(r->p[0]);
	free(r->p[1]);
	r->p[0] = r->p[1] = NULL;
}

/* The dice (or, for fixed weapons, minus the points) a hit set rolls. */
void
ssa_hit_dice(const struct ssa_shot *s, unsigned hits, int n[3])
{
	const struct ssa_unit *a = s->att;
	int i;

	n[0] = n[1] = n[2] = 0;
	for (i = 0; i < a->nweapons; i++) {
		const struct ssa_weapon *w = &a->weapon[i];

		if (!(hits & (1u << i)))
			continue;
		if (w->fixed) {
			n[0] -= w->dam;
			continue;
		}
		n[0] += ssa_spread_dice(w->dam, s->spread);
		n[1] += ssa_spread_dice(w->sh, s->spread);
		n[2] += ssa_spread_dice(w->pen, s->spread);
	}
}

/* ---- resolution ---- */

#define ROLL(d, kind, sides, out) do {				\
	if (((out) = (d)->roll((d), (enum ss_die)(kind), (sides))) < 1)	\
		return -1;					\
} while (0)

char
ssa_line_letter(const struct ssa_unit *u, int line)
{
	int i;

	for (i = 0; i < u->nlines; i++)
		if (line >= u->line[i].from && line <= u->line[i].to)
			return u->line[i].letter;
	return 0;
}

int
ssa_mark(const struct ssa_unit *u, const unsigned char *done, int roll,
    int lines, int *out)
{
	int n = 0, seen, line = roll;

	(void)u;
	for (seen = 0; seen < SS_CHART_HI && n < lines; seen++) {
		if (!(done && done[line]))
			out[n++] = line;
		/* "move up the chart": past 100 muster wraps to 1. */
		line = line == SS_CHART_HI ? SS_CHART_LO : line + 1;
	}
	return n;
}

/* The hit roll: faces, naturals, re-rolls, spread, the total; and each
 * weapon hit or missed. */
static int
hit_roll(const struct ssa_shot *s, struct ss_dice *d, struct ssa_steps *st)
{
	struct ss_steps *r = &st->roll;
	int i, nat;

	r->fired = 1;
	r->facing = s->facing;
	r->skill = s->skill;
	r->range_mod = ssa_range_modifier(s->range);
	ROLL(d, SS_DIE_HUMAN, SS_HUMAN_DIE, r->face[0]);
	ROLL(d, SS_DIE_TARGETING, s->att->die, r->face[1]);
	nat = r->face[0] + r->face[1];
	r->die_total[0] = r->face[0];
	r->die_total[1] = r->face[1];
	if (nat >= SSA_FLUB_LO && nat <= SSA_FLUB_HI)
		r->natural = SS_NAT_FLUB;
	else if (nat == SSA_NICE && r->face[0] == SS_REROLL_ON)
		r->natural = SS_NAT_LUCKY;
	if (r->natural == SS_NAT_LUCKY) {
		/* "Roll both dice again. A second roll of 20 immediately
		 * destroys the Target." */
		st->doubled = 1;
		ROLL(d, SSA_DIE_SECOND_HUMAN, SS_HUMAN_DIE, st->second[0]);
		ROLL(d, SSA_DIE_SECOND_TARGETING, s->att->die, st->second[1]);
		st->destroyed_by_second = st->second[0] + st->second[1] ==
		    SSA_NICE;
	} else if (ss_reroll_die(d, 0, r, SSA_REROLL_DOUBLES ?
	    &st->doubled : NULL) < 0 || ss_reroll_die(d, 1, r,
	    SSA_REROLL_DOUBLES ? &st->doubled : NULL) < 0)
		return -1;
	for (i = 0; i < s->spread; i++) {
		ROLL(d, SS_DIE_SPREAD, SSA_SPREAD_DIE, st->spread_rolls[i]);
		r->spread_roll += st->spread_rolls[i];
		st->nspread++;
	}
	r->total = r->die_total[0] + r->die_total[1] + r->spread_roll +
	    r->skill + r->range_mod;
	for (i = 0; i < s->att->nweapons; i++) {
		if (!(s->fire & (1u << i)))
			continue;
		st->w[st->nw].weapon = i;
		st->w[st->nw].dvt = s->att->weapon[i].dvt;
		st->w[st->nw].dv = ssa_target_dv(s, st->w[st->nw].dvt);
		st->w[st->nw].hit = r->natural == SS_NAT_LUCKY ||
		    (r->natural == SS_NAT_NONE &&
		    r->total >= st->w[st->nw].dv);
		st->krg += s->att->weapon[i].krg;
		st->nw++;
	}
	return 0;
}

/* Rolls the damage, shock and penetration dice of the weapons hit. */
static int
damage_dice(const struct ssa_shot *s, struct ss_dice *d, struct ssa_steps *st)
{
	unsigned hits = 0;
	int i, n[3];

	for (i = 0; i < st->nw; i++)
		if (st->w[i].hit)
			hits |= 1u << st->w[i].weapon;
	ssa_hit_dice(s, hits, n);
	/* A card has no shock threshold or penetration factor: only the
	 * damage dice are rolled against it. */
	if (s->def->card)
		n[1] = n[2] = 0;
	for (i = 0; i < 3; i++) {
		st->dice[i] = n[i] > 0 ? n[i] : 0;
		if (n[i] < 0)
			st->rolled[i] = -n[i];
		else if (n[i] > 0)
			ROLL(d, SSA_DIE_DAMAGE + i, SS_DAMAGE_DIE * n[i],
			    st->rolled[i]);
		st->total[i] = st->rolled[i] * (st->doubled ? SSA_NICE_TIMES : 1);
	}
	return 0;
}

/* Whether every chart line of letter l is marked off, before (done) or
 * by this shot (st->marked).  Only the lines of l's ranges are looked
 * at, each only when it is l's (the first range holding a line names
 * it, as ssa_line_letter reads it): the whole chart a hit letter, with
 * the marks for each line, was the sheets' tests' most repeated loop. */
static int
all_marked(const struct ssa_unit *u, const unsigned char *done,
    const struct ssa_steps *st, char l)
{
	int r, k, i, m, lo, hi;

	for (r = 0; r < u->nlines; r++) {
		if (u->line[r].letter != l)
			continue;
		lo = u->line[r].from < SS_CHART_LO ? SS_CHART_LO :
		    u->line[r].from;
		hi = u->line[r].to > SS_CHART_HI ? SS_CHART_HI : u->line[r].to;
		for (k = lo; k <= hi; k++) {
			if (ssa_line_letter(u, k) != l)
				continue;
			m = done && done[k];
			for (i = 0; !m && i < st->nmarked; i++)
				m = st->marked[i] == k;
			if (!m)
				return 0;
		}
	}
	return 1;
}

/* The equipment a hit's lines reach, each once, with its hits. */
static int
equipment_hits(const struct ssa_unit *u, const unsigned char *done,
    struct ss_dice *d, struct ssa_steps *st)
{
	int i, j, k;

	for (i = 0; i < st->nmarked; i++) {
		char l = ssa_line_letter(u, st->marked[i]);

		for (j = 0; j < st->neq; j++)
			if (st->eq[j].letter == l)
				break;
		if (l == 0 || j < st->neq || st->neq == SSA_MAX_EQUIP)
			continue;
		st->eq[st->neq].letter = l;
		st->eq[st->neq].hits = st->hits;
		st->eq[st->neq].explosion = -1;
		st->neq++;
	}
	for (j = 0; j < st->neq; j++) {
		struct ssa_hit_equip *h = &st->eq[j];
		const struct ssa_equip *e = NULL;

		for (k = 0; k < u->nequip; k++)
			if (u->equip[k].letter == h->letter)
				e = &u->equip[k];
		if (e == NULL)
			continue;
		/* "When one of these is hit on the Internal Damage chart, you
		 * proceed to the Locomotion Damage Chart ... roll 1d10 and
		 * 1d6"; it is not crossed off. */
		if (e->locomotion) {
			if (u->has_loco) {
				ROLL(d, SSA_DIE_LOCO_ROW, SS_LOCO_ROWS, h->loco_row);
				ROLL(d, SSA_DIE_LOCO_COL, SS_LOCO_COLS, h->loco_col);
			}
			continue;
		}
		/* "if every letter corresponding to a piece of equipment
		 * has been marked off, the equipment is destroyed". */
		h->destroyed = h->hits >= e->hits ||
		    all_marked(u, done, st, h->letter);
		if (!e->explodes)
			continue;
		h->explosion = st->nex;
		st->ex[st->nex].letter = h->letter;
		ROLL(d, SS_DIE_EXPLODE_ATT, SSA_EXPLOSION_DIE, st->ex[st->nex].att);
		ROLL(d, SS_DIE_EXPLODE_DEF, SSA_EXPLOSION_DIE, st->ex[st->nex].def);
		st->ex[st->nex].exploded = st->ex[st->nex].att >
		    st->ex[st->nex].def;
		if (st->ex[st->nex++].exploded) {
			st->outcome = SS_DESTROYED;
			st->cause = e->name;
			return 0;
		}
	}
	return 0;
}

/* A sheet defender: armor, overshock, overpenetration, the boxes and
 * the chart. */
static int
sheet_damage(const struct ssa_shot *s, const unsigned char *done,
    struct ss_dice *d, struct ssa_steps *st)
{
	const struct ssa_unit *u = s->def;
	int i;

	st->armor_before = u->armor[s->facing];
	st->armor_after = st->total[0] >= st->armor_before ? 0 :
	    st->armor_before - st->total[0];
	st->internal = st->total[0] > st->armor_before ?
	    st->total[0] - st->armor_before : 0;
	st->shock_over = st->total[1] > u->shock ? st->total[1] - u->shock : 0;
	st->pen_factor = u->pen[s->angle];
	st->pen_over = st->total[2] > st->pen_factor ?
	    st->total[2] - st->pen_factor : 0;
	st->internal += st->shock_over + st->pen_over;
	st->box = -1;
	st->outcome = st->total[0] > 0 || st->internal > 0 ? SS_DAMAGED :
	    SS_NO_EFFECT;
	if (st->internal == 0)
		return 0;
	if (st->internal >= u->dead) {
		st->outcome = SS_DESTROYED;
		st->cause = "dead";
		return 0;
	}
	st->box = SSA_OUT_CORE;
	st->percent = SSA_CORE_PERCENT;
	st->hits = SSA_CORE_HITS;
	st->lines = SSA_CORE_LINES;
	for (i = 0; i < u->nboxes; i++)
		if (st->internal >= u->box[i].min) {
			st->box = SSA_OUT_BOX0 + i;
			st->percent = u->box[i].percent;
			st->hits = u->box[i].hits;
			st->lines = u->box[i].percent + SSA_FREE_LINES;
		}
	ROLL(d, SSA_DIE_PERCENT, SS_PERCENTILE_DIE, st->chart_roll);
	st->nmarked = ssa_mark(u, done, st->chart_roll, st->lines, st->marked);
	return equipment_hits(u, done, d, st);
}

int
ssa_resolve(const struct ssa_shot *s, const unsigned char *done,
    struct ss_dice *d, struct ssa_steps *st)
{
	int i, any = 0;

	memset(st, 0, sizeof(*st));
	st->box = -1;
	if (hit_roll(s, d, st) < 0)
		return -1;
	for (i = 0; i < st->nw; i++)
		any |= st->w[i].hit;
	if (!any) {
		st->outcome = SS_MISS;
		return 0;
	}
	if (st->destroyed_by_second) {
		st->outcome = SS_DESTROYED;
		st->cause = "second natural 20";
		return 0;
	}
	if (damage_dice(s, d, st) < 0)
		return -1;
	if (s->def->card) {
		if (ss_resolve_damage(s->def->card, s->facing, st->total[0], d,
		    &st->card) < 0)
			return -1;
		st->outcome = st->card.outcome;
		st->cause = st->card.cause;
		return 0;
	}
	return sheet_damage(s, done, d, st);
}
