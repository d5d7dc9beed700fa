/*
 * systems/shock_odds.c -- `muster odds shock`: the chance of each outcome
 * of a hit (stun, wound, shock, death) for a damage class, at a location
 * or over the hit location table (SPEC 5), as text or JSON from one
 * writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report.h"
#include "../rules/shock.h"
#include "../system.h"
#include "../options.h"
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
    "\n";

/* What the options set. */
struct shock_odds_args {
	const char *cls, *loc, *to_hit, *aim, *wounds, *wound_size;
	int panic, blind, in_shock, json;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt shock_odds_rows[] = {
	OPT_STRING_(0, "class", struct shock_odds_args, cls, "C",
	    "the damage class of the round, I to VI", sh_class_name, OPT_C_NONE),
	OPT_STRING_(0, "location", struct shock_odds_args, loc, "L",
	    "where it hit (default: over the hit location table)",
	    sh_location_name, OPT_C_NONE),
	OPT_STRING_(0, "to-hit", struct shock_odds_args, to_hit, "N",
	    "the score the shot's d10 needs, 1 to 20, as your table\n"
	    "sets it (the rules give none); without it the shot hits", NULL,
	    OPT_C_NONE),
	OPT_FLAG_(0, "panic", struct shock_odds_args, panic, 1,
	    "panic fire: " STR(SH_PANIC_FIRE) " to the shot"),
	OPT_FLAG_(0, "blind", struct shock_odds_args, blind, 1,
	    "panic fire from cover, blind fire: " STR(SH_BLIND_FIRE) " instead"),
	OPT_STRING_(0, "aim", struct shock_odds_args, aim, "AP",
	    "action points spent aiming, 1 or " STR(SH_AIM_MAX) ": +"
	    STR(SH_AIM_BONUS) " each\n"
	    "(not in panic fire, which forgoes the action phase)", NULL,
	    OPT_C_NONE),
	OPT_STRING_(0, "wounds", struct shock_odds_args, wounds, "W",
	    "the target's wounds before the shot, 0 to 9", NULL, OPT_C_NONE),
	OPT_STRING_(0, "wound-size", struct shock_odds_args, wound_size, "N",
	    "the wounds a wound result adds, 1 to 10 (default 1:\n"
	    "the rules scale it with the class but give no scale)", NULL,
	    OPT_C_NONE),
	OPT_FLAG_(0, "in-shock", struct shock_odds_args, in_shock, 1,
	    "the target is in shock already"),
	OPT_FLAG_(0, "json", struct shock_odds_args, json, 1, "one JSON object on stdout"),
	OPT_ROW_END
};

const struct cmd_opts shock_odds_options = {
	shock_odds_usage, shock_odds_rows, 18,
	"\n"
	"exit status: 0, 2 usage error\n"
};

/* A whole number from lo to hi, or -1. */
static int
int_arg(const char *s, int lo, int hi)
{
	long v;

	/* Strict: no blank, '+' or trailing letter (opt_whole). */
	if (!opt_whole(s, lo, hi, &v))
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

/* The index of s among names, as the rules write them or as a player
 * might: any case ("iii", "Head"), '_' or ' ' for '-' ("upper torso",
 * "upper_torso"), a plural ("legs"); upper makes it the class's capitals.
 * -1 when none. */
static int
loose_index(const char *const *names, const char *s, int upper)
{
	char buf[32];
	size_t i, n = strlen(s);
	int k;

	if ((k = str_index(names, s)) >= 0 || n == 0 || n >= sizeof(buf))
		return k;
	for (i = 0; i <= n; i++) {
		char c = s[i];

		if (c == '_' || c == ' ')
			c = '-';
		else if (c >= 'a' && c <= 'z' && upper)
			c = (char)(c - 'a' + 'A');
		else if (c >= 'A' && c <= 'Z' && !upper)
			c = (char)(c - 'A' + 'a');
		buf[i] = c;
	}
	if ((k = str_index(names, buf)) >= 0 || upper || buf[n - 1] != 's')
		return k;
	buf[n - 1] = '\0';
	return str_index(names, buf);
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
	struct shock_odds_args o = { NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0,
	    0 };
	int c, json;

	if ((c = opt_parse(&shock_odds_options, argc, argv, &o)) >= 0)
		return c;
	cs = o.cls;
	ls = o.loc;
	ts = o.to_hit;
	as = o.aim;
	ws = o.wounds;
	ss = o.wound_size;
	shot.panic = o.panic;
	shot.blind = o.blind;
	shot.in_shock = o.in_shock;
	json = o.json;
	if (optind != argc)
		return usage_error(shock_odds_options.head, "odds shock takes no file: "
		    "give --class and, if you like, --location");
	if (cs == NULL)
		return usage_error(shock_odds_options.head, "give the hit's damage "
		    "class: --class I to VI");
	if ((shot.cls = loose_index(sh_class_name, cs, 1)) < 0) {
		c = usage_error(shock_odds_options.head, "--class '%s' is not a damage "
		    "class%s", cs, sb_hint(&sb, cs, sh_class_name, 1));
		sb_release(&sb);
		return c;
	}
	if (ls && (shot.loc = loose_index(sh_location_name, ls, 0)) < 0) {
		c = usage_error(shock_odds_options.head, "--location '%s' is not a hit "
		    "location%s", ls, sb_hint(&sb, ls, sh_location_name, 1));
		sb_release(&sb);
		return c;
	}
	if (ts && (shot.need = int_arg(ts, 1, 20)) < 0)
		return usage_error(shock_odds_options.head, "--to-hit '%s': give the "
		    "score the shot's d10 needs, 1 to 20", ts);
	if (as && (shot.aim = int_arg(as, 1, SH_AIM_MAX)) < 0)
		return usage_error(shock_odds_options.head, "--aim '%s': give the "
		    "action points spent aiming, 1 or %d", as, SH_AIM_MAX);
	if (ws && (shot.wounds = int_arg(ws, 0, SH_WOUNDS_TO_SHOCK - 1)) < 0)
		return usage_error(shock_odds_options.head, "--wounds '%s': give the "
		    "target's wounds, 0 to %d (at %d he is in shock: "
		    "--in-shock)", ws, SH_WOUNDS_TO_SHOCK - 1,
		    SH_WOUNDS_TO_SHOCK);
	if (ss && (shot.wound_size = int_arg(ss, 1, SH_WOUNDS_TO_SHOCK)) < 0)
		return usage_error(shock_odds_options.head, "--wound-size '%s': give "
		    "the wounds a wound result adds, 1 to %d", ss,
		    SH_WOUNDS_TO_SHOCK);
	if ((shot.panic || shot.blind || shot.aim) && shot.need == 0)
		return usage_error(shock_odds_options.head, "--%s changes the shot's "
		    "d10: give --to-hit N, the score it needs", shot.blind ?
		    "blind" : shot.panic ? "panic" : "aim");
	if (shot.aim && (shot.panic || shot.blind))
		return usage_error(shock_odds_options.head, "--aim goes with an aimed "
		    "shot: panic fire forgoes the action phase where aiming's "
		    "points are spent");
	if (shot.in_shock && shot.wounds > 0)
		return usage_error(shock_odds_options.head, "--in-shock and --wounds: "
		    "a soldier who goes into shock loses his wound counters");
	sh_whole_hit(&shot, &turn);
	rp = rp_new(stdout, json);
	report(rp, &shot, &turn);
	rp_end(rp);
	sb_release(&sb);
	return 0;
}
