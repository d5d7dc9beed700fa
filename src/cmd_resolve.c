/*
 * cmd_resolve.c -- muster resolve: one gunner's shot with the dice a
 * player rolled, step by step, so that a table can check its arithmetic
 * (SPEC section 5).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "cmd.h"
#include "diag.h"
#include "rules/shellshock.h"
#include "util.h"

const char usage_resolve[] =
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
    "                    of each 10 in order (the human d10's first)\n"
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
	int spread, coin, internal;
	int explosion[8], nexplosion, nextex;
	char err[256];
};

static const char *const die_name[] = {
	"the human d10", "the targeting die", "a re-roll", "a re-roll",
	"the spread d6", "the coin", "the internal roll", "the explosion roll",
	"the explosion roll"
};

static int
give(struct given *g, int v, enum ss_die kind, int sides, const char *opt)
{
	if (v == 0) {
		snprintf(g->err, sizeof(g->err), "the shot needs %s: give %s",
		    die_name[kind], opt);
		return -1;
	}
	if (v < 1 || v > sides) {
		snprintf(g->err, sizeof(g->err), "%s %d is not a roll of %s: a "
		    "d%d shows 1 to %d", opt, v, die_name[kind], sides, sides);
		return -1;
	}
	return v;
}

static int
given_roll(struct ss_dice *d, enum ss_die kind, int sides)
{
	struct given *g = (struct given *)d;
	int v;

	switch (kind) {
	case SS_DIE_HUMAN:
		return give(g, g->nroll > 0 ? g->roll[0] : 0, kind, sides,
		    "--roll");
	case SS_DIE_TARGETING:
		return give(g, g->nroll > 1 ? g->roll[1] : 0, kind, sides,
		    "--roll");
	case SS_DIE_REROLL_HUMAN:
	case SS_DIE_REROLL_TARGETING:
		if (g->next >= g->nroll) {
			snprintf(g->err, sizeof(g->err), "%s showed 10, so "
			    "--roll needs its re-roll after the first two "
			    "dice", kind == SS_DIE_REROLL_HUMAN ?
			    "the human d10" : "the targeting die");
			return -1;
		}
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

static const char *const chart_word[7] = {
	"", "s (secondary weapons)", "m (mobility)", "p (primary weapons)",
	"F (fuel)", "A (ammo)", "C (crew)"
};

static void
steps_text(const struct ss_steps *st, const struct ss_shot *s,
    const struct ss_unit *def)
{
	int i, j;

	if (st->fired) {
		printf("%s fires", s->att->name);
		for (i = 0; i < st->nw; i++)
			printf("%s %c", i ? "," : "", ss_row_letter[st->w[i].row]);
		printf(" at %s's %s from %d in\n", def->name,
		    ss_facing_name[st->facing], s->range);
		printf("hit roll: d10 %d", st->face[0]);
		for (j = 0; j < st->nreroll[0]; j++)
			printf("+%d", st->reroll[0][j]);
		printf(" + d%d %d", s->att->die, st->face[1]);
		for (j = 0; j < st->nreroll[1]; j++)
			printf("+%d", st->reroll[1][j]);
		if (st->spread_roll)
			printf(" + spread d6 %d", st->spread_roll);
		printf(", skill %+d, range %+d = %d\n", st->skill,
		    st->range_mod, st->total);
		if (st->natural == SS_NAT_FLUB)
			printf("natural %d: a miss, whatever the total\n",
			    st->face[0] + st->face[1]);
		else if (st->natural == SS_NAT_LUCKY)
			printf("natural 20: a hit with every weapon\n");
		for (i = 0; i < st->nw; i++)
			printf("  %c  %2d%c  dV %-3d %s\n",
			    ss_row_letter[st->w[i].row],
			    ss_weapon_on(s->att, st->w[i].row)->damage,
			    ss_weapon_on(s->att, st->w[i].row)->cls,
			    st->w[i].dv, st->w[i].hit ? "hit" : "miss");
		if (st->outcome == SS_MISS) {
			printf("outcome: miss\n");
			return;
		}
		printf("damage:");
		for (i = j = 0; i < st->nw; i++)
			if (st->w[i].hit)
				printf("%s %d", j++ ? " +" : "", st->w[i].damage);
		printf(" = %d; coin %s: %d\n", st->base_damage,
		    st->coin == 1 ? "heads, doubled" : "tails", st->damage);
	} else {
		printf("%d points on %s's %s\n", st->damage, def->name,
		    ss_facing_name[st->facing]);
	}
	printf("armor %s: %d -> %d, %d internal\n", ss_facing_name[st->facing],
	    st->armor_before, st->armor_after, st->internal);
	if (st->internal >= st->dead) {
		printf("internal: %d points, %d or more: dead\n", st->internal,
		    st->dead);
	} else if (st->internal > 0 && st->boxes == 0) {
		printf("internal: %d point%s, below the first band (%d-%d): "
		    "no box\n", st->internal, st->internal == 1 ? "" : "s",
		    def->band[0][0], def->band[0][1]);
	} else if (st->boxes > 0) {
		printf("internal: %d points, band %d-%d: %d box%s\n",
		    st->internal, def->band[st->boxes - 1][0],
		    def->band[st->boxes - 1][1], st->boxes,
		    st->boxes == 1 ? "" : "es");
		printf("internal roll %d marks", st->chart_roll);
		for (i = 0; i < st->nmarked; i++)
			printf("%s %d %s", i ? "," : "", st->marked[i],
			    chart_word[st->marked[i]]);
		printf("\n");
	}
	for (i = 0; i < st->nex; i++)
		printf("%s hit: sympathetic explosion, attacker %d against "
		    "defender %d: %s\n", st->ex[i].chart == 4 ? "fuel" : "ammo",
		    st->ex[i].att, st->ex[i].def, st->ex[i].exploded ?
		    "it explodes" : "it holds");
	printf("outcome: %s", ss_outcome_name[st->outcome]);
	if (st->cause)
		printf(" (%s)", strcmp(st->cause, "dead") == 0 ?
		    "internal damage at the dead threshold" :
		    strcmp(st->cause, "crew") == 0 ? "crew killed" :
		    strcmp(st->cause, "fuel") == 0 ? "fuel explosion" :
		    "ammo explosion");
	printf("\n");
}

static void
steps_json(const struct ss_steps *st, const struct ss_shot *s,
    const struct ss_unit *def)
{
	struct sbuf sb = SBUF_INIT;
	int i, j;

	sb_adds(&sb, "{");
	if (st->fired) {
		sb_adds(&sb, "\"attacker\": ");
		sb_json(&sb, s->att->name);
		sb_adds(&sb, ", ");
	}
	sb_adds(&sb, "\"defender\": ");
	sb_json(&sb, def->name);
	sb_addf(&sb, ", \"facing\": \"%s\"", ss_facing_name[st->facing]);
	if (st->fired) {
		sb_addf(&sb, ", \"range\": %d,\n \"hit_roll\": {\"dice\": "
		    "[%d, %d], \"rerolls\": [[", s->range, st->face[0],
		    st->face[1]);
		for (j = 0; j < st->nreroll[0]; j++)
			sb_addf(&sb, "%s%d", j ? ", " : "", st->reroll[0][j]);
		sb_adds(&sb, "], [");
		for (j = 0; j < st->nreroll[1]; j++)
			sb_addf(&sb, "%s%d", j ? ", " : "", st->reroll[1][j]);
		sb_addf(&sb, "]], \"natural\": %d, \"spread_roll\": %d, "
		    "\"skill\": %d, \"range_modifier\": %d, \"total\": %d, "
		    "\"natural_rule\": %s},\n \"weapons\": [",
		    st->face[0] + st->face[1], st->spread_roll, st->skill,
		    st->range_mod, st->total, st->natural == SS_NAT_FLUB ?
		    "\"miss\"" : st->natural == SS_NAT_LUCKY ? "\"hit\"" :
		    "null");
		for (i = 0; i < st->nw; i++)
			sb_addf(&sb, "%s{\"row\": \"%c\", \"dv\": %d, \"hit\": "
			    "%s, \"damage\": %d}", i ? ", " : "",
			    ss_row_letter[st->w[i].row], st->w[i].dv,
			    st->w[i].hit ? "true" : "false", st->w[i].damage);
		sb_adds(&sb, "]");
	}
	if (st->outcome != SS_MISS) {
		sb_addf(&sb, ",\n \"damage\": {\"hits\": %d, \"coin\": %s, "
		    "\"total\": %d},\n \"armor\": {\"before\": %d, \"after\": "
		    "%d},\n \"internal\": %d, \"boxes\": %d, \"dead\": %s, "
		    "\"internal_roll\": %d, \"chart\": [", st->base_damage,
		    st->coin == 1 ? "\"heads\"" : st->coin == 2 ? "\"tails\"" :
		    "null", st->damage, st->armor_before, st->armor_after,
		    st->internal, st->boxes, st->internal >= st->dead ?
		    "true" : "false", st->chart_roll);
		for (i = 0; i < st->nmarked; i++)
			sb_addf(&sb, "%s\"%c\"", i ? ", " : "",
			    ss_chart_letter[st->marked[i]]);
		sb_adds(&sb, "], \"explosions\": [");
		for (i = 0; i < st->nex; i++)
			sb_addf(&sb, "%s{\"hit\": \"%c\", \"attacker\": %d, "
			    "\"defender\": %d, \"exploded\": %s}", i ? ", " : "",
			    ss_chart_letter[st->ex[i].chart], st->ex[i].att,
			    st->ex[i].def, st->ex[i].exploded ? "true" : "false");
		sb_adds(&sb, "]");
	}
	sb_adds(&sb, ",\n \"outcome\": ");
	sb_json(&sb, ss_outcome_name[st->outcome]);
	sb_adds(&sb, "}\n");
	fputs(sb.buf, stdout);
	sb_release(&sb);
}

static int
resolve_shellshock(int argc, char **argv)
{
	static const struct option opts[] = {
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
	const struct ss_unit *att = NULL, *def = NULL;
	struct arena *a1 = NULL, *a2 = NULL;
	struct given g;
	struct ss_shot shot;
	struct ss_steps st;
	const char *facing = NULL, *rows = NULL;
	long range = -1, damage = -1;
	char *end, err[256];
	int c, json = 0, rc, i, n;

	memset(&g, 0, sizeof(g));
	memset(&shot, 0, sizeof(shot));
	g.dice.roll = given_roll;
	g.next = 2;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			if (!parse_inches(optarg, &range))
				return usage_error(usage_resolve, "--range '%s' "
				    "must be whole inches, 0 or more", optarg);
			break;
		case 'd':
			damage = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end || damage < 0 ||
			    damage > 100000)
				return usage_error(usage_resolve, "--damage '%s' "
				    "must be whole points, 0 or more", optarg);
			break;
		case 'f': facing = optarg; break;
		case 'R':
			if ((g.nroll = parse_list(optarg, g.roll, MAXROLLS)) < 2)
				return usage_error(usage_resolve, "--roll '%s' "
				    "must be the two dice and any re-rolls, such "
				    "as 4,5", optarg);
			break;
		case 's': shot.spread = 1; break;
		case 'S':
			if (parse_list(optarg, &g.spread, 1) != 1)
				return usage_error(usage_resolve, "--spread-roll "
				    "'%s' must be one d6 roll", optarg);
			break;
		case 'p': shot.point_blank = 1; break;
		case 'w': rows = optarg; break;
		case 'c':
			if (strcmp(optarg, "heads") == 0)
				g.coin = 1;
			else if (strcmp(optarg, "tails") == 0)
				g.coin = 2;
			else
				return usage_error(usage_resolve, "--coin '%s' "
				    "must be heads or tails", optarg);
			break;
		case 'i':
			if (parse_list(optarg, &g.internal, 1) != 1)
				return usage_error(usage_resolve, "--internal-roll "
				    "'%s' must be one d6 roll", optarg);
			break;
		case 'e':
			n = parse_list(optarg, g.explosion, 8);
			if (n < 2 || n % 2)
				return usage_error(usage_resolve, "--explosion "
				    "'%s' must be pairs of d10 rolls, attacker "
				    "then defender, such as 5,4", optarg);
			g.nexplosion = n;
			break;
		case 'j': json = 1; break;
		case 'h': fputs(usage_resolve, stdout); return 0;
		default: fputs(usage_resolve, stderr); return 2;
		}
	}
	if (facing == NULL)
		return usage_error(usage_resolve, "resolve needs --facing front, "
		    "left, right or rear");
	if ((shot.facing = parse_facing(facing)) < 0)
		return usage_error(usage_resolve, "--facing '%s' must be front, "
		    "left, right or rear", facing);
	if (damage >= 0) {
		if (argc - optind != 1)
			return usage_error(usage_resolve, "resolve --damage "
			    "needs one DEFENDER unit file");
	} else {
		if (argc - optind != 2)
			return usage_error(usage_resolve, "resolve needs an "
			    "ATTACKER and a DEFENDER unit file (or --damage N "
			    "and a DEFENDER)");
		if (range < 0)
			return usage_error(usage_resolve, "resolve needs --range "
			    "INCHES");
		if (g.nroll == 0)
			return usage_error(usage_resolve, "resolve needs --roll "
			    "with the two dice rolled to hit, such as 4,5");
		if (shot.spread != (g.spread != 0))
			return usage_error(usage_resolve, "spread fire needs "
			    "both --spread and --spread-roll D6");
	}
	if (rows && (shot.rows = parse_rows(rows)) == 0)
		return usage_error(usage_resolve, "--weapons '%s' must be rows "
		    "among E, M, B, I, S, such as M,I", rows);
	diag_init(0, stderr);
	a1 = arena_new();
	a2 = arena_new();
	if (damage >= 0) {
		if ((rc = load_unit(argv[optind], a2, &def)) != 0)
			goto out;
		if (ss_resolve_damage(def, shot.facing, (int)damage, &g.dice,
		    &st) < 0) {
			fprintf(stderr, "muster: %s\n", g.err);
			rc = 2;
			goto out;
		}
	} else {
		if ((rc = load_unit(argv[optind], a1, &att)) != 0 ||
		    (rc = load_unit(argv[optind + 1], a2, &def)) != 0)
			goto out;
		shot.att = att;
		shot.def = def;
		shot.range = (int)range;
		if (rows == NULL)
			for (i = 0; i < att->nweapons; i++)
				shot.rows |= 1u << att->weapon[i].row;
		if (!ss_shot_check(&shot, err, sizeof(err))) {
			fprintf(stderr, "muster: %s\n", err);
			rc = 2;
			goto out;
		}
		if (ss_resolve(&shot, &g.dice, &st) < 0) {
			fprintf(stderr, "muster: %s\n", g.err);
			rc = 2;
			goto out;
		}
		if (g.next < g.nroll) {
			fprintf(stderr, "muster: --roll gives %d re-roll%s, but "
			    "only %d die showed 10\n", g.nroll - 2,
			    g.nroll == 3 ? "" : "s", g.next - 2);
			rc = 2;
			goto out;
		}
	}
	if (json)
		steps_json(&st, &shot, def);
	else
		steps_text(&st, &shot, def);
	rc = 0;
out:
	arena_free(a1);
	arena_free(a2);
	return rc;
}

int
cmd_resolve(int argc, char **argv)
{
	if (argc < 2)
		return usage_error(usage_resolve, "resolve needs a system: "
		    "shellshock");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(usage_resolve, stdout);
		return 0;
	}
	if (strcmp(argv[1], "shellshock") == 0)
		return resolve_shellshock(argc - 1, argv + 1);
	return usage_error(usage_resolve, "resolve knows no system '%s'; use "
	    "shellshock", argv[1]);
}
