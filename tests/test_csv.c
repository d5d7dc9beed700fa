/*
 * test_csv.c -- comma- and tab-separated values (csv.h) against RFC
 * 4180's corner cases: quoted fields holding separators, line breaks
 * and doubled quotes; a byte-order mark; CRLF, LF and CR; empty fields;
 * no line break at the end; rows too short (kept) and too long (told and
 * left out); bytes that are
 * not UTF-8; a quote never closed; each field's line and column, lines
 * counted through quoted line breaks; the limits.
 */
#include "testutil.h"

#include "csv.h"

/* Parses text (with its NUL) as sep-separated data of "d.csv"; the
 * diagnostics into *out (caller frees), the errors into *errors. */
static struct csv *
parse(struct arena *a, const char *text, size_t len, char sep, char **out,
    int *errors)
{
	struct capture c;
	struct csv *t;

	cap_start(&c, 0);
	t = csv_parse(text, len, sep, "d.csv", "test.csv", a, errors);
	diag_flush();
	*out = xstrdup(cap_text(&c));
	cap_end(&c);
	return t;
}

#define PARSE(a, lit, sep, out, err) parse((a), (lit), sizeof(lit) - 1, \
	(sep), (out), (err))

static void
assert_cell(const struct csv_cell *c, const char *text, int line, int col)
{
	assert_string_equal(c->text, text);
	assert_int_equal(c->line, line);
	assert_int_equal(c->col, col);
}

static void
test_plain(void **state)
{
	struct arena *a = arena_new();
	struct csv *t;
	char *out;
	int errs;

	(void)state;
	t = PARSE(a, "name,cost,text\nFireball,3,Deal 3.\nShield,1,\n", ',',
	    &out, &errs);
	assert_string_equal(out, "");
	assert_int_equal(errs, 0);
	assert_non_null(t);
	assert_int_equal(t->ncols, 3);
	assert_cell(&t->head[0], "name", 1, 1);
	assert_cell(&t->head[2], "text", 1, 11);
	assert_int_equal(t->nrows, 2);
	assert_int_equal(t->row[0].line, 2);
	assert_cell(&t->row[0].cell[0], "Fireball", 2, 1);
	assert_cell(&t->row[0].cell[1], "3", 2, 10);
	assert_cell(&t->row[0].cell[2], "Deal 3.", 2, 12);
	/* An empty last field: a separator before the line break. */
	assert_cell(&t->row[1].cell[2], "", 3, 10);
	free(out);
	arena_free(a);
}

static void
test_quoted(void **state)
{
	struct arena *a = arena_new();
	struct csv *t;
	char *out;
	int errs;

	(void)state;
	/* A separator, a doubled quote, a line break (and a CRLF one) in
	 * quotes; a quote inside a field that does not start with one is a
	 * character; the next row's line counts the breaks in quotes. */
	t = PARSE(a, "name,text\n"
	    "\"Bolt, Lesser\",\"Say \"\"zap\"\"\nthen\r\nstrike\"\n"
	    "6\" gun,\"\"\n"
	    "Last,\"é, ü\"\n", ',', &out, &errs);
	assert_string_equal(out, "");
	assert_non_null(t);
	assert_int_equal(t->nrows, 3);
	assert_cell(&t->row[0].cell[0], "Bolt, Lesser", 2, 1);
	assert_cell(&t->row[0].cell[1], "Say \"zap\"\nthen\nstrike", 2, 16);
	assert_cell(&t->row[1].cell[0], "6\" gun", 5, 1);
	assert_cell(&t->row[1].cell[1], "", 5, 8);
	/* Columns count characters: "é, ü" is 4 of them, in 6 bytes. */
	assert_cell(&t->row[2].cell[1], "é, ü", 6, 6);
	free(out);
	arena_free(a);
}

static void
test_line_ends_and_bom(void **state)
{
	struct arena *a = arena_new();
	struct csv *t;
	char *out;
	int errs;

	(void)state;
	/* A byte-order mark, CRLF, then CR, then no break at the end. */
	t = PARSE(a, "\xef\xbb\xbfname,cost\r\nA,1\rB,2\r\nC,3", ',', &out,
	    &errs);
	assert_string_equal(out, "");
	assert_non_null(t);
	assert_cell(&t->head[0], "name", 1, 1);
	assert_int_equal(t->nrows, 3);
	assert_cell(&t->row[0].cell[1], "1", 2, 3);
	assert_cell(&t->row[1].cell[0], "B", 3, 1);
	assert_cell(&t->row[2].cell[1], "3", 4, 3);
	free(out);
	/* Blank lines and rows of empty fields, however many, are skipped;
	 * a field in quotes that is empty is empty too. */
	t = PARSE(a, "\n\nname,cost\n\n,\nA,1\n\"\",\n,,\n", ',', &out, &errs);
	assert_string_equal(out, "");
	assert_non_null(t);
	assert_cell(&t->head[1], "cost", 3, 6);
	assert_int_equal(t->nrows, 1);
	assert_int_equal(t->row[0].n, 2);
	assert_cell(&t->row[0].cell[0], "A", 6, 1);
	free(out);
	arena_free(a);
}

static void
test_tabs(void **state)
{
	struct arena *a = arena_new();
	struct csv *t;
	char *out;
	int errs;

	(void)state;
	/* Commas are text in TSV; tabs in quotes are text too. */
	t = PARSE(a, "name\ttext\nA, B\t\"x\ty\"\n", '\t', &out, &errs);
	assert_string_equal(out, "");
	assert_non_null(t);
	assert_cell(&t->row[0].cell[0], "A, B", 2, 1);
	assert_cell(&t->row[0].cell[1], "x\ty", 2, 6);
	free(out);
	t = PARSE(a, "name\ttext\nA\tb\tc\n", '\t', &out, &errs);
	assert_string_equal(out, "d.csv:2:1: error: this row has 3 fields, "
	    "the header 2; give each row at most a field for each column (a "
	    "field that holds a tab goes in quotes) [test.csv]\n");
	assert_int_equal(t->nrows, 0);
	free(out);
	arena_free(a);
}

static void
test_wrong_lengths(void **state)
{
	struct arena *a = arena_new();
	struct csv *t;
	char *out;
	int errs;

	(void)state;
	/* Each row too long is told, at its first line, and left out; a
	 * short one is kept with the fields it has; the rest go on. */
	t = PARSE(a, "a,b,c\n1,2\n1,2,3,4\n\"x\ny\",2,3\n\"p\nq\",2,3,4,5\n"
	    "z\n", ',', &out, &errs);
	assert_string_equal(out,
	    "d.csv:3:1: error: this row has 4 fields, the header 3; give each "
	    "row at most a field for each column (a field that holds a comma "
	    "goes in quotes) [test.csv]\n"
	    "d.csv:6:1: error: this row has 5 fields, the header 3; give each "
	    "row at most a field for each column (a field that holds a comma "
	    "goes in quotes) [test.csv]\n");
	assert_int_equal(errs, 2);
	assert_non_null(t);
	assert_int_equal(t->nrows, 3);
	assert_int_equal(t->row[0].line, 2);
	assert_int_equal(t->row[0].n, 2);
	assert_int_equal(t->row[1].line, 4);
	assert_int_equal(t->row[1].n, 3);
	assert_int_equal(t->row[2].line, 8);
	assert_int_equal(t->row[2].n, 1);
	assert_cell(&t->row[2].cell[0], "z", 8, 1);
	free(out);
	arena_free(a);
}

static void
test_broken_text(void **state)
{
	struct arena *a = arena_new();
	char *out;
	int errs;

	(void)state;
	/* A quote never closed: told where it opened; nothing after. */
	assert_null(PARSE(a, "name,text\nA,\"open\nB,2\n", ',', &out, &errs));
	assert_string_equal(out, "d.csv:2:3: error: the quote that opens this "
	    "field is never closed; close it (a quote inside quotes is written "
	    "\"\") [test.csv]\n");
	free(out);
	/* Latin-1, as an old spreadsheet saves it: where, and what to do. */
	assert_null(PARSE(a, "name,text\nCaf\xe9,2\n", ',', &out, &errs));
	assert_string_equal(out, "d.csv:2:4: error: byte 0xE9 is not UTF-8; "
	    "save the file as UTF-8 (a spreadsheet's \"CSV UTF-8\") "
	    "[test.csv]\n");
	free(out);
	/* A sequence cut by the end of the text. */
	assert_null(PARSE(a, "name\n\xc3", ',', &out, &errs));
	assert_string_equal(out, "d.csv:2:1: error: byte 0xC3 is not UTF-8; "
	    "save the file as UTF-8 (a spreadsheet's \"CSV UTF-8\") "
	    "[test.csv]\n");
	free(out);
	assert_null(PARSE(a, "name\nA\0B\n", ',', &out, &errs));
	assert_string_equal(out, "d.csv:2:2: error: a NUL byte: this is not a "
	    "text file; give a CSV or TSV file saved as UTF-8 text "
	    "[test.csv]\n");
	free(out);
	/* Text after a closing quote: the row is told and left out. */
	{
		struct csv *t = PARSE(a, "name,text\n\"A\"x,2\nB,3\n", ',', &out,
		    &errs);

		assert_string_equal(out, "d.csv:2:4: error: text follows the "
		    "quote that closes a field; a field in quotes ends at its "
		    "quote (a quote inside quotes is written \"\") "
		    "[test.csv]\n");
		assert_non_null(t);
		assert_int_equal(t->nrows, 1);
		assert_string_equal(t->row[0].cell[0].text, "B");
		free(out);
	}
	/* Nothing, or only blank lines: no header. */
	assert_null(PARSE(a, "", ',', &out, &errs));
	assert_string_equal(out, "d.csv: error: holds no rows; give a header "
	    "row of column names, then a row a card [test.csv]\n");
	free(out);
	assert_null(PARSE(a, "\xef\xbb\xbf\r\n\r\n", ',', &out, &errs));
	assert_int_equal(errs, 1);
	free(out);
	arena_free(a);
}

static void
test_limits(void **state)
{
	struct arena *a = arena_new();
	struct sbuf sb = SBUF_INIT;
	struct csv *t;
	char *out;
	int errs, i;

	(void)state;
	/* CSV_MAX_COLUMNS columns, and one more. */
	for (i = 0; i < CSV_MAX_COLUMNS; i++)
		sb_addf(&sb, "%sc%d", i ? "," : "", i);
	sb_adds(&sb, "\n");
	t = parse(a, sb.buf, sb.len, ',', &out, &errs);
	assert_non_null(t);
	assert_int_equal(t->ncols, CSV_MAX_COLUMNS);
	free(out);
	sb_reset(&sb);
	for (i = 0; i <= CSV_MAX_COLUMNS; i++)
		sb_addf(&sb, "%sc%d", i ? "," : "", i);
	t = parse(a, sb.buf, sb.len, ',', &out, &errs);
	assert_null(t);
	assert_string_equal(out, "d.csv:1:1: error: the header has 101 "
	    "columns; a deck's data has at most 100 [test.csv]\n");
	free(out);
	/* CSV_MAX_ROWS rows, and one more. */
	sb_reset(&sb);
	sb_adds(&sb, "name\n");
	for (i = 0; i < CSV_MAX_ROWS; i++)
		sb_addf(&sb, "r%d\n", i);
	t = parse(a, sb.buf, sb.len, ',', &out, &errs);
	assert_non_null(t);
	assert_int_equal(t->nrows, CSV_MAX_ROWS);
	assert_string_equal(t->row[CSV_MAX_ROWS - 1].cell[0].text, "r9999");
	free(out);
	sb_adds(&sb, "one more\n");
	t = parse(a, sb.buf, sb.len, ',', &out, &errs);
	assert_null(t);
	assert_string_equal(out, "d.csv:10002:1: error: more than 10000 rows; "
	    "a deck's data has at most 10000 cards [test.csv]\n");
	free(out);
	/* Rows left out count too: a file of a million rows too long
	 * was told row by row, 466 MB and 12 s for 64 MiB. */
	sb_reset(&sb);
	sb_adds(&sb, "name\n");
	for (i = 0; i < CSV_MAX_ROWS; i++)
		sb_adds(&sb, "a,b\n");
	t = parse(a, sb.buf, sb.len, ',', &out, &errs);
	assert_non_null(t);
	assert_int_equal(errs, CSV_MAX_ROWS);
	assert_int_equal(t->nrows, 0);
	free(out);
	sb_adds(&sb, "c\n");
	t = parse(a, sb.buf, sb.len, ',', &out, &errs);
	assert_null(t);
	assert_int_equal(errs, CSV_MAX_ROWS + 1);
	free(out);
	sb_release(&sb);
	arena_free(a);
}

/*
 * What is left out costs nothing that stays: empty records, a record
 * longer than the header, fields past any header's.  A data file of
 * 64 MiB of line breaks took 1 GB, and one of commas 2 GB, each empty
 * field copied into the deck's arena (seen reading csv.c for fuzz_csv).
 */
static void
test_left_out(void **state)
{
	struct arena *a = arena_new();
	struct sbuf sb = SBUF_INIT, want = SBUF_INIT;
	struct csv *t;
	char *out;
	int errs, i;

	(void)state;
	sb_adds(&sb, "name,text\n");
	for (i = 0; i < 100000; i++)
		sb_adds(&sb, "\n");
	sb_adds(&sb, "Kindle,Gain 1.\n");
	for (i = 0; i < 100000; i++)
		sb_addc(&sb, ',');
	sb_adds(&sb, "\nlate,");
	for (i = 0; i < 100000; i++)
		sb_adds(&sb, ",x");
	sb_adds(&sb, "\nFox,Draw.");
	t = parse(a, sb.buf, sb.len, ',', &out, &errs);
	assert_non_null(t);
	sb_addf(&want, "d.csv:100004:1: error: this row has 100002 fields, the "
	    "header 2; give each row at most a field for each column (a "
	    "field that holds a comma goes in quotes) [test.csv]\n");
	assert_string_equal(out, want.buf);
	assert_int_equal(errs, 1);
	assert_int_equal(t->nrows, 2);
	assert_cell(&t->row[0].cell[1], "Gain 1.", 100002, 8);
	assert_cell(&t->row[1].cell[0], "Fox", 100005, 1);
	/* The header, two rows and the tables: well under a byte for each
	 * field left out. */
	assert_true(arena_used(a) < 16384);
	free(out);
	arena_free(a);
	/* A header of more columns than the limit is told by its count,
	 * however long. */
	a = arena_new();
	sb_reset(&sb);
	for (i = 0; i < 100000; i++)
		sb_adds(&sb, "c,");
	t = parse(a, sb.buf, sb.len, ',', &out, &errs);
	assert_null(t);
	assert_string_equal(out, "d.csv:1:1: error: the header has 100001 "
	    "columns; a deck's data has at most 100 [test.csv]\n");
	assert_true(arena_used(a) < 16384);
	free(out);
	arena_free(a);
	sb_release(&sb);
	sb_release(&want);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_quoted),
		cmocka_unit_test(test_line_ends_and_bom),
		cmocka_unit_test(test_tabs),
		cmocka_unit_test(test_wrong_lengths),
		cmocka_unit_test(test_broken_text),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_left_out),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
