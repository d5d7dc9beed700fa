/*
 * systems/shellshock_counter.c -- product counter of every Shellshock
 * card and sheet: the "miniatures" the basic rules offer "to print and
 * cut out" (000_aa283e32b68e0840.txt, Game Setup; SPEC 3.3): the unit's
 * name, its card index, a facing arrow for its front and its side, whose
 * colour the template's palette gives.  The back shows it destroyed.
 */
#include "../record.h"
#include "../system.h"
#include "shellshock_game.h"

static const char *const counter_fields[] = {
	"name", "side", "card", "card.rank", "card.suit", "card.colour", NULL
};

const struct rectype ss_counter_type = {
	"shellshock.counter", "a cut-out counter, its back destroyed",
	counter_fields
};

void
ss_counter_emit(struct emitter *e, const char *name, const char *side,
    const struct ss_index *index, const struct node *at)
{
	struct record *r = e->rec;

	record_clear(r);
	rec_label(r, name, at);
	rec_set(r, "name", name);
	rec_set(r, "side", side ? side : "");
	ss_index_emit(index, r);
	emit_card(e, 1);
}
