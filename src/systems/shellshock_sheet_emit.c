/*
 * systems/shellshock_sheet_emit.c -- the record the shellshock-sheet
 * template prints from a loaded sheet (shellshock_sheet.h), and the
 * counter every sheet prints beside it.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../doc.h"
#include "../record.h"
#include "../system.h"
#include "shellshock_sheet.h"

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
	"w.{1..14}.{name,dvt,dam,sh,pen,krg,spr,ind,rng,ops,sys,ammo,left}",
	"bat.{1.." STR(MAX_BATTERIES) "}.{name,boxes}", "internal.core",
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

/* Every row of a table is set, empty where the unit has none: rows
 * 1..n of fields f ("crew.%d.role" and so on). */
static void
blank_rows(struct record *r, const char *table, int n,
    const char *const *f, int nf)
{
	char key[48];
	int k, j;

	for (k = 1; k <= n; k++)
		for (j = 0; j < nf; j++) {
			snprintf(key, sizeof(key), "%s.%d.%s", table, k, f[j]);
			rec_set(r, key, "");
		}
}

/* Crew: role, id, name, skill and ECV a row, and their ECV together. */
static void
emit_crew(const struct ss_sheet_doc *s, struct record *r)
{
	static const char *const f[] = { "role", "id", "name", "skill",
	    "ecv" };
	const struct node *m;
	char key[48];
	long crew_ecv = 0;
	size_t i;
	int k = 0;

	blank_rows(r, "crew", MAX_CREW, f, 5);
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
}

/* Speeds: road speeds in a column of their own (italic). */
static void
emit_speeds(const struct ss_sheet_doc *s, struct record *r)
{
	char key[48];
	int k;

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
}

/* Slip, acceleration, the multiplier chart, free facing, muck and the
 * terrain costs. */
static void
emit_movement(const struct ss_sheet_doc *s, struct record *r)
{
	const struct node *t = s->terrain_n;
	struct sbuf sb = SBUF_INIT;
	char key[48];
	int k;

	rec_setf(r, "slip", "%ld", s->slip);
	rec_setf(r, "acceleration", "%ld", s->accel);
	rec_setf(r, "deceleration", "%ld", s->decel);
	for (k = 0; k < SS_NANGLES; k++)
		sb_addf(&sb, "%s%ld", k ? "," : "", s->mult[k]);
	rec_set(r, "multipliers", sb_str(&sb));
	rec_setf(r, "free_facing", "%ld", s->free_facing);
	rec_setf(r, "muck", "%ld", s->muck);
	for (k = 1; k <= MAX_TERRAIN; k++) {
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
	sb_release(&sb);
}

/* Defense values, armor with a box a point, shock and penetration. */
static void
emit_protection(const struct ss_sheet_doc *s, struct record *r)
{
	struct sbuf sb = SBUF_INIT;
	char key[48];
	int k;

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
	for (k = 0; k < SS_NANGLES; k++)
		sb_addf(&sb, "%s%ld", k ? "," : "", s->pen[k]);
	rec_set(r, "penetration", sb_str(&sb));
	sb_release(&sb);
}

/* The core hit: internal damage under the first box, or a movement
 * point slipped past the turn's speed, is a hit of SS_CORE_HIT_PERCENT. */
static void
emit_core(const struct ss_sheet_doc *s, struct record *r)
{
	const struct node *m, *first = NULL;
	size_t i;
	long min;

	EACH(s->boxes_n, i, m)
		if (first == NULL)
			first = m;
	min = first ? get_long(first, "min", 1) : 1;
	if (min > 2)
		rec_setf(r, "internal.core", "Core hit: internal 1–%ld, or a "
		    "point slipped past speed, is a %d %% hit (one line).",
		    min - 1, SS_CORE_HIT_PERCENT);
	else if (min == 2)
		rec_setf(r, "internal.core", "Core hit: internal 1, or a "
		    "point slipped past speed, is a %d %% hit (one line).",
		    SS_CORE_HIT_PERCENT);
	else
		rec_setf(r, "internal.core", "Core hit: a point slipped past "
		    "speed is a %d %% hit (one line).", SS_CORE_HIT_PERCENT);
}

/* The internal % boxes as three lists, one cell each, dead, and the
 * 1-100 chart, a markable line each. */
static void
emit_internal(const struct ss_sheet_doc *s, struct record *r)
{
	struct sbuf sb = SBUF_INIT, pb = SBUF_INIT, hb = SBUF_INIT;
	const struct node *m;
	char key[48];
	size_t i;
	int k;

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
	for (k = SS_CHART_LO; k <= SS_CHART_HI; k++) {
		snprintf(key, sizeof(key), "chart.%d", k);
		rec_setf(r, key, "%d %s", k, chart_letter(s, k));
	}
	rec_setf(r, "chart.boxes", "%d", SS_CHART_HI - SS_CHART_LO + 1);
	emit_core(s, r);
	sb_release(&sb);
	sb_release(&pb);
	sb_release(&hb);
}

/* The manifest: letter, name (locomotion and power marked) and a box
 * for each hit it takes. */
static void
emit_equipment(const struct ss_sheet_doc *s, struct record *r)
{
	static const char *const f[] = { "letter", "name", "boxes" };
	struct sbuf sb = SBUF_INIT;
	const struct node *m;
	char key[48];
	size_t i;
	int k = 0;

	blank_rows(r, "eq", MAX_EQUIPMENT, f, 3);
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
		snprintf(key, sizeof(key), "eq.%d.boxes", k);
		rec_setf(r, key, "%ld", hits);
	}
	sb_release(&sb);
}

/* "adjust your batteries for any energy weapons fired": each piece of
 * equipment that gives power (kreigs) has a box a kreig to mark. */
static void
emit_batteries(const struct ss_sheet_doc *s, struct record *r)
{
	static const char *const f[] = { "name", "boxes" };
	const struct node *m;
	char key[48];
	size_t i;
	int k = 0;

	blank_rows(r, "bat", MAX_BATTERIES, f, 2);
	EACH(s->equip_n, i, m) {
		long power = get_long(m, "power", 0);

		if (power <= 0 || k >= MAX_BATTERIES)
			continue;
		k++;
		snprintf(key, sizeof(key), "bat.%d.name", k);
		rec_setf(r, key, "%s %s", get_str(m, "letter", ""),
		    get_str(m, "name", ""));
		snprintf(key, sizeof(key), "bat.%d.boxes", k);
		rec_setf(r, key, "%ld", power);
	}
}

/* Fire systems and their controllers. */
static void
emit_systems(const struct ss_sheet_doc *s, struct record *r)
{
	static const char *const f[] = { "name", "controller" };
	const struct node *m;
	char key[48];
	size_t i;
	int k = 0;

	blank_rows(r, "fs", MAX_SYSTEMS, f, 2);
	EACH(s->systems_n, i, m) {
		k++;
		snprintf(key, sizeof(key), "fs.%d.name", k);
		rec_set(r, key, get_str(m, "name", ""));
		snprintf(key, sizeof(key), "fs.%d.controller", k);
		rec_set(r, key, get_str(m, "controller", ""));
	}
}

/* "Mark off used ammunition": a weapon that fires rounds has its count
 * (w.K.ammo, blank when the sheet gives none, to be written in) and a
 * cell to keep what is left in (w.K.left); an energy weapon's kreigs
 * are marked on the battery line. */
static void
emit_ammo(const struct sheet_weapon *w, int k, struct record *r)
{
	char key[48];
	int t = w->dvt ? str_index(ss_dvt_name, w->dvt) : -1;

	if (t < 0 || !ss_dvt_ammo[t])
		return;
	snprintf(key, sizeof(key), "w.%d.ammo", k);
	if (w->ammo > 0)
		rec_setf(r, key, "%ld", w->ammo);
	snprintf(key, sizeof(key), "w.%d.left", k);
	rec_set(r, key, "y");
}

/* One row of the weapon table, w.K.*. */
static void
emit_weapon(const struct sheet_weapon *w, int k, struct record *r)
{
	struct sbuf sb = SBUF_INIT;
	char key[48];
	size_t i;

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
	for (i = 0; w->ops_n && !w->ops_n->bad && w->ops_n->type == N_SEQ &&
	    i < w->ops_n->n; i++)
		sb_addf(&sb, "%s%s", i ? " " : "",
		    node_str(w->ops_n->kid[i], ""));
	rec_set(r, key, sb_str(&sb));
	snprintf(key, sizeof(key), "w.%d.sys", k);
	rec_set(r, key, w->system ? w->system : "");
	emit_ammo(w, k, r);
	sb_release(&sb);
}

/* The weapon table, then rams, kicks and punches. */
static void
emit_weapons(const struct ss_sheet_doc *s, struct record *r)
{
	static const char *const f[] = { "name", "dvt", "dam", "sh", "pen",
	    "krg", "spr", "ind", "rng", "ops", "sys", "ammo", "left" };
	char key[48];
	int k, j;

	for (k = 1; k <= MAX_WEAPONS; k++) {
		for (j = 0; j < 13; j++) {
			snprintf(key, sizeof(key), "w.%d.%s", k, f[j]);
			rec_set(r, key, "");
		}
		if (k <= s->nweapons)
			emit_weapon(&s->weapon[k - 1], k, r);
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
}

/* The locomotion chart's title and cells, and how to read the internal
 * damage chart. */
static void
emit_locomotion(const struct ss_sheet_doc *s, struct record *r)
{
	char key[48];
	int k, j;

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
}

static void
emit_sheet(const void *obj, struct emitter *e)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	struct record *r = e->rec;

	record_clear(r);
	rec_label(r, s->name, s->root);
	rec_set(r, "name", s->name);
	rec_set(r, "era", s->era >= 0 ? ss_era_name[s->era] : "");
	rec_set(r, "side", s->side ? s->side : "");
	rec_setf(r, "ecv", "%ld", s->ecv);
	ss_index_emit(&s->index, r);
	rec_set(r, "to_hit", s->to_hit ? s->to_hit : "");
	emit_crew(s, r);
	emit_speeds(s, r);
	emit_movement(s, r);
	emit_protection(s, r);
	emit_internal(s, r);
	emit_equipment(s, r);
	emit_systems(s, r);
	emit_weapons(s, r);
	emit_batteries(s, r);
	emit_locomotion(s, r);
	emit_card(e, 1);
}

static void
emit_counter(const void *obj, struct emitter *e)
{
	const struct ss_sheet_doc *s = SHEET(obj);

	ss_counter_emit(e, s->name, s->side, &s->index, s->root);
}

const struct product ss_sheet_products[] = {
	{ "sheet", &ss_sheet_type, "shellshock-sheet", emit_sheet },
	{ "counter", &ss_counter_type, "shellshock-counter", emit_counter },
	{ NULL, NULL, NULL, NULL }
};

