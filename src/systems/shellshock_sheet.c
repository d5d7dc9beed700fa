/*
 * systems/shellshock_sheet.c -- kind sheet: the advanced rules' full
 * record sheet, one vehicle to a page (003_1dddfc23c27b38e7.txt; SPEC
 * 3.2): speeds and turns, slip, terrain, movement multipliers, crew and
 * fire systems, weapons, defense, armor, shock and penetration, the
 * internal % boxes and the 1-100 internal damage chart, the equipment
 * manifest and the locomotion chart.
 *
 * Here: the keys, load() (which keeps the document's nodes for the rules
 * to point at), the kind and what a force reads of a sheet.  The rules
 * are shellshock_sheet_check.c's, one check per SPEC 3.2 item and those
 * the rules imply; the record the shellshock-sheet template prints is
 * shellshock_sheet_emit.c's.
 */
#include <stdio.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../schema.h"
#include "../system.h"
#include "shellshock_sheet.h"

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
	K_INT("ammo", OPT, 1, 999),
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
	    "the crew, such as [{role: Pilot, id: P, skill: 2, ecv: 6}]"),
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

/* The speed rows whose speed and turn are good. */
static void
load_speeds(struct ss_sheet_doc *s)
{
	size_t i;

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
}

/* The movement column: speeds, acceleration, slip, terrain, the
 * multiplier chart, free facing and muck. */
static void
load_movement(struct ss_sheet_doc *s, const struct node *mv)
{
	size_t i;

	s->speeds_n = node_get(mv, "speeds");
	load_speeds(s);
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
}

/* Defense values, armor, shock threshold and penetration. */
static void
load_protection(struct ss_sheet_doc *s, const struct node *root)
{
	const struct node *n, *df = node_get(root, "defense");
	size_t i;

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
}

/* The weapon table's good rows. */
static void
load_weapons(struct ss_sheet_doc *s, const struct node *n)
{
	size_t i;

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
		w->ammo_n = node_get(m, "ammo");
		w->ammo = GOOD(w->ammo_n) ? node_long(w->ammo_n, 0) : 0;
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
}

static void *
load(const struct node *root, struct arena *a, struct batch *b)
{
	struct ss_sheet_doc *s = arena_alloc(a, sizeof(*s));
	const struct node *ph;

	(void)b;
	s->root = root;
	s->name_n = node_get(root, "name");
	s->name = node_str(s->name_n, "(unnamed)");
	ss_index_load(&s->index, node_get(root, "card"), a);
	s->side = get_str(root, "side", NULL);
	s->era = str_index(ss_era_name, get_str(root, "era", NULL));
	s->ecv = get_long(root, "ecv", 0);
	s->crew_n = node_get(root, "crew");
	load_movement(s, node_get(root, "movement"));
	s->to_hit_n = node_get(root, "to_hit");
	s->to_hit = node_str(s->to_hit_n, NULL);
	load_protection(s, root);
	s->boxes_n = node_get(root, "internal_percent");
	s->dead_n = node_get(root, "dead");
	s->dead = node_long(s->dead_n, 0);
	s->chart_n = node_get(root, "internal_chart");
	s->equip_n = node_get(root, "equipment");
	s->systems_n = node_get(root, "fire_systems");
	load_weapons(s, node_get(root, "weapons"));
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
    "crew:                          # role, id, skill and ECV: one skill, one ECV\n"
    "  - {role: Commander, id: C, skill: 2, ecv: 6}\n"
    "  - {role: Driver, id: P, skill: 2, ecv: 6}\n"
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
    "weapons:                       # ammo: rounds carried, for all but energy (E) and physical (P)\n"
    "  - {name: 90mm Gun, dvt: B, dam: 10, sh: 6, pen: 8, ammo: 30, spread: false, indirect: false, range: 2, operators: [C], system: Turret}\n"
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
	ss_sheet_rules, load, ss_sheet_products, starter
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
