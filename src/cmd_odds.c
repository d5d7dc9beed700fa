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
#include "systems/ssg.h"
#include "util.h"

const char usage_odds[] =
    "usage: muster odds shellshock ATTACKER.yaml DEFENDER.yaml --range IN\n"
    "                   --facing front|left|right|rear [--spread]\n"
    "                   [--point-blank] [--weapons ROWS] [--json]\n"
    "       muster odds ssg ATTACKER DEFENDER [--flank]\n"
    "                   [--double-envelopment] [--deck FILE] [--json]\n"
    "       muster odds ssg --morale [--militia] [--elite]\n"
    "                   [--elite-destroyed] [--json]\n"
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
    "Shot, Shell & Grape: ATTACKER and DEFENDER are card names of the\n"
    "Battalion deck (the shipped one, or --deck FILE).  Both players roll\n"
    "a d8 and 7 or more after modifiers destroys the card opposite: for\n"
    "each roll, its modifiers, the roll needed and the chance.  --flank:\n"
    "the attacker makes a flank attack; --double-envelopment: from both\n"
    "sides.  --morale: the chance that a stack routs on 2d6 (10 or more),\n"
    "with militia in it, elite in it, or after an elite battalion fell.\n"
    "\n"
    "exit status: 0, 1 errors in a unit file, 2 usage error\n";

int
parse_inches(const char *s, long *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < 0 || v > 10000)
		return 0;
	*out = v;
	return 1;
}

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
		fprintf(stderr, "muster: %s holds %s %s, not a shellshock card\n",
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
	char err[256];
	int c, json = 0, rc, i;
	long range = -1;
	const char *facing = NULL, *rows = NULL;

	memset(&shot, 0, sizeof(shot));
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			if (!parse_inches(optarg, &range))
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

static void
mods_json(struct sbuf *sb, const char *key, const struct ssg_mods *m,
    int need, double p)
{
	int i;

	sb_addf(sb, "\"%s\": {\"modifier\": %d, \"need\": %d, \"p\": %.6f, "
	    "\"reasons\": [", key, m->total, need, p);
	for (i = 0; i < m->n; i++) {
		sb_addf(sb, "%s{\"mod\": %d, \"why\": ", i ? ", " : "",
		    m->part[i].mod);
		sb_json(sb, m->part[i].why);
		sb_addc(sb, '}');
	}
	sb_adds(sb, "]}");
}

static void
mods_text(const char *label, const struct ssg_mods *m, int need, double p,
    int die, const char *what)
{
	int i;

	printf("%-8s %+d", label, m->total);
	for (i = 0; i < m->n; i++)
		printf("%s%+d %s", i ? ", " : " (", m->part[i].mod,
		    m->part[i].why);
	printf("%s: ", m->n ? ")" : "");
	if (need > die)
		printf("needs more than a d%d can show: never", die);
	else
		printf("needs %d+, %s %.4f %%", need, what, 100 * p);
	printf("\n");
}

static int
odds_ssg_morale(int militia, int elite, int lost, int json)
{
	struct ssg_mods m;
	struct sbuf sb = SBUF_INIT;
	int need;
	double p;

	ssg_morale_mods(militia, elite, lost, &m);
	need = ssg_morale_need(m.total);
	p = ssg_p_rout(m.total);
	if (json) {
		sb_adds(&sb, "{");
		mods_json(&sb, "morale", &m, need, p);
		sb_adds(&sb, "}\n");
		fputs(sb.buf, stdout);
		sb_release(&sb);
		return 0;
	}
	printf("morale check: the stack routs on 2d6 of %d or more\n",
	    SSG_ROUTS);
	mods_text("morale", &m, need, p, 12, "routs");
	return 0;
}

static int
odds_ssg(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "flank", no_argument, NULL, 'f' },
		{ "double-envelopment", no_argument, NULL, 'd' },
		{ "deck", required_argument, NULL, 'D' },
		{ "morale", no_argument, NULL, 'm' },
		{ "militia", no_argument, NULL, 'M' },
		{ "elite", no_argument, NULL, 'E' },
		{ "elite-destroyed", no_argument, NULL, 'L' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const struct ssg_battalion *att, *def;
	const struct ssg_deck *deck;
	struct ssg_mods am, dm;
	struct arena *a;
	struct sbuf sb = SBUF_INIT;
	char *path = NULL;
	const char *deckfile = NULL;
	int c, flank = 0, dbl = 0, morale = 0, militia = 0, elite = 0;
	int lost = 0, json = 0, rc = 2, i;
	double pa, pd;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'f': flank = 1; break;
		case 'd': flank = dbl = 1; break;
		case 'D': deckfile = optarg; break;
		case 'm': morale = 1; break;
		case 'M': militia = 1; break;
		case 'E': elite = 1; break;
		case 'L': lost = 1; break;
		case 'j': json = 1; break;
		case 'h': fputs(usage_odds, stdout); return 0;
		default: fputs(usage_odds, stderr); return 2;
		}
	}
	if (morale) {
		if (optind != argc || flank || deckfile)
			return usage_error(usage_odds, "odds ssg --morale takes "
			    "only --militia, --elite, --elite-destroyed and "
			    "--json");
		return odds_ssg_morale(militia, elite, lost, json);
	}
	if (militia || elite || lost)
		return usage_error(usage_odds, "--militia, --elite and "
		    "--elite-destroyed go with --morale");
	if (argc - optind != 2)
		return usage_error(usage_odds, "odds ssg needs an ATTACKER and "
		    "a DEFENDER card name, or --morale");
	if (deckfile)
		path = xstrdup(deckfile);
	else if ((path = ssg_default_deck()) == NULL) {
		fprintf(stderr, "muster: the shipped battalions deck is not "
		    "installed; give --deck FILE\n");
		return 2;
	}
	diag_init(0, stderr);
	a = arena_new();
	deck = ssg_load_deck(path, a, NULL);
	diag_flush();
	if (deck == NULL) {
		rc = diag_exit_status(0) ? diag_exit_status(0) : 2;
		goto out;
	}
	for (i = 0; i < 2; i++) {
		const char *name = argv[optind + i];
		const struct ssg_battalion *b = ssg_deck_find(deck, name);

		if (b == NULL) {
			const char *names[SSG_MAXCARDS + 1];
			int k;

			for (k = 0; k < deck->n; k++)
				names[k] = deck->b[k].name;
			names[k] = NULL;
			fprintf(stderr, "muster: '%s' is not a card of %s%s\n",
			    name, path, sb_hint(&sb, name, names, 0));
			rc = 2;
			goto out;
		}
		if (i == 0)
			att = b;
		else
			def = b;
	}
	ssg_attack_mods(att, def, flank, dbl, &am);
	ssg_defense_mods(def, att, flank, &dm);
	pa = ssg_p_destroy(am.total);
	pd = ssg_p_destroy(dm.total);
	if (json) {
		sb_adds(&sb, "{\"attacker\": ");
		sb_json(&sb, att->name);
		sb_adds(&sb, ", \"defender\": ");
		sb_json(&sb, def->name);
		sb_addf(&sb, ", \"flank\": %s, \"double_envelopment\": %s,\n ",
		    flank ? "true" : "false", dbl ? "true" : "false");
		mods_json(&sb, "attack", &am, ssg_need(am.total), pa);
		sb_adds(&sb, ",\n ");
		mods_json(&sb, "defense", &dm, ssg_need(dm.total), pd);
		sb_addf(&sb, ",\n \"p_defender_destroyed\": %.6f, "
		    "\"p_attacker_destroyed\": %.6f, \"p_both_destroyed\": "
		    "%.6f}\n", pa, pd, pa * pd);
		fputs(sb.buf, stdout);
	} else {
		printf("%s (%s) attack%s %s (%s)%s\n", att->name,
		    ssg_type_name[att->type], "s", def->name,
		    ssg_type_name[def->type], dbl ? ", double envelopment" :
		    flank ? ", a flank attack" : "");
		mods_text("attack", &am, ssg_need(am.total), pa, SSG_DIE,
		    "destroys the defender");
		mods_text("defense", &dm, ssg_need(dm.total), pd, SSG_DIE,
		    "destroys the attacker");
		printf("both destroyed: %.4f %%, neither: %.4f %%\n",
		    100 * pa * pd, 100 * (1 - pa) * (1 - pd));
	}
	rc = 0;
out:
	sb_release(&sb);
	arena_free(a);
	free(path);
	return rc;
}

int
cmd_odds(int argc, char **argv)
{
	if (argc < 2)
		return usage_error(usage_odds, "odds needs a system: shellshock "
		    "or ssg");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(usage_odds, stdout);
		return 0;
	}
	if (strcmp(argv[1], "shellshock") == 0)
		return odds_shellshock(argc - 1, argv + 1);
	if (strcmp(argv[1], "ssg") == 0)
		return odds_ssg(argc - 1, argv + 1);
	return usage_error(usage_odds, "odds knows no system '%s'; use "
	    "shellshock or ssg", argv[1]);
}
