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

/* What render --watch watches: a variant's base and a force's units
 * are noted as they are read, and so are those that are missing, which
 * may appear. */
static void
test_bases_and_references_noted(void **state)
{
	const char *dir = *state;
	char *variant = path_join(dir, "variant.yaml");
	char *force = path_join(dir, "force.yaml");
	char *base = path_join(dir, "base.yaml");
	char *later = path_join(dir, "later.yaml");
	char *unit = path_join(dir, "unit.yaml");
	const char *const *v;
	struct capture c;
	struct batch *b;
	size_t n, i;
	int found[4] = { 0, 0, 0, 0 };

	write_file(variant, "extends: base.yaml\nname: V\n");
	write_file(base, "extends: later.yaml\n");
	write_file(force, "system: shellshock\nkind: force\nname: F\n"
	    "sides:\n  A: {units: [unit.yaml]}\n");
	cap_start(&c, 0);
	b = batch_new();
	deps_record(1);
	system_read_file(variant, b, NULL, NULL);
	system_read_file(force, b, NULL, NULL);
	v = deps_list(&n);
	for (i = 0; i < n; i++) {
		found[0] |= strcmp(v[i], variant) == 0;
		found[1] |= strcmp(v[i], base) == 0;
		found[2] |= strcmp(v[i], later) == 0;
		found[3] |= strcmp(v[i], unit) == 0;
	}
	assert_true(found[0] && found[1]);
	assert_true(found[2]);		/* the missing base of the base */
	assert_true(found[3]);		/* the missing unit of the force */
	deps_record(0);
	batch_free(b);
	cap_end(&c);
	free(variant);
	free(force);
	free(base);
	free(later);
	free(unit);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_off_keeps_nothing),
		cmocka_unit_test(test_kept_once_in_order),
		scratch_test(test_bases_and_references_noted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
