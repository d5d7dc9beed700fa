/*
 * test_arena.c -- the bump allocator every loaded document lives in
 * (arena.h): zeroed, aligned for any type, large objects, reset and reuse,
 * string copies.
 */
#include "testutil.h"

#include <stdalign.h>

#define AL (alignof(max_align_t))
/* arena.c's block size: large objects (over a quarter of it) get their own. */
#define BLOCK (64 * 1024)

static int
aligned(const void *p)
{
	return ((uintptr_t)p & (AL - 1)) == 0;
}

static int
all_zero(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != 0)
			return 0;
	return 1;
}

static void
test_alloc_is_zeroed_and_aligned(void **state)
{
	struct arena *a = arena_new();
	size_t sizes[] = { 1, 2, 3, 7, 8, 13, 16, 17, 31, 100, 1000, 4095 };
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(sizes); i++) {
		unsigned char *p = arena_alloc(a, sizes[i]);

		assert_non_null(p);
		assert_true(aligned(p));
		assert_true(all_zero(p, sizes[i]));
		/* Writable to its last byte (ASan would catch an overrun). */
		memset(p, 0xab, sizes[i]);
	}
	arena_free(a);
}

static void
test_alloc_rounds_to_alignment(void **state)
{
	struct arena *a = arena_new();
	char *p, *q;

	(void)state;
	assert_int_equal(arena_used(a), 0);
	/* One byte takes one alignment unit (16 on x86-64). */
	p = arena_alloc(a, 1);
	assert_int_equal(arena_used(a), AL);
	q = arena_alloc(a, 1);
	assert_int_equal(q - p, (ptrdiff_t)AL);
	/* Zero bytes still get a distinct pointer of one unit. */
	q = arena_alloc(a, 0);
	assert_int_equal(arena_used(a), 3 * AL);
	assert_true(aligned(q));
	arena_alloc(a, AL + 1);
	assert_int_equal(arena_used(a), 5 * AL);
	arena_free(a);
}

static void
test_many_allocations_do_not_overlap(void **state)
{
	struct arena *a = arena_new();
	unsigned char *p[5000];
	size_t i, j;

	(void)state;
	/* 5000 x 100 bytes (112 with rounding) spans several 64 KiB blocks. */
	for (i = 0; i < NELEM(p); i++) {
		p[i] = arena_alloc(a, 100);
		assert_true(aligned(p[i]));
		assert_true(all_zero(p[i], 100));
		memset(p[i], (int)(i & 0xff), 100);
	}
	for (i = 0; i < NELEM(p); i++)
		for (j = 0; j < 100; j++)
			assert_int_equal(p[i][j], i & 0xff);
	assert_int_equal(arena_used(a), NELEM(p) * ((100 + AL - 1) / AL * AL));
	arena_free(a);
}

static void
test_large_allocations(void **state)
{
	struct arena *a = arena_new();
	unsigned char *fill, *big, *small, *huge;

	(void)state;
	/* Fill the first block but for 64 bytes. */
	fill = arena_alloc(a, BLOCK - 64);
	/* Over a quarter of a block and not fitting what is left: a block
	 * of its own, so the 64 bytes are not wasted. */
	big = arena_alloc(a, BLOCK / 4 + 1);
	assert_true(aligned(big));
	assert_true(all_zero(big, BLOCK / 4 + 1));
	memset(big, 1, BLOCK / 4 + 1);
	small = arena_alloc(a, 32);
	assert_ptr_equal(small, fill + BLOCK - 64);
	small = arena_alloc(a, 32);
	assert_ptr_equal(small, fill + BLOCK - 32);
	/* Larger than a whole block. */
	huge = arena_alloc(a, 4 * BLOCK + 3);
	assert_true(aligned(huge));
	assert_true(all_zero(huge, 4 * BLOCK + 3));
	memset(huge, 2, 4 * BLOCK + 3);
	/* Now the first block is full: a small one starts a new block. */
	small = arena_alloc(a, 32);
	assert_true(all_zero(small, 32));
	assert_true(small < fill || small >= fill + BLOCK);
	assert_int_equal(big[BLOCK / 4], 1);
	assert_int_equal(huge[4 * BLOCK + 2], 2);
	assert_int_equal(arena_used(a), (BLOCK - 64) + (BLOCK / 4 + AL) +
	    32 + 32 + (4 * BLOCK + AL) + 32);
	arena_free(a);
}

static void
test_reset_reuses_and_zeroes(void **state)
{
	struct arena *a = arena_new();
	unsigned char *first, *again;
	int i;

	(void)state;
	first = arena_alloc(a, 64);
	memset(first, 0xff, 64);
	/* Fill several blocks and a large one, then forget them all. */
	for (i = 0; i < 3000; i++)
		memset(arena_alloc(a, 64), 0xee, 64);
	memset(arena_alloc(a, BLOCK), 0xdd, BLOCK);
	assert_true(arena_used(a) > 3 * BLOCK);
	arena_reset(a);
	assert_int_equal(arena_used(a), 0);
	/* The first block is kept: the next allocation is where the first
	 * one was, and zeroed although the old bytes were 0xff. */
	again = arena_alloc(a, 64);
	assert_ptr_equal(again, first);
	assert_true(all_zero(again, 64));
	assert_int_equal(arena_used(a), 64);
	/* And it keeps working past a block after a reset. */
	for (i = 0; i < 3000; i++)
		assert_true(all_zero(arena_alloc(a, 64), 64));
	arena_reset(a);
	arena_reset(a);		/* twice in a row is fine */
	assert_int_equal(arena_used(a), 0);
	arena_free(a);
}

static void
test_strings(void **state)
{
	struct arena *a = arena_new();
	char longer[300];
	char *s;

	(void)state;
	s = arena_strdup(a, "Mason");
	assert_string_equal(s, "Mason");
	assert_true(aligned(s));
	s = arena_strdup(a, "");
	assert_string_equal(s, "");
	s = arena_strndup(a, "A♣ rest", 4);	/* 'A' and the 3 bytes of ♣ */
	assert_string_equal(s, "A♣");
	s = arena_printf(a, "%s:%d:%d", "mason.yaml", 12, 3);
	assert_string_equal(s, "mason.yaml:12:3");
	s = arena_printf(a, "%s", "");
	assert_string_equal(s, "");
	/* Past the 128-byte stack buffer arena_printf formats into first. */
	memset(longer, 'z', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	s = arena_printf(a, "[%s]%d", longer, 7);
	assert_int_equal(strlen(s), 299 + 3);
	assert_int_equal(s[0], '[');
	assert_int_equal(s[300], ']');
	assert_int_equal(s[301], '7');
	/* Exactly 127 characters: the last that fits the buffer with its NUL. */
	s = arena_printf(a, "%.127s", longer);
	assert_int_equal(strlen(s), 127);
	s = arena_printf(a, "%.128s", longer);
	assert_int_equal(strlen(s), 128);
	arena_free(a);
	arena_free(NULL);	/* allowed, as free(NULL) */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alloc_is_zeroed_and_aligned),
		cmocka_unit_test(test_alloc_rounds_to_alignment),
		cmocka_unit_test(test_many_allocations_do_not_overlap),
		cmocka_unit_test(test_large_allocations),
		cmocka_unit_test(test_reset_reuses_and_zeroes),
		cmocka_unit_test(test_strings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
