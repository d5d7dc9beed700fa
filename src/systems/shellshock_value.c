/*
 * systems/shellshock_value.c -- `muster value`: what a Shellshock card is
 * worth against a reference set (SPEC 5.1), line by line as MegaMekLab
 * shows Battle Value, and `--duel`; and shellshock.value, the warning
 * when a card's combat_value or a force side's declared ECV is far from
 * the estimate.  The arithmetic is rules/shellshock_value.c's.
 */
#include <errno.h>
#include <ctype.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../diag.h"
#include "../input.h"
#include "../paths.h"
#include "../report.h"
#include "../rules/shellshock_value.h"
#include "../system.h"
#include "../usage.h"
#include "../util.h"
#include "shellshock_game.h"

const char ss_value_usage[] =
    "usage: muster value [--json] [--against PATH]... PATH...\n"
    "       muster value --duel A.yaml B.yaml [--range IN] [--runs N]\n"
    "                    [--seed N] [--json]\n"
    "\n"
    "What a Shellshock card is worth: its offence (the kills a turn its\n"
    "fire makes against each unit of the reference set, over ranges 0-"
    STR(SS_VALUE_RANGE_MAX) "\n"
    "in and the four facings), its defence (the turns it lasts under the\n"
    "set's fire), its mobility, and the estimate made of them, scaled so\n"
    "that the set's mean is the mean of the values its cards declare.  A\n"
    "force's sides are totalled.  Sheets are shown with their own ECV.\n"
    "\n"
    "  --against PATH  a reference unit file or folder (again for more;\n"
    "                  default: the shipped examples, units/shellshock)\n"
    "  --duel A B      a fight to the death between two cards, both firing\n"
    "                  each turn, simulated with seeded dice\n"
    "  --range IN      the duel's range (default " STR(SS_DUEL_RANGE) ")\n"
    "  --runs N        duels to simulate (default and least " STR(SS_DUEL_RUNS) ")\n"
    "  --seed N        the dice's seed (default 1)\n"
    "  --json          one JSON object on stdout\n"
    "\n"
    "exit status: 0, 1 errors in a unit file, 2 usage or I/O error\n";

/* ---- the reference set ---- */

struct refs {
	const struct ss_unit *u[SS_VALUE_MAX_REFS];
	double strength[SS_VALUE_MAX_REFS];
	int n;
	double scale;
	int examples;		/* the shipped ones */
};

/* Whether a card is whole enough to be valued: the schema and rules
 * left every number in. */
static int
complete(const struct ss_unit *u)
{
	return u->era >= 0 && u->die >= 1 && u->nbands == SS_BANDS &&
	    u->dead >= 1;
}

/* Adds the cards of path (a file or a folder) to r.  0, or -1 with the
 * reason reported. */
static int
add_refs(struct batch *b, const char *path, struct refs *r)
{
	static const char *const kinds[] = { "card", "sheet", "force",
	    "reference", NULL };
	struct inputs in = INPUTS_INIT;
	const struct loaded *ld;
	size_t i;
	int n, d, rc = 0;

	if (inputs_add(&in, path) < 0)
		return -1;
	for (i = 0; i < in.n; i++) {
		if ((ld = system_ref(b, in.v[i], NULL, "shellshock.unit",
		    "shellshock", kinds, &n)) == NULL) {
			rc = -1;
			continue;
		}
		for (d = 0; d < n && r->n < SS_VALUE_MAX_REFS; d++)
			if (strcmp(ld[d].kind->name, "card") == 0 &&
			    complete(&((const struct ss_card *)ld[d].obj)->u))
				r->u[r->n++] =
				    &((const struct ss_card *)ld[d].obj)->u;
	}
	inputs_free(&in);
	return rc;
}

static int
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The shipped examples' folder, or NULL. */
static char *
examples_dir(void)
{
	const char *const *dirs = paths_search("units");
	char buf[4096];
	int i;

	for (i = 0; dirs[i]; i++) {
		snprintf(buf, sizeof(buf), "%s/shellshock", dirs[i]);
		if (is_dir(buf))
			return xstrdup(buf);
	}
	return NULL;
}

static void
refs_scale(struct refs *r)
{
	struct ss_value *v = xmalloc(sizeof(*v));
	int i;

	for (i = 0; i < r->n; i++) {
		ss_value(r->u[i], r->u, r->n, v);
		r->strength[i] = v->strength;
	}
	r->scale = ss_value_scale(r->u, r->strength, r->n);
	free(v);
}

/* ---- the check: shellshock.value ---- */

/*
 * The default reference set, loaded once a run into a batch of its own
 * (a unit being loaded may be one of them: the run's batch would call
 * that a circle; and their own checks do not value them again), and the
 * estimates made, by a unit's numbers: many cards share them.
 */
static struct {
	struct batch *own;
	int tried, loading;
	struct refs r;
	/* Open addressing by the key's hash; capmemo a power of 2. */
	struct memo {
		unsigned long long hash;
		int key[96];
		int nkey;
		double estimate;
	} *memo;
	size_t nmemo, capmemo;
} chk;

static unsigned long long
key_hash(const int *k, int n)
{
	unsigned long long h = 14695981039346656037ULL;
	int i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned)k[i];
		h *= 1099511628211ULL;
	}
	return h ? h : 1;
}

/* The slot of key: its own, or the empty one it goes in. */
static struct memo *
memo_slot(unsigned long long h, const int *key, int n)
{
	size_t i = (size_t)h & (chk.capmemo - 1);

	while (chk.memo[i].hash != 0 && (chk.memo[i].hash != h ||
	    chk.memo[i].nkey != n ||
	    memcmp(chk.memo[i].key, key, (size_t)n * sizeof(int)) != 0))
		i = (i + 1) & (chk.capmemo - 1);
	return &chk.memo[i];
}

static void
memo_grow(void)
{
	struct memo *old = chk.memo;
	size_t oldcap = chk.capmemo, i;

	chk.capmemo = oldcap ? 2 * oldcap : 1024;
	chk.memo = xcalloc(chk.capmemo, sizeof(*chk.memo));
	for (i = 0; i < oldcap; i++)
		if (old[i].hash)
			*memo_slot(old[i].hash, old[i].key, old[i].nkey) = old[i];
	free(old);
}

static int
unit_key(const struct ss_unit *u, int *k)
{
	int n = 0, i, j;

	k[n++] = u->era;
	k[n++] = u->max_speed;
	k[n++] = u->road_speed;
	for (i = 0; i < SS_MANEUVER_LEN; i++)
		k[n++] = u->maneuver[i];
	for (i = 0; i < SS_NTERRAIN; i++)
		k[n++] = u->terrain[i];
	for (i = 0; i < SS_NROWS; i++)
		for (j = 0; j < 2; j++)
			k[n++] = u->dv[i][j];
	k[n++] = u->die;
	k[n++] = u->skill;
	for (i = 0; i < u->nweapons; i++) {
		k[n++] = u->weapon[i].row;
		k[n++] = u->weapon[i].damage;
		k[n++] = u->weapon[i].cls;
		k[n++] = u->weapon[i].arc;
		k[n++] = u->weapon[i].spread;
	}
	k[n++] = -1;
	for (i = 0; i < SS_NFACINGS; i++)
		k[n++] = u->armor[i];
	for (i = 0; i < SS_BANDS; i++) {
		k[n++] = u->band[i][0];
		k[n++] = u->band[i][1];
	}
	k[n++] = u->dead;
	return n;
}

/* The estimate of u against the shipped examples: 1, or 0 when there is
 * none to make (muster loading them, a unit not whole), -1 when the
 * examples are not found. */
static int
check_estimate(const struct ss_unit *u, struct batch *b, double *out)
{
	struct ss_value *v;
	struct memo *slot;
	unsigned long long h;
	int key[96], n;
	char *dir;

	(void)b;
	if (chk.loading || !complete(u))
		return 0;
	if (!chk.tried) {
		chk.tried = 1;
		if ((dir = examples_dir()) != NULL) {
			chk.loading = 1;
			chk.own = batch_new();
			add_refs(chk.own, dir, &chk.r);
			chk.loading = 0;
			free(dir);
		}
		if (chk.r.n > 0)
			refs_scale(&chk.r);
	}
	if (chk.r.n == 0)
		return -1;
	n = unit_key(u, key);
	h = key_hash(key, n);
	if (2 * (chk.nmemo + 1) > chk.capmemo)
		memo_grow();
	slot = memo_slot(h, key, n);
	if (slot->hash) {
		*out = slot->estimate;
		return 1;
	}
	v = xmalloc(sizeof(*v));
	ss_value(u, chk.r.u, chk.r.n, v);
	*out = v->strength * chk.r.scale;
	free(v);
	slot->hash = h;
	memcpy(slot->key, key, (size_t)n * sizeof(int));
	slot->nkey = n;
	slot->estimate = *out;
	chk.nmemo++;
	return 1;
}

/* How far declared is from estimate, in % of the estimate; 0 within
 * SS_VALUE_WARN_PERCENT. */
static int
too_far(double declared, double estimate, double *percent)
{
	*percent = estimate > 0 ? (declared - estimate) * 100 / estimate : 0;
	return fabs(*percent) > SS_VALUE_WARN_PERCENT;
}

void
ss_value_check_card(const struct ss_unit *u, const struct node *at,
    struct batch *b, const char *rule)
{
	static int told;
	double est, pc;
	int r;

	if (u->combat_value < 0 || at == NULL ||
	    (r = check_estimate(u, b, &est)) == 0)
		return;
	/* Said once a run, not dropped in silence. */
	if (r < 0) {
		if (!told++)
			diag(L_NOTE, rule, at, "combat_value is not weighed: "
			    "the shipped example units are not found; set "
			    "MUSTER_UNITS to their folder");
		return;
	}
	if (too_far(u->combat_value, est, &pc))
		diag(L_WARNING, rule, at, "combat_value %d is %.1f %% %s the "
		    "estimate of %.0f against the example units; 'muster "
		    "value' shows why", u->combat_value, fabs(pc),
		    pc > 0 ? "above" : "below", est);
}

int
ss_value_estimate(const struct ss_unit *u, struct batch *b, double *out)
{
	return check_estimate(u, b, out) > 0;
}

/* ---- `muster value` ---- */

/* name padded to width characters (not bytes: "Jäger"), in buf. */
static const char *
pad(const char *name, int width, char *buf, size_t size)
{
	size_t n = 0, i;
	int chars = 0;

	for (i = 0; name[i] && n + 1 < size; i++) {
		if (((unsigned char)name[i] & 0xc0) != 0x80)
			chars++;
		buf[n++] = name[i];
	}
	while (chars++ < width && n + 1 < size)
		buf[n++] = ' ';
	buf[n] = '\0';
	return buf;
}

static void
matchup_line(struct report *rp, const char *name, const struct ss_matchup *m,
    int facings)
{
	char padded[128];
	int f;

	rp_open(rp, NULL, '{');
	rp_f(rp, "    {_:%-3s} {_:%s}{~unit:%s} {turns:%7.2f} turns  kills "
	    "{rate:%.3f}/turn  one turn: {p_destroyed:%5.1P} %, internal "
	    "{internal:%.1f}, damage {damage:%.1f}\n", facings ? "by" : "at",
	    pad(name, 20, padded, sizeof(padded)), name, m->turns, 1 / m->turns,
	    m->p_kill, m->internal, m->damage);
	if (facings) {
		rp_open(rp, "facings", '{');
		rp_f(rp, "        turns by facing:");
		for (f = 0; f < SS_NFACINGS; f++) {
			char key[32];

			snprintf(key, sizeof(key), " %s {%s:%%.2f}",
			    ss_facing_name[f], ss_facing_name[f]);
			rp_f(rp, key, m->facing_turns[f]);
		}
		rp_f(rp, "\n");
		rp_close(rp);
	}
	rp_close(rp);
}

static void
value_unit(struct report *rp, const struct ss_unit *u, const struct refs *r,
    struct ss_value *v)
{
	double share[SS_NROWS] = { 0 }, pc;
	char man[8];
	int i, row;

	ss_value(u, r->u, r->n, v);
	v->estimate = v->strength * r->scale;
	rp_open(rp, NULL, '{');
	rp_f(rp, "{name:%s}: estimate {estimate:%.0f}", u->name,
	    v->estimate);
	if (u->combat_value >= 0) {
		too_far(u->combat_value, v->estimate, &pc);
		rp_f(rp, ", declared {declared:%d} ({declared_percent:%+.0f} "
		    "%)", u->combat_value, pc);
	} else {
		rp_f(rp, "{~declared:%s}", NULL);
	}
	rp_f(rp, "\n");
	/* Offence: its fire at each reference unit. */
	rp_f(rp, "  offence  {offence:%.4f} kills a turn, the mean of:\n",
	    v->offence);
	rp_open(rp, "offence_vs", '[');
	for (i = 0; i < v->nref; i++) {
		matchup_line(rp, r->u[i]->name, &v->vs[i], 0);
		for (row = 0; row < SS_NROWS; row++)
			share[row] += v->vs[i].row_share[row] / v->nref;
	}
	rp_close(rp);
	rp_f(rp, "    weapons' share of its damage:");
	rp_open(rp, "weapons", '[');
	for (i = 0; i < u->nweapons; i++) {
		const struct ss_weapon *w = &u->weapon[i];

		rp_open(rp, NULL, '{');
		rp_f(rp, " {row:%c} {damage:%d}{class:%c} {share:%.0P} %",
		    ss_row_letter[w->row], w->damage, w->cls,
		    share[w->row]);
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "\n");
	/* Defence: each reference unit's fire at it. */
	rp_f(rp, "  defence  {defence:%.2f} turns to be destroyed, at the mean "
	    "rate of:\n", v->defence);
	rp_open(rp, "defence_from", '[');
	for (i = 0; i < v->nref; i++)
		matchup_line(rp, r->u[i]->name, &v->from[i], 1);
	rp_close(rp);
	snprintf(man, sizeof(man), "%s", u->maneuver);
	rp_f(rp, "  mobility {mobility:%.2f} = (speed {speed:%d} + road "
	    "{road:%d} / 2) x maneuver \"{maneuver:%s}\" {maneuver_factor:%.2f} "
	    "x terrain {terrain_factor:%.2f}\n", v->mobility, u->max_speed,
	    u->road_speed, man, ss_maneuver_factor(u), ss_terrain_factor(u));
	rp_f(rp, "  strength {strength:%.4f} = sqrt(offence x defence) x "
	    "mobility^{_:%.1f}\n", v->strength, SS_VALUE_MOBILITY_EXP);
	rp_f(rp, "  estimate {_:%.0f} = strength x {scale:%.2f}\n\n",
	    v->estimate, r->scale);
	rp_close(rp);
}

/* A force's sides: each unit's estimate (a sheet's own ECV), its crew
 * and components, against what the side declares. */
static void
value_force(struct report *rp, const struct loaded *ld, const struct refs *r,
    struct ss_value *v)
{
	struct ss_force_side sd;
	int s, k;

	rp_open(rp, NULL, '{');
	rp_f(rp, "force {force:%s}\n", ss_force_name(ld->obj));
	rp_open(rp, "sides", '[');
	for (s = 0; ss_force_side(ld->obj, s, &sd); s++) {
		double total = (double)(sd.crew + sd.components);

		for (k = 0; k < sd.nunits; k++) {
			if (sd.card[k]) {
				ss_value(sd.card[k], r->u, r->n, v);
				total += v->strength * r->scale;
			} else {
				total += (double)sd.ecv[k];
			}
		}
		rp_open(rp, NULL, '{');
		rp_f(rp, "  side {side:%s}: estimated {estimate:%.0f}", sd.name,
		    total);
		if (sd.declared >= 0)
			rp_f(rp, ", declared {declared:%d}", (int)sd.declared);
		else
			rp_f(rp, "{~declared:%s}", NULL);
		rp_f(rp, " ({units:%d} units; crew and components {crew:%d})"
		    "\n", sd.nunits, (int)(sd.crew + sd.components));
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "\n");
	rp_close(rp);
}

static int
duel(int argc, char **argv, int range, long runs, unsigned long long seed,
    int json)
{
	const struct ss_unit *a, *bu;
	struct batch *b;
	struct report *rp;
	struct ss_duel d;
	int rc;

	diag_init(0, stderr);
	b = batch_new();
	if (argc != 2) {
		batch_free(b);
		return usage_error(ss_value_usage, "--duel takes two card files, "
		    "A and B");
	}
	if ((rc = ss_load_unit(b, argv[0], &a)) != 0 ||
	    (rc = ss_load_unit(b, argv[1], &bu)) != 0) {
		batch_free(b);
		return rc;
	}
	ss_duel(a, bu, range, runs, seed, &d);
	rp = rp_new(stdout, json);
	rp_f(rp, "duel: {a:%s} against {b:%s} at {range:%d} in, "
	    "{runs:%d} duels simulated{~method:%s} (seed {seed:%d})\n",
	    a->name, bu->name, range, (int)runs, "simulation", (int)seed);
	{
		char la[160], lb[160], pa[200], pb[200];

		snprintf(la, sizeof(la), "%s wins", a->name);
		snprintf(lb, sizeof(lb), "%s wins", bu->name);
		rp_f(rp, "  {_:%s} {p_a:%8.4P} %\n",
		    pad(la, 26, pa, sizeof(pa)), d.p_a);
		rp_f(rp, "  {_:%s} {p_b:%8.4P} %\n",
		    pad(lb, 26, pb, sizeof(pb)), d.p_b);
	}
	rp_f(rp, "  {_:%-26s} {p_both:%8.4P} %\n", "both destroyed", d.p_both);
	rp_f(rp, "  {_:%-26s} {p_neither:%8.4P} %\n", "neither, after "
	    STR(SS_DUEL_TURNS) " turns", d.p_neither);
	rp_f(rp, "  a duel lasts {turns:%.2f} turns on average\n", d.turns);
	rp_end(rp);
	batch_free(b);
	return 0;
}

/* The options, for getopt_long and for shell completion. */
const struct option ss_value_opts[] = {
	{ "against", required_argument, NULL, 'a' },
	{ "duel", no_argument, NULL, 'd' },
	{ "range", required_argument, NULL, 'r' },
	{ "runs", required_argument, NULL, 'n' },
	{ "seed", required_argument, NULL, 's' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
ss_value_run(int argc, char **argv)
{
	static const char *const kinds[] = { "card", "sheet", "force",
	    "reference", NULL };
	const char *against[64];
	struct inputs in = INPUTS_INIT;
	struct refs *r = NULL;
	struct ss_value *v = NULL;
	struct report *rp = NULL;
	struct batch *b = NULL;
	const struct loaded *ld;
	long range = SS_DUEL_RANGE, runs = SS_DUEL_RUNS;
	unsigned long long seed = 1;
	int c, nagainst = 0, dueling = 0, json = 0, rc = 0, i, n, d;
	size_t k;
	char *end, *dir = NULL;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", ss_value_opts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if (nagainst < 64)
				against[nagainst++] = optarg;
			break;
		case 'd': dueling = 1; break;
		case 'r':
			errno = 0;
			range = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end || errno || range < 0 ||
			    range > 1000)
				return usage_error(ss_value_usage, "--range '%s': "
				    "give inches from 0 to 1000", optarg);
			break;
		case 'n':
			errno = 0;
			runs = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end || errno ||
			    runs < SS_DUEL_RUNS || runs > 100000000)
				return usage_error(ss_value_usage, "--runs '%s': "
				    "give %d to 100000000 duels", optarg,
				    SS_DUEL_RUNS);
			break;
		case 's':
			errno = 0;
			seed = strtoull(optarg, &end, 10);
			if (!isdigit((unsigned char)*optarg) || *end || errno)
				return usage_error(ss_value_usage, "--seed '%s': "
				    "give a whole number from 0 to %llu", optarg,
				    (unsigned long long)ULLONG_MAX);
			break;
		case 'j': json = 1; break;
		case 'h': fputs(ss_value_usage, stdout); return 0;
		default: return usage_option(ss_value_usage, ss_value_opts, argv);
		}
	}
	if (dueling) {
		if (nagainst)
			return usage_error(ss_value_usage, "--duel takes no "
			    "--against");
		return duel(argc - optind, argv + optind, (int)range, runs, seed,
		    json);
	}
	if (optind == argc)
		return usage_error(ss_value_usage, "value needs a card, sheet "
		    "or force file, or a folder of them");
	diag_init(0, stderr);
	b = batch_new();
	r = xcalloc(1, sizeof(*r));
	v = xmalloc(sizeof(*v));
	if (nagainst == 0) {
		if ((dir = examples_dir()) == NULL) {
			fprintf(stderr, "muster: the shipped example units are "
			    "not installed; give --against PATH\n");
			rc = 2;
			goto out;
		}
		against[nagainst++] = dir;
		r->examples = 1;
	}
	/* The reference cards' own shellshock.value checks would value
	 * them against the set being loaded: this command values. */
	chk.loading = 1;
	for (i = 0; i < nagainst; i++)
		if (add_refs(b, against[i], r) < 0)
			rc = 1;
	diag_flush();
	if (diag_exit_status(0) != 0)
		rc = diag_exit_status(0);
	if (rc)
		goto out;
	if (r->n == 0) {
		rc = usage_error(ss_value_usage, "the reference set holds no "
		    "Shellshock card: give --against a card file or folder");
		goto out;
	}
	refs_scale(r);
	for (i = optind; i < argc; i++)
		if (inputs_add(&in, argv[i]) < 0)
			rc = 2;
	diag_flush();
	if (rc)
		goto out;
	rp = rp_new(stdout, json);
	rp_f(rp, "against {_:%d} reference unit{_:%s}{~examples:%b}:", r->n,
	    r->n == 1 ? "" : "s", r->examples);
	rp_open(rp, "reference", '[');
	for (i = 0; i < r->n; i++)
		rp_f(rp, "{_:%s}{:%s}", i ? ", " : " ", r->u[i]->name);
	rp_close(rp);
	rp_f(rp, "; scale {scale:%.2f}\n\n", r->scale);
	rp_open(rp, "units", '[');
	for (k = 0; k < in.n; k++) {
		if ((ld = system_ref(b, in.v[k], NULL, "shellshock.unit",
		    "shellshock", kinds, &n)) == NULL) {
			rc = 1;
			continue;
		}
		for (d = 0; d < n; d++) {
			if (strcmp(ld[d].kind->name, "card") == 0) {
				value_unit(rp, &((const struct ss_card *)
				    ld[d].obj)->u, r, v);
			} else if (strcmp(ld[d].kind->name, "sheet") == 0) {
				long crew;

				rp_open(rp, NULL, '{');
				rp_f(rp, "{name:%s}: a record sheet, ECV {ecv:%d} "
				    "as it declares{~estimate:%s} (the advanced "
				    "rules' numbers are not estimated)\n\n",
				    ss_sheet_name(ld[d].obj),
				    (int)ss_sheet_ecv(ld[d].obj, &crew), NULL);
				rp_close(rp);
			} else if (strcmp(ld[d].kind->name, "force") == 0) {
				value_force(rp, &ld[d], r, v);
			} else {
				/* A legend (kind reference): said, not
				 * valued. */
				diag_at(L_NOTE, "shellshock.unit", in.v[k], 0,
				    0, "holds the legend of the cards' symbols, "
				    "which has no value; value weighs cards, "
				    "sheets and forces");
			}
		}
	}
	rp_close(rp);
	rp_end(rp);
	rp = NULL;
	diag_flush();
	if (rc == 0)
		rc = diag_exit_status(0);
out:
	diag_flush();
	inputs_free(&in);
	free(r);
	free(v);
	free(dir);
	if (b)
		batch_free(b);
	return rc;
}
