/*
 * rules/ssg.c -- Shot, Shell & Grape's tables and modifiers
 * (002_6173cb95b4ba469e.txt: ATTACK PHASE, FLANK ATTACKS, MORALE PHASE;
 * SPEC 6: both combat rolls are d8 and destroy on 7 or more).
 */
#include "ssg.h"

#include <stdio.h>
#include <string.h>

const char *const ssg_type_name[SSG_NTYPES + 1] = {
	"line", "cavalry", "light", "artillery", NULL
};
const char *const ssg_type_label[SSG_NTYPES] = {
	"Line infantry", "Cavalry", "Light infantry", "Artillery"
};
const char *const ssg_trait_name[SSG_NTRAITS + 1] = {
	"elite", "heavy", "shock", "militia", NULL
};
const char *const ssg_stack_key[SSG_NSTACKS + 1] = {
	"left_flank", "left_center", "center_center", "right_center",
	"right_flank", "reserve", NULL
};

int
ssg_stack_is_center(int s)
{
	return s == SSG_LEFT_CENTER || s == SSG_CENTER_CENTER ||
	    s == SSG_RIGHT_CENTER;
}

int
ssg_stack_is_flank(int s)
{
	return s == SSG_LEFT_FLANK || s == SSG_RIGHT_FLANK;
}

static void
add(struct ssg_mods *m, int mod, const char *why)
{
	if (m->n < SSG_MAXPARTS) {
		m->part[m->n].mod = mod;
		m->part[m->n].why = why;
		m->n++;
	}
	m->total += mod;
}

#define T(t) (1u << (t))
#define ALL ((1u << SSG_NTYPES) - 1)

/*
 * The modifiers of the ATTACK PHASE and FLANK ATTACKS, one row each, in
 * the rules' order.  "Combat rolls" are both rolls (SPEC 6).
 */
const struct ssg_mod_rule ssg_mod_rules[] = {
	/* "Line Infantry vs cavalry and light infantry get -1 to their
	 * attack roll. (They ride/run away)" */
	{ SSG_ROLL_ATTACK, T(SSG_LINE), T(SSG_CAVALRY) | T(SSG_LIGHT), 0,
	    SSG_ANY_ATTACK, -1, "line infantry against cavalry or light infantry" },
	/* "Line Infantry vs non-flanking cavalry get +2 to their defense roll." */
	{ SSG_ROLL_DEFENSE, T(SSG_LINE), T(SSG_CAVALRY), 0, SSG_FRONTAL,
	    2, "line infantry against cavalry not flanking" },
	/* "Cavalry vs Artillery or Light Infantry get +1 to their attack roll." */
	{ SSG_ROLL_ATTACK, T(SSG_CAVALRY), T(SSG_ARTILLERY) | T(SSG_LIGHT), 0,
	    SSG_ANY_ATTACK, 1, "cavalry against artillery or light infantry" },
	/* "Line Infantry vs Light Infantry get -1 to their defense roll." */
	{ SSG_ROLL_DEFENSE, T(SSG_LINE), T(SSG_LIGHT), 0, SSG_ANY_ATTACK,
	    -1, "line infantry against light infantry" },
	/* "Artillery vs Line Infantry get +1 to their defense roll." */
	{ SSG_ROLL_DEFENSE, T(SSG_ARTILLERY), T(SSG_LINE), 0, SSG_ANY_ATTACK,
	    1, "artillery against line infantry" },
	/* "Heavy battalions get +1 to their combat rolls." */
	{ SSG_ROLL_COMBAT, ALL, ALL, SSG_HEAVY, SSG_ANY_ATTACK, 1, "heavy" },
	/* "Elite battalions get +2 to their combat rolls." */
	{ SSG_ROLL_COMBAT, ALL, ALL, SSG_ELITE, SSG_ANY_ATTACK, 2, "elite" },
	/* "Shock cavalry get +1 to their combat rolls vs other cavalry." */
	{ SSG_ROLL_COMBAT, T(SSG_CAVALRY), T(SSG_CAVALRY), SSG_SHOCK,
	    SSG_ANY_ATTACK, 1, "shock cavalry against cavalry" },
	/* "Militia get -1 to their combat rolls." */
	{ SSG_ROLL_COMBAT, ALL, ALL, SSG_MILITIA, SSG_ANY_ATTACK, -1, "militia" },
	/* "Battalions making Flank attacks are +2 to their Attack roll" */
	{ SSG_ROLL_ATTACK, ALL & ~T(SSG_CAVALRY), ALL, 0, SSG_FLANK, 2,
	    "flank attack" },
	/* "Cavalry battalions making Flank attacks are +3" */
	{ SSG_ROLL_ATTACK, T(SSG_CAVALRY), ALL, 0, SSG_FLANK, 3,
	    "cavalry flank attack" },
	/* "a double envelopment ... an additional +1 to Flanking Attack rolls" */
	{ SSG_ROLL_ATTACK, ALL, ALL, 0, SSG_DOUBLE, 1, "double envelopment" },
	/* "Defense rolls against flankers are at -1." */
	{ SSG_ROLL_DEFENSE, ALL, ALL, 0, SSG_FLANK, -1, "against a flank attack" },
	{ 0, 0, 0, 0, 0, 0, NULL }
};

/* "A stack rolls at +1 if it contains any Militia.  A stack rolls at -1
 * if it contains any Elite units.  A stack rolls at +1 if an Elite unit
 * was destroyed." */
const struct ssg_morale_rule ssg_morale_rules[] = {
	{ SSG_MORALE_MILITIA, 1, "militia in the stack" },
	{ SSG_MORALE_ELITE, -1, "elite in the stack" },
	{ SSG_MORALE_ELITE_LOST, 1, "an elite battalion destroyed" },
	{ 0, 0, NULL }
};

static int
applies(const struct ssg_mod_rule *r, int roll,
    const struct ssg_battalion *self, const struct ssg_battalion *foe,
    int flank, int double_envelopment)
{
	if (r->roll != roll && r->roll != SSG_ROLL_COMBAT)
		return 0;
	if (!(r->self & T(self->type)) || !(r->foe & T(foe->type)))
		return 0;
	if (r->traits && !(self->traits & r->traits))
		return 0;
	switch (r->when) {
	case SSG_FRONTAL:	return !flank;
	case SSG_FLANK:		return flank;
	case SSG_DOUBLE:	return flank && double_envelopment;
	default:		return 1;
	}
}

static void
apply(int roll, const struct ssg_battalion *self,
    const struct ssg_battalion *foe, int flank, int double_envelopment,
    struct ssg_mods *m)
{
	const struct ssg_mod_rule *r;

	memset(m, 0, sizeof(*m));
	for (r = ssg_mod_rules; r->why; r++)
		if (applies(r, roll, self, foe, flank, double_envelopment))
			add(m, r->mod, r->why);
}

void
ssg_attack_mods(const struct ssg_battalion *att,
    const struct ssg_battalion *def, int flank, int double_envelopment,
    struct ssg_mods *m)
{
	apply(SSG_ROLL_ATTACK, att, def, flank, double_envelopment, m);
}

void
ssg_defense_mods(const struct ssg_battalion *def,
    const struct ssg_battalion *att, int flank, struct ssg_mods *m)
{
	apply(SSG_ROLL_DEFENSE, def, att, flank, 0, m);
}

int
ssg_need(int mod)
{
	int need = SSG_DESTROYS - mod;

	if (need < 1)
		need = 1;
	if (need > SSG_DIE)
		need = SSG_DIE + 1;
	return need;
}

double
ssg_p_destroy(int mod)
{
	return (double)(SSG_DIE + 1 - ssg_need(mod)) / SSG_DIE;
}

void
ssg_morale_mods(int militia, int elite, int elite_destroyed,
    struct ssg_mods *m)
{
	const struct ssg_morale_rule *r;

	memset(m, 0, sizeof(*m));
	for (r = ssg_morale_rules; r->why; r++)
		if ((r->when == SSG_MORALE_MILITIA && militia) ||
		    (r->when == SSG_MORALE_ELITE && elite) ||
		    (r->when == SSG_MORALE_ELITE_LOST && elite_destroyed))
			add(m, r->mod, r->why);
}

int
ssg_morale_need(int mod)
{
	int need = SSG_ROUTS - mod;

	if (need < 2)
		need = 2;
	if (need > 2 * SSG_MORALE_DIE)
		need = 2 * SSG_MORALE_DIE + 1;
	return need;
}

double
ssg_p_rout(int mod)
{
	int a, b, n = 0;

	for (a = 1; a <= SSG_MORALE_DIE; a++)
		for (b = 1; b <= SSG_MORALE_DIE; b++)
			if (a + b + mod >= SSG_ROUTS)
				n++;
	return (double)n / (SSG_MORALE_DIE * SSG_MORALE_DIE);
}

/* ---- effects ---- */

const char *const ssg_effect_key[SSG_NEFFECTS + 1] = {
	"roll", "extra_attack", "reinforce", "attacks", "force_morale",
	"discard", "hand", NULL
};
const char *const ssg_roll_name[SSG_NROLLS + 1] = {
	"attack", "defense", "combat", "morale", NULL
};
const char *const ssg_who_name[] = {
	"any", "line", "cavalry", "light", "artillery", "infantry", NULL
};
const char *const ssg_where_name[SSG_NWHERE] = {
	"here", "left_flank", "right_flank", "center", NULL
};

/* "Maneuver  Discard Terrain card (3 in deck)" */
const struct ssg_count ssg_tactics_counts[] = {
	{ "Maneuver", 3 },
	{ NULL, 0 }
};

int
ssg_tactics_count(const char *name)
{
	const struct ssg_count *c;

	for (c = ssg_tactics_counts; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c->count;
	return 1;
}

const char *
ssg_signed(int m, char buf[16])
{
	if (m > 0)
		snprintf(buf, 16, "+%d", m % 1000);
	else if (m < 0)
		snprintf(buf, 16, "−%d", -m % 1000);
	else
		snprintf(buf, 16, "0");
	return buf;
}

void
ssg_combat_note(struct sbuf *sb)
{
	const struct ssg_mod_rule *r;
	char buf[16];

	sb_addf(sb, "Each side rolls a d%d; %d or more destroys the card "
	    "opposite.", SSG_DIE, SSG_DESTROYS);
	for (r = ssg_mod_rules; r->why; r++)
		if (r->when == SSG_DOUBLE)
			sb_addf(sb, " Double envelopment: %s more on flank "
			    "attacks.", ssg_signed(r->mod, buf));
}

long
ssg_who(const char *w)
{
	int t;

	if (strcmp(w, "any") == 0)
		return SSG_ANY;
	if (strcmp(w, "infantry") == 0)
		return SSG_INFANTRY;
	for (t = 0; t < SSG_NTYPES; t++)
		if (strcmp(w, ssg_type_name[t]) == 0)
			return 1u << t;
	return -1;
}

/* "Cavalry", "Line infantry and light infantry", lower-cased within a
 * sentence; with icons, each type after its inline icon, named by its
 * key ("{icon:cavalry} cavalry"): a card's template draws it. */
static void
who_text(struct sbuf *sb, unsigned who, int capital, int icons)
{
	const char *names[SSG_NTYPES], *keys[SSG_NTYPES];
	int t, n = 0, i;

	if (who == SSG_INFANTRY) {
		if (icons)
			sb_adds(sb, "{icon:infantry} ");
		sb_adds(sb, capital ? "Infantry" : "infantry");
		return;
	}
	for (t = 0; t < SSG_NTYPES; t++)
		if (who & (1u << t)) {
			keys[n] = ssg_type_name[t];
			names[n++] = ssg_type_label[t];
		}
	for (i = 0; i < n; i++) {
		const char *s = names[i];

		if (i > 0)
			sb_adds(sb, i == n - 1 ? " and " : ", ");
		if (icons)
			sb_addf(sb, "{icon:%s} ", keys[i]);
		if ((i > 0 || !capital) && s[0] >= 'A' && s[0] <= 'Z') {
			sb_addc(sb, (char)(s[0] - 'A' + 'a'));
			sb_adds(sb, s + 1);
		} else {
			sb_adds(sb, s);
		}
	}
}

static const char *
roll_words(int roll)
{
	switch (roll) {
	case SSG_ROLL_ATTACK:	return "the attack roll";
	case SSG_ROLL_DEFENSE:	return "the defense roll";
	case SSG_ROLL_COMBAT:	return "attack and defense rolls";
	default:		return "morale checks";
	}
}

static void
roll_text(const struct ssg_effect *e, struct sbuf *sb, int icons)
{
	const char *mod = e->mod > 0 ? "+" : "−";
	int n = e->mod > 0 ? e->mod : -e->mod;

	switch (e->where) {
	case SSG_WHERE_LEFT_FLANK:
		sb_addf(sb, "Attacks on the left flank: %s%d to the attack "
		    "roll.", mod, n);
		return;
	case SSG_WHERE_RIGHT_FLANK:
		sb_addf(sb, "Attacks on the right flank: %s%d to the attack "
		    "roll.", mod, n);
		return;
	case SSG_WHERE_CENTER:
		sb_addf(sb, "Play on a center stack. Attacks on it: %s%d to "
		    "the attack roll.", mod, n);
		return;
	case SSG_WHERE_HERE:
		/* Terrain that lies on a stack helps that stack alone. */
		sb_adds(sb, "In this stack, ");
		if (e->who != SSG_ANY)
			who_text(sb, e->who, 0, icons);
		else
			sb_adds(sb, "every battalion");
		sb_addf(sb, ": %s%d to %s.", mod, n, roll_words(e->roll));
		return;
	default:
		break;
	}
	if (e->roll == SSG_ROLL_MORALE) {
		sb_addf(sb, "%s%d to the morale check.", mod, n);
		return;
	}
	if (e->who != SSG_ANY) {
		if (e->roll == SSG_ROLL_DEFENSE)
			sb_adds(sb, "Defending ");
		who_text(sb, e->who, e->roll != SSG_ROLL_DEFENSE, icons);
		if (e->vs != SSG_ANY) {
			sb_adds(sb, e->roll == SSG_ROLL_ATTACK ? " attacking " :
			    " against ");
			who_text(sb, e->vs, 0, icons);
		}
		sb_addf(sb, ": %s%d to %s.", mod, n, roll_words(e->roll));
	} else if (e->vs != SSG_ANY) {
		sb_adds(sb, e->roll == SSG_ROLL_DEFENSE ?
		    "Against attacking " : "Against ");
		who_text(sb, e->vs, 0, icons);
		sb_addf(sb, ": %s%d to %s.", mod, n, roll_words(e->roll));
	} else if (e->roll == SSG_ROLL_ATTACK) {
		sb_addf(sb, "The attacking battalion: %s%d to the attack roll.",
		    mod, n);
	} else if (e->roll == SSG_ROLL_DEFENSE) {
		sb_addf(sb, "The defending battalion: %s%d to the defense "
		    "roll.", mod, n);
	} else {
		sb_addf(sb, "%s%d to attack and defense rolls.", mod, n);
	}
	if (e->flank)
		sb_adds(sb, " Flank attacks only.");
}

void
ssg_effect_text(const struct ssg_effect *e, struct sbuf *sb)
{
	ssg_effect_text_as(e, 0, sb);
}

void
ssg_effect_text_as(const struct ssg_effect *e, int icons, struct sbuf *sb)
{
	int n = e->mod > 0 ? e->mod : -e->mod;

	switch (e->kind) {
	case SSG_EF_ROLL:
		roll_text(e, sb, icons);
		break;
	case SSG_EF_EXTRA_ATTACK:
		sb_addf(sb, "%d extra attack%s", n, n == 1 ? "" : "s");
		if (e->flank) {
			sb_adds(sb, " for the battalion making a flank attack.");
		} else if (e->attacking) {
			sb_adds(sb, " for the attacking");
			if (e->who != SSG_ANY) {
				sb_addc(sb, ' ');
				who_text(sb, e->who, 0, icons);
			}
			sb_adds(sb, " battalion.");
		} else if (e->defending) {
			sb_adds(sb, " for the defending ");
			if (e->who != SSG_ANY)
				who_text(sb, e->who, 0, icons);
			sb_adds(sb, " battalion, if its first attack missed.");
		} else if (e->who != SSG_ANY) {
			sb_adds(sb, " with any ");
			who_text(sb, e->who, 0, icons);
			sb_adds(sb, " battalion in any of your stacks.");
		} else {
			sb_adds(sb, " with any battalion.");
		}
		break;
	case SSG_EF_REINFORCE:
		if (e->opponent)
			sb_addf(sb, "Your opponent: %s%d reinforcement move%s "
			    "this turn.", e->mod > 0 ? "+" : "−", n,
			    n == 1 ? "" : "s");
		else
			sb_addf(sb, "%s%d reinforcement move%s", e->mod > 0 ?
			    "+" : "−", n, n == 1 ? "" : "s");
		if (!e->opponent) {
			if (e->from_reserve)
				sb_adds(sb, " from the reserve");
			if (e->who != SSG_ANY) {
				sb_adds(sb, ", ");
				who_text(sb, e->who, 0, icons);
				sb_adds(sb, " only");
			}
			sb_adds(sb, ".");
		}
		break;
	case SSG_EF_ATTACKS:
		sb_addf(sb, "Your opponent: %s%d attack%s this turn.",
		    e->mod > 0 ? "+" : "−", n, n == 1 ? "" : "s");
		break;
	case SSG_EF_FORCE_MORALE:
		sb_adds(sb, "Choose an enemy stack: it checks morale in its "
		    "Morale phase.");
		break;
	case SSG_EF_DISCARD:
		sb_adds(sb, "Discard a terrain card in play.");
		break;
	case SSG_EF_HAND:
		sb_addf(sb, "%s%d to your maximum hand size.",
		    e->mod > 0 ? "+" : "−", n);
		break;
	}
}
