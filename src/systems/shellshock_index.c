/*
 * systems/shellshock_index.c -- a unit's playing-card index ("A♣"),
 * printed in the corner of its card, sheet and counter: read, checked,
 * kept unique among the units printed together, and put in a record.
 */
#include <stdio.h>
#include <string.h>

#include "../arena.h"
#include "../diag.h"
#include "../doc.h"
#include "../record.h"
#include "../schema.h"
#include "../system.h"
#include "shellshock_game.h"

/* Splits "A♣", "10 H", "qs" into a rank and a suit glyph. */
static int
parse_card(const char *s, char rank[3], const char **suit)
{
	/* The ranks of one character; 10 is the other. */
	static const char ranks[] = "A23456789JQK";
	static const struct { const char *in, *glyph; } suits[] = {
		{ "♣", "♣" }, { "♦", "♦" }, { "♥", "♥" }, { "♠", "♠" },
		{ "C", "♣" }, { "D", "♦" }, { "H", "♥" }, { "S", "♠" },
		{ "c", "♣" }, { "d", "♦" }, { "h", "♥" }, { "s", "♠" },
	};
	size_t i, n = s[0] == '1' && s[1] == '0' ? 2 : 1;
	char r[3];

	if (strlen(s) < n)
		return 0;
	memcpy(r, s, n);
	r[n] = '\0';
	if (r[0] >= 'a' && r[0] <= 'z')
		r[0] = (char)(r[0] - 'a' + 'A');
	if (n == 1 && strchr(ranks, r[0]) == NULL)
		return 0;
	s += n;
	while (*s == ' ')
		s++;
	for (i = 0; i < NELEM(suits); i++)
		if (strcmp(s, suits[i].in) == 0) {
			memcpy(rank, r, n + 1);
			*suit = suits[i].glyph;
			return 1;
		}
	return 0;
}

void
ss_index_load(struct ss_index *x, const struct node *n, struct arena *a)
{
	const char *s = node_str(n, NULL);
	size_t r, g;
	char *card;

	memset(x, 0, sizeof(*x));
	x->n = n;
	if (s == NULL || !parse_card(s, x->rank, &x->suit))
		return;
	/* Rank and suit joined: "A♣". */
	r = strlen(x->rank);
	g = strlen(x->suit);
	card = arena_alloc_raw(a, r + g + 1);
	memcpy(card, x->rank, r);
	memcpy(card + r, x->suit, g + 1);
	x->card = card;
}

void
ss_index_check(const struct ss_index *x, const char *rule)
{
	const char *s = node_str(x->n, NULL);

	if (s && x->card == NULL)
		diag(L_ERROR, rule, x->n, "card index '%s' must be a rank (A, "
		    "2-10, J, Q, K) and a suit (♣ ♦ ♥ ♠ or C D H S), such as "
		    "'A♣' or 'QH'", s);
}

void
ss_index_claim(const struct ss_index *x, const char *who, struct batch *b,
    const char *rule)
{
	const struct place *p;

	if (x->card == NULL || b == NULL)
		return;
	p = batch_claim(b, rule, x->card, who, x->n);
	if (p)
		diag(L_WARNING, rule, x->n, "card index '%s' is also on '%s' "
		    "(%s:%d); cards printed together should have different "
		    "indices", x->card, p->what, p->file, p->line);
}

void
ss_index_emit(const struct ss_index *x, struct record *r)
{
	rec_set(r, "card", x->card ? x->card : "");
	rec_set(r, "card.rank", x->card ? x->rank : "");
	rec_set(r, "card.suit", x->card ? x->suit : "");
	/* Hearts and diamonds are the red suits of a playing card. */
	rec_set(r, "card.colour", x->card && (strcmp(x->suit, "♥") == 0 ||
	    strcmp(x->suit, "♦") == 0) ? "red" : "black");
}
