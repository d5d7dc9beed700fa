/*
 * systems/ssg_reference.c -- kind reference: Shot, Shell & Grape's rules
 * summary as two cards.  The turn and the set-up are the document's own
 * words; every modifier comes from the rules' tables (rules/ssg.c).
 */
#include <stdio.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../record.h"
#include "../rules/ssg.h"
#include "../schema.h"
#include "../system.h"
#include "ssg_game.h"

static const struct skey k_line[] = { K_STR("line", REQ) };
static const struct skey k_reference[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_TEXT("name", REQ, "the card's title"),
	K_SEQH("turn", REQ, 1, 12, k_line, "the turn's phases, one line each"),
	K_SEQ("setup", OPT, 0, 12, k_line),
	K_END
};

struct reference {
	const struct node *root;
	const char *name;
	const struct node *turn, *setup;
};

static void *
load_reference(const struct node *root, struct arena *a, struct batch *b)
{
	struct reference *f = arena_alloc(a, sizeof(*f));

	(void)b;
	f->root = root;
	f->name = get_str(root, "name", "Rules summary");
	f->turn = node_get(root, "turn");
	f->setup = node_get(root, "setup");
	return f;
}

static const struct rule reference_rules[] = {
	{ NULL, NULL, NULL }
};

static void
add_lines(struct sbuf *sb, const struct node *list)
{
	size_t i;

	if (list == NULL || list->bad || list->type != N_SEQ)
		return;
	for (i = 0; i < list->n; i++) {
		const char *s = node_str(list->kid[i], NULL);

		if (s == NULL)
			continue;
		if (sb->len)
			sb_addc(sb, '\n');
		sb_adds(sb, s);
	}
}

static const char *const reference_fields[] = {
	"title", "page", "turn", "setup", "combat", NULL
};

static const struct rectype reference_type = {
	"ssg.reference", "the rules summary, two cards", reference_fields
};

static void
emit_reference(const void *obj, struct emitter *e)
{
	static const char *const roll_title[] = {
		"Attack", "Defense", "Both rolls"
	};
	const struct reference *f = obj;
	const struct ssg_mod_rule *m;
	const struct ssg_morale_rule *mr;
	struct record *r = e->rec;
	struct sbuf sb = SBUF_INIT;
	char buf[16];
	int roll;

	/* Card 1: the turn and the set-up, in the document's words. */
	record_clear(r);
	rec_label(r, f->name, f->root);
	rec_set(r, "title", f->name);
	rec_set(r, "page", "turn");
	add_lines(&sb, f->turn);
	rec_set(r, "turn", sb_str(&sb));
	sb_reset(&sb);
	add_lines(&sb, f->setup);
	rec_set(r, "setup", sb_str(&sb));
	rec_set(r, "combat", "");
	emit_card(e, 1);

	/* Card 2: every modifier, generated from the rules' tables. */
	record_clear(r);
	rec_label(r, f->name, f->root);
	rec_set(r, "title", "Combat and morale");
	rec_set(r, "page", "");
	sb_reset(&sb);
	sb_addf(&sb, "Each side rolls a d%d: %d or more destroys the card "
	    "opposite.", SSG_DIE, SSG_DESTROYS);
	for (roll = SSG_ROLL_ATTACK; roll <= SSG_ROLL_COMBAT; roll++) {
		sb_addf(&sb, "\n%s:", roll_title[roll]);
		/* The battalion cards leave the combat rules to this card,
		 * so it says what a double envelopment is. */
		for (m = ssg_mod_rules; m->why; m++)
			if (m->roll == roll)
				sb_addf(&sb, "\n  %s  %s%s",
				    ssg_signed(m->mod, buf), m->why,
				    m->when == SSG_DOUBLE ?
				    " (flanking on both sides)" : "");
	}
	sb_addf(&sb, "\nMorale: a stack routs on 2d6 of %d or more.",
	    SSG_ROUTS);
	for (mr = ssg_morale_rules; mr->why; mr++)
		sb_addf(&sb, "\n  %s  %s", ssg_signed(mr->mod, buf), mr->why);
	rec_set(r, "combat", sb_str(&sb));
	rec_set(r, "turn", "");
	rec_set(r, "setup", "");
	sb_release(&sb);
	emit_card(e, 1);
}

static const struct product reference_products[] = {
	{ "reference", &reference_type, "ssg-reference", emit_reference },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new ssg reference`: what a new document of this kind starts from. */
static const char starter[] =
    "# A Shot, Shell & Grape reference card: the turn in your own words, one\n"
    "# line a phase; a second card of the modifiers is printed from the rules.\n"
    "system: ssg\n"
    "kind: reference\n"
    "name: Turn sequence\n"
    "turn:\n"
    "  - \"1 Draw two Tactics cards.\"\n"
    "  - \"2 Reinforce: move up to two battalions.\"\n"
    "  - \"3 Attack with each stack's top card.\"\n"
    "  - \"4 Morale checks for destroyed battalions.\"\n"
    "  - \"5 Lay a Terrain card.\"\n"
    "setup:                         # optional\n"
    "  - \"Five stacks and a reserve.\"\n";

const struct kind ssg_reference_kind = {
	"reference", "the rules summary, as two cards", k_reference,
	reference_rules, load_reference, reference_products, starter
};
