/*
 * test_dice.c -- rules/dice: exact distributions, checked against
 * figures worked out by hand.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "rules/dice.h"

#define EPS 1e-12

static void
test_uniform_d6(void **state)
{
	struct dist d = DIST_INIT;

	(void)state;
	dist_uniform(&d, 1, 6);
	assert_int_equal(d.lo, 1);
	assert_int_equal(d.hi, 6);
	assert_true(fabs(dist_at(&d, 4) - 1.0 / 6) < EPS);
	assert_true(fabs(dist_at(&d, 0)) < EPS);
	assert_true(fabs(dist_mass(&d) - 1) < EPS);
	/* Mean of a d6: 21 / 6 = 3.5. */
	assert_true(fabs(dist_mean(&d) - 3.5) < EPS);
	/* P(d6 >= 5) = 2/6. */
	assert_true(fabs(dist_ge(&d, 5) - 2.0 / 6) < EPS);
	dist_free(&d);
}

static void
test_exploding_d10(void **state)
{
	struct dist d = DIST_INIT;

	(void)state;
	dist_exploding(&d, 10, EXPLODE_EPS);
	/* A 10 never stays: it adds a re-roll. */
	assert_true(dist_at(&d, 10) == 0);
	assert_true(dist_at(&d, 20) == 0);
	/* 7: first face 7, 1/10.  17: a 10 then a 7, 1/100.  27: 1/1000. */
	assert_true(fabs(dist_at(&d, 7) - 0.1) < EPS);
	assert_true(fabs(dist_at(&d, 17) - 0.01) < EPS);
	assert_true(fabs(dist_at(&d, 27) - 0.001) < EPS);
	/* P(X >= 10) is the chance of a first 10: 1/10. */
	assert_true(fabs(dist_ge(&d, 10) - 0.1) < EPS);
	/* The chain is cut where what is left is below 1e-12. */
	assert_true(dist_mass(&d) < 1);
	assert_true(1 - dist_mass(&d) < 1e-12);
	/* Mean of an exploding d10: 5.5 / (1 - 1/10) = 6.111... */
	assert_true(fabs(dist_mean(&d) - 5.5 / 0.9) < 1e-9);
	dist_free(&d);
}

static void
test_conv_2d6(void **state)
{
	struct dist a = DIST_INIT, b = DIST_INIT, s = DIST_INIT;

	(void)state;
	dist_uniform(&a, 1, 6);
	dist_uniform(&b, 1, 6);
	dist_conv(&s, &a, &b);
	assert_int_equal(s.lo, 2);
	assert_int_equal(s.hi, 12);
	/* 2d6 = 7 in 6 of 36 ways; >= 10 in 6 of 36 (4+6, 5+5, ...). */
	assert_true(fabs(dist_at(&s, 7) - 6.0 / 36) < EPS);
	assert_true(fabs(dist_ge(&s, 10) - 6.0 / 36) < EPS);
	dist_shift(&s, 1);
	assert_true(fabs(dist_ge(&s, 11) - 6.0 / 36) < EPS);
	dist_free(&a);
	dist_free(&b);
	dist_free(&s);
}

static void
test_add_scale_point(void **state)
{
	struct dist acc = DIST_INIT, p = DIST_INIT;

	(void)state;
	dist_point(&p, 3, 0.25);
	dist_add(&acc, &p);
	dist_point(&p, 8, 0.5);
	dist_add(&acc, &p);
	dist_add(&acc, &p);
	assert_int_equal(acc.lo, 3);
	assert_int_equal(acc.hi, 8);
	assert_true(fabs(dist_at(&acc, 8) - 1.0) < EPS);
	assert_true(fabs(dist_mass(&acc) - 1.25) < EPS);
	dist_scale(&acc, 2);
	assert_true(fabs(dist_at(&acc, 3) - 0.5) < EPS);
	/* 3 * 0.5 + 8 * 2 */
	assert_true(fabs(dist_mean(&acc) - 17.5) < EPS);
	dist_free(&acc);
	dist_free(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uniform_d6),
		cmocka_unit_test(test_exploding_d10),
		cmocka_unit_test(test_conv_2d6),
		cmocka_unit_test(test_add_scale_point),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
