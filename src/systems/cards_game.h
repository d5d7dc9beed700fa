/*
 * systems/cards_game.h -- what the files of system: cards share: its
 * one kind, the deck.
 */
#ifndef MUSTER_SYSTEMS_CARDS_GAME_H
#define MUSTER_SYSTEMS_CARDS_GAME_H

struct kind;

extern const struct kind cards_deck_kind;

#endif
