/*
 * systems/shellshock_advshot.c -- odds and resolve on record sheets: the
 * advanced rules' combat (003_1dddfc23c27b38e7.txt; SPEC sections 5 and
 * 6) between sheets, or a sheet and a basic card.  Loads a unit file of
 * either kind into the engine's plain numbers (rules/
 * shellshock_advcombat.h), picks the gunner and the weapons it fires,
 * and writes the odds and the resolved steps through one writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../diag.h"
#include "../doc.h"
#include "../report.h"
#include "../system.h"
#include "shellshock_game.h"
#include "shellshock_sheet.h"

/* ---- loading ---- */

/* The good maps of a list. */
#define EACH_MAP(list, i, m) \
	for ((i) = 0; (list) && !(list)->bad && (list)->type == N_SEQ && \
	    (i) < (list)->n; (i)++) \
		if (((m) = (list)->kid[i])->type == N_MAP && !(m)->bad)

static void
load_tables(struct ssa_unit *u, const struct node *root)
{
	const struct node *n, *m;
	size_t i;

	EACH_MAP(node_get(root, "internal_percent"), i, m)
		if (u->nboxes < SSA_MAX_BOXES) {
			struct ssa_box *b = &u->box[u->nboxes++];

			b->min = (int)get_long(m, "min", 0);
			b->percent = (int)get_long(m, "percent", 0);
			b->hits = (int)get_long(m, "hits", 1);
		}
	u->dead = (int)get_long(root, "dead", 0);
	EACH_MAP(node_get(root, "internal_chart"), i, m)
		if (u->nlines < SSA_MAX_LINES) {
			struct ssa_line *l = &u->line[u->nlines++];

			l->from = (int)get_long(m, "from", 0);
			l->to = (int)get_long(m, "to", 0);
			l->letter = get_str(m, "letter", "?")[0];
		}
	EACH_MAP(node_get(root, "equipment"), i, m)
		if (u->nequip < SSA_MAX_EQUIP) {
			struct ssa_equip *e = &u->equip[u->nequip++];

			e->letter = get_str(m, "letter", "?")[0];
			e->name = get_str(m, "name", "");
			e->hits = (int)get_long(m, "hits", 1);
			e->locomotion = node_bool(node_get(m, "locomotion"), 0);
			e->explodes = ssa_name_explodes(e->name);
		}
	n = node_get(root, "locomotion_chart");
	u->has_loco = n && n->type == N_SEQ && n->n == SS_LOCO_ROWS;
	for (i = 0; u->has_loco && i < SS_LOCO_ROWS; i++) {
		const struct node *row = n->kid[i];
		size_t j;

		u->has_loco = row->type == N_SEQ && row->n == SS_LOCO_COLS;
		for (j = 0; u->has_loco && j < SS_LOCO_COLS; j++) {
			const char *c = node_str(row->kid[j], "");
			int w = str_index(ss_loco_word, c);

			u->loco[i][j] = w >= 0 ? SSA_LOCO_WORD(w) :
			    (int)node_long(row->kid[j], 0);
		}
	}
}

void
ss_load_sheet(struct ss_side *sd, const struct node *root)
{
	struct ssa_unit *u = &sd->u;
	const struct node *df = node_get(root, "defense"), *n, *m;
	size_t i;

	memset(u, 0, sizeof(*u));
	sd->root = root;
	u->name = get_str(root, "name", "(unnamed)");
	u->die = ss_to_hit_die(get_str(root, "to_hit", NULL));
	for (i = 0; i < SS_NDVT; i++) {
		n = node_get(df, ss_dvt_name[i]);
		if (n && n->type == N_SEQ && n->n == 2) {
			u->dv[i][0] = (int)node_long(n->kid[0], 0);
			u->dv[i][1] = (int)node_long(n->kid[1], 0);
		}
	}
	for (i = 0; i < SS_NFACINGS; i++)
		u->armor[i] = (int)get_long(node_get(root, "armor"),
		    ss_facing_name[i], 0);
	u->shock = (int)get_long(root, "shock_threshold", 0);
	for (i = 0; i < SS_NANGLES; i++)
		u->pen[i] = (int)get_long(node_get(root, "penetration"),
		    ss_angle_name[i], 0);
	load_tables(u, root);
	EACH_MAP(node_get(root, "weapons"), i, m)
		if (u->nweapons < SSA_MAX_WEAPONS) {
			struct ssa_weapon *w = &u->weapon[u->nweapons];

			sd->wmap[u->nweapons++] = m;
			w->name = get_str(m, "name", "");
			w->dvt = str_index(ss_dvt_name, get_str(m, "dvt", NULL));
			w->dam = (int)get_long(m, "dam", 0);
			w->sh = (int)get_long(m, "sh", 0);
			w->pen = (int)get_long(m, "pen", 0);
			w->krg = (int)get_long(m, "krg", 0);
			w->ammo = (int)get_long(m, "ammo", 0);
			w->spread = node_bool(node_get(m, "spread"), 0);
			w->range = node_double(node_get(m, "range"), 0);
		}
}

int
ss_load_side(struct batch *b, const char *path, struct ss_side *sd)
{
	static const char *const kinds[] = { "card", "sheet", NULL };
	const struct loaded *ld;
	int n, rc;

	memset(sd, 0, sizeof(*sd));
	sd->path = path;
	/* odds and resolve weigh no unit's value (check does). */
	batch_set_rendering(b);
	ld = system_ref(b, path, NULL, "shellshock.unit", "shellshock", kinds,
	    &n);
	if (ld && n != 1) {
		diag_at(L_FATAL, "shellshock.unit", path, 0, 0, "holds %d "
		    "units; give odds and resolve a file with one card or "
		    "sheet", n);
		ld = NULL;
	}
	diag_flush();
	if (ld == NULL)
		return (rc = diag_exit_status(0)) ? rc : 1;
	if (strcmp(ld->kind->name, "card") == 0) {
		sd->card = &((const struct ss_card *)ld->obj)->u;
		ssa_from_card(&sd->u, sd->card);
	} else
		ss_load_sheet(sd, SHEET(ld->obj)->root);
	return 0;
}

/* ---- the gunner and the weapons ---- */

/* Whether the crewman id may fire the sheet's weapon i: "Only the
 * Pilot can control the Body fire system"; a fire system "can only be
 * controlled by a single gunner", and the weapon's operators name who
 * has access to it. */
static int
can_fire(const struct ss_side *sd, int i, const char *id)
{
	const struct node *m = sd->wmap[i], *ops = node_get(m, "operators");
	const char *sys = get_str(m, "system", "");
	const struct node *fs;
	size_t k;
	int op = 0;

	for (k = 0; ops && ops->type == N_SEQ && k < ops->n; k++)
		op |= strcmp(node_str(ops->kid[k], ""), id) == 0;
	EACH_MAP(node_get(sd->root, "fire_systems"), k, fs)
		if (strcmp(get_str(fs, "name", ""), sys) == 0)
			return op && strcmp(get_str(fs, "controller", ""), id) == 0;
	return 0;
}

/* The crewman id's map, or NULL. */
static const struct node *
crewman(const struct ss_side *sd, const char *id)
{
	const struct node *m;
	size_t i;

	EACH_MAP(node_get(sd->root, "crew"), i, m)
		if (strcmp(get_str(m, "id", ""), id) == 0)
			return m;
	return NULL;
}

/* The gunner of the first weapon in the table that a crewman can fire:
 * the controller of its fire system; NULL when none can. */
static const char *
first_gunner(const struct ss_side *sd)
{
	const struct node *m;
	size_t i;
	int w;

	for (w = 0; w < sd->u.nweapons; w++)
		EACH_MAP(node_get(sd->root, "crew"), i, m)
			if (can_fire(sd, w, get_str(m, "id", "")))
				return get_str(m, "id", "");
	return NULL;
}

/* A weapon named by its number in the table (1, 2, ...) or its name. */
static int
weapon_index(const struct ss_side *sd, const char *s, size_t len)
{
	char *end;
	long v = strtol(s, &end, 10);
	int i;

	if (end == s + len && len > 0)
		return v >= 1 && v <= sd->u.nweapons ? (int)v - 1 : -1;
	for (i = 0; i < sd->u.nweapons; i++)
		if (strlen(sd->u.weapon[i].name) == len &&
		    strncasecmp(sd->u.weapon[i].name, s, len) == 0)
			return i;
	return -1;
}

/* shellshock.shot at the attacker's file; returns 2. */
static int
shot_error(const struct ss_side *sd, const char *fmt, ...) ATTR_PRINTF(2, 3);

static int
shot_error(const struct ss_side *sd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vat(L_FATAL, "shellshock.shot", sd->path, 0, 0, fmt, ap);
	va_end(ap);
	diag_flush();
	return 2;
}

/* A card's weapons by rows ("M,I"), or all of them. */
static int
card_fire(const struct ss_side *sd, const struct ss_pick *pk, unsigned *fire)
{
	unsigned rows = pk->weapons ? ss_arg_rows(pk->weapons) : 0;
	int i;

	if (pk->gunner)
		return shot_error(sd, "'%s' is a basic card: its gunners share "
		    "its gunnery; --gunner is for a record sheet's crew",
		    sd->u.name);
	if (pk->weapons && rows == 0)
		return shot_error(sd, "--weapons '%s' must be rows among E, M, "
		    "B, I, S, such as M,I", pk->weapons);
	for (i = 0; i < sd->card->nweapons; i++)
		if (!pk->weapons || (rows & (1u << sd->card->weapon[i].row)))
			*fire |= 1u << i;
	return 0;
}

int
ss_pick(const struct ss_side *sd, const struct ss_pick *pk, int *skill,
    unsigned *fire, const char **gunner)
{
	const char *id = pk->gunner, *p, *e;
	const struct node *cm;
	int i;

	*fire = 0;
	*gunner = NULL;
	if (sd->card) {
		*skill = sd->card->skill;
		return card_fire(sd, pk, fire);
	}
	if (id == NULL && (id = first_gunner(sd)) == NULL)
		return shot_error(sd, "'%s' has no crewman who controls a fire "
		    "system with a weapon", sd->u.name);
	if ((cm = crewman(sd, id)) == NULL)
		return shot_error(sd, "--gunner '%s' is not in '%s''s crew",
		    id, sd->u.name);
	*gunner = id;
	*skill = (int)get_long(cm, "skill", 0);
	for (p = pk->weapons; p && *p; p = *e ? e + 1 : e) {
		e = p + strcspn(p, ",");
		if ((i = weapon_index(sd, p, (size_t)(e - p))) < 0)
			return shot_error(sd, "--weapons: '%.*s' is not a weapon "
			    "of '%s': give its number in the weapon table (1 to "
			    "%d) or its name", (int)(e - p), p, sd->u.name,
			    sd->u.nweapons);
		if (!can_fire(sd, i, id))
			return shot_error(sd, "gunner %s cannot fire '%s': its "
			    "fire system is controlled by another, or %s is "
			    "not among its operators", id, sd->u.weapon[i].name,
			    id);
		*fire |= 1u << i;
	}
	if (pk->weapons == NULL)
		for (i = 0; i < sd->u.nweapons; i++)
			if (can_fire(sd, i, id))
				*fire |= 1u << i;
	return 0;
}

/* Weapons fired by default ("all the gunner can fire") that do not
 * reach the range are left out, each said in a note; 2 when none
 * reaches it. */
static int
out_of_range(const struct ss_side *att, struct ssa_shot *s)
{
	double far = 0, reach;
	unsigned keep = 0;
	int i;

	for (i = 0; i < s->att->nweapons; i++) {
		reach = s->att->weapon[i].range * SSA_INCHES_PER_MILE;
		if (!(s->fire & (1u << i)))
			continue;
		if (reach > far)
			far = reach;
		if (reach <= 0 || s->range <= reach)
			keep |= 1u << i;
	}
	if (s->fire != 0 && keep == 0)
		return shot_error(att, "no weapon this gunner fires reaches %d "
		    "in; the farthest reaches %g in", s->range, far);
	for (i = 0; i < s->att->nweapons; i++)
		if ((s->fire & ~keep) & (1u << i))
			diag_at(L_NOTE, "shellshock.shot", att->path, 0, 0,
			    "'%s' reaches %g in, not %d in: it is left out",
			    s->att->weapon[i].name, s->att->weapon[i].range *
			    SSA_INCHES_PER_MILE, s->range);
	diag_flush();
	s->fire = keep;
	return 0;
}

/* ---- the shot ---- */

int
ss_adv_shot(struct ss_side *att, struct ss_side *def,
    const struct ss_pick *pk, struct ssa_shot *s, const char **gunner)
{
	char err[256];
	int rc;

	memset(s, 0, sizeof(*s));
	s->att = &att->u;
	s->def = &def->u;
	if ((rc = ss_pick(att, pk, &s->skill, &s->fire, gunner)) != 0)
		return rc;
	s->range = pk->range;
	s->point_blank = pk->point_blank;
	s->spread = pk->spread;
	s->angle = pk->angle;
	s->facing = pk->facing;
	/* SPEC 5's --facing left|right on a sheet: the side's front angle,
	 * as told; the rear one is asked for by name. */
	if (def->card == NULL && s->angle < 0) {
		s->angle = s->facing == SS_FACE_LEFT ? SS_ANGLE_FRONT_LEFT :
		    SS_ANGLE_FRONT_RIGHT;
		diag_at(L_NOTE, "shellshock.shot", def->path, 0, 0, "'%s' is "
		    "a record sheet, whose penetration has six angles: --facing "
		    "%s is taken as %s (--facing rear_%s for the side's rear "
		    "half)", def->u.name, ss_facing_name[s->facing],
		    ss_angle_name[s->angle], ss_facing_name[s->facing]);
	}
	if (s->angle < 0)
		s->angle = 0;
	if (pk->weapons == NULL && (rc = out_of_range(att, s)) != 0)
		return rc;
	if (!ssa_shot_check(s, err, sizeof(err)))
		return shot_error(att, "%s", err);
	return 0;
}

/* A weapon's dice: "12d6", or a card's points: "14". */
static const char *
dice_n(int n, int fixed, char buf[16])
{
	if (fixed)
		snprintf(buf, 16, "%d", n);
	else if (n)
		snprintf(buf, 16, "%dd%d", n, SS_DAMAGE_DIE);
	else
		snprintf(buf, 16, "-");
	return buf;
}

/* The line every report opens with. */
static void
opening(struct report *rp, const struct ssa_shot *s, const char *gunner,
    const char *verb)
{
	char dice[32];

	rp_f(rp, "{attacker:%s}", s->att->name);
	if (gunner)
		rp_f(rp, "'s gunner {gunner:%s}", gunner);
	else
		rp_f(rp, "{~gunner:%s}", NULL);
	rp_f(rp, " {_:%s} at {defender:%s}'s {_:%s}{~facing:%s}{~angle:%s} "
	    "from {range:%d} in (advanced rules): {dice:%s}", verb,
	    s->def->name, s->def->card ? ss_facing_name[s->facing] :
	    ss_angle_name[s->angle], ss_facing_name[s->facing],
	    s->def->card ? NULL : ss_angle_name[s->angle], s->range,
	    ss_dice_text(s->att->die, dice));
	if (s->spread)
		rp_f(rp, "+{spread:%d}d{_:%d} (spread)", s->spread,
		    SSA_SPREAD_DIE);
	else
		rp_f(rp, "{~spread:%d}", 0);
	rp_f(rp, ", skill {skill:%+d}, range {range_modifier:%+d}{_:%s}"
	    "{~point_blank:%b}\n", s->skill, ssa_range_modifier(s->range),
	    s->point_blank ? ", point blank" : "", s->point_blank);
}

/* The weapons table of the odds. */
static void
odds_weapons(struct report *rp, const struct ssa_shot *s,
    const struct ssa_odds *o)
{
	char d[3][16];
	int i;

	rp_f(rp, "  weapon              dVT   dV  needs       hit   dam   sh  "
	    "pen\n");
	rp_open(rp, "weapons", '[');
	for (i = 0; i < o->nw; i++) {
		const struct ssa_weapon_odds *w = &o->w[i];
		const struct ssa_weapon *aw = &s->att->weapon[w->weapon];

		rp_open(rp, NULL, '{');
		rp_f(rp, "  {name:%-18.18s}  {dvt:%-3s} {dv:%4d}  {need:%4d}+ "
		    "{p_hit:%8.4Q} % {_:%5s}{~dam:%d} {_:%4s}{~sh:%d} {_:%4s}"
		    "{~pen:%d}\n", aw->name, ss_dvt_name[w->dvt], w->dv,
		    w->need, w->p_hit, dice_n(w->dam, aw->fixed, d[0]), w->dam,
		    dice_n(w->sh, aw->fixed, d[1]), w->sh,
		    dice_n(w->pen, aw->fixed, d[2]), w->pen);
		rp_close(rp);
	}
	rp_close(rp);
}

void
ss_adv_odds_report(struct report *rp, const struct ssa_shot *s,
    const char *gunner, const struct ssa_odds *o)
{
	const struct ssa_unit *d = s->def;
	int i;

	opening(rp, s, gunner, "fires");
	odds_weapons(rp, s, o);
	rp_f(rp, "  (needs: on the dice; a natural {_:%d}, {_:%d} or {_:%d} "
	    "misses: {p_natural_miss:%.4Q} %; a natural {_:%d} hits with "
	    "everything, doubled: {p_natural_20:%.4Q} %, and a second "
	    "destroys: {p_second_20:%.4Q} %)\n", SSA_FLUB_LO, SSA_FLUB_LO + 1,
	    SSA_FLUB_HI, SSA_NICE, o->p_flub, o->p_nice, o->p_second);
	rp_f(rp, "a doubled hit (a natural 20, or a d10's 10 re-rolled to 10, "
	    "and a weapon hits): {p_doubled:%.4Q} %\n", o->p_doubled);
	rp_f(rp, "rolled, on average: damage {mean_damage:%.4R}, shock "
	    "{mean_shock:%.4R}, penetration {mean_penetration:%.4R}\n",
	    o->mean[0], o->mean[1], o->mean[2]);
	rp_f(rp, "{_:%-34s} {p_miss:%8.4Q} %\n", "no weapon hits", o->p_miss);
	/* The rows below and this one add up to 1 (JSON: p_second_20). */
	rp_f(rp, "{_:%-34s} {_:%8.4Q} %\n", "a second natural 20 (destroyed)",
	    o->p_second);
	if (d->card) {
		rp_f(rp, "{_:%-34s} {p_internal:%8.4Q} %\n",
		    "at least one internal box", o->p_internal);
	} else {
		rp_f(rp, "{_:%-34s} {p_no_internal:%8.4Q} %\n",
		    "a hit, no internal damage", o->p_out[SSA_OUT_NONE]);
		char core[40];

		snprintf(core, sizeof(core), "a core hit (%d %%, one line)",
		    SS_CORE_HIT_PERCENT);
		rp_f(rp, "{_:%-34s} {p_core:%8.4Q} %\n", core,
		    o->p_out[SSA_OUT_CORE]);
		rp_open(rp, "boxes", '[');
		for (i = 0; i < d->nboxes; i++) {
			char what[48];

			snprintf(what, sizeof(what), "internal %d+: %d %%, %d "
			    "hit%s", d->box[i].min, d->box[i].percent,
			    d->box[i].hits, d->box[i].hits == 1 ? "" : "s");
			rp_open(rp, NULL, '{');
			rp_f(rp, "{_:%-34s}{~min:%d}{~percent:%d}{~hits:%d} "
			    "{p:%8.4Q} %\n", what, d->box[i].min,
			    d->box[i].percent, d->box[i].hits,
			    o->p_out[SSA_OUT_BOX0 + i]);
			rp_close(rp);
		}
		rp_close(rp);
		char what[48];

		snprintf(what, sizeof(what), "dead (%d+ internal)", d->dead);
		rp_f(rp, "{_:%-34s} {p_dead:%8.4Q} %\n", what, o->p_dead);
	}
	rp_f(rp, "{_:%-34s} {p_destroyed:%8.4Q} %\n", "destroyed",
	    o->p_destroyed);
}

/* ---- resolve ---- */

/* The hit roll's dice, the second roll of a natural 20 and the total. */
static void
resolve_roll(struct report *rp, const struct ssa_shot *s,
    const struct ssa_steps *st)
{
	const struct ss_steps *r = &st->roll;
	int w, j;

	rp_open(rp, "hit_roll", '{');
	rp_f(rp, "hit roll: ");
	rp_open(rp, "dice", '[');
	for (w = 0; w < 2; w++) {
		rp_f(rp, "{_:%s}d{_:%d} {:%d}", w ? " + " : "",
		    w ? s->att->die : SS_HUMAN_DIE, r->face[w]);
		for (j = 0; j < r->nreroll[w]; j++)
			rp_f(rp, "+{_:%d}", r->reroll[w][j]);
	}
	rp_close(rp);
	rp_open(rp, "rerolls", '[');
	for (w = 0; w < 2; w++) {
		rp_open(rp, NULL, '[');
		for (j = 0; j < r->nreroll[w]; j++)
			rp_f(rp, "{~:%d}", r->reroll[w][j]);
		rp_close(rp);
	}
	rp_close(rp);
	rp_open(rp, "spread", '[');
	for (j = 0; j < st->nspread; j++)
		rp_f(rp, "{_:%s}d{_:%d} {:%d}", j ? " + " : " + spread ",
		    SSA_SPREAD_DIE, st->spread_rolls[j]);
	rp_close(rp);
	rp_f(rp, ", skill {skill:%+d}, range {range_modifier:%+d} = "
	    "{total:%d}\n", r->skill, r->range_mod, r->total);
	if (r->natural == SS_NAT_FLUB)
		rp_f(rp, "natural {natural:%d}: a {natural_rule:%s}, whatever the "
		    "total\n", r->face[0] + r->face[1], "miss");
	else if (r->natural == SS_NAT_LUCKY)
		rp_f(rp, "natural {natural:%d}: a {natural_rule:%s} with every "
		    "weapon, doubled; second roll d{_:%d} {second_human:%d} + "
		    "d{_:%d} {second_targeting:%d}{_:%s}\n", SSA_NICE, "hit",
		    SS_HUMAN_DIE, st->second[0], s->att->die, st->second[1],
		    st->destroyed_by_second ? ": a second natural 20" : "");
	else
		rp_f(rp, "{~natural:%d}{~natural_rule:%s}",
		    r->face[0] + r->face[1], NULL);
	if (st->doubled && r->natural != SS_NAT_LUCKY)
		rp_f(rp, "a d10's re-roll showed 10 again: damage, shock and "
		    "penetration doubled\n");
	rp_f(rp, "{~doubled:%b}", st->doubled);
	rp_close(rp);
}

static void
resolve_weapons(struct report *rp, const struct ssa_shot *s,
    const struct ssa_steps *st)
{
	int i;

	rp_open(rp, "weapons", '[');
	for (i = 0; i < st->nw; i++) {
		const struct ssa_weapon *w = &s->att->weapon[st->w[i].weapon];

		rp_open(rp, NULL, '{');
		rp_f(rp, "  {name:%-18.18s}  {dvt:%-3s} dV {dv:%-3d} {_:%s}"
		    "{~hit:%b}{~krg:%d}\n", w->name, ss_dvt_name[st->w[i].dvt],
		    st->w[i].dv, st->w[i].hit ? "hit" : "miss", st->w[i].hit,
		    w->krg);
		rp_close(rp);
	}
	rp_close(rp);
}

/* "Remember when applying damage, everything is applied per gunner":
 * the dice of the weapons that hit, totalled (a card's weapons: their
 * points; a card hit: the damage alone). */
static void
resolve_dice(struct report *rp, const struct ssa_shot *s,
    const struct ssa_steps *st)
{
	static const char *const what[3] = { "damage", "shock", "penetration" };
	int i, n = s->def->card ? 1 : 3;

	rp_open(rp, "rolled", '{');
	for (i = 0; i < n; i++) {
		rp_open(rp, what[i], '{');
		rp_f(rp, "{_:%s}{_:%s} {~dice:%d}", i ? ", " : "", what[i],
		    st->dice[i]);
		if (s->att->card)
			rp_f(rp, "{rolled:%d} points", st->rolled[i]);
		else if (st->dice[i] == 0)
			rp_f(rp, "none{~rolled:%d}", st->rolled[i]);
		else
			rp_f(rp, "{_:%d}d{_:%d} {rolled:%d}", st->dice[i],
			    SS_DAMAGE_DIE, st->rolled[i]);
		if (st->doubled && st->rolled[i])
			rp_f(rp, " x{_:%d} = {_:%d}", SSA_NICE_TIMES, st->total[i]);
		rp_f(rp, "{~total:%d}", st->total[i]);
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "\n");
}

/* Chart lines as ranges: "37-57", "20-24, 51-56". */
static void
line_ranges(char *buf, size_t len, const int *v, int n)
{
	size_t at = 0;
	int i = 0, j;

	buf[0] = '\0';
	while (i < n && at < len) {
		for (j = i; j + 1 < n && v[j + 1] == v[j] + 1; j++)
			;
		at += (size_t)snprintf(buf + at, len - at, "%s%d", i ? ", " :
		    "", v[i]);
		if (j > i && at < len)
			at += (size_t)snprintf(buf + at, len - at, "-%d", v[j]);
		i = j + 1;
	}
}

/* "Rows 1-8 are maximum speed. Row 9 is Acceleration, and row 10 is
 * Deceleration. Subtract the number listed"; SLIP, TURN and MSRP add
 * 1; X renders the unit immobile. */
static void
loco_roll(struct report *rp, const struct ssa_unit *u,
    const struct ssa_hit_equip *h)
{
	static const char *const what[3] = {
		"maximum speed", "acceleration", "deceleration"
	};
	int cell = u->loco[h->loco_row - 1][h->loco_col - 1];
	int row = h->loco_row <= SS_LOCO_SPEED_ROWS ? 0 :
	    h->loco_row == SS_LOCO_ROW_ACCEL ? 1 : 2;
	const char *word = cell < 0 ? ss_loco_word[SSA_LOCO_WORD(cell)] : NULL;
	char effect[64];

	if (word && strcmp(word, "X") == 0)
		snprintf(effect, sizeof(effect), "immobile");
	else if (word)
		snprintf(effect, sizeof(effect), "+1 %s", word);
	else
		snprintf(effect, sizeof(effect), "-%d %s", cell, what[row]);
	rp_open(rp, "locomotion_roll", '{');
	rp_f(rp, "    locomotion damage chart: d10 {row:%d}, d6 {column:%d}: "
	    "{effect:%s}\n", h->loco_row, h->loco_col, effect);
	rp_close(rp);
}

/* The internal % box, the chart and the equipment hit. */
static void
resolve_chart(struct report *rp, const struct ssa_shot *s,
    const struct ssa_steps *st)
{
	const struct ssa_unit *u = s->def;
	char lines[512];
	int i, k;

	if (st->box == SSA_OUT_CORE)
		rp_f(rp, "internal {_:%d}, under the first box ({_:%d}): a core "
		    "hit, {percent:%d} %", st->internal, u->nboxes ?
		    u->box[0].min : 0, st->percent);
	else
		rp_f(rp, "internal {_:%d}: the box of {~min:%d}{_:%d}+, "
		    "{percent:%d} %", st->internal, u->box[st->box -
		    SSA_OUT_BOX0].min, u->box[st->box - SSA_OUT_BOX0].min,
		    st->percent);
	rp_f(rp, ", {hits:%d} hit{_:%s} each; internal roll "
	    "{internal_roll:%d} marks ", st->hits, st->hits == 1 ? "" : "s",
	    st->chart_roll);
	line_ranges(lines, sizeof(lines), st->marked, st->nmarked);
	rp_f(rp, "{lines:%s}\n", lines);
	rp_open(rp, "equipment", '[');
	for (i = 0; i < st->neq; i++) {
		const struct ssa_hit_equip *h = &st->eq[i];
		const char *name = "?";
		int loco = 0;

		for (k = 0; k < u->nequip; k++)
			if (u->equip[k].letter == h->letter) {
				name = u->equip[k].name;
				loco = u->equip[k].locomotion;
			}
		rp_open(rp, NULL, '{');
		rp_f(rp, "  {letter:%c} {name:%s}: {hits:%d} hit{_:%s}{_:%s}"
		    "{~destroyed:%b}{~locomotion:%b}\n", h->letter, name,
		    h->hits, h->hits == 1 ? "" : "s", loco ? ", not crossed off"
		    : h->destroyed ? ", destroyed" : "", h->destroyed, loco);
		if (h->loco_row)
			loco_roll(rp, u, h);
		if (h->explosion >= 0)
			rp_f(rp, "    sympathetic explosion, attacker {~attacker:%d}"
			    "{_:%d} against defender {~defender:%d}{_:%d}: {_:%s}"
			    "{~exploded:%b}\n", st->ex[h->explosion].att,
			    st->ex[h->explosion].att, st->ex[h->explosion].def,
			    st->ex[h->explosion].def, st->ex[h->explosion].exploded ?
			    "it explodes" : "it holds",
			    st->ex[h->explosion].exploded);
		rp_close(rp);
	}
	rp_close(rp);
}

/* Armor, overshock, overpenetration and internal damage on a sheet. */
static void
resolve_sheet(struct report *rp, const struct ssa_shot *s,
    const struct ssa_steps *st)
{
	rp_open(rp, "armor", '{');
	rp_f(rp, "armor {_:%s}: {before:%d} -> {after:%d}", ss_facing_name[
	    s->facing], st->armor_before, st->armor_after);
	rp_close(rp);
	rp_f(rp, "; shock over {shock_threshold:%d}: {overshock:%d}; "
	    "penetration over {penetration:%d}: {overpenetration:%d}; "
	    "{internal:%d} internal\n", s->def->shock, st->shock_over,
	    st->pen_factor, st->pen_over, st->internal);
	if (st->internal >= s->def->dead)
		rp_f(rp, "internal {_:%d}: {_:%d} or more is dead\n",
		    st->internal, s->def->dead);
	else if (st->box >= 0)
		resolve_chart(rp, s, st);
}

/* "Mark off used ammunition": a round of each weapon fired that counts
 * them, hit or miss. */
static void
spent(struct report *rp, const struct ssa_shot *s, const struct ssa_steps *st)
{
	int i, n = 0;

	rp_open(rp, "ammunition", '[');
	for (i = 0; i < st->nw; i++) {
		const struct ssa_weapon *w = &s->att->weapon[st->w[i].weapon];

		if (w->ammo <= 0)
			continue;
		rp_open(rp, NULL, '{');
		rp_f(rp, "{_:%s}{name:%s} {before:%d} -> {after:%d}",
		    n++ ? ", " : "ammunition: ", w->name, w->ammo, w->ammo - 1);
		rp_close(rp);
	}
	rp_close(rp);
	if (n)
		rp_f(rp, "\n");
}

void
ss_adv_resolve_report(struct report *rp, const struct ssa_shot *s,
    const char *gunner, const struct ssa_steps *st)
{
	opening(rp, s, gunner, "fires");
	resolve_roll(rp, s, st);
	resolve_weapons(rp, s, st);
	spent(rp, s, st);
	/* "adjust your batteries for any energy weapons fired" */
	if (st->krg)
		rp_f(rp, "batteries: {kreigs:%d} kreig{_:%s} spent\n", st->krg,
		    st->krg == 1 ? "" : "s");
	else
		rp_f(rp, "{~kreigs:%d}", 0);
	if (st->outcome != SS_MISS && !st->destroyed_by_second) {
		resolve_dice(rp, s, st);
		if (s->def->card)
			ss_damage_report(rp, &st->card, s->def->card);
		else
			resolve_sheet(rp, s, st);
	}
	rp_f(rp, "{~cause:%s}outcome: {outcome:%s}", st->cause,
	    ss_outcome_name[st->outcome]);
	if (st->cause)
		rp_f(rp, " ({_:%s})", st->cause);
	rp_f(rp, "\n");
}
