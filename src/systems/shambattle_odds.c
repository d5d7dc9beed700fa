/*
 * systems/shambattle_odds.c -- `muster odds shambattle`: the SP lost to
 * a roll of dice, and a close combat's losses and chances (SPEC 5), as
 * text or JSON from one writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report.h"
#include "../rules/shambattle.h"
#include "../system.h"
#include "../options.h"
#include "../usage.h"
#include "../util.h"
#include "shambattle_game.h"

#define MAX_DICE 100	/* muster's bound: more than any army rolls */

const char shambattle_odds_usage[] =
    "usage: muster odds shambattle --dice N [--general] [--cover] [--json]\n"
    "       muster odds shambattle --close A,B [--general] [--general-b]\n"
    "                   [--cover] [--cover-a] [--json]\n"
    "       muster odds shambattle --night N [--json]\n"
    "\n"
    "Each d" STR(SB_DIE) " takes 1 SP: a " STR(SB_HIT_COVER) " even in cover, a "
    STR(SB_HIT_OPEN) " in the open;\n"
    "the general adds 1 to each die of the units in its hex.\n"
    "\n";

/* What the options set. */
struct shambattle_odds_args {
	const char *dice, *close, *night;
	int general, general_b, cover, cover_a, json;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt shambattle_odds_rows[] = {
	OPT_STRING_(0, "dice", struct shambattle_odds_args, dice, "N",
	    "N dice fired (1 to " STR(MAX_DICE) "): the SP lost, its\n"
	    "distribution and mean", NULL, OPT_C_NONE),
	OPT_FLAG_(0, "general", struct shambattle_odds_args, general, 1,
	    "the firing units have their general with them"),
	OPT_FLAG_(0, "cover", struct shambattle_odds_args, cover, 1, "the target is in cover"),
	OPT_STRING_(0, "close", struct shambattle_odds_args, close, "A,B",
	    "a close combat of A dice against B dice: each side's\n"
	    "losses, the chance each loses the combat (more SP\n"
	    "lost), and the loser's losses after withdrawing\n"
	    "(it keeps half, rounded up: 5 SP lost become 3);\n"
	    "--general is A's, --general-b B's; --cover puts B\n"
	    "in cover, --cover-a A", NULL, OPT_C_NONE),
	{ OPT_FLAG, 0, "general-b", offsetof(struct shambattle_odds_args, general_b), NULL, "",
	    NULL, 1, 0, NULL, OPT_C_NONE, OPT_HIDDEN },
	{ OPT_FLAG, 0, "cover-a", offsetof(struct shambattle_odds_args, cover_a), NULL, "",
	    NULL, 1, 0, NULL, OPT_C_NONE, OPT_HIDDEN },
	OPT_STRING_(0, "night", struct shambattle_odds_args, night, "N",
	    "N units that have lost SP roll a d" STR(SB_DIE) " each at night\n"
	    "(1 to " STR(MAX_DICE) "): each regains " STR(SB_RECOVER_SP) " SP on "
	    STR(SB_RECOVER_ON) "+; the SP\n"
	    "regained, its distribution and mean", NULL, OPT_C_NONE),
	OPT_FLAG_(0, "json", struct shambattle_odds_args, json, 1, "one JSON object on stdout"),
	OPT_ROW_END
};

const struct cmd_opts shambattle_odds_options = {
	shambattle_odds_usage, shambattle_odds_rows, 16,
	"\n"
	"exit status: 0, 2 usage error\n"
};

/* A distribution of SP lost, as lines and a JSON list. */
/* A distribution of SP lost (or regained), as lines and a JSON list;
 * in a close combat each loss with what a loser keeps of it when it
 * withdraws. */
static void
distribution(struct report *rp, const struct ratio *p, int n,
    const char *indent, int withdraw, int sp_each)
{
	int k;

	rp_open(rp, "distribution", '[');
	for (k = 0; k <= n; k++) {
		rp_open(rp, NULL, '{');
		rp_f(rp, "{_:%s}{sp:%4d} SP {p:%12.4Q} %", indent, k * sp_each,
		    p[k]);
		if (withdraw && k == 0)
			rp_f(rp, "{~kept_if_withdrawing:%d}", 0);
		else if (withdraw)
			rp_f(rp, "  ({kept_if_withdrawing:%d} kept if the loser "
			    "withdraws)", sb_after_withdrawal(k));
		rp_f(rp, "\n");
		rp_close(rp);
	}
	rp_close(rp);
}

static void
dice(struct report *rp, int n, int cover, int general)
{
	struct ratio *p = xcalloc((size_t)n + 1, sizeof(*p));

	sb_losses(p, n, cover, general);
	rp_f(rp, "{dice:%d} {_:%s} at a target {_:%s}{~cover:%b}{_:%s}"
	    "{~general:%b}: each hits on {need:%d}+ ({p_hit:%.4Q} %)\n", n,
	    n == 1 ? "die" : "dice", cover ? "in cover" : "in the open", cover,
	    general ? ", with the general" : "", general, sb_need(cover,
	    general), sb_p_hit(cover, general));
	/* A binomial's mean, n p: exact however many dice. */
	rp_f(rp, "SP lost: mean {mean:%.4R}\n", ratio_mul(ratio_of(n, 1),
	    sb_p_hit(cover, general)));
	distribution(rp, p, n, "  ", 0, 1);
	free(p);
}

/* "During the night turn": n units that have lost SP roll to regain one. */
static void
night(struct report *rp, int n)
{
	struct ratio *p = xcalloc((size_t)n + 1, sizeof(*p));

	sb_night(p, n);
	rp_f(rp, "night: {units:%d} {_:%s} that {_:%s} lost SP {_:%s} a d{_:%d} "
	    "each: {_:%d} SP back on {need:%d}+ ({p_recover:%.4Q} %)\n", n,
	    n == 1 ? "unit" : "units", n == 1 ? "has" : "have",
	    n == 1 ? "rolls" : "roll", SB_DIE, SB_RECOVER_SP, SB_RECOVER_ON,
	    sb_p_recover());
	/* k units back, SB_RECOVER_SP each. */
	rp_f(rp, "SP regained: mean {mean:%.4R}\n", ratio_mul(ratio_of(n *
	    SB_RECOVER_SP, 1), sb_p_recover()));
	distribution(rp, p, n, "  ", 0, SB_RECOVER_SP);
	free(p);
}

/* One side of a close combat. */
static void
side(struct report *rp, const char *key, int dice, int general, int cover,
    int other_dice, int other_general, const struct ratio *lost,
    struct ratio p_loses, struct ratio mean, struct ratio mean_w,
    struct ratio if_loses, struct ratio if_loses_w)
{
	rp_open(rp, key, '{');
	rp_f(rp, "side {_:%s}: {dice:%d} {_:%s}{~general:%b}{_:%s}, "
	    "{~cover:%b}{_:%s}; hit by {_:%d} {_:%s} on {need_against:%d}+\n",
	    key, dice, dice == 1 ? "die" : "dice", general,
	    general ? " with its general" : "", cover,
	    cover ? "in cover" : "in the open", other_dice,
	    other_dice == 1 ? "die" : "dice", sb_need(cover, other_general));
	rp_f(rp, "  SP lost: mean {mean_lost:%.4R}; loses the combat "
	    "{p_loses:%.4Q} %\n", mean, p_loses);
	rp_f(rp, "  if it loses: {mean_lost_if_loses:%.4R} SP, "
	    "{mean_lost_if_loses_withdrawn:%.4R} after withdrawing (it keeps "
	    "half, rounded up)\n", if_loses, if_loses_w);
	rp_f(rp, "  SP lost, the loser withdrawing: mean "
	    "{mean_lost_withdrawing:%.4R}\n", mean_w);
	if (general) {
		/* The general's d6, rolled when its hex loses. */
		struct ratio killed = ratio_mul(p_loses,
		    ratio_of(SB_GENERAL_KILLED_MAX, SB_DIE));
		struct ratio wounded = ratio_mul(p_loses,
		    ratio_of(SB_GENERAL_WOUNDED_MAX - SB_GENERAL_KILLED_MAX,
		    SB_DIE));

		rp_f(rp, "  its general: killed {p_general_killed:%.4Q} %, "
		    "wounded {p_general_wounded:%.4Q} %\n", killed, wounded);
	}
	distribution(rp, lost, other_dice, "    ", 1, 1);
	rp_close(rp);
}

static void
close_combat(struct report *rp, int a, int b, int ga, int gb, int ca, int cb)
{
	struct sb_close c;

	sb_close_combat(&c, a, b, ga, gb, ca, cb);
	rp_f(rp, "close combat: {_:%d} against {_:%d} dice\n", a, b);
	side(rp, "a", a, ga, ca, b, gb, c.lost_a, c.p_a_loses, c.mean_a,
	    c.mean_a_withdrawn, c.mean_a_if_loses, c.mean_a_if_loses_withdrawn);
	side(rp, "b", b, gb, cb, a, ga, c.lost_b, c.p_b_loses, c.mean_b,
	    c.mean_b_withdrawn, c.mean_b_if_loses, c.mean_b_if_loses_withdrawn);
	rp_f(rp, "neither loses (the same SP lost): {p_draw:%.4Q} %\n",
	    c.p_draw);
	sb_close_free(&c);
}

/* "N" as a die count, 1 to MAX_DICE; -1 when it is not. */
static int
dice_arg(const char *s)
{
	long v;

	/* Strict: no blank, '+' or trailing letter (opt_whole). */
	if (!opt_whole(s, 1, MAX_DICE, &v))
		return -1;
	return (int)v;
}

int
shambattle_odds_run(int argc, char **argv)
{
	struct shambattle_odds_args o;
	const char *close_arg, *dice_s, *night_s;
	struct report *rp;
	int c, n = 0, a = 0, b = 0, general, general_b, cover, cover_a, json;
	char *comma;

	memset(&o, 0, sizeof(o));

	if ((c = opt_parse(&shambattle_odds_options, argc, argv, &o)) >= 0)
		return c;
	dice_s = o.dice;
	close_arg = o.close;
	night_s = o.night;
	general = o.general;
	general_b = o.general_b;
	cover = o.cover;
	cover_a = o.cover_a;
	json = o.json;
	if (optind != argc)
		return usage_error(shambattle_odds_options.head, "odds shambattle takes "
		    "no file or name: give --dice N, --close A,B or --night N");
	if ((dice_s != NULL) + (close_arg != NULL) + (night_s != NULL) != 1)
		return usage_error(shambattle_odds_options.head, "give one of --dice N, "
		    "--close A,B and --night N");
	if (night_s) {
		if ((n = dice_arg(night_s)) < 0)
			return usage_error(shambattle_odds_options.head, "--night '%s': "
			    "give a number of units from 1 to %d", night_s,
			    MAX_DICE);
		if (general || general_b || cover || cover_a)
			return usage_error(shambattle_odds_options.head, "--night takes "
			    "no --general or --cover: no one fights at night");
	} else if (dice_s) {
		if ((n = dice_arg(dice_s)) < 0)
			return usage_error(shambattle_odds_options.head, "--dice '%s': "
			    "give a number of dice from 1 to %d", dice_s,
			    MAX_DICE);
		if (general_b || cover_a)
			return usage_error(shambattle_odds_options.head, "--general-b "
			    "and --cover-a go with --close");
	} else {
		char buf[64];

		snprintf(buf, sizeof(buf), "%s", close_arg);
		comma = strchr(buf, ',');
		if (comma)
			*comma = '\0';
		if (comma == NULL || (a = dice_arg(buf)) < 0 ||
		    (b = dice_arg(comma + 1)) < 0)
			return usage_error(shambattle_odds_options.head, "--close '%s': "
			    "give the two sides' dice, each 1 to %d, such as 3,2",
			    close_arg, MAX_DICE);
	}
	rp = rp_new(stdout, json);
	if (night_s)
		night(rp, n);
	else if (dice_s)
		dice(rp, n, cover, general);
	else
		close_combat(rp, a, b, general, general_b, cover_a, cover);
	rp_end(rp);
	return 0;
}
