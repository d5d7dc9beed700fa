/*
 * test_diag.c -- the one way muster speaks about its input (diag.h): the
 * compiler-style text line, sorting, the JSON report of SPEC section 2,
 * counts and the exit status.
 */
#include "testutil.h"

#include <time.h>

static void
test_text_format(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 0);
	diag_at(L_ERROR, "shellshock.maneuver", "units/a.yaml", 3, 5,
	    "maneuver '%s' must be three of y, n, ?", "yyx");
	assert_string_equal(cap_text(&c),
	    "units/a.yaml:3:5: error: maneuver 'yyx' must be three of y, n, ? "
	    "[shellshock.maneuver]\n");
	cap_end(&c);
}

/* The end of a run tells what a command told and never flushed: a note
 * queued on a path that flushes nothing is not lost. */
static void
test_end_tells_the_rest(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 0);
	diag_at(L_NOTE, "r.note", "f.yaml", 0, 0, "a note left in the queue");
	diag_end();
	assert_int_equal(fflush(c.f), 0);
	assert_non_null(c.buf);
	assert_string_equal(c.buf, "f.yaml: note: a note left in the queue "
	    "[r.note]\n");
	fclose(c.f);
	free(c.buf);
}

static void
test_levels(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 0);
	diag_at(L_NOTE, "r.note", "f.yaml", 1, 1, "a note");
	diag_at(L_WARNING, "r.warn", "f.yaml", 2, 1, "a warning");
	diag_at(L_ERROR, "r.err", "f.yaml", 3, 1, "an error");
	/* Fatal problems print as errors: the exit status tells them apart. */
	diag_at(L_FATAL, "io.read", "f.yaml", 4, 1, "a fatal one");
	assert_string_equal(cap_text(&c),
	    "f.yaml:1:1: note: a note [r.note]\n"
	    "f.yaml:2:1: warning: a warning [r.warn]\n"
	    "f.yaml:3:1: error: an error [r.err]\n"
	    "f.yaml:4:1: error: a fatal one [io.read]\n");
	cap_end(&c);
}

static void
test_whole_file_and_no_file(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 0);
	/* Line 0 is about the whole file: no line and column. */
	diag_at(L_FATAL, "io.read", "gone.yaml", 0, 0,
	    "cannot open: No such file or directory");
	assert_string_equal(cap_text(&c),
	    "gone.yaml: error: cannot open: No such file or directory "
	    "[io.read]\n");
	/* No file at all: the program speaks for itself. */
	diag_at(L_FATAL, "template.invalid", NULL, 0, 0, "template 'x' is "
	    "not there");
	diag(L_WARNING, "r.w", NULL, "no node");
	assert_string_equal(cap_text(&c),
	    "gone.yaml: error: cannot open: No such file or directory "
	    "[io.read]\n"
	    "muster: error: template 'x' is not there [template.invalid]\n"
	    "muster: warning: no node [r.w]\n");
	cap_end(&c);

	/* No rule: no brackets.  A NULL rule is the same. */
	cap_start(&c, 0);
	diag_at(L_ERROR, "", "f.yaml", 2, 3, "plain");
	diag_at(L_ERROR, NULL, "f.yaml", 2, 4, "plainer");
	assert_string_equal(cap_text(&c),
	    "f.yaml:2:3: error: plain\n"
	    "f.yaml:2:4: error: plainer\n");
	cap_end(&c);
}

static void
test_diag_at_node(void **state)
{
	struct capture c;
	struct arena *a = arena_new();
	struct node *root;

	(void)state;
	root = parse_yaml("mason.yaml", "name: Mason\nmovement:\n  maneuver: "
	    "yyx\n", a);
	assert_non_null(root);
	cap_start(&c, 0);
	diag(L_ERROR, "shellshock.maneuver",
	    node_get(node_get(root, "movement"), "maneuver"),
	    "maneuver '%s' must be three of y, n, ?", "yyx");
	assert_string_equal(cap_text(&c),
	    "mason.yaml:3:13: error: maneuver 'yyx' must be three of y, n, ? "
	    "[shellshock.maneuver]\n");
	cap_end(&c);
	arena_free(a);
}

static void
test_sorted_by_place(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 0);
	/* Reported out of order, as checks that walk a document by rule
	 * rather than by line do. */
	diag_at(L_ERROR, "r", "a.yaml", 5, 1, "a5.1");
	diag_at(L_ERROR, "r", "a.yaml", 1, 9, "a1.9");
	diag_at(L_ERROR, "r", "b.yaml", 2, 1, "b2.1");
	diag_at(L_WARNING, "r", "a.yaml", 1, 2, "a1.2 first");
	diag_at(L_ERROR, "r", "a.yaml", 1, 10, "a1.10");
	diag_at(L_ERROR, "r", "b.yaml", 1, 1, "b1.1");
	diag_at(L_NOTE, "r", "a.yaml", 1, 2, "a1.2 second");
	diag_at(L_ERROR, "r", "a.yaml", 0, 0, "a whole");
	diag_at(L_ERROR, "r", "a.yaml", 12, 1, "a12.1");
	/* By file (in the order files were first reported, which is the
	 * order they were read), then line (numerically: 5 before 12),
	 * then column; the same place keeps the order of report. */
	assert_string_equal(cap_text(&c),
	    "a.yaml: error: a whole [r]\n"
	    "a.yaml:1:2: warning: a1.2 first [r]\n"
	    "a.yaml:1:2: note: a1.2 second [r]\n"
	    "a.yaml:1:9: error: a1.9 [r]\n"
	    "a.yaml:1:10: error: a1.10 [r]\n"
	    "a.yaml:5:1: error: a5.1 [r]\n"
	    "a.yaml:12:1: error: a12.1 [r]\n"
	    "b.yaml:1:1: error: b1.1 [r]\n"
	    "b.yaml:2:1: error: b2.1 [r]\n");
	cap_end(&c);
}

static void
test_flush_prints_once(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 0);
	diag_at(L_ERROR, "r", "a.yaml", 2, 1, "first batch");
	diag_flush();
	/* Flushing again prints nothing new; later ones sort among
	 * themselves only. */
	diag_flush();
	diag_at(L_ERROR, "r", "a.yaml", 1, 1, "second batch");
	assert_string_equal(cap_text(&c),
	    "a.yaml:2:1: error: first batch [r]\n"
	    "a.yaml:1:1: error: second batch [r]\n");
	/* Counts are kept across flushes. */
	assert_int_equal(diag_count(L_ERROR), 2);
	cap_end(&c);
}

static void
test_long_message(void **state)
{
	struct capture c;
	struct sbuf want = SBUF_INIT;
	char text[2001];

	(void)state;
	memset(text, 'm', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	cap_start(&c, 0);
	diag_at(L_ERROR, "r", "a.yaml", 1, 1, "%s", text);
	sb_addf(&want, "a.yaml:1:1: error: %s [r]\n", text);
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&want);
}

/*
 * Kept last: with no diagnostics diag_json() passes a NULL array to
 * qsort (undefined behaviour that UBSan stops the program for), so if it
 * regresses the other tests have run already.
 */
static void
test_json_empty(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 1);
	diag_count_file();
	diag_count_file();
	diag_json(c.f);
	assert_string_equal(cap_text(&c),
	    "{\"files\": 2, \"errors\": 0, \"warnings\": 0, \"diagnostics\": []}\n");
	cap_end(&c);
}

/* Reports n errors, one a line, then ends the run; returns its text. */
static const char *
many(struct capture *c, int n, int json)
{
	int i;

	cap_start(c, json);
	for (i = 1; i <= n; i++)
		diag_at(L_ERROR, "r.err", "f.yaml", i, 1, "error %d", i);
	if (json)
		diag_json(c->f);
	else
		diag_flush();
	assert_int_equal(diag_exit_status(0), 1);
	assert_int_equal(diag_count(L_ERROR), n);
	diag_end();
	assert_int_equal(fflush(c->f), 0);
	return c->buf;
}

/* SPEC section 8: 1,000 diagnostics told at most, the rest counted. */
static void
test_at_most_a_thousand(void **state)
{
	struct capture c;
	const char *s;

	(void)state;
	s = many(&c, 1000, 0);
	assert_non_null(strstr(s, "f.yaml:1000:1: error: error 1000 [r.err]\n"));
	assert_null(strstr(s, "not shown"));
	cap_end(&c);
	s = many(&c, 1001, 0);
	assert_non_null(strstr(s, "f.yaml:1000:1: error: error 1000 [r.err]\n"
	    "muster: 1 more diagnostic not shown: at most 1000 are told in "
	    "one run\n"));
	assert_null(strstr(s, "error 1001"));
	cap_end(&c);
	s = many(&c, 1500, 1);
	assert_non_null(strstr(s, "\"errors\": 1500, \"warnings\": 0, "
	    "\"omitted\": 500, "));
	assert_null(strstr(s, "error 1001"));
	cap_end(&c);
}

/* Past the thousandth, a message is counted unless it repeats one told
 * or counted (a file read twice), whether or not its text was made: the
 * same format and arguments at a place, or the same text from others. */
static void
test_past_a_thousand_repeats(void **state)
{
	struct capture c;
	int i, k;

	(void)state;
	cap_start(&c, 0);
	for (i = 1; i <= 1000; i++)
		diag_at(L_ERROR, "r.err", "f.yaml", i, 1, "error %d", i);
	/* Told before the cap, said again: not counted. */
	diag_at(L_ERROR, "r.err", "f.yaml", 7, 1, "error %d", 7);
	diag_at(L_ERROR, "r.err", "f.yaml", 7, 1, "error %s", "7");
	for (k = 0; k < 2; k++) {
		/* New places: 3 counted, the second time none. */
		diag_at(L_WARNING, "r.w", "g.yaml", 1, 1, "%s is %.0f %%, %zu "
		    "of %ld (%c%d)", "speed", 12.5, (size_t)3, 9L, 'x', 4);
		diag_at(L_WARNING, "r.w", "g.yaml", 1, 1, "%s is %.0f %%, %zu "
		    "of %ld (%c%d)", "speed", 12.5, (size_t)3, 9L, 'x', 5);
		diag_at(L_WARNING, "r.w", "g.yaml", 2, 1, "%.3s!", "abcdef");
		/* The same text at a place again, another way: not counted. */
		diag_at(L_WARNING, "r.w", "g.yaml", 2, 1, "%s!", "abc");
	}
	/* A number with no decimals shown is the text printf makes of it:
	 * ties to the even, -0.  Each value's two ways count once. */
	{
		static const double v[] = {
			0, -0.0, 0.5, 1.5, 2.5, -0.5, -0.3, 0.49999999999999994,
			123.456, -2.5, 4503599627370497.0, 1e15 + 0.5, 99.5,
			1e18, 1e18 * 1.5, 1.0 / 3
		};
		char buf[64];
		size_t j;

		for (j = 0; j < sizeof(v) / sizeof(v[0]); j++) {
			snprintf(buf, sizeof(buf), "%.0f", v[j]);
			diag_at(L_NOTE, "r.n", "h.yaml", (int)j + 1, 1,
			    "%.0f %%", v[j]);
			diag_at(L_NOTE, "r.n", "h.yaml", (int)j + 1, 1,
			    "%s %%", buf);
		}
		assert_int_equal(diag_count(L_NOTE), (int)j);
	}
	/* Another place, level or rule is another message. */
	diag_at(L_WARNING, "r.w", "g.yaml", 2, 2, "%s!", "abc");
	diag_at(L_ERROR, "r.w", "g.yaml", 2, 1, "%s!", "abc");
	diag_at(L_WARNING, "r.v", "g.yaml", 2, 1, "%s!", "abc");
	assert_int_equal(diag_count(L_WARNING), 5);
	assert_int_equal(diag_count(L_ERROR), 1001);
	diag_end();
	assert_non_null(strstr(cap_text(&c), "muster: 22 more diagnostics not "
	    "shown: at most 1000 are told in one run\n"));
	cap_end(&c);
}

/* A newline or a byte that is not UTF-8 in a file name or a message
 * cannot break the one-line format. */
static void
test_one_line(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 0);
	diag_at(L_ERROR, "r.err", "a\nb\xff.yaml", 1, 2, "key '%s'\tx", "k\x01");
	assert_string_equal(cap_text(&c),
	    "a\\nb\\xFF.yaml:1:2: error: key 'k\\x01'\\tx [r.err]\n");
	cap_end(&c);
}

static void
test_json_report(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 1);
	diag_count_file();
	diag_at(L_WARNING, "shellshock.card-unique", "units/b.yaml", 6, 7,
	    "card index 'A♣' is also on 'Mason'");
	diag_at(L_ERROR, "shellshock.maneuver", "units/a.yaml", 3, 13,
	    "maneuver 'yyx' must be three of y, n, ?");
	diag_at(L_NOTE, "r.note", "units/a.yaml", 1, 1, "a note");
	diag_at(L_FATAL, "io.read", "units/c.yaml", 0, 0, "cannot open");
	diag_count_file();
	diag_count_file();
	/* JSON mode prints nothing until asked. */
	diag_flush();
	assert_string_equal(cap_text(&c), "");
	diag_json(c.f);
	/* Files in order of first report, then line; fatal counts as an
	 * error and prints as one; notes are in the list, not the counts. */
	assert_string_equal(cap_text(&c),
	    "{\"files\": 3, \"errors\": 2, \"warnings\": 1, \"diagnostics\": [\n"
	    "  {\"file\": \"units/b.yaml\", \"line\": 6, \"column\": 7, "
	    "\"severity\": \"warning\", \"rule\": \"shellshock.card-unique\", "
	    "\"message\": \"card index 'A♣' is also on 'Mason'\"},\n"
	    "  {\"file\": \"units/a.yaml\", \"line\": 1, \"column\": 1, "
	    "\"severity\": \"note\", \"rule\": \"r.note\", "
	    "\"message\": \"a note\"},\n"
	    "  {\"file\": \"units/a.yaml\", \"line\": 3, \"column\": 13, "
	    "\"severity\": \"error\", \"rule\": \"shellshock.maneuver\", "
	    "\"message\": \"maneuver 'yyx' must be three of y, n, ?\"},\n"
	    "  {\"file\": \"units/c.yaml\", \"line\": 0, \"column\": 0, "
	    "\"severity\": \"error\", \"rule\": \"io.read\", "
	    "\"message\": \"cannot open\"}\n"
	    "]}\n");
	cap_end(&c);
}

static void
test_json_escaping(void **state)
{
	struct capture c;

	(void)state;
	cap_start(&c, 1);
	diag_at(L_ERROR, "yaml.enum", "dir \"x\"\\a.yaml", 1, 2,
	    "'%s' is '%s'", "name", "tab\there \"q\" back\\slash\nnew\x01");
	diag_at(L_ERROR, "r", NULL, 0, 0, "no file");
	diag_json(c.f);
	/* A message about no file (the program's own) sorts first, with an
	 * empty file name. */
	assert_string_equal(cap_text(&c),
	    "{\"files\": 0, \"errors\": 2, \"warnings\": 0, \"diagnostics\": [\n"
	    "  {\"file\": \"\", \"line\": 0, \"column\": 0, \"severity\": "
	    "\"error\", \"rule\": \"r\", \"message\": \"no file\"},\n"
	    "  {\"file\": \"dir \\\"x\\\"\\\\a.yaml\", \"line\": 1, "
	    "\"column\": 2, \"severity\": \"error\", \"rule\": \"yaml.enum\", "
	    "\"message\": \"'name' is 'tab\\there \\\"q\\\" back\\\\slash\\nnew"
	    "\\u0001'\"}\n"
	    "]}\n");
	cap_end(&c);
}

static void
test_counts(void **state)
{
	struct capture c;
	int i;

	(void)state;
	cap_start(&c, 0);
	for (i = 0; i < 3; i++)
		diag_at(L_WARNING, "w", "f.yaml", i + 1, 1, "w%d", i);
	for (i = 0; i < 2; i++)
		diag_at(L_ERROR, "e", "f.yaml", i + 1, 2, "e%d", i);
	diag_at(L_NOTE, "n", "f.yaml", 1, 3, "n");
	diag_at(L_FATAL, "f", "f.yaml", 0, 0, "f");
	assert_int_equal(diag_count(L_NOTE), 1);
	assert_int_equal(diag_count(L_WARNING), 3);
	assert_int_equal(diag_count(L_ERROR), 2);
	assert_int_equal(diag_count(L_FATAL), 1);
	cap_end(&c);
	/* A new run starts from nothing. */
	cap_start(&c, 0);
	assert_int_equal(diag_count(L_WARNING), 0);
	assert_int_equal(diag_count(L_ERROR), 0);
	assert_int_equal(diag_count(L_FATAL), 0);
	assert_int_equal(diag_exit_status(1), 0);
	cap_end(&c);
}

static void
test_exit_status(void **state)
{
	struct capture c;

	(void)state;
	/* Nothing, or only notes: 0 even when strict. */
	cap_start(&c, 0);
	assert_int_equal(diag_exit_status(0), 0);
	assert_int_equal(diag_exit_status(1), 0);
	diag_at(L_NOTE, "n", "f.yaml", 1, 1, "note");
	assert_int_equal(diag_exit_status(0), 0);
	assert_int_equal(diag_exit_status(1), 0);
	/* Warnings are allowed unless --strict. */
	diag_at(L_WARNING, "w", "f.yaml", 1, 1, "warning");
	assert_int_equal(diag_exit_status(0), 0);
	assert_int_equal(diag_exit_status(1), 1);
	/* Errors in the input: 1. */
	diag_at(L_ERROR, "e", "f.yaml", 1, 1, "error");
	assert_int_equal(diag_exit_status(0), 1);
	assert_int_equal(diag_exit_status(1), 1);
	/* Usage, I/O or internal: 2, whatever else was seen. */
	diag_at(L_FATAL, "io.read", "f.yaml", 0, 0, "fatal");
	assert_int_equal(diag_exit_status(0), 2);
	assert_int_equal(diag_exit_status(1), 2);
	cap_end(&c);

	/* A fatal problem alone is 2 too. */
	cap_start(&c, 0);
	diag_at(L_FATAL, "io.write", "out.pdf", 0, 0, "cannot write");
	assert_int_equal(diag_exit_status(0), 2);
	cap_end(&c);
}

static void
test_told_once(void **state)
{
	struct capture c;
	int i;

	(void)state;
	/* A file read twice (an input another input names) tells each
	 * problem once, however many flushes lie between; a message that
	 * differs in any part is another. */
	cap_start(&c, 0);
	for (i = 0; i < 3; i++) {
		diag_at(L_WARNING, "a.rule", "deck.yaml", 4, 3, "lists %d", 1);
		diag_flush();
	}
	diag_at(L_WARNING, "a.rule", "deck.yaml", 4, 3, "lists %d", 2);
	diag_at(L_ERROR, "a.rule", "deck.yaml", 4, 3, "lists %d", 1);
	diag_at(L_WARNING, "b.rule", "deck.yaml", 4, 3, "lists %d", 1);
	diag_at(L_WARNING, "a.rule", "deck.yaml", 4, 4, "lists %d", 1);
	diag_at(L_WARNING, "a.rule", "other.yaml", 4, 3, "lists %d", 1);
	for (i = 0; i < 2000; i++)
		diag_at(L_NOTE, "n.rule", "deck.yaml", i, 1, "note");
	for (i = 0; i < 2000; i++)
		diag_at(L_NOTE, "n.rule", "deck.yaml", i, 1, "note");
	assert_int_equal(diag_count(L_WARNING), 5);
	assert_int_equal(diag_count(L_ERROR), 1);
	assert_int_equal(diag_count(L_NOTE), 2000);
	{
		const char *t = cap_text(&c), *first;

		first = strstr(t, "deck.yaml:4:3: warning: lists 1 [a.rule]\n");
		assert_non_null(first);
		assert_null(strstr(first + 1,
		    "deck.yaml:4:3: warning: lists 1 [a.rule]"));
	}
	cap_end(&c);
}

static void
test_raised_in(void **state)
{
	struct capture c;
	int i;

	(void)state;
	cap_start(&c, 0);
	assert_int_equal(diag_raised_in("base.yaml"), 0);
	/* Problems raised at each file, told or not (a repeat counts), not
	 * notes; a file none was raised at has none. */
	for (i = 0; i < 2; i++)
		diag_at(L_WARNING, "a.rule", "base.yaml", 4, 3, "far off");
	diag_at(L_ERROR, "a.rule", "base.yaml", 5, 3, "wrong");
	diag_at(L_NOTE, "a.rule", "base.yaml", 6, 3, "by the way");
	diag_at(L_ERROR, "a.rule", "variant.yaml", 2, 1, "wrong");
	diag_at(L_ERROR, "a.rule", NULL, 0, 0, "no file");
	assert_int_equal(diag_raised_in("base.yaml"), 3);
	assert_int_equal(diag_raised_in("variant.yaml"), 1);
	assert_int_equal(diag_raised_in("other.yaml"), 0);
	/* Many files: the table grows and still finds each. */
	for (i = 0; i < 200; i++) {
		char name[32];

		snprintf(name, sizeof(name), "f%d.yaml", i);
		diag_at(L_WARNING, "a.rule", name, 1, 1, "w");
	}
	assert_int_equal(diag_raised_in("f0.yaml"), 1);
	assert_int_equal(diag_raised_in("f199.yaml"), 1);
	assert_int_equal(diag_raised_in("base.yaml"), 3);
	/* Each of them where the grown table put it: raised at again, the
	 * same file (not a new one of the same name). */
	for (i = 0; i < 200; i++) {
		char name[32];

		snprintf(name, sizeof(name), "f%d.yaml", i);
		diag_at(L_WARNING, "a.rule", name, 2, 1, "w");
		assert_int_equal(diag_raised_in(name), 2);
	}
	cap_end(&c);
	assert_int_equal(diag_raised_in("base.yaml"), 0);
}

/* n copies of c after sb's text. */
static void
add_n(struct sbuf *sb, const char *c, int n)
{
	while (n-- > 0)
		sb_adds(sb, c);
}

/*
 * Caret mode (diag_style(0, 1)): each message followed by its line and
 * a caret under its column, counted in characters; a tab kept in the
 * indent; a line shown from 50 characters before the column to 50
 * after, '...' for the rest; a column past the end of an empty line.
 * Messages are quoted in order of place, whatever order they came in.
 */
static void
test_caret(void **state)
{
	struct sbuf text = SBUF_INIT, want = SBUF_INIT;
	struct capture c;

	(void)state;
	/* Line 2: k, colon and blank, x from 4 to 73, e-acute at 74, y
	 * from 75 to 114. */
	sb_adds(&text, "ab\tcd\nk: ");
	add_n(&text, "x", 70);
	sb_adds(&text, "\xc3\xa9");
	add_n(&text, "y", 40);
	sb_adds(&text, "\n\nz\n");
	diag_style(0, 1);
	cap_start(&c, 0);
	diag_source("f.yaml", text.buf, text.len);
	diag_at(L_ERROR, "r", "f.yaml", 2, 60, "second");
	diag_at(L_ERROR, "r", "f.yaml", 3, 80, "empty");
	diag_at(L_ERROR, "r", "f.yaml", 2, 58, "first");
	diag_at(L_ERROR, "r", "f.yaml", 1, 4, "tab");
	sb_adds(&want, "f.yaml:1:4: error: tab [r]\n"
	    "    1 | ab\tcd\n"
	    "      |   \t^\n"
	    "f.yaml:2:58: error: first [r]\n"
	    "    2 | ...");
	/* Characters 8 to 108, then '...'. */
	add_n(&want, "x", 66);
	sb_adds(&want, "\xc3\xa9");
	add_n(&want, "y", 34);
	sb_adds(&want, "...\n      |    ");
	add_n(&want, " ", 50);
	/* Characters 10 to 110. */
	sb_adds(&want, "^\nf.yaml:2:60: error: second [r]\n    2 | ...");
	add_n(&want, "x", 64);
	sb_adds(&want, "\xc3\xa9");
	add_n(&want, "y", 36);
	sb_adds(&want, "...\n      |    ");
	add_n(&want, " ", 50);
	sb_adds(&want, "^\nf.yaml:3:80: error: empty [r]\n    3 | \n      | ");
	add_n(&want, " ", 79);
	sb_adds(&want, "^\n");
	assert_string_equal(cap_text(&c), want.buf);
	cap_end(&c);
	sb_release(&text);
	sb_release(&want);
	diag_style(0, 0);
}

/*
 * A thousand messages at the end of a 4 MB file, and on one line of
 * 4 MB: each quote is looked for from the last one, not from the start
 * of its file and line (60 MB took a minute on a terminal).
 */
static void
test_caret_far(void **state)
{
	struct sbuf text = SBUF_INIT;
	struct capture c;
	const char *out;
	clock_t t0;
	int i, pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		sb_reset(&text);
		add_n(&text, "#", 4 << 20);
		if (pass == 0)
			sb_addc(&text, '\n');
		for (i = 0; i < 1000; i++)
			sb_adds(&text, pass == 0 ? "k: 1\n" : ", k: 1");
		diag_style(0, 1);
		cap_start(&c, 0);
		diag_source("big.yaml", text.buf, text.len);
		t0 = clock();
		for (i = 0; i < 1000; i++)
			diag_at(L_ERROR, "r", "big.yaml", pass == 0 ? i + 2 : 1,
			    pass == 0 ? 1 : (4 << 20) + 6 * i + 3, "k %d", i);
		out = cap_text(&c);
		assert_true(clock() - t0 < CLOCKS_PER_SEC / 2);
		/* The last: at line 1001, or 4 MiB and 5,997 characters
		 * into line 1. */
		assert_non_null(strstr(out, pass == 0 ?
		    "big.yaml:1001:1: error: k 999 [r]\n 1001 | k: 1\n" :
		    "big.yaml:1:4200301: error: k 999 [r]\n"
		    "    1 | ..., k: 1, k: 1, k: 1, k: 1, k: 1, k: 1, k: 1, "
		    "k: 1, k: 1\n      |    "));
		cap_end(&c);
		diag_style(0, 0);
	}
	sb_release(&text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_format),
		cmocka_unit_test(test_levels),
		cmocka_unit_test(test_end_tells_the_rest),
		cmocka_unit_test(test_whole_file_and_no_file),
		cmocka_unit_test(test_diag_at_node),
		cmocka_unit_test(test_sorted_by_place),
		cmocka_unit_test(test_flush_prints_once),
		cmocka_unit_test(test_long_message),
		cmocka_unit_test(test_json_report),
		cmocka_unit_test(test_at_most_a_thousand),
		cmocka_unit_test(test_past_a_thousand_repeats),
		cmocka_unit_test(test_one_line),
		cmocka_unit_test(test_json_escaping),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_exit_status),
		cmocka_unit_test(test_json_empty),
		cmocka_unit_test(test_told_once),
		cmocka_unit_test(test_raised_in),
		cmocka_unit_test(test_caret),
		cmocka_unit_test(test_caret_far),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
