/*
 * systems/shellshock_value.c -- `muster value`: what a Shellshock card is
 * worth against a reference set (SPEC 5.1), line by line as MegaMekLab
 * shows Battle Value, and `--duel`; and shellshock.value, the warning
 * when a card's combat_value or a force side's declared ECV is far from
 * the estimate.  The arithmetic is rules/shellshock_value.c's.
 */
#include <errno.h>
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../diag.h"
#include "../doc.h"
#include "../input.h"
#include "../options.h"
#include "../paths.h"
#include "../report.h"
#include "../rules/shellshock_value.h"
#include "../system.h"
#include "../usage.h"
#include "../util.h"
#include "shellshock_game.h"

const char ss_value_usage[] =
    "usage: muster value [shellshock] [--json] [--against PATH]... PATH...\n"
    "       muster value [shellshock] --duel A.yaml B.yaml [--runs N] [--seed N] [--json]\n"
    "\n"
    "What a Shellshock card is worth: the chance of winning a fight.  Each\n"
    "card is scored against every unit of the reference set by the turns\n"
    "each needs to stop the other (exact, and never lower for a better\n"
    "number); a Bradley-Terry rating is fitted to the scores, on the scale\n"
    "where the Mason is " STR(SS_VALUE_ANCHOR_INT) ".  Printed with its band "
    "and, against each,\n"
    "the share it wins in seeded duels under the basic rules (gunners,\n"
    "arcs, turning, moving, the internal chart) from 5, 15, 25 and 35 in.\n"
    "A force's sides are totalled.  A record sheet is valued the same way\n"
    "under the advanced rules against the shipped sheets (not --against's).\n"
    "\n";

/* ---- the reference set ---- */

struct refs {
	struct ss_refset set;
	int examples;		/* the shipped ones */
	int full;		/* more were offered than it holds */
};

/*
 * The game a YAML file's first document names at the top (its
 * "system:" line), into buf; "" when it names none there.  A folder
 * given to --against may hold other games' units beside Shellshock's:
 * they are passed over unread, with one note, rather than loaded,
 * checked and refused one by one.
 */
static const char *
file_system(const char *path, char *buf, size_t size)
{
	char line[256];
	FILE *f = fopen(path, "r");
	int n = 0;

	buf[0] = '\0';
	if (f == NULL)
		return buf;
	while (n++ < 200 && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "---", 3) == 0 && n > 1)
			break;
		if (strncmp(line, "system:", 7) == 0) {
			char *s = line + 7;

			s += strspn(s, " \t\"'");
			s[strcspn(s, " \t\r\n\"'#")] = '\0';
			snprintf(buf, size, "%s", s);
			break;
		}
	}
	fclose(f);
	return buf;
}

/*
 * Whether a YAML file may hold a card: 0 only when each of its documents
 * names its kind at the top, a plain word on a line "kind: WORD" of its
 * own, and none names card; anything else (a kind quoted, tagged or in
 * braces, a document without one, a file not read) may.  check's
 * reference set is the shipped examples' cards: the record sheets and
 * the legend beside them, three quarters of the folder's bytes, would
 * be read only to be passed over.
 */
int
ss_value_may_hold_card(const char *path)
{
	char line[256], *s;
	FILE *f = fopen(path, "r");
	/* Documents ended by a "---" or "...", of them those named, and
	 * whether the one being read is. */
	int ended = 0, named = 0, cur = 0, whole = 1, start, n;

	if (f == NULL)
		return 1;
	while (fgets(line, sizeof(line), f)) {
		start = whole;
		whole = strchr(line, '\n') != NULL;
		if (!start)
			continue;
		if (strncmp(line, "---", 3) == 0 ||
		    strncmp(line, "...", 3) == 0) {
			ended++;
			named += cur;
			cur = 0;
			continue;
		}
		if (strncmp(line, "kind:", 5) != 0)
			continue;
		s = line + 5 + strspn(line + 5, " \t");
		n = (int)strspn(s, "abcdefghijklmnopqrstuvwxyz_-");
		if (cur || n == 0 || (n == 4 && strncmp(s, "card", 4) == 0) ||
		    !strchr(" \t\r\n#", s[n]))
			break;		/* a card, a kind not plain, or two */
		cur = 1;
	}
	n = !feof(f) || ferror(f);
	fclose(f);
	/* A "---" on the first line or ending the file counts a document
	 * without a kind: such a file is read, not passed over. */
	return n || named + cur < ended + 1;
}

/* Adds the cards of path (a file or a folder) to r: of a folder, only
 * the files that may hold one when cards_only.  0, or -1 with the reason
 * reported. */
static int
add_refs(struct batch *b, const char *path, struct refs *r, int cards_only)
{
	static const char *const kinds[] = { "card", "sheet", "force",
	    "reference", NULL };
	struct inputs in = INPUTS_INIT;
	const struct loaded *ld;
	const struct ss_unit *u;
	struct sbuf others = SBUF_INIT;
	char sys[64];
	size_t i;
	int n, d, rc = 0, skipped = 0;

	if (inputs_add(&in, path) < 0)
		return -1;
	for (i = 0; i < in.n; i++) {
		/* In a folder, another game's file is passed over. */
		if (strcmp(in.v[i], path) != 0 &&
		    *file_system(in.v[i], sys, sizeof(sys)) &&
		    strcmp(sys, "shellshock") != 0) {
			if (skipped++ < 3)
				sb_addf(&others, "%s%s", skipped > 1 ? ", " : "",
				    in.v[i]);
			continue;
		}
		if (cards_only && strcmp(in.v[i], path) != 0 &&
		    !ss_value_may_hold_card(in.v[i]))
			continue;
		if ((ld = system_ref(b, in.v[i], NULL, "shellshock.unit",
		    "shellshock", kinds, &n)) == NULL) {
			rc = -1;
			continue;
		}
		for (d = 0; d < n; d++) {
			if (strcmp(ld[d].kind->name, "card") != 0)
				continue;
			u = &((const struct ss_card *)ld[d].obj)->u;
			if (!ss_unit_complete(u))
				continue;
			if (r->set.n == SS_VALUE_MAX_REFS)
				r->full = 1;
			else
				r->set.u[r->set.n++] = u;
		}
	}
	if (skipped)
		diag_at(L_NOTE, "shellshock.unit", path, 0, 0, "passed over %d "
		    "file%s of other games (%s%s): the reference set is "
		    "Shellshock's units", skipped, skipped == 1 ? "" : "s",
		    sb_str(&others), skipped > 3 ? ", ..." : "");
	sb_release(&others);
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

/* ---- the check: shellshock.value ---- */

/* What check keeps of a unit's rating, by its numbers. */
struct judged {
	double value, w;	/* the value, and the log half-width of
				 * its band widened by the method's error */
	double lo, hi;
	int moves;		/* the reference of the matchup moving it
				 * most */
	double share, predicted;	/* the score's share, the value's */
};

/*
 * The default reference set, loaded and fitted once a run into a batch
 * of its own (a unit being loaded may be one of them: the run's batch
 * would call that a circle; and their own checks do not value them
 * again), and the ratings made, by a unit's numbers: many cards share
 * them.
 */
#define KEY_MAX (1 + SS_VALUE_KEY)
static struct {
	struct batch *own;
	int tried, loading;
	struct refs *r;
	/* Open addressing by the key's hash; capmemo a power of 2. */
	struct memo {
		unsigned long long hash;
		int key[KEY_MAX];
		int nkey;
		struct judged j;
	} *memo;
	size_t nmemo, capmemo;
} chk;

static void
chk_free(void)
{
	free(chk.memo);
	free(chk.r);
	if (chk.own)
		batch_free(chk.own);
	memset(&chk, 0, sizeof(chk));
}

static unsigned long long
key_hash(const int *k, int n)
{
	unsigned long long h = fnv1a_ints(FNV_SEED, k, (size_t)n);

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

	chk.capmemo = oldcap ? 2 * oldcap : 256;
	chk.memo = xcalloc(chk.capmemo, sizeof(*chk.memo));
	for (i = 0; i < oldcap; i++)
		if (old[i].hash)
			*memo_slot(old[i].hash, old[i].key, old[i].nkey) = old[i];
	free(old);
}

/*
 * Every number the rating reads (ss_rate() with no duel played: the
 * exact score, ss_value_share()), in a row: the unit's value signature.
 * Speed is read only as ss_duel_speed() (the scorer's speed), so that
 * figure stands for max_speed and the terrain costs; the era, the
 * maneuver, road speed, tonnage and ram no score reads (a duel does:
 * `muster value --runs`, never kept here), nor the name, the card's
 * index or its side (those are not even the unit's).
 */
static int
unit_key(const struct ss_unit *u, int *k)
{
	k[0] = ss_duel_speed(u);
	return 1 + ss_value_key(u, k + 1);
}

/* Loads and fits the shipped examples once: nonzero when there are. */
static int
chk_refs(void)
{
	char *dir;

	if (!chk.tried) {
		chk.tried = 1;
		atexit(chk_free);
		chk.r = xcalloc(1, sizeof(*chk.r));
		if ((dir = examples_dir()) != NULL) {
			chk.loading = 1;
			chk.own = batch_new();
			/* Nor do the sheets among them weigh their ECV. */
			batch_set_rendering(chk.own);
			add_refs(chk.own, dir, chk.r, 1);
			chk.loading = 0;
			free(dir);
		}
		if (chk.r->set.n > 0)
			ss_refset_fit(&chk.r->set, 0, 1);
	}
	return chk.r->set.n > 0;
}

static void
judge(const struct ss_unit *u, struct judged *j)
{
	struct ss_rating *rt = xmalloc(sizeof(*rt));
	double m = SS_VALUE_METHOD_ERROR;

	/* No duel is played: the value is the score's, exact. */
	ss_rate(u, &chk.r->set, 0, rt);
	j->value = rt->value;
	j->w = sqrt(rt->se_fit * rt->se_fit + m * m);
	j->lo = rt->value * exp(-j->w);
	j->hi = rt->value * exp(j->w);
	j->moves = rt->moves_most;
	j->share = rt->model[rt->moves_most];
	j->predicted = rt->predicted[rt->moves_most];
	free(rt);
}

/* u's rating against the shipped examples: 1, or 0 when there is none
 * to make (muster loading them, a unit not whole), -1 when the examples
 * are not found.  Kept by the unit's numbers: many cards share them. */
static int
check_judge(const struct ss_unit *u, struct judged *out)
{
	struct memo *slot;
	unsigned long long h;
	int key[KEY_MAX], n;

	if (chk.loading || !ss_unit_complete(u))
		return 0;
	if (!chk_refs())
		return -1;
	n = unit_key(u, key);
	h = key_hash(key, n);
	if (2 * (chk.nmemo + 1) > chk.capmemo)
		memo_grow();
	slot = memo_slot(h, key, n);
	if (!slot->hash) {
		judge(u, &slot->j);
		slot->hash = h;
		memcpy(slot->key, key, (size_t)n * sizeof(int));
		slot->nkey = n;
		chk.nmemo++;
	}
	*out = slot->j;
	return 1;
}

size_t
ss_value_judged(void)
{
	return chk.nmemo;
}

void
ss_value_check_card(const struct ss_unit *u, const struct node *card,
    struct batch *b, const char *rule)
{
	static int told;
	const struct node *at;
	struct judged j;
	double pc;
	int r;

	/* A combat_value of 0 or more was read from its node (looked up
	 * only when something is said there). */
	if (batch_rendering(b) || u->combat_value < 0 ||
	    (r = check_judge(u, &j)) == 0)
		return;
	if (r > 0 && u->combat_value >= j.lo && u->combat_value <= j.hi)
		return;
	if ((at = node_get(card, "combat_value")) == NULL)
		return;
	/* Said once a run, not dropped in silence. */
	if (r < 0) {
		if (!told++)
			diag(L_NOTE, rule, at, "combat_value is not weighed: "
			    "the shipped example units are not found; set "
			    "MUSTER_UNITS to their folder");
		return;
	}
	pc = (u->combat_value - j.value) * 100 / j.value;
	diag(L_WARNING, rule, at, "combat_value %d is %.0f %% %s muster's "
	    "value of %.0f (%.0f to %.0f with the method's error); its "
	    "matchup with %s, scored %.0f %% where %.0f %% is predicted, moves "
	    "it most; 'muster value' shows why", u->combat_value, fabs(pc),
	    pc > 0 ? "above" : "below", j.value, j.lo, j.hi,
	    chk.r->set.u[j.moves]->name, 100 * j.share, 100 * j.predicted);
}

int
ss_value_estimate(const struct ss_unit *u, struct batch *b, double *out)
{
	struct judged j;

	(void)b;
	if (check_judge(u, &j) <= 0)
		return 0;
	*out = j.value;
	return 1;
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

/* A unit's value, its band and its matchups. */
static void
value_unit(struct report *rp, const struct ss_unit *u, const struct refs *r,
    long runs, struct ss_rating *v)
{
	char padded[128];
	int i, f;

	ss_rate(u, &r->set, runs, v);
	rp_open(rp, NULL, '{');
	rp_f(rp, "{name:%s}: value {estimate:%.0f}, band ", u->name, v->value);
	rp_open(rp, "band", '[');
	rp_f(rp, "{:%.0f} to {:%.0f}", v->lo, v->hi);
	rp_close(rp);
	rp_f(rp, " (score against the duels {se_score:%.3f}, fit "
	    "{se_fit:%.3f} in log value)", v->se_sim, v->se_fit);
	if (u->combat_value >= 0)
		rp_f(rp, "; declared {declared:%d}", u->combat_value);
	else
		rp_f(rp, "{~declared:%s}", NULL);
	rp_f(rp, "\n  {_:%-20s}  won      ± se  scored   predicted  shows "
	    "most\n", "against");
	rp_open(rp, "matchups", '[');
	for (i = 0; i < v->n; i++) {
		const struct ss_duel *d = &v->vs[i];
		int top = 0;

		for (f = 1; f < SS_NFACINGS; f++)
			if (d->shown_a[f] > d->shown_a[top])
				top = f;
		rp_open(rp, NULL, '{');
		rp_f(rp, "  {_:%s}{~against:%s}{~rating:%.1f} {share:%5.1P} % "
		    "{se:%4.1P}  {scored:%5.1P} %  {predicted:%5.1P} %   "
		    "{shows:%s}{~turns:%.2f}\n",
		    pad(r->set.u[i]->name, 20, padded, sizeof(padded)),
		    r->set.u[i]->name, r->set.rating[i], d->share, d->se,
		    v->model[i], v->predicted[i], ss_facing_name[top],
		    d->turns);
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "  moves it most: {moves_most:%s}\n\n",
	    r->set.u[v->moves_most]->name);
	rp_close(rp);
}

/* A force's sides: each unit's value (a sheet's with its crew, whose ECV
 * then leaves the side's crew; else its own ECV), its crew and
 * components, against what the side declares. */
static void
value_force(struct report *rp, const struct loaded *ld, const struct refs *r,
    long runs, struct ss_rating *v)
{
	struct ss_force_side sd;
	double est;
	long crew;
	int s, k;

	rp_open(rp, NULL, '{');
	rp_f(rp, "force {force:%s}\n", ss_force_name(ld->obj));
	rp_open(rp, "sides", '[');
	for (s = 0; ss_force_side(ld->obj, s, &sd); s++) {
		double total = (double)(sd.crew + sd.components);

		for (k = 0; k < sd.nunits; k++) {
			if (sd.card[k]) {
				ss_rate(sd.card[k], &r->set, runs, v);
				total += v->value;
			} else if (ss_sheet_estimate(sd.sheet[k], &est)) {
				ss_sheet_ecv(sd.sheet[k], &crew);
				total += est - (double)crew;
			} else {
				total += (double)sd.ecv[k];
			}
		}
		rp_open(rp, NULL, '{');
		rp_f(rp, "  side {side:%s}: valued {estimate:%.0f}", sd.name,
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

static void
duel_line(struct report *rp, const char *label, const char *key, double p)
{
	char padded[200];

	rp_f(rp, "  {_:%s} {@:%8.4P} %\n", pad(label, 26, padded,
	    sizeof(padded)), key, p);
}

static int
duel(int argc, char **argv, long runs, unsigned long long seed, int json)
{
	const struct ss_unit *a, *bu;
	struct batch *b;
	struct report *rp;
	struct ss_duel d;
	char la[160], lb[160];
	int rc, i;

	diag_init(0, stderr);
	if (argc != 2)
		return usage_error(ss_value_usage, "--duel takes two card files, "
		    "A and B");
	b = batch_new();
	if ((rc = ss_load_unit(b, argv[0], &a)) != 0 ||
	    (rc = ss_load_unit(b, argv[1], &bu)) != 0) {
		batch_free(b);
		return rc;
	}
	ss_duel(a, bu, runs, seed, &d);
	rp = rp_new(stdout, json);
	rp_f(rp, "duel: {a:%s} against {b:%s} from ", a->name, bu->name);
	rp_open(rp, "starts", '[');
	for (i = 0; i < SS_DUEL_NSTARTS; i++)
		rp_f(rp, "{_:%s}{:%d}", i ? ", " : "", ss_duel_starts[i]);
	rp_close(rp);
	rp_f(rp, " in, {runs:%d} duels from each, simulated{~method:%s} "
	    "(seed {seed:%.0R})\n", (int)runs, "simulation",
	    ratio_double((double)seed));
	snprintf(la, sizeof(la), "%s wins", a->name);
	snprintf(lb, sizeof(lb), "%s wins", bu->name);
	duel_line(rp, la, "p_a", d.p_a);
	duel_line(rp, lb, "p_b", d.p_b);
	duel_line(rp, "both destroyed", "p_both", d.p_both);
	duel_line(rp, "neither", "p_neither", d.p_neither);
	rp_f(rp, "  {_:%s}'s share {share:%.4P} % ± {se:%.4P} (one standard "
	    "error); by start:", a->name, d.share, d.se);
	rp_open(rp, "start_share", '[');
	for (i = 0; i < SS_DUEL_NSTARTS; i++)
		rp_f(rp, " {:%.1P} %", d.start_share[i]);
	rp_close(rp);
	rp_f(rp, "\n  a duel lasts {turns:%.2f} turns on average\n", d.turns);
	rp_end(rp);
	batch_free(b);
	return 0;
}

/* What value's command line says, before it is read. */
struct value_args {
	struct opt_list against;
	const char *runs, *seed;
	int duel, json;
};

/* The options: parsing, --help, completion and the manual's check.
 * --duel is a flag; its A and B are the operands. */
#define V_ struct value_args
static const struct opt value_rows[] = {
	OPT_LIST_(0, "against", V_, against, "PATH",
	    "a reference unit file or folder (again for more, up\n"
	    "to " STR(SS_VALUE_MAX_REFS) " units; default: the shipped "
	    "examples)", OPT_C_FILES),
	{ OPT_FLAG, 0, "duel", offsetof(V_, duel), "A B",
	    "a duel between two cards, from each starting range", NULL, 1, 0,
	    NULL, OPT_C_NONE, 0 },
	OPT_STRING_(0, "runs", V_, runs, "N",
	    "duels per starting range (--duel: default and least\n"
	    STR(SS_DUEL_RUNS) "; value: default " STR(SS_VALUE_RUNS) ")", NULL,
	    OPT_C_NONE),
	OPT_STRING_(0, "seed", V_, seed, "N",
	    "the dice's seed, 0 to 2^53-1 (default 1)", NULL, OPT_C_NONE),
	OPT_FLAG_(0, "json", V_, json, 1, "one JSON object on stdout"),
	OPT_ROW_END
};
#undef V_

const struct cmd_opts ss_value_options = {
	ss_value_usage, value_rows, 18,
	"\n"
	"exit status: 0, 1 errors in a unit file, 2 usage or I/O error\n"
};

struct value_opts {
	const char *against[SS_VALUE_MAX_REFS];
	int nagainst, dueling, json;
	long runs;
	unsigned long long seed;
};

/* 2^53 - 1: a seed JSON prints exactly. */
#define SEED_MAX 9007199254740991ULL

/* What va says, into o: -1 to go on, else a usage error's status. */
static int
read_args(const struct value_args *va, struct value_opts *o)
{
	char *end;
	int i;

	if (va->against.n > SS_VALUE_MAX_REFS)
		return usage_error(ss_value_usage, "--against '%s': at most %d "
		    "reference paths", va->against.v[SS_VALUE_MAX_REFS],
		    SS_VALUE_MAX_REFS);
	for (i = 0; i < va->against.n; i++)
		o->against[o->nagainst++] = va->against.v[i];
	if (va->runs && !opt_whole(va->runs, 1, 100000000, &o->runs))
		return usage_error(ss_value_usage, "--runs '%s': give 1 to "
		    "100000000 duels", va->runs);
	errno = 0;
	if (va->seed && (!isdigit((unsigned char)*va->seed) ||
	    (o->seed = strtoull(va->seed, &end, 10), *end || errno ||
	    o->seed > SEED_MAX)))
		return usage_error(ss_value_usage, "--seed '%s': give a whole "
		    "number from 0 to %llu", va->seed, SEED_MAX);
	o->dueling = va->duel;
	o->json = va->json;
	return -1;
}

/* Parses the options into o: -1 to go on, else the exit status. */
static int
parse(int argc, char **argv, struct value_opts *o)
{
	struct value_args va;
	int rc;

	memset(&va, 0, sizeof(va));
	if ((rc = opt_parse(&ss_value_options, argc, argv, &va)) < 0)
		rc = read_args(&va, o);
	opt_list_free(&va.against);
	return rc;
}

/* SPEC 5.1: the Mason is 120 in one place, whatever the set: a set
 * without it is scaled by the shipped Mason's rating against it (when
 * the shipped units are there; else its geometric mean is 120, as the
 * header says). */
static void
anchor_outside(struct batch *b, struct ss_refset *set)
{
	const struct ss_unit *m;
	char *dir = examples_dir(), path[4096];
	struct stat st;

	if (dir == NULL)
		return;
	snprintf(path, sizeof(path), "%s/" SS_VALUE_ANCHOR_FILE, dir);
	free(dir);
	if (stat(path, &st) == 0 && ss_load_unit(b, path, &m) == 0 &&
	    ss_unit_complete(m))
		ss_refset_anchor(set, m);
}

/* Loads the reference set and fits it: 0, or the exit status. */
static int
load_refs(struct batch *b, struct value_opts *o, struct refs *r, char **dir)
{
	int i, rc = 0;

	if (o->nagainst == 0) {
		if ((*dir = examples_dir()) == NULL) {
			fprintf(stderr, "muster: the shipped example units are "
			    "not installed; give --against PATH\n");
			return 2;
		}
		o->against[o->nagainst++] = *dir;
		r->examples = 1;
	}
	/* The reference cards' own shellshock.value checks would value
	 * them against the set being loaded: this command values. */
	chk.loading = 1;
	for (i = 0; i < o->nagainst; i++)
		if (add_refs(b, o->against[i], r, 0) < 0)
			rc = 1;
	diag_flush();
	if (diag_exit_status(0) != 0)
		rc = diag_exit_status(0);
	if (rc)
		return rc;
	if (r->full)
		return usage_error(ss_value_usage, "the reference set holds "
		    "more than %d cards", SS_VALUE_MAX_REFS);
	if (r->set.n == 0)
		return usage_error(ss_value_usage, "the reference set holds no "
		    "Shellshock card: give --against a card file or folder");
	ss_refset_fit(&r->set, o->runs, o->seed);
	if (r->set.anchor < 0)
		anchor_outside(b, &r->set);
	return 0;
}

static void
header(struct report *rp, const struct refs *r)
{
	const struct ss_refset *s = &r->set;
	int i;

	rp_f(rp, "against {_:%d} reference unit{_:%s}{~examples:%b}:", s->n,
	    s->n == 1 ? "" : "s", r->examples);
	rp_open(rp, "reference", '[');
	for (i = 0; i < s->n; i++) {
		rp_open(rp, NULL, '{');
		rp_f(rp, "{_:%s}{name:%s} {rating:%.0f}", i ? ", " : " ",
		    s->u[i]->name, s->rating[i]);
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "\n  value: a Bradley-Terry fit of the exact score (turns to "
	    "stop the other){~value_method:%s}, {anchor:%s} at "
	    STR(SS_VALUE_ANCHOR_INT) ", residual {fit_rms:%.3f} log-odds; "
	    "won: {runs:%d} duels from each of " STR(SS_DUEL_NSTARTS)
	    " starting ranges, simulated{~method:%s} (seed {seed:%.0R})\n\n",
	    "score", s->anchor >= 0 ? s->u[s->anchor]->name : s->outside ?
	    SS_VALUE_ANCHOR_NAME " (the shipped one, rated against the set)" :
	    "the set's geometric mean", s->fit_rms, (int)s->runs, "simulation",
	    ratio_double((double)s->seed));
}

/* Values each document of one input: 0, or 1 when it does not load. */
static const char *const value_kinds[] = { "card", "sheet", "force",
	"reference", NULL };

static int
value_input(struct report *rp, struct batch *b, const char *path,
    const struct refs *r, long runs, struct ss_rating *v)
{
	const struct loaded *ld;
	int n, d;

	if ((ld = system_ref(b, path, NULL, "shellshock.unit", "shellshock",
	    value_kinds, &n)) == NULL)
		return 1;
	for (d = 0; d < n; d++) {
		const char *kind = ld[d].kind->name;

		if (strcmp(kind, "card") == 0) {
			value_unit(rp, &((const struct ss_card *)ld[d].obj)->u,
			    r, runs, v);
		} else if (strcmp(kind, "sheet") == 0) {
			ss_value_sheet(rp, ld[d].obj);
		} else if (strcmp(kind, "force") == 0) {
			value_force(rp, &ld[d], r, runs, v);
		} else {
			/* A legend (kind reference): said, not valued. */
			diag_at(L_NOTE, "shellshock.unit", path, 0, 0, "holds "
			    "the legend of the cards' symbols, which has no "
			    "value; value weighs cards, sheets and forces");
		}
	}
	return 0;
}

/* value --duel A B: the options a duel takes, then the duel. */
static int
value_duel(int argc, char **argv, const struct value_opts *o)
{
	if (o->nagainst)
		return usage_error(ss_value_usage, "--duel takes no --against");
	if (o->runs && o->runs < SS_DUEL_RUNS)
		return usage_error(ss_value_usage, "--runs '%ld': a duel takes "
		    "%d or more", o->runs, SS_DUEL_RUNS);
	return duel(argc, argv, o->runs ? o->runs : SS_DUEL_RUNS, o->seed,
	    o->json);
}

/* Every input loaded into b before anything is printed: a file that is
 * not Shellshock's is told alone (the batch keeps what it read).  0, or
 * 1 when one was refused; *sheets_only whether all are record sheets. */
static int
load_inputs(struct batch *b, const struct inputs *in, int *sheets_only)
{
	const struct loaded *ld;
	size_t k;
	int i, rc = 0;

	*sheets_only = 1;
	for (k = 0; k < in->n; k++) {
		ld = system_ref(b, in->v[k], NULL, "shellshock.unit",
		    "shellshock", value_kinds, &i);
		if (ld == NULL)
			rc = 1;
		while (ld && i-- > 0)
			*sheets_only &= strcmp(ld[i].kind->name, "sheet") == 0;
	}
	diag_flush();
	return rc;
}

int
ss_value_run(int argc, char **argv)
{
	struct value_opts o = { .runs = 0, .seed = 1 };
	struct inputs in = INPUTS_INIT;
	struct refs *r = NULL;
	struct ss_rating *v = NULL;
	struct report *rp;
	struct batch *b = NULL, *rb = NULL;
	int rc, i, sheets_only;
	size_t k;
	char *dir = NULL;

	if ((rc = parse(argc, argv, &o)) >= 0)
		return rc;
	if (o.dueling)
		return value_duel(argc - optind, argv + optind, &o);
	if (optind == argc)
		return usage_error(ss_value_usage, "value needs a card, sheet "
		    "or force file, or a folder of them");
	if (!o.runs)
		o.runs = SS_VALUE_RUNS;
	diag_init(0, stderr);
	rc = 0;
	for (i = optind; i < argc; i++)
		if (inputs_add(&in, argv[i]) < 0)
			rc = 2;
	diag_flush();
	if (rc)
		goto out;
	b = batch_new();
	/* The reference set in a batch of its own: a unit valued is not
	 * printed with the reference units, and sharing a card index with
	 * one of them is no concern of its. */
	rb = batch_new();
	/* value tells the values: the units' own shellshock.value checks,
	 * cards' and sheets', are left to check. */
	batch_set_rendering(rb);
	batch_set_rendering(b);
	r = xcalloc(1, sizeof(*r));
	v = xmalloc(sizeof(*v));
	if ((rc = load_inputs(b, &in, &sheets_only)) != 0)
		goto out;
	/* Sheets alone are weighed against the reference sheets: the cards'
	 * set is loaded (and --against's read) only when asked for. */
	if ((!sheets_only || o.nagainst) &&
	    (rc = load_refs(rb, &o, r, &dir)) != 0)
		goto out;
	rp = rp_new(stdout, o.json);
	if (sheets_only)
		ss_value_sheet_header(rp);
	else
		header(rp, r);
	rp_open(rp, "units", '[');
	for (k = 0; k < in.n; k++)
		if (value_input(rp, b, in.v[k], r, o.runs, v))
			rc = 1;
	rp_close(rp);
	rp_end(rp);
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
	if (rb)
		batch_free(rb);
	return rc;
}
