/*
 * test_record.c -- one card face as named text fields (record.h): set,
 * get, replace, many and long fields, clear for the next card, and the
 * label and place messages name the card by.
 */
#include "testutil.h"

#include <sys/wait.h>

#include "record.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

static void
test_set_get(void **state)
{
	struct record *r = record_new();

	(void)state;
	assert_null(rec_get(r, "name"));
	rec_set(r, "name", "Mason");
	rec_set(r, "dv.E.fb", "8");
	rec_set(r, "card", "A♣");
	assert_string_equal(rec_get(r, "name"), "Mason");
	assert_string_equal(rec_get(r, "dv.E.fb"), "8");
	assert_string_equal(rec_get(r, "card"), "A♣");
	/* Keys are exact: no prefixes, no case folding. */
	assert_null(rec_get(r, "nam"));
	assert_null(rec_get(r, "Name"));
	assert_null(rec_get(r, "dv.E"));
	assert_null(rec_get(r, ""));
	/* A NULL value is stored as empty text, which is not "absent". */
	rec_set(r, "side", NULL);
	assert_non_null(rec_get(r, "side"));
	assert_string_equal(rec_get(r, "side"), "");
	record_free(r);
}

static void
test_values_are_copied(void **state)
{
	struct record *r = record_new();
	char key[16], val[16];

	(void)state;
	strcpy(key, "name");
	strcpy(val, "Mason");
	rec_set(r, key, val);
	strcpy(key, "XXXX");
	strcpy(val, "Bison");
	assert_string_equal(rec_get(r, "name"), "Mason");
	assert_null(rec_get(r, "XXXX"));
	record_free(r);
}

static void
test_replace(void **state)
{
	struct record *r = record_new();
	const char *keys[4];
	int i;

	(void)state;
	rec_set(r, "w.M", "");
	rec_set(r, "w.M", "14s");
	assert_string_equal(rec_get(r, "w.M"), "14s");
	/* Replacing many times keeps one field... */
	for (i = 0; i < 5000; i++)
		rec_setf(r, "counter", "%d", i);
	assert_string_equal(rec_get(r, "counter"), "4999");
	assert_int_equal(rec_keys(r, keys, NELEM(keys)), 2);
	/* ...and leaves the other alone. */
	assert_string_equal(rec_get(r, "w.M"), "14s");
	record_free(r);
}

static void
test_setf(void **state)
{
	struct record *r = record_new();
	char big[1000];

	(void)state;
	rec_setf(r, "ram", "×%s", "1.27");
	assert_string_equal(rec_get(r, "ram"), "×1.27");
	rec_setf(r, "gunners", "%d %s", 2, "gunners");
	assert_string_equal(rec_get(r, "gunners"), "2 gunners");
	/* Longer than rec_setf's 256-byte buffer. */
	memset(big, 'q', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	rec_setf(r, "long", "<%s>", big);
	assert_int_equal(strlen(rec_get(r, "long")), 999 + 2);
	assert_int_equal(rec_get(r, "long")[0], '<');
	assert_int_equal(rec_get(r, "long")[1000], '>');
	/* A number alone is written without printf: the same text. */
	rec_setf(r, "n", "%d", 0);
	assert_string_equal(rec_get(r, "n"), "0");
	rec_setf(r, "n", "%d", -7);
	assert_string_equal(rec_get(r, "n"), "-7");
	rec_setf(r, "n", "%d", 1234567890);
	assert_string_equal(rec_get(r, "n"), "1234567890");
	rec_setf(r, "n", "%d", INT_MIN);
	assert_string_equal(rec_get(r, "n"), "-2147483648");
	rec_setf(r, "n", "%ld", LONG_MAX);
	snprintf(big, sizeof(big), "%ld", LONG_MAX);
	assert_string_equal(rec_get(r, "n"), big);
	rec_setf(r, "n", "%ld", LONG_MIN);
	snprintf(big, sizeof(big), "%ld", LONG_MIN);
	assert_string_equal(rec_get(r, "n"), big);
	rec_setf(r, "n", "%ld", 10L);
	assert_string_equal(rec_get(r, "n"), "10");
	record_free(r);
}

static void
test_many_fields(void **state)
{
	struct record *r = record_new();
	const char *keys[300];
	char key[32], val[32];
	size_t n, i;
	int seen[256] = { 0 };

	(void)state;
	/* 256 fields is the documented most a card may have (half the
	 * table, so that probing stays short). */
	for (i = 0; i < 256; i++) {
		snprintf(key, sizeof(key), "f.%zu", i);
		snprintf(val, sizeof(val), "v%zu", i * 7);
		rec_set(r, key, val);
	}
	for (i = 0; i < 256; i++) {
		snprintf(key, sizeof(key), "f.%zu", i);
		snprintf(val, sizeof(val), "v%zu", i * 7);
		assert_non_null(rec_get(r, key));
		assert_string_equal(rec_get(r, key), val);
	}
	assert_null(rec_get(r, "f.256"));
	/* rec_keys lists each once. */
	n = rec_keys(r, keys, NELEM(keys));
	assert_int_equal(n, 256);
	for (i = 0; i < n; i++) {
		int k;

		assert_int_equal(strncmp(keys[i], "f.", 2), 0);
		k = atoi(keys[i] + 2);
		assert_true(k >= 0 && k < 256);
		assert_int_equal(seen[k], 0);
		seen[k] = 1;
	}
	/* It stops at max. */
	assert_int_equal(rec_keys(r, keys, 10), 10);
	record_free(r);
}

static void
test_fields_grow(void **state)
{
	struct record *r = record_new();
	const char *keys[5000];
	char key[32], val[32];
	int i, round;

	(void)state;
	/* No cap on fields: 3,000 fields grow the table past its first
	 * 512 slots, every one still found, and again after a clear. */
	for (round = 0; round < 2; round++) {
		for (i = 0; i < 3000; i++) {
			snprintf(key, sizeof(key), "k%d", i);
			snprintf(val, sizeof(val), "v%d.%d", i, round);
			rec_set(r, key, val);
		}
		for (i = 0; i < 3000; i++) {
			snprintf(key, sizeof(key), "k%d", i);
			snprintf(val, sizeof(val), "v%d.%d", i, round);
			assert_string_equal(rec_get(r, key), val);
		}
		assert_null(rec_get(r, "k3000"));
		assert_int_equal(rec_keys(r, keys, NELEM(keys)), 3000);
		record_clear(r);
		assert_null(rec_get(r, "k0"));
	}
	record_free(r);
}

static void
test_long_values(void **state)
{
	struct record *r = record_new();
	struct sbuf big = SBUF_INIT;
	const char *first, *v;
	size_t i;

	(void)state;
	rec_set(r, "name", "Mason");
	first = rec_get(r, "name");
	/* 100 KB, far beyond the 8 KB pool: it gets a pool of its own. */
	for (i = 0; i < 100000; i++)
		sb_addc(&big, (char)('a' + i % 26));
	rec_set(r, "text", big.buf);
	v = rec_get(r, "text");
	assert_int_equal(strlen(v), 100000);
	assert_memory_equal(v, big.buf, 100001);
	/* Strings handed out before the pool grew stay valid. */
	assert_string_equal(first, "Mason");
	assert_ptr_equal(rec_get(r, "name"), first);
	/* And the fields after it too. */
	for (i = 0; i < 100; i++)
		rec_setf(r, "after", "%zu%s", i, big.buf + 99990);
	/* The last ten letters: 99990 % 26 = 20, 'u' onwards. */
	assert_string_equal(rec_get(r, "after"), "99uvwxyzabcd");
	assert_string_equal(rec_get(r, "text"), big.buf);
	sb_release(&big);
	record_free(r);
}

static void
test_clear(void **state)
{
	struct record *r = record_new();
	struct arena *a = arena_new();
	const struct node *root;
	const char *keys[4];
	int card;

	(void)state;
	root = parse_yaml("u.yaml", "name: Mason\n", a);
	/* Card after card: nothing of the last one may leak into the next. */
	for (card = 0; card < 3; card++) {
		assert_null(rec_get(r, "name"));
		assert_null(rec_get(r, card ? "only.0" : "only.1"));
		assert_int_equal(rec_keys(r, keys, NELEM(keys)), 0);
		assert_string_equal(rec_label_text(r), "");
		assert_null(rec_file(r));
		assert_int_equal(rec_line(r), 0);
		assert_int_equal(rec_col(r), 0);
		rec_label(r, "Mason", root);
		rec_setf(r, "name", "unit %d", card);
		rec_setf(r, card ? "only.1" : "only.0", "x");
		assert_string_equal(rec_get(r, "name"), card == 0 ? "unit 0" :
		    card == 1 ? "unit 1" : "unit 2");
		record_clear(r);
	}
	record_free(r);
	record_free(NULL);	/* allowed */
	arena_free(a);
}

static void
test_label_and_place(void **state)
{
	struct record *r = record_new();
	struct arena *a = arena_new();
	const struct node *root;

	(void)state;
	root = parse_yaml("units/mason.yaml", "# the Mason\n\n  name: Mason\n",
	    a);
	assert_non_null(root);
	rec_label(r, "Mason", root);
	assert_string_equal(rec_label_text(r), "Mason");
	assert_string_equal(rec_file(r), "units/mason.yaml");
	/* The mapping starts at its first key: line 3, column 3. */
	assert_int_equal(rec_line(r), 3);
	assert_int_equal(rec_col(r), 3);
	/* The strings are copied: the document's memory may go. */
	arena_free(a);
	assert_string_equal(rec_file(r), "units/mason.yaml");
	/* A new label replaces the old; without a node there is no file. */
	rec_label(r, NULL, NULL);
	assert_string_equal(rec_label_text(r), "");
	assert_null(rec_file(r));
	record_free(r);
}

static void
test_field_places(void **state)
{
	struct record *r = record_new();
	char file[32];
	int line = 0, col = 0, i;

	(void)state;
	/* A place is set on a field that exists, and copied. */
	rec_set(r, "art", "art/fire.png");
	rec_set_place(r, "nothing", "deck.csv", 1, 1);
	assert_null(rec_place(r, "nothing", &line, &col));
	strcpy(file, "deck.csv");
	rec_set_place(r, "art", file, 7, 12);
	strcpy(file, "XXXXXXXX");
	assert_string_equal(rec_place(r, "art", &line, &col), "deck.csv");
	assert_int_equal(line, 7);
	assert_int_equal(col, 12);
	/* A field the game computed has none; setting a value again
	 * forgets the place of the old one. */
	rec_set(r, "cost", "3");
	assert_null(rec_place(r, "cost", NULL, NULL));
	rec_set(r, "art", "art/ice.png");
	assert_null(rec_place(r, "art", NULL, NULL));
	/* Fields of two files, many of them: each keeps its own. */
	for (i = 0; i < 600; i++) {
		char key[16];

		snprintf(key, sizeof(key), "f%d", i);
		rec_set(r, key, "x");
		rec_set_place(r, key, i % 2 ? "b.csv" : "deck.yaml", i + 1, 2);
	}
	assert_string_equal(rec_place(r, "f599", &line, NULL), "b.csv");
	assert_int_equal(line, 600);
	assert_string_equal(rec_place(r, "f0", &line, NULL), "deck.yaml");
	assert_int_equal(line, 1);
	/* The next card starts with none. */
	record_clear(r);
	rec_set(r, "f0", "x");
	assert_null(rec_place(r, "f0", NULL, NULL));
	rec_label_at(r, "Fireball", "deck.csv", 4, 1);
	assert_string_equal(rec_label_text(r), "Fireball");
	assert_string_equal(rec_file(r), "deck.csv");
	assert_int_equal(rec_line(r), 4);
	assert_int_equal(rec_col(r), 1);
	record_free(r);
}

static void
test_template_named(void **state)
{
	struct record *r = record_new();
	const char *file = "x";

	(void)state;
	assert_null(rec_template(r, &file));
	assert_null(file);
	rec_set_template(r, "card.yaml", "decks/spells.yaml");
	assert_string_equal(rec_template(r, &file), "card.yaml");
	assert_string_equal(file, "decks/spells.yaml");
	rec_set_template(r, "cards-poker", NULL);
	assert_string_equal(rec_template(r, &file), "cards-poker");
	assert_null(file);
	record_clear(r);
	assert_null(rec_template(r, NULL));
	record_free(r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_set_get),
		cmocka_unit_test(test_values_are_copied),
		cmocka_unit_test(test_replace),
		cmocka_unit_test(test_setf),
		cmocka_unit_test(test_many_fields),
		cmocka_unit_test(test_fields_grow),
		cmocka_unit_test(test_long_values),
		cmocka_unit_test(test_clear),
		cmocka_unit_test(test_label_and_place),
		cmocka_unit_test(test_field_places),
		cmocka_unit_test(test_template_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
