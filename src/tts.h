/*
 * tts.h -- Tabletop Simulator: a deck as a saved object (SPEC 4).
 *
 * render --format tts writes the PNG cards and the 10 x 7 sheets that
 * the game's custom deck importer takes (cmd_render.c), and beside them
 * STEM.json, a saved object: a "DeckCustom" whose CustomDeck points at
 * the sheets and the back by file:/// URI, each card a "Card" with its
 * Nickname and, in its Description, its text; dropped into the game's
 * Saved Objects folder it comes out as the deck.  The object's layout
 * is the one the game's modding documentation gives for a save file's
 * ObjectStates (Nickname, Description, Transform, CustomDeck with
 * FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden; DeckIDs and
 * ContainedObjects, a card's CardID its deck's key times 100 plus its
 * cell on the sheet).
 */
#ifndef MUSTER_TTS_H
#define MUSTER_TTS_H

#include <stddef.h>

/* A card as the game shows it: its name and its text. */
struct tts_card {
	char *name, *desc;
};

struct tts_deck {
	const char *name;		/* the deck's Nickname */
	const char *const *sheets;	/* the face sheets' paths */
	int nsheets;
	int cols, rows;			/* cells a sheet */
	int per_sheet;			/* cards a sheet (the last cell is the
					 * back: cols * rows - 1) */
	const char *back;		/* the back's PNG */
	const struct tts_card *cards;	/* in the sheets' order */
	int ncards;
};

/* Writes d to path (atomically); -1 with err filled on failure. */
int tts_write(const char *path, const struct tts_deck *d, char *err,
    size_t errlen);

/*
 * The backs of a deck are mostly one picture: when the n files backs[]
 * hold the same bytes, the first is renamed to once and the others
 * removed (returns 1); else all are left (0); -1 with err filled.
 */
int tts_backs_once(char *const *backs, int n, const char *once, char *err,
    size_t errlen);

/* "Deal 2 {icon:flame} damage" as "Deal 2 [flame] damage", into a new
 * string, for a card's Description. */
char *tts_plain(const char *text);

#endif
