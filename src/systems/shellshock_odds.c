/*
 * systems/shellshock_odds.c -- `muster odds shellshock`: the exact odds
 * of one gunner's shot (SPEC section 5), as text or JSON from one writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../usage.h"
#include "../diag.h"
#include "../options.h"
#include "../report.h"
#include "../system.h"
#include "shellshock_game.h"

const char ss_odds_usage[] =
    "usage: muster odds shellshock ATTACKER.yaml DEFENDER.yaml --range IN\n"
    "                   --facing F [--spread[=N]] [--point-blank]\n"
    "                   [--weapons LIST] [--gunner ID] [--json]\n"
    "\n"
    "Exact chances of one gunner firing the attacker's weapons at the\n"
    "defender.  Two basic cards fight by the basic rules: for each weapon\n"
    "the defender's dV, the roll needed after skill and range, and the\n"
    "chance to hit; then the damage the shot does (coin included), the\n"
    "chance of at least one internal box, and the chance it destroys the\n"
    "defender.  A record sheet on either side brings the advanced rules:\n"
    "a natural 2, 3 or 4 misses, -1 per full " STR(SSA_RANGE_STEP) " in, the weapon table's\n"
    "Dam, Sh and Pen dice, the internal % boxes, and a second natural 20\n"
    "destroys.\n"
    "\n";

static void
report_weapons(struct report *rp, const struct ss_shot *s,
    const struct ss_odds *o)
{
	char weapon[16];
	int i;

	rp_f(rp, "  row  weapon   dV  needs   hit\n");
	rp_open(rp, "weapons", '[');
	for (i = 0; i < o->nw; i++) {
		const struct ss_weapon *w = ss_weapon_on(s->att, o->w[i].row);

		snprintf(weapon, sizeof(weapon), "%d%c", o->w[i].damage, w->cls);
		rp_open(rp, NULL, '{');
		rp_f(rp, "  {row:%c}    {weapon:%-6s} {~damage:%d}{dv:%4d}  "
		    "{need:%4d}+ {p_hit:%8.4Q} %\n", ss_row_letter[o->w[i].row],
		    weapon, o->w[i].damage, o->w[i].dv, o->w[i].need,
		    o->w[i].p_hit);
		rp_close(rp);
	}
	rp_close(rp);
}

static void
report(struct report *rp, const struct ss_shot *s, const struct ss_odds *o)
{
	const struct ss_unit *a = s->att;
	char dice[32];
	int k;

	rp_f(rp, "{attacker:%s} fires at {defender:%s}'s {facing:%s} from "
	    "{range:%d} in: {dice:%s}{_:%s}, skill {skill:%+d}, range "
	    "{range_modifier:%+d}{_:%s}{~spread:%b}{~point_blank:%b}\n",
	    a->name, s->def->name, ss_facing_name[s->facing], s->range,
	    ss_dice_text(a->die, dice), s->spread ? "+d6 (spread)" : "", a->skill,
	    ss_range_modifier(s->range), s->point_blank ? ", point blank" : "",
	    s->spread, s->point_blank);
	report_weapons(rp, s, o);
	rp_f(rp, "  (needs: on the dice; a natural {_:%d} or {_:%d} misses: "
	    "{p_natural_miss:%.4Q} %", SS_FLUB_LO, SS_FLUB_HI, o->p_flub);
	if (a->die == SS_REROLL_ON)
		rp_f(rp, "; a natural {_:%d} hits: {p_natural_hit:%.4Q} %",
		    SS_LUCKY, o->p_lucky);
	else
		rp_f(rp, "{~p_natural_hit:%Q}", o->p_lucky);
	rp_f(rp, ")\n");
	rp_open(rp, "damage", '{');
	rp_f(rp, "damage, one gunner firing all of these (coin included): "
	    "mean {mean:%.4R}\n", o->mean);
	rp_open(rp, "distribution", '[');
	for (k = 0; k <= o->damage_hi; k++) {
		if (o->damage[k].v <= 0)
			continue;
		rp_open(rp, NULL, '{');
		rp_f(rp, "  {damage:%4d} {p:%12.4Q} %\n", k, o->damage[k]);
		rp_close(rp);
	}
	rp_close(rp);
	rp_close(rp);
	rp_f(rp, "{_:%-30s} {p_internal:%8.4Q} %\n",
	    "at least one internal box", o->p_internal);
	rp_f(rp, "{_:%-30s} {p_destroyed:%8.4Q} %\n", "destroyed",
	    o->p_destroyed);
}

/* odds and resolve --facing: the side of the defender that is hit, or a
 * sheet's penetration angle (ss_arg_angle); for completion. */
const char *const ss_facing_words[] = {
	"front", "right", "left", "rear", "front_right", "rear_right",
	"rear_left", "front_left", NULL
};

/* What odds's command line says, before it is read. */
struct odds_args {
	struct ss_shot_args shot;
	int json;
};

/* The options: parsing, --help, completion and the manual's check. */
#define O_ struct odds_args
static const struct opt odds_rows[] = {
	OPT_STRING_(0, "range", O_, shot.range, "IN",
	    "distance in inches: -1 to the roll per full " STR(SS_RANGE_STEP)
	    "\n(cards) or " STR(SSA_RANGE_STEP) " (sheets)", NULL, OPT_C_NONE),
	OPT_STRING_(0, "facing", O_, shot.facing, "F",
	    "the defender's side that is hit: front, left, right,\n"
	    "rear; a sheet's penetration angle: front, front_right,\n"
	    "rear_right, rear, rear_left, front_left", ss_facing_words,
	    OPT_C_NONE),
	OPT_OPTARG_(0, "spread", O_, shot.spread, "N",
	    "spread fire: cards +1d6 to the roll, each weapon's\n"
	    "damage halved; sheets N d6 (default 1) to the roll,\n"
	    "N dice off each weapon's Dam, Sh and Pen\n"
	    "(every weapon fired must be able to spread)", "1"),
	OPT_FLAG_(0, "point-blank", O_, shot.point_blank, 1,
	    "the target beside the firer: cards under " STR(SS_RANGE_STEP)
	    " in, dV\nhalved but P; sheets " STR(SSA_POINT_BLANK_MAX)
	    " in or less, dV halved but M, P"),
	OPT_STRING_(0, "weapons", O_, shot.weapons, "LIST",
	    "a card's rows, such as M,I; a sheet's weapons by\n"
	    "number in its table or name, such as 1,2\n"
	    "(default: all the gunner can fire)", NULL, OPT_C_NONE),
	OPT_STRING_(0, "gunner", O_, shot.gunner, "ID",
	    "the sheet's crewman who fires, such as G1 (default:\n"
	    "the one who fires the first weapon in its table)", NULL,
	    OPT_C_NONE),
	OPT_FLAG_(0, "json", O_, json, 1,
	    "one JSON object on stdout; every probability exact\n"
	    "(\"KEY_exact\": \"p/q\") where it fits in 64 bits"),
	OPT_ROW_END
};
#undef O_

const struct cmd_opts ss_odds_options = {
	ss_odds_usage, odds_rows, 18,
	"\n"
	"exit status: 0, 1 errors in a unit file, 2 usage error\n"
};

/* The basic rules: two cards. */
static int
odds_basic(const struct ss_side *att, const struct ss_side *def,
    const struct ss_pick *pk, int json)
{
	struct ss_shot shot;
	struct ss_odds o;
	struct report *rp;
	int i;

	if (pk->gunner || pk->spread > 1)
		return usage_error(ss_odds_usage, "%s is for the advanced rules: "
		    "two basic cards fight by the basic ones", pk->gunner ?
		    "--gunner" : "--spread=N");
	memset(&shot, 0, sizeof(shot));
	shot.att = att->card;
	shot.def = def->card;
	shot.facing = pk->facing;
	shot.range = pk->range;
	shot.spread = pk->spread;
	shot.point_blank = pk->point_blank;
	if (pk->weapons && (shot.rows = ss_arg_rows(pk->weapons)) == 0)
		return usage_error(ss_odds_usage, "--weapons '%s' must be rows "
		    "among E, M, B, I, S, such as M,I", pk->weapons);
	/* Without --weapons every weapon the attacker has fires. */
	for (i = 0; !pk->weapons && i < shot.att->nweapons; i++)
		shot.rows |= 1u << shot.att->weapon[i].row;
	if (!ss_shot_ok(&shot, att->path))
		return 2;
	ss_odds(&shot, &o);
	rp = rp_new(stdout, json);
	report(rp, &shot, &o);
	rp_end(rp);
	ss_odds_free(&o);
	return 0;
}

/* The advanced rules: a sheet on either side. */
static int
odds_advanced(struct ss_side *att, struct ss_side *def,
    const struct ss_pick *pk, int json)
{
	struct ssa_shot shot;
	struct ssa_odds o;
	struct report *rp;
	const char *gunner;
	int rc;

	char err[256];

	if ((rc = ss_adv_shot(att, def, pk, &shot, &gunner)) != 0)
		return rc;
	if (!ssa_odds_check(&shot, err, sizeof(err))) {
		diag_at(L_FATAL, "shellshock.shot", att->path, 0, 0, "%s", err);
		diag_flush();
		return 2;
	}
	ssa_odds(&shot, &o);
	rp = rp_new(stdout, json);
	ss_adv_odds_report(rp, &shot, gunner, &o);
	rp_end(rp);
	return 0;
}

int
ss_shot_read(const char *usage, const struct ss_shot_args *sa,
    struct ss_pick *pk, long *range)
{
	long n = 1;

	if (sa->range && !ss_arg_inches(sa->range, range))
		return usage_error(usage, "--range '%s' must be whole inches, "
		    "0 to %d", sa->range, SS_ARG_INCHES_MAX);
	if (sa->spread && !opt_whole(sa->spread, 1, SSA_SPREAD_MAX, &n))
		return usage_error(usage, "--spread=%s must be the spread d6s, "
		    "1 to %d", sa->spread, SSA_SPREAD_MAX);
	pk->spread = sa->spread ? (int)n : 0;
	pk->point_blank = sa->point_blank;
	pk->weapons = sa->weapons;
	pk->gunner = sa->gunner;
	return 0;
}

int
ss_shot_finish(const char *usage, struct ss_pick *pk, long range,
    const char *facing)
{
	if (range < 0)
		return usage_error(usage, "the shot needs --range INCHES");
	if (facing == NULL)
		return usage_error(usage, "the shot needs --facing front, left, "
		    "right or rear (a sheet's: front_left, rear_right ...)");
	if (!ss_arg_angle(facing, &pk->facing, &pk->angle))
		return usage_error(usage, "--facing '%s' must be front, left, "
		    "right or rear, or one of a sheet's angles front_right, "
		    "rear_right, rear_left, front_left", facing);
	if (pk->point_blank && range >= SS_RANGE_STEP)
		return ss_point_blank_far(range);
	pk->range = (int)range;
	return 0;
}

int
ss_odds_run(int argc, char **argv)
{
	struct ss_side *side;
	struct odds_args oa;
	struct ss_pick pk;
	struct batch *b;
	int rc;
	long range = -1;

	memset(&oa, 0, sizeof(oa));
	memset(&pk, 0, sizeof(pk));
	if ((rc = opt_parse(&ss_odds_options, argc, argv, &oa)) >= 0)
		return rc;
	if ((rc = ss_shot_read(ss_odds_usage, &oa.shot, &pk, &range)) != 0)
		return rc;
	if (argc - optind != 2)
		return usage_error(ss_odds_usage, "odds shellshock needs an "
		    "ATTACKER and a DEFENDER unit file");
	if ((rc = ss_shot_finish(ss_odds_usage, &pk, range,
	    oa.shot.facing)) != 0)
		return rc;
	diag_init(0, stderr);
	side = xcalloc(2, sizeof(*side));
	b = batch_new();
	if ((rc = ss_load_side(b, argv[optind], &side[0])) == 0 &&
	    (rc = ss_load_side(b, argv[optind + 1], &side[1])) == 0)
		rc = side[0].card && side[1].card ?
		    odds_basic(&side[0], &side[1], &pk, oa.json) :
		    odds_advanced(&side[0], &side[1], &pk, oa.json);
	batch_free(b);
	free(side);
	return rc;
}
