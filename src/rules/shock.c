/*
 * rules/shock.c -- see shock.h.
 */
#include "shock.h"

#include <string.h>

/* "Units have three stats representing the TAP system". */
const char *const sh_stat_name[SH_NSTATS + 1] = {
	"toughness", "awareness", "prowess", NULL
};
const char *const sh_stat_label[SH_NSTATS] = {
	"Toughness", "Awareness", "Prowess"
};

/* "Troop Quality", QUALITY and MOD. */
const struct sh_quality sh_qualities[SH_NQUALITIES] = {
	{ "untrained", "Untrained", -3 },
	{ "conscript", "Conscript", -2 },
	{ "green", "Green", -1 },
	{ "regular", "Regular", 0 },
	{ "experienced", "Experienced", 1 },
	{ "veteran", "Veteran", 2 },
	{ "elite", "Elite", 3 },
	{ "rainbow", "Rainbow", 4 },
};
const char *const sh_quality_name[SH_NQUALITIES + 1] = {
	"untrained", "conscript", "green", "regular", "experienced",
	"veteran", "elite", "rainbow", NULL
};

/* "Damage Class", Class, Mod and Type; VI's mod is "U", a step up. */
const struct sh_class sh_classes[SH_NCLASSES] = {
	{ "I", -2, 0, "Sub-standard handguns" },
	{ "II", -1, 0, "Standard handguns" },
	{ "III", 0, 0, "High-power handguns, carbines" },
	{ "IV", 1, 0, "Standard rifles" },
	{ "V", 2, 0, "Battle and large rifles" },
	{ "VI", 0, 1, "Anti-materiel, autocannons" },
};
const char *const sh_class_name[SH_NCLASSES + 1] = {
	"I", "II", "III", "IV", "V", "VI", NULL
};

const char *const sh_outcome_name[SH_NOUTCOMES + 1] = {
	"stun", "wound", "shock", "death", NULL
};

/*
 * "Hit Location" (1d10: 01-02 head, 03 neck, 04-05 arm, 06-07 upper
 * torso, 08 lower torso, 09-10 leg) and "Location Severity", a blank
 * cell repeating the result above it (SPEC 6): the first roll of each
 * outcome, stun wound shock death.
 */
const struct sh_location_row sh_locations[SH_NLOCATIONS] = {
	{ "head", "Head", 1, 2, { 1, 2, 3, 4 } },
	{ "neck", "Neck", 3, 3, { 1, 2, 6, 9 } },
	{ "arm", "Arm", 4, 5, { 1, 6, 10, 0 } },
	{ "upper-torso", "Upper torso", 6, 7, { 1, 2, 4, 0 } },
	{ "lower-torso", "Lower torso", 8, 8, { 1, 2, 7, 0 } },
	{ "leg", "Leg", 9, 10, { 1, 2, 9, 0 } },
};
const char *const sh_location_name[SH_NLOCATIONS + 1] = {
	"head", "neck", "arm", "upper-torso", "lower-torso", "leg", NULL
};

/* "The turn is split into three distinct phases." */
const char *const sh_phases[SH_NPHASES] = {
	"Morale and panic fire", "Movement and action",
	"Medical and explosives"
};

/* "up to three hexes while standing ... Crouched movement will allow
 * for two hexes per turn, and one hex for prone movement." */
const struct sh_stance sh_stances[SH_NSTANCES] = {
	{ "Standing", 3 }, { "Crouched", 2 }, { "Prone", 1 },
};

int
sh_severity(int loc, int r)
{
	const struct sh_location_row *l = &sh_locations[loc];
	int o, out = SH_STUN;

	for (o = 0; o < SH_NOUTCOMES; o++)
		if (l->from[o] > 0 && l->from[o] <= r)
			out = o;
	return out;
}

int
sh_hit(int c, int loc, int roll)
{
	int r = roll + sh_classes[c].mod, o;

	/* "the class modifier is added to the severity roll and the result
	 * kept within 1-10" (SPEC 6). */
	if (r < 1)
		r = 1;
	if (r > SH_DIE)
		r = SH_DIE;
	o = sh_severity(loc, r);
	if (sh_classes[c].step_up && o < SH_DEATH)
		o++;
	return o;
}

void
sh_outcome_odds(int c, int loc, struct ratio p[SH_NOUTCOMES])
{
	struct ratio q[SH_NOUTCOMES], tenth = ratio_of(1, SH_DIE);
	int l, roll, o;

	for (o = 0; o < SH_NOUTCOMES; o++)
		p[o] = ratio_of(0, 1);
	if (loc >= 0) {
		for (roll = 1; roll <= SH_DIE; roll++) {
			o = sh_hit(c, loc, roll);
			p[o] = ratio_add(p[o], tenth);
		}
		return;
	}
	/* Over the hit location table: each location as often as its
	 * rolls come up on the d10. */
	for (l = 0; l < SH_NLOCATIONS; l++) {
		struct ratio w = ratio_of(sh_locations[l].hi -
		    sh_locations[l].lo + 1, SH_DIE);

		sh_outcome_odds(c, l, q);
		for (o = 0; o < SH_NOUTCOMES; o++)
			p[o] = ratio_add(p[o], ratio_mul(q[o], w));
	}
}

const char *const sh_end_name[SH_NENDS + 1] = {
	"dead", "shock", "stunned", "wounded", "unhurt", NULL
};

int
sh_shot_modifier(const struct sh_shot *s)
{
	/* Blind fire is panic fire from cover: its -5 instead of -3. */
	if (s->blind)
		return SH_BLIND_FIRE;
	if (s->panic)
		return SH_PANIC_FIRE;
	return s->aim * SH_AIM_BONUS;
}

struct ratio
sh_wound_check(int wounds)
{
	if (wounds >= SH_WOUNDS_TO_SHOCK)
		return ratio_of(0, 1);
	if (wounds <= 0)
		return ratio_of(1, 1);
	/* Higher than the wounds: wounds + 1 .. 10 of the d10. */
	return ratio_of(SH_WOUND_CHECK_DIE - wounds, SH_WOUND_CHECK_DIE);
}

/* acc[end] += p. */
static void
to(struct ratio *acc, int end, struct ratio p)
{
	acc[end] = ratio_add(acc[end], p);
}

/* The end of the turn for a soldier with w wounds, stunned or not,
 * reached with chance p: his wound check, if he has wounds. */
static void
turn_end(struct ratio *end, int w, int stunned, struct ratio p)
{
	struct ratio pass = sh_wound_check(w);

	to(end, SH_END_SHOCK, ratio_mul(p, ratio_sub(ratio_of(1, 1), pass)));
	to(end, stunned ? SH_END_STUNNED : w > 0 ? SH_END_WOUNDED :
	    SH_END_UNHURT, ratio_mul(p, pass));
}

void
sh_whole_hit(const struct sh_shot *s, struct sh_turn *t)
{
	struct ratio zero = ratio_of(0, 1), miss;
	struct ratio hit_end[SH_NENDS];
	int o, e, roll, hits = 0, w;

	t->modifier = sh_shot_modifier(s);
	/* The shot: a d10 plus the modifier reaching need. */
	if (s->need <= 0)
		t->p_hit = ratio_of(1, 1);
	else {
		for (roll = 1; roll <= SH_DIE; roll++)
			if (roll + t->modifier >= s->need)
				hits++;
		t->p_hit = ratio_of(hits, SH_DIE);
	}
	miss = ratio_sub(ratio_of(1, 1), t->p_hit);
	sh_outcome_odds(s->cls, s->loc, t->hit);
	t->wounds_shock = t->check_fails = zero;
	for (e = 0; e < SH_NENDS; e++)
		hit_end[e] = t->end[e] = zero;
	/* Given a hit. */
	if (s->in_shock) {
		/* "Units who take more damage in this state die." */
		hit_end[SH_END_DEAD] = ratio_of(1, 1);
	} else {
		for (o = 0; o < SH_NOUTCOMES; o++) {
			struct ratio p = t->hit[o];

			switch (o) {
			case SH_DEATH:
				to(hit_end, SH_END_DEAD, p);
				break;
			case SH_SHOCK:
				to(hit_end, SH_END_SHOCK, p);
				break;
			case SH_WOUND:
				w = s->wounds + s->wound_size;
				if (w >= SH_WOUNDS_TO_SHOCK)
					t->wounds_shock = p;
				else
					t->check_fails = ratio_add(t->check_fails,
					    ratio_mul(p, ratio_sub(ratio_of(1, 1),
					    sh_wound_check(w))));
				turn_end(hit_end, w, 0, p);
				break;
			case SH_STUN:
				if (s->wounds > 0)
					t->check_fails = ratio_add(t->check_fails,
					    ratio_mul(p, ratio_sub(ratio_of(1, 1),
					    sh_wound_check(s->wounds))));
				turn_end(hit_end, s->wounds, 1, p);
				break;
			}
		}
	}
	for (e = 0; e < SH_NENDS; e++)
		t->end[e] = ratio_mul(hit_end[e], t->p_hit);
	/* A miss: the wounds he had still ask their check. */
	if (s->in_shock)
		to(t->end, SH_END_SHOCK, miss);
	else
		turn_end(t->end, s->wounds, 0, miss);
}
