/*
 * systems/shock_odds.c -- `muster odds shock`: the chance of each outcome
 * of a hit (stun, wound, shock, death) for a damage class, at a location
 * or over the hit location table (SPEC 5), as text or JSON from one
 * writer.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
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
    "                   [--to-hit N [--panic | --blind | --aim AP]]\n"
    "                   [--wounds W] [--wound-size N] [--in-shock] [--json]\n"
    "\n"
    "A hit's place is a d10 on the hit location table; its severity a d10\n"
    "plus the class's modifier, kept within 1-10, read on the location's\n"
    "column; class VI adds nothing but raises the result a tier.  The\n"
    "chance of each outcome, stun, wound, shock and death; then the hit\n"
    "followed to the end of the turn: a stun skips the next turn, wounds\n"
    "add up and at the turn's end a d" STR(SH_WOUND_CHECK_DIE) " must beat them or the soldier\n"
    "goes into shock (at once at " STR(SH_WOUNDS_TO_SHOCK) "), and a hit in shock kills.\n"
    "\n"
    "  --class C       the damage class of the round, I to VI\n"
    "  --location L    where it hit (default: over the hit location table)\n"
    "  --to-hit N      the score the shot's d10 needs, 1 to 20, as your table\n"
    "                  sets it (the rules give none); without it the shot hits\n"
    "  --panic         panic fire: " STR(SH_PANIC_FIRE) " to the shot\n"
    "  --blind         panic fire from cover, blind fire: " STR(SH_BLIND_FIRE) " instead\n"
    "  --aim AP        action points spent aiming, 1 or " STR(SH_AIM_MAX) ": +" STR(SH_AIM_BONUS) " each\n"
    "                  (not in panic fire, which forgoes the action phase)\n"
    "  --wounds W      the target's wounds before the shot, 0 to 9\n"
    "  --wound-size N  the wounds a wound result adds, 1 to 10 (default 1:\n"
    "                  the rules scale it with the class but give no scale)\n"
    "  --in-shock      the target is in shock already\n"
    "  --json          one JSON object on stdout\n"
    "\n"
    "exit status: 0, 2 usage error\n";

/* The options, for getopt_long and for shell completion. */
const struct option shock_odds_opts[] = {
	{ "class", required_argument, NULL, 'c' },
	{ "location", required_argument, NULL, 'l' },
	{ "to-hit", required_argument, NULL, 't' },
	{ "panic", no_argument, NULL, 'p' },
	{ "blind", no_argument, NULL, 'b' },
	{ "aim", required_argument, NULL, 'a' },
	{ "wounds", required_argument, NULL, 'w' },
	{ "wound-size", required_argument, NULL, 's' },
	{ "in-shock", no_argument, NULL, 'S' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* A whole number from lo to hi, or -1. */
static int
int_arg(const char *s, int lo, int hi)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < lo || v > hi)
		return -1;
	return (int)v;
}

/* What each end of the turn means, for the text. */
static const char *const end_what[SH_NENDS] = {
	"", "incapacitated", "skips his next turn", ("passed his wound check, "
	    "fights on"), "no wound, not stunned"
};

static void
report(struct report *rp, const struct sh_shot *s, const struct sh_turn *t)
{
	int cls = s->cls, loc = s->loc, o, e;

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
		rp_f(rp, "  {_:%-6s} {@:%9.4Q} %\n", sh_outcome_name[o],
		    sh_outcome_name[o], t->hit[o]);
	}
	/* The shot, when the player gave its roll. */
	if (s->need > 0)
		rp_f(rp, "shot: the d{_:%d} {shot_modifier:%+d}{_:%s} needs "
		    "{need:%d}: hits {p_hit:%.4Q} %\n", SH_DIE, t->modifier,
		    s->blind ? " (blind fire)" : s->panic ? " (panic fire)" :
		    s->aim ? " (aimed)" : "", s->need, t->p_hit);
	else
		rp_f(rp, "{~need:%s}{~shot_modifier:%d}{~p_hit:%Q}", NULL, 0,
		    t->p_hit);
	rp_f(rp, "the target: {wounds:%d} {_:%s} before the shot{_:%s}, a "
	    "wound result adds {wound_size:%d}{~in_shock:%b}\n", s->wounds,
	    s->wounds == 1 ? "wound" : "wounds",
	    s->in_shock ? ", in shock (a hit kills)" : "", s->wound_size,
	    s->in_shock);
	rp_f(rp, "given a hit: into shock at once from {_:%d} wounds "
	    "{p_wounds_shock:%.4Q} %, by a failed wound check "
	    "{p_check_fails:%.4Q} %\n", SH_WOUNDS_TO_SHOCK, t->wounds_shock,
	    t->check_fails);
	rp_f(rp, "at the end of the turn ({_:%s}):\n", s->need > 0 ?
	    "hit or missed" : "the shot hits");
	rp_open(rp, "end", '{');
	for (e = 0; e < SH_NENDS; e++) {
		rp_f(rp, "  {_:%-8s} {@:%9.4Q} %{_:%s}{_:%s}\n",
		    sh_end_name[e], sh_end_name[e], t->end[e],
		    *end_what[e] ? "  " : "", end_what[e]);
	}
	rp_close(rp);
}

int
shock_odds_run(int argc, char **argv)
{
	const char *cs = NULL, *ls = NULL, *ts = NULL, *as = NULL, *ws = NULL;
	const char *ss = NULL;
	struct sbuf sb = SBUF_INIT;
	struct report *rp;
	struct sh_shot shot = { 0, -1, 0, 0, 0, 0, 0, 1, 0 };
	struct sh_turn turn;
	int c, json = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", shock_odds_opts, NULL)) != -1) {
		switch (c) {
		case 'c': cs = optarg; break;
		case 'l': ls = optarg; break;
		case 't': ts = optarg; break;
		case 'p': shot.panic = 1; break;
		case 'b': shot.blind = 1; break;
		case 'a': as = optarg; break;
		case 'w': ws = optarg; break;
		case 's': ss = optarg; break;
		case 'S': shot.in_shock = 1; break;
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
	if ((shot.cls = str_index(sh_class_name, cs)) < 0) {
		c = usage_error(shock_odds_usage, "--class '%s' is not a damage "
		    "class%s", cs, sb_hint(&sb, cs, sh_class_name, 1));
		sb_release(&sb);
		return c;
	}
	if (ls && (shot.loc = str_index(sh_location_name, ls)) < 0) {
		c = usage_error(shock_odds_usage, "--location '%s' is not a hit "
		    "location%s", ls, sb_hint(&sb, ls, sh_location_name, 1));
		sb_release(&sb);
		return c;
	}
	if (ts && (shot.need = int_arg(ts, 1, 20)) < 0)
		return usage_error(shock_odds_usage, "--to-hit '%s': give the "
		    "score the shot's d10 needs, 1 to 20", ts);
	if (as && (shot.aim = int_arg(as, 1, SH_AIM_MAX)) < 0)
		return usage_error(shock_odds_usage, "--aim '%s': give the "
		    "action points spent aiming, 1 or %d", as, SH_AIM_MAX);
	if (ws && (shot.wounds = int_arg(ws, 0, SH_WOUNDS_TO_SHOCK - 1)) < 0)
		return usage_error(shock_odds_usage, "--wounds '%s': give the "
		    "target's wounds, 0 to %d (at %d he is in shock: "
		    "--in-shock)", ws, SH_WOUNDS_TO_SHOCK - 1,
		    SH_WOUNDS_TO_SHOCK);
	if (ss && (shot.wound_size = int_arg(ss, 1, SH_WOUNDS_TO_SHOCK)) < 0)
		return usage_error(shock_odds_usage, "--wound-size '%s': give "
		    "the wounds a wound result adds, 1 to %d", ss,
		    SH_WOUNDS_TO_SHOCK);
	if ((shot.panic || shot.blind || shot.aim) && shot.need == 0)
		return usage_error(shock_odds_usage, "--%s changes the shot's "
		    "d10: give --to-hit N, the score it needs", shot.blind ?
		    "blind" : shot.panic ? "panic" : "aim");
	if (shot.aim && (shot.panic || shot.blind))
		return usage_error(shock_odds_usage, "--aim goes with an aimed "
		    "shot: panic fire forgoes the action phase where aiming's "
		    "points are spent");
	if (shot.in_shock && shot.wounds > 0)
		return usage_error(shock_odds_usage, "--in-shock and --wounds: "
		    "a soldier who goes into shock loses his wound counters");
	sh_whole_hit(&shot, &turn);
	rp = rp_new(stdout, json);
	report(rp, &shot, &turn);
	rp_end(rp);
	sb_release(&sb);
	return 0;
}
