/*
 * systems/shellshock_sheet.c -- kind sheet: the advanced rules' full
 * record sheet, one vehicle to a page (003_1dddfc23c27b38e7.txt; SPEC
 * 3.2): speeds and turns, slip, terrain, movement multipliers, crew and
 * fire systems, weapons, defense, armor, shock and penetration, the
 * internal % boxes and the 1-100 internal damage chart, the equipment
 * manifest and the locomotion chart.
 *
 * load() keeps the document's nodes for the rules to point at; rules[]
 * holds one check per SPEC 3.2 item and those the rules imply; the
 * sheet product fills the record the shellshock-sheet template prints.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../record.h"
#include "../rules/shellshock.h"
#include "../rules/shellshock_advanced.h"
#include "../schema.h"
#include "../system.h"
#include "shellshock_game.h"

/* What one sheet holds at most: rows of its tables (the template's). */
#define MAX_SPEEDS 24
#define MAX_CREW 8
#define MAX_SYSTEMS 8
#define MAX_WEAPONS 14
#define MAX_EQUIPMENT 26
#define MAX_TERRAIN 10
#define MAX_BOXES 6	/* the sheet has room for six internal % boxes */
#define MAX_CHART SS_CHART_HI	/* a line a roll at most */

/* ---- keys (SPEC 3.2) ---- */

#define MULT_HINT "a movement multiplier, 0 (cannot) or more"

static const struct skey k_crew_keys[] = {
	K_TEXT("role", REQ, "what the crewman does, such as Pilot or Gunner"),
	K_TEXT("id", REQ, "the crewman's id, such as P or G1"),
	K_INT("skill", REQ, 0, 20),
	K_INT("ecv", REQ, 0, 9999),
	K_STR("name", OPT),
	K_END
};
static const struct skey k_crew[] = { K_MAP("crewman", REQ, k_crew_keys) };

static const struct skey k_speed_keys[] = {
	K_INT("speed", REQ, 0, 999),
	K_INT("turn", REQ, 0, 999),
	K_BOOL("road", OPT),
	K_END
};
static const struct skey k_speed[] = { K_MAP("row", REQ, k_speed_keys) };
static const struct skey k_cost[] = { K_INTH("cost", REQ, -1000, 1000,
	"a movement cost, " STR(SS_TERRAIN_MIN) " to " STR(SS_TERRAIN_MAX)) };

static const struct skey k_multipliers[] = {
	K_INTH("forward", REQ, -99, 99, MULT_HINT),
	K_INTH("front_right", REQ, -99, 99, MULT_HINT),
	K_INTH("rear_right", REQ, -99, 99, MULT_HINT),
	K_INTH("reverse", REQ, -99, 99, MULT_HINT),
	K_INTH("rear_left", REQ, -99, 99, MULT_HINT),
	K_INTH("front_left", REQ, -99, 99, MULT_HINT),
	K_END
};

static const struct skey k_movement[] = {
	K_SEQH("speeds", REQ, 1, MAX_SPEEDS, k_speed,
	    "the speed and turn rows, such as [{speed: 1, turn: 1}, ...]"),
	K_INT("acceleration", REQ, 0, 999),
	K_INT("deceleration", REQ, 0, 999),
	K_INTH("slip", REQ, -99, 99,
	    "the slip indicator, " STR(SS_SLIP_MIN) " to " STR(SS_SLIP_MAX)),
	K_MAPANY("terrain", REQ, k_cost),
	K_MAP("multipliers", REQ, k_multipliers),
	K_INT("free_facing", REQ, 0, SS_NANGLES),	/* hex facings: six */
	K_INT("muck", REQ, 0, 999),
	K_END
};

static const struct skey k_dv_item[] = { K_INTH("dV", REQ, -9999, 9999,
	"a defense value, " STR(SS_DV_MIN) " or more") };
static const struct skey k_defense[] = {
	K_SEQ("B", REQ, 2, 2, k_dv_item),
	K_SEQ("M", REQ, 2, 2, k_dv_item),
	K_SEQ("E", REQ, 2, 2, k_dv_item),
	K_SEQ("I", REQ, 2, 2, k_dv_item),
	K_SEQ("SA", REQ, 2, 2, k_dv_item),
	K_SEQ("P", REQ, 2, 2, k_dv_item),
	K_END
};

static const struct skey k_armor[] = {
	K_INTH("front", REQ, -99999, 99999, "armor points, 0 or more"),
	K_INTH("left", REQ, -99999, 99999, "armor points, 0 or more"),
	K_INTH("right", REQ, -99999, 99999, "armor points, 0 or more"),
	K_INTH("rear", REQ, -99999, 99999, "armor points, 0 or more"),
	K_END
};

static const struct skey k_penetration[] = {
	K_INTH("front", REQ, -9999, 9999, "penetration, 0 or more"),
	K_INTH("front_right", REQ, -9999, 9999, "penetration, 0 or more"),
	K_INTH("rear_right", REQ, -9999, 9999, "penetration, 0 or more"),
	K_INTH("rear", REQ, -9999, 9999, "penetration, 0 or more"),
	K_INTH("rear_left", REQ, -9999, 9999, "penetration, 0 or more"),
	K_INTH("front_left", REQ, -9999, 9999, "penetration, 0 or more"),
	K_END
};

static const struct skey k_box_keys[] = {
	K_INTH("min", REQ, -9999, 99999,
	    "the internal damage the box starts at, 1 or more"),
	K_INTH("percent", REQ, -999, 999, "the share of the chart, "
	    STR(SS_CHART_LO) " to " STR(SS_CHART_HI)),
	K_INTH("hits", REQ, -99, 99, "the hits each piece takes, 1 or more"),
	K_END
};
static const struct skey k_box[] = { K_MAP("box", REQ, k_box_keys) };

static const struct skey k_line_keys[] = {
	K_INTH("from", REQ, -9999, 9999, "the line's first roll, "
	    STR(SS_CHART_LO) " to " STR(SS_CHART_HI)),
	K_INTH("to", REQ, -9999, 9999, "the line's last roll, "
	    STR(SS_CHART_LO) " to " STR(SS_CHART_HI)),
	K_TEXT("letter", REQ, "the equipment letter, such as A"),
	K_END
};
static const struct skey k_line[] = { K_MAP("line", REQ, k_line_keys) };

static const struct skey k_equipment_keys[] = {
	K_TEXT("letter", REQ, "its letter on the internal damage chart"),
	K_TEXT("name", REQ, "what it is, such as Engine (turbine)"),
	K_INT("hits", REQ, 1, 9),
	K_BOOL("locomotion", OPT),
	K_INT("power", OPT, 0, 999),
	K_END
};
static const struct skey k_equipment[] = {
	K_MAP("equipment", REQ, k_equipment_keys)
};

static const struct skey k_system_keys[] = {
	K_TEXT("name", REQ, "the fire system, such as Turret or Body"),
	K_TEXT("controller", REQ, "the id of the crewman who controls it"),
	K_END
};
static const struct skey k_system[] = {
	K_MAP("fire system", REQ, k_system_keys)
};

static const struct skey k_operator[] = { K_STR("operator", REQ) };
static const struct skey k_weapon_keys[] = {
	K_TEXT("name", REQ, "the weapon, such as 120mm Cannon"),
	K_ENUMR("dvt", REQ, ss_dvt_name, "shellshock.sheet.dvt"),
	K_INT("dam", REQ, 0, 99),
	K_INT("sh", REQ, 0, 99),
	K_INT("pen", REQ, 0, 99),
	K_INT("krg", OPT, 0, 99),
	K_BOOL("spread", OPT),
	K_BOOL("indirect", OPT),
	K_NUM("range", REQ, 0, 1000),
	K_SEQH("operators", REQ, 1, MAX_CREW, k_operator,
	    "the ids of the crew who may fire it, such as [G1]"),
	K_TEXT("system", REQ, "the fire system it belongs to"),
	K_END
};
static const struct skey k_weapon[] = { K_MAP("weapon", REQ, k_weapon_keys) };

static const struct skey k_physical[] = {
	K_NUM("dam", REQ, 0, 99),
	K_NUM("sh", REQ, 0, 99),
	K_NUM("pen", REQ, 0, 99),
	K_INT("kick", OPT, 0, 99),
	K_INT("punch", OPT, 0, 99),
	K_END
};

static const struct skey k_cell[] = { K_ANY("cell", REQ) };
static const struct skey k_loco_row[] = {
	K_SEQ("row", REQ, 1, 99, k_cell)	/* 10 x 6 is the rule's */
};

static const struct skey k_sheet[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_TEXT("name", REQ, "the unit's name"),
	K_STR("card", OPT),
	K_ENUM("era", REQ, ss_era_name),
	K_STR("side", OPT),
	K_INT("ecv", REQ, 0, 99999),
	K_SEQH("crew", REQ, 1, MAX_CREW, k_crew,
	    "the crew, such as [{role: Pilot, id: P, skill: 2}]"),
	K_MAP("movement", REQ, k_movement),
	K_ENUMR("to_hit", REQ, ss_to_hit_name, "shellshock.sheet.to-hit"),
	K_MAP("defense", REQ, k_defense),
	K_MAP("armor", REQ, k_armor),
	K_INTH("shock_threshold", REQ, -9999, 9999,
	    "points of damage, 0 or more"),
	K_MAP("penetration", REQ, k_penetration),
	K_SEQH("internal_percent", REQ, 1, MAX_BOXES, k_box,
	    "the internal % boxes, such as [{min: 2, percent: 5, hits: 1}]"),
	K_INTH("dead", REQ, -9999, 99999,
	    "the internal damage that destroys the unit, above the last box"),
	K_SEQH("internal_chart", REQ, 1, MAX_CHART, k_line,
	    "lines of the chart, such as [{from: 1, to: 8, letter: A}]"),
	K_SEQH("equipment", REQ, 1, MAX_EQUIPMENT, k_equipment,
	    "the manifest, such as [{letter: A, name: Engine, hits: 2}]"),
	K_SEQH("fire_systems", REQ, 1, MAX_SYSTEMS, k_system,
	    "the fire systems, such as [{name: Turret, controller: G1}]"),
	K_SEQH("weapons", REQ, 0, MAX_WEAPONS, k_weapon,
	    "the weapon table, such as [{name: Cannon, dvt: B, ...}], or [] "
	    "for none"),
	K_MAP("physical", REQ, k_physical),
	K_SEQH("locomotion_chart", REQ, 1, 99, k_loco_row,
	    "10 rows of 6 cells, each a number or SLIP, TURN, MSRP, X"),
	K_END
};

/* ---- load ---- */

/* A value the schema passed: present, a scalar and not marked bad.  A
 * rule leaves out what is not (its own error is told) rather than read
 * it as 0. */
#define GOOD(n) ((n) && !(n)->bad && (n)->type == N_SCALAR)

struct sheet_speed {
	const struct node *map, *speed_n, *turn_n;
	long speed, turn;
	int road;
};

struct sheet_weapon {
	const struct node *map, *dvt_n, *krg_n, *ind_n, *range_n, *ops_n;
	const struct node *system_n;
	const char *name, *dvt, *system;
	long dam, sh, pen, krg;
	int spread, indirect;
	double range;
};

struct ss_sheet_doc {
	const struct node *root, *name_n;
	struct ss_index index;
	const char *name, *side;
	int era;
	long ecv;
	const struct node *crew_n, *speeds_n, *slip_n, *terrain_n, *mult_n;
	const struct node *to_hit_n, *boxes_n, *dead_n, *chart_n, *equip_n;
	const struct node *systems_n, *loco_n;
	long accel, decel, slip, free_facing, muck, shock, dead;
	long mult[SS_NANGLES], pen[SS_NANGLES], armor[SS_NFACINGS];
	long dv[SS_NDVT][2];
	const char *to_hit;
	double ram[3];
	long kick, punch;
	int has_kick, has_punch;
	struct sheet_speed speed[MAX_SPEEDS];
	int nspeeds;
	struct sheet_weapon weapon[MAX_WEAPONS];
	int nweapons;
};

#define SHEET(obj) ((const struct ss_sheet_doc *)(obj))

static void *
load(const struct node *root, struct arena *a, struct batch *b)
{
	struct ss_sheet_doc *s = arena_alloc(a, sizeof(*s));
	const struct node *mv, *n, *ph, *df;
	size_t i;

	(void)b;
	s->root = root;
	s->name_n = node_get(root, "name");
	s->name = node_str(s->name_n, "(unnamed)");
	ss_index_load(&s->index, node_get(root, "card"), a);
	s->side = get_str(root, "side", NULL);
	s->era = str_index(ss_era_name, get_str(root, "era", NULL));
	s->ecv = get_long(root, "ecv", 0);
	s->crew_n = node_get(root, "crew");
	mv = node_get(root, "movement");
	s->speeds_n = node_get(mv, "speeds");
	for (i = 0; s->speeds_n && !s->speeds_n->bad &&
	    s->speeds_n->type == N_SEQ && i < s->speeds_n->n; i++) {
		const struct node *m = s->speeds_n->kid[i];
		struct sheet_speed *sp = &s->speed[s->nspeeds];

		if (m->type != N_MAP || m->bad)
			continue;
		sp->map = m;
		sp->speed_n = node_get(m, "speed");
		sp->turn_n = node_get(m, "turn");
		if (!GOOD(sp->speed_n) || !GOOD(sp->turn_n))
			continue;
		sp->speed = node_long(sp->speed_n, 0);
		sp->turn = node_long(sp->turn_n, 0);
		sp->road = node_bool(node_get(m, "road"), 0);
		s->nspeeds++;
	}
	s->accel = get_long(mv, "acceleration", 0);
	s->decel = get_long(mv, "deceleration", 0);
	s->slip_n = node_get(mv, "slip");
	s->slip = node_long(s->slip_n, SS_SLIP_MIN);
	s->terrain_n = node_get(mv, "terrain");
	s->mult_n = node_get(mv, "multipliers");
	for (i = 0; i < SS_NANGLES; i++)
		s->mult[i] = get_long(s->mult_n, ss_multiplier_name[i], 0);
	s->free_facing = get_long(mv, "free_facing", 0);
	s->muck = get_long(mv, "muck", 0);
	s->to_hit_n = node_get(root, "to_hit");
	s->to_hit = node_str(s->to_hit_n, NULL);
	df = node_get(root, "defense");
	for (i = 0; i < SS_NDVT; i++) {
		n = node_get(df, ss_dvt_name[i]);
		if (n && !n->bad && n->type == N_SEQ && n->n == 2) {
			s->dv[i][0] = node_long(n->kid[0], 0);
			s->dv[i][1] = node_long(n->kid[1], 0);
		}
	}
	n = node_get(root, "armor");
	for (i = 0; i < SS_NFACINGS; i++)
		s->armor[i] = get_long(n, ss_facing_name[i], 0);
	s->shock = get_long(root, "shock_threshold", 0);
	n = node_get(root, "penetration");
	for (i = 0; i < SS_NANGLES; i++)
		s->pen[i] = get_long(n, ss_angle_name[i], 0);
	s->boxes_n = node_get(root, "internal_percent");
	s->dead_n = node_get(root, "dead");
	s->dead = node_long(s->dead_n, 0);
	s->chart_n = node_get(root, "internal_chart");
	s->equip_n = node_get(root, "equipment");
	s->systems_n = node_get(root, "fire_systems");
	n = node_get(root, "weapons");
	for (i = 0; n && !n->bad && n->type == N_SEQ && i < n->n; i++) {
		const struct node *m = n->kid[i];
		struct sheet_weapon *w = &s->weapon[s->nweapons];

		if (m->type != N_MAP || m->bad)
			continue;
		w->map = m;
		w->name = get_str(m, "name", "");
		w->dvt_n = node_get(m, "dvt");
		w->dvt = node_str(w->dvt_n, NULL);
		w->dam = get_long(m, "dam", 0);
		w->sh = get_long(m, "sh", 0);
		w->pen = get_long(m, "pen", 0);
		w->krg_n = node_get(m, "krg");
		w->krg = node_long(w->krg_n, 0);
		w->spread = node_bool(node_get(m, "spread"), 0);
		w->ind_n = node_get(m, "indirect");
		w->indirect = node_bool(w->ind_n, 0);
		w->range_n = node_get(m, "range");
		w->range = node_double(w->range_n, 0);
		w->ops_n = node_get(m, "operators");
		w->system_n = node_get(m, "system");
		w->system = node_str(w->system_n, NULL);
		s->nweapons++;
	}
	ph = node_get(root, "physical");
	s->ram[0] = node_double(node_get(ph, "dam"), 0);
	s->ram[1] = node_double(node_get(ph, "sh"), 0);
	s->ram[2] = node_double(node_get(ph, "pen"), 0);
	s->has_kick = node_get(ph, "kick") != NULL;
	s->kick = get_long(ph, "kick", 0);
	s->has_punch = node_get(ph, "punch") != NULL;
	s->punch = get_long(ph, "punch", 0);
	s->loco_n = node_get(root, "locomotion_chart");
	return s;
}

/* The good items of a list node (bad ones are the schema's). */
#define EACH(list, i, m) \
	for ((i) = 0; (list) && !(list)->bad && (list)->type == N_SEQ && \
	    (i) < (list)->n; (i)++) \
		if (((m) = (list)->kid[i])->type == N_MAP && !(m)->bad)

/* The crewman with that id, or NULL. */
static const struct node *
crewman(const struct ss_sheet_doc *s, const char *id)
{
	const struct node *m;
	size_t i;

	EACH(s->crew_n, i, m)
		if (id && strcmp(get_str(m, "id", ""), id) == 0)
			return m;
	return NULL;
}

/* The fire system of that name, or NULL. */
static const struct node *
fire_system(const struct ss_sheet_doc *s, const char *name)
{
	const struct node *m;
	size_t i;

	EACH(s->systems_n, i, m)
		if (name && strcmp(get_str(m, "name", ""), name) == 0)
			return m;
	return NULL;
}

/* The crew's ids, for hints: at most MAX_CREW, NULL-ended. */
static void
crew_ids(const struct ss_sheet_doc *s, const char **ids)
{
	const struct node *m;
	size_t i, n = 0;

	EACH(s->crew_n, i, m)
		if (n < MAX_CREW)
			ids[n++] = get_str(m, "id", "");
	ids[n] = NULL;
}

/* ---- rules (SPEC 3.2), one function each ---- */

/* "Turn Numbers increase with speed": speeds rise row by row, turn
 * numbers never fall. */
static void
r_speeds(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	long v[MAX_SPEEDS];
	const struct node *at[MAX_SPEEDS];
	int i;

	(void)b;
	for (i = 0; i < s->nspeeds; i++) {
		v[i] = s->speed[i].speed;
		at[i] = s->speed[i].speed_n;
	}
	check_ascending(v, at, (size_t)s->nspeeds, 1, self->id, "speed");
}

static void
r_turn(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	long v[MAX_SPEEDS];
	const struct node *at[MAX_SPEEDS];
	int i;

	(void)b;
	for (i = 0; i < s->nspeeds; i++) {
		v[i] = s->speed[i].turn;
		at[i] = s->speed[i].turn_n;
	}
	check_ascending(v, at, (size_t)s->nspeeds, 0, self->id, "turn");
}

/* "The unit's top speed is the last number in the column that is not
 * italicized. The numbers in Italics indicate the road speed": road
 * rows come only above the top speed off the road. */
static void
r_road(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	int i, road = -1;

	(void)b;
	for (i = 0; i < s->nspeeds; i++) {
		if (s->speed[i].road) {
			if (road < 0)
				road = i;
			continue;
		}
		if (road >= 0) {
			diag(L_ERROR, self->id, s->speed[i].map, "speed %ld is "
			    "off the road but comes after road speed %ld; road "
			    "speeds are the rows above the top speed off the "
			    "road", s->speed[i].speed, s->speed[road].speed);
			return;
		}
	}
	if (s->nspeeds > 0 && road == 0)
		diag(L_ERROR, self->id, s->speed[0].map, "every speed row is a "
		    "road speed; give the speeds off the road first");
}

/* "a small square with a number from 2-5 ... the Slip Indicator" */
static void
r_slip(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);

	(void)b;
	if (s->slip_n && !s->slip_n->bad &&
	    (s->slip < SS_SLIP_MIN || s->slip > SS_SLIP_MAX))
		diag(L_ERROR, self->id, s->slip_n, "slip is %ld; the slip "
		    "indicator is %d to %d (a d%d roll to keep control)", s->slip,
		    SS_SLIP_MIN, SS_SLIP_MAX, SS_SLIP_DIE);
}

/* The era decides the targeting die, as on the basic card. */
static void
r_to_hit(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	char dice[32];
	int die = ss_to_hit_die(s->to_hit);

	(void)b;
	if (die && s->era >= 0 && !ss_era_allows_die(s->era, die))
		diag(L_ERROR, self->id, s->to_hit_n, "to_hit '%s': a %s unit "
		    "rolls the gunner's d10 and a %s, not a d%d", s->to_hit,
		    ss_era_name[s->era], ss_era_dice(s->era, dice), die);
}

/* "It costs you the number of movement points listed to enter a hex of
 * that terrain type"; open ground costs 1 (basic rules). */
static void
r_terrain(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const struct node *t = s->terrain_n;
	size_t i;

	(void)b;
	if (t == NULL || t->bad || t->type != N_MAP)
		return;
	if (t->n > MAX_TERRAIN)
		diag(L_ERROR, self->id, t, "%zu terrain costs; the sheet has "
		    "room for %d", t->n, MAX_TERRAIN);
	for (i = 0; i < t->n; i++) {
		const char *k = MAP_KEY(t, i)->str;
		const struct node *v = MAP_VAL(t, i);
		long c = node_long(v, 0);

		if (v->bad)
			continue;
		if (strcmp(k, "open") == 0 && c != SS_OPEN_COST)
			diag(L_ERROR, self->id, v, "open terrain costs %ld; it "
			    "must cost exactly %d", c, SS_OPEN_COST);
		else if (c < SS_TERRAIN_MIN || c > SS_TERRAIN_MAX)
			diag(L_ERROR, self->id, v, "terrain cost '%s' is %ld; it "
			    "must be %d to %d", k, c, SS_TERRAIN_MIN,
			    SS_TERRAIN_MAX);
	}
}

/* "This is a multiplier chart for movement ... If the number is 0, the
 * unit cannot drift": 0 means cannot, forward at least 1. */
static void
r_multipliers(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	int i;

	(void)b;
	for (i = 0; i < SS_NANGLES; i++) {
		const struct node *n = node_get(s->mult_n,
		    ss_multiplier_name[i]);

		if (n == NULL || n->bad)
			continue;
		if (i == 0 && s->mult[i] < 1)
			diag(L_ERROR, self->id, n, "forward multiplier is %ld; a "
			    "unit moves forward at 1 or more", s->mult[i]);
		else if (s->mult[i] < 0)
			diag(L_ERROR, self->id, n, "multiplier '%s' is %ld; it "
			    "must be 0 (cannot) or more", ss_multiplier_name[i],
			    s->mult[i]);
	}
}

/* Every person in a unit acts on his own: one id each. */
static void
r_crew(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const struct node *ids[MAX_CREW] = { NULL }, *m;
	size_t i, n = 0;

	(void)b;
	EACH(s->crew_n, i, m)
		ids[n++] = node_get(m, "id");
	check_unique(ids, n, self->id, "crew id", "in the crew",
	    "give each crewman his own id");
}

/* "it can only be controlled by a single gunner ... pick one person to
 * control that system": one controller, one of the crew. */
static void
r_fire_system(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const struct node *names[MAX_SYSTEMS] = { NULL }, *m;
	const char *ids[MAX_CREW + 1];
	struct sbuf sb = SBUF_INIT;
	size_t i, n = 0;

	(void)b;
	crew_ids(s, ids);
	EACH(s->systems_n, i, m) {
		const struct node *c = node_get(m, "controller");

		names[n++] = node_get(m, "name");
		if (c == NULL || c->bad || crewman(s, c->str))
			continue;
		diag(L_ERROR, self->id, c, "fire system '%s' is controlled by "
		    "'%s', who is not in the crew%s", get_str(m, "name", ""),
		    c->str, sb_hint(&sb, c->str, ids, 1));
	}
	check_unique(names, n, self->id, "fire system", "on the sheet",
	    "give each its own name");
	sb_release(&sb);
}

/*
 * A weapon belongs to a fire system of the unit and is fired by crew
 * who have access to it; "you must pick one person to control that
 * system", so the system's controller must be among its operators.
 */
static void
r_weapon_system(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const char *ids[MAX_CREW + 1], *names[MAX_SYSTEMS + 1];
	const struct node *m;
	struct sbuf sb = SBUF_INIT;
	size_t i, n = 0;
	int w;

	(void)b;
	crew_ids(s, ids);
	EACH(s->systems_n, i, m)
		names[n++] = get_str(m, "name", "");
	names[n] = NULL;
	for (w = 0; w < s->nweapons; w++) {
		const struct sheet_weapon *wp = &s->weapon[w];
		const struct node *fs = fire_system(s, wp->system), *ops;
		const char *ctl = get_str(fs, "controller", NULL);
		int has_ctl = 0;

		if (wp->system && fs == NULL)
			diag(L_ERROR, self->id, wp->system_n, "weapon '%s' is "
			    "on fire system '%s', which the sheet does not "
			    "have%s", wp->name, wp->system,
			    sb_hint(&sb, wp->system, names, 1));
		ops = wp->ops_n;
		for (i = 0; ops && !ops->bad && ops->type == N_SEQ &&
		    i < ops->n; i++) {
			const struct node *o = ops->kid[i];

			if (o->bad)
				continue;
			if (ctl && strcmp(o->str, ctl) == 0)
				has_ctl = 1;
			if (crewman(s, o->str) == NULL)
				diag(L_ERROR, self->id, o, "weapon '%s' is fired "
				    "by '%s', who is not in the crew%s", wp->name,
				    o->str, sb_hint(&sb, o->str, ids, 1));
		}
		if (fs && ctl && ops && !ops->bad && !has_ctl)
			diag(L_ERROR, self->id, ops, "weapon '%s' is on fire "
			    "system '%s', controlled by '%s', who is not among "
			    "its operators", wp->name, wp->system, ctl);
	}
	sb_release(&sb);
}

/* "The weapon does not require any Kreigs (Power Units) to fire as
 * lasers and rail guns do": a weapon that takes kreigs needs equipment
 * that gives power. */
static void
r_krg(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const struct node *m;
	long power = 0;
	size_t i;
	int w;

	(void)b;
	EACH(s->equip_n, i, m)
		power += get_long(m, "power", 0);
	for (w = 0; w < s->nweapons; w++) {
		const struct sheet_weapon *wp = &s->weapon[w];

		if (wp->krg > 0 && wp->krg > power)
			diag(L_ERROR, self->id, wp->krg_n, "weapon '%s' takes %ld "
			    "kreig%s to fire, but the unit's equipment gives "
			    "%ld power; give a battery or generator 'power:'",
			    wp->name, wp->krg, wp->krg == 1 ? "" : "s", power);
	}
}

/* "not all weapons are capable of Indirect Fire"; "all indirect weapons
 * have a minimum range of 12 hexes": an Indirect weapon is marked so,
 * and reaches past its minimum range. */
static void
r_indirect(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	double min = (double)SS_INDIRECT_MIN_HEXES / SS_HEXES_PER_MILE;
	int w;

	(void)b;
	for (w = 0; w < s->nweapons; w++) {
		const struct sheet_weapon *wp = &s->weapon[w];

		if (wp->dvt && strcmp(wp->dvt, ss_dvt_name[SS_DVT_I]) == 0 &&
		    !wp->indirect)
			diag(L_ERROR, self->id, wp->dvt_n, "weapon '%s' rolls "
			    "against indirect defense but is not marked "
			    "'indirect: true'", wp->name);
		if (wp->indirect && wp->range_n && !wp->range_n->bad &&
		    wp->range < min - 1e-9)
			diag(L_ERROR, self->id, wp->range_n, "indirect weapon "
			    "'%s' has a range of %g miles, under its minimum of "
			    "%d hexes (%g miles)", wp->name, wp->range,
			    SS_INDIRECT_MIN_HEXES, min);
	}
}

/* The internal % chart: "a percentage of the unit destroyed" that grows
 * with the damage, box by box. */
static void
r_internal_percent(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	long min[MAX_BOXES], pct[MAX_BOXES], hits[MAX_BOXES];
	const struct node *at_min[MAX_BOXES], *at_pct[MAX_BOXES];
	const struct node *at_hits[MAX_BOXES], *m;
	size_t i, n = 0;

	(void)b;
	EACH(s->boxes_n, i, m) {
		at_min[n] = node_get(m, "min");
		at_pct[n] = node_get(m, "percent");
		at_hits[n] = node_get(m, "hits");
		if (!GOOD(at_min[n]) || !GOOD(at_pct[n]) || !GOOD(at_hits[n]))
			continue;
		min[n] = node_long(at_min[n], 0);
		pct[n] = node_long(at_pct[n], 0);
		hits[n] = node_long(at_hits[n], 0);
		if (min[n] < 1)
			diag(L_ERROR, self->id, at_min[n], "an internal %% box "
			    "starts at %ld; internal damage starts at 1", min[n]);
		/* "move up the chart by XX%": a share of its lines. */
		if (pct[n] < SS_CHART_LO || pct[n] > SS_CHART_HI)
			diag(L_ERROR, self->id, at_pct[n], "an internal %% box "
			    "is %ld%%; it must be %d to %d", pct[n], SS_CHART_LO,
			    SS_CHART_HI);
		if (hits[n] < 1)
			diag(L_ERROR, self->id, at_hits[n], "an internal %% box "
			    "gives %ld hits; it must give 1 or more", hits[n]);
		n++;
	}
	check_ascending(min, at_min, n, 1, self->id, "min");
	check_ascending(pct, at_pct, n, 1, self->id, "percent");
	check_ascending(hits, at_hits, n, 0, self->id, "hits");
}

/* "The last box is labeled Dead and has an X+ listed in it": past the
 * last box. */
static void
r_dead(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const struct node *m, *last = NULL;
	size_t i;

	(void)b;
	EACH(s->boxes_n, i, m)
		last = m;
	if (last && GOOD(node_get(last, "min")) && GOOD(s->dead_n) &&
	    s->dead <= get_long(last, "min", 0))
		diag(L_ERROR, self->id, s->dead_n, "dead is %ld; it must be above "
		    "the last internal %% box, which starts at %ld", s->dead,
		    get_long(last, "min", 0));
}

/* "roll percentile dice": the chart covers 1 to 100 exactly once. */
static void
r_chart(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	struct span sp[MAX_CHART];
	const struct node *m;
	size_t i, n = 0;

	(void)b;
	if (s->chart_n == NULL || s->chart_n->bad)
		return;
	EACH(s->chart_n, i, m) {
		/* A line without its numbers: what it covers is unknown. */
		if (!GOOD(node_get(m, "from")) || !GOOD(node_get(m, "to")))
			return;
		sp[n].lo = get_long(m, "from", 0);
		sp[n].hi = get_long(m, "to", 0);
		sp[n].at = m;
		if (sp[n].lo > sp[n].hi)
			diag(L_ERROR, self->id, m, "chart line %ld-%ld ends "
			    "before it starts", sp[n].lo, sp[n].hi);
		n++;
	}
	check_cover(sp, n, SS_CHART_LO, SS_CHART_HI, s->chart_n, self->id,
	    "roll");
}

/* "Every piece of Equipment has a letter associated with it. Simply
 * read the letters in the Internal Damage Chart, and find them in the
 * Equipment list": each letter in both, once in the manifest. */
static void
r_chart_letter(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const char *letters[MAX_EQUIPMENT + 1], *distinct[MAX_EQUIPMENT + 1];
	const struct node *lnodes[MAX_EQUIPMENT] = { NULL }, *m, *c;
	struct sbuf sb = SBUF_INIT;
	size_t i, j, n = 0, nd = 0;

	(void)b;
	EACH(s->equip_n, i, m) {
		lnodes[n] = node_get(m, "letter");
		letters[n] = get_str(m, "letter", "");
		distinct[nd] = NULL;
		if (str_index(distinct, letters[n]) < 0)
			distinct[nd++] = letters[n];
		n++;
	}
	letters[n] = NULL;
	distinct[nd] = NULL;
	check_unique(lnodes, n, self->id, "equipment letter", "in the "
	    "manifest", "give each piece of equipment its own letter");
	EACH(s->chart_n, i, c) {
		const struct node *l = node_get(c, "letter");

		if (l && !l->bad && str_index(letters, l->str) < 0)
			diag(L_ERROR, self->id, l, "chart letter '%s' is no "
			    "equipment's%s", l->str, sb_hint(&sb, l->str,
			    distinct, 1));
	}
	for (j = 0; j < n; j++) {
		int found = 0;

		EACH(s->chart_n, i, c)
			if (strcmp(get_str(c, "letter", ""), letters[j]) == 0)
				found = 1;
		if (!found && s->chart_n && !s->chart_n->bad && lnodes[j] &&
		    !lnodes[j]->bad)
			diag(L_ERROR, self->id, lnodes[j], "equipment '%s' is not "
			    "on the internal damage chart; give it a line",
			    letters[j]);
	}
	sb_release(&sb);
}

/* "Rows 1-8 are maximum speed ... There are three spaces that are
 * different. They are labeled SLIP, TURN, and MSRP ... an "X" on the
 * Locomotion Damage Chart, rendering the unit immobile"; "Every unit
 * needs some form of locomotion", the equipment the chart is for. */
static void
r_locomotion(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const struct node *m, *loco = NULL;
	struct sbuf sb = SBUF_INIT;
	size_t i, j;

	(void)b;
	EACH(s->equip_n, i, m)
		if (node_bool(node_get(m, "locomotion"), 0) && loco == NULL)
			loco = m;
	/* The chart is required: a missing one is yaml.missing-key's. */
	if (s->loco_n == NULL || s->loco_n->bad)
		return;
	if (loco == NULL)
		diag(L_ERROR, self->id, s->loco_n, "every unit moves somehow: "
		    "give the equipment its locomotion_chart is for (treads, "
		    "legs, wheels) 'locomotion: true'");
	/* "roll 1d10 and 1d6": a row for each face of the d10, a cell
	 * for each of the d6. */
	if (s->loco_n->n != SS_LOCO_ROWS)
		diag(L_ERROR, self->id, s->loco_n, "the locomotion chart has %zu "
		    "row%s; it needs %d, one for each face of the d%d",
		    s->loco_n->n, s->loco_n->n == 1 ? "" : "s", SS_LOCO_ROWS,
		    SS_LOCO_ROWS);
	for (i = 0; i < s->loco_n->n; i++) {
		const struct node *row = s->loco_n->kid[i];

		if (!row->bad && row->n != SS_LOCO_COLS)
			diag(L_ERROR, self->id, row, "locomotion chart row %zu "
			    "has %zu cell%s; it needs %d, one for each face of "
			    "the d%d", i + 1, row->n, row->n == 1 ? "" : "s",
			    SS_LOCO_COLS, SS_LOCO_COLS);
		for (j = 0; !row->bad && j < row->n; j++) {
			const struct node *cell = row->kid[j];
			long v;

			if (cell->type == N_SCALAR && (str_index(ss_loco_word,
			    cell->str) >= 0 || (scalar_long(cell, &v) == 1 &&
			    v >= SS_LOCO_CELL_MIN && v <= SS_LOCO_CELL_MAX)))
				continue;
			sb_reset(&sb);
			sb_list(&sb, ss_loco_word);
			diag(L_ERROR, self->id, cell, "locomotion chart row %zu, "
			    "column %zu is '%s'; give a number %d to %d or one "
			    "of %s", i + 1, j + 1, cell->type == N_SCALAR ?
			    cell->str : "(not a value)", SS_LOCO_CELL_MIN,
			    SS_LOCO_CELL_MAX, sb.buf);
		}
	}
	sb_release(&sb);
}

/* Armor, shock and penetration are points, 0 or more; a defense value is
 * what must be rolled, at least 1 (basic rules). */
static void
r_values(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const struct node *df = node_get(s->root, "defense"), *n;
	int i, k;

	(void)b;
	for (i = 0; i < SS_NDVT; i++)
		for (k = 0; k < 2; k++) {
			n = node_get(df, ss_dvt_name[i]);
			if (n == NULL || n->bad || n->type != N_SEQ ||
			    n->n != 2 || n->kid[k]->bad ||
			    s->dv[i][k] >= SS_DV_MIN)
				continue;
			diag(L_ERROR, self->id, n->kid[k], "defense '%s' %s is "
			    "%ld; a defense value must be at least %d",
			    ss_dvt_name[i], k ? "sides" : "front/back",
			    s->dv[i][k], SS_DV_MIN);
		}
	for (i = 0; i < SS_NFACINGS; i++)
		if (s->armor[i] < SS_ARMOR_MIN && (n = node_get(node_get(s->root,
		    "armor"), ss_facing_name[i])) != NULL && !n->bad)
			diag(L_ERROR, self->id, n, "armor '%s' is %ld; armor must "
			    "be %d or more", ss_facing_name[i], s->armor[i],
			    SS_ARMOR_MIN);
	for (i = 0; i < SS_NANGLES; i++)
		if (s->pen[i] < 0 && (n = node_get(node_get(s->root,
		    "penetration"), ss_angle_name[i])) != NULL && !n->bad)
			diag(L_ERROR, self->id, n, "penetration '%s' is %ld; it "
			    "must be 0 or more", ss_angle_name[i], s->pen[i]);
	n = node_get(s->root, "shock_threshold");
	if (n && !n->bad && s->shock < 0)
		diag(L_ERROR, self->id, n, "shock_threshold is %ld; it must be 0 "
		    "or more", s->shock);
}

static void
r_card(const void *obj, struct batch *b, const struct rule *self)
{
	(void)b;
	ss_index_check(&SHEET(obj)->index, self->id);
}

static void
r_card_unique(const void *obj, struct batch *b, const struct rule *self)
{
	ss_index_claim(&SHEET(obj)->index, SHEET(obj)->name, b, self->id);
}

static const struct rule rules[] = {
	{ "shellshock.sheet.speeds", "a sheet's speed rows rise from row to row", r_speeds },
	{ "shellshock.sheet.turn", "turn numbers never fall as speed rises", r_turn },
	{ "shellshock.sheet.road", "road speeds only above the top speed off the road", r_road },
	{ "shellshock.sheet.slip", "the slip indicator is " STR(SS_SLIP_MIN) " to " STR(SS_SLIP_MAX), r_slip },
	{ "shellshock.sheet.to-hit", "to_hit is 1d10+1d6, 1d10+1d8 or 2d10, as the era allows", r_to_hit },
	{ "shellshock.sheet.terrain", "terrain costs " STR(SS_TERRAIN_MIN) " to " STR(SS_TERRAIN_MAX) ", open exactly " STR(SS_OPEN_COST) ", at most 10 of them", r_terrain },
	{ "shellshock.sheet.multipliers", "movement multipliers are 0 (cannot) or more, forward at least 1", r_multipliers },
	{ "shellshock.sheet.crew", "crew ids are unique", r_crew },
	{ "shellshock.sheet.fire-system", "each fire system has its own name and one controller, who is in the crew", r_fire_system },
	{ "shellshock.sheet.weapon-system", "a weapon's fire system exists, its operators are crew, and the system's controller is among them", r_weapon_system },
	{ "shellshock.sheet.dvt", "a weapon's dVT is B, M, E, I, SA or P", NULL },
	{ "shellshock.sheet.krg", "a weapon that takes kreigs has equipment giving that much power", r_krg },
	{ "shellshock.sheet.indirect", "an indirect (I) weapon is marked indirect and reaches at least its minimum range of " STR(SS_INDIRECT_MIN_HEXES) " hexes", r_indirect },
	{ "shellshock.sheet.internal-percent", "internal % boxes start at 1 or more and rise in min and percent, hits never falling", r_internal_percent },
	{ "shellshock.sheet.dead", "dead is above the last internal % box", r_dead },
	{ "shellshock.sheet.chart", "the internal damage chart covers " STR(SS_CHART_LO) " to " STR(SS_CHART_HI) " exactly once", r_chart },
	{ "shellshock.sheet.chart-letter", "every chart letter is equipment's and every equipment letter is on the chart, each letter once", r_chart_letter },
	{ "shellshock.sheet.locomotion", "the locomotion chart's cells are numbers or SLIP, TURN, MSRP, X, and it goes with equipment marked locomotion", r_locomotion },
	{ "shellshock.sheet.values", "defense values at least " STR(SS_DV_MIN) "; armor, shock and penetration " STR(SS_ARMOR_MIN) " or more", r_values },
	{ "shellshock.card", NULL, r_card },
	{ "shellshock.card-unique", NULL, r_card_unique },
	{ NULL, NULL, NULL }
};

/* ---- the record the sheet template prints ---- */

/* "3d6": the damage columns are dice. */
static void
dice(struct record *r, const char *key, long n)
{
	if (n > 0)
		rec_setf(r, key, "%ldd%d", n, SS_DAMAGE_DIE);
	else
		rec_set(r, key, "–");
}

/* "0.5" miles, or a whole number without a point. */
static void
miles(struct record *r, const char *key, double v)
{
	if (fabs(v - floor(v)) < 1e-9)
		rec_setf(r, key, "%.0f", v);
	else
		rec_setf(r, key, "%g", v);
}

static const char *const sheet_fields[] = {
	"name", "era", "side", "ecv", "card", "card.rank", "card.suit",
	"card.colour", "to_hit", "crew.ecv",
	"crew.{1..8}.{role,id,name,skill,ecv}",
	"speed.{1..24}", "road.{1..24}", "turn.{1..24}", "slip",
	"acceleration", "deceleration", "multipliers", "free_facing", "muck",
	"terrain.{1..10}.{name,cost}",
	"dv.{B,M,E,I,SA,P}.{fb,sd}",
	"armor.{front,left,right,rear}", "armor.{front,left,right,rear}.boxes",
	"shock", "penetration",
	"internal.min", "internal.percent", "internal.hits", "dead",
	"chart.{1.." STR(SS_CHART_HI) "}", "chart.boxes", "internal.how",
	"eq.{1..26}.{letter,name,boxes}",
	"fs.{1..8}.{name,controller}",
	"w.{1..14}.{name,dvt,dam,sh,pen,krg,spr,ind,rng,ops,sys}",
	"ram.{dam,sh,pen}", "kick", "punch",
	"loco.{1.." STR(SS_LOCO_ROWS) "}.{1.." STR(SS_LOCO_COLS) "}",
	"loco.title", "loco.note",
	NULL
};

const struct rectype ss_sheet_type = {
	"shellshock.sheet", "an advanced record sheet", sheet_fields
};

/* The equipment letter on chart line k (1..100), or "". */
static const char *
chart_letter(const struct ss_sheet_doc *s, long k)
{
	const struct node *m;
	size_t i;

	EACH(s->chart_n, i, m)
		if (k >= get_long(m, "from", 0) && k <= get_long(m, "to", 0))
			return get_str(m, "letter", "");
	return "";
}

static void
emit_sheet(const void *obj, struct emitter *e)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	struct record *r = e->rec;
	struct sbuf sb = SBUF_INIT, pb = SBUF_INIT, hb = SBUF_INIT;
	const struct node *m;
	char key[48];
	long crew_ecv = 0;
	size_t i;
	int k, j;

	record_clear(r);
	rec_label(r, s->name, s->root);
	rec_set(r, "name", s->name);
	rec_set(r, "era", s->era >= 0 ? ss_era_name[s->era] : "");
	rec_set(r, "side", s->side ? s->side : "");
	rec_setf(r, "ecv", "%ld", s->ecv);
	ss_index_emit(&s->index, r);
	rec_set(r, "to_hit", s->to_hit ? s->to_hit : "");

	/* Every row of every table is set, empty where the unit has none. */
	for (k = 1; k <= MAX_CREW; k++) {
		static const char *const f[] = { "role", "id", "name", "skill",
		    "ecv" };
		for (j = 0; j < 5; j++) {
			snprintf(key, sizeof(key), "crew.%d.%s", k, f[j]);
			rec_set(r, key, "");
		}
	}
	k = 0;
	EACH(s->crew_n, i, m) {
		k++;
		snprintf(key, sizeof(key), "crew.%d.role", k);
		rec_set(r, key, get_str(m, "role", ""));
		snprintf(key, sizeof(key), "crew.%d.id", k);
		rec_set(r, key, get_str(m, "id", ""));
		snprintf(key, sizeof(key), "crew.%d.name", k);
		rec_set(r, key, get_str(m, "name", ""));
		snprintf(key, sizeof(key), "crew.%d.skill", k);
		rec_setf(r, key, "%ld", get_long(m, "skill", 0));
		snprintf(key, sizeof(key), "crew.%d.ecv", k);
		if (node_get(m, "ecv"))
			rec_setf(r, key, "%ld", get_long(m, "ecv", 0));
		crew_ecv += get_long(m, "ecv", 0);
	}
	rec_setf(r, "crew.ecv", "%ld", crew_ecv);

	/* Speeds: road speeds in a column of their own (italic). */
	for (k = 1; k <= MAX_SPEEDS; k++) {
		const struct sheet_speed *sp = k <= s->nspeeds ?
		    &s->speed[k - 1] : NULL;

		snprintf(key, sizeof(key), "speed.%d", k);
		if (sp && !sp->road)
			rec_setf(r, key, "%ld", sp->speed);
		else
			rec_set(r, key, "");
		snprintf(key, sizeof(key), "road.%d", k);
		if (sp && sp->road)
			rec_setf(r, key, "%ld", sp->speed);
		else
			rec_set(r, key, "");
		snprintf(key, sizeof(key), "turn.%d", k);
		if (sp)
			rec_setf(r, key, "%ld", sp->turn);
		else
			rec_set(r, key, "");
	}
	rec_setf(r, "slip", "%ld", s->slip);
	rec_setf(r, "acceleration", "%ld", s->accel);
	rec_setf(r, "deceleration", "%ld", s->decel);
	for (k = 0; k < SS_NANGLES; k++)
		sb_addf(&sb, "%s%ld", k ? "," : "", s->mult[k]);
	rec_set(r, "multipliers", sb_str(&sb));
	rec_setf(r, "free_facing", "%ld", s->free_facing);
	rec_setf(r, "muck", "%ld", s->muck);
	for (k = 1; k <= MAX_TERRAIN; k++) {
		const struct node *t = s->terrain_n;
		int have = t && !t->bad && t->type == N_MAP &&
		    (size_t)k <= t->n;

		snprintf(key, sizeof(key), "terrain.%d.name", k);
		rec_set(r, key, "");
		if (have) {
			/* "shallow_water" prints "shallow water" */
			sb_reset(&sb);
			for (const char *p = MAP_KEY(t, k - 1)->str; *p; p++)
				sb_addc(&sb, *p == '_' ? ' ' : *p);
			rec_set(r, key, sb_str(&sb));
		}
		snprintf(key, sizeof(key), "terrain.%d.cost", k);
		if (have)
			rec_setf(r, key, "%ld", node_long(MAP_VAL(t, k - 1), 0));
		else
			rec_set(r, key, "");
	}

	for (k = 0; k < SS_NDVT; k++) {
		snprintf(key, sizeof(key), "dv.%s.fb", ss_dvt_name[k]);
		rec_setf(r, key, "%ld", s->dv[k][0]);
		snprintf(key, sizeof(key), "dv.%s.sd", ss_dvt_name[k]);
		rec_setf(r, key, "%ld", s->dv[k][1]);
	}
	for (k = 0; k < SS_NFACINGS; k++) {
		snprintf(key, sizeof(key), "armor.%s", ss_facing_name[k]);
		rec_setf(r, key, "%ld", s->armor[k]);
		/* A box to mark off for each point. */
		snprintf(key, sizeof(key), "armor.%s.boxes", ss_facing_name[k]);
		if (s->armor[k] > 0)
			rec_setf(r, key, "%ld", s->armor[k]);
		else
			rec_set(r, key, "");
	}
	rec_setf(r, "shock", "%ld", s->shock);
	sb_reset(&sb);
	for (k = 0; k < SS_NANGLES; k++)
		sb_addf(&sb, "%s%ld", k ? "," : "", s->pen[k]);
	rec_set(r, "penetration", sb_str(&sb));

	/* The internal % boxes as three lists, one cell each. */
	sb_reset(&sb);
	EACH(s->boxes_n, i, m) {
		sb_addf(&sb, "%s%ld+", sb.len ? "\n" : "", get_long(m, "min", 0));
		sb_addf(&pb, "%s%ld%%", pb.len ? "\n" : "",
		    get_long(m, "percent", 0));
		sb_addf(&hb, "%s%ld hit%s", hb.len ? "\n" : "",
		    get_long(m, "hits", 0), get_long(m, "hits", 0) == 1 ?
		    "" : "s");
	}
	rec_set(r, "internal.min", sb_str(&sb));
	rec_set(r, "internal.percent", sb_str(&pb));
	rec_set(r, "internal.hits", sb_str(&hb));
	rec_setf(r, "dead", "%ld+", s->dead);

	/* The 1-100 chart, a markable line each. */
	for (k = SS_CHART_LO; k <= SS_CHART_HI; k++) {
		snprintf(key, sizeof(key), "chart.%d", k);
		rec_setf(r, key, "%d %s", k, chart_letter(s, k));
	}
	rec_setf(r, "chart.boxes", "%d", SS_CHART_HI - SS_CHART_LO + 1);

	for (k = 1; k <= MAX_EQUIPMENT; k++) {
		static const char *const f[] = { "letter", "name", "boxes" };
		for (j = 0; j < 3; j++) {
			snprintf(key, sizeof(key), "eq.%d.%s", k, f[j]);
			rec_set(r, key, "");
		}
	}
	k = 0;
	EACH(s->equip_n, i, m) {
		long hits = get_long(m, "hits", 1);

		k++;
		snprintf(key, sizeof(key), "eq.%d.letter", k);
		rec_set(r, key, get_str(m, "letter", ""));
		snprintf(key, sizeof(key), "eq.%d.name", k);
		sb_reset(&sb);
		sb_adds(&sb, get_str(m, "name", ""));
		if (node_bool(node_get(m, "locomotion"), 0))
			sb_adds(&sb, " (loco.)");
		if (get_long(m, "power", 0) > 0)
			sb_addf(&sb, " (%ld power)", get_long(m, "power", 0));
		rec_set(r, key, sb_str(&sb));
		/* A box to mark for each hit it takes. */
		snprintf(key, sizeof(key), "eq.%d.boxes", k);
		rec_setf(r, key, "%ld", hits);
	}

	for (k = 1; k <= MAX_SYSTEMS; k++) {
		snprintf(key, sizeof(key), "fs.%d.name", k);
		rec_set(r, key, "");
		snprintf(key, sizeof(key), "fs.%d.controller", k);
		rec_set(r, key, "");
	}
	k = 0;
	EACH(s->systems_n, i, m) {
		k++;
		snprintf(key, sizeof(key), "fs.%d.name", k);
		rec_set(r, key, get_str(m, "name", ""));
		snprintf(key, sizeof(key), "fs.%d.controller", k);
		rec_set(r, key, get_str(m, "controller", ""));
	}

	for (k = 1; k <= MAX_WEAPONS; k++) {
		static const char *const f[] = { "name", "dvt", "dam", "sh",
		    "pen", "krg", "spr", "ind", "rng", "ops", "sys" };
		const struct sheet_weapon *w = k <= s->nweapons ?
		    &s->weapon[k - 1] : NULL;

		for (j = 0; j < 11; j++) {
			snprintf(key, sizeof(key), "w.%d.%s", k, f[j]);
			rec_set(r, key, "");
		}
		if (w == NULL)
			continue;
		snprintf(key, sizeof(key), "w.%d.name", k);
		rec_set(r, key, w->name);
		snprintf(key, sizeof(key), "w.%d.dvt", k);
		rec_set(r, key, w->dvt ? w->dvt : "");
		snprintf(key, sizeof(key), "w.%d.dam", k);
		dice(r, key, w->dam);
		snprintf(key, sizeof(key), "w.%d.sh", k);
		dice(r, key, w->sh);
		snprintf(key, sizeof(key), "w.%d.pen", k);
		dice(r, key, w->pen);
		snprintf(key, sizeof(key), "w.%d.krg", k);
		rec_setf(r, key, "%ld", w->krg);
		snprintf(key, sizeof(key), "w.%d.spr", k);
		rec_set(r, key, w->spread ? "y" : "n");
		snprintf(key, sizeof(key), "w.%d.ind", k);
		rec_set(r, key, w->indirect ? "y" : "n");
		snprintf(key, sizeof(key), "w.%d.rng", k);
		miles(r, key, w->range);
		snprintf(key, sizeof(key), "w.%d.ops", k);
		sb_reset(&sb);
		for (i = 0; w->ops_n && !w->ops_n->bad && w->ops_n->type ==
		    N_SEQ && i < w->ops_n->n; i++)
			sb_addf(&sb, "%s%s", i ? " " : "",
			    node_str(w->ops_n->kid[i], ""));
		rec_set(r, key, sb_str(&sb));
		snprintf(key, sizeof(key), "w.%d.sys", k);
		rec_set(r, key, w->system ? w->system : "");
	}
	miles(r, "ram.dam", s->ram[0]);
	miles(r, "ram.sh", s->ram[1]);
	miles(r, "ram.pen", s->ram[2]);
	if (s->has_kick)
		dice(r, "kick", s->kick);
	else
		rec_set(r, "kick", "");
	if (s->has_punch)
		dice(r, "punch", s->punch);
	else
		rec_set(r, "punch", "");

	rec_setf(r, "loco.title", "Locomotion damage (1d%d × 1d%d)",
	    SS_LOCO_ROWS, SS_LOCO_COLS);
	rec_setf(r, "loco.note", "rows 1–%d speed · %d accel. · %d decel.",
	    SS_LOCO_SPEED_ROWS, SS_LOCO_ROW_ACCEL, SS_LOCO_ROW_DECEL);
	rec_setf(r, "internal.how", "Roll d%d, count that many %% up the "
	    "chart from it: every letter there takes the box's hits.",
	    SS_PERCENTILE_DIE);
	for (k = 1; k <= SS_LOCO_ROWS; k++)
		for (j = 1; j <= SS_LOCO_COLS; j++) {
			const struct node *row, *cell;

			snprintf(key, sizeof(key), "loco.%d.%d", k, j);
			rec_set(r, key, "");
			if (s->loco_n == NULL || s->loco_n->bad ||
			    (size_t)k > s->loco_n->n)
				continue;
			row = s->loco_n->kid[k - 1];
			if (row->bad || row->type != N_SEQ ||
			    (size_t)j > row->n)
				continue;
			cell = row->kid[j - 1];
			if (cell->type == N_SCALAR)
				rec_set(r, key, cell->str);
		}
	sb_release(&sb);
	sb_release(&pb);
	sb_release(&hb);
	emit_card(e, 1);
}

static void
emit_counter(const void *obj, struct emitter *e)
{
	const struct ss_sheet_doc *s = SHEET(obj);

	ss_counter_emit(e, s->name, s->side, &s->index, s->root);
}

static const struct product products[] = {
	{ "sheet", &ss_sheet_type, "shellshock-sheet", emit_sheet },
	{ "counter", &ss_counter_type, "shellshock-counter", emit_counter },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new shellshock sheet`: what a new document of this kind starts from. */
static const char starter[] =
    "# A Shellshock record sheet (advanced rules): one vehicle a page.\n"
    "# 'muster check' holds it to the sheet's rules: turns never fall as\n"
    "# speed rises, the internal chart covers 1-100 once, every chart letter\n"
    "# is equipment, every fire system has one controller in the crew.\n"
    "system: shellshock\n"
    "kind: sheet\n"
    "name: My vehicle\n"
    "era: modern\n"
    "ecv: 90\n"
    "crew:                          # role, id, skill and ECV of each crewman\n"
    "  - {role: Commander, id: C, skill: 2, ecv: 6}\n"
    "  - {role: Driver, id: P, skill: 2, ecv: 5}\n"
    "movement:\n"
    "  speeds:                      # turn numbers never fall as speed rises\n"
    "    - {speed: 1, turn: 1}\n"
    "    - {speed: 2, turn: 1}\n"
    "    - {speed: 3, turn: 2}\n"
    "    - {speed: 4, turn: 2}\n"
    "    - {speed: 5, turn: 3, road: true}   # road rows above the top off-road speed\n"
    "  acceleration: 2\n"
    "  deceleration: 3\n"
    "  slip: 3                      # 2 to 5\n"
    "  terrain: {open: 1, rough: 2, trees: 4}\n"
    "  multipliers: {forward: 1, front_right: 0, rear_right: 0, reverse: 2, rear_left: 0, front_left: 0}\n"
    "  free_facing: 0\n"
    "  muck: 3\n"
    "to_hit: \"1d10+1d8\"             # 1d10+1d6, 1d10+1d8 or 2d10\n"
    "defense:                       # dV of each type: [front and back, sides]\n"
    "  B: [12, 10]\n"
    "  M: [10, 8]\n"
    "  E: [9, 7]\n"
    "  I: [14, 12]\n"
    "  SA: [24, 20]\n"
    "  P: [8, 8]\n"
    "armor: {front: 120, left: 80, right: 80, rear: 50}\n"
    "shock_threshold: 12\n"
    "penetration: {front: 10, front_right: 8, rear_right: 5, rear: 4, rear_left: 5, front_left: 8}\n"
    "internal_percent:              # boxes ascending in min, percent and hits\n"
    "  - {min: 2, percent: 10, hits: 1}\n"
    "  - {min: 8, percent: 25, hits: 2}\n"
    "  - {min: 16, percent: 45, hits: 3}\n"
    "dead: 25\n"
    "internal_chart:                # d100 lines, 1-100 each once\n"
    "  - {from: 1, to: 30, letter: A}\n"
    "  - {from: 31, to: 55, letter: B}\n"
    "  - {from: 56, to: 80, letter: C}\n"
    "  - {from: 81, to: 100, letter: D}\n"
    "equipment:                     # every letter of the chart, and no other\n"
    "  - {letter: A, name: Engine, hits: 2}\n"
    "  - {letter: B, name: Gun, hits: 1}\n"
    "  - {letter: C, name: Tracks, hits: 2, locomotion: true}\n"
    "  - {letter: D, name: Crew compartment, hits: 2}\n"
    "fire_systems:                  # each with one controller from the crew\n"
    "  - {name: Turret, controller: C}\n"
    "weapons:\n"
    "  - {name: 90mm Gun, dvt: B, dam: 10, sh: 6, pen: 8, spread: false, indirect: false, range: 2, operators: [C], system: Turret}\n"
    "physical: {dam: 1.2, sh: 1.0, pen: 0.2}\n"
    "locomotion_chart:              # 10 rows of 6: a number, SLIP, TURN, MSRP or X\n"
    "  - [1, 1, 2, SLIP, 1, 2]\n"
    "  - [1, 2, 2, 1, TURN, 2]\n"
    "  - [2, 1, 3, 2, 1, 3]\n"
    "  - [1, 2, 1, MSRP, 2, 1]\n"
    "  - [2, 2, 3, 1, 2, X]\n"
    "  - [1, 3, 2, 2, SLIP, 2]\n"
    "  - [2, 1, 1, 3, 2, 1]\n"
    "  - [3, 2, 2, 1, 1, X]\n"
    "  - [1, 1, 2, 1, TURN, 1]\n"
    "  - [1, 2, 1, 2, 1, 2]\n";

const struct kind shellshock_sheet_kind = {
	"sheet", "advanced record sheet, one vehicle to a page", k_sheet,
	rules, load, products, starter
};

/* ---- what a force reads of a sheet ---- */

const char *
ss_sheet_name(const void *obj)
{
	return SHEET(obj)->name;
}

const struct node *
ss_sheet_crew(const void *obj)
{
	return SHEET(obj)->crew_n;
}

long
ss_sheet_ecv(const void *obj, long *crew)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const struct node *m;
	size_t i;

	*crew = 0;
	EACH(s->crew_n, i, m)
		*crew += get_long(m, "ecv", 0);
	return s->ecv;
}
