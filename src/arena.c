/*
 * arena.c -- a bump allocator over a list of blocks; see arena.h.
 */
#include "arena.h"

#include <stdalign.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_SIZE (64 * 1024)

struct block {
	struct block *next;
	size_t size, used;
	alignas(max_align_t) unsigned char data[];
};

struct arena {
	struct block *head;	/* newest standard block, then older ones */
	struct block *first;	/* the block made with the arena, kept by reset */
	size_t total;
};

static struct block *
block_new(size_t size)
{
	struct block *b = xmalloc(sizeof(*b) + size);

	b->next = NULL;
	b->size = size;
	b->used = 0;
	return b;
}

struct arena *
arena_new(void)
{
	struct arena *a = xcalloc(1, sizeof(*a));

	a->head = a->first = block_new(BLOCK_SIZE);
	return a;
}

static void
free_blocks(struct block *b)
{
	struct block *next;

	for (; b; b = next) {
		next = b->next;
		free(b);
	}
}

void
arena_free(struct arena *a)
{
	if (a == NULL)
		return;
	free_blocks(a->head);
	free(a);
}

void
arena_reset(struct arena *a)
{
	struct block *b, *next;

	for (b = a->head; b; b = next) {
		next = b->next;
		if (b != a->first)
			free(b);
	}
	a->first->next = NULL;
	a->first->used = 0;
	a->head = a->first;
	a->total = 0;
}

void *
arena_alloc(struct arena *a, size_t n)
{
	void *p = arena_alloc_raw(a, n);

	memset(p, 0, n);
	return p;
}

void *
arena_alloc_raw(struct arena *a, size_t n)
{
	const size_t al = alignof(max_align_t);
	struct block *b = a->head;
	void *p;

	n = (n + al - 1) & ~(al - 1);
	if (n == 0)
		n = al;
	if (b->size - b->used < n) {
		if (n > BLOCK_SIZE / 4) {
			/* A large object gets a block of its own behind the head. */
			struct block *big = block_new(n);

			big->used = n;
			big->next = b->next;
			b->next = big;
			a->total += n;
			return big->data;
		}
		b = block_new(BLOCK_SIZE);
		b->next = a->head;
		a->head = b;
	}
	p = b->data + b->used;
	b->used += n;
	a->total += n;
	return p;
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *
arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	char small[128], *p;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		fatal("cannot format string");
	p = arena_alloc(a, (size_t)n + 1);
	if ((size_t)n < sizeof(small)) {
		memcpy(p, small, (size_t)n + 1);
	} else {
		va_start(ap, fmt);
		vsnprintf(p, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return p;
}

size_t
arena_used(const struct arena *a)
{
	return a->total;
}
