/*
 * cmd_odds.c -- muster odds: exact probabilities (SPEC section 5), and
 * what odds and resolve share: loading a unit and reading a facing.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "cmd.h"
#include "diag.h"
#include "rules/shellshock.h"
#include "system.h"
#include "systems/shellshock_card.h"
#include "util.h"

const char usage_odds[] =
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
    "  --range IN      distance in inches: -1 to the roll per full 10\n"
    "  --facing F      the defender's side that is hit\n"
    "  --spread        spread fire: +1d6 to the roll, each weapon's damage\n"
    "                  halved (every weapon fired must be able to spread)\n"
    "  --point-blank   the defender's dV halved on every row but P\n"
    "  --weapons ROWS  fire only these rows, such as M,I (default: all)\n"
    "  --json          one JSON object on stdout\n"
    "\n"
    "exit status: 0, 1 errors in a unit file, 2 usage error\n";

int
parse_facing(const char *s)
{
	int i;

	for (i = 0; i < SS_NFACINGS; i++)
		if (strcmp(s, ss_facing_name[i]) == 0)
			return i;
	if (strcmp(s, "back") == 0)
		return SS_FACE_REAR;
	return -1;
}

/* "M,I" or "MI" to a set of rows; 0 when a letter is not E M B I S. */
unsigned
parse_rows(const char *s)
{
	unsigned rows = 0;
	const char *p;

	for (; *s; s++) {
		if (*s == ',' || *s == ' ')
			continue;
		p = strchr("EMBIS", *s);
		if (p == NULL || *s == '\0')
			return 0;
		rows |= 1u << (strchr(ss_row_letter, *s) - ss_row_letter);
	}
	return rows;
}

int
load_unit(const char *path, struct arena *a, const struct ss_unit **out)
{
	struct loaded ld;

	if (system_read_one(path, a, NULL, &ld) < 0) {
		diag_flush();
		return diag_exit_status(0) ? diag_exit_status(0) : 1;
	}
	diag_flush();
	if (strcmp(ld.sys->name, "shellshock") != 0 ||
	    strcmp(ld.sys->kind, "card") != 0) {
		fprintf(stderr, "muster: %s is a %s %s, not a shellshock card\n",
		    path, ld.sys->name, ld.sys->kind);
		return 2;
	}
	*out = &((const struct ss_card *)ld.obj)->u;
	return 0;
}

static void
print_pct(const char *label, double p)
{
	printf("%-30s %8.4f %%\n", label, 100 * p);
}

static void
odds_text(const struct ss_shot *s, const struct ss_odds *o)
{
	const struct ss_unit *a = s->att;
	int i, k;

	printf("%s fires at %s's %s from %d in: %s%s, skill %+d, range %+d%s\n",
	    a->name, s->def->name, ss_facing_name[s->facing], s->range,
	    a->die == 10 ? "2d10" : a->die == 8 ? "d10+d8" : "d10+d6",
	    s->spread ? "+d6 (spread)" : "", a->skill,
	    ss_range_modifier(s->range), s->point_blank ? ", point blank" : "");
	printf("  row  weapon   dV  needs   hit\n");
	for (i = 0; i < o->nw; i++) {
		const struct ss_weapon *w = ss_weapon_on(a, o->w[i].row);
		char weapon[16];

		snprintf(weapon, sizeof(weapon), "%d%c", o->w[i].damage, w->cls);
		printf("  %c    %-6s %4d  %4d+ %8.4f %%\n",
		    ss_row_letter[o->w[i].row], weapon, o->w[i].dv,
		    o->w[i].need, 100 * o->w[i].p_hit);
	}
	printf("  (needs: on the dice; a natural 2 or 3 misses: %.4f %%",
	    100 * o->p_flub);
	if (a->die == 10)
		printf("; a natural 20 hits: %.4f %%", 100 * o->p_lucky);
	printf(")\n");
	printf("damage, one gunner firing all of these (coin included): "
	    "mean %.4f\n", o->mean);
	for (k = o->damage.lo; k <= o->damage.hi; k++) {
		double p = dist_at(&o->damage, k);

		if (p > 0)
			printf("  %4d %12.4f %%\n", k, 100 * p);
	}
	print_pct("at least one internal box", o->p_internal);
	print_pct("destroyed", o->p_destroyed);
}

static void
odds_json(const struct ss_shot *s, const struct ss_odds *o)
{
	struct sbuf sb = SBUF_INIT;
	int i, k, first = 1;

	sb_adds(&sb, "{\"attacker\": ");
	sb_json(&sb, s->att->name);
	sb_adds(&sb, ", \"defender\": ");
	sb_json(&sb, s->def->name);
	sb_addf(&sb, ", \"facing\": \"%s\", \"range\": %d, \"range_modifier\": "
	    "%d, \"skill\": %d, \"spread\": %s, \"point_blank\": %s,\n"
	    " \"weapons\": [", ss_facing_name[s->facing], s->range,
	    ss_range_modifier(s->range), s->att->skill,
	    s->spread ? "true" : "false", s->point_blank ? "true" : "false");
	for (i = 0; i < o->nw; i++)
		sb_addf(&sb, "%s{\"row\": \"%c\", \"damage\": %d, \"dv\": %d, "
		    "\"need\": %d, \"p_hit\": %.6f}", i ? ", " : "",
		    ss_row_letter[o->w[i].row], o->w[i].damage, o->w[i].dv,
		    o->w[i].need, o->w[i].p_hit);
	sb_addf(&sb, "],\n \"p_natural_miss\": %.6f, \"p_natural_hit\": %.6f,"
	    "\n \"damage\": {\"mean\": %.6f, \"distribution\": [", o->p_flub,
	    o->p_lucky, o->mean);
	for (k = o->damage.lo; k <= o->damage.hi; k++) {
		double p = dist_at(&o->damage, k);

		if (p <= 0)
			continue;
		sb_addf(&sb, "%s{\"damage\": %d, \"p\": %.6f}",
		    first ? "" : ", ", k, p);
		first = 0;
	}
	sb_addf(&sb, "]},\n \"p_internal\": %.6f, \"p_destroyed\": %.6f}\n",
	    o->p_internal, o->p_destroyed);
	fputs(sb.buf, stdout);
	sb_release(&sb);
}

static int
odds_shellshock(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "range", required_argument, NULL, 'r' },
		{ "facing", required_argument, NULL, 'f' },
		{ "spread", no_argument, NULL, 's' },
		{ "point-blank", no_argument, NULL, 'p' },
		{ "weapons", required_argument, NULL, 'w' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const struct ss_unit *att = NULL, *def = NULL;
	struct arena *a1, *a2;
	struct ss_shot shot;
	struct ss_odds o;
	char err[256], *end;
	int c, json = 0, rc, i;
	long range = -1;
	const char *facing = NULL, *rows = NULL;

	memset(&shot, 0, sizeof(shot));
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			range = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || range < 0 ||
			    range > 10000)
				return usage_error(usage_odds, "--range '%s' must "
				    "be whole inches, 0 or more", optarg);
			break;
		case 'f': facing = optarg; break;
		case 's': shot.spread = 1; break;
		case 'p': shot.point_blank = 1; break;
		case 'w': rows = optarg; break;
		case 'j': json = 1; break;
		case 'h': fputs(usage_odds, stdout); return 0;
		default: fputs(usage_odds, stderr); return 2;
		}
	}
	if (argc - optind != 2)
		return usage_error(usage_odds, "odds shellshock needs an "
		    "ATTACKER and a DEFENDER unit file");
	if (range < 0)
		return usage_error(usage_odds, "odds shellshock needs --range "
		    "INCHES");
	if (facing == NULL)
		return usage_error(usage_odds, "odds shellshock needs --facing "
		    "front, left, right or rear");
	if ((shot.facing = parse_facing(facing)) < 0)
		return usage_error(usage_odds, "--facing '%s' must be front, "
		    "left, right or rear", facing);
	shot.rows = (1u << SS_P) - 1;
	if (rows && (shot.rows = parse_rows(rows)) == 0)
		return usage_error(usage_odds, "--weapons '%s' must be rows "
		    "among E, M, B, I, S, such as M,I", rows);
	shot.range = (int)range;
	diag_init(0, stderr);
	a1 = arena_new();
	a2 = arena_new();
	if ((rc = load_unit(argv[optind], a1, &att)) != 0 ||
	    (rc = load_unit(argv[optind + 1], a2, &def)) != 0)
		goto out;
	shot.att = att;
	shot.def = def;
	/* Without --weapons every weapon the attacker has fires. */
	if (rows == NULL) {
		shot.rows = 0;
		for (i = 0; i < att->nweapons; i++)
			shot.rows |= 1u << att->weapon[i].row;
	}
	if (!ss_shot_check(&shot, err, sizeof(err))) {
		fprintf(stderr, "muster: %s\n", err);
		rc = 2;
		goto out;
	}
	ss_odds(&shot, &o);
	if (json)
		odds_json(&shot, &o);
	else
		odds_text(&shot, &o);
	ss_odds_free(&o);
	rc = 0;
out:
	arena_free(a1);
	arena_free(a2);
	return rc;
}

int
cmd_odds(int argc, char **argv)
{
	if (argc < 2)
		return usage_error(usage_odds, "odds needs a system: shellshock");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(usage_odds, stdout);
		return 0;
	}
	if (strcmp(argv[1], "shellshock") == 0)
		return odds_shellshock(argc - 1, argv + 1);
	return usage_error(usage_odds, "odds knows no system '%s'; use "
	    "shellshock", argv[1]);
}
