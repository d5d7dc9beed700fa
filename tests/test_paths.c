/*
 * test_paths.c -- where muster looks for its data (paths.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "paths.h"

static int
has(const char *const *dirs, const char *want)
{
	for (; *dirs; dirs++)
		if (strcmp(*dirs, want) == 0)
			return 1;
	return 0;
}

/* A program run from where it was built reads the folder beside it. */
static void
test_beside_the_program(void **state)
{
	const char *const *d;

	(void)state;
	unsetenv("MUSTER_TEMPLATES");
	paths_set_exe_dir("/home/me/muster");
	d = paths_search("templates");
	assert_true(has(d, "/home/me/muster/templates"));
	assert_true(has(d, "/home/me/muster/../share/muster/templates"));
	assert_true(has(d, DATADIR "/templates"));
}

/* The installed program reads only the variable's folder and DATADIR:
 * never a templates/ that happens to sit in BINDIR. */
static void
test_installed_reads_its_data_folder(void **state)
{
	const char *const *d;

	(void)state;
	setenv("MUSTER_TEMPLATES", "/tmp/mine", 1);
	paths_set_exe_dir(BINDIR);
	d = paths_search("templates");
	assert_string_equal(d[0], "/tmp/mine");
	assert_string_equal(d[1], DATADIR "/templates");
	assert_null(d[2]);
	unsetenv("MUSTER_TEMPLATES");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_beside_the_program),
		cmocka_unit_test(test_installed_reads_its_data_folder),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
