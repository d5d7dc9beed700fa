/*
 * systems/shellshock_resolve.c -- `muster resolve shellshock`: one
 * gunner's shot with the dice a player rolled, step by step, so that a
 * table can check its arithmetic (SPEC section 5).  Text and JSON come
 * from one writer.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../diag.h"
#include "../report.h"
#include "../system.h"
#include "../usage.h"
#include "shellshock_game.h"

const char ss_resolve_usage[] =
    "usage: muster resolve shellshock ATTACKER.yaml DEFENDER.yaml --range N\n"
    "                      --facing F --roll R1,R2[,REROLLS...]\n"
    "                      [--spread --spread-roll D6] [--point-blank]\n"
    "                      [--weapons ROWS] [--coin heads|tails]\n"
    "                      [--internal-roll D6] [--explosion A,D[,A,D]]\n"
    "                      [--json]\n"
    "       muster resolve shellshock --damage N DEFENDER.yaml --facing F\n"
    "                      [--internal-roll D6] [--explosion A,D] [--json]\n"
    "\n"
    "Replays one gunner firing the attacker's weapons (all, or --weapons)\n"
    "and prints each step: the hit roll, range, which weapons hit, damage,\n"
    "armor left, internal damage, boxes, chart entries, sympathetic\n"
    "explosions and the outcome.  --damage N starts at the damage step.\n"
    "\n"
    "  --roll R1,R2,...  the human d10, the targeting die, then the re-roll\n"
    "                    of each 10 in order (the human d10's first); a\n"
    "                    natural 20 hits at once and needs no re-rolls\n"
    "  --spread-roll D6  spread fire's extra d6\n"
    "  --coin C          heads doubles the damage, tails does not\n"
    "  --internal-roll D6  where the internal chart starts marking\n"
    "  --explosion A,D   attacker's and defender's d10 for each fuel or\n"
    "                    ammo hit (the defender wins ties)\n"
    "\n"
    "A die that the shot needs but that was not given is an error, as is a\n"
    "roll a die cannot show.  exit status: 0, 1 errors in a unit file,\n"
    "2 usage error\n";

#define MAXROLLS (2 + 2 * SS_MAX_REROLLS)

/* The dice a player gave, handed out as the resolution asks for them. */
struct given {
	struct ss_dice dice;
	int roll[MAXROLLS], nroll, next;	/* re-rolls from roll[2] on */
	int rerolled[2];			/* re-rolls taken per die */
	int spread, coin, internal;
	int explosion[8], nexplosion, nextex;
	int failed;
};

static const char *const die_name[] = {
	"the human d10", "the targeting die", "a re-roll", "a re-roll",
	"the spread d6", "the coin", "the internal roll", "the explosion roll",
	"the explosion roll"
};

/* A die the shot cannot do without: shellshock.dice, a usage error. */
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

static int
give(struct given *g, int v, enum ss_die kind, int sides, const char *opt)
{
	if (v == 0)
		return dice_error(g, "the shot needs %s: give %s",
		    die_name[kind], opt);
	if (v < 1 || v > sides)
		return dice_error(g, "%s %d is not a roll of %s: a d%d shows 1 "
		    "to %d", opt, v, die_name[kind], sides, sides);
	return v;
}

static int
given_roll(struct ss_dice *d, enum ss_die kind, int sides)
{
	struct given *g = (struct given *)d;
	int v, which;

	switch (kind) {
	case SS_DIE_HUMAN:
		return give(g, g->nroll > 0 ? g->roll[0] : 0, kind, sides,
		    "--roll");
	case SS_DIE_TARGETING:
		return give(g, g->nroll > 1 ? g->roll[1] : 0, kind, sides,
		    "--roll");
	case SS_DIE_REROLL_HUMAN:
	case SS_DIE_REROLL_TARGETING:
		which = kind == SS_DIE_REROLL_TARGETING;
		if (g->next >= g->nroll) {
			if (g->rerolled[which] == 0)
				return dice_error(g, "%s showed %d, so --roll "
				    "needs its re-roll after the first two dice",
				    which ? "the targeting die" : "the human d10",
				    SS_REROLL_ON);
			return dice_error(g, "the re-roll of %s showed %d too, so "
			    "--roll needs one more re-roll", which ?
			    "the targeting die" : "the human d10", SS_REROLL_ON);
		}
		g->rerolled[which]++;
		return give(g, g->roll[g->next++], kind, sides, "--roll");
	case SS_DIE_SPREAD:
		return give(g, g->spread, kind, sides, "--spread-roll");
	case SS_DIE_COIN:
		return give(g, g->coin, kind, sides, "--coin heads|tails");
	case SS_DIE_INTERNAL:
		return give(g, g->internal, kind, sides, "--internal-roll");
	case SS_DIE_EXPLODE_ATT:
	case SS_DIE_EXPLODE_DEF:
		v = g->nextex < g->nexplosion ? g->explosion[g->nextex++] : 0;
		return give(g, v, kind, sides, "--explosion A,D");
	}
	return -1;
}

/* "4,5,10" into numbers; -1 on anything else. */
static int
parse_list(const char *s, int *v, int max)
{
	char *end;
	int n = 0;

	while (*s) {
		long x = strtol(s, &end, 10);

		if (end == s || n == max || x < -1000 || x > 1000)
			return -1;
		v[n++] = (int)x;
		s = end;
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
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

static void
report(struct report *rp, const struct ss_steps *st, const struct ss_shot *s,
    const struct ss_unit *def)
{
	int i, j;

	if (st->fired) {
		rp_f(rp, "{attacker:%s} fires", s->att->name);
		for (i = 0; i < st->nw; i++)
			rp_f(rp, "{_:%s} {_:%c}", i ? "," : "",
			    ss_row_letter[st->w[i].row]);
		rp_f(rp, " at {defender:%s}'s {facing:%s} from {range:%d} in\n",
		    def->name, ss_facing_name[st->facing], s->range);
	} else {
		rp_f(rp, "{~defender:%s}{~facing:%s}", def->name,
		    ss_facing_name[st->facing]);
	}
	if (st->fired) {
		rp_open(rp, "hit_roll", '{');
		/* The text shows each die with its re-rolls added on. */
		if (rp_json(rp)) {
			hit_roll(rp, st, s->att->die);
		} else {
			rp_f(rp, "hit roll: d{_:%d} {_:%d}", SS_HUMAN_DIE,
			    st->face[0]);
			for (j = 0; j < st->nreroll[0]; j++)
				rp_f(rp, "+{_:%d}", st->reroll[0][j]);
			rp_f(rp, " + d{_:%d} {_:%d}", s->att->die, st->face[1]);
			for (j = 0; j < st->nreroll[1]; j++)
				rp_f(rp, "+{_:%d}", st->reroll[1][j]);
		}
		rp_f(rp, "{~natural:%d}", st->face[0] + st->face[1]);
		if (st->spread_roll)
			rp_f(rp, " + spread d{_:%d} {spread_roll:%d}",
			    SS_SPREAD_DIE, st->spread_roll);
		else
			rp_f(rp, "{~spread_roll:%d}", 0);
		rp_f(rp, ", skill {skill:%+d}, range {range_modifier:%+d} = "
		    "{total:%d}\n", st->skill, st->range_mod, st->total);
		if (st->natural == SS_NAT_FLUB)
			rp_f(rp, "natural {_:%d}: a {natural_rule:%s}, whatever "
			    "the total\n", st->face[0] + st->face[1], "miss");
		else if (st->natural == SS_NAT_LUCKY)
			rp_f(rp, "natural {_:%d}: a {natural_rule:%s} with every "
			    "weapon\n", SS_LUCKY, "hit");
		else
			rp_f(rp, "{~natural_rule:%s}", NULL);
		rp_close(rp);
		rp_open(rp, "weapons", '[');
		for (i = 0; i < st->nw; i++) {
			const struct ss_weapon *w = ss_weapon_on(s->att,
			    st->w[i].row);

			rp_open(rp, NULL, '{');
			rp_f(rp, "  {row:%c}  {_:%2d}{_:%c}  dV {dv:%-3d} "
			    "{_:%s}{~hit:%b}{~damage:%d}\n",
			    ss_row_letter[st->w[i].row], w->damage, w->cls,
			    st->w[i].dv, st->w[i].hit ? "hit" : "miss",
			    st->w[i].hit, st->w[i].damage);
			rp_close(rp);
		}
		rp_close(rp);
		if (st->outcome == SS_MISS) {
			rp_f(rp, "outcome: {outcome:%s}\n",
			    ss_outcome_name[st->outcome]);
			return;
		}
		rp_open(rp, "damage", '{');
		rp_f(rp, "damage:");
		for (i = j = 0; i < st->nw; i++)
			if (st->w[i].hit)
				rp_f(rp, "{_:%s} {_:%d}", j++ ? " +" : "",
				    st->w[i].damage);
		rp_f(rp, " = {hits:%d}; coin {coin:%s}{_:%s}: {total:%d}\n",
		    st->base_damage, st->coin == 1 ? "heads" : "tails",
		    st->coin == 1 ? ", doubled" : "", st->damage);
		rp_close(rp);
	} else {
		rp_f(rp, "{_:%d} points on {_:%s}'s {_:%s}\n", st->damage,
		    def->name, ss_facing_name[st->facing]);
		rp_open(rp, "damage", '{');
		rp_f(rp, "{~hits:%d}{~coin:%s}{~total:%d}", st->base_damage,
		    NULL, st->damage);
		rp_close(rp);
	}
	rp_open(rp, "armor", '{');
	rp_f(rp, "armor {_:%s}: {before:%d} -> {after:%d}, ",
	    ss_facing_name[st->facing], st->armor_before, st->armor_after);
	rp_close(rp);
	rp_f(rp, "{internal:%d} internal\n", st->internal);
	rp_f(rp, "{~boxes:%d}{~dead:%b}{~internal_roll:%d}", st->boxes,
	    st->internal >= st->dead, st->chart_roll);
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

/* The options, for getopt_long and for shell completion. */
const struct option ss_resolve_opts[] = {
	{ "range", required_argument, NULL, 'r' },
	{ "facing", required_argument, NULL, 'f' },
	{ "roll", required_argument, NULL, 'R' },
	{ "spread", no_argument, NULL, 's' },
	{ "spread-roll", required_argument, NULL, 'S' },
	{ "point-blank", no_argument, NULL, 'p' },
	{ "weapons", required_argument, NULL, 'w' },
	{ "coin", required_argument, NULL, 'c' },
	{ "internal-roll", required_argument, NULL, 'i' },
	{ "explosion", required_argument, NULL, 'e' },
	{ "damage", required_argument, NULL, 'd' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
ss_resolve_run(int argc, char **argv)
{
	const struct ss_unit *att = NULL, *def = NULL;
	struct batch *b;
	struct report *rp;
	struct given g;
	struct ss_shot shot;
	struct ss_steps st;
	const char *facing = NULL, *rows = NULL;
	long range = -1, damage = -1;
	char *end;
	int c, json = 0, rc, i, n;

	memset(&g, 0, sizeof(g));
	memset(&shot, 0, sizeof(shot));
	g.dice.roll = given_roll;
	g.next = 2;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", ss_resolve_opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			if (!ss_arg_inches(optarg, &range))
				return usage_error(ss_resolve_usage, "--range '%s' "
				    "must be whole inches, 0 to %d", optarg,
				    SS_ARG_INCHES_MAX);
			break;
		case 'd':
			damage = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end || damage < 0 ||
			    damage > 100000)
				return usage_error(ss_resolve_usage, "--damage "
				    "'%s' must be whole points, 0 or more",
				    optarg);
			break;
		case 'f': facing = optarg; break;
		case 'R':
			if ((g.nroll = parse_list(optarg, g.roll, MAXROLLS)) < 2)
				return usage_error(ss_resolve_usage, "--roll '%s' "
				    "must be the two dice and any re-rolls, such "
				    "as 4,5", optarg);
			break;
		case 's': shot.spread = 1; break;
		case 'S':
			if (parse_list(optarg, &g.spread, 1) != 1)
				return usage_error(ss_resolve_usage,
				    "--spread-roll '%s' must be one d6 roll",
				    optarg);
			break;
		case 'p': shot.point_blank = 1; break;
		case 'w': rows = optarg; break;
		case 'c':
			if (strcmp(optarg, "heads") == 0)
				g.coin = 1;
			else if (strcmp(optarg, "tails") == 0)
				g.coin = 2;
			else
				return usage_error(ss_resolve_usage, "--coin '%s' "
				    "must be heads or tails", optarg);
			break;
		case 'i':
			if (parse_list(optarg, &g.internal, 1) != 1)
				return usage_error(ss_resolve_usage,
				    "--internal-roll '%s' must be one d6 roll",
				    optarg);
			break;
		case 'e':
			n = parse_list(optarg, g.explosion, 8);
			if (n < 2 || n % 2)
				return usage_error(ss_resolve_usage, "--explosion "
				    "'%s' must be pairs of d10 rolls, attacker "
				    "then defender, such as 5,4", optarg);
			g.nexplosion = n;
			break;
		case 'j': json = 1; break;
		case 'h': fputs(ss_resolve_usage, stdout); return 0;
		default: return usage_option(ss_resolve_usage, ss_resolve_opts, argv);
		}
	}
	if (facing == NULL)
		return usage_error(ss_resolve_usage, "resolve needs --facing "
		    "front, left, right or rear");
	if ((shot.facing = ss_arg_facing(facing)) < 0)
		return usage_error(ss_resolve_usage, "--facing '%s' must be "
		    "front, left, right or rear", facing);
	if (damage >= 0) {
		if (argc - optind != 1)
			return usage_error(ss_resolve_usage, "resolve --damage "
			    "needs one DEFENDER unit file");
	} else {
		if (argc - optind != 2)
			return usage_error(ss_resolve_usage, "resolve needs an "
			    "ATTACKER and a DEFENDER unit file (or --damage N "
			    "and a DEFENDER)");
		if (range < 0)
			return usage_error(ss_resolve_usage, "resolve needs "
			    "--range INCHES");
		if (g.nroll == 0)
			return usage_error(ss_resolve_usage, "resolve needs "
			    "--roll with the two dice rolled to hit, such as "
			    "4,5");
		if (shot.spread != (g.spread != 0))
			return usage_error(ss_resolve_usage, "spread fire needs "
			    "both --spread and --spread-roll D6");
		if (shot.point_blank && range >= SS_RANGE_STEP)
			return ss_point_blank_far(range);
	}
	if (rows && (shot.rows = ss_arg_rows(rows)) == 0)
		return usage_error(ss_resolve_usage, "--weapons '%s' must be rows "
		    "among E, M, B, I, S, such as M,I", rows);
	diag_init(0, stderr);
	b = batch_new();
	if (damage >= 0) {
		if ((rc = ss_load_unit(b, argv[optind], &def)) != 0)
			goto out;
		if (ss_resolve_damage(def, shot.facing, (int)damage, &g.dice,
		    &st) < 0)
			goto dice;
	} else {
		if ((rc = ss_load_unit(b, argv[optind], &att)) != 0 ||
		    (rc = ss_load_unit(b, argv[optind + 1], &def)) != 0)
			goto out;
		shot.att = att;
		shot.def = def;
		shot.range = (int)range;
		if (rows == NULL)
			for (i = 0; i < att->nweapons; i++)
				shot.rows |= 1u << att->weapon[i].row;
		if (!ss_shot_ok(&shot, argv[optind])) {
			rc = 2;
			goto out;
		}
		if (ss_resolve(&shot, &g.dice, &st) < 0)
			goto dice;
		if (g.next < g.nroll) {
			diag_at(L_FATAL, "shellshock.dice", NULL, 0, 0, "--roll "
			    "gives %d re-roll%s, but only %d %s needed",
			    g.nroll - 2, g.nroll == 3 ? "" : "s", g.next - 2,
			    g.next - 2 == 1 ? "was" : "were");
			goto dice;
		}
	}
	rp = rp_new(stdout, json);
	report(rp, &st, &shot, def);
	rp_end(rp);
	rc = 0;
	goto out;
dice:
	if (!g.failed && diag_count(L_FATAL) == 0)
		diag_at(L_FATAL, "shellshock.dice", NULL, 0, 0, "the shot needs "
		    "more re-rolls than muster follows (%d)", SS_MAX_REROLLS);
	diag_flush();
	rc = 2;
out:
	batch_free(b);
	return rc;
}
