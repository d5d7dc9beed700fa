/*
 * arena.h -- memory for one loaded document (git's mem-pool).
 *
 * Everything a loaded document owns (its node tree, its scalars, the typed
 * structures a system builds from it) is allocated here and freed in one
 * call.  Allocations are zeroed and suitably aligned for any type.
 */
#ifndef MUSTER_ARENA_H
#define MUSTER_ARENA_H

#include <stddef.h>

#include "util.h"

struct arena;

/* A new empty arena; free it with arena_free. */
struct arena *arena_new(void);
/* Frees the arena and everything allocated from it; NULL is allowed. */
void arena_free(struct arena *a);
/* Forgets every allocation but keeps one block for reuse. */
void arena_reset(struct arena *a);
/* n zeroed bytes that live until the arena is reset or freed. */
void *arena_alloc(struct arena *a, size_t n);
/* The same not zeroed, for what is written whole at once. */
void *arena_alloc_raw(struct arena *a, size_t n);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);
char *arena_printf(struct arena *a, const char *fmt, ...) ATTR_PRINTF(2, 3);
/* Bytes handed out since the last reset (for limits and benchmarks). */
size_t arena_used(const struct arena *a);

#endif
