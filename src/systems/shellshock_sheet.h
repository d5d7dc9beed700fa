/*
 * systems/shellshock_sheet.h -- what the record sheet's three files
 * share: a loaded sheet (the numbers the rules and the printed sheet
 * read, and the nodes a diagnostic points at), the limits of one sheet
 * and the walk over a list's good items.
 *
 *   shellshock_sheet.c        keys, load, the kind, what a force reads
 *   shellshock_sheet_check.c  the rules (SPEC 3.2)
 *   shellshock_sheet_emit.c   the record the sheet template prints
 */
#ifndef MUSTER_SYSTEMS_SHELLSHOCK_SHEET_H
#define MUSTER_SYSTEMS_SHELLSHOCK_SHEET_H

#include "../rules/shellshock.h"
#include "../rules/shellshock_advanced.h"
#include "../system.h"
#include "shellshock_game.h"

struct node;

/* What one sheet holds at most: rows of its tables (the template's). */
#define MAX_SPEEDS 24
#define MAX_CREW 8
#define MAX_SYSTEMS 8
#define MAX_WEAPONS 14
#define MAX_EQUIPMENT 26
#define MAX_TERRAIN 10
#define MAX_BOXES 6	/* the sheet has room for six internal % boxes */
#define MAX_CHART SS_CHART_HI	/* a line a roll at most */
#define MAX_BATTERIES 2	/* equipment giving power, on the battery line */


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
	const struct node *system_n, *ammo_n;
	const char *name, *dvt, *system;
	long dam, sh, pen, krg, ammo;	/* ammo: rounds carried, 0 none given */
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

/* The good items of a list node (bad ones are the schema's). */
#define EACH(list, i, m) \
	for ((i) = 0; (list) && !(list)->bad && (list)->type == N_SEQ && \
	    (i) < (list)->n; (i)++) \
		if (((m) = (list)->kid[i])->type == N_MAP && !(m)->bad)

/* The sheet's checks (shellshock_sheet_check.c) and products
 * (shellshock_sheet_emit.c), NULL-ended. */
extern const struct rule ss_sheet_rules[];
extern const struct product ss_sheet_products[];

#endif
