/*
 * test_shock.c -- rules/shock and systems/shock_squad: the tables against
 * the rules document, the outcome of a hit for every class by hand (the
 * 1-10 clamp and class VI's step up included), and the cards of the
 * example squads.
 */
#include "testutil.h"

#include "record.h"
#include "rules/shock.h"

#define EPS 1e-9

/* Each chance is exact: its fraction is the hundredths given (every
 * figure here is a whole number of hundredths or thousandths). */
static void
exactly(struct ratio r, double want)
{
	int64_t n = (int64_t)llround(want * 10000);

	assert_true(r.q > 0);
	assert_true(r.p * 10000 == n * r.q);
	assert_true(fabs(r.v - want) < EPS);
}

static void
near4(const struct ratio p[SH_NOUTCOMES], double stun, double wound,
    double shock, double death)
{
	exactly(p[SH_STUN], stun);
	exactly(p[SH_WOUND], wound);
	exactly(p[SH_SHOCK], shock);
	exactly(p[SH_DEATH], death);
}

/* "Troop Quality" and "Damage Class" as the document's tables give
 * them; "Hit Location" 01-02 head, 03 neck, 04-05 arm, 06-07 upper
 * torso, 08 lower torso, 09-10 leg. */
static void
test_tables(void **state)
{
	static const int qmod[SH_NQUALITIES] = { -3, -2, -1, 0, 1, 2, 3, 4 };
	static const int cmod[SH_NCLASSES] = { -2, -1, 0, 1, 2, 0 };
	static const int lo[SH_NLOCATIONS] = { 1, 3, 4, 6, 8, 9 };
	static const int hi[SH_NLOCATIONS] = { 2, 3, 5, 7, 8, 10 };
	int i;

	(void)state;
	/* The names the checks read and the rows the cards print are one
	 * order: a veteran never prints as elite. */
	for (i = 0; i < SH_NQUALITIES; i++) {
		assert_int_equal(sh_qualities[i].mod, qmod[i]);
		assert_string_equal(sh_quality_name[i], sh_qualities[i].name);
	}
	for (i = 0; i < SH_NCLASSES; i++)
		assert_string_equal(sh_class_name[i], sh_classes[i].name);
	for (i = 0; i < SH_NLOCATIONS; i++)
		assert_string_equal(sh_location_name[i], sh_locations[i].name);
	assert_string_equal(sh_qualities[5].name, "veteran");
	assert_string_equal(sh_qualities[7].name, "rainbow");
	for (i = 0; i < SH_NCLASSES; i++) {
		assert_int_equal(sh_classes[i].mod, cmod[i]);
		assert_int_equal(sh_classes[i].step_up, i == SH_CLASS_VI);
	}
	for (i = 0; i < SH_NLOCATIONS; i++) {
		assert_int_equal(sh_locations[i].lo, lo[i]);
		assert_int_equal(sh_locations[i].hi, hi[i]);
	}
	assert_int_equal(SH_STAT_MIN, 1);
	assert_int_equal(SH_STAT_MAX, 9);
}

/* "Location Severity", a blank cell repeating the one above (SPEC 6). */
static void
test_severity(void **state)
{
	(void)state;
	/* Head: 1 stun, 2 wound, 3 shock, 4+ death. */
	assert_int_equal(sh_severity(SH_HEAD, 1), SH_STUN);
	assert_int_equal(sh_severity(SH_HEAD, 3), SH_SHOCK);
	assert_int_equal(sh_severity(SH_HEAD, 4), SH_DEATH);
	assert_int_equal(sh_severity(SH_HEAD, 10), SH_DEATH);
	/* Neck: 1, 2-5, 6-8, 9+. */
	assert_int_equal(sh_severity(SH_NECK, 5), SH_WOUND);
	assert_int_equal(sh_severity(SH_NECK, 6), SH_SHOCK);
	assert_int_equal(sh_severity(SH_NECK, 8), SH_SHOCK);
	assert_int_equal(sh_severity(SH_NECK, 9), SH_DEATH);
	/* Arm: 1-5 stun, 6-9 wound, 10 shock; never death. */
	assert_int_equal(sh_severity(SH_ARM, 5), SH_STUN);
	assert_int_equal(sh_severity(SH_ARM, 6), SH_WOUND);
	assert_int_equal(sh_severity(SH_ARM, 9), SH_WOUND);
	assert_int_equal(sh_severity(SH_ARM, 10), SH_SHOCK);
	/* Upper torso 1, 2-3, 4+; lower torso 1, 2-6, 7+; leg 1, 2-8, 9+. */
	assert_int_equal(sh_severity(SH_UPPER_TORSO, 3), SH_WOUND);
	assert_int_equal(sh_severity(SH_UPPER_TORSO, 4), SH_SHOCK);
	assert_int_equal(sh_severity(SH_LOWER_TORSO, 6), SH_WOUND);
	assert_int_equal(sh_severity(SH_LOWER_TORSO, 7), SH_SHOCK);
	assert_int_equal(sh_severity(SH_LEG, 8), SH_WOUND);
	assert_int_equal(sh_severity(SH_LEG, 9), SH_SHOCK);
	/* The rules' example: a DShK (VI) in the upper torso, a 4: shock
	 * a tier up, death. */
	assert_int_equal(sh_hit(SH_CLASS_VI, SH_UPPER_TORSO, 4), SH_DEATH);
	/* The clamp: class I's 2 - 2 = 0 is read as 1; class V's 9 + 2 =
	 * 11 as 10. */
	assert_int_equal(sh_hit(0, SH_NECK, 2), SH_STUN);
	assert_int_equal(sh_hit(4, SH_ARM, 9), SH_SHOCK);
	/* Death is the last tier: VI leaves it death. */
	assert_int_equal(sh_hit(SH_CLASS_VI, SH_HEAD, 10), SH_DEATH);
}

/*
 * One location: each d10 roll plus the class's modifier, kept within
 * 1-10.
 */
static void
test_at_a_location(void **state)
{
	struct ratio p[SH_NOUTCOMES];

	(void)state;
	/* Class I (-2) in the head: rolls 1-3 read 1 (stun), 4 reads 2
	 * (wound), 5 reads 3 (shock), 6-10 read 4-8 (death): .3 .1 .1 .5. */
	sh_outcome_odds(0, SH_HEAD, p);
	near4(p, .3, .1, .1, .5);
	/* Class V (+2) in the arm: rolls 1-3 read 3-5 (stun), 4-7 read 6-9
	 * (wound), 8-10 read 10 (shock): .3 .4 .3 0. */
	sh_outcome_odds(4, SH_ARM, p);
	near4(p, .3, .4, .3, 0);
	/* Class VI in the arm: class III's .5 .4 .1 0, a tier up. */
	sh_outcome_odds(SH_CLASS_VI, SH_ARM, p);
	near4(p, 0, .5, .4, .1);
	/* Class III in the neck: 1, 2-5, 6-8, 9-10: .1 .4 .3 .2. */
	sh_outcome_odds(2, SH_NECK, p);
	near4(p, .1, .4, .3, .2);
}

/*
 * Over the hit location table: head .2, neck .1, arm .2, upper torso
 * .2, lower torso .1, leg .2 (the d10's rolls of each).  Per location
 * (stun wound shock death) after the modifier and the clamp:
 *
 * I (-2): rolls 1-3 read 1, 4-10 read 2-8.  head .3 .1 .1 .5, neck .3
 *   .4 .3 0, arm .7 .3 0 0, upper .3 .2 .5 0, lower .3 .5 .2 0, leg .3
 *   .7 0 0.  stun .06+.03+.14+.06+.03+.06 = .38; wound .02+.04+.06+.04+
 *   .05+.14 = .35; shock .02+.03+.10+.02 = .17; death .2 x .5 = .10.
 * II (-1): 1-2 read 1, 3-10 read 2-9.  head .2 .1 .1 .6, neck .2 .4 .3
 *   .1, arm .6 .4 0 0, upper .2 .2 .6 0, lower .2 .5 .3 0, leg .2 .7 .1
 *   0.  stun .04+.02+.12+.04+.02+.04 = .28; wound .02+.04+.08+.04+.05+
 *   .14 = .37; shock .02+.03+.12+.03+.02 = .22; death .12+.01 = .13.
 * III (0): head .1 .1 .1 .7, neck .1 .4 .3 .2, arm .5 .4 .1 0, upper
 *   .1 .2 .7 0, lower .1 .5 .4 0, leg .1 .7 .2 0.  stun .02+.01+.10+
 *   .02+.01+.02 = .18; wound .02+.04+.08+.04+.05+.14 = .37; shock .02+
 *   .03+.02+.14+.04+.04 = .29; death .14+.02 = .16.
 * IV (+1): 1-9 read 2-10, 10 reads 10.  head 0 .1 .1 .8, neck 0 .4 .3
 *   .3, arm .4 .4 .2 0, upper 0 .2 .8 0, lower 0 .5 .5 0, leg 0 .7 .3
 *   0.  stun .08; wound .02+.04+.08+.04+.05+.14 = .37; shock .02+.03+
 *   .04+.16+.05+.06 = .36; death .16+.03 = .19.
 * V (+2): 1-7 read 3-9, 8-10 read 10.  head 0 0 .1 .9, neck 0 .3 .3
 *   .4, arm .3 .4 .3 0, upper 0 .1 .9 0, lower 0 .4 .6 0, leg 0 .6 .4
 *   0.  stun .06; wound .03+.08+.02+.04+.12 = .29; shock .02+.03+.06+
 *   .18+.06+.08 = .43; death .18+.04 = .22.
 * VI: III a tier up: stun 0, wound .18, shock .37, death .29 + .16 =
 *   .45.
 */
static void
test_over_the_table(void **state)
{
	struct ratio p[SH_NOUTCOMES];

	(void)state;
	sh_outcome_odds(0, -1, p);
	near4(p, .38, .35, .17, .10);
	sh_outcome_odds(1, -1, p);
	near4(p, .28, .37, .22, .13);
	sh_outcome_odds(2, -1, p);
	near4(p, .18, .37, .29, .16);
	sh_outcome_odds(3, -1, p);
	near4(p, .08, .37, .36, .19);
	sh_outcome_odds(4, -1, p);
	near4(p, .06, .29, .43, .22);
	sh_outcome_odds(SH_CLASS_VI, -1, p);
	near4(p, 0, .18, .37, .45);
}

/* The end of the turn: dead, shock, stunned, wounded, unhurt. */
static void
ends(const struct sh_turn *t, double dead, double shock, double stunned,
    double wounded, double unhurt)
{
	exactly(t->end[SH_END_DEAD], dead);
	exactly(t->end[SH_END_SHOCK], shock);
	exactly(t->end[SH_END_STUNNED], stunned);
	exactly(t->end[SH_END_WOUNDED], wounded);
	exactly(t->end[SH_END_UNHURT], unhurt);
}

/*
 * The shot's d10: "Panic Fire has a penalty of -3(?)", from cover "blind
 * fire for -5(?)", "+1 for each" action point spent aiming.  Needing 5:
 * a plain shot hits on 5-10, 6/10; panic fire on 8-10 (8 - 3 = 5),
 * 3/10; blind fire on 10 only, 1/10; aiming with 1 point on 4-10, 7/10,
 * with 2 on 3-10, 8/10.
 */
static void
test_shot(void **state)
{
	struct sh_shot s = { 2, SH_NECK, 5, 0, 0, 0, 0, 1, 0 };
	struct sh_turn t;

	(void)state;
	sh_whole_hit(&s, &t);
	assert_int_equal(t.modifier, 0);
	exactly(t.p_hit, .6);
	s.panic = 1;
	sh_whole_hit(&s, &t);
	assert_int_equal(t.modifier, -3);
	exactly(t.p_hit, .3);
	/* Blind fire is panic fire from cover: -5, not -3 - 5. */
	s.blind = 1;
	sh_whole_hit(&s, &t);
	assert_int_equal(t.modifier, -5);
	exactly(t.p_hit, .1);
	s.panic = s.blind = 0;
	s.aim = 1;
	sh_whole_hit(&s, &t);
	exactly(t.p_hit, .7);
	s.aim = 2;
	sh_whole_hit(&s, &t);
	assert_int_equal(t.modifier, 2);
	exactly(t.p_hit, .8);
	assert_int_equal(SH_AIM_MAX, 2);
	/* Needing 1, every roll hits; needing 11, none unaimed. */
	s.aim = 0;
	s.need = 1;
	sh_whole_hit(&s, &t);
	exactly(t.p_hit, 1);
	s.need = 11;
	sh_whole_hit(&s, &t);
	exactly(t.p_hit, 0);
}

/*
 * "attempting to roll higher than the total sum of wounds" on a d10: with
 * w wounds, rolls w + 1 to 10 pass, (10 - w) / 10; at ten or more, "the
 * unit immediately succumbs to shock".
 */
static void
test_wound_check(void **state)
{
	(void)state;
	exactly(sh_wound_check(0), 1);
	exactly(sh_wound_check(1), .9);
	exactly(sh_wound_check(8), .2);
	exactly(sh_wound_check(9), .1);
	exactly(sh_wound_check(10), 0);
}

/*
 * A class III hit in the neck: stun .1 (roll 1), wound .4 (2-5), shock
 * .3 (6-8), death .2 (9-10), followed to the end of the turn.
 */
static void
test_whole_hit(void **state)
{
	struct sh_shot s = { 2, SH_NECK, 0, 0, 0, 0, 0, 1, 0 };
	struct sh_turn t;

	(void)state;
	/* No wounds before: a wound makes 1, the check passes on 2-10, .9.
	 * dead .2; shock .3 + .4 x .1 = .34; stunned .1 (no wounds, no
	 * check); wounded .4 x .9 = .36; unhurt 0. */
	sh_whole_hit(&s, &t);
	ends(&t, .2, .34, .1, .36, 0);
	exactly(t.check_fails, .04);
	exactly(t.wounds_shock, 0);
	/* 8 wounds before: a wound makes 9, passing on a 10 only, .1; a
	 * stun keeps 8, passing on 9-10, .2.  shock .3 + .4 x .9 + .1 x .8
	 * = .74; wounded .4 x .1 = .04; stunned .1 x .2 = .02; dead .2. */
	s.wounds = 8;
	sh_whole_hit(&s, &t);
	ends(&t, .2, .74, .02, .04, 0);
	exactly(t.check_fails, .44);
	/* 9 wounds before: a wound makes 10, shock at once (.4); a stun
	 * keeps 9, passing on a 10, .1: stunned .01, shock .09.  shock .3 +
	 * .4 + .09 = .79. */
	s.wounds = 9;
	sh_whole_hit(&s, &t);
	ends(&t, .2, .79, .01, 0, 0);
	exactly(t.wounds_shock, .4);
	exactly(t.check_fails, .09);
	/* A wound of 2 on 7 wounds makes 9 (as 8 + 1 above): wound .4 x .1
	 * passes; a stun keeps 7, passing on 8-10, .3: stunned .03, shock
	 * .07.  shock .3 + .36 + .07 = .73. */
	s.wounds = 7;
	s.wound_size = 2;
	sh_whole_hit(&s, &t);
	ends(&t, .2, .73, .03, .04, 0);
}

/*
 * "Units who take more damage in this state die": in shock, any hit
 * kills.  Panic fire needing 5 hits 3/10: dead .3; missed, still in
 * shock, .7.  Out of shock, the same shot: a miss (.7) leaves him
 * unhurt; a hit (.3) as above: dead .06, shock .102, stunned .03,
 * wounded .108.
 */
static void
test_in_shock_and_missed(void **state)
{
	struct sh_shot s = { 2, SH_NECK, 5, 1, 0, 0, 0, 1, 1 };
	struct sh_turn t;

	(void)state;
	sh_whole_hit(&s, &t);
	ends(&t, .3, .7, 0, 0, 0);
	s.in_shock = 0;
	sh_whole_hit(&s, &t);
	ends(&t, .06, .102, .03, .108, .7);
	/* A miss with wounds: the check still comes.  2 wounds, blind fire
	 * needing 5 (hits on a 10, .1): missed .9, of which .2 go into
	 * shock (.18) and .8 fight on wounded (.72).  Hit (.1): a wound
	 * makes 3, passing .7; a stun keeps 2, passing .8: dead .02, shock
	 * .1 x (.3 + .4 x .3 + .1 x .2) = .044, stunned .1 x .1 x .8 =
	 * .008, wounded .1 x .4 x .7 = .028. */
	s.blind = 1;
	s.wounds = 2;
	sh_whole_hit(&s, &t);
	ends(&t, .02, .224, .008, .748, 0);
}

/* Each card the squad sends, by product. */
struct sink {
	int cards, counters, refs;
	char name[16][32], qmod[16][8], w1[16][24], w2mod[16][16];
	char head_death[8], neck_wound[8], classes[96], q8[24], phase1[40];
	char movement[160], stances[64];
};

static void
keep(struct emitter *e, int copies)
{
	struct sink *s = e->ctx;
	const struct record *r = e->rec;

	(void)copies;
	if (rec_get(r, "title")) {
		if (s->refs++ == 0) {
			snprintf(s->head_death, sizeof(s->head_death), "%s",
			    rec_get(r, "loc.1.death"));
			snprintf(s->neck_wound, sizeof(s->neck_wound), "%s",
			    rec_get(r, "loc.2.wound"));
			snprintf(s->classes, sizeof(s->classes), "%s",
			    rec_get(r, "classes"));
		} else {
			snprintf(s->q8, sizeof(s->q8), "%s %s",
			    rec_get(r, "q.8.name"), rec_get(r, "q.8.mod"));
			snprintf(s->phase1, sizeof(s->phase1), "%s",
			    rec_get(r, "phase.1"));
			snprintf(s->movement, sizeof(s->movement), "%s",
			    rec_get(r, "movement"));
		}
		return;
	}
	if (rec_get(r, "toughness") == NULL) {
		s->counters++;
		return;
	}
	if (s->cards == 16)
		return;
	snprintf(s->name[s->cards], sizeof(s->name[0]), "%s",
	    rec_get(r, "name"));
	snprintf(s->qmod[s->cards], sizeof(s->qmod[0]), "%s",
	    rec_get(r, "quality.mod"));
	snprintf(s->w1[s->cards], sizeof(s->w1[0]), "%s %s %s",
	    rec_get(r, "weapon.1.name"), rec_get(r, "weapon.1.class"),
	    rec_get(r, "weapon.1.mod"));
	snprintf(s->w2mod[s->cards], sizeof(s->w2mod[0]), "%s",
	    rec_get(r, "weapon.2.mod"));
	snprintf(s->stances, sizeof(s->stances), "%s, %s, %s",
	    rec_get(r, "stance.1"), rec_get(r, "stance.2"),
	    rec_get(r, "stance.3"));
	s->cards++;
}

static void
test_alpha(void **state)
{
	struct batch *b = batch_new();
	char *path = repo_path("units/shock/alpha.yaml");
	struct sink s;
	struct emitter e;
	const struct loaded *ld;
	const struct product *p;

	(void)state;
	memset(&s, 0, sizeof(s));
	diag_init(0, stderr);
	ld = load_ref(b, path, "shock", "squad");
	assert_int_equal(diag_count(L_ERROR) + diag_count(L_WARNING), 0);
	e.rec = record_new();
	e.card = keep;
	e.ctx = &s;
	for (p = ld->kind->products; p->name; p++)
		p->emit(ld->obj, &e);
	/* Four soldiers: a card and a counter each; two reference cards. */
	assert_int_equal(s.cards, 4);
	assert_int_equal(s.counters, 4);
	assert_int_equal(s.refs, 2);
	assert_string_equal(s.name[0], "Reyes");
	assert_string_equal(s.qmod[0], "+2");		/* veteran */
	assert_string_equal(s.w1[0], "M4 carbine III 0");
	assert_string_equal(s.w2mod[0], "−1");		/* an M9, class II */
	assert_string_equal(s.qmod[3], "+3");		/* elite */
	assert_string_equal(s.w2mod[3], "tier up");	/* class VI */
	/* "three hexes while standing ... Crouched ... two hexes ... one
	 * hex for prone movement". */
	assert_string_equal(s.stances, "Standing 3, Crouched 2, Prone 1");
	/* The reference: the head's death from 4, the neck's wound 2-5. */
	assert_string_equal(s.head_death, "4+");
	assert_string_equal(s.neck_wound, "2–5");
	assert_string_equal(s.classes,
	    "I −2 · II −1 · III 0 · IV +1 · V +2 · VI a tier up");
	assert_string_equal(s.q8, "Rainbow +4");
	assert_string_equal(s.phase1, "1. Morale and panic fire");
	assert_string_equal(s.movement, "4 MP a turn, 2 if it shoots; a "
	    "change of stance costs 1.  Up to 3 AP a soldier; the turn's AP: "
	    "d10.");
	diag_end();
	record_free(e.rec);
	batch_free(b);
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_severity),
		cmocka_unit_test(test_at_a_location),
		cmocka_unit_test(test_over_the_table),
		cmocka_unit_test(test_shot),
		cmocka_unit_test(test_wound_check),
		cmocka_unit_test(test_whole_hit),
		cmocka_unit_test(test_in_shock_and_missed),
		cmocka_unit_test(test_alpha),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
