/*
 * rules/shellshock_combat.c -- the basic game's ranged combat, exactly
 * (000_aa283e32b68e0840.txt, "Combat" to "Combat Extras"; SPEC 5, 6):
 * the hit roll, its natural 2/3 and 20, range, point blank and spread
 * fire; damage, the coin, armor, internal bands and the internal chart;
 * sympathetic explosions.  ss_odds() computes every probability from
 * distributions; ss_resolve() replays one shot with given dice.  Tests
 * enumerate ss_resolve() over every die to check ss_odds().
 */
#include "shellshock.h"

#include <stdlib.h>

#include <stdio.h>
#include <string.h>

#include "shellshock_advcombat.h"

const char *const ss_outcome_name[4] = {
	"miss", "no effect", "damaged", "destroyed"
};

/* "Every full 10 inches the units are apart, makes the target 1 harder
 * to hit." */
int
ss_range_modifier(int range)
{
	return range > 0 ? -(range / SS_RANGE_STEP) : 0;
}

/* Front and rear read the F/B column, left and right the sides; point
 * blank halves every row but P, rounded down (SPEC 5). */
int
ss_target_dv(const struct ss_unit *def, int row, int facing, int point_blank)
{
	int col = facing == SS_FACE_FRONT || facing == SS_FACE_REAR ? 0 : 1;
	int dv = def->dv[row][row == SS_P ? 0 : col];

	if (point_blank && row != SS_P)
		dv /= SS_POINT_BLANK_DIVISOR;
	return dv;
}

const struct ss_weapon *
ss_weapon_on(const struct ss_unit *u, int row)
{
	int i;

	for (i = 0; i < u->nweapons; i++)
		if (u->weapon[i].row == row)
			return &u->weapon[i];
	return NULL;
}

/* "all weapons are halved individually" */
int
ss_weapon_damage(const struct ss_weapon *w, int spread)
{
	return spread ? w->damage / SS_SPREAD_DIVISOR : w->damage;
}

int
ss_boxes(const struct ss_unit *u, int internal)
{
	int i;

	for (i = u->nbands; i-- > 0;)
		if (internal >= u->band[i][0])
			return i + 1;
	return 0;
}

int
ss_shot_check(const struct ss_shot *s, char *err, size_t errlen)
{
	int row, n = 0;

	if (s->point_blank && s->range >= SS_RANGE_STEP) {
		snprintf(err, errlen, "point blank is for a target directly "
		    "beside the firer, closer than %d in, not %d in away",
		    SS_RANGE_STEP, s->range);
		return 0;
	}
	for (row = 0; row < SS_P; row++) {
		const struct ss_weapon *w;

		if (!(s->rows & (1u << row)))
			continue;
		w = ss_weapon_on(s->att, row);
		if (w == NULL) {
			snprintf(err, errlen, "'%s' has no weapon on row %c",
			    s->att->name, ss_row_letter[row]);
			return 0;
		}
		if (s->spread && !w->spread) {
			snprintf(err, errlen, "spread fire needs every weapon "
			    "fired to spread; %s's %d%c on row %c cannot",
			    s->att->name, w->damage, w->cls, ss_row_letter[row]);
			return 0;
		}
		n++;
	}
	if (n == 0) {
		snprintf(err, errlen, "'%s' has no weapons to fire (no weapon "
		    "rows on its card)", s->att->name);
		return 0;
	}
	if (s->att->die < 1 || s->att->gunners < 1) {
		snprintf(err, errlen, "'%s' has no gunner with a targeting die",
		    s->att->name);
		return 0;
	}
	return 1;
}

/* ---- odds ---- */

/* The internal chart marks upward from the d6 roll, wrapping 6 to 1. */
static int
chart_at(int roll, int i)
{
	return (roll - 1 + i) % SS_CHART_DIE + 1;
}

struct ratio
ss_p_destroyed_exact(const struct ss_unit *def, int internal)
{
	/* Of the SS_EXPLOSION_DIE squared pairs, those where the attacker's
	 * die is higher: 45 of 100 for two d10s. */
	struct ratio explodes = ratio_of((int64_t)SS_EXPLOSION_DIE *
	    (SS_EXPLOSION_DIE - 1) / 2, (int64_t)SS_EXPLOSION_DIE *
	    SS_EXPLOSION_DIE);
	struct ratio p = ratio_of(0, 1), one = ratio_of(1, 1);
	int boxes, roll, i;

	if (internal >= def->dead)
		return one;
	boxes = ss_boxes(def, internal);
	if (boxes == 0)
		return p;
	for (roll = 1; roll <= SS_CHART_DIE; roll++) {
		struct ratio survive = one;
		int crew = 0;

		for (i = 0; i < boxes; i++) {
			unsigned fx = ss_chart[chart_at(roll, i)].fx;

			if (fx & SS_FX_CREW)
				crew = 1;	/* "Crew killed. Unit is useless" */
			else if (fx & SS_FX_EXPLODES)
				survive = ratio_mul(survive,
				    ratio_sub(one, explodes));
		}
		p = ratio_add(p, ratio_mul(crew ? one : ratio_sub(one, survive),
		    ratio_of(1, SS_CHART_DIE)));
	}
	return p;
}

double
ss_p_destroyed_by(const struct ss_unit *def, int internal)
{
	return ss_p_destroyed_exact(def, internal).v;
}

void
ss_odds_free(struct ss_odds *o)
{
	free(o->damage);
	o->damage = NULL;
}

struct ratio
ss_odds_damage(const struct ss_odds *o, int k)
{
	return k >= 0 && k <= o->damage_hi ? o->damage[k] : ratio_of(0, 1);
}

/*
 * A die of sides split by its first face: *low the faces that stay,
 * *high a first face of SS_REROLL_ON with its exploding re-rolls e
 * (empty when the die cannot show it).
 */
static void
split_die(int sides, const struct dist *e, struct dist *low,
    struct dist *high)
{
	struct dist ten = DIST_INIT;

	if (sides < SS_REROLL_ON) {
		dist_uniform(low, 1, sides);
		return;
	}
	dist_uniform(low, 1, sides - 1);
	dist_scale(low, (double)(sides - 1) / sides);
	dist_point(&ten, SS_REROLL_ON, 1.0 / sides);
	dist_conv(high, &ten, e);
	dist_free(&ten);
}

void
ss_roll_dist(int die, int spread, struct dist *normal, double *p_flub,
    double *p_lucky)
{
	struct dist e = DIST_INIT, hlow = DIST_INIT, hten = DIST_INIT;
	struct dist tlow = DIST_INIT, tten = DIST_INIT, part = DIST_INIT;
	struct dist tmp = DIST_INIT;
	int t;

	*p_flub = *p_lucky = 0;
	/* The human d10 and the targeting die, split by their first face:
	 * below SS_REROLL_ON it stays, SS_REROLL_ON adds a re-roll that
	 * may explode again.  Only a die that can show it explodes. */
	dist_exploding(&e, SS_REROLL_ON, EXPLODE_EPS);
	split_die(SS_HUMAN_DIE, &e, &hlow, &hten);
	split_die(die, &e, &tlow, &tten);
	/* Both first faces low: a natural SS_FLUB_LO to SS_FLUB_HI always
	 * misses; no face that explodes can make such a small total. */
	dist_conv(normal, &hlow, &tlow);
	for (t = SS_FLUB_LO; t <= SS_FLUB_HI; t++)
		if (t >= normal->lo && t <= normal->hi) {
			*p_flub += normal->p[t - normal->lo];
			normal->p[t - normal->lo] = 0;
		}
	dist_conv(&part, &hten, &tlow);
	dist_add(normal, &part);
	if (tten.p) {
		dist_conv(&part, &hlow, &tten);
		dist_add(normal, &part);
		/* Two natural 10s: "you immediately hit with all weapons". */
		*p_lucky = dist_mass(&hten) * dist_mass(&tten);
	}
	if (spread) {
		dist_uniform(&tmp, 1, SS_SPREAD_DIE);
		dist_conv(&part, normal, &tmp);
		dist_free(normal);
		*normal = part;
		part.p = NULL;
	}
	dist_free(&e);
	dist_free(&hlow);
	dist_free(&hten);
	dist_free(&tlow);
	dist_free(&tten);
	dist_free(&part);
	dist_free(&tmp);
}

/* The fired weapons' odds into o->w; returns the highest need, and the
 * rows fired in *all. */
static int
weapon_odds(const struct ss_shot *s, struct ss_odds *o, int *all)
{
	int row, cap = 0, shift = s->att->skill + ss_range_modifier(s->range);

	*all = 0;
	for (row = 0; row < SS_P; row++) {
		const struct ss_weapon *w = ss_weapon_on(s->att, row);
		struct ss_weapon_odds *wo;

		if (!(s->rows & (1u << row)) || w == NULL)
			continue;
		*all |= 1 << row;
		wo = &o->w[o->nw++];
		wo->row = row;
		wo->dv = ss_target_dv(s->def, row, s->facing, s->point_blank);
		wo->need = wo->dv - shift;
		wo->damage = ss_weapon_damage(w, s->spread);
		if (wo->need > cap)
			cap = wo->need;
	}
	return cap;
}

/* A hit on the rows of mask with probability p: its damage with the
 * coin, the internal box and the chance it destroys, into o. */
static void
mask_damage(const struct ss_shot *s, int mask, struct ratio p,
    struct ss_odds *o)
{
	const struct ss_unit *d = s->def;
	int base = 0, row, k;

	for (row = 0; row < SS_P; row++)
		if (mask & (1 << row))
			base += ss_weapon_damage(ss_weapon_on(s->att, row),
			    s->spread);
	/* The coin: heads (1) doubles the damage. */
	for (k = 1; k <= SS_COIN_SIDES; k++) {
		int dmg = base * (k == 1 ? SS_HEADS_TIMES : 1);
		int internal = dmg - d->armor[s->facing];
		struct ratio q = ratio_mul(p, ratio_of(1, SS_COIN_SIDES));

		o->damage[dmg] = ratio_add(o->damage[dmg], q);
		o->mean = ratio_add(o->mean, ratio_mul(q, ratio_of(dmg, 1)));
		if (internal < 0)
			internal = 0;
		if (d->nbands > 0 && internal >= d->band[0][0])
			o->p_internal = ratio_add(o->p_internal, q);
		o->p_destroyed = ratio_add(o->p_destroyed, ratio_mul(q,
		    ss_p_destroyed_exact(d, internal)));
	}
}

void
ss_odds(const struct ss_shot *s, struct ss_odds *o)
{
	struct ratio pmask[1 << SS_NROWS];
	struct ssa_roll r;
	int t, mask, all, cap, hi = 0, i;

	memset(o, 0, sizeof(*o));
	o->mean = o->p_internal = o->p_destroyed = ratio_of(0, 1);
	for (mask = 0; mask < (1 << SS_NROWS); mask++)
		pmask[mask] = ratio_of(0, 1);
	cap = weapon_odds(s, o, &all);
	ssa_roll_make(&r, &ssa_basic, s->att->die, s->spread ? 1 : 0, cap);
	o->p_flub = r.flub;
	o->p_lucky = r.nice;
	for (i = 0; i < o->nw; i++) {
		o->w[i].p_hit = ratio_add(r.nice, ssa_roll_ge(&r, o->w[i].need,
		    -1));
		hi += o->w[i].damage;
	}
	/* One roll for every weapon the gunner fires: the weapons hit are
	 * those whose need the sum reaches. */
	for (t = 0; t <= r.cap; t++) {
		mask = 0;
		for (i = 0; i < o->nw; i++)
			if (t >= o->w[i].need)
				mask |= 1 << o->w[i].row;
		pmask[mask] = ratio_add(pmask[mask], r.p[0][t]);
	}
	pmask[all] = ratio_add(pmask[all], r.nice);
	pmask[0] = ratio_add(pmask[0], r.flub);
	o->damage_hi = hi * SS_HEADS_TIMES;
	o->damage = xcalloc((size_t)o->damage_hi + 1, sizeof(*o->damage));
	for (i = 0; i <= o->damage_hi; i++)
		o->damage[i] = ratio_of(0, 1);
	for (mask = 0; mask < (1 << SS_NROWS); mask++)
		if (pmask[mask].v != 0)
			mask_damage(s, mask, pmask[mask], o);
	ssa_roll_free(&r);
}

/* ---- resolution with given dice ---- */

#define ROLL(d, kind, sides, out) do {				\
	if (((out) = (d)->roll((d), (kind), (sides))) < 1)	\
		return -1;					\
} while (0)

static int
apply_damage(const struct ss_unit *def, int facing, int damage,
    struct ss_dice *d, struct ss_steps *st)
{
	int i, c;

	st->facing = facing;
	st->damage = damage;
	st->armor_before = def->armor[facing];
	/* "We make the armor 0, and 9 points of damage goes into the Bison" */
	st->armor_after = damage >= st->armor_before ? 0 :
	    st->armor_before - damage;
	st->internal = damage > st->armor_before ?
	    damage - st->armor_before : 0;
	st->dead = def->dead;
	if (damage <= 0) {
		st->outcome = SS_NO_EFFECT;
		return 0;
	}
	st->outcome = SS_DAMAGED;
	if (st->internal >= def->dead) {
		st->outcome = SS_DESTROYED;
		st->cause = "dead";
		return 0;
	}
	st->boxes = ss_boxes(def, st->internal);
	if (st->boxes == 0)
		return 0;
	ROLL(d, SS_DIE_INTERNAL, SS_CHART_DIE, st->chart_roll);
	for (i = 0; i < st->boxes && st->nmarked < 16; i++)
		st->marked[st->nmarked++] = chart_at(st->chart_roll, i);
	for (i = 0; i < st->nmarked; i++)
		if (ss_chart[st->marked[i]].fx & SS_FX_CREW) {
			st->outcome = SS_DESTROYED;
			st->cause = "crew";
			return 0;
		}
	for (i = 0; i < st->nmarked; i++) {
		c = st->marked[i];
		if (!(ss_chart[c].fx & SS_FX_EXPLODES))
			continue;
		st->ex[st->nex].chart = c;
		ROLL(d, SS_DIE_EXPLODE_ATT, SS_EXPLOSION_DIE,
		    st->ex[st->nex].att);
		ROLL(d, SS_DIE_EXPLODE_DEF, SS_EXPLOSION_DIE,
		    st->ex[st->nex].def);
		st->ex[st->nex].exploded =
		    st->ex[st->nex].att > st->ex[st->nex].def;
		if (st->ex[st->nex++].exploded) {
			st->outcome = SS_DESTROYED;
			st->cause = ss_chart[c].name;
			return 0;
		}
	}
	return 0;
}

int
ss_reroll_die(struct ss_dice *d, int which, struct ss_steps *st,
    int *doubled)
{
	int f = st->face[which];

	st->die_total[which] = f;
	/* "if you roll a 10 on either of the d10's, you add ten, and
	 * re-roll and add that result ... If you roll a second 10, add that
	 * and continue rolling." */
	while (f == SS_REROLL_ON) {
		if (st->nreroll[which] == SS_MAX_REROLLS)
			return -1;
		ROLL(d, which ? SS_DIE_REROLL_TARGETING : SS_DIE_REROLL_HUMAN,
		    SS_REROLL_ON, f);
		if (doubled && st->nreroll[which] == 0 && f == SS_REROLL_ON)
			*doubled = 1;
		st->reroll[which][st->nreroll[which]++] = f;
		st->die_total[which] += f;
	}
	return 0;
}

int
ss_resolve(const struct ss_shot *s, struct ss_dice *d, struct ss_steps *st)
{
	const struct ss_unit *a = s->att;
	int row, nat, coin;

	memset(st, 0, sizeof(*st));
	st->fired = 1;
	st->facing = s->facing;
	st->skill = a->skill;
	st->range_mod = ss_range_modifier(s->range);
	ROLL(d, SS_DIE_HUMAN, SS_HUMAN_DIE, st->face[0]);
	ROLL(d, SS_DIE_TARGETING, a->die, st->face[1]);
	nat = st->face[0] + st->face[1];
	if (nat >= SS_FLUB_LO && nat <= SS_FLUB_HI)
		st->natural = SS_NAT_FLUB;	/* "Even Rambo Misses sometimes" */
	else if (nat == SS_LUCKY && st->face[0] == SS_REROLL_ON)
		st->natural = SS_NAT_LUCKY;	/* "Lucky shot" */
	/* A natural 20 hits at once: its 10s earn no re-rolls (SPEC 5). */
	st->die_total[0] = st->face[0];
	st->die_total[1] = st->face[1];
	if (st->natural != SS_NAT_LUCKY &&
	    (ss_reroll_die(d, 0, st, NULL) < 0 ||
	    ss_reroll_die(d, 1, st, NULL) < 0))
		return -1;
	if (s->spread)
		ROLL(d, SS_DIE_SPREAD, SS_SPREAD_DIE, st->spread_roll);
	st->total = st->die_total[0] + st->die_total[1] + st->spread_roll +
	    st->skill + st->range_mod;
	for (row = 0; row < SS_P; row++) {
		const struct ss_weapon *w = ss_weapon_on(a, row);

		if (!(s->rows & (1u << row)) || w == NULL)
			continue;
		st->w[st->nw].row = row;
		st->w[st->nw].dv = ss_target_dv(s->def, row, s->facing,
		    s->point_blank);
		st->w[st->nw].hit = st->natural == SS_NAT_LUCKY ||
		    (st->natural == SS_NAT_NONE &&
		    st->total >= st->w[st->nw].dv);
		if (st->w[st->nw].hit) {
			st->w[st->nw].damage = ss_weapon_damage(w, s->spread);
			st->base_damage += st->w[st->nw].damage;
		}
		st->nw++;
	}
	for (row = 0; row < st->nw; row++)
		if (st->w[row].hit)
			break;
	if (row == st->nw) {
		st->outcome = SS_MISS;
		return 0;
	}
	/* "We flip a coin (1d2) heads, we do double damage" */
	ROLL(d, SS_DIE_COIN, SS_COIN_SIDES, coin);
	st->coin = coin;
	return apply_damage(s->def, s->facing, st->base_damage *
	    (coin == 1 ? SS_HEADS_TIMES : 1), d, st);
}

int
ss_resolve_damage(const struct ss_unit *def, int facing, int damage,
    struct ss_dice *d, struct ss_steps *st)
{
	memset(st, 0, sizeof(*st));
	st->base_damage = damage;
	return apply_damage(def, facing, damage, d, st);
}
