/*
 * systems/shambattle_odds.c -- `muster odds shambattle`: the SP lost to
 * a roll of dice, and a close combat's losses and chances (SPEC 5), as
 * text or JSON from one writer.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report.h"
#include "../rules/shambattle.h"
#include "../system.h"
#include "../usage.h"
#include "../util.h"
#include "shambattle_game.h"

#define MAX_DICE 100	/* muster's bound: more than any army rolls */

const char shambattle_odds_usage[] =
    "usage: muster odds shambattle --dice N [--general] [--cover] [--json]\n"
    "       muster odds shambattle --close A,B [--general] [--general-b]\n"
    "                   [--cover] [--cover-a] [--json]\n"
    "\n"
    "Each d" STR(SB_DIE) " takes 1 SP: a " STR(SB_HIT_COVER) " even in cover, a "
    STR(SB_HIT_OPEN) " in the open;\n"
    "the general adds 1 to each die of the units in its hex.\n"
    "\n"
    "  --dice N      N dice fired (1 to " STR(MAX_DICE) "): the SP lost, its\n"
    "                distribution and mean\n"
    "  --general     the firing units have their general with them\n"
    "  --cover       the target is in cover\n"
    "  --close A,B   a close combat of A dice against B dice: each side's\n"
    "                losses, the chance each loses the combat (more SP\n"
    "                lost), and the loser's losses after withdrawing\n"
    "                (half, rounded up, taken back); --general is A's,\n"
    "                --general-b B's; --cover puts B in cover, --cover-a A\n"
    "  --json        one JSON object on stdout\n"
    "\n"
    "exit status: 0, 2 usage error\n";

/* A distribution of SP lost, as lines and a JSON list. */
static void
distribution(struct report *rp, const struct dist *d, const char *indent)
{
	int k;

	rp_open(rp, "distribution", '[');
	for (k = d->lo; k <= d->hi; k++) {
		rp_open(rp, NULL, '{');
		rp_f(rp, "{_:%s}{sp:%4d} SP {p:%12.4P} %\n", indent, k,
		    dist_at(d, k));
		rp_close(rp);
	}
	rp_close(rp);
}

static void
dice(struct report *rp, int n, int cover, int general)
{
	struct dist d = DIST_INIT;

	sb_losses(&d, n, cover, general);
	rp_f(rp, "{dice:%d} {_:%s} at a target {_:%s}{~cover:%b}{_:%s}"
	    "{~general:%b}: each hits on {need:%d}+ ({p_hit:%.4P} %)\n", n,
	    n == 1 ? "die" : "dice", cover ? "in cover" : "in the open", cover,
	    general ? ", with the general" : "", general, sb_need(cover,
	    general), sb_p_hit(cover, general));
	rp_f(rp, "SP lost: mean {mean:%.4f}\n", dist_mean(&d));
	distribution(rp, &d, "  ");
	dist_free(&d);
}

/* One side of a close combat. */
static void
side(struct report *rp, const char *key, int dice, int general, int cover,
    int other_dice, int other_general, const struct dist *lost,
    double p_loses, double mean, double mean_w, double if_loses,
    double if_loses_w)
{
	rp_open(rp, key, '{');
	rp_f(rp, "side {_:%s}: {dice:%d} {_:%s}{~general:%b}{_:%s}, "
	    "{~cover:%b}{_:%s}; hit by {_:%d} {_:%s} on {need_against:%d}+\n",
	    key, dice, dice == 1 ? "die" : "dice", general,
	    general ? " with its general" : "", cover,
	    cover ? "in cover" : "in the open", other_dice,
	    other_dice == 1 ? "die" : "dice", sb_need(cover, other_general));
	rp_f(rp, "  SP lost: mean {mean_lost:%.4f}; loses the combat "
	    "{p_loses:%.4P} %\n", mean, p_loses);
	rp_f(rp, "  if it loses: {mean_lost_if_loses:%.4f} SP, "
	    "{mean_lost_if_loses_withdrawn:%.4f} after withdrawing\n", if_loses,
	    if_loses_w);
	rp_f(rp, "  SP lost, the loser withdrawing: mean "
	    "{mean_lost_withdrawing:%.4f}\n", mean_w);
	if (general) {
		/* The general's d6, rolled when its hex loses. */
		double killed = p_loses * SB_GENERAL_KILLED_MAX / SB_DIE;
		double wounded = p_loses * (SB_GENERAL_WOUNDED_MAX -
		    SB_GENERAL_KILLED_MAX) / SB_DIE;

		rp_f(rp, "  its general: killed {p_general_killed:%.4P} %, "
		    "wounded {p_general_wounded:%.4P} %\n", killed, wounded);
	}
	distribution(rp, lost, "    ");
	rp_close(rp);
}

static void
close_combat(struct report *rp, int a, int b, int ga, int gb, int ca, int cb)
{
	struct sb_close c;

	sb_close_combat(&c, a, b, ga, gb, ca, cb);
	rp_f(rp, "close combat: {_:%d} against {_:%d} dice\n", a, b);
	side(rp, "a", a, ga, ca, b, gb, &c.lost_a, c.p_a_loses, c.mean_a,
	    c.mean_a_withdrawn, c.mean_a_if_loses, c.mean_a_if_loses_withdrawn);
	side(rp, "b", b, gb, cb, a, ga, &c.lost_b, c.p_b_loses, c.mean_b,
	    c.mean_b_withdrawn, c.mean_b_if_loses, c.mean_b_if_loses_withdrawn);
	rp_f(rp, "neither loses (the same SP lost): {p_draw:%.4P} %\n",
	    c.p_draw);
	sb_close_free(&c);
}

/* "N" as a die count, 1 to MAX_DICE; -1 when it is not. */
static int
dice_arg(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < 1 || v > MAX_DICE)
		return -1;
	return (int)v;
}

/* The options, for getopt_long and for shell completion. */
const struct option shambattle_odds_opts[] = {
	{ "dice", required_argument, NULL, 'n' },
	{ "close", required_argument, NULL, 'c' },
	{ "general", no_argument, NULL, 'g' },
	{ "general-b", no_argument, NULL, 'G' },
	{ "cover", no_argument, NULL, 'v' },
	{ "cover-a", no_argument, NULL, 'V' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
shambattle_odds_run(int argc, char **argv)
{
	const char *close_arg = NULL, *dice_s = NULL;
	struct report *rp;
	int c, n = 0, a = 0, b = 0, general = 0, general_b = 0, cover = 0;
	int cover_a = 0, json = 0;
	char *comma;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", shambattle_odds_opts, NULL)) != -1) {
		switch (c) {
		case 'n': dice_s = optarg; break;
		case 'c': close_arg = optarg; break;
		case 'g': general = 1; break;
		case 'G': general_b = 1; break;
		case 'v': cover = 1; break;
		case 'V': cover_a = 1; break;
		case 'j': json = 1; break;
		case 'h': fputs(shambattle_odds_usage, stdout); return 0;
		default: return usage_option(shambattle_odds_usage, shambattle_odds_opts, argv);
		}
	}
	if (optind != argc)
		return usage_error(shambattle_odds_usage, "odds shambattle takes "
		    "no file or name: give --dice N or --close A,B");
	if ((dice_s == NULL) == (close_arg == NULL))
		return usage_error(shambattle_odds_usage, "give one of --dice N "
		    "and --close A,B");
	if (dice_s) {
		if ((n = dice_arg(dice_s)) < 0)
			return usage_error(shambattle_odds_usage, "--dice '%s': "
			    "give a number of dice from 1 to %d", dice_s,
			    MAX_DICE);
		if (general_b || cover_a)
			return usage_error(shambattle_odds_usage, "--general-b "
			    "and --cover-a go with --close");
	} else {
		char buf[64];

		snprintf(buf, sizeof(buf), "%s", close_arg);
		comma = strchr(buf, ',');
		if (comma)
			*comma = '\0';
		if (comma == NULL || (a = dice_arg(buf)) < 0 ||
		    (b = dice_arg(comma + 1)) < 0)
			return usage_error(shambattle_odds_usage, "--close '%s': "
			    "give the two sides' dice, each 1 to %d, such as 3,2",
			    close_arg, MAX_DICE);
	}
	rp = rp_new(stdout, json);
	if (dice_s)
		dice(rp, n, cover, general);
	else
		close_combat(rp, a, b, general, general_b, cover_a, cover);
	rp_end(rp);
	return 0;
}
