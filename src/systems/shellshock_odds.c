/*
 * systems/shellshock_odds.c -- `muster odds shellshock`: the exact odds
 * of one gunner's shot (SPEC section 5), as text or JSON from one writer.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../usage.h"
#include "../diag.h"
#include "../report.h"
#include "../system.h"
#include "shellshock_game.h"

const char ss_odds_usage[] =
    "usage: muster odds shellshock ATTACKER.yaml DEFENDER.yaml --range IN\n"
    "                   --facing front|left|right|rear [--spread]\n"
    "                   [--point-blank] [--weapons ROWS] [--json]\n"
    "\n"
    "Exact chances of one gunner firing the attacker's weapons at the\n"
    "defender (basic rules): for each weapon the defender's dV, the roll\n"
    "needed after skill and range, and the chance to hit; then the damage\n"
    "the shot does (coin included), the chance of at least one internal\n"
    "box, and the chance it destroys the defender.\n"
    "\n"
    "  --range IN      distance in inches: -1 to the roll per full " STR(SS_RANGE_STEP) "\n"
    "  --facing F      the defender's side that is hit\n"
    "  --spread        spread fire: +1d6 to the roll, each weapon's damage\n"
    "                  halved (every weapon fired must be able to spread)\n"
    "  --point-blank   the target directly beside the firer (under " STR(SS_RANGE_STEP) " in):\n"
    "                  its dV halved on every row but P\n"
    "  --weapons ROWS  fire only these rows, such as M,I (default: all)\n"
    "  --json          one JSON object on stdout\n"
    "\n"
    "exit status: 0, 1 errors in a unit file, 2 usage error\n";

/* "2d10", "d10+d8": the human die and the targeting die. */
static const char *
dice_text(int die, char buf[32])
{
	if (die == SS_HUMAN_DIE)
		snprintf(buf, 32, "2d%d", die);
	else
		snprintf(buf, 32, "d%d+d%d", SS_HUMAN_DIE, die);
	return buf;
}

static void
report(struct report *rp, const struct ss_shot *s, const struct ss_odds *o)
{
	const struct ss_unit *a = s->att;
	char dice[32], weapon[16];
	int i, k;

	rp_f(rp, "{attacker:%s} fires at {defender:%s}'s {facing:%s} from "
	    "{range:%d} in: {dice:%s}{_:%s}, skill {skill:%+d}, range "
	    "{range_modifier:%+d}{_:%s}{~spread:%b}{~point_blank:%b}\n",
	    a->name, s->def->name, ss_facing_name[s->facing], s->range,
	    dice_text(a->die, dice), s->spread ? "+d6 (spread)" : "", a->skill,
	    ss_range_modifier(s->range), s->point_blank ? ", point blank" : "",
	    s->spread, s->point_blank);
	rp_f(rp, "  row  weapon   dV  needs   hit\n");
	rp_open(rp, "weapons", '[');
	for (i = 0; i < o->nw; i++) {
		const struct ss_weapon *w = ss_weapon_on(a, o->w[i].row);

		snprintf(weapon, sizeof(weapon), "%d%c", o->w[i].damage, w->cls);
		rp_open(rp, NULL, '{');
		rp_f(rp, "  {row:%c}    {weapon:%-6s} {~damage:%d}{dv:%4d}  "
		    "{need:%4d}+ {p_hit:%8.4P} %\n", ss_row_letter[o->w[i].row],
		    weapon, o->w[i].damage, o->w[i].dv, o->w[i].need,
		    o->w[i].p_hit);
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "  (needs: on the dice; a natural {_:%d} or {_:%d} misses: "
	    "{p_natural_miss:%.4P} %", SS_FLUB_LO, SS_FLUB_HI, o->p_flub);
	if (a->die == SS_REROLL_ON)
		rp_f(rp, "; a natural {_:%d} hits: {p_natural_hit:%.4P} %",
		    SS_LUCKY, o->p_lucky);
	else
		rp_f(rp, "{~p_natural_hit:%f}", o->p_lucky);
	rp_f(rp, ")\n");
	rp_open(rp, "damage", '{');
	rp_f(rp, "damage, one gunner firing all of these (coin included): "
	    "mean {mean:%.4f}\n", o->mean);
	rp_open(rp, "distribution", '[');
	for (k = o->damage.lo; k <= o->damage.hi; k++) {
		double p = dist_at(&o->damage, k);

		if (p <= 0)
			continue;
		rp_open(rp, NULL, '{');
		rp_f(rp, "  {damage:%4d} {p:%12.4P} %\n", k, p);
		rp_close(rp);
	}
	rp_close(rp);
	rp_close(rp);
	rp_f(rp, "{_:%-30s} {p_internal:%8.4P} %\n",
	    "at least one internal box", o->p_internal);
	rp_f(rp, "{_:%-30s} {p_destroyed:%8.4P} %\n", "destroyed",
	    o->p_destroyed);
}

/* The options, for getopt_long and for shell completion. */
const struct option ss_odds_opts[] = {
	{ "range", required_argument, NULL, 'r' },
	{ "facing", required_argument, NULL, 'f' },
	{ "spread", no_argument, NULL, 's' },
	{ "point-blank", no_argument, NULL, 'p' },
	{ "weapons", required_argument, NULL, 'w' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

int
ss_odds_run(int argc, char **argv)
{
	const struct ss_unit *att = NULL, *def = NULL;
	struct batch *b;
	struct report *rp;
	struct ss_shot shot;
	struct ss_odds o;
	int c, json = 0, rc, i;
	long range = -1;
	const char *facing = NULL, *rows = NULL;

	memset(&shot, 0, sizeof(shot));
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", ss_odds_opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			if (!ss_arg_inches(optarg, &range))
				return usage_error(ss_odds_usage, "--range '%s' "
				    "must be whole inches, 0 to %d", optarg,
				    SS_ARG_INCHES_MAX);
			break;
		case 'f': facing = optarg; break;
		case 's': shot.spread = 1; break;
		case 'p': shot.point_blank = 1; break;
		case 'w': rows = optarg; break;
		case 'j': json = 1; break;
		case 'h': fputs(ss_odds_usage, stdout); return 0;
		default: return usage_option(ss_odds_usage, ss_odds_opts, argv);
		}
	}
	if (argc - optind != 2)
		return usage_error(ss_odds_usage, "odds shellshock needs an "
		    "ATTACKER and a DEFENDER unit file");
	if (range < 0)
		return usage_error(ss_odds_usage, "odds shellshock needs --range "
		    "INCHES");
	if (facing == NULL)
		return usage_error(ss_odds_usage, "odds shellshock needs --facing "
		    "front, left, right or rear");
	if ((shot.facing = ss_arg_facing(facing)) < 0)
		return usage_error(ss_odds_usage, "--facing '%s' must be front, "
		    "left, right or rear", facing);
	if (shot.point_blank && range >= SS_RANGE_STEP)
		return ss_point_blank_far(range);
	if (rows && (shot.rows = ss_arg_rows(rows)) == 0)
		return usage_error(ss_odds_usage, "--weapons '%s' must be rows "
		    "among E, M, B, I, S, such as M,I", rows);
	shot.range = (int)range;
	diag_init(0, stderr);
	b = batch_new();
	if ((rc = ss_load_unit(b, argv[optind], &att)) != 0 ||
	    (rc = ss_load_unit(b, argv[optind + 1], &def)) != 0)
		goto out;
	shot.att = att;
	shot.def = def;
	/* Without --weapons every weapon the attacker has fires. */
	if (rows == NULL)
		for (i = 0; i < att->nweapons; i++)
			shot.rows |= 1u << att->weapon[i].row;
	if (!ss_shot_ok(&shot, argv[optind])) {
		rc = 2;
		goto out;
	}
	ss_odds(&shot, &o);
	rp = rp_new(stdout, json);
	report(rp, &shot, &o);
	rp_end(rp);
	ss_odds_free(&o);
	rc = 0;
out:
	batch_free(b);
	return rc;
}
