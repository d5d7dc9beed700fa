/*
 * test_shellshock_advanced.c -- rules/shellshock_advanced: the advanced
 * rules' tables and the ECV arithmetic, each against the rules document
 * (003_1dddfc23c27b38e7.txt) by hand.
 */
#include "testutil.h"

#include "rules/shellshock.h"
#include "rules/shellshock_advanced.h"

static void
test_to_hit(void **state)
{
	(void)state;
	/* "In World War II, you use 1d10 and 1d6 ... 1d10 and 1d8, and some
	 * use 2d10 ... In the Future version of the game, you will use 2d10":
	 * the die beside the gunner's d10, read against the eras' table. */
	assert_int_equal(ss_to_hit_die("1d10+1d6"), 6);
	assert_int_equal(ss_to_hit_die("1d10+1d8"), 8);
	assert_int_equal(ss_to_hit_die("2d10"), 10);
	assert_int_equal(ss_to_hit_die("1d10+1d12"), 0);
	assert_int_equal(ss_to_hit_die(NULL), 0);
	assert_true(ss_era_allows_die(SS_WW2, ss_to_hit_die("1d10+1d6")));
	assert_false(ss_era_allows_die(SS_WW2, ss_to_hit_die("2d10")));
	assert_true(ss_era_allows_die(SS_MODERN, ss_to_hit_die("1d10+1d8")));
	assert_true(ss_era_allows_die(SS_MODERN, ss_to_hit_die("2d10")));
	assert_true(ss_era_allows_die(SS_FUTURE, ss_to_hit_die("2d10")));
	assert_false(ss_era_allows_die(SS_FUTURE, ss_to_hit_die("1d10+1d8")));
}

static void
test_body_pilot(void **state)
{
	(void)state;
	/* "Only the Pilot can control the Body fire system"; a walker's
	 * Torso is its body (SPEC 6); a turret or an arm is not. */
	assert_true(ss_body_system("Body"));
	assert_true(ss_body_system("torso"));
	assert_false(ss_body_system("Turret"));
	assert_false(ss_body_system("Right arm"));
	assert_false(ss_body_system(NULL));
	/* The pilot: role Pilot or Driver, or id P; not a gunner or a
	 * commander with another id. */
	assert_true(ss_is_pilot("Pilot", "X"));
	assert_true(ss_is_pilot("driver", "D"));
	assert_true(ss_is_pilot("Gunner", "P"));
	assert_false(ss_is_pilot("Gunner", "G1"));
	assert_false(ss_is_pilot("Commander", "C"));
	assert_false(ss_is_pilot(NULL, NULL));
}

static void
test_tables(void **state)
{
	(void)state;
	/* "There are 6 weapon types: Ballistic, Missile, Energy, Indirect,
	 * Small Arms and Physical". */
	assert_int_equal(SS_NDVT, 6);
	assert_string_equal(ss_dvt_name[SS_DVT_SA], "SA");
	assert_string_equal(ss_dvt_word[SS_DVT_SA], "small arms");
	assert_null(ss_dvt_name[SS_NDVT]);
	/* Six penetration angles and six multipliers, clockwise from the
	 * front: the front, the rear and four between. */
	assert_string_equal(ss_angle_name[0], "front");
	assert_string_equal(ss_angle_name[3], "rear");
	assert_string_equal(ss_multiplier_name[0], "forward");
	assert_string_equal(ss_multiplier_name[3], "reverse");
	assert_null(ss_angle_name[SS_NANGLES]);
	assert_null(ss_multiplier_name[SS_NANGLES]);
	/* "roll 1d10 and 1d6": 10 rows of 6; "SLIP, TURN, and MSRP" and X. */
	assert_int_equal(SS_LOCO_ROWS * SS_LOCO_COLS, 60);
	assert_int_equal(str_index(ss_loco_word, "MSRP"), 2);
	assert_int_equal(str_index(ss_loco_word, "X"), 3);
	/* "all indirect weapons have a minimum range of 12 hexes"; "one mile
	 * = 120 hexes": a tenth of a mile. */
	assert_near((double)SS_INDIRECT_MIN_HEXES / SS_HEXES_PER_MILE, 0.1,
	    1e-12);
}

static void
test_ecv(void **state)
{
	struct ss_ecv e = { 268, 26, 4, 0 };

	(void)state;
	/* The demo force's UN side: 268 + 26 + 4 = 298. */
	ss_ecv_total(&e);
	assert_int_equal(e.total, 298);
	/* More than 10 % apart, against the larger: 100 and 90 differ by
	 * exactly 10 %, even; 100 and 89 by 11 %, uneven; either order. */
	assert_false(ss_ecv_uneven(100, 90));
	assert_false(ss_ecv_uneven(90, 100));
	assert_true(ss_ecv_uneven(100, 89));
	assert_true(ss_ecv_uneven(89, 100));
	/* 298 and 288: 10 / 298 = 3.4 %. */
	assert_false(ss_ecv_uneven(298, 288));
	assert_false(ss_ecv_uneven(0, 0));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_to_hit),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_body_pilot),
		cmocka_unit_test(test_ecv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
