/*
 * systems/shambattle_game.h -- what the ShamBattle / Portable Wargame
 * files share: the army kind and the odds command.
 */
#ifndef MUSTER_SYSTEMS_SHAMBATTLE_GAME_H
#define MUSTER_SYSTEMS_SHAMBATTLE_GAME_H

#include "../options.h"

struct kind;

extern const struct kind shambattle_army_kind;

extern const char shambattle_odds_usage[];
int shambattle_odds_run(int argc, char **argv);
extern const struct cmd_opts shambattle_odds_options;


/* value: each unit's fair SP (systems/shambattle_value.c). */
extern const char shambattle_value_usage[];
int shambattle_value_run(int argc, char **argv);
extern const struct cmd_opts shambattle_value_options;
/* An army's name, and its i-th unit (0 past the last): its name, type
 * (enum sb_type, -1 when wrong), homebrew or not, and its values. */
struct sb_values;
const char *sb_army_name(const void *army);
int sb_army_unit(const void *army, int i, const char **name, int *type,
    int *homebrew, struct sb_values *v);
#endif
