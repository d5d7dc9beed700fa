/*
 * test_util.c -- growable strings, JSON escaping, UTF-8, "did you mean"
 * and the millimetre formatting of messages (util.h).
 */
#include "testutil.h"

/* ---- sbuf ---- */

static void
test_sbuf_empty_is_printable(void **state)
{
	struct sbuf sb = SBUF_INIT;

	(void)state;
	assert_null(sb.buf);
	assert_string_equal(sb_str(&sb), "");
	sb_release(&sb);	/* releasing a never-used sbuf is allowed */
	assert_null(sb.buf);
	assert_int_equal(sb.len, 0);
}

static void
test_sbuf_add(void **state)
{
	struct sbuf sb = SBUF_INIT;

	(void)state;
	sb_adds(&sb, "maneuver");
	sb_addc(&sb, ' ');
	sb_add(&sb, "'yyxzzz", 4);	/* only the first 4 bytes */
	sb_addc(&sb, '\'');
	sb_addf(&sb, " must be %d of %s", 3, "y, n, ?");
	assert_string_equal(sb.buf, "maneuver 'yyx' must be 3 of y, n, ?");
	assert_int_equal(sb.len, strlen(sb.buf));
	sb_release(&sb);
}

static void
test_sbuf_grows(void **state)
{
	struct sbuf sb = SBUF_INIT;
	char big[300];
	int i;

	(void)state;
	/* 64 bytes is the first capacity: go well past it, a byte at a time. */
	for (i = 0; i < 1000; i++)
		sb_addc(&sb, (char)('a' + i % 26));
	assert_int_equal(sb.len, 1000);
	assert_true(sb.cap > 1000);
	assert_int_equal(sb.buf[999], 'a' + 999 % 26);
	assert_int_equal(sb.buf[1000], '\0');

	/* A formatted string longer than the room left takes the second
	 * vsnprintf path. */
	sb_reset(&sb);
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	sb_addf(&sb, "<%s>%d", big, 42);
	assert_int_equal(sb.len, 299 + 4);
	assert_int_equal(sb.buf[0], '<');
	assert_int_equal(sb.buf[300], '>');
	assert_string_equal(sb.buf + 301, "42");
	sb_release(&sb);
}

static void
test_sbuf_reset_keeps_memory(void **state)
{
	struct sbuf sb = SBUF_INIT;
	char *before;
	size_t cap;

	(void)state;
	sb_adds(&sb, "some text that is kept");
	before = sb.buf;
	cap = sb.cap;
	sb_reset(&sb);
	assert_ptr_equal(sb.buf, before);
	assert_int_equal(sb.cap, cap);
	assert_int_equal(sb.len, 0);
	assert_string_equal(sb_str(&sb), "");
	sb_adds(&sb, "new");
	assert_string_equal(sb.buf, "new");
	sb_release(&sb);
	assert_null(sb.buf);
	assert_int_equal(sb.cap, 0);
	/* Reusable after release. */
	sb_adds(&sb, "again");
	assert_string_equal(sb_str(&sb), "again");
	sb_release(&sb);
}

/* What no card prints and a terminal may obey; each side of each range. */
static void
test_utf8_control(void **state)
{
	static const long yes[] = { 0x00, 0x1b, 0x1f, 0x7f, 0x80, 0x9b, 0x9f,
		0x200e, 0x200f, 0x202a, 0x202e, 0x2066, 0x2069, 0xfeff };
	static const long no[] = { '\t', '\n', '\r', ' ', 0x7e, 0xa0, 0xe9,
		0x200d, 0x2010, 0x2029, 0x202f, 0x2065, 0x206a, 0x2663,
		0xfefe, -1 };
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(yes); i++)
		if (!utf8_control(yes[i]))
			fail_msg("U+%04lX is a control", yes[i]);
	for (i = 0; i < NELEM(no); i++)
		if (utf8_control(no[i]))
			fail_msg("U+%04lX is not a control", no[i]);
}

static void
test_sb_json_escapes(void **state)
{
	struct sbuf sb = SBUF_INIT;

	(void)state;
	sb_json(&sb, "");
	assert_string_equal(sb.buf, "\"\"");

	sb_reset(&sb);
	sb_json(&sb, "say \"hi\" \\ now");
	assert_string_equal(sb.buf, "\"say \\\"hi\\\" \\\\ now\"");

	sb_reset(&sb);
	sb_json(&sb, "a\nb\rc\td");
	assert_string_equal(sb.buf, "\"a\\nb\\rc\\td\"");

	/* Other control characters become \u00XX (lower-case hex). */
	sb_reset(&sb);
	sb_json(&sb, "\x01-\x1f-\x1b");
	assert_string_equal(sb.buf, "\"\\u0001-\\u001f-\\u001b\"");

	/* UTF-8 and DEL (0x7f, not a JSON control character) pass through. */
	sb_reset(&sb);
	sb_json(&sb, "A♣ é \x7f");
	assert_string_equal(sb.buf, "\"A♣ é \x7f\"");

	/* Bytes that are not UTF-8 (a stray 0xFF, a lone continuation
	 * byte, a truncated sequence) become the text \xFF: the output
	 * stays valid JSON and reads as the text diagnostics do. */
	sb_reset(&sb);
	sb_json(&sb, "a\xff b\x80 c\xe2\x99");
	assert_string_equal(sb.buf, "\"a\\\\xFF b\\\\x80 c\\\\xE2\\\\x99\"");

	/* It appends: what was there stays. */
	sb_reset(&sb);
	sb_adds(&sb, "{\"k\": ");
	sb_json(&sb, "v");
	sb_addc(&sb, '}');
	assert_string_equal(sb.buf, "{\"k\": \"v\"}");
	sb_release(&sb);
}

static void
test_sb_list(void **state)
{
	static const char *const three[] = { "a", "b", "c", NULL };
	static const char *const one[] = { "front", NULL };
	static const char *const none[] = { NULL };
	struct sbuf sb = SBUF_INIT;

	(void)state;
	sb_list(&sb, three);
	assert_string_equal(sb.buf, "a, b, c");
	sb_reset(&sb);
	sb_list(&sb, one);
	assert_string_equal(sb.buf, "front");
	sb_reset(&sb);
	sb_list(&sb, none);
	assert_string_equal(sb_str(&sb), "");
	sb_release(&sb);
}

/* ---- xmalloc and friends ---- */

static void
test_xalloc(void **state)
{
	unsigned char *z;
	char *s;
	size_t i;

	(void)state;
	z = xcalloc(100, 3);
	for (i = 0; i < 300; i++)
		assert_int_equal(z[i], 0);
	free(z);
	s = xstrndup("Mason heavy", 5);
	assert_string_equal(s, "Mason");
	free(s);
	s = xstrdup("");
	assert_string_equal(s, "");
	free(s);
	/* Zero bytes still give a pointer the caller may free. */
	s = xmalloc(0);
	assert_non_null(s);
	s = xrealloc(s, 10);
	memcpy(s, "123456789", 10);
	assert_string_equal(s, "123456789");
	free(s);
}

/* ---- UTF-8 ---- */

/* Decodes one sequence of s; checks the value and how far it advanced. */
static void
check_next(const char *s, long want, size_t advance)
{
	const char *p = s;
	long c = utf8_next(&p);

	if (c != want || (size_t)(p - s) != advance)
		fail_msg("utf8_next on %02x...: got %ld advancing %zu, want %ld "
		    "advancing %zu", (unsigned char)s[0], c, (size_t)(p - s),
		    want, advance);
}

static void
test_utf8_next_valid(void **state)
{
	(void)state;
	check_next("A", 'A', 1);
	check_next("\x7f", 0x7f, 1);
	check_next("é", 0xe9, 2);		/* C3 A9 */
	check_next("\xc2\x80", 0x80, 2);	/* smallest two-byte */
	check_next("\xdf\xbf", 0x7ff, 2);	/* largest two-byte */
	check_next("\xe0\xa0\x80", 0x800, 3);	/* smallest three-byte */
	check_next("♣", 0x2663, 3);
	check_next("€", 0x20ac, 3);
	check_next("\xef\xbf\xbf", 0xffff, 3);
	check_next("\xf0\x90\x80\x80", 0x10000, 4);	/* smallest four-byte */
	check_next("🙂", 0x1f642, 4);
	check_next("\xf4\x8f\xbf\xbf", 0x10ffff, 4);	/* the last code point */
}

static void
test_utf8_next_invalid(void **state)
{
	(void)state;
	/* Every malformed sequence gives -1 and skips exactly one byte, so a
	 * caller walking a string always makes progress. */
	check_next("\x80", -1, 1);		/* a lone continuation byte */
	check_next("\xbf" "A", -1, 1);
	check_next("\xff", -1, 1);		/* never valid in UTF-8 */
	check_next("\xfe", -1, 1);
	check_next("\xf8\x88\x80\x80\x80", -1, 1);	/* old 5-byte form */
	check_next("\xc3" "A", -1, 1);		/* continuation missing */
	check_next("\xc3", -1, 1);		/* cut short by the NUL */
	check_next("\xe2\x82", -1, 1);
	check_next("\xf0\x9f\x99", -1, 1);
	check_next("\xe2" "A" "\xac", -1, 1);
}

static void
test_utf8_next_overlong(void **state)
{
	(void)state;
	/* The same code point in more bytes than it needs is refused: such
	 * forms smuggle '/' or NUL past checks. */
	check_next("\xc0\xaf", -1, 1);		/* '/' in two bytes */
	check_next("\xc0\x80", -1, 1);		/* NUL in two bytes */
	check_next("\xc1\xbf", -1, 1);		/* 0x7f in two bytes */
	check_next("\xe0\x80\xaf", -1, 1);	/* '/' in three bytes */
	check_next("\xe0\x9f\xbf", -1, 1);	/* 0x7ff in three bytes */
	check_next("\xf0\x80\x80\xaf", -1, 1);	/* '/' in four bytes */
	check_next("\xf0\x8f\xbf\xbf", -1, 1);	/* 0xffff in four bytes */
}

static void
test_utf8_next_surrogates_and_range(void **state)
{
	(void)state;
	/* U+D800..U+DFFF are UTF-16 halves, never characters. */
	check_next("\xed\xa0\x80", -1, 1);	/* U+D800 */
	check_next("\xed\xbf\xbf", -1, 1);	/* U+DFFF */
	check_next("\xed\x9f\xbf", 0xd7ff, 3);	/* just below them */
	check_next("\xee\x80\x80", 0xe000, 3);	/* just above them */
	/* Beyond U+10FFFF. */
	check_next("\xf4\x90\x80\x80", -1, 1);	/* 0x110000 */
	check_next("\xf7\xbf\xbf\xbf", -1, 1);	/* 0x1fffff */
}

static void
test_utf8_walk_mixed(void **state)
{
	const char *s = "a\xffé🙂";
	long want[] = { 'a', -1, 0xe9, 0x1f642 };
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(want); i++)
		assert_int_equal(utf8_next(&s), want[i]);
	assert_int_equal(*s, '\0');
	/* utf8_len counts malformed bytes one each. */
	assert_int_equal(utf8_len("a\xffé🙂"), 4);
	assert_int_equal(utf8_len(""), 0);
	assert_int_equal(utf8_len("♣♦♥♠"), 4);
	assert_int_equal(utf8_len("\xc0\xaf"), 2);	/* two bad bytes */
}

static void
test_utf8_encode_round_trip(void **state)
{
	char buf[5];
	long c;

	(void)state;
	/* Every code point but the surrogates encodes to the shortest form
	 * and decodes back to itself, consuming exactly what was written. */
	for (c = 1; c <= 0x10ffff; c++) {
		const char *p = buf;
		size_t n, want;

		if (c >= 0xd800 && c <= 0xdfff)
			continue;
		utf8_encode(c, buf);
		n = strlen(buf);
		want = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
		if (n != want)
			fail_msg("U+%04lX encodes to %zu bytes, want %zu", c, n,
			    want);
		if (utf8_next(&p) != c || *p != '\0')
			fail_msg("U+%04lX does not decode back", c);
	}
}

static void
test_utf8_encode_known(void **state)
{
	char buf[5];

	(void)state;
	assert_ptr_equal(utf8_encode('A', buf), buf);
	assert_string_equal(buf, "A");
	assert_string_equal(utf8_encode(0xe9, buf), "é");
	assert_string_equal(utf8_encode(0x2663, buf), "♣");
	assert_string_equal(utf8_encode(0x1f642, buf), "🙂");
	/* What cannot be encoded becomes U+FFFD, the replacement character. */
	assert_string_equal(utf8_encode(-1, buf), "\xef\xbf\xbd");
	assert_string_equal(utf8_encode(0xd800, buf), "\xef\xbf\xbd");
	assert_string_equal(utf8_encode(0xdfff, buf), "\xef\xbf\xbd");
	assert_string_equal(utf8_encode(0x110000, buf), "\xef\xbf\xbd");
}

/* ---- did you mean ---- */

static void
test_edit_distance(void **state)
{
	char long1[80], long2[80];

	(void)state;
	assert_int_equal(edit_distance("", ""), 0);
	assert_int_equal(edit_distance("", "abc"), 3);
	assert_int_equal(edit_distance("abc", ""), 3);
	assert_int_equal(edit_distance("front", "front"), 0);
	/* The textbook example: k->s, e->i, insert g. */
	assert_int_equal(edit_distance("kitten", "sitting"), 3);
	assert_int_equal(edit_distance("sitting", "kitten"), 3);
	assert_int_equal(edit_distance("flaw", "lawn"), 2);
	/* Two neighbours swapped are one edit (Damerau), not two
	 * (Levenshtein); a swap that is not of neighbours is two. */
	assert_int_equal(edit_distance("fornt", "front"), 1);
	assert_int_equal(edit_distance("nmae", "name"), 1);
	assert_int_equal(edit_distance("ab", "ba"), 1);
	assert_int_equal(edit_distance("abc", "cba"), 2);
	assert_int_equal(edit_distance("ca", "abc"), 3);
	assert_int_equal(edit_distance("speeed", "speed"), 1);
	assert_int_equal(edit_distance("pivot", "pivot2"), 1);
	/* 64 characters or more is no typo: the largest size_t. */
	memset(long1, 'a', 70);
	long1[70] = '\0';
	memset(long2, 'a', 63);
	long2[63] = '\0';
	assert_true(edit_distance(long1, "a") == (size_t)-1);
	assert_true(edit_distance("a", long1) == (size_t)-1);
	assert_int_equal(edit_distance(long2, "a"), 62);
}

static void
test_suggest_thresholds(void **state)
{
	static const char *const arcs[] = {
		"front", "rear", "left", "right", "pivot1", "pivot2",
		"pivot3", NULL
	};
	static const char *const none[] = { NULL };

	(void)state;
	/* The limit is a third of the word's length, and at least 1. */
	assert_string_equal(suggest("frnt", arcs), "front");	/* 1 edit */
	assert_string_equal(suggest("front", arcs), "front");	/* 0 edits */
	assert_string_equal(suggest("reer", arcs), "rear");
	/* Five letters allow 1 edit: a transposition is 1, two letters
	 * changed are 2. */
	assert_string_equal(suggest("fornt", arcs), "front");
	assert_null(suggest("frxnx", arcs));
	/* Six letters allow 2 edits. */
	assert_string_equal(suggest("piovt1", arcs), "pivot1");
	/* Ties go to the first in the list: "pivot" is 1 from all three. */
	assert_string_equal(suggest("pivot", arcs), "pivot1");
	/* ... unless a later one begins with the word and the first does
	 * not: "S" is 1 from "B" and from "SA". */
	{
		static const char *const dvt[] = {
			"B", "M", "E", "I", "SA", "P", NULL
		};

		assert_string_equal(suggest("S", dvt), "SA");
		/* Changing every letter is no suggestion. */
		assert_null(suggest("Q", dvt));
		assert_string_equal(suggest("SX", dvt), "SA");
		assert_null(suggest("QX", dvt));
	}
	/* Other capitals are the word; of two as near, the longer shared
	 * beginning: 'VII' is 1 from 'II' and from 'VI'. */
	{
		static const char *const cls[] = {
			"I", "II", "III", "IV", "V", "VI", NULL
		};
		static const char *const q[] = { "green", "elite", NULL };

		assert_string_equal(suggest("iv", cls), "IV");
		assert_string_equal(suggest("VII", cls), "VI");
		assert_string_equal(suggest("ELITE", q), "elite");
	}
	/* Short words still get 1 edit: "x" -> nothing is within 1 of it. */
	assert_null(suggest("x", arcs));
	assert_null(suggest("banana", arcs));
	assert_null(suggest("front", none));
	/* Nine letters: 3 edits allowed, 4 not. */
	{
		static const char *const keys[] = { "max_speed", NULL };

		assert_string_equal(suggest("maxxspeed", keys), "max_speed");
		assert_string_equal(suggest("mex_spood", keys), "max_speed");
		assert_null(suggest("mex_spxox", keys));
	}
}

/* ---- messages ---- */

static void
test_mm_str(void **state)
{
	char buf[32];

	(void)state;
	/* 72 points are an inch, 25.4 mm. */
	assert_ptr_equal(mm_str(72, buf), buf);
	assert_string_equal(buf, "25.4 mm");
	assert_string_equal(mm_str(0, buf), "0.0 mm");
	assert_string_equal(mm_str(2.5 * 72 / 25.4, buf), "2.5 mm");
	/* 7.087 pt is 2.50 mm: one decimal. */
	assert_string_equal(mm_str(7.087, buf), "2.5 mm");
	assert_string_equal(mm_str(-72, buf), "-25.4 mm");
	/* A Letter page is 612 pt = 215.9 mm wide. */
	assert_string_equal(mm_str(612, buf), "215.9 mm");
}

/* A name as read from the file that names it: beside it when relative
 * and the file is in a folder, else as it is. */
static void
test_path_beside(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(path_beside("units/a.yaml", "b.yaml", buf,
	    sizeof(buf)), "units/b.yaml");
	assert_string_equal(path_beside("/x/y/a.yaml", "../b.yaml", buf,
	    sizeof(buf)), "/x/y/../b.yaml");
	assert_string_equal(path_beside("a.yaml", "b.yaml", buf, sizeof(buf)),
	    "b.yaml");
	assert_string_equal(path_beside("units/a.yaml", "/etc/b.yaml", buf,
	    sizeof(buf)), "/etc/b.yaml");
	assert_string_equal(path_beside(NULL, "b.yaml", buf, sizeof(buf)),
	    "b.yaml");
	/* Cut to the buffer, never past it. */
	assert_string_equal(path_beside("abcdef/a", "xyz", buf, 8), "abcdef/");
}

static void
test_ratio_arithmetic(void **state)
{
	struct ratio r;

	(void)state;
	/* Reduced by the gcd, the sign on the numerator. */
	r = ratio_of(6, -4);
	assert_int_equal(r.p, -3);
	assert_int_equal(r.q, 2);
	assert_true(r.v == -1.5);
	/* 1/6 + 1/3 = 1/2; 1/2 - 1/3 = 1/6; 2/3 x 3/4 = 1/2; (1/2)/(1/4) = 2. */
	r = ratio_add(ratio_of(1, 6), ratio_of(1, 3));
	assert_true(r.p == 1 && r.q == 2);
	r = ratio_sub(ratio_of(1, 2), ratio_of(1, 3));
	assert_true(r.p == 1 && r.q == 6);
	r = ratio_mul(ratio_of(2, 3), ratio_of(3, 4));
	assert_true(r.p == 1 && r.q == 2);
	r = ratio_div(ratio_of(1, 2), ratio_of(1, 4));
	assert_true(r.p == 2 && r.q == 1);
	/* 6^24 fits in 64 bits, 6^25 does not: the fraction goes, the
	 * double stays. */
	r = ratio_of(1, 1);
	for (int i = 0; i < 24; i++)
		r = ratio_mul(r, ratio_of(1, 6));
	assert_true(r.q == 4738381338321616896LL);
	r = ratio_mul(r, ratio_of(1, 6));
	assert_int_equal(r.q, 0);
	assert_true(r.v > 3.5e-20 && r.v < 3.6e-20);
	/* Cross-reduction keeps what fits: (2^40/3^20) x (3^20/2^40) = 1. */
	r = ratio_mul(ratio_of(1LL << 40, 3486784401LL),
	    ratio_of(3486784401LL, 1LL << 40));
	assert_true(r.p == 1 && r.q == 1);
	/* A sum whose common denominator overflows has no fraction. */
	r = ratio_add(ratio_of(1, 4611686018427387847LL),
	    ratio_of(1, 4611686018427387817LL));
	assert_int_equal(r.q, 0);
}

static void
test_ratio_nearest(void **state)
{
	(void)state;
	/* Correctly rounded where a plain division of doubles is not:
	 * 2^53 + 1 is no double, so (double)p / q rounds twice. */
	assert_true(ratio_nearest(1, 3) == 1.0 / 3);
	assert_true(ratio_nearest(-1, 3) == -1.0 / 3);
	assert_true(ratio_nearest(9007199254740993LL, 9007199254740992LL) ==
	    1.0);
	/* (2^53 + 1) / 2^53 = 1 + 2^-53 is halfway between 1 and
	 * 1 + 2^-52 and goes to the even 1 (above); (2^53 + 3) / 2^53 =
	 * 1 + 3 x 2^-53 is halfway between 1 + 2^-52 and 1 + 2^-51 and
	 * goes to the even 1 + 2^-51. */
	assert_true(ratio_nearest(9007199254740995LL, 9007199254740992LL) ==
	    1.0 + 0x1p-51);
	/* A large whole part, and a tiny value. */
	assert_true(ratio_nearest(INT64_MAX, 1) == 0x1p63);
	assert_true(ratio_nearest(1, INT64_MAX) == 0x1p-63);
	assert_true(ratio_nearest(7, 1) == 7.0);
	assert_true(ratio_nearest(0, 5) == 0.0);
}

/*
 * Up to 2^53 both parts are exact doubles and ratio_nearest() divides
 * them; past it, it divides bit by bit.  The two ways agree: n/d and
 * the same fraction scaled past 2^53 (n 2^k / d 2^k, k to put the
 * larger part at 2^61 or more) give the same double, for 100,000
 * random fractions of every size up to 2^53 (a wrong fast path fails
 * here).  A fast path past 2^53 would divide the scaled pair exactly
 * too (scaling adds no bits): the last assertion, a part that is no
 * double, fails it.
 */
static void
test_ratio_nearest_ways(void **state)
{
	uint64_t x = 88172645463325252u, n, d, big;
	int i, k;

	(void)state;
	for (i = 0; i < 100000; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		n = (x >> (x % 53)) % (UINT64_C(1) << 53) + 1;
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		d = (x >> (x % 53)) % (UINT64_C(1) << 53) + 1;
		if (i == 0)
			n = UINT64_C(1) << 53, d = 3;
		big = n > d ? n : d;
		k = 62 - (64 - __builtin_clzll(big));
		if (ratio_nearest((int64_t)n, (int64_t)d) !=
		    ratio_nearest((int64_t)(n << k), (int64_t)(d << k)))
			fail_msg("%llu/%llu: %a against %a scaled by 2^%d",
			    (unsigned long long)n, (unsigned long long)d,
			    ratio_nearest((int64_t)n, (int64_t)d),
			    ratio_nearest((int64_t)(n << k), (int64_t)(d << k)),
			    k);
	}
	/* The first past the edge is divided bit by bit, and right. */
	assert_true(ratio_nearest(9007199254740993LL, 3) ==
	    3002399751580331.0);
}

/*
 * fnv1a(), eight bytes to a step, is FNV-1a 64 byte by byte: the
 * published vectors ("" is the offset basis; "a", "foobar"), and every
 * length 0 to 40 of a text against the one-byte loop, whole and in two
 * pieces carried on (as diag.c hashes a message piece by piece).
 */
static void
test_fnv1a(void **state)
{
	const char *t = "combat_value 64 is 47 % below muster's value";
	unsigned long long want, h;
	size_t n, i, cut;

	(void)state;
	assert_true(fnv1a(FNV_SEED, "", 0) == 0xcbf29ce484222325ULL);
	assert_true(fnv1a(FNV_SEED, "a", 1) == 0xaf63dc4c8601ec8cULL);
	assert_true(fnv1a(FNV_SEED, "foobar", 6) == 0x85944171f73967e8ULL);
	for (n = 0; n <= 40; n++) {
		want = FNV_SEED;
		for (i = 0; i < n; i++)
			want = (want ^ (unsigned char)t[i]) * 1099511628211ULL;
		assert_true(fnv1a(FNV_SEED, t, n) == want);
		for (cut = 0; cut <= n; cut++) {
			h = fnv1a(fnv1a(FNV_SEED, t, cut), t + cut, n - cut);
			assert_true(h == want);
		}
	}
}

/* "allowed:" lists each choice once and no empty one, and says nothing
 * when none is left: a list made from a document's own names (a fire
 * system twice, a crewman with no id). */
static void
test_hint_allowed(void **state)
{
	struct sbuf sb = SBUF_INIT;

	(void)state;
	assert_string_equal(sb_hint(&sb, "Q", (const char *const[]){ "",
	    "Turret", "Turret", "Body", NULL }, 1), "; allowed: Turret, Body");
	assert_string_equal(sb_hint(&sb, "Q", (const char *const[]){ "", "",
	    NULL }, 1), "");
	assert_string_equal(sb_hint(&sb, "Turet", (const char *const[]){
	    "Turret", "Turret", NULL }, 1),
	    "; did you mean 'Turret'? allowed: Turret");
	sb_release(&sb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sbuf_empty_is_printable),
		cmocka_unit_test(test_sbuf_add),
		cmocka_unit_test(test_sbuf_grows),
		cmocka_unit_test(test_sbuf_reset_keeps_memory),
		cmocka_unit_test(test_utf8_control),
		cmocka_unit_test(test_sb_json_escapes),
		cmocka_unit_test(test_sb_list),
		cmocka_unit_test(test_xalloc),
		cmocka_unit_test(test_utf8_next_valid),
		cmocka_unit_test(test_utf8_next_invalid),
		cmocka_unit_test(test_utf8_next_overlong),
		cmocka_unit_test(test_utf8_next_surrogates_and_range),
		cmocka_unit_test(test_utf8_walk_mixed),
		cmocka_unit_test(test_utf8_encode_round_trip),
		cmocka_unit_test(test_utf8_encode_known),
		cmocka_unit_test(test_edit_distance),
		cmocka_unit_test(test_suggest_thresholds),
		cmocka_unit_test(test_mm_str),
		cmocka_unit_test(test_path_beside),
		cmocka_unit_test(test_ratio_arithmetic),
		cmocka_unit_test(test_ratio_nearest),
		cmocka_unit_test(test_ratio_nearest_ways),
		cmocka_unit_test(test_fnv1a),
		cmocka_unit_test(test_hint_allowed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
