/*
 * systems/ssg_odds.c -- `muster odds ssg`: the modifiers, the roll needed
 * and the chance of an attack and its defense, or of a morale check
 * (SPEC section 5), as text or JSON from one writer.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../diag.h"
#include "../report.h"
#include "../system.h"
#include "../util.h"
#include "../options.h"
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
    "\n";

/* What the options set. */
struct ssg_odds_args {
	const char *deck;
	int flank, dbl, morale, militia, elite, lost, json;
};

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt ssg_odds_rows[] = {
	OPT_FLAG_(0, "flank", struct ssg_odds_args, flank, 1,
	    "the attacker makes a flank attack"),
	OPT_FLAG_(0, "double-envelopment", struct ssg_odds_args, dbl, 1,
	    "a flank attack from both sides"),
	{ OPT_STRING, 0, "deck", offsetof(struct ssg_odds_args, deck), "FILE",
	    "the battalions deck to find the cards in", NULL, 0, 0, NULL,
	    OPT_C_FILES, 0 },
	OPT_FLAG_(0, "morale", struct ssg_odds_args, morale, 1,
	    "the chance that a stack routs on 2d6 (" STR(SSG_ROUTS) " or\n"
	    "more), with --militia in it, --elite in it, or\n"
	    "after an elite battalion fell (--elite-destroyed)"),
	{ OPT_FLAG, 0, "militia", offsetof(struct ssg_odds_args, militia), NULL,
	    "", NULL, 1, 0, NULL, OPT_C_NONE, OPT_HIDDEN },
	{ OPT_FLAG, 0, "elite", offsetof(struct ssg_odds_args, elite), NULL,
	    "", NULL, 1, 0, NULL, OPT_C_NONE, OPT_HIDDEN },
	{ OPT_FLAG, 0, "elite-destroyed", offsetof(struct ssg_odds_args, lost),
	    NULL, "", NULL, 1, 0, NULL, OPT_C_NONE, OPT_HIDDEN },
	OPT_FLAG_(0, "json", struct ssg_odds_args, json, 1,
	    "one JSON object on stdout"),
	OPT_ROW_END
};

const struct cmd_opts ssg_odds_options = {
	ssg_odds_usage, ssg_odds_rows, 24,
	"\n"
	"exit status: 0, 1 errors in the deck, 2 usage error\n"
};

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
	int k, same = 0;

	if (b)
		return b;
	/* "grenadiers" is the Grenadiers when no other card is it too. */
	for (k = 0; k < deck->n; k++)
		if (strcasecmp(deck->b[k].name, name) == 0 && same++ == 0)
			b = &deck->b[k];
	if (same == 1)
		return b;
	for (k = 0; k < deck->n; k++)
		names[k] = deck->b[k].name;
	names[k] = NULL;
	diag_at(L_FATAL, "ssg.card", path, 0, 0, "'%s' is not a card of the "
	    "deck%s", name, sb_hint(&sb, name, names, 0));
	sb_release(&sb);
	return NULL;
}

int
ssg_odds_run(int argc, char **argv)
{
	const struct ssg_battalion *att, *def;
	const struct ssg_deck *deck;
	struct report *rp;
	struct batch *b;
	char *path = NULL;
	const char *deckfile = NULL;
	struct ssg_odds_args o = { NULL, 0, 0, 0, 0, 0, 0, 0 };
	int c, flank, dbl, mor, militia, elite, lost, json, rc = 2;

	if ((c = opt_parse(&ssg_odds_options, argc, argv, &o)) >= 0)
		return c;
	flank = o.flank || o.dbl;
	dbl = o.dbl;
	deckfile = o.deck;
	mor = o.morale;
	militia = o.militia;
	elite = o.elite;
	lost = o.lost;
	json = o.json;
	if (mor) {
		if (optind != argc || flank || deckfile)
			return usage_error(ssg_odds_options.head, "odds ssg --morale "
			    "takes only --militia, --elite, --elite-destroyed "
			    "and --json");
		rp = rp_new(stdout, json);
		morale(rp, militia, elite, lost);
		rp_end(rp);
		return 0;
	}
	if (militia || elite || lost)
		return usage_error(ssg_odds_options.head, "--militia, --elite and "
		    "--elite-destroyed go with --morale");
	if (argc - optind != 2)
		return usage_error(ssg_odds_options.head, "odds ssg needs an ATTACKER "
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
