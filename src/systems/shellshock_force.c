/*
 * systems/shellshock_force.c -- kind force: the sides of a battle, each
 * its units (Shellshock card and sheet files, named by path), its
 * pilots, gunners and components, balanced by Estimated Combat Value
 * (003_1dddfc23c27b38e7.txt, Prepping for Combat; SPEC 3.3).
 *
 * A force prints a roster, and every unit's own products (its card or
 * sheet, its counter) as the unit's kind prints them.
 */
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../record.h"
#include "../rules/shellshock.h"
#include "../rules/shellshock_advanced.h"
#include "../rules/shellshock_value.h"
#include "../schema.h"
#include "../system.h"
#include "shellshock_game.h"

#define MAX_SIDES 4
#define READ_SIDES 64	/* sides past MAX_SIDES are still checked, to here */
#define MAX_UNITS 40	/* a side's units, and each of its lists */
#define ROSTER_ROWS 24	/* a roster card's lines; more go on more cards */

static const struct skey k_path[] = { K_STR("unit file", REQ) };
static const struct skey k_crew_keys[] = {
	K_INT("skill", REQ, 0, 20),
	K_INT("ecv", REQ, 0, 9999),
	K_STR("name", OPT),
	K_END
};
static const struct skey k_crew[] = { K_MAP("crewman", REQ, k_crew_keys) };
static const struct skey k_component_keys[] = {
	K_TEXT("name", REQ, "what it is, such as Rocket pod"),
	K_INT("ecv", REQ, 0, 9999),
	K_END
};
static const struct skey k_component[] = {
	K_MAP("component", REQ, k_component_keys)
};
static const struct skey k_side_keys[] = {
	K_SEQH("units", REQ, 1, MAX_UNITS, k_path,
	    "the side's unit files, such as [mason.yaml]"),
	K_SEQ("pilots", OPT, 0, MAX_UNITS, k_crew),
	K_SEQ("gunners", OPT, 0, MAX_UNITS, k_crew),
	K_SEQ("components", OPT, 0, MAX_UNITS, k_component),
	K_INT("declared_ecv", OPT, 0, 9999999),
	K_END
};
static const struct skey k_side[] = { K_MAP("side", REQ, k_side_keys) };
static const struct skey k_force[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_TEXT("name", REQ, "the battle's name"),
	K_MAPANY("sides", REQ, k_side),
	K_END
};

/* A unit named by a side: the loaded document and what it is worth. */
struct force_unit {
	const struct loaded *ld;	/* owned by the batch */
	const struct node *at;		/* where the side names it */
	const char *name;
	long ecv, crew;			/* a sheet's crew counts beside it */
	int priced;			/* it has a value (a card may not) */
	int estimated;			/* a card without combat_value, at
					 * muster's estimate */
};

struct force_side {
	const struct node *key, *map, *declared_n;
	const struct node *too_many;	/* the unit file past MAX_UNITS */
	const char *name;
	struct force_unit unit[MAX_UNITS];
	int nunits;
	struct ss_ecv ecv;
};

struct force {
	const struct node *root;
	const char *name;
	struct force_side *side;	/* every side, even past MAX_SIDES */
	int nsides;
	int ok;				/* every unit loaded and priced */
};

#define FORCE(obj) ((const struct force *)(obj))

static const char *const unit_kinds[] = { "card", "sheet", NULL };

/* Sums a list of {ecv} maps; *ok drops to 0 when a value is wrong or
 * missing (its own error is told), so that no total is made of it. */
static long
sum_ecv(const struct node *list, int *ok)
{
	const struct node *v;
	long sum = 0;
	size_t i;

	if (list && (list->bad || list->type != N_SEQ))
		*ok = 0;
	for (i = 0; list && !list->bad && list->type == N_SEQ && i < list->n;
	    i++) {
		v = list->kid[i]->type == N_MAP ? node_get(list->kid[i], "ecv") :
		    NULL;
		if (list->kid[i]->bad || v == NULL || v->bad)
			*ok = 0;
		sum += node_long(v, 0);
	}
	return sum;
}

/* The unit's value in a force: a card's combat_value, a sheet's ECV and
 * its crew's. */
/* A unit's ECV: a card's combat_value, or, when it declares none, the
 * estimate `muster value` makes against the shipped examples (the
 * rules price every unit but say not how); a sheet's ecv. */
static void
price(struct force_unit *u, struct batch *b)
{
	const struct ss_unit *card;
	double est;

	if (strcmp(u->ld->kind->name, "card") == 0) {
		card = &((const struct ss_card *)u->ld->obj)->u;
		u->name = card->name;
		u->priced = card->combat_value >= 0;
		u->ecv = u->priced ? card->combat_value : 0;
		if (!u->priced && ss_value_estimate(card, b, &est)) {
			u->priced = u->estimated = 1;
			u->ecv = lround(est);
		}
	} else {
		u->name = ss_sheet_name(u->ld->obj);
		u->ecv = ss_sheet_ecv(u->ld->obj, &u->crew);
		u->priced = 1;
	}
}

static void *
load(const struct node *root, struct arena *a, struct batch *b)
{
	struct force *f = arena_alloc(a, sizeof(*f));
	const struct node *sides = node_get(root, "sides");
	size_t i, k;
	int n, d;

	f->root = root;
	f->name = get_str(root, "name", "(unnamed)");
	f->ok = 1;
	if (sides && !sides->bad && sides->type == N_MAP && sides->n > 0)
		f->side = arena_alloc(a, (sides->n < READ_SIDES ? sides->n :
		    READ_SIDES) * sizeof(*f->side));
	for (i = 0; f->side && i < sides->n && i < READ_SIDES; i++) {
		struct force_side *s = &f->side[f->nsides++];
		const struct node *m = MAP_VAL(sides, i), *units;

		s->key = MAP_KEY(sides, i);
		s->map = m;
		s->name = s->key->str;
		if (m->bad || m->type != N_MAP) {
			f->ok = 0;
			continue;
		}
		units = node_get(m, "units");
		if (units == NULL || units->bad || units->type != N_SEQ)
			f->ok = 0;
		for (k = 0; units && !units->bad && units->type == N_SEQ &&
		    k < units->n; k++) {
			const struct node *p = units->kid[k];
			const struct loaded *ld;

			if (p->bad) {
				f->ok = 0;
				continue;
			}
			/* A file may hold several units: each is one. */
			ld = system_ref(b, p->str, p, "shellshock.force-unit",
			    "shellshock", unit_kinds, &n);
			if (ld == NULL)
				f->ok = 0;
			if (ld && s->nunits + n > MAX_UNITS && !s->too_many) {
				s->too_many = p;
				f->ok = 0;
			}
			for (d = 0; ld && d < n && s->nunits < MAX_UNITS; d++) {
				struct force_unit *u = &s->unit[s->nunits++];

				u->ld = &ld[d];
				u->at = p;
				price(u, b);
				/* An unpriced card makes every total wrong:
				 * its own error is enough. */
				if (!u->priced)
					f->ok = 0;
				s->ecv.units += u->ecv;
				s->ecv.crew += u->crew;
			}
		}
		s->ecv.crew += sum_ecv(node_get(m, "pilots"), &f->ok) +
		    sum_ecv(node_get(m, "gunners"), &f->ok);
		s->ecv.components = sum_ecv(node_get(m, "components"), &f->ok);
		ss_ecv_total(&s->ecv);
		s->declared_n = node_get(m, "declared_ecv");
	}
	return f;
}

/* ---- rules (SPEC 3.3) ---- */

/* "All units have an Estimated Combat Value": a card in a force gives
 * its combat_value. */
static void
r_unit(const void *obj, struct batch *b, const struct rule *self)
{
	const struct force *f = FORCE(obj);
	const struct node *sides = node_get(f->root, "sides");
	int s, u;

	(void)b;
	if (sides && !sides->bad && sides->type == N_MAP &&
	    sides->n > MAX_SIDES)
		diag(L_ERROR, self->id, sides, "%zu sides; a force has at most "
		    "%d", sides->n, MAX_SIDES);
	for (s = 0; s < f->nsides; s++) {
		if (f->side[s].too_many)
			diag(L_ERROR, self->id, f->side[s].too_many, "side '%s' "
			    "has more than %d units with this file's; a side "
			    "has at most %d", f->side[s].name, MAX_UNITS,
			    MAX_UNITS);
		for (u = 0; u < f->side[s].nunits; u++) {
			const struct force_unit *fu = &f->side[s].unit[u];

			if (!fu->priced)
				diag(L_ERROR, self->id, fu->at, "'%s' has no "
				    "combat_value, and no estimate can be made "
				    "without the shipped example units; give it "
				    "one, or set MUSTER_UNITS", fu->name);
			else if (fu->estimated)
				diag(L_NOTE, self->id, fu->at, "'%s' has no "
				    "combat_value: it counts at muster's estimate, "
				    "%ld ('muster value' shows why)", fu->name,
				    fu->ecv);
		}
	}
}

/* "you should determine total ECV of your army after all units have
 * been prepped": a declared total is the sum. */
static void
r_ecv(const void *obj, struct batch *b, const struct rule *self)
{
	const struct force *f = FORCE(obj);
	int i;

	(void)b;
	if (!f->ok)
		return;
	for (i = 0; i < f->nsides; i++) {
		const struct force_side *s = &f->side[i];
		long declared = node_long(s->declared_n, -1);

		if (s->declared_n == NULL || s->declared_n->bad ||
		    declared == s->ecv.total)
			continue;
		diag(L_ERROR, self->id, s->declared_n, "side '%s' declares ECV "
		    "%ld, but its units, crew and components make %ld (units "
		    "%ld, crew %ld, components %ld)", s->name, declared,
		    s->ecv.total, s->ecv.units, s->ecv.crew,
		    s->ecv.components);
	}
}

/* "Typically, both sides should have the same ECV": more than 10 %
 * apart is a warning. */
static void
r_balance(const void *obj, struct batch *b, const struct rule *self)
{
	const struct force *f = FORCE(obj);
	const struct force_side *hi = NULL, *lo = NULL;
	int i;

	(void)b;
	if (!f->ok || f->nsides < 2)
		return;
	for (i = 0; i < f->nsides; i++) {
		if (hi == NULL || f->side[i].ecv.total > hi->ecv.total)
			hi = &f->side[i];
		if (lo == NULL || f->side[i].ecv.total < lo->ecv.total)
			lo = &f->side[i];
	}
	if (ss_ecv_uneven(hi->ecv.total, lo->ecv.total))
		diag(L_WARNING, self->id, lo->key, "side '%s' has ECV %ld and "
		    "side '%s' %ld: more than %d %% apart", lo->name,
		    lo->ecv.total, hi->name, hi->ecv.total,
		    SS_ECV_SLACK_PERCENT);
}

/* One crew list of the force's own (pilots or gunners of a side). */
static void
crew_list_ecv(struct ss_crew_ledger *l, const struct force *f,
    const struct force_side *s, const char *what, const char *rule)
{
	const struct node *list = node_get(s->map, what), *m;
	char who[64];
	size_t i;

	for (i = 0; list && !list->bad && list->type == N_SEQ && i < list->n;
	    i++) {
		m = list->kid[i];
		if (m->bad || m->type != N_MAP)
			continue;
		snprintf(who, sizeof(who), "%.*s %zu of side '%.24s'",
		    (int)strlen(what) - 1, what, i + 1, s->name);
		ss_crew_ecv(l, m, who, f, 0, NULL, rule);
	}
}

/* shellshock.crew-ecv across the force: its sheets' crews, pilots and
 * gunners, every side (a sheet's disagreement with itself is its own
 * to tell; one with another's is told at the unit's line here). */
static void
r_crew_ecv(const void *obj, struct batch *b, const struct rule *self)
{
	const struct force *f = FORCE(obj);
	struct ss_crew_ledger l;
	const struct node *crew, *m;
	char who[64];
	size_t i;
	int k, u;

	(void)b;
	memset(&l, 0, sizeof(l));
	for (k = 0; k < f->nsides; k++) {
		const struct force_side *s = &f->side[k];

		for (u = 0; u < s->nunits; u++) {
			const struct force_unit *fu = &s->unit[u];

			if (strcmp(fu->ld->kind->name, "sheet") != 0)
				continue;
			crew = ss_sheet_crew(fu->ld->obj);
			for (i = 0; crew && !crew->bad && crew->type == N_SEQ &&
			    i < crew->n; i++) {
				m = crew->kid[i];
				if (m->bad || m->type != N_MAP)
					continue;
				snprintf(who, sizeof(who), "%.24s's crewman '%.8s'",
				    fu->name, get_str(m, "id", ""));
				ss_crew_ecv(&l, m, who, fu->ld->obj, 1, fu->at,
				    self->id);
			}
		}
		crew_list_ecv(&l, f, s, "pilots", self->id);
		crew_list_ecv(&l, f, s, "gunners", self->id);
	}
}

/* SPEC 5.1: a side's declared ECV far from the estimate of its units
 * (a card's estimate, a sheet's own ECV), crew and components. */
static void
r_value(const void *obj, struct batch *b, const struct rule *self)
{
	const struct force *f = FORCE(obj);
	double est, total, pc;
	long declared;
	int i, u;

	if (batch_rendering(b) || !f->ok || batch_doc_errors(b) > 0)
		return;
	for (i = 0; i < f->nsides; i++) {
		const struct force_side *s = &f->side[i];

		if (s->declared_n == NULL || s->declared_n->bad)
			continue;
		declared = node_long(s->declared_n, 0);
		total = (double)(s->ecv.crew + s->ecv.components);
		for (u = 0; u < s->nunits; u++) {
			if (strcmp(s->unit[u].ld->kind->name, "card") != 0) {
				total += (double)s->unit[u].ecv;
				continue;
			}
			if (!ss_value_estimate(&((const struct ss_card *)
			    s->unit[u].ld->obj)->u, b, &est))
				break;
			total += est;
		}
		if (u < s->nunits || total <= 0)
			continue;
		pc = (declared - total) * 100 / total;
		if (pc > SS_VALUE_WARN_PERCENT || pc < -SS_VALUE_WARN_PERCENT)
			diag(L_WARNING, self->id, s->declared_n, "side '%s' "
			    "declares ECV %ld, %.1f %% %s muster's estimate of "
			    "%.0f; 'muster value' shows each unit's", s->name,
			    declared, pc > 0 ? pc : -pc, pc > 0 ? "above" :
			    "below", total);
	}
}

static const struct rule rules[] = {
	{ "shellshock.force-unit", "each unit a force names is a Shellshock card or sheet file without errors, and has a value", r_unit },
	{ "shellshock.force-ecv", "a side's declared_ecv is the sum of its units, crew and components", r_ecv },
	{ "shellshock.force-balance", "the sides' ECV are within " STR(SS_ECV_SLACK_PERCENT) " % of each other (warning)", r_balance },
	/* listed with the card's rules, and the sheet's */
	{ "shellshock.value", NULL, r_value },
	{ "shellshock.crew-ecv", NULL, r_crew_ecv },
	{ NULL, NULL, NULL }
};

/* ---- what `muster value` reads of a force ---- */

const char *
ss_force_name(const void *obj)
{
	return FORCE(obj)->name;
}

int
ss_force_side(const void *obj, int i, struct ss_force_side *out)
{
	const struct force *f = FORCE(obj);
	const struct force_side *s;
	int u;

	if (i < 0 || i >= f->nsides)
		return 0;
	s = &f->side[i];
	memset(out, 0, sizeof(*out));
	out->name = s->name;
	for (u = 0; u < s->nunits && u < SS_FORCE_UNITS; u++) {
		const struct loaded *ld = s->unit[u].ld;

		if (strcmp(ld->kind->name, "card") == 0)
			out->card[u] = &((const struct ss_card *)ld->obj)->u;
		else {
			out->sheet[u] = ld->obj;
			out->ecv[u] = s->unit[u].ecv;
		}
	}
	out->nunits = u;
	out->crew = s->ecv.crew;
	out->components = s->ecv.components;
	out->declared = s->declared_n && !s->declared_n->bad ?
	    node_long(s->declared_n, -1) : -1;
	return 1;
}

/* ---- products ---- */

static const char *const roster_fields[] = {
	"name", "balance", "side", "part", "total", "declared", "units",
	"crew", "components", "row.{1.." STR(ROSTER_ROWS) "}.{what,ecv}",
	NULL
};

static const struct rectype roster_type = {
	"shellshock.roster", "a side of a force: its units, crew, components "
	    "and ECV", roster_fields
};

/* A side's roster lines, before they are cut into cards. */
struct lines {
	struct sbuf *what;
	long *ecv;
	int n, cap;
};

static void
line(struct lines *l, long ecv, const char *fmt, ...) ATTR_PRINTF(3, 4);

static void
line(struct lines *l, long ecv, const char *fmt, ...)
{
	va_list ap;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->what = xrealloc(l->what, (size_t)l->cap * sizeof(*l->what));
		l->ecv = xrealloc(l->ecv, (size_t)l->cap * sizeof(*l->ecv));
		memset(l->what + l->n, 0, (size_t)(l->cap - l->n) *
		    sizeof(*l->what));
	}
	sb_reset(&l->what[l->n]);
	va_start(ap, fmt);
	sb_vaddf(&l->what[l->n], fmt, ap);
	va_end(ap);
	l->ecv[l->n++] = ecv;
}

/* A crew list's lines: "pilot Cpl. Duarte, skill 2", or a sheet's
 * "Gunner G1 Sgt. Hale, skill 3" set in under its unit. */
static void
crew_lines(struct lines *l, const char *indent, const char *role,
    const struct node *list)
{
	const struct node *m;
	size_t i;

	for (i = 0; list && !list->bad && list->type == N_SEQ && i < list->n;
	    i++) {
		m = list->kid[i];
		line(l, get_long(m, "ecv", 0), "%s%s%s%s%s%s, skill %ld",
		    indent, role ? role : get_str(m, "role", ""),
		    role ? "" : " ", role ? "" : get_str(m, "id", ""),
		    node_get(m, "name") ? " " : "", get_str(m, "name", ""),
		    get_long(m, "skill", 0));
	}
}

/* "Sides 3.4 % apart", measured against the larger; "" with one side. */
static void
balance(const struct force *f, struct sbuf *sb)
{
	long hi = 0, lo = -1;
	int s;

	if (f->nsides < 2)
		return;
	for (s = 0; s < f->nsides; s++) {
		if (f->side[s].ecv.total > hi)
			hi = f->side[s].ecv.total;
		if (lo < 0 || f->side[s].ecv.total < lo)
			lo = f->side[s].ecv.total;
	}
	sb_addf(sb, "sides %.1f %% apart; more than %d %% is uneven",
	    hi > 0 ? (double)(hi - lo) * 100 / (double)hi : 0.0,
	    SS_ECV_SLACK_PERCENT);
}

/* A side's roster: its lines, ROSTER_ROWS to a card ("1 of 2" when
 * they need more), each card with the side's totals. */
static void
emit_side(const struct force *f, const struct force_side *sd,
    const char *bal, struct lines *l, struct emitter *e)
{
	struct record *r = e->rec;
	char key[32];
	int part, parts, k, i;

	parts = l->n > 0 ? (l->n + ROSTER_ROWS - 1) / ROSTER_ROWS : 1;
	for (part = 0; part < parts; part++) {
		record_clear(r);
		rec_label(r, f->name, sd->key);
		rec_set(r, "name", f->name);
		rec_set(r, "side", sd->name);
		if (parts > 1)
			rec_setf(r, "part", "%d of %d", part + 1, parts);
		else
			rec_set(r, "part", "");
		rec_set(r, "balance", bal);
		for (k = 1; k <= ROSTER_ROWS; k++) {
			i = part * ROSTER_ROWS + k - 1;
			snprintf(key, sizeof(key), "row.%d.what", k);
			rec_set(r, key, i < l->n ? sb_str(&l->what[i]) : "");
			snprintf(key, sizeof(key), "row.%d.ecv", k);
			if (i < l->n)
				rec_setf(r, key, "%ld", l->ecv[i]);
			else
				rec_set(r, key, "");
		}
		rec_setf(r, "units", "%ld", sd->ecv.units);
		rec_setf(r, "crew", "%ld", sd->ecv.crew);
		rec_setf(r, "components", "%ld", sd->ecv.components);
		rec_setf(r, "total", "%ld", sd->ecv.total);
		if (sd->declared_n && !sd->declared_n->bad)
			rec_setf(r, "declared", "declared %ld",
			    node_long(sd->declared_n, 0));
		else
			rec_set(r, "declared", "");
		emit_card(e, 1);
	}
}

/* One roster a side: every unit with its crew, every pilot, gunner and
 * component, with their ECV and the totals. */
static void
emit_roster(const void *obj, struct emitter *e)
{
	const struct force *f = FORCE(obj);
	struct sbuf bal = SBUF_INIT;
	struct lines lines = { NULL, NULL, 0, 0 }, *l = &lines;
	const struct node *c;
	int s, u, k;
	size_t i;

	balance(f, &bal);
	for (s = 0; s < f->nsides; s++) {
		const struct force_side *sd = &f->side[s];

		l->n = 0;
		for (u = 0; u < sd->nunits; u++) {
			const struct force_unit *fu = &sd->unit[u];

			line(l, fu->ecv, "%s (%s%s)", fu->name,
			    fu->ld->kind->name, fu->estimated ?
			    ", estimated" : "");
			if (strcmp(fu->ld->kind->name, "sheet") == 0)
				crew_lines(l, "    ", NULL,
				    ss_sheet_crew(fu->ld->obj));
		}
		crew_lines(l, "", "Pilot", node_get(sd->map, "pilots"));
		crew_lines(l, "", "Gunner", node_get(sd->map, "gunners"));
		c = node_get(sd->map, "components");
		for (i = 0; c && !c->bad && c->type == N_SEQ && i < c->n; i++)
			line(l, get_long(c->kid[i], "ecv", 0), "%s",
			    get_str(c->kid[i], "name", ""));
		emit_side(f, sd, sb_str(&bal), l, e);
	}
	for (k = 0; k < l->cap; k++)
		sb_release(&l->what[k]);
	free(l->what);
	free(l->ecv);
	sb_release(&bal);
}

/* Every unit's own product of the name the force is printing. */
static void
emit_units(const struct force *f, const char *product, struct emitter *e)
{
	const struct product *p;
	int s, u;

	for (s = 0; s < f->nsides; s++)
		for (u = 0; u < f->side[s].nunits; u++) {
			const struct loaded *ld = f->side[s].unit[u].ld;

			for (p = ld->kind->products; p && p->name; p++)
				if (strcmp(p->name, product) == 0)
					p->emit(ld->obj, e);
		}
}

static void
emit_sheets(const void *obj, struct emitter *e)
{
	emit_units(FORCE(obj), "sheet", e);
}

static void
emit_cards(const void *obj, struct emitter *e)
{
	emit_units(FORCE(obj), "card", e);
}

static void
emit_counters(const void *obj, struct emitter *e)
{
	emit_units(FORCE(obj), "counter", e);
}

/* The record types of the units' own products, the card's and the
 * sheet's, and their templates. */
static const struct product products[] = {
	{ "roster", &roster_type, "shellshock-roster", emit_roster },
	{ "sheet", &ss_sheet_type, "shellshock-sheet", emit_sheets },
	{ "card", &ss_card_type, "shellshock-card", emit_cards },
	{ "counter", &ss_counter_type, "shellshock-counter", emit_counters },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new shellshock force`: what a new document of this kind starts from. */
static const char starter[] =
    "# A Shellshock force: the sides of a battle, weighed by ECV.  Each side\n"
    "# names its units' card or sheet files: beside this file, from the\n"
    "# working folder, or among the shipped examples (as here).  A card with\n"
    "# no combat_value counts at muster's estimate ('muster value').\n"
    "system: shellshock\n"
    "kind: force\n"
    "name: My battle\n"
    "sides:\n"
    "  Blue:\n"
    "    units: [shellshock/mason.yaml]\n"
    "    pilots: [{skill: 2, ecv: 6, name: Sgt. Vale}]     # optional crew, ECV by skill\n"
    "    components: [{name: Smoke launchers, ecv: 3}]     # optional\n"
    "    declared_ecv: 129          # optional: check says if the sum differs\n"
    "  Red:\n"
    "    units: [shellshock/hailstorm.yaml]\n"
    "    pilots: [{skill: 3, ecv: 9}]\n";

const struct kind shellshock_force_kind = {
	"force", "the sides of a battle with their ECV; prints a roster and "
	    "every unit", k_force, rules, load, products, starter
};
