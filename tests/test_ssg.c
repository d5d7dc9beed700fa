/*
 * test_ssg.c -- rules/ssg and systems/ssg: attacker/defender pairs from
 * the shipped Battalion deck worked out by hand from the rules
 * (002_6173cb95b4ba469e.txt, ATTACK PHASE, FLANK ATTACKS, MORALE PHASE;
 * SPEC 6: both rolls are d8, 7 or more destroys), the morale check, the
 * card text made from effects, and the shipped decks' sizes.
 */
#include "testutil.h"

#include "rules/ssg.h"
#include "record.h"
#include "system.h"
#include "systems/ssg_game.h"

#define EPS 1e-12

static struct batch *deck_batch;
static const struct ssg_deck *deck;

static int
setup(void **state)
{
	(void)state;
	diag_init(0, stderr);
	deck_batch = batch_new();
	deck = ssg_ref_deck(deck_batch, "decks/battalions.yaml", NULL, "test");
	diag_end();
	return deck ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	batch_free(deck_batch);
	return 0;
}

static const struct ssg_battalion *
card(const char *name)
{
	const struct ssg_battalion *b = ssg_deck_find(deck, name);

	assert_non_null(b);
	return b;
}

/* Checks one pair: attack modifier and chance, defense modifier and chance. */
static void
pair(const char *att, const char *def, int flank, int dbl, int amod,
    double pa, int dmod, double pd)
{
	struct ssg_mods a, d;

	ssg_attack_mods(card(att), card(def), flank, dbl, &a);
	ssg_defense_mods(card(def), card(att), flank, &d);
	assert_int_equal(a.total, amod);
	assert_int_equal(d.total, dmod);
	assert_true(fabs(ssg_p_destroy(a.total) - pa) < EPS);
	assert_true(fabs(ssg_p_destroy(d.total) - pd) < EPS);
}

static void
test_plain_line(void **state)
{
	/* Musketeers (line) attack Fusiliers (line): no modifier either
	 * way; a d8 needs 7 or 8: 2/8 = 0.25 each. */
	(void)state;
	pair("Musketeers", "Fusiliers", 0, 0, 0, 0.25, 0, 0.25);
	assert_int_equal(ssg_need(0), 7);
}

static void
test_elite_line_against_cavalry(void **state)
{
	/* Grenadiers (line, elite) attack Hussars (cavalry): line against
	 * cavalry -1, elite +2: +1, needs 6+: 3/8.  Hussars defend with
	 * nothing: 2/8. */
	(void)state;
	pair("Grenadiers", "Hussars", 0, 0, 1, 3.0 / 8, 0, 0.25);
}

static void
test_cavalry_against_square(void **state)
{
	/* Hussars attack Grenadiers frontally: cavalry against line has no
	 * modifier: 2/8.  Grenadiers defend: line against non-flanking
	 * cavalry +2, elite +2: +4, needs 3+: 6/8. */
	(void)state;
	pair("Hussars", "Grenadiers", 0, 0, 0, 0.25, 4, 6.0 / 8);
}

static void
test_cavalry_flank(void **state)
{
	/* The same from the flank: cavalry flank +3, needs 4+: 5/8.
	 * Grenadiers lose the +2 against cavalry (it is flanking), keep
	 * elite +2, and defend against a flanker at -1: +1: 3/8. */
	(void)state;
	pair("Hussars", "Grenadiers", 1, 0, 3, 5.0 / 8, 1, 3.0 / 8);
}

static void
test_double_envelopment(void **state)
{
	/* Double envelopment adds +1 more: +4, needs 3+: 6/8; the defense
	 * is as for a flank attack. */
	(void)state;
	pair("Hussars", "Grenadiers", 1, 1, 4, 6.0 / 8, 1, 3.0 / 8);
	/* Infantry flanking: +2, and +1 enveloping: Musketeers on
	 * Fusiliers: +3 needs 4+: 5/8; Fusiliers defend at -1: 1/8. */
	pair("Musketeers", "Fusiliers", 1, 1, 3, 5.0 / 8, -1, 1.0 / 8);
}

static void
test_shock_cavalry(void **state)
{
	/* Lancers (shock) attack Dragoons (cavalry): +1 against cavalry:
	 * 3/8; Dragoons: 2/8.  Reversed, Lancers defend at +1: 3/8. */
	(void)state;
	pair("Lancers", "Dragoons", 0, 0, 1, 3.0 / 8, 0, 0.25);
	pair("Dragoons", "Lancers", 0, 0, 0, 0.25, 1, 3.0 / 8);
	/* Shock counts only against cavalry: Lancers on Musketeers 2/8. */
	pair("Lancers", "Musketeers", 0, 0, 0, 0.25, 2, 0.5);
}

static void
test_heavy_against_artillery(void **state)
{
	/* Cuirassier (heavy cavalry) attack Howitzers: heavy +1, cavalry
	 * against artillery +1: +2, needs 5+: 4/8.  Howitzers defend with
	 * nothing (their +1 is against line only): 2/8. */
	(void)state;
	pair("Cuirassier", "Howitzers", 0, 0, 2, 0.5, 0, 0.25);
}

static void
test_artillery_defending_against_line(void **state)
{
	/* Musketeers attack Howitzers: no attack modifier: 2/8.
	 * "Artillery vs Line Infantry get +1 to their defense roll": 3/8. */
	(void)state;
	pair("Musketeers", "Howitzers", 0, 0, 0, 0.25, 1, 3.0 / 8);
}

static void
test_militia(void **state)
{
	/* Landwehr (light, militia) attack Musketeers: militia -1, needs
	 * 8: 1/8.  Musketeers defend: line against light -1: 1/8. */
	(void)state;
	pair("Landwehr", "Musketeers", 0, 0, -1, 1.0 / 8, -1, 1.0 / 8);
	/* Partisans (militia) flank Mortars: +2 - 1 = +1: 3/8; Mortars
	 * against a flanker -1: 1/8. */
	pair("Partisans", "Mortars", 1, 0, 1, 3.0 / 8, -1, 1.0 / 8);
}

static void
test_line_against_light(void **state)
{
	/* Musketeers attack Skirmishers (light): line against light -1:
	 * 1/8; Skirmishers defend with nothing: 2/8. */
	(void)state;
	pair("Musketeers", "Skirmishers", 0, 0, -1, 1.0 / 8, 0, 0.25);
	/* Hussars on Skirmishers: cavalry against light +1: 3/8. */
	pair("Hussars", "Skirmishers", 0, 0, 1, 3.0 / 8, 0, 0.25);
}

static void
test_horse_artillery_fights_as_artillery(void **state)
{
	/* Horse Art sets up as cavalry, but fights as artillery: Hussars
	 * attacking it get the +1 against artillery: 3/8; and it gets +1
	 * defending against line. */
	(void)state;
	assert_true(card("Horse Art")->setup_cavalry);
	assert_int_equal(card("Horse Art")->type, SSG_ARTILLERY);
	pair("Hussars", "Horse Art", 0, 0, 1, 3.0 / 8, 0, 0.25);
	pair("Musketeers", "Horse Art", 0, 0, 0, 0.25, 1, 3.0 / 8);
}

static void
test_needs_bounded(void **state)
{
	/* +6 or more always destroys (needs 1: 8/8); -2 never (needs 9). */
	(void)state;
	assert_int_equal(ssg_need(6), 1);
	assert_true(fabs(ssg_p_destroy(6) - 1) < EPS);
	assert_true(fabs(ssg_p_destroy(9) - 1) < EPS);
	assert_int_equal(ssg_need(-2), 9);
	assert_true(fabs(ssg_p_destroy(-2)) < EPS);
}

static void
test_morale(void **state)
{
	struct ssg_mods m;

	(void)state;
	/* 2d6 of 10 or more routs: 10, 11, 12 in 3 + 2 + 1 = 6 of 36. */
	ssg_morale_mods(0, 0, 0, &m);
	assert_int_equal(m.total, 0);
	assert_true(fabs(ssg_p_rout(m.total) - 6.0 / 36) < EPS);
	/* Militia +1: 9 or more, 4 + 6 = 10 of 36. */
	ssg_morale_mods(1, 0, 0, &m);
	assert_true(fabs(ssg_p_rout(m.total) - 10.0 / 36) < EPS);
	/* Elite -1: 11 or more, 3 of 36. */
	ssg_morale_mods(0, 1, 0, &m);
	assert_true(fabs(ssg_p_rout(m.total) - 3.0 / 36) < EPS);
	/* Militia and an elite destroyed: +2, 8 or more: 5 + 10 = 15 of 36. */
	ssg_morale_mods(1, 0, 1, &m);
	assert_int_equal(m.total, 2);
	assert_int_equal(ssg_morale_need(m.total), 8);
	assert_true(fabs(ssg_p_rout(m.total) - 15.0 / 36) < EPS);
}

static void
text_is(const struct ssg_effect *e, const char *want)
{
	struct sbuf sb = SBUF_INIT;

	ssg_effect_text(e, &sb);
	assert_string_equal(sb_str(&sb), want);
	sb_release(&sb);
}

static void
test_effect_text(void **state)
{
	struct ssg_effect e;

	(void)state;
	/* Square Formation: {roll: attack, who: cavalry, vs: line, mod: -3} */
	memset(&e, 0, sizeof(e));
	e.kind = SSG_EF_ROLL;
	e.roll = SSG_ROLL_ATTACK;
	e.who = 1u << SSG_CAVALRY;
	e.vs = 1u << SSG_LINE;
	e.mod = -3;
	text_is(&e, "Cavalry attacking line infantry: −3 to the attack roll.");
	/* Counter Attack: defending cavalry +2. */
	e.roll = SSG_ROLL_DEFENSE;
	e.vs = SSG_ANY;
	e.mod = 2;
	text_is(&e, "Defending cavalry: +2 to the defense roll.");
	/* Forced March: {reinforce: 1, who: infantry} */
	memset(&e, 0, sizeof(e));
	e.kind = SSG_EF_REINFORCE;
	e.mod = 1;
	e.who = SSG_INFANTRY;
	text_is(&e, "+1 reinforcement move, infantry only.");
	/* Blocking Terrain Left. */
	memset(&e, 0, sizeof(e));
	e.kind = SSG_EF_ROLL;
	e.roll = SSG_ROLL_ATTACK;
	e.where = SSG_WHERE_LEFT_FLANK;
	e.mod = -1;
	text_is(&e, "Attacks on the left flank: −1 to the attack roll.");
	/* High Ground lies on a stack and helps that stack alone. */
	e.where = SSG_WHERE_HERE;
	e.roll = SSG_ROLL_COMBAT;
	e.who = 1u << SSG_ARTILLERY;
	e.mod = 2;
	text_is(&e, "In this stack, artillery: +2 to attack and defense "
	    "rolls.");
	/* Sabers & Pistols: the battalion that is attacking, not any. */
	memset(&e, 0, sizeof(e));
	e.kind = SSG_EF_EXTRA_ATTACK;
	e.mod = 1;
	e.who = 1u << SSG_CAVALRY;
	e.attacking = 1;
	text_is(&e, "1 extra attack for the attacking cavalry battalion.");
	/* Probe: any light infantry, wherever it stands. */
	e.attacking = 0;
	e.who = 1u << SSG_LIGHT;
	text_is(&e, "1 extra attack with any light infantry battalion in any "
	    "of your stacks.");
}

/* Collects the text of each card a product emits, by name. */
struct texts {
	char name[64][48], text[64][256];
	int n;
};

static void
collect(struct emitter *e, int copies)
{
	struct texts *t = e->ctx;

	(void)copies;
	if (t->n == 64)
		return;
	snprintf(t->name[t->n], sizeof(t->name[0]), "%s", rec_get(e->rec,
	    "name"));
	snprintf(t->text[t->n], sizeof(t->text[0]), "%s", rec_get(e->rec,
	    "text"));
	t->n++;
}

static const char *
text_of(const struct texts *t, const char *name)
{
	int i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->name[i], name) == 0)
			return t->text[i];
	fail_msg("no card '%s'", name);
	return NULL;
}

static void
test_shipped_tactics_text(void **state)
{
	struct batch *b = batch_new();
	const struct loaded *ld;
	struct texts *t = calloc(1, sizeof(*t));
	struct emitter e;

	(void)state;
	diag_init(0, stderr);
	ld = load_ref(b, "decks/tactics.yaml", "ssg", "tactics");
	e.rec = record_new();
	e.card = collect;
	e.ctx = t;
	ld->kind->products[0].emit(ld->obj, &e);
	assert_int_equal(t->n, SSG_TACTICS_NAMES);
	/* "Attacking Cavalry battalion gets 1 extra attack": the attacker
	 * itself, which Probe's and Bombardment's "any ... in any of your
	 * stacks" is not.  Each unit type the card names follows its
	 * inline icon, which the template draws. */
	assert_string_equal(text_of(t, "Sabers & Pistols"),
	    "1 extra attack for the attacking {icon:cavalry} cavalry "
	    "battalion.");
	assert_string_equal(text_of(t, "Shrapnel"),
	    "1 extra attack for the attacking {icon:artillery} artillery "
	    "battalion.");
	assert_string_equal(text_of(t, "Spherical Case"),
	    "1 extra attack for the attacking {icon:artillery} artillery "
	    "battalion.");
	assert_string_equal(text_of(t, "Probe"), "1 extra attack with any "
	    "{icon:light} light infantry battalion in any of your stacks.");
	assert_string_equal(text_of(t, "Bombardment"), "1 extra attack with "
	    "any {icon:artillery} artillery battalion in any of your "
	    "stacks.");
	/* "Terrain: Get +1 to combat roll. Artillery gets +2." on the stack
	 * it is played on. */
	assert_string_equal(text_of(t, "High Ground"), "In this stack, "
	    "{icon:line} line infantry, {icon:cavalry} cavalry and "
	    "{icon:light} light infantry: +1 to attack and defense rolls.\n"
	    "In this stack, {icon:artillery} artillery: +2 to attack and "
	    "defense rolls.");
	/* "Maneuver ... (3 in deck)", every other card once. */
	assert_int_equal(ssg_tactics_count("Maneuver"), 3);
	assert_int_equal(ssg_tactics_count("Probe"), 1);
	diag_end();
	record_free(e.rec);
	free(t);
	batch_free(b);
}

static void
test_combat_note(void **state)
{
	struct sbuf sb = SBUF_INIT;
	char buf[16];

	(void)state;
	/* The battalion card's rules sentence, from the tables: a d8, 7 or
	 * more, and the double envelopment's +1. */
	ssg_combat_note(&sb);
	assert_string_equal(sb.buf, "Each side rolls a d8; 7 or more destroys "
	    "the card opposite. Double envelopment: +1 more on flank attacks.");
	sb_release(&sb);
	assert_string_equal(ssg_signed(2, buf), "+2");
	assert_string_equal(ssg_signed(-1, buf), "−1");
	assert_string_equal(ssg_signed(0, buf), "0");
}

/* The reference's combat card, kept by the card collector below. */
static void
keep_combat(struct emitter *e, int copies)
{
	const char *c = rec_get(e->rec, "combat");

	(void)copies;
	if (c && *c)
		snprintf(e->ctx, 2048, "%s", c);
}

static void
test_reference_combat(void **state)
{
	struct batch *b = batch_new();
	const struct loaded *ld;
	char *combat = calloc(1, 2048);
	struct emitter e;

	(void)state;
	/* The battalion cards leave the combat rules to the reference: it
	 * says the roll and the double envelopment's +1 among the attack
	 * modifiers, from the same tables. */
	diag_init(0, stderr);
	ld = load_ref(b, "decks/reference.yaml", "ssg", "reference");
	e.rec = record_new();
	e.card = keep_combat;
	e.ctx = combat;
	ld->kind->products[0].emit(ld->obj, &e);
	assert_non_null(strstr(combat, "Each side rolls a d8: 7 or more "
	    "destroys the card opposite.\nAttack:\n"));
	assert_non_null(strstr(combat, "\n  +2  flank attack\n  +3  cavalry "
	    "flank attack\n  +1  double envelopment (flanking on both sides)"
	    "\n"));
	assert_true(strstr(combat, "envelopment") < strstr(combat,
	    "Defense:"));
	diag_end();
	record_free(e.rec);
	free(combat);
	batch_free(b);
}

static void
test_shipped_decks(void **state)
{
	struct batch *b = batch_new();
	int copies = 0, i;

	(void)state;
	/* 33 battalions, 2 of each. */
	assert_int_equal(deck->n, SSG_BATTALION_NAMES);
	assert_int_equal(deck->copies, 2);
	for (i = 0; i < deck->n; i++)
		copies += deck->valid[i] ? deck->copies : 0;
	assert_int_equal(copies, 66);
	/* The other files load without a single error or warning. */
	diag_init(0, stderr);
	load_ref(b, "decks/tactics.yaml", "ssg", "tactics");
	load_ref(b, "decks/specialties.yaml", "ssg", "specialties");
	load_ref(b, "decks/reference.yaml", "ssg", "reference");
	load_ref(b, "decks/lineup.yaml", "ssg", "lineup");
	assert_int_equal(diag_count(L_WARNING), 0);
	assert_int_equal(diag_count(L_ERROR), 0);
	diag_end();
	batch_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_line),
		cmocka_unit_test(test_elite_line_against_cavalry),
		cmocka_unit_test(test_cavalry_against_square),
		cmocka_unit_test(test_cavalry_flank),
		cmocka_unit_test(test_double_envelopment),
		cmocka_unit_test(test_shock_cavalry),
		cmocka_unit_test(test_heavy_against_artillery),
		cmocka_unit_test(test_artillery_defending_against_line),
		cmocka_unit_test(test_militia),
		cmocka_unit_test(test_line_against_light),
		cmocka_unit_test(test_horse_artillery_fights_as_artillery),
		cmocka_unit_test(test_needs_bounded),
		cmocka_unit_test(test_morale),
		cmocka_unit_test(test_effect_text),
		cmocka_unit_test(test_shipped_decks),
		cmocka_unit_test(test_shipped_tactics_text),
		cmocka_unit_test(test_combat_note),
		cmocka_unit_test(test_reference_combat),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
