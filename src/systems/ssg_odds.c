/*
 * systems/ssg_odds.c -- `muster odds ssg`: the modifiers, the roll needed
 * and the chance of an attack and its defense, or of a morale check
 * (SPEC section 5), as text or JSON from one writer.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../diag.h"
#include "../report.h"
#include "../system.h"
#include "../util.h"
#include "../usage.h"
#include "ssg_game.h"

const char ssg_odds_usage[] =
    "usage: muster odds ssg ATTACKER DEFENDER [--flank]\n"
    "                   [--double-envelopment] [--deck FILE] [--json]\n"
    "       muster odds ssg --morale [--militia] [--elite]\n"
    "                   [--elite-destroyed] [--json]\n"
    "\n"
    "ATTACKER and DEFENDER are card names of the Battalion deck (the\n"
    "shipped one, or --deck FILE).  Both players roll a d" STR(SSG_DIE) " and " STR(SSG_DESTROYS) " or\n"
    "more after modifiers destroys the card opposite: for each roll, its\n"
    "modifiers, the roll needed and the chance.\n"
    "\n"
    "  --flank               the attacker makes a flank attack\n"
    "  --double-envelopment  a flank attack from both sides\n"
    "  --deck FILE           the battalions deck to find the cards in\n"
    "  --morale              the chance that a stack routs on 2d6 (" STR(SSG_ROUTS) " or\n"
    "                        more), with --militia in it, --elite in it, or\n"
    "                        after an elite battalion fell (--elite-destroyed)\n"
    "  --json                one JSON object on stdout\n"
    "\n"
    "exit status: 0, 1 errors in the deck, 2 usage error\n";

/*
 * A chance of the rules' dice as the fraction it is: p counts some of
 * the outcomes of n equally likely ones (a d8's 8, 2d6's 36), so p x n
 * is a whole number.
 */
static struct ratio
exact(double p, int n)
{
	return ratio_of(llround(p * n), n);
}

/* One roll: its modifier and why, the roll needed on the dice named
 * ("a d8") and the chance. */
static void
roll(struct report *rp, const char *key, const struct ssg_mods *m, int need,
    struct ratio p, int die, const char *dice, const char *what)
{
	int i;

	rp_open(rp, key, '{');
	rp_f(rp, "{_:%-8s} {modifier:%+d}", key, m->total);
	rp_open(rp, "reasons", '[');
	for (i = 0; i < m->n; i++) {
		rp_open(rp, NULL, '{');
		rp_f(rp, "{_:%s}{mod:%+d} {why:%s}", i ? ", " : " (",
		    m->part[i].mod, m->part[i].why);
		rp_close(rp);
	}
	rp_close(rp);
	rp_f(rp, "{_:%s}: ", m->n ? ")" : "");
	if (need > die)
		rp_f(rp, "needs more than {_:%s} can show: never{~need:%d}"
		    "{~p:%Q}", dice, need, p);
	else
		rp_f(rp, "needs {need:%d}+ on {_:%s}, {_:%s} {p:%.4Q} %", need,
		    dice, what, p);
	rp_f(rp, "\n");
	rp_close(rp);
}

static void
morale(struct report *rp, int militia, int elite, int lost)
{
	struct ssg_mods m;

	ssg_morale_mods(militia, elite, lost, &m);
	rp_f(rp, "morale check: the stack routs on 2d{_:%d} of {routs_on:%d} "
	    "or more\n", SSG_MORALE_DIE, SSG_ROUTS);
	roll(rp, "morale", &m, ssg_morale_need(m.total),
	    exact(ssg_p_rout(m.total), SSG_MORALE_DIE * SSG_MORALE_DIE),
	    2 * SSG_MORALE_DIE, "2d" STR(SSG_MORALE_DIE), "routs");
}

static void
attack(struct report *rp, const struct ssg_battalion *att,
    const struct ssg_battalion *def, int flank, int dbl)
{
	struct ssg_mods am, dm;
	struct ratio pa, pd, one = ratio_of(1, 1);

	ssg_attack_mods(att, def, flank, dbl, &am);
	ssg_defense_mods(def, att, flank, &dm);
	pa = exact(ssg_p_destroy(am.total), SSG_DIE);
	pd = exact(ssg_p_destroy(dm.total), SSG_DIE);
	rp_f(rp, "{attacker:%s} ({attacker_type:%s}) attacks {defender:%s} "
	    "({defender_type:%s}){_:%s}{~flank:%b}{~double_envelopment:%b}\n",
	    att->name, ssg_type_name[att->type], def->name,
	    ssg_type_name[def->type], dbl ? ", double envelopment" :
	    flank ? ", a flank attack" : "", flank, dbl);
	roll(rp, "attack", &am, ssg_need(am.total), pa, SSG_DIE,
	    "a d" STR(SSG_DIE), "destroys the defender");
	roll(rp, "defense", &dm, ssg_need(dm.total), pd, SSG_DIE,
	    "a d" STR(SSG_DIE), "destroys the attacker");
	rp_f(rp, "{~p_defender_destroyed:%Q}{~p_attacker_destroyed:%Q}"
	    "both destroyed: {p_both_destroyed:%.4Q} %, neither: "
	    "{p_neither_destroyed:%.4Q} %\n", pa, pd, ratio_mul(pa, pd),
	    ratio_mul(ratio_sub(one, pa), ratio_sub(one, pd)));
}

/* The card of that name in the deck, or NULL after saying why not. */
static const struct ssg_battalion *
card(const struct ssg_deck *deck, const char *path, const char *name)
{
	const struct ssg_battalion *b = ssg_deck_find(deck, name);
	const char *names[SSG_MAXCARDS + 1];
	struct sbuf sb = SBUF_INIT;
	int k;

	if (b)
		return b;
	for (k = 0; k < deck->n; k++)
		names[k] = deck->b[k].name;
	names[k] = NULL;
	diag_at(L_FATAL, "ssg.card", path, 0, 0, "'%s' is not a card of the "
	    "deck%s", name, sb_hint(&sb, name, names, 0));
	sb_release(&sb);
	return NULL;
}

/* The options, for getopt_long and for shell completion. */
const struct option ssg_odds_opts[] = {
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

int
ssg_odds_run(int argc, char **argv)
{
	const struct ssg_battalion *att, *def;
	const struct ssg_deck *deck;
	struct report *rp;
	struct batch *b;
	char *path = NULL;
	const char *deckfile = NULL;
	int c, flank = 0, dbl = 0, mor = 0, militia = 0, elite = 0;
	int lost = 0, json = 0, rc = 2;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", ssg_odds_opts, NULL)) != -1) {
		switch (c) {
		case 'f': flank = 1; break;
		case 'd': flank = dbl = 1; break;
		case 'D': deckfile = optarg; break;
		case 'm': mor = 1; break;
		case 'M': militia = 1; break;
		case 'E': elite = 1; break;
		case 'L': lost = 1; break;
		case 'j': json = 1; break;
		case 'h': fputs(ssg_odds_usage, stdout); return 0;
		default: return usage_option(ssg_odds_usage, ssg_odds_opts, argv);
		}
	}
	if (mor) {
		if (optind != argc || flank || deckfile)
			return usage_error(ssg_odds_usage, "odds ssg --morale "
			    "takes only --militia, --elite, --elite-destroyed "
			    "and --json");
		rp = rp_new(stdout, json);
		morale(rp, militia, elite, lost);
		rp_end(rp);
		return 0;
	}
	if (militia || elite || lost)
		return usage_error(ssg_odds_usage, "--militia, --elite and "
		    "--elite-destroyed go with --morale");
	if (argc - optind != 2)
		return usage_error(ssg_odds_usage, "odds ssg needs an ATTACKER "
		    "and a DEFENDER card name, or --morale");
	if (deckfile)
		path = xstrdup(deckfile);
	else if ((path = ssg_default_deck()) == NULL) {
		fprintf(stderr, "muster: the shipped battalions deck is not "
		    "installed; give --deck FILE\n");
		return 2;
	}
	diag_init(0, stderr);
	b = batch_new();
	deck = ssg_ref_deck(b, path, NULL, "ssg.deck");
	if (deck == NULL ||
	    (att = card(deck, path, argv[optind])) == NULL ||
	    (def = card(deck, path, argv[optind + 1])) == NULL) {
		diag_flush();
		rc = diag_exit_status(0) ? diag_exit_status(0) : 2;
		goto out;
	}
	rp = rp_new(stdout, json);
	attack(rp, att, def, flank, dbl);
	rp_end(rp);
	rc = 0;
out:
	batch_free(b);
	free(path);
	return rc;
}
