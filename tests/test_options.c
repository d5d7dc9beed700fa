/*
 * test_options.c -- option tables (src/options.c): what a table parses,
 * what it refuses (a value given twice, a number that is not only
 * digits), a list given again for more, a value that may be left out,
 * the --help lines it writes; and `muster value`, a command
 * two games declare (Shellshock and ShamBattle), run on a file of each:
 * each file goes to its own game's row.
 */
#include "testutil.h"

#include "cmd.h"
#include "options.h"

struct args {
	const char *out, *name, *spread;
	int n, choice, flag;
	struct opt_list paths;
};

static const char *const colours[] = { "red", "blue", NULL };

static const struct opt rows[] = {
	{ OPT_STRING, 'o', "output", offsetof(struct args, out), "FILE",
	    "where it goes", NULL, 0, 0, NULL, OPT_C_PDF, 0 },
	OPT_STRING_(0, "name", struct args, name, "N", "a name\non two lines",
	    NULL, OPT_C_NONE),
	OPT_INT_(0, "copies", struct args, n, "N", "1 to 100", 1, 100, NULL),
	OPT_CHOICE_(0, "colour", struct args, choice, "C", "red or blue",
	    colours, NULL),
	OPT_FLAG_(0, "flag", struct args, flag, 1, "a flag"),
	{ OPT_FLAG, 0, "hidden", offsetof(struct args, flag), NULL, "", NULL,
	    7, 0, NULL, OPT_C_NONE, OPT_HIDDEN },
	OPT_LIST_(0, "path", struct args, paths, "P", "again for more",
	    OPT_C_FILES),
	OPT_OPTARG_(0, "spread", struct args, spread, "N", "bare: 1", "1"),
	OPT_ROW_END
};

static const struct cmd_opts table = {
	"usage: muster thing [OPTIONS] PATH...\n\n", rows, 14,
	"\nexit status: 0\n"
};

/* opt_parse on the words given (argv[0] "thing"), its status; what it
 * printed on stderr into err (when not NULL). */
static int
parse(struct args *a, char **err, ...)
{
	char *argv[16];
	int argc = 0, rc, fd;
	FILE *f = tmpfile();
	va_list ap;
	long len;

	assert_non_null(f);
	memset(a, 0, sizeof(*a));
	a->choice = -1;
	argv[argc++] = (char *)"thing";
	va_start(ap, err);
	while ((argv[argc] = va_arg(ap, char *)) != NULL)
		argc++;
	va_end(ap);
	fflush(stderr);
	fd = dup(STDERR_FILENO);
	dup2(fileno(f), STDERR_FILENO);
	rc = opt_parse(&table, argc, argv, a);
	fflush(stderr);
	dup2(fd, STDERR_FILENO);
	close(fd);
	if (err) {
		len = ftell(f);
		*err = calloc(1, (size_t)len + 1);
		rewind(f);
		assert_int_equal(fread(*err, 1, (size_t)len, f), (size_t)len);
	}
	fclose(f);
	return rc;
}

static void
test_parses(void **state)
{
	struct args a;

	(void)state;
	assert_int_equal(parse(&a, NULL, "-o", "x.pdf", "--name=n", "--cop",
	    "5", "--colour", "blue", "--flag", "--flag", "in.yaml", NULL), -1);
	assert_string_equal(a.out, "x.pdf");
	assert_string_equal(a.name, "n");
	assert_int_equal(a.n, 5);
	assert_int_equal(a.choice, 1);
	assert_int_equal(a.flag, 1);
	/* Operands after the options, "--" ending them. */
	assert_int_equal(optind, 10);
	assert_int_equal(parse(&a, NULL, "a.yaml", "--", "--flag", NULL), -1);
	assert_int_equal(a.flag, 0);
	assert_int_equal(parse(&a, NULL, "--hidden", NULL), -1);
	assert_int_equal(a.flag, 7);
}

/* A value given twice is refused, whichever way it is written; a flag
 * given twice is still the flag. */
static void
test_twice(void **state)
{
	struct args a;
	char *err;

	(void)state;
	assert_int_equal(parse(&a, &err, "-o", "a.pdf", "--output=b.pdf",
	    NULL), 2);
	assert_string_equal(err, "muster: -o (--output) is given twice "
	    "('a.pdf', then 'b.pdf'): give it once\n"
	    "see 'muster thing --help'\n");
	free(err);
	assert_int_equal(parse(&a, NULL, "--copies", "2", "--copies", "2",
	    NULL), 2);
	assert_int_equal(parse(&a, NULL, "--colour", "red", "--colour", "red",
	    NULL), 2);
	assert_int_equal(parse(&a, NULL, "--flag", "--flag", NULL), -1);
}

/* A list takes each value given, in order, under any spelling; it is
 * the one value option given again without an error. */
static void
test_list(void **state)
{
	struct args a;

	(void)state;
	assert_int_equal(parse(&a, NULL, "--path", "a", "x.yaml", "--path=b",
	    "--pa", "c", NULL), -1);
	assert_int_equal(a.paths.n, 3);
	assert_string_equal(a.paths.v[0], "a");
	assert_string_equal(a.paths.v[1], "b");
	assert_string_equal(a.paths.v[2], "c");
	assert_int_equal(optind, 6);	/* x.yaml, moved last */
	assert_true(opt_takes_value(&rows[6]));
	opt_list_free(&a.paths);
	assert_null(a.paths.v);
	assert_int_equal(a.paths.n, 0);
	assert_int_equal(parse(&a, NULL, "x.yaml", NULL), -1);
	assert_int_equal(a.paths.n, 0);
	assert_null(a.paths.v);
}

/* A value that may be left out: bare it is the row's default, given it
 * follows '=' only (the next word is an operand, but a number, which
 * was meant as the value and is told so), and twice is refused
 * as any value is. */
static void
test_optarg(void **state)
{
	struct args a;
	char *err;

	(void)state;
	assert_int_equal(parse(&a, NULL, "--spread", NULL), -1);
	assert_string_equal(a.spread, "1");
	assert_int_equal(parse(&a, NULL, "--spread=3", NULL), -1);
	assert_string_equal(a.spread, "3");
	/* "--spread 3" meant --spread=3: told, not "3" as an operand */
	assert_int_equal(parse(&a, &err, "--spread", "3", NULL), 2);
	assert_string_equal(err, "muster: --spread takes its N after an '=': "
	    "give --spread=3, or --spread alone for 1\n"
	    "see 'muster thing --help'\n");
	free(err);
	/* a word not all digits is an operand (a file "3rd.yaml") */
	assert_int_equal(parse(&a, NULL, "--spread", "3rd.yaml", NULL), -1);
	assert_string_equal(a.spread, "1");
	assert_int_equal(optind, 2);
	assert_false(opt_takes_value(&rows[7]));
	assert_int_equal(parse(&a, &err, "--spread", "--spread=2", NULL), 2);
	assert_string_equal(err, "muster: --spread is given twice ('1', then "
	    "'2'): give it once\n"
	    "see 'muster thing --help'\n");
	free(err);
	assert_int_equal(parse(&a, NULL, "--spread=", NULL), -1);
	assert_string_equal(a.spread, "");
}

/* Numbers are digits: a blank, a sign '+', a trailing letter, nothing
 * at all or a number past the range is refused; both ends are taken. */
static void
test_numbers(void **state)
{
	static const char *const bad[] = {
		" 5", "5 ", "+5", "5x", "", "0x5", "5.0", "0", "101", "-1",
		"99999999999999999999", NULL
	};
	struct args a;
	char *err;
	long v;
	int i;

	(void)state;
	for (i = 0; bad[i]; i++) {
		assert_int_equal(parse(&a, &err, "--copies", bad[i], NULL), 2);
		assert_non_null(strstr(err, "must be a whole number from 1 to "
		    "100"));
		free(err);
	}
	assert_int_equal(parse(&a, NULL, "--copies", "1", NULL), -1);
	assert_int_equal(a.n, 1);
	assert_int_equal(parse(&a, NULL, "--copies", "100", NULL), -1);
	assert_int_equal(a.n, 100);
	assert_true(opt_whole("-20", -20, 20, &v) && v == -20);
	assert_false(opt_whole("-", -20, 20, &v));
	assert_false(opt_whole("--1", -20, 20, &v));
}

/* --help: the head, each row but the hidden one at its column (two
 * spaces after a long one), continuation lines under it, the tail. */
static void
test_help(void **state)
{
	char *h = opt_help(&table);

	(void)state;
	assert_string_equal(h, "usage: muster thing [OPTIONS] PATH...\n\n"
	    "  -o FILE     where it goes\n"
	    "  --name N    a name\n"
	    "              on two lines\n"
	    "  --copies N  1 to 100\n"
	    "  --colour C  red or blue\n"
	    "  --flag      a flag\n"
	    "  --path P    again for more\n"
	    "  --spread[=N]  bare: 1\n"
	    "\nexit status: 0\n");
	free(h);
}

/* stdout of cmd_game(argv) into a string; its status in *rc. */
static char *
run_cmd(int *rc, char **argv, int argc)
{
	FILE *f = tmpfile();
	char *out;
	long len;
	int fd;

	assert_non_null(f);
	fflush(stdout);
	fd = dup(STDOUT_FILENO);
	dup2(fileno(f), STDOUT_FILENO);
	*rc = cmd_game(argc, argv);
	fflush(stdout);
	dup2(fd, STDOUT_FILENO);
	close(fd);
	len = ftell(f);
	out = calloc(1, (size_t)len + 1);
	rewind(f);
	assert_int_equal(fread(out, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	return out;
}

/* value is declared by two games; given a file of each (and an option
 * only ShamBattle's value reads the value of), each file goes to its
 * own game: Shellshock's duels price Mason, ShamBattle's engagements
 * price the Red army, and neither says the other's file is not its. */
static void
test_value_two_games(void **state)
{
	char *units = repo_path("units");
	char *tmpl = repo_path("templates");
	char *sb = repo_path("units/shambattle/red.yaml");
	char *ss = repo_path("units/shellshock/mason.yaml");
	char *argv[] = { (char *)"value", (char *)"--runs", (char *)"10", sb,
	    ss, NULL };
	char *out;
	int rc;

	(void)state;
	assert_non_null(game_cmd_find(game_find("shellshock"), "value"));
	assert_non_null(game_cmd_find(game_find("shambattle"), "value"));
	/* Shellshock's reference units, from the tree. */
	setenv("MUSTER_UNITS", units, 1);
	setenv("MUSTER_TEMPLATES", tmpl, 1);
	diag_init(0, stderr);
	out = run_cmd(&rc, argv, 5);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "Mason: value "));
	assert_non_null(strstr(out, "army Red"));
	assert_non_null(strstr(out, "10 engagements with each"));
	assert_int_equal(diag_exit_status(1) != 0, 1);	/* its homebrew */
	free(out);
	free(sb);
	free(ss);
	free(units);
	free(tmpl);
	diag_end();
	system_cleanup();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parses),
		cmocka_unit_test(test_twice),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_optarg),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_value_two_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
