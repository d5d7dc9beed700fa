/*
 * systems/shock_game.h -- what the SHOCK files share: the squad kind and
 * the odds command.
 */
#ifndef MUSTER_SYSTEMS_SHOCK_GAME_H
#define MUSTER_SYSTEMS_SHOCK_GAME_H

#include "../options.h"

struct kind;

extern const struct kind shock_squad_kind;

extern const char shock_odds_usage[];
int shock_odds_run(int argc, char **argv);
extern const struct cmd_opts shock_odds_options;

#endif
