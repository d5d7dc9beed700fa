/*
 * systems/shambattle_game.h -- what the ShamBattle / Portable Wargame
 * files share: the army kind and the odds command.
 */
#ifndef MUSTER_SYSTEMS_SHAMBATTLE_GAME_H
#define MUSTER_SYSTEMS_SHAMBATTLE_GAME_H

#include <getopt.h>

struct kind;

extern const struct kind shambattle_army_kind;

extern const char shambattle_odds_usage[];
int shambattle_odds_run(int argc, char **argv);
extern const struct option shambattle_odds_opts[];

#endif
