/*
 * deps.h -- the files one run read: its inputs, the documents they name,
 * templates, images and data files.  `render --watch` watches them.
 *
 * Nothing is kept until deps_record(1): a plain run pays nothing.  Every
 * opener of an input file (the YAML reader, the image and data loaders)
 * calls deps_note() with the path it is about to open, whether or not
 * the open succeeds, so that a missing file is watched for too.
 */
#ifndef MUSTER_DEPS_H
#define MUSTER_DEPS_H

#include <stddef.h>

/* Starts (on) or stops keeping paths; stopping forgets them. */
void deps_record(int on);
/* Keeps a copy of path once, when recording. */
void deps_note(const char *path);
/* The paths kept, in the order first noted, *n of them; valid until the
 * next deps_note() or deps_clear(). */
const char *const *deps_list(size_t *n);
/* Forgets the paths kept, still recording. */
void deps_clear(void);

#endif
