/*
 * systems/shock_odds.c -- `muster odds shock`: the chance of each outcome
 * of a hit (stun, wound, shock, death) for a damage class, at a location
 * or over the hit location table (SPEC 5), as text or JSON from one
 * writer.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../report.h"
#include "../rules/shock.h"
#include "../system.h"
#include "../usage.h"
#include "../util.h"
#include "shock_game.h"

const char shock_odds_usage[] =
    "usage: muster odds shock --class I|II|III|IV|V|VI\n"
    "                   [--location head|neck|arm|upper-torso|lower-torso|leg]\n"
    "                   [--json]\n"
    "\n"
    "A hit's place is a d10 on the hit location table; its severity a d10\n"
    "plus the class's modifier, kept within 1-10, read on the location's\n"
    "column; class VI adds nothing but raises the result a tier.  The\n"
    "chance of each outcome, stun, wound, shock and death.\n"
    "\n"
    "  --class C      the damage class of the round, I to VI\n"
    "  --location L   where it hit (default: over the hit location table)\n"
    "  --json         one JSON object on stdout\n"
    "\n"
    "exit status: 0, 2 usage error\n";

/* The options, for getopt_long and for shell completion. */
const struct option shock_odds_opts[] = {
	{ "class", required_argument, NULL, 'c' },
	{ "location", required_argument, NULL, 'l' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
shock_odds_run(int argc, char **argv)
{
	const char *cs = NULL, *ls = NULL;
	struct sbuf sb = SBUF_INIT;
	struct report *rp;
	double p[SH_NOUTCOMES];
	int c, cls, loc = -1, json = 0, o;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", shock_odds_opts, NULL)) != -1) {
		switch (c) {
		case 'c': cs = optarg; break;
		case 'l': ls = optarg; break;
		case 'j': json = 1; break;
		case 'h': fputs(shock_odds_usage, stdout); return 0;
		default: return usage_option(shock_odds_usage, shock_odds_opts, argv);
		}
	}
	if (optind != argc)
		return usage_error(shock_odds_usage, "odds shock takes no file: "
		    "give --class and, if you like, --location");
	if (cs == NULL)
		return usage_error(shock_odds_usage, "give the hit's damage "
		    "class: --class I to VI");
	if ((cls = str_index(sh_class_name, cs)) < 0) {
		c = usage_error(shock_odds_usage, "--class '%s' is not a damage "
		    "class%s", cs, sb_hint(&sb, cs, sh_class_name, 1));
		sb_release(&sb);
		return c;
	}
	if (ls && (loc = str_index(sh_location_name, ls)) < 0) {
		c = usage_error(shock_odds_usage, "--location '%s' is not a hit "
		    "location%s", ls, sb_hint(&sb, ls, sh_location_name, 1));
		sb_release(&sb);
		return c;
	}
	sh_outcome_odds(cls, loc, p);
	rp = rp_new(stdout, json);
	rp_f(rp, "a class {class:%s} hit ({_:%s}) {_:%s}{location:%s}{_:%s}\n",
	    sh_class_name[cls], sh_classes[cls].what,
	    loc >= 0 ? "in the " : "", loc >= 0 ? sh_location_name[loc] : NULL,
	    loc >= 0 ? "" : "anywhere: over the hit location table");
	if (sh_classes[cls].step_up)
		rp_f(rp, "severity: the d{_:%d} as rolled{~modifier:%d}, the "
		    "result a tier up{~step_up:%b}\n", SH_DIE,
		    sh_classes[cls].mod, 1);
	else
		rp_f(rp, "severity: the d{_:%d} {modifier:%+d}, kept within "
		    "1-{_:%d}{~step_up:%b}\n", SH_DIE, sh_classes[cls].mod,
		    SH_DIE, 0);
	for (o = 0; o < SH_NOUTCOMES; o++) {
		char fmt[64];

		snprintf(fmt, sizeof(fmt), "  {_:%%-6s} {%s:%%9.4P} %%\n",
		    sh_outcome_name[o]);
		rp_f(rp, fmt, sh_outcome_name[o], p[o]);
	}
	rp_end(rp);
	sb_release(&sb);
	return 0;
}
