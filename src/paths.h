/*
 * paths.h -- where muster's own data lives: the built-in templates and
 * the shipped decks.  Searched in order: $MUSTER_TEMPLATES (or
 * $MUSTER_DECKS), the folder next to the program, ../share/muster next to
 * the program, and the installed DATADIR; a program that runs from the
 * installed BINDIR reads only the variable's folder and DATADIR.
 */
#ifndef MUSTER_PATHS_H
#define MUSTER_PATHS_H

/* Tells where the program runs from (main does, once). */
void paths_set_exe_dir(const char *dir);
/* The folders to search for sub ("templates" or "decks"), NULL-ended;
 * valid until the next call. */
const char *const *paths_search(const char *sub);
/* The first existing sub/name, as a new string the caller frees; NULL. */
char *paths_find(const char *sub, const char *name);

#endif
