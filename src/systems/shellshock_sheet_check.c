/*
 * systems/shellshock_sheet_check.c -- the record sheet's rules (SPEC
 * 3.2; 003_1dddfc23c27b38e7.txt), one function each, read from the
 * loaded sheet (shellshock_sheet.h); every number is the rules' table
 * (rules/shellshock.h, rules/shellshock_advanced.h).
 */
#include <stdio.h>
#include <string.h>

#include "../doc.h"
#include "../schema.h"
#include "../system.h"
#include "shellshock_sheet.h"

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

/* "Only the Pilot can control the Body fire system" (003, the crew and
 * fire systems); a walker's Torso is its body (SPEC 6). */
static void
r_body(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	const struct node *m, *c, *who, *pilot = NULL;
	size_t i;

	(void)b;
	EACH(s->crew_n, i, m)
		if (pilot == NULL && ss_is_pilot(get_str(m, "role", NULL),
		    get_str(m, "id", NULL)))
			pilot = m;
	EACH(s->systems_n, i, m) {
		c = node_get(m, "controller");
		if (c == NULL || c->bad || !ss_body_system(get_str(m, "name",
		    NULL)) || (who = crewman(s, c->str)) == NULL ||
		    ss_is_pilot(get_str(who, "role", NULL), c->str))
			continue;
		if (pilot)
			diag(L_ERROR, self->id, c, "fire system '%s' is "
			    "controlled by '%s' (%s); only the pilot controls the "
			    "body's fire system: give it to '%s'",
			    get_str(m, "name", ""), c->str, get_str(who, "role",
			    ""), get_str(pilot, "id", ""));
		else
			diag(L_ERROR, self->id, c, "fire system '%s' is "
			    "controlled by '%s' (%s); only the pilot controls the "
			    "body's fire system, and the crew has none (role %s "
			    "or %s, or id %s)", get_str(m, "name", ""), c->str,
			    get_str(who, "role", ""), ss_pilot_role[0],
			    ss_pilot_role[1], SS_PILOT_ID);
	}
}

/* Where a node is, for a message about another: "line 14" in the same
 * file as `here`, else "FILE:14". */
static const char *
place(const struct node *n, const struct node *here, char buf[256])
{
	if (here && n->file && here->file && strcmp(n->file, here->file) == 0)
		snprintf(buf, 256, "line %d", n->line);
	else
		snprintf(buf, 256, "%s:%d", n->file ? n->file : "?", n->line);
	return buf;
}

int
ss_crew_ecv(struct ss_crew_ledger *l, const struct node *m, const char *who,
    const void *doc, int other_docs_only, const struct node *at,
    const char *rule)
{
	const struct node *sk = node_get(m, "skill"), *ev = node_get(m, "ecv");
	const struct node *first;
	long skill, ecv;
	char buf[256];

	if (!GOOD(sk) || !GOOD(ev))
		return 1;	/* the schema tells what is wrong */
	skill = node_long(sk, -1);
	ecv = node_long(ev, 0);
	if (skill < 0 || skill >= SS_LEDGER_SKILLS)
		return 1;
	first = l->first[skill];
	if (first == NULL) {
		l->first[skill] = m;
		l->doc[skill] = doc;
		snprintf(l->who[skill], sizeof(l->who[skill]), "%s", who);
		return 1;
	}
	if (get_long(first, "ecv", 0) == ecv ||
	    (other_docs_only && l->doc[skill] == doc))
		return 1;
	at = at ? at : ev;
	diag(L_ERROR, rule, at, "%s has skill %ld at ECV %ld, but %s (%s) "
	    "has skill %ld at ECV %ld; crew are priced by skill alone, one "
	    "ECV to a skill", who, skill, ecv, l->who[skill], place(first,
	    at, buf), skill, get_long(first, "ecv", 0));
	return 0;
}

/* One skill, one ECV within the sheet. */
static void
r_crew_ecv(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	struct ss_crew_ledger l;
	const struct node *m;
	char who[64];
	size_t i;

	(void)b;
	memset(&l, 0, sizeof(l));
	EACH(s->crew_n, i, m) {
		snprintf(who, sizeof(who), "crewman '%s'", get_str(m, "id", ""));
		ss_crew_ecv(&l, m, who, s, 0, NULL, self->id);
	}
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
	int w, givers = 0, said = 0;

	(void)b;
	EACH(s->equip_n, i, m)
		said |= node_get(m, "power") != NULL;
	/* SPEC 3.2's equipment has no power: a sheet that gives none says
	 * nothing of its batteries, and its kreigs are not weighed. */
	if (!said) {
		for (w = 0; w < s->nweapons; w++)
			if (s->weapon[w].krg > 0) {
				diag(L_NOTE, self->id, s->weapon[w].krg_n,
				    "weapon '%s' takes kreigs, and no equipment "
				    "says its 'power:', so they are not weighed; "
				    "give the battery or generator 'power:' to "
				    "weigh them", s->weapon[w].name);
				break;
			}
		return;
	}
	EACH(s->equip_n, i, m) {
		if (get_long(m, "power", 0) > 0 && ++givers > MAX_BATTERIES)
			diag(L_WARNING, self->id, node_get(m, "power"), "'%s' "
			    "gives power too, but the sheet's battery line has "
			    "room for %d pieces of equipment: its kreig boxes are "
			    "not printed", get_str(m, "name", ""), MAX_BATTERIES);
		power += get_long(m, "power", 0);
	}
	for (w = 0; w < s->nweapons; w++) {
		const struct sheet_weapon *wp = &s->weapon[w];

		if (wp->krg > 0 && wp->krg > power)
			diag(L_ERROR, self->id, wp->krg_n, "weapon '%s' takes %ld "
			    "kreig%s to fire, but the unit's equipment gives "
			    "%ld power; give a battery or generator 'power:'",
			    wp->name, wp->krg, wp->krg == 1 ? "" : "s", power);
	}
}

/* "Mark off used ammunition, and adjust your batteries for any energy
 * weapons fired": a count of rounds belongs to a weapon that fires them,
 * not to an energy weapon (kreigs) or a physical attack. */
static void
r_ammo(const void *obj, struct batch *b, const struct rule *self)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	int w, t;

	(void)b;
	for (w = 0; w < s->nweapons; w++) {
		const struct sheet_weapon *wp = &s->weapon[w];

		t = wp->dvt ? str_index(ss_dvt_name, wp->dvt) : -1;
		if (wp->ammo > 0 && t >= 0 && !ss_dvt_ammo[t])
			diag(L_ERROR, self->id, wp->ammo_n, "weapon '%s' is %s "
			    "(%s) and fires no rounds%s; remove 'ammo: %ld'",
			    wp->name, ss_dvt_word[t], wp->dvt, t == SS_DVT_E ?
			    ": it draws kreigs from the batteries" : "",
			    wp->ammo);
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

/* SPEC 5.1: a sheet's ECV with its crew's far from muster's value. */
static void
r_value(const void *obj, struct batch *b, const struct rule *self)
{
	/* A sheet wrong elsewhere has no value to weigh. */
	if (batch_doc_errors(b) > 0)
		return;
	ss_value_check_sheet(obj, node_get(SHEET(obj)->root, "ecv"), b,
	    self->id);
}

const struct rule ss_sheet_rules[] = {
	{ "shellshock.sheet.speeds", "a sheet's speed rows rise from row to row", r_speeds },
	{ "shellshock.sheet.turn", "turn numbers never fall as speed rises", r_turn },
	{ "shellshock.sheet.road", "road speeds only above the top speed off the road", r_road },
	{ "shellshock.sheet.slip", "the slip indicator is " STR(SS_SLIP_MIN) " to " STR(SS_SLIP_MAX), r_slip },
	{ "shellshock.sheet.to-hit", "to_hit is 1d10+1d6, 1d10+1d8 or 2d10, as the era allows", r_to_hit },
	{ "shellshock.sheet.terrain", "terrain costs " STR(SS_TERRAIN_MIN) " to " STR(SS_TERRAIN_MAX) ", open exactly " STR(SS_OPEN_COST) ", at most 10 of them", r_terrain },
	{ "shellshock.sheet.multipliers", "movement multipliers are 0 (cannot) or more, forward at least 1", r_multipliers },
	{ "shellshock.sheet.crew", "crew ids are unique", r_crew },
	{ "shellshock.sheet.fire-system", "each fire system has its own name and one controller, who is in the crew", r_fire_system },
	{ "shellshock.sheet.body", "only the pilot (role Pilot or Driver, or id " SS_PILOT_ID ") controls the Body fire system, a walker's Torso", r_body },
	{ "shellshock.crew-ecv", "crew ECV follows skill: one skill, one ECV within a sheet and within a force", r_crew_ecv },
	{ "shellshock.sheet.weapon-system", "a weapon's fire system exists, its operators are crew, and the system's controller is among them", r_weapon_system },
	{ "shellshock.sheet.dvt", "a weapon's dVT is B, M, E, I, SA or P", NULL },
	{ "shellshock.sheet.krg", "a weapon that takes kreigs has equipment giving that much power; at most " STR(MAX_BATTERIES) " pieces give power, the battery line's room (a warning past it); a sheet saying no power at all, a note", r_krg },
	{ "shellshock.sheet.ammo", "a weapon's ammo count is of one that fires rounds: not energy (kreigs) or physical", r_ammo },
	{ "shellshock.sheet.indirect", "an indirect (I) weapon is marked indirect and reaches at least its minimum range of " STR(SS_INDIRECT_MIN_HEXES) " hexes", r_indirect },
	{ "shellshock.sheet.internal-percent", "internal % boxes start at 1 or more and rise in min and percent, hits never falling", r_internal_percent },
	{ "shellshock.sheet.dead", "dead is above the last internal % box", r_dead },
	{ "shellshock.sheet.chart", "the internal damage chart covers " STR(SS_CHART_LO) " to " STR(SS_CHART_HI) " exactly once", r_chart },
	{ "shellshock.sheet.chart-letter", "every chart letter is equipment's and every equipment letter is on the chart, each letter once", r_chart_letter },
	{ "shellshock.sheet.locomotion", "the locomotion chart's cells are numbers or SLIP, TURN, MSRP, X, and it goes with equipment marked locomotion", r_locomotion },
	{ "shellshock.sheet.values", "defense values at least " STR(SS_DV_MIN) "; armor, shock and penetration " STR(SS_ARMOR_MIN) " or more", r_values },
	{ "shellshock.card", NULL, r_card },
	{ "shellshock.card-unique", NULL, r_card_unique },
	{ "shellshock.value", NULL, r_value },
	{ NULL, NULL, NULL }
};
