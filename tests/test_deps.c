/*
 * test_deps.c -- the files a run read, kept only when asked.
 */
#include "testutil.h"

#include "deps.h"

static void
test_off_keeps_nothing(void **state)
{
	size_t n = 99;

	(void)state;
	deps_note("a.yaml");
	deps_list(&n);
	assert_int_equal(n, 0);
}

static void
test_kept_once_in_order(void **state)
{
	const char *const *v;
	size_t n;

	(void)state;
	deps_record(1);
	deps_note("b.yaml");
	deps_note("a.yaml");
	deps_note("b.yaml");
	v = deps_list(&n);
	assert_int_equal(n, 2);
	assert_string_equal(v[0], "b.yaml");
	assert_string_equal(v[1], "a.yaml");
	deps_clear();
	deps_list(&n);
	assert_int_equal(n, 0);
	deps_note("c.yaml");
	v = deps_list(&n);
	assert_int_equal(n, 1);
	assert_string_equal(v[0], "c.yaml");
	deps_record(0);
	deps_note("d.yaml");
	deps_list(&n);
	assert_int_equal(n, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_off_keeps_nothing),
		cmocka_unit_test(test_kept_once_in_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
