/*
 * systems/shambattle_value.c -- `muster value ARMY`: each unit's fair SP
 * from its fire and close combat against the standard types (SPEC 5.1),
 * beside the SP it is counted at.  The arithmetic is
 * rules/shambattle_value.c's; the standard types price at the rules'
 * table (001_691c59313303f977.txt, "Units"), their own calibration.
 */
#include <errno.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../diag.h"
#include "../input.h"
#include "../report.h"
#include "../rules/shambattle_value.h"
#include "../system.h"
#include "../options.h"
#include "../usage.h"
#include "../util.h"
#include "shambattle_game.h"

#define STR_(x) #x
#define STR(x) STR_(x)

const char shambattle_value_usage[] =
    "usage: muster value [shambattle] [--json] [--runs N] [--seed N] ARMY...\n"
    "\n"
    "Each unit's fair SP: its fire and close combat in engagements with\n"
    "each standard type (infantry, engineers, machine guns, cavalry,\n"
    "artillery), one on one from " STR(SB_ENGAGE_START) " areas apart for "
    STR(SB_ENGAGE_TURNS) " turns, priced\n"
    "against its own type's: a standard unit is worth its table SP, a\n"
    "homebrew unit what its numbers earn.  Seeded.\n"
    "\n";

/* What the options set. */
struct shambattle_value_args {
	const char *runs, *seed;
	int json;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt shambattle_value_rows[] = {
	OPT_STRING_(0, "runs", struct shambattle_value_args, runs, "N",
	    "engagements with each type (default " STR(SB_ENGAGE_RUNS) ")",
	    NULL, OPT_C_NONE),
	OPT_STRING_(0, "seed", struct shambattle_value_args, seed, "N",
	    "the dice's seed (default 1)", NULL, OPT_C_NONE),
	OPT_FLAG_(0, "json", struct shambattle_value_args, json, 1, "one JSON object on stdout"),
	OPT_ROW_END
};

const struct cmd_opts shambattle_value_options = {
	shambattle_value_usage, shambattle_value_rows, 13,
	"\n"
	"exit status: 0, 1 errors in an army file, 2 usage or I/O error\n"
};

/* One army's units and their fair SP. */
static void
value_army(struct report *rp, const void *army, long runs,
    unsigned long long seed)
{
	struct sb_values v;
	const char *name;
	int i, type, homebrew;
	double fair, tw[SB_NTYPES] = { 0 };

	rp_open(rp, NULL, '{');
	rp_f(rp, "army {army:%s}\n", sb_army_name(army));
	rp_open(rp, "units", '[');
	for (i = 0; sb_army_unit(army, i, &name, &type, &homebrew, &v); i++) {
		if (type < 0)
			continue;
		rp_open(rp, NULL, '{');
		/* Each type's worth once an army; a unit of the type's own
		 * values is worth just that (the same dice). */
		if (sb_types[type].v.close == 0 && sb_types[type].v.fire == 0)
			fair = 0;
		else {
			if (tw[type] == 0)
				tw[type] = sb_worth(&sb_types[type].v, runs, seed);
			fair = sb_sp(&sb_types[type].v) * (memcmp(&v,
			    &sb_types[type].v, sizeof(v)) == 0 ? tw[type] :
			    sb_worth(&v, runs, seed)) / tw[type];
		}
		rp_f(rp, "  {name:%s}: {type:%s}{_:%s}{~homebrew:%b}, counted "
		    "{sp:%d} SP", name, sb_types[type].name, homebrew ?
		    " (homebrew)" : "", homebrew, sb_sp(&v));
		if (fair > 0)
			rp_f(rp, ", fair {fair:%.1f} SP\n", fair);
		else
			rp_f(rp, "{~fair:%s}, no fire or close combat to price "
			    "(its bonus is its table's)\n", NULL);
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "\n");
	rp_close(rp);
}

static int
parse(int argc, char **argv, long *runs, unsigned long long *seed, int *json)
{
	struct shambattle_value_args o = { NULL, NULL, 0 };
	char *end;
	int c;

	if ((c = opt_parse(&shambattle_value_options, argc, argv, &o)) >= 0)
		return c;
	*json = o.json;
	if (o.runs && !opt_whole(o.runs, 1, 10000000, runs))
		return usage_error(shambattle_value_usage, "--runs '%s': give 1 "
		    "to 10000000 engagements", o.runs);
	errno = 0;
	if (o.seed && (!isdigit((unsigned char)*o.seed) ||
	    (*seed = strtoull(o.seed, &end, 10), *end || errno)))
		return usage_error(shambattle_value_usage, "--seed '%s': give a "
		    "whole number from 0 to 2^64-1", o.seed);
	return -1;
}

int
shambattle_value_run(int argc, char **argv)
{
	static const char *const kinds[] = { "army", NULL };
	struct inputs in = INPUTS_INIT;
	struct batch *b;
	struct report *rp;
	const struct loaded **ld;
	long runs = SB_ENGAGE_RUNS;
	unsigned long long seed = 1;
	int json = 0, rc, i, n, *nd;
	size_t k;

	if ((rc = parse(argc, argv, &runs, &seed, &json)) >= 0)
		return rc;
	if (optind == argc)
		return usage_error(shambattle_value_usage, "value needs an army "
		    "file, or a folder of them");
	diag_init(0, stderr);
	rc = 0;
	for (i = optind; i < argc; i++)
		if (inputs_add(&in, argv[i]) < 0)
			rc = 2;
	b = batch_new();
	ld = xcalloc(in.n + 1, sizeof(*ld));
	nd = xcalloc(in.n + 1, sizeof(*nd));
	/* Every file loaded first: nothing printed before an error. */
	for (k = 0; rc == 0 && k < in.n; k++)
		if ((ld[k] = system_ref(b, in.v[k], NULL, "shambattle.army",
		    "shambattle", kinds, &nd[k])) == NULL)
			rc = 1;
	diag_flush();
	if (rc == 0 && (rc = diag_exit_status(0)) == 0) {
		rp = rp_new(stdout, json);
		rp_f(rp, "fair SP against the standard types, {runs:%d} "
		    "engagements with each (seed {seed:%.0R})\n\n", (int)runs,
		    ratio_double((double)seed));
		rp_open(rp, "armies", '[');
		for (k = 0; k < in.n; k++)
			for (n = 0; n < nd[k]; n++)
				value_army(rp, ld[k][n].obj, runs, seed);
		rp_close(rp);
		rp_end(rp);
	}
	free(ld);
	free(nd);
	batch_free(b);
	inputs_free(&in);
	return rc;
}
