/*
 * systems/shellshock_sheetvalue.c -- what a record sheet is worth (SPEC
 * 5.1; issue 27 item 5): a loaded sheet as the value's numbers, the
 * reference sheets (the shipped ones, units/shellshock/), `muster value`
 * on a sheet and shellshock.value at a sheet's ecv.  The arithmetic is
 * rules/shellshock_sheetvalue.c's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../diag.h"
#include "../doc.h"
#include "../input.h"
#include "../paths.h"
#include "../report.h"
#include "../rules/shellshock_sheetvalue.h"
#include "../system.h"
#include "../util.h"
#include "shellshock_game.h"
#include "shellshock_sheet.h"

/* ---- a sheet as the value's numbers ---- */

/* Inches a turn over the field: the top speed off the road over the
 * field's mean cost (SSV_OPEN_SHARE open, the rest the mean of the
 * sheet's other terrains). */
static int
sheet_speed(const struct ss_sheet_doc *s)
{
	const struct node *t = s->terrain_n;
	double open = 1, others = 0, cost;
	long top = 0;
	size_t i;
	int n = 0;

	for (i = 0; i < (size_t)s->nspeeds; i++)
		if (!s->speed[i].road && s->speed[i].speed > top)
			top = s->speed[i].speed;
	for (i = 0; t && t->type == N_MAP && i < t->n; i++) {
		long c = node_long(t->kid[2 * i + 1], 0);

		if (c < 1)
			continue;
		if (strcmp(node_str(t->kid[2 * i], ""), "open") == 0)
			open = (double)c;
		else {
			others += (double)c;
			n++;
		}
	}
	cost = n ? SSV_OPEN_SHARE * open + (1 - SSV_OPEN_SHARE) * others / n :
	    open;
	return cost > 0 ? (int)((double)top / cost) : 0;
}

/* Fills out from a loaded sheet: the engine's numbers, each crewman a
 * gunner of the weapons it may fire (odds' own choice, ss_pick). */
void
ss_sheet_value_numbers(const void *obj, struct ssv_sheet *out)
{
	const struct ss_sheet_doc *s = SHEET(obj);
	struct ss_side *sd = xmalloc(sizeof(*sd));
	const struct node *m;
	size_t i;
	int k;

	memset(out, 0, sizeof(*out));
	memset(sd, 0, sizeof(*sd));
	ss_load_sheet(sd, s->root);
	EACH(s->crew_n, i, m) {
		struct ss_pick pk;
		const char *id;
		int skill = 0;
		unsigned fire = 0;

		if (out->ngunners == SSV_MAX_GUNNERS)
			break;
		memset(&pk, 0, sizeof(pk));
		pk.gunner = get_str(m, "id", "");
		if (ss_pick(sd, &pk, &skill, &fire, &id) != 0 || fire == 0)
			continue;
		out->g[out->ngunners].skill = skill;
		out->g[out->ngunners++].fire = fire;
	}
	out->u = sd->u;
	out->speed = sheet_speed(s);
	/* Turning: the Body's weapons (fixed), the Turn Number of the
	 * largest speed off the road at or under each speed, free facings,
	 * the reverse multiplier. */
	for (i = 0; i < (size_t)out->u.nweapons; i++)
		if (ss_body_system(get_str(sd->wmap[i], "system", "")))
			out->body |= 1u << i;
	for (k = 1; k <= SSV_MAX_SPEED; k++) {
		long best = 0;

		for (i = 0; i < (size_t)s->nspeeds; i++)
			if (!s->speed[i].road && s->speed[i].turn >= 1 &&
			    s->speed[i].speed <= k && s->speed[i].speed > best) {
				best = s->speed[i].speed;
				out->turn[k] = (unsigned char)(s->speed[i].turn >
				    255 ? 255 : s->speed[i].turn);
			}
	}
	out->free_facing = s->free_facing > 0 ? (int)s->free_facing : 0;
	k = str_index(ss_multiplier_name, "reverse");
	out->reverse = s->mult[k] > 0 ? (int)s->mult[k] : 0;
	free(sd);
}

/* ---- the reference sheets ---- */

/* The shipped sheets, loaded and fitted once a run in a batch of their
 * own (as the cards' references), and the ratings made, by a sheet's
 * numbers. */
static struct {
	struct batch *own;
	int tried, loading;
	struct ssv_sheet *sheet;
	struct ssv_refset set;
	struct smemo {
		unsigned long long hash;
		struct ssv_rating *r;
	} *memo;
	size_t nmemo, capmemo;
} sv;

static void
sv_free(void)
{
	size_t i;

	for (i = 0; i < sv.capmemo; i++)
		free(sv.memo[i].r);
	free(sv.memo);
	free(sv.sheet);
	if (sv.own)
		batch_free(sv.own);
	memset(&sv, 0, sizeof(sv));
}

static int
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Loads the sheets of the shipped units' folder and fits them, once;
 * nonzero when there are. */
static int
sv_refs(void)
{
	static const char *const kinds[] = { "card", "sheet", "force",
	    "reference", NULL };
	const char *const *dirs = paths_search("units");
	struct inputs in = INPUTS_INIT;
	const struct loaded *ld;
	char buf[4096];
	size_t k;
	int i, n, d;

	if (sv.tried)
		return sv.set.n > 0;
	sv.tried = 1;
	atexit(sv_free);
	sv.sheet = xcalloc(SSV_MAX_REFS, sizeof(*sv.sheet));
	sv.own = batch_new();
	sv.loading = 1;
	for (i = 0; dirs[i]; i++) {
		snprintf(buf, sizeof(buf), "%s/shellshock", dirs[i]);
		if (is_dir(buf))
			break;
	}
	if (dirs[i] && inputs_add(&in, buf) == 0)
		for (k = 0; k < in.n; k++) {
			if ((ld = system_ref(sv.own, in.v[k], NULL,
			    "shellshock.unit", "shellshock", kinds, &n)) == NULL)
				continue;
			for (d = 0; d < n; d++) {
				struct ssv_sheet *s = &sv.sheet[sv.set.n];

				if (strcmp(ld[d].kind->name, "sheet") != 0 ||
				    sv.set.n == SSV_MAX_REFS)
					continue;
				ss_sheet_value_numbers(ld[d].obj, s);
				if (ssv_complete(s))
					sv.set.u[sv.set.n++] = s;
			}
		}
	inputs_free(&in);
	sv.loading = 0;
	if (sv.set.n > 0)
		ssv_refset_fit(&sv.set);
	return sv.set.n > 0;
}

/* The sheet's signature: its numbers, names left out. */
static unsigned long long
sheet_hash(const struct ssv_sheet *s)
{
	struct ssv_sheet *c = xmalloc(sizeof(*c));
	unsigned long long h;
	int k;

	*c = *s;
	c->u.name = NULL;
	c->u.card = NULL;
	for (k = 0; k < SSA_MAX_WEAPONS; k++)
		c->u.weapon[k].name = NULL;
	for (k = 0; k < SSA_MAX_EQUIP; k++)
		c->u.equip[k].name = NULL;
	h = fnv1a(FNV_SEED, c, sizeof(*c));
	free(c);
	return h ? h : 1;
}

static struct smemo *
smemo_slot(unsigned long long h)
{
	size_t i = (size_t)h & (sv.capmemo - 1);

	while (sv.memo[i].hash != 0 && sv.memo[i].hash != h)
		i = (i + 1) & (sv.capmemo - 1);
	return &sv.memo[i];
}

/* s's rating against the shipped sheets, kept by its numbers; NULL when
 * none is made (muster loading them, none found, s not whole). */
static const struct ssv_rating *
rating(const struct ssv_sheet *s)
{
	struct smemo *slot;
	unsigned long long h;

	if (sv.loading || !ssv_complete(s) || !sv_refs())
		return NULL;
	h = sheet_hash(s);
	if (2 * (sv.nmemo + 1) > sv.capmemo) {
		struct smemo *old = sv.memo;
		size_t oc = sv.capmemo, i;

		sv.capmemo = oc ? 2 * oc : 64;
		sv.memo = xcalloc(sv.capmemo, sizeof(*sv.memo));
		for (i = 0; i < oc; i++)
			if (old[i].hash)
				*smemo_slot(old[i].hash) = old[i];
		free(old);
	}
	slot = smemo_slot(h);
	if (!slot->hash) {
		slot->r = xmalloc(sizeof(*slot->r));
		ssv_rate(s, &sv.set, slot->r);
		slot->hash = h;
		sv.nmemo++;
	}
	return slot->r;
}

/* ---- shellshock.value at a sheet ---- */

void
ss_value_check_sheet(const void *sheet, const struct node *at,
    struct batch *b, const char *rule)
{
	const struct ssv_rating *r;
	struct ssv_sheet *s;
	double pc, declared;
	long crew;

	if (batch_rendering(b) || at == NULL || sv.loading)
		return;
	/* The references first: too few weigh nothing, and cost no score. */
	if (!sv_refs() || sv.set.n < SSV_CHECK_MIN_REFS)
		return;
	s = xmalloc(sizeof(*s));
	ss_sheet_value_numbers(sheet, s);
	r = rating(s);
	free(s);
	if (r == NULL)
		return;
	declared = (double)ss_sheet_ecv(sheet, &crew) + (double)crew;
	if (declared >= r->lo && declared <= r->hi)
		return;
	pc = (declared - r->value) * 100 / r->value;
	diag(L_WARNING, rule, at, "ecv %ld with its crew's %ld is %.0f %% %s "
	    "muster's value of %.0f (%.0f to %.0f with the method's error); "
	    "its matchup with %s, scored %.0f %% where %.0f %% is predicted, "
	    "moves it most; 'muster value' shows why", (long)declared - crew,
	    crew, fabs(pc), pc > 0 ? "above" : "below", r->value, r->lo, r->hi,
	    sv.set.u[r->moves_most]->u.name, 100 * r->model[r->moves_most],
	    100 * r->predicted[r->moves_most]);
}

int
ss_sheet_estimate(const void *sheet, double *out)
{
	struct ssv_sheet *s = xmalloc(sizeof(*s));
	const struct ssv_rating *r;

	ss_sheet_value_numbers(sheet, s);
	r = rating(s);
	free(s);
	if (r == NULL)
		return 0;
	*out = r->value;
	return 1;
}

/* ---- `muster value` on a sheet ---- */

void
ss_value_sheet_header(struct report *rp)
{
	int i;

	if (!sv_refs()) {
		rp_f(rp, "against no reference sheet{~reference:%s}: the "
		    "shipped sheets are not found (set MUSTER_UNITS)\n\n", NULL);
		return;
	}
	rp_f(rp, "against {_:%d} reference sheet{_:%s}:", sv.set.n,
	    sv.set.n == 1 ? "" : "s");
	rp_open(rp, "reference", '[');
	for (i = 0; i < sv.set.n; i++) {
		rp_open(rp, NULL, '{');
		rp_f(rp, "{_:%s}{name:%s} {rating:%.0f}", i ? ", " : " ",
		    sv.set.u[i]->u.name, sv.set.rating[i]);
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "\n  value: advanced rules{~rules:%s}, a Bradley-Terry fit of "
	    "the exact score (turns to stop the other){~value_method:%s}, "
	    "{anchor:%s} at " STR(SSV_ANCHOR_INT) ", residual {fit_rms:%.3f} "
	    "log-odds; no duel is played\n\n", "advanced", "score",
	    sv.set.anchor >= 0 ? sv.set.u[sv.set.anchor]->u.name :
	    "the set's geometric mean", sv.set.fit_rms);
}

void
ss_value_sheet(struct report *rp, const void *sheet)
{
	const struct ssv_rating *r;
	struct ssv_sheet *s = xmalloc(sizeof(*s));
	long ecv, crew;
	int i;

	ss_sheet_value_numbers(sheet, s);
	r = rating(s);
	ecv = ss_sheet_ecv(sheet, &crew);
	rp_open(rp, NULL, '{');
	if (r == NULL) {
		rp_f(rp, "{name:%s}: a record sheet, ECV {ecv:%d} as it "
		    "declares{~estimate:%s} ({_:%s})\n\n", ss_sheet_name(sheet),
		    (int)ecv, NULL, ssv_complete(s) ? "the shipped sheets, its "
		    "references, are not found: set MUSTER_UNITS" : "it has no "
		    "gunner with a weapon to value");
		rp_close(rp);
		free(s);
		return;
	}
	rp_f(rp, "{name:%s}: a record sheet with its crew, value "
	    "{estimate:%.0f}, band ", s->u.name, r->value);
	rp_open(rp, "band", '[');
	rp_f(rp, "{:%.0f} to {:%.0f}", r->lo, r->hi);
	rp_close(rp);
	rp_f(rp, " (fit {se_fit:%.3f} and the method's {se_method:%.3f} in log "
	    "value); declared {declared:%d} "
	    "(ECV {ecv:%d} + crew {crew:%d})\n", r->se_fit, SSV_METHOD_ERROR,
	    (int)(ecv + crew),
	    (int)ecv,
	    (int)crew);
	if (ecv + crew < r->lo || ecv + crew > r->hi)
		rp_f(rp, "  declared {_:%d} is outside the band{~outside:%b}{_:%s}\n",
		    (int)(ecv + crew), 1, sv.set.n < SSV_CHECK_MIN_REFS ? " (check "
		    "weighs it against " STR(SSV_CHECK_MIN_REFS) " reference sheets "
		    "or more)" : "");
	else
		rp_f(rp, "{~outside:%b}", 0);
	rp_f(rp, "  advanced rules, exact score{~method:%s} against {_:%d} "
	    "reference sheet{_:%s}, {anchor:%s} at " STR(SSV_ANCHOR_INT) "\n",
	    "score", sv.set.n, sv.set.n == 1 ? "" : "s", sv.set.anchor >= 0 ?
	    sv.set.u[sv.set.anchor]->u.name : "their geometric mean");
	rp_f(rp, "  {_:%-20s}  rating  scored   predicted\n", "against");
	rp_open(rp, "matchups", '[');
	for (i = 0; i < r->n; i++) {
		rp_open(rp, NULL, '{');
		rp_f(rp, "  {_:%-20s}{~against:%s}  {rating:%6.0f}  {scored:%5.1P} "
		    "%  {predicted:%5.1P} %\n", sv.set.u[i]->u.name,
		    sv.set.u[i]->u.name,
		    sv.set.rating[i], r->model[i], r->predicted[i]);
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "  moves it most: {moves_most:%s}\n\n",
	    sv.set.u[r->moves_most]->u.name);
	rp_close(rp);
	free(s);
}
