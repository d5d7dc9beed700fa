/*
 * systems/shellshock_reference.c -- kind reference: a card of the record
 * card's symbols, to print beside the cards: the arcs of fire as the
 * cards draw them, a weapon's class, spread fire, the hit roll, the dV
 * columns, the ram multiplier and the internal chart.  What each means
 * is made here from the rules' tables (rules/shellshock_data.c) and
 * numbers (rules/shellshock.h), so the legend says what the checker and
 * the odds do; the figures it shows as examples (14s, 25p, x1.27) are
 * the Mason's card's, as the rules document shows it.
 */
#include <stdio.h>
#include <string.h>

#include "../arena.h"
#include "../doc.h"
#include "../record.h"
#include "../schema.h"
#include "../system.h"
#include "shellshock_game.h"

static const struct skey k_reference[] = {
	K_STR("system", REQ),
	K_STR("kind", REQ),
	K_TEXT("name", OPT, "the card's title"),
	K_END
};

struct ss_reference {
	const struct node *root;
	const char *name;
};

static void *
load(const struct node *root, struct arena *a, struct batch *b)
{
	struct ss_reference *f = arena_alloc(a, sizeof(*f));

	(void)b;
	f->root = root;
	f->name = get_str(root, "name", "Record card symbols");
	return f;
}

static const struct rule rules[] = {
	{ NULL, NULL, NULL }
};

static const char *const fields[] = {
	"title", "arc.{1..7}", "arc.{1..7}.name", "arc.{1..7}.text",
	"class", "spread", "hit", "dv", "ram", "chart.{1..6}",
	"chart.{1..6}.letter", "internal", NULL
};

static const struct rectype type = {
	"shellshock.reference", "a card of the record card's symbols", fields
};

/* What an arc lets a weapon reach, from its sector: "60° ahead". */
static void
arc_text(struct sbuf *sb, int arc)
{
	int center, width, facings;

	ss_arc_sector(arc, &center, &width);
	if (arc < SS_ARC_PIVOT1) {
		sb_addf(sb, "the %d° %s %s", width,
		    arc == SS_ARC_FRONT ? "ahead" : arc == SS_ARC_REAR ?
		    "behind" : "to the", arc == SS_ARC_LEFT ? "left" :
		    arc == SS_ARC_RIGHT ? "right" : "");
		return;
	}
	/* pivotN: N facings (of 60°) more each way than the front arc. */
	facings = arc - SS_ARC_PIVOT1 + 1;
	if (width >= 360)
		sb_addf(sb, "turns %d facings either way: all round", facings);
	else
		sb_addf(sb, "turns %d facing%s either way: %d°", facings,
		    facings == 1 ? "" : "s", width);
}

static void
emit(const void *obj, struct emitter *e)
{
	const struct ss_reference *f = obj;
	struct record *r = e->rec;
	struct sbuf sb = SBUF_INIT;
	char key[32];
	int i, center, width;

	record_clear(r);
	rec_label(r, f->name, f->root);
	rec_set(r, "title", f->name);
	for (i = 0; i < SS_NARCS; i++) {
		ss_arc_sector(i, &center, &width);
		snprintf(key, sizeof(key), "arc.%d", i + 1);
		rec_setf(r, key, "%d,%d", center, width);
		snprintf(key, sizeof(key), "arc.%d.name", i + 1);
		rec_set(r, key, ss_arc_name[i]);
		sb_reset(&sb);
		arc_text(&sb, i);
		snprintf(key, sizeof(key), "arc.%d.text", i + 1);
		rec_set(r, key, sb_str(&sb));
	}
	rec_setf(r, "class", "14%s, 25%s: damage, then %s %s or %s %s",
	    ss_class_name[1], ss_class_name[0], ss_class_name[0],
	    ss_class_word[0], ss_class_name[1], ss_class_word[1]);
	rec_setf(r, "spread", "≋ spread fire: +1d%d to hit, each weapon's "
	    "damage halved; every weapon fired must spread", SS_SPREAD_DIE);
	rec_setf(r, "hit", "To hit: d%d + targeting die + skill, -1 per full "
	    "%d in; each %d rolls again; a natural %d or %d misses, %d hits",
	    SS_HUMAN_DIE, SS_RANGE_STEP, SS_REROLL_ON, SS_FLUB_LO,
	    SS_FLUB_HI, SS_LUCKY);
	rec_set(r, "dv", "dV, the roll that hits a row: F/B front and back, "
	    "Sds sides");
	rec_set(r, "ram", "×1.27 ram: speed × it is the damage");
	for (i = 1; i <= SS_CHART_DIE; i++) {
		snprintf(key, sizeof(key), "chart.%d.letter", i);
		rec_setf(r, key, "%d %c", i, ss_chart[i].letter);
		snprintf(key, sizeof(key), "chart.%d", i);
		rec_setf(r, key, "%s%s", ss_chart[i].name,
		    ss_chart[i].fx & SS_FX_EXPLODES ? ", may explode" :
		    ss_chart[i].fx & SS_FX_CREW ? ": destroyed" : "");
	}
	rec_setf(r, "internal", "Internal: damage past the armor marks 1 to "
	    "%d boxes by band; a d%d picks the first chart box", SS_BANDS,
	    SS_CHART_DIE);
	sb_release(&sb);
	emit_card(e, 1);
}

static const struct product products[] = {
	{ "reference", &type, "shellshock-reference", emit },
	{ NULL, NULL, NULL, NULL }
};

/* `muster new shellshock reference`: what a new document starts from. */
static const char starter[] =
    "# A card of the Shellshock record card's symbols (arcs of fire, spread\n"
    "# fire, the internal chart), printed beside your cards.  Its words come\n"
    "# from the rules' tables; only its title is yours.\n"
    "system: shellshock\n"
    "kind: reference\n"
    "name: Record card symbols       # optional\n";

const struct kind shellshock_reference_kind = {
	"reference", "a card of the record card's symbols, to print beside "
	    "the cards", k_reference, rules, load, products, starter
};
