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

#include <stdio.h>
#include <string.h>

const char *const ss_outcome_name[4] = {
	"miss", "no effect", "damaged", "destroyed"
};

/* "Every full 10 inches the units are apart, makes the target 1 harder
 * to hit." */
int
ss_range_modifier(int range)
{
	return range > 0 ? -(range / 10) : 0;
}

/* Front and rear read the F/B column, left and right the sides; point
 * blank halves every row but P, rounded down (SPEC 5). */
int
ss_target_dv(const struct ss_unit *def, int row, int facing, int point_blank)
{
	int col = facing == SS_FACE_FRONT || facing == SS_FACE_REAR ? 0 : 1;
	int dv = def->dv[row][row == SS_P ? 0 : col];

	if (point_blank && row != SS_P)
		dv /= 2;
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
	return spread ? w->damage / 2 : w->damage;
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
	return (roll - 1 + i) % 6 + 1;
}

/* "Both players roll a 1d10 ... If the Bison pilot ties or beats the
 * Mason, nothing else happens": the attacker must roll higher, 45 of the
 * 100 pairs. */
#define P_EXPLODES 0.45

double
ss_p_destroyed_by(const struct ss_unit *def, int internal)
{
	double p = 0;
	int boxes, roll, i;

	if (internal >= def->dead)
		return 1;
	boxes = ss_boxes(def, internal);
	if (boxes == 0)
		return 0;
	for (roll = 1; roll <= 6; roll++) {
		double survive = 1;
		int crew = 0;

		for (i = 0; i < boxes; i++) {
			int c = chart_at(roll, i);

			if (c == 6)
				crew = 1;	/* "Crew killed. Unit is useless" */
			else if (c == 4 || c == 5)
				survive *= 1 - P_EXPLODES;
		}
		p += (crew ? 1 : 1 - survive) / 6;
	}
	return p;
}

void
ss_odds_free(struct ss_odds *o)
{
	dist_free(&o->damage);
}

void
ss_odds(const struct ss_shot *s, struct ss_odds *o)
{
	const struct ss_unit *a = s->att, *d = s->def;
	struct dist e = DIST_INIT, hlow = DIST_INIT, hten = DIST_INIT;
	struct dist tlow = DIST_INIT, tten = DIST_INIT, part = DIST_INIT;
	struct dist normal = DIST_INIT, tmp = DIST_INIT;
	double pmask[1 << SS_NROWS] = { 0 };
	int dv[SS_NROWS], row, t, mask, all = 0, k;
	int shift = a->skill + ss_range_modifier(s->range);

	memset(o, 0, sizeof(*o));
	/* The human d10 and the targeting die, split by their first face:
	 * 1-9 stay, a 10 adds an exploding re-roll.  Only d10s explode. */
	dist_exploding(&e, 10, EXPLODE_EPS);
	dist_uniform(&hlow, 1, 9);
	dist_scale(&hlow, 0.9);
	dist_point(&tmp, 10, 0.1);
	dist_conv(&hten, &tmp, &e);
	if (a->die == 10) {
		dist_uniform(&tlow, 1, 9);
		dist_scale(&tlow, 0.9);
		dist_conv(&tten, &tmp, &e);
	} else {
		dist_uniform(&tlow, 1, a->die);
	}
	/* Both first faces below 10: a natural 2 or 3 always misses, and
	 * only (1,1), (1,2), (2,1) make those totals. */
	dist_conv(&normal, &hlow, &tlow);
	o->p_flub = dist_at(&normal, 2) + dist_at(&normal, 3);
	normal.p[2 - normal.lo] = 0;
	normal.p[3 - normal.lo] = 0;
	dist_conv(&part, &hten, &tlow);
	dist_add(&normal, &part);
	if (tten.p) {
		dist_conv(&part, &hlow, &tten);
		dist_add(&normal, &part);
		/* Two natural 10s: "you immediately hit with all weapons". */
		o->p_lucky = dist_mass(&hten) * dist_mass(&tten);
	}
	if (s->spread) {
		dist_uniform(&tmp, 1, 6);
		dist_conv(&part, &normal, &tmp);
		dist_free(&normal);
		normal = part;
		part.p = NULL;
		dist_free(&part);
	}
	dist_shift(&normal, shift);

	for (row = 0; row < SS_P; row++) {
		const struct ss_weapon *w = ss_weapon_on(a, row);
		struct ss_weapon_odds *wo;

		if (!(s->rows & (1u << row)) || w == NULL)
			continue;
		dv[row] = ss_target_dv(d, row, s->facing, s->point_blank);
		all |= 1 << row;
		wo = &o->w[o->nw++];
		wo->row = row;
		wo->dv = dv[row];
		wo->need = dv[row] - shift;
		wo->damage = ss_weapon_damage(w, s->spread);
		wo->p_hit = o->p_lucky + dist_ge(&normal, dv[row]);
	}
	/* One roll for every weapon the gunner fires: the weapons hit are
	 * those whose dV the total reaches. */
	for (t = normal.lo; t <= normal.hi; t++) {
		mask = 0;
		for (row = 0; row < SS_P; row++)
			if ((all & (1 << row)) && t >= dv[row])
				mask |= 1 << row;
		pmask[mask] += normal.p[t - normal.lo];
	}
	pmask[all] += o->p_lucky;
	pmask[0] += o->p_flub;

	for (mask = 0; mask < (1 << SS_NROWS); mask++) {
		int base = 0;

		if (pmask[mask] == 0)
			continue;
		for (row = 0; row < SS_P; row++)
			if (mask & (1 << row))
				base += ss_weapon_damage(ss_weapon_on(a, row),
				    s->spread);
		/* The coin: heads doubles the damage. */
		for (k = 1; k <= 2; k++) {
			int dmg = base * (k == 1 ? 2 : 1);
			int internal = dmg - d->armor[s->facing];
			double p = pmask[mask] / 2;

			dist_point(&tmp, dmg, p);
			dist_add(&o->damage, &tmp);
			if (internal < 0)
				internal = 0;
			if (d->nbands > 0 && internal >= d->band[0][0])
				o->p_internal += p;
			o->p_destroyed += p * ss_p_destroyed_by(d, internal);
		}
	}
	o->mean = dist_mean(&o->damage);
	dist_free(&e);
	dist_free(&hlow);
	dist_free(&hten);
	dist_free(&tlow);
	dist_free(&tten);
	dist_free(&part);
	dist_free(&normal);
	dist_free(&tmp);
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
	ROLL(d, SS_DIE_INTERNAL, 6, st->chart_roll);
	for (i = 0; i < st->boxes && st->nmarked < 16; i++)
		st->marked[st->nmarked++] = chart_at(st->chart_roll, i);
	for (i = 0; i < st->nmarked; i++)
		if (st->marked[i] == 6) {
			st->outcome = SS_DESTROYED;
			st->cause = "crew";
			return 0;
		}
	for (i = 0; i < st->nmarked; i++) {
		c = st->marked[i];
		if (c != 4 && c != 5)
			continue;
		st->ex[st->nex].chart = c;
		ROLL(d, SS_DIE_EXPLODE_ATT, 10, st->ex[st->nex].att);
		ROLL(d, SS_DIE_EXPLODE_DEF, 10, st->ex[st->nex].def);
		st->ex[st->nex].exploded =
		    st->ex[st->nex].att > st->ex[st->nex].def;
		if (st->ex[st->nex++].exploded) {
			st->outcome = SS_DESTROYED;
			st->cause = c == 4 ? "fuel" : "ammo";
			return 0;
		}
	}
	return 0;
}

/* A die and the re-rolls its 10s earn. */
static int
roll_die(struct ss_dice *d, int which, int sides, struct ss_steps *st)
{
	int f;

	ROLL(d, which ? SS_DIE_TARGETING : SS_DIE_HUMAN, sides, f);
	st->face[which] = f;
	st->die_total[which] = f;
	/* "if you roll a 10 on either of the d10's, you add ten, and
	 * re-roll and add that result ... If you roll a second 10, add that
	 * and continue rolling." */
	while (sides == 10 && f == 10) {
		if (st->nreroll[which] == SS_MAX_REROLLS)
			return -1;
		ROLL(d, which ? SS_DIE_REROLL_TARGETING : SS_DIE_REROLL_HUMAN,
		    10, f);
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
	if (roll_die(d, 0, 10, st) < 0 || roll_die(d, 1, a->die, st) < 0)
		return -1;
	nat = st->face[0] + st->face[1];
	if (nat == 2 || nat == 3)
		st->natural = SS_NAT_FLUB;	/* "Even Rambo Misses sometimes" */
	else if (a->die == 10 && st->face[0] == 10 && st->face[1] == 10)
		st->natural = SS_NAT_LUCKY;	/* "Lucky shot" */
	if (s->spread)
		ROLL(d, SS_DIE_SPREAD, 6, st->spread_roll);
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
	ROLL(d, SS_DIE_COIN, 2, coin);
	st->coin = coin;
	return apply_damage(s->def, s->facing, st->base_damage *
	    (coin == 1 ? 2 : 1), d, st);
}

int
ss_resolve_damage(const struct ss_unit *def, int facing, int damage,
    struct ss_dice *d, struct ss_steps *st)
{
	memset(st, 0, sizeof(*st));
	st->base_damage = damage;
	return apply_damage(def, facing, damage, d, st);
}
