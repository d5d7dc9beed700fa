/*
 * test_report.c -- report.c: one call writes a result as text or as
 * JSON, figures in both, words in the text alone.
 */
#include "testutil.h"

#include "report.h"

/* Writes the same small result in the mode asked; returns the output. */
static char *
write_result(int json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct report *rp;

	assert_non_null(f);
	rp = rp_new(f, json);
	assert_int_equal(rp_json(rp), json);
	rp_f(rp, "{who:%s} fires from {range:%d} in{_:%s}{~spread:%b}: "
	    "{{not a figure}}\n", "Mason \"A\"", 19, ", point blank", 0);
	rp_open(rp, "weapons", '[');
	rp_open(rp, NULL, '{');
	rp_f(rp, "  {row:%c} needs {need:%3d}+ {p_hit:%8.4P} %\n", 'M', 11,
	    0.55);
	rp_close(rp);
	rp_open(rp, NULL, '{');
	rp_f(rp, "  {row:%c} needs {need:%3d}+ {p_hit:%8.4P} %\n", 'I', 16,
	    0.23);
	rp_close(rp);
	rp_close(rp);
	rp_open(rp, "faces", '[');
	rp_f(rp, "faces {:%d} and {:%d}{~:%d}\n", 4, 5, 6);
	rp_close(rp);
	rp_f(rp, "mean {mean:%.2f}{~cause:%s}\n", 20.175, NULL);
	rp_end(rp);
	fclose(f);
	return buf;
}

static void
test_text(void **state)
{
	char *out = write_result(0);

	(void)state;
	/* Words and figures with their widths; no JSON-only figure. */
	assert_string_equal(out,
	    "Mason \"A\" fires from 19 in, point blank: {not a figure}\n"
	    "  M needs  11+  55.0000 %\n"
	    "  I needs  16+  23.0000 %\n"
	    "faces 4 and 5\n"
	    "mean 20.18\n");
	free(out);
}

static void
test_json(void **state)
{
	char *out = write_result(1);

	(void)state;
	/* The same figures by their keys, nested as opened, none of the
	 * words; a probability as it is; a NULL string is null. */
	assert_string_equal(out,
	    "{\"who\": \"Mason \\\"A\\\"\", \"range\": 19, \"spread\": false, "
	    "\"weapons\": [{\"row\": \"M\", \"need\": 11, \"p_hit\": 0.550000}, "
	    "{\"row\": \"I\", \"need\": 16, \"p_hit\": 0.230000}], "
	    "\"faces\": [4, 5, 6], \"mean\": 20.175000, \"cause\": null}\n");
	free(out);
}

static void
test_unclosed_levels_are_closed(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct report *rp = rp_new(f, 1);

	(void)state;
	rp_open(rp, "a", '{');
	rp_open(rp, "b", '[');
	rp_f(rp, "{:%d}", 1);
	rp_end(rp);
	fclose(f);
	assert_string_equal(buf, "{\"a\": {\"b\": [1]}}\n");
	free(buf);
}

/* Writes one exact figure in the mode asked; returns the output. */
static char *
write_exact(int json, const char *fmt, struct ratio r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct report *rp;

	assert_non_null(f);
	rp = rp_new(f, json);
	rp_f(rp, fmt, r);
	rp_end(rp);
	fclose(f);
	return buf;
}

static void
test_exact_json(void **state)
{
	char *out;

	(void)state;
	/* 17 significant digits, and the fraction beside it by KEY_exact;
	 * the one exact figure of an object again as "exact" (SPEC 5). */
	out = write_exact(1, "{p:%.4Q}", ratio_of(1, 3));
	assert_string_equal(out, "{\"p\": 0.33333333333333331, "
	    "\"p_exact\": \"1/3\", \"exact\": \"1/3\"}\n");
	free(out);
	/* A whole number prints as one; a mean is an R. */
	out = write_exact(1, "{mean:%.4R}", ratio_of(6, 6));
	assert_string_equal(out, "{\"mean\": 1, \"mean_exact\": \"1/1\", "
	    "\"exact\": \"1/1\"}\n");
	free(out);
	/* Two in one object: which would "exact" be?  Neither. */
	{
		size_t len = 0;
		FILE *f = open_memstream(&out, &len);
		struct report *rp;

		assert_non_null(f);
		rp = rp_new(f, 1);
		rp_f(rp, "{p:%.4Q} {q:%.4Q}", ratio_of(1, 3), ratio_of(1, 4));
		rp_end(rp);
		fclose(f);
	}
	assert_string_equal(out, "{\"p\": 0.33333333333333331, "
	    "\"p_exact\": \"1/3\", \"q\": 0.25, \"q_exact\": \"1/4\"}\n");
	free(out);
	/* No fraction: the double alone. */
	out = write_exact(1, "{p:%.4Q}", ratio_double(1e-78));
	assert_string_equal(out, "{\"p\": 1e-78}\n");
	free(out);
}

static void
test_exact_text(void **state)
{
	char *out;

	(void)state;
	/* As P and f in the text... */
	out = write_exact(0, "{p:%8.4Q} %", ratio_of(1, 3));
	assert_string_equal(out, " 33.3333 %");
	free(out);
	out = write_exact(0, "{m:%.2R}", ratio_of(5, 2));
	assert_string_equal(out, "2.50");
	free(out);
	/* ...but a nonzero chance is never printed as zero; zero is. */
	out = write_exact(0, "{p:%8.4Q} %", ratio_double(1.234e-76));
	assert_string_equal(out, "1.23e-74 %");
	free(out);
	out = write_exact(0, "{p:%8.4Q} %", ratio_of(0, 1));
	assert_string_equal(out, "  0.0000 %");
	free(out);
}

/*
 * The fractions k / 3^13 as odds print them: at 6 decimals 594,323 of
 * the 1,594,324 collided (issue 26); at 17 significant digits every one
 * reads back as its own nearest double, so no two are alike.  Checked on
 * 28 runs of 3^8 neighbouring k, one starting at each 3^10th k and one
 * ending at 3^13 (a ninth of them, 0.5 s of the 5 all take under ASan):
 * neighbours are 1 / 3^13 = 6.3e-7 apart, so 6 decimals collide in each.
 */
static int64_t
distinct_k(int64_t i)
{
	const int64_t run = 6561, step = 59049, q = 1594323;
	int64_t r = i / run;

	return r < 27 ? r * step + i % run : q - run + 1 + i % run;
}

static void
test_exact_distinct(void **state)
{
	const int64_t q = 1594323, n = 28 * 6561;	/* 3^13, 28 runs */
	char *buf = NULL, *s;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct report *rp;
	double last = -1, v;
	int64_t i;

	(void)state;
	assert_non_null(f);
	rp = rp_new(f, 1);
	rp_open(rp, "list", '[');
	for (i = 0; i < n; i++) {
		rp_open(rp, NULL, '{');
		rp_f(rp, "{p:%Q}", ratio_of(distinct_k(i), q));
		rp_close(rp);
	}
	rp_end(rp);
	fclose(f);
	s = buf;
	for (i = 0; i < n; i++) {
		/* By hand, not strstr: ASan's measures the whole buffer at
		 * each call. */
		while (*s && memcmp(s, "{\"p\": ", 6) != 0)
			s++;
		assert_true(*s);
		v = strtod(s + 6, &s);
		assert_true(v == ratio_nearest(distinct_k(i), q));
		assert_true(v > last);
		last = v;
	}
	assert_int_equal(distinct_k(n - 1), q);
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_unclosed_levels_are_closed),
		cmocka_unit_test(test_exact_json),
		cmocka_unit_test(test_exact_text),
		cmocka_unit_test(test_exact_distinct),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
