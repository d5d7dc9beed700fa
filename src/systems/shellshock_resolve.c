/*
 * systems/shellshock_resolve.c -- `muster resolve shellshock`: one
 * gunner's shot with the dice a player rolled, step by step, so that a
 * table can check its arithmetic (SPEC section 5).  Text and JSON come
 * from one writer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../diag.h"
#include "../options.h"
#include "../report.h"
#include "../system.h"
#include "../usage.h"
#include "shellshock_game.h"

const char ss_resolve_usage[] =
    "usage: muster resolve shellshock ATTACKER.yaml DEFENDER.yaml --range N\n"
    "                      --facing F --roll R1,R2[,REROLLS...]\n"
    "                      [--spread[=N] --spread-roll D6[,D6...]]\n"
    "                      [--point-blank] [--weapons LIST] [--gunner ID]\n"
    "                      [--coin heads|tails] [--second-roll A,B]\n"
    "                      [--damage-dice D,S,P] [--internal-roll N]\n"
    "                      [--explosion A,D[,A,D]] [--locomotion R,C[,R,C]]\n"
    "                      [--marked LINES] [--json]\n"
    "       muster resolve shellshock ATTACKER.yaml DEFENDER.yaml --range N\n"
    "                      --facing F --random [--seed S] [...]\n"
    "       muster resolve shellshock --damage N DEFENDER.yaml --facing F\n"
    "                      [--internal-roll D6] [--explosion A,D] [--json]\n"
    "\n"
    "Replays one gunner firing the attacker's weapons (all, or --weapons)\n"
    "and prints each step: the hit roll, range, which weapons hit, damage,\n"
    "armor left, internal damage, boxes, chart entries, sympathetic\n"
    "explosions and the outcome.  Two basic cards fight by the basic rules;\n"
    "a record sheet on either side brings the advanced ones (see odds).\n"
    "--damage N starts at a card's damage step.\n"
    "\n";

/* After the options. */
static const char resolve_tail[] =
    "\n"
    "Without --random, the dice the shot needs and were not given are\n"
    "named in one error.  A roll a die cannot show is an error.\n"
    "exit status: 0, 1 errors in a unit file, 2 usage error\n";

#define MAXROLLS (2 + 2 * SS_MAX_REROLLS)
#define MAXEX (2 * SSA_MAX_EQUIP)
#define MAXNEED 12

/* The dice a player gave, handed out as the resolution asks for them;
 * or, with --random, rolled and kept so that they can be replayed. */
struct given {
	struct ss_dice dice;
	int roll[MAXROLLS], nroll, next;	/* re-rolls from roll[2] on */
	int rerolled[2];			/* re-rolls taken per die */
	int spread[SSA_SPREAD_MAX], nspread, nextspread;
	int second[2], nsecond;
	int dmg[3], ndmg, ndice[3];	/* ndice: d6s asked for, per total */
	int coin, internal;
	int explosion[MAXEX], nexplosion, nextex;
	int loco[MAXEX], nloco, nextloco;	/* --locomotion pairs */
	int failed;			/* a given roll was wrong */
	const char *need[MAXNEED];	/* dice missing, each named once */
	int nneed;
	int random;
	unsigned long long state;	/* --random's splitmix64 */
};

static const char *
die_name(int kind)
{
	static const char *const name[] = {
		"the human d10", "the targeting die", "a re-roll", "a re-roll",
		"the spread d6", "the coin", "the internal roll",
		"the explosion roll", "the explosion roll"
	};

	if (kind >= 0 && kind < (int)NELEM(name))
		return name[kind];
	return kind == SSA_DIE_SECOND_HUMAN || kind == SSA_DIE_SECOND_TARGETING ?
	    "the second roll" : kind == SSA_DIE_LOCO_ROW ? "the locomotion d10" :
	    kind == SSA_DIE_LOCO_COL ? "the locomotion d6" : "the die";
}

/* A given die that is wrong: shellshock.dice, a usage error. */
static int
dice_error(struct given *g, const char *fmt, ...) ATTR_PRINTF(2, 3);

static int
dice_error(struct given *g, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vat(L_FATAL, "shellshock.dice", NULL, 0, 0, fmt, ap);
	va_end(ap);
	g->failed = 1;
	return -1;
}

/* A die not given: named (once) among those still needed, and a face
 * handed on in its place that lets the shot go on to the dice after
 * it (a hit, the most damage, a chart start that reaches fuel). */
static int
missing(struct given *g, const char *what, int stand_in)
{
	int i;

	for (i = 0; i < g->nneed; i++)
		if (strcmp(g->need[i], what) == 0)
			return stand_in;
	if (g->nneed < MAXNEED)
		g->need[g->nneed++] = what;
	return stand_in;
}

/* splitmix64 (Steele, Lea and Flood), the same on every machine; a face
 * of 1..sides with no bias (draws past the last whole cycle retried). */
static int
random_face(struct given *g, int sides)
{
	unsigned long long z, limit = ~0ULL - ~0ULL % (unsigned)sides;

	do {
		z = (g->state += 0x9e3779b97f4a7c15ULL);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		z ^= z >> 31;
	} while (z >= limit);
	return (int)(z % (unsigned)sides) + 1;
}

static int
give(struct given *g, int v, enum ss_die kind, int sides, const char *opt)
{
	if (v < 1 || v > sides)
		return dice_error(g, "%s %d is not a roll of %s: a d%d shows 1 "
		    "to %d", opt, v, die_name((int)kind), sides, sides);
	return v;
}

/* The re-rolls of the hit roll's dice, in --roll after the first two. */
static int
given_reroll(struct given *g, enum ss_die kind, int sides)
{
	int which = kind == SS_DIE_REROLL_TARGETING;

	if (g->random) {
		if (g->nroll == MAXROLLS)
			return -1;
		g->roll[g->nroll++] = random_face(g, sides);
	}
	if (g->next >= g->nroll)
		return missing(g, which ? "--roll: a re-roll for each 10 the "
		    "targeting die shows, after the first two dice" : "--roll: a "
		    "re-roll for each 10 the human d10 shows, after the first two "
		    "dice", 1);
	g->rerolled[which]++;
	return give(g, g->roll[g->next++], kind, sides, "--roll");
}
/* The first two dice of the hit roll, or a natural 20's second pair. */
static int
given_pair(struct given *g, int *v, int *n, int i, enum ss_die kind,
    int sides, const char *what, const char *opt)
{
	if (g->random && *n <= i)
		v[(*n)++] = random_face(g, sides);
	if (*n <= i)
		return missing(g, what, sides < 10 ? sides : 9);
	return give(g, v[i], kind, sides, opt);
}

/* A total of sides / 6 d6s: damage, shock or penetration. */
static int
given_total(struct given *g, int which, int sides)
{
	int n = sides / SS_DAMAGE_DIE, i;

	g->ndice[which] = n;
	if (g->random) {
		g->dmg[which] = 0;
		for (i = 0; i < n; i++)
			g->dmg[which] += random_face(g, SS_DAMAGE_DIE);
		g->ndmg = 3;
	}
	if (g->ndmg == 0)
		return missing(g, "--damage-dice D,S,P", sides);
	if (g->dmg[which] < n || g->dmg[which] > sides)
		return dice_error(g, "--damage-dice: %d is not a total of %dd%d "
		    "(%s): it is %d to %d", g->dmg[which], n, SS_DAMAGE_DIE,
		    which == 0 ? "damage" : which == 1 ? "shock" : "penetration",
		    n, sides);
	return g->dmg[which];
}

/* One die of the given list v (n given, *next taken), or missing. */
static int
given_next(struct given *g, int *v, int *n, int *next, int max, int sides,
    enum ss_die kind, const char *what, const char *opt, int stand_in)
{
	if (g->random && *next >= *n && *n < max) {
		v[*n] = random_face(g, sides);
		(*n)++;
	}
	if (*next >= *n)
		return missing(g, what, stand_in);
	return give(g, v[(*next)++], kind, sides, opt);
}

static int
given_roll(struct ss_dice *d, enum ss_die kind, int sides)
{
	struct given *g = (struct given *)d;
	int taken = 0, n;

	switch ((int)kind) {
	case SS_DIE_HUMAN:
		return given_pair(g, g->roll, &g->nroll, 0, kind, sides,
		    "--roll with the two dice rolled to hit", "--roll");
	case SS_DIE_TARGETING:
		return given_pair(g, g->roll, &g->nroll, 1, kind, sides,
		    "--roll with the two dice rolled to hit", "--roll");
	case SS_DIE_REROLL_HUMAN:
	case SS_DIE_REROLL_TARGETING:
		return given_reroll(g, kind, sides);
	case SS_DIE_SPREAD:
		return given_next(g, g->spread, &g->nspread, &g->nextspread,
		    SSA_SPREAD_MAX, sides, kind, "--spread-roll with a d6 for "
		    "each spread die", "--spread-roll", sides);
	case SS_DIE_COIN:
		n = g->coin != 0;
		return given_next(g, &g->coin, &n, &taken, 1, sides, kind,
		    "--coin heads|tails", "--coin", 1);
	case SS_DIE_INTERNAL:
	case SSA_DIE_PERCENT:
		n = g->internal != 0;
		return given_next(g, &g->internal, &n, &taken, 1, sides,
		    SS_DIE_INTERNAL, kind == SS_DIE_INTERNAL ? "--internal-roll "
		    "D6" : "--internal-roll D100 (the percentile roll)",
		    "--internal-roll", kind == SS_DIE_INTERNAL ? 4 : 1);
	case SS_DIE_EXPLODE_ATT:
	case SS_DIE_EXPLODE_DEF:
		return given_next(g, g->explosion, &g->nexplosion, &g->nextex,
		    MAXEX, sides, kind, "--explosion A,D for each fuel or ammo "
		    "hit", "--explosion A,D", 1);
	case SSA_DIE_SECOND_HUMAN:
	case SSA_DIE_SECOND_TARGETING:
		return given_pair(g, g->second, &g->nsecond, (int)kind ==
		    SSA_DIE_SECOND_TARGETING, SS_DIE_HUMAN, sides,
		    "--second-roll A,B (the natural 20's two dice again)",
		    "--second-roll");
	case SSA_DIE_DAMAGE:
	case SSA_DIE_SHOCK:
	case SSA_DIE_PEN:
		return given_total(g, (int)kind - SSA_DIE_DAMAGE, sides);
	case SSA_DIE_LOCO_ROW:
	case SSA_DIE_LOCO_COL:
		return given_next(g, g->loco, &g->nloco, &g->nextloco, MAXEX,
		    sides, kind, "--locomotion R,C (the locomotion damage "
		    "chart's d10 and d6) for each locomotion hit",
		    "--locomotion", 1);
	}
	return -1;
}

/* The next number of a list at *s, up to a ',' or stop (the ',' passed
 * over), digits only (opt_whole) from lo to hi: 1, or 0. */
static int
list_next(const char **s, const char *stop, long lo, long hi, long *x)
{
	size_t len = strcspn(*s, stop);
	char buf[16];

	if (len == 0 || len >= sizeof(buf))
		return 0;
	memcpy(buf, *s, len);
	buf[len] = '\0';
	*s += len;
	if (**s == ',' && *++*s == '\0')
		return 0;	/* "4,5," */
	return opt_whole(buf, lo, hi, x);
}

/* "4,5,10" into numbers; -1 on anything else (a blank, a sign '+', an
 * empty number). */
static int
parse_list(const char *s, int *v, int max)
{
	long x;
	int n = 0;

	while (*s) {
		if (n == max || !list_next(&s, ",", -1000, 1000, &x))
			return -1;
		v[n++] = (int)x;
	}
	return n;
}

/* The dice of the hit roll: "d10 4+3 + d10 5", JSON the faces. */
static void
hit_roll(struct report *rp, const struct ss_steps *st, int die)
{
	int w, j;

	rp_f(rp, "hit roll: ");
	rp_open(rp, "dice", '[');
	rp_f(rp, "d{_:%d} {:%d}", SS_HUMAN_DIE, st->face[0]);
	rp_f(rp, " + d{_:%d} {:%d}", die, st->face[1]);
	rp_close(rp);
	rp_open(rp, "rerolls", '[');
	for (w = 0; w < 2; w++) {
		rp_open(rp, NULL, '[');
		for (j = 0; j < st->nreroll[w]; j++)
			rp_f(rp, "{~:%d}", st->reroll[w][j]);
		rp_close(rp);
	}
	rp_close(rp);
}

/* The hit roll's text: each die with its re-rolls added on. */
static void
hit_roll_text(struct report *rp, const struct ss_steps *st, int die)
{
	int j;

	rp_f(rp, "hit roll: d{_:%d} {_:%d}", SS_HUMAN_DIE, st->face[0]);
	for (j = 0; j < st->nreroll[0]; j++)
		rp_f(rp, "+{_:%d}", st->reroll[0][j]);
	rp_f(rp, " + d{_:%d} {_:%d}", die, st->face[1]);
	for (j = 0; j < st->nreroll[1]; j++)
		rp_f(rp, "+{_:%d}", st->reroll[1][j]);
}

/* The basic shot up to its damage: the roll, the weapons, the coin. */
static void
report_fire(struct report *rp, const struct ss_steps *st,
    const struct ss_shot *s)
{
	int i, j;

	rp_open(rp, "hit_roll", '{');
	if (rp_json(rp))
		hit_roll(rp, st, s->att->die);
	else
		hit_roll_text(rp, st, s->att->die);
	rp_f(rp, "{~natural:%d}", st->face[0] + st->face[1]);
	if (st->spread_roll)
		rp_f(rp, " + spread d{_:%d} {spread_roll:%d}", SS_SPREAD_DIE,
		    st->spread_roll);
	else
		rp_f(rp, "{~spread_roll:%d}", 0);
	rp_f(rp, ", skill {skill:%+d}, range {range_modifier:%+d} = "
	    "{total:%d}\n", st->skill, st->range_mod, st->total);
	if (st->natural == SS_NAT_FLUB)
		rp_f(rp, "natural {_:%d}: a {natural_rule:%s}, whatever the "
		    "total\n", st->face[0] + st->face[1], "miss");
	else if (st->natural == SS_NAT_LUCKY)
		rp_f(rp, "natural {_:%d}: a {natural_rule:%s} with every "
		    "weapon\n", SS_LUCKY, "hit");
	else
		rp_f(rp, "{~natural_rule:%s}", NULL);
	rp_close(rp);
	rp_open(rp, "weapons", '[');
	for (i = 0; i < st->nw; i++) {
		const struct ss_weapon *w = ss_weapon_on(s->att, st->w[i].row);

		rp_open(rp, NULL, '{');
		rp_f(rp, "  {row:%c}  {_:%2d}{_:%c}  dV {dv:%-3d} {_:%s}{~hit:%b}"
		    "{~damage:%d}\n", ss_row_letter[st->w[i].row], w->damage,
		    w->cls, st->w[i].dv, st->w[i].hit ? "hit" : "miss",
		    st->w[i].hit, st->w[i].damage);
		rp_close(rp);
	}
	rp_close(rp);
	if (st->outcome == SS_MISS)
		return;
	rp_open(rp, "damage", '{');
	rp_f(rp, "damage:");
	for (i = j = 0; i < st->nw; i++)
		if (st->w[i].hit)
			rp_f(rp, "{_:%s} {_:%d}", j++ ? " +" : "", st->w[i].damage);
	rp_f(rp, " = {hits:%d}; coin {coin:%s}{_:%s}: {total:%d}\n",
	    st->base_damage, st->coin == 1 ? "heads" : "tails",
	    st->coin == 1 ? ", doubled" : "", st->damage);
	rp_close(rp);
}

/* The internal damage's boxes and the chart entries they mark. */
static void
report_boxes(struct report *rp, const struct ss_steps *st,
    const struct ss_unit *def)
{
	int i;

	if (st->internal >= st->dead) {
		rp_f(rp, "internal: {_:%d} points, {_:%d} or more: dead\n",
		    st->internal, st->dead);
	} else if (st->internal > 0 && st->boxes == 0) {
		rp_f(rp, "internal: {_:%d} point{_:%s}, below the first band "
		    "({_:%d}-{_:%d}): no box\n", st->internal,
		    st->internal == 1 ? "" : "s", def->band[0][0],
		    def->band[0][1]);
	} else if (st->boxes > 0) {
		rp_f(rp, "internal: {_:%d} points, band {_:%d}-{_:%d}: {_:%d} "
		    "box{_:%s}\n", st->internal, def->band[st->boxes - 1][0],
		    def->band[st->boxes - 1][1], st->boxes,
		    st->boxes == 1 ? "" : "es");
		rp_f(rp, "internal roll {_:%d} marks", st->chart_roll);
	}
	rp_open(rp, "chart", '[');
	for (i = 0; i < st->nmarked; i++)
		rp_f(rp, "{_:%s} {_:%d} {:%c} ({_:%s})", i ? "," : "",
		    st->marked[i], ss_chart[st->marked[i]].letter,
		    ss_chart[st->marked[i]].name);
	rp_close(rp);
	if (st->boxes > 0 && st->internal < st->dead)
		rp_f(rp, "\n");
}

void
ss_damage_report(struct report *rp, const struct ss_steps *st,
    const struct ss_unit *def)
{
	int i;

	rp_open(rp, "armor", '{');
	rp_f(rp, "armor {_:%s}: {before:%d} -> {after:%d}, ",
	    ss_facing_name[st->facing], st->armor_before, st->armor_after);
	rp_close(rp);
	rp_f(rp, "{internal:%d} internal\n", st->internal);
	rp_f(rp, "{~boxes:%d}{~dead:%b}{~internal_roll:%d}", st->boxes,
	    st->internal >= st->dead, st->chart_roll);
	report_boxes(rp, st, def);
	rp_open(rp, "explosions", '[');
	for (i = 0; i < st->nex; i++) {
		rp_open(rp, NULL, '{');
		rp_f(rp, "{_:%s}{~hit:%c} hit: sympathetic explosion, attacker "
		    "{attacker:%d} against defender {defender:%d}: {_:%s}"
		    "{~exploded:%b}\n", ss_chart[st->ex[i].chart].name,
		    ss_chart[st->ex[i].chart].letter, st->ex[i].att,
		    st->ex[i].def, st->ex[i].exploded ? "it explodes" :
		    "it holds", st->ex[i].exploded);
		rp_close(rp);
	}
	rp_close(rp);
}

static void
report(struct report *rp, const struct ss_steps *st, const struct ss_shot *s,
    const struct ss_unit *def)
{
	int i;

	if (st->fired) {
		rp_f(rp, "{attacker:%s} fires", s->att->name);
		for (i = 0; i < st->nw; i++)
			rp_f(rp, "{_:%s} {_:%c}", i ? "," : "",
			    ss_row_letter[st->w[i].row]);
		rp_f(rp, " at {defender:%s}'s {facing:%s} from {range:%d} in\n",
		    def->name, ss_facing_name[st->facing], s->range);
		report_fire(rp, st, s);
	} else {
		rp_f(rp, "{~defender:%s}{~facing:%s}", def->name,
		    ss_facing_name[st->facing]);
		rp_f(rp, "{_:%d} points on {_:%s}'s {_:%s}\n", st->damage,
		    def->name, ss_facing_name[st->facing]);
		rp_open(rp, "damage", '{');
		rp_f(rp, "{~hits:%d}{~coin:%s}{~total:%d}", st->base_damage,
		    NULL, st->damage);
		rp_close(rp);
	}
	if (st->outcome != SS_MISS)
		ss_damage_report(rp, st, def);
	rp_f(rp, "{~cause:%s}", st->cause);
	rp_f(rp, "outcome: {outcome:%s}", ss_outcome_name[st->outcome]);
	if (st->cause)
		rp_f(rp, " ({_:%s})", strcmp(st->cause, "dead") == 0 ?
		    "internal damage at the dead threshold" :
		    strcmp(st->cause, "crew") == 0 ? "crew killed" :
		    strcmp(st->cause, "fuel") == 0 ? "fuel explosion" :
		    "ammo explosion");
	rp_f(rp, "\n");
}

/* What resolve's command line says, before it is read. */
struct resolve_opts {
	struct ss_shot_args shot;
	const char *roll, *spread_roll, *second, *dmg, *internal, *explosion;
	const char *loco, *marked, *damage, *seed;
	int coin;		/* -1, or heads 0, tails 1 */
	int random, json;
};

static const char *const coin_words[] = { "heads", "tails", NULL };

/* The options: parsing, --help, completion and the manual's check.  The
 * shot's options are odds's, and its help tells them (hidden here). */
#define R_ struct resolve_opts
static const struct opt resolve_rows[] = {
	OPT_HIDDEN_STRING_(0, "range", R_, shot.range, "N", NULL, OPT_C_NONE),
	OPT_HIDDEN_STRING_(0, "facing", R_, shot.facing, "F", ss_facing_words,
	    OPT_C_NONE),
	OPT_STRING_(0, "roll", R_, roll, "R1,R2,...",
	    "the human d10, the targeting die, then the re-roll\n"
	    "of each 10 in order (the human d10's first); a\n"
	    "natural 20 hits at once and needs no re-rolls", NULL, OPT_C_NONE),
	{ OPT_STRING, 0, "spread", offsetof(R_, shot.spread), "N", NULL,
	    NULL, 0, 0, "1", OPT_C_NONE, OPT_OPTARG | OPT_HIDDEN },
	OPT_STRING_(0, "spread-roll", R_, spread_roll, "D6",
	    "spread fire's extra d6s, one for each", NULL, OPT_C_NONE),
	OPT_HIDDEN_FLAG_(0, "point-blank", R_, shot.point_blank, 1),
	OPT_HIDDEN_STRING_(0, "weapons", R_, shot.weapons, "LIST", NULL,
	    OPT_C_NONE),
	OPT_HIDDEN_STRING_(0, "gunner", R_, shot.gunner, "ID", NULL, OPT_C_NONE),
	OPT_CHOICE_(0, "coin", R_, coin, "C",
	    "cards: heads doubles the damage, tails does not", coin_words,
	    NULL),
	OPT_STRING_(0, "second-roll", R_, second, "A,B",
	    "sheets: the two dice rolled again after a natural\n"
	    "20 (a second natural 20 destroys the target)", NULL, OPT_C_NONE),
	OPT_STRING_(0, "damage-dice", R_, dmg, "D,S,P",
	    "sheets: the totals of the Dam, Sh and Pen d6s\n"
	    "of the weapons that hit (0 for none)", NULL, OPT_C_NONE),
	OPT_STRING_(0, "internal-roll", R_, internal, "N",
	    "where the internal chart starts marking: a d6 on a\n"
	    "card, the percentile roll (1 to 100) on a sheet", NULL,
	    OPT_C_NONE),
	OPT_STRING_(0, "explosion", R_, explosion, "A,D",
	    "attacker's and defender's d10 for each fuel or\n"
	    "ammo hit (the defender wins ties)", NULL, OPT_C_NONE),
	OPT_STRING_(0, "locomotion", R_, loco, "R,C",
	    "sheets: the locomotion damage chart's d10 and d6\n"
	    "for each locomotion item hit", NULL, OPT_C_NONE),
	OPT_STRING_(0, "marked", R_, marked, "LINES",
	    "sheets: chart lines crossed off before, such as\n"
	    "25-50 (a hit skips them)", NULL, OPT_C_NONE),
	OPT_HIDDEN_STRING_(0, "damage", R_, damage, "N", NULL, OPT_C_NONE),
	OPT_FLAG_(0, "random", R_, random, 1,
	    "muster rolls every die itself (solo play) and\n"
	    "prints the options that replay the shot"),
	OPT_STRING_(0, "seed", R_, seed, "S",
	    "--random's seed, 0 to 4294967295 (default: from\n"
	    "the clock, printed)", NULL, OPT_C_NONE),
	OPT_HIDDEN_FLAG_(0, "json", R_, json, 1),
	OPT_ROW_END
};
#undef R_

const struct cmd_opts ss_resolve_options = {
	ss_resolve_usage, resolve_rows, 20, resolve_tail
};

/* What resolve's command line says. */
struct args {
	struct ss_pick pk;
	struct given g;
	long range, damage;
	const char *facing;
	unsigned char done[SS_CHART_HI + 1];	/* --marked */
	int json, seeded;
	unsigned long seed;
};

/* "25-50,60" into done[]; 0 when it is not lines 1-100. */
static int
parse_marked(const char *s, unsigned char *done)
{
	long a, b;

	while (*s) {
		if (!list_next(&s, ",-", SS_CHART_LO, SS_CHART_HI, &a))
			return 0;
		b = a;
		/* "25-50": the '-' is where the first stopped. */
		if (s[-1] != ',' && *s == '-') {
			s++;
			if (!list_next(&s, ",", SS_CHART_LO, SS_CHART_HI, &b))
				return 0;
		}
		if (a > b)
			return 0;
		while (a <= b)
			done[a++] = 1;
	}
	return 1;
}

/* --seed: a whole number that fits 32 bits, nothing else. */
static int
parse_seed(const char *s, unsigned long *out)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno || v > 0xffffffffULL)
		return 0;
	*out = (unsigned long)v;
	return 1;
}

/* The dice given: -1 when each is right, else a usage error's 2. */
static int
dice_opts(const struct resolve_opts *ro, struct given *g)
{
	/* Each list: how many numbers it takes, at least least, and in
	 * pairs; what it must be. */
	const struct {
		const char *arg, *name;
		int *v, *n, max, least, pairs;
		const char *what;
	} l[] = {
		{ ro->roll, "roll", g->roll, &g->nroll, MAXROLLS, 2, 0,
		    "the two dice and any re-rolls, such as 4,5" },
		{ ro->spread_roll, "spread-roll", g->spread, &g->nspread,
		    SSA_SPREAD_MAX, 1, 0, "a d6 roll for each spread die" },
		{ ro->second, "second-roll", g->second, &g->nsecond, 2, 2, 0,
		    "the two dice rolled again, such as 3,7" },
		{ ro->dmg, "damage-dice", g->dmg, &g->ndmg, 3, 3, 0,
		    "three totals, damage, shock and penetration, such as "
		    "41,30,35 (0 for none)" },
		{ ro->internal, "internal-roll", &g->internal, NULL, 1, 1, 0,
		    "one roll" },
		{ ro->explosion, "explosion", g->explosion, &g->nexplosion,
		    MAXEX, 2, 1, "pairs of d10 rolls, attacker then defender, "
		    "such as 5,4" },
		{ ro->loco, "locomotion", g->loco, &g->nloco, MAXEX, 2, 1,
		    "pairs of a d10 and a d6, such as 7,3" },
	};
	size_t i;
	int n;

	for (i = 0; i < NELEM(l); i++) {
		if (l[i].arg == NULL)
			continue;
		n = parse_list(l[i].arg, l[i].v, l[i].max);
		if (n < l[i].least || (l[i].pairs && n % 2))
			return usage_error(ss_resolve_usage, "--%s '%s' must "
			    "be %s", l[i].name, l[i].arg, l[i].what);
		if (l[i].n)
			*l[i].n = n;
	}
	g->coin = ro->coin + 1;
	return -1;
}

/* Every option; -1 to go on, else the exit status. */
static int
parse(int argc, char **argv, struct args *a)
{
	struct resolve_opts ro;
	int rc;

	memset(&ro, 0, sizeof(ro));
	ro.coin = -1;
	if ((rc = opt_parse(&ss_resolve_options, argc, argv, &ro)) >= 0 ||
	    (rc = ss_shot_read(ss_resolve_usage, &ro.shot, &a->pk,
	    &a->range)) != 0 || (rc = dice_opts(&ro, &a->g)) >= 0)
		return rc;
	a->facing = ro.shot.facing;
	if (ro.damage && !opt_whole(ro.damage, 0, 100000, &a->damage))
		return usage_error(ss_resolve_usage, "--damage '%s' must be "
		    "whole points, 0 or more", ro.damage);
	if (ro.marked && !parse_marked(ro.marked, a->done))
		return usage_error(ss_resolve_usage, "--marked '%s' must be "
		    "chart lines %d to %d, such as 25-50,60", ro.marked,
		    SS_CHART_LO, SS_CHART_HI);
	if (ro.seed && !parse_seed(ro.seed, &a->seed))
		return usage_error(ss_resolve_usage, "--seed '%s' must be a "
		    "whole number from 0 to 4294967295", ro.seed);
	a->seeded = ro.seed != NULL;
	a->g.random = ro.random;
	a->json = ro.json;
	return -1;
}

/* What the options make together; -1 to go on, else the exit status. */
static int
check_args(int argc, char **argv, struct args *a)
{
	const struct given *g = &a->g;
	int files = argc - optind;

	if (g->random && (g->nroll || g->nspread || g->coin || g->nsecond ||
	    g->ndmg || g->internal || g->nexplosion || g->nloco))
		return usage_error(ss_resolve_usage, "--random rolls every die "
		    "itself: give it no dice");
	if (a->seeded && !g->random)
		return usage_error(ss_resolve_usage, "--seed is the seed of "
		    "--random's dice: give --random too");
	if (g->nspread && !a->pk.spread)
		return usage_error(ss_resolve_usage, "--spread-roll is for "
		    "spread fire: give --spread too");
	if (a->damage < 0) {
		if (files != 2)
			return usage_error(ss_resolve_usage, "resolve needs an "
			    "ATTACKER and a DEFENDER unit file (or --damage N "
			    "and a DEFENDER)");
		return ss_shot_finish(ss_resolve_usage, &a->pk, a->range,
		    a->facing) ? 2 : -1;
	}
	if (files != 1)
		return usage_error(ss_resolve_usage, "resolve --damage needs one "
		    "DEFENDER unit file");
	if (a->facing == NULL)
		return usage_error(ss_resolve_usage, "resolve needs --facing "
		    "front, left, right or rear");
	if ((a->pk.facing = ss_arg_facing(a->facing)) < 0)
		return usage_error(ss_resolve_usage, "--facing '%s' must be "
		    "front, left, right or rear", a->facing);
	(void)argv;
	return -1;
}

/* " (totals of 12d6 damage, 8d6 shock, 0 penetration)" */
static void
dice_counts(struct sbuf *sb, const int *n)
{
	static const char *const what[3] = { "damage", "shock", "penetration" };
	int i;

	sb_adds(sb, " (totals of ");
	for (i = 0; i < 3; i++) {
		if (n[i])
			sb_addf(sb, "%s%dd%d %s", i ? ", " : "", n[i],
			    SS_DAMAGE_DIE, what[i]);
		else
			sb_addf(sb, "%s0 %s", i ? ", " : "", what[i]);
	}
	sb_adds(sb, ")");
}

/* After the resolution: a given die that was wrong, the dice missing
 * (all in one error), re-rolls given and not needed.  0 to print. */
static int
dice_done(struct given *g, int ret)
{
	struct sbuf sb = SBUF_INIT;
	int i;

	if (g->failed || (ret < 0 && g->nneed == 0)) {
		if (!g->failed)
			diag_at(L_FATAL, "shellshock.dice", NULL, 0, 0, "the shot "
			    "needs more dice than muster follows");
		diag_flush();
		return 2;
	}
	if (g->nneed) {
		for (i = 0; i < g->nneed; i++) {
			sb_addf(&sb, "%s%s", i ? "; " : "", g->need[i]);
			if (strncmp(g->need[i], "--damage-dice", 13) == 0)
				dice_counts(&sb, g->ndice);
		}
		diag_at(L_FATAL, "shellshock.dice", NULL, 0, 0, "the shot needs "
		    "more dice: %s (%sor give --random)", sb_str(&sb),
		    g->nneed > 1 ? "the later as the earlier fall; " : "");
		sb_release(&sb);
		diag_flush();
		return 2;
	}
	if (!g->random && g->next < g->nroll) {
		diag_at(L_FATAL, "shellshock.dice", NULL, 0, 0, "--roll gives %d "
		    "re-roll%s, but only %d %s needed", g->nroll - 2,
		    g->nroll == 3 ? "" : "s", g->next - 2,
		    g->next - 2 == 1 ? "was" : "were");
		diag_flush();
		return 2;
	}
	return 0;
}

/* A list option of the replay line: " --roll 4,5,10". */
static void
replay_list(struct sbuf *sb, const char *opt, const int *v, int n)
{
	int i;

	if (n <= 0)
		return;
	sb_addf(sb, " --%s ", opt);
	for (i = 0; i < n; i++)
		sb_addf(sb, "%s%d", i ? "," : "", v[i]);
}

/* --random's dice as the options that give them again. */
static void
replay(struct report *rp, const struct given *g)
{
	struct sbuf sb = SBUF_INIT;
	int i, dmg[3];

	replay_list(&sb, "roll", g->roll, g->nroll);
	replay_list(&sb, "spread-roll", g->spread, g->nspread);
	if (g->coin)
		sb_addf(&sb, " --coin %s", g->coin == 1 ? "heads" : "tails");
	replay_list(&sb, "second-roll", g->second, g->nsecond);
	for (i = 0; i < 3; i++)
		dmg[i] = g->ndice[i] ? g->dmg[i] : 0;
	if (g->ndice[0] || g->ndice[1] || g->ndice[2])
		replay_list(&sb, "damage-dice", dmg, 3);
	if (g->internal)
		sb_addf(&sb, " --internal-roll %d", g->internal);
	replay_list(&sb, "explosion", g->explosion, g->nexplosion);
	replay_list(&sb, "locomotion", g->loco, g->nloco);
	rp_f(rp, "the same dice, given: {replay:%s}\n", sb_str(&sb) + 1);
	sb_release(&sb);
}

/* --random's seed, first: the text to replay it by, JSON a string (a
 * seed may pass an int).  JSON has the dice given here too, so that the
 * object ends in "outcome" (SPEC 5); the text tells them last. */
static void
seed_line(struct report *rp, const struct args *a)
{
	char buf[16];

	if (!a->g.random)
		return;
	snprintf(buf, sizeof(buf), "%lu", a->seed);
	rp_f(rp, "muster rolls the dice, --seed {seed:%s}\n", buf);
	if (rp_json(rp))
		replay(rp, &a->g);
}

/* The basic rules: two cards, or a card's damage step. */
static int
resolve_basic(struct args *a, const struct ss_side *att,
    const struct ss_side *def, struct report **rp)
{
	struct ss_shot shot;
	struct ss_steps st;
	int i, ret, rc;

	memset(&shot, 0, sizeof(shot));
	shot.facing = a->pk.facing;
	if (a->damage >= 0) {
		ret = ss_resolve_damage(def->card, shot.facing, (int)a->damage,
		    &a->g.dice, &st);
	} else {
		if (a->pk.gunner || a->pk.spread > 1 || a->g.ndmg || a->g.nsecond)
			return usage_error(ss_resolve_usage, "--gunner, "
			    "--spread=N, --damage-dice and --second-roll are for "
			    "the advanced rules: two basic cards fight by the "
			    "basic ones");
		shot.att = att->card;
		shot.def = def->card;
		shot.range = a->pk.range;
		shot.spread = a->pk.spread;
		shot.point_blank = a->pk.point_blank;
		if (a->pk.weapons && (shot.rows = ss_arg_rows(a->pk.weapons)) == 0)
			return usage_error(ss_resolve_usage, "--weapons '%s' must "
			    "be rows among E, M, B, I, S, such as M,I",
			    a->pk.weapons);
		for (i = 0; !a->pk.weapons && i < att->card->nweapons; i++)
			shot.rows |= 1u << att->card->weapon[i].row;
		if (!ss_shot_ok(&shot, att->path))
			return 2;
		ret = ss_resolve(&shot, &a->g.dice, &st);
	}
	if ((rc = dice_done(&a->g, ret)) != 0)
		return rc;
	*rp = rp_new(stdout, a->json);
	seed_line(*rp, a);
	report(*rp, &st, &shot, def->card);
	return 0;
}

/* The advanced rules: a sheet on either side. */
static int
resolve_advanced(struct args *a, struct ss_side *att, struct ss_side *def,
    struct report **rp)
{
	struct ssa_shot shot;
	struct ssa_steps *st = xcalloc(1, sizeof(*st));
	const char *gunner;
	int ret, rc;

	if ((rc = ss_adv_shot(att, def, &a->pk, &shot, &gunner)) == 0) {
		ret = ssa_resolve(&shot, a->done, &a->g.dice, st);
		if ((rc = dice_done(&a->g, ret)) == 0) {
			*rp = rp_new(stdout, a->json);
			seed_line(*rp, a);
			ss_adv_resolve_report(*rp, &shot, gunner, st);
		}
	}
	free(st);
	return rc;
}

static int
run(struct args *a, char **files, int nfiles)
{
	struct ss_side *side = xcalloc(2, sizeof(*side));
	struct report *rp = NULL;
	struct batch *b = batch_new();
	int rc;

	if ((rc = ss_load_side(b, files[0], &side[0])) != 0 ||
	    (nfiles == 2 && (rc = ss_load_side(b, files[1], &side[1])) != 0))
		goto out;
	if (nfiles == 1) {
		side[1] = side[0];
		if (side[1].card == NULL) {
			rc = usage_error(ss_resolve_usage, "--damage N is for a "
			    "basic card's damage step; '%s' is a record sheet",
			    files[0]);
			goto out;
		}
	}
	if (side[0].card && side[1].card)
		rc = resolve_basic(a, &side[0], &side[1], &rp);
	else
		rc = resolve_advanced(a, &side[0], &side[1], &rp);
	if (rp && a->g.random && !rp_json(rp))
		replay(rp, &a->g);
	if (rp)
		rp_end(rp);
out:
	batch_free(b);
	free(side);
	return rc;
}

int
ss_resolve_run(int argc, char **argv)
{
	struct args *a = xcalloc(1, sizeof(*a));
	int rc;

	a->range = a->damage = -1;
	a->g.dice.roll = given_roll;
	a->g.next = 2;
	if ((rc = parse(argc, argv, a)) < 0 &&
	    (rc = check_args(argc, argv, a)) < 0) {
		if (a->g.random && !a->seeded)
			a->seed = ((unsigned long)time(NULL) ^
			    ((unsigned long)getpid() << 16)) & 0xffffffffUL;
		a->g.state = a->seed;
		diag_init(0, stderr);
		rc = run(a, argv + optind, argc - optind);
	}
	free(a);
	return rc;
}
