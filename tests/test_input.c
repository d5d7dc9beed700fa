/*
 * test_input.c -- the files a command reads (input.h): folders searched
 * recursively for *.yaml and *.yml in sorted order, hidden entries
 * skipped, missing paths reported; and the stem a PDF is named by.
 */
#include "testutil.h"

#include "input.h"

/* Builds a tree of files in the empty folder dir. */
static void
make_tree(const char *dir)
{
	write_in(dir, "b.yml", "");
	write_in(dir, "a.yaml", "");
	write_in(dir, "Z.yaml", "");		/* capitals sort first */
	write_in(dir, "notes.txt", "");
	write_in(dir, "yaml", "");		/* no extension */
	write_in(dir, "x.yaml.bak", "");
	write_in(dir, "sub.yaml", "");
	write_in(dir, ".hidden.yaml", "");
	mkdir_in(dir, ".git");
	write_in(dir, ".git/config.yaml", "");
	mkdir_in(dir, "sub");
	write_in(dir, "sub/d.yaml", "");
	write_in(dir, "sub/c.yml", "");
	mkdir_in(dir, "sub/deeper");
	write_in(dir, "sub/deeper/e.yaml", "");
	mkdir_in(dir, "sub/.cache");
	write_in(dir, "sub/.cache/f.yaml", "");
	/* A folder whose name looks like a YAML file is searched, not read. */
	mkdir_in(dir, "g.yaml");
	write_in(dir, "g.yaml/h.yaml", "");
}

/* Checks in against the expected paths below dir. */
static void
expect_paths(const struct inputs *in, const char *dir,
    const char *const *want, size_t n)
{
	size_t i;

	assert_int_equal(in->n, n);
	for (i = 0; i < n; i++) {
		char *p = path_join(dir, want[i]);

		assert_string_equal(in->v[i], p);
		free(p);
	}
}

static const char *const tree_files[] = {
	"Z.yaml",
	"a.yaml",
	"b.yml",
	"g.yaml/h.yaml",
	/* "sub" sorts before "sub.yaml" (a prefix), and a folder's files
	 * come where the folder does. */
	"sub/c.yml",
	"sub/d.yaml",
	"sub/deeper/e.yaml",
	"sub.yaml",
};

static void
test_folder_walk(void **state)
{
	struct inputs in = INPUTS_INIT;
	struct capture c;
	const char *dir = *state;

	make_tree(dir);
	cap_start(&c, 0);
	assert_int_equal(inputs_add(&in, dir), 0);
	expect_paths(&in, dir, tree_files, NELEM(tree_files));
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);
	inputs_free(&in);
	assert_int_equal(in.n, 0);
	assert_null(in.v);
}

static void
test_folder_with_trailing_slash(void **state)
{
	struct inputs in = INPUTS_INIT;
	const char *dir = *state;
	char *slash = path_join(dir, "");

	/* "dir/" gives "dir/a.yaml", not "dir//a.yaml". */
	make_tree(dir);
	assert_int_equal(inputs_add(&in, slash), 0);
	expect_paths(&in, dir, tree_files, NELEM(tree_files));
	inputs_free(&in);
	free(slash);
}

static void
test_files_and_folders_in_given_order(void **state)
{
	struct inputs in = INPUTS_INIT;
	const char *dir = *state;
	char *txt = path_join(dir, "notes.txt");
	char *sub = path_join(dir, "sub/deeper");
	char *hidden = path_join(dir, ".hidden.yaml");
	static const char *const want[] = {
		"notes.txt", "sub/deeper/e.yaml", ".hidden.yaml",
		"sub/deeper/e.yaml"
	};

	/* A file named on the command line is read whatever its name; the
	 * paths keep the order given, and nothing is made unique. */
	make_tree(dir);
	assert_int_equal(inputs_add(&in, txt), 0);
	assert_int_equal(inputs_add(&in, sub), 0);
	assert_int_equal(inputs_add(&in, hidden), 0);
	assert_int_equal(inputs_add(&in, sub), 0);
	expect_paths(&in, dir, want, NELEM(want));
	inputs_free(&in);
	free(txt);
	free(sub);
	free(hidden);
}

static void
test_many_files(void **state)
{
	struct inputs in = INPUTS_INIT;
	const char *dir = *state;
	char name[32];
	size_t i;

	/* More than the first allocations (32 names, 16 inputs) hold. */
	for (i = 0; i < 100; i++) {
		snprintf(name, sizeof(name), "u%03zu.yaml", 99 - i);
		write_in(dir, name, "");
	}
	assert_int_equal(inputs_add(&in, dir), 0);
	assert_int_equal(in.n, 100);
	for (i = 0; i < 100; i++) {
		char *p;

		snprintf(name, sizeof(name), "u%03zu.yaml", i);
		p = path_join(dir, name);
		assert_string_equal(in.v[i], p);
		free(p);
	}
	inputs_free(&in);
}

static void
test_missing_path(void **state)
{
	struct inputs in = INPUTS_INIT;
	struct capture c;
	struct sbuf want = SBUF_INIT;
	const char *dir = *state;
	char *missing = path_join(dir, "no/such/units");

	cap_start(&c, 0);
	assert_int_equal(inputs_add(&in, missing), -1);
	assert_int_equal(in.n, 0);
	sb_addf(&want, "%s: error: cannot open: No such file or directory; "
	    "give the path of a YAML file, or of a folder that holds them "
	    "[io.read]\n", missing);
	assert_string_equal(cap_text(&c), want.buf);
	/* Unreadable input is an I/O problem: exit status 2. */
	assert_int_equal(diag_exit_status(0), 2);
	cap_end(&c);
	inputs_free(&in);
	sb_release(&want);
	free(missing);
}

static void
test_dangling_link_skipped(void **state)
{
	struct inputs in = INPUTS_INIT;
	struct capture c;
	const char *dir = *state;
	char *link = path_join(dir, "broken.yaml");
	static const char *const want[] = { "real.yaml" };

	write_in(dir, "real.yaml", "");
	assert_int_equal(symlink("/nonexistent/target.yaml", link), 0);
	cap_start(&c, 0);
	assert_int_equal(inputs_add(&in, dir), 0);
	expect_paths(&in, dir, want, NELEM(want));
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);
	inputs_free(&in);
	free(link);
}

static void
test_input_stem(void **state)
{
	static const struct { const char *path, *stem; } cases[] = {
		{ "units/shellshock/", "shellshock" },
		{ "units/shellshock", "shellshock" },
		{ "units/shellshock///", "shellshock" },
		{ "units/shellshock/mason.yaml", "mason" },
		{ "mason.yaml", "mason" },
		{ "bison.yml", "bison" },
		{ "decks/ssg.tactics.yaml", "ssg.tactics" },
		{ "notes.txt", "notes.txt" },
		{ "/abs/path/kite.yaml", "kite" },
		{ ".yaml", ".yaml" },		/* a hidden name, not an extension */
		{ ".", "muster" },
		{ "./", "muster" },
		{ "..", "muster" },
		{ "units/..", "muster" },
		{ "/", "muster" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(cases); i++) {
		char *s = input_stem(cases[i].path);

		if (strcmp(s, cases[i].stem) != 0)
			fail_msg("input_stem(\"%s\") is \"%s\", want \"%s\"",
			    cases[i].path, s, cases[i].stem);
		free(s);
	}
}

/*
 * Empty folders.  Kept last: input.c's walk() passes a NULL array to
 * qsort for a folder with no entries (undefined behaviour that UBSan
 * stops the program for), so if it regresses the other tests have run.
 */
static void
test_empty_folders(void **state)
{
	struct inputs in = INPUTS_INIT;
	struct capture c;
	const char *dir = *state;
	static const char *const want[] = { "a/b.yaml" };

	cap_start(&c, 0);
	/* An empty folder given: nothing to read, which is told (a check
	 * of it must not pass in silence). */
	assert_int_equal(inputs_add(&in, dir), -1);
	assert_int_equal(in.n, 0);
	diag_flush();
	{
		struct sbuf w = SBUF_INIT;

		sb_addf(&w, "%s: error: holds no .yaml or .yml file; give a "
		    "YAML file or a folder that holds some [io.read]\n", dir);
		assert_string_equal(cap_text(&c), w.buf);
		sb_release(&w);
	}
	cap_end(&c);
	cap_start(&c, 0);
	/* Empty folders inside a tree. */
	mkdir_in(dir, "a");
	write_in(dir, "a/b.yaml", "");
	mkdir_in(dir, "a/empty");
	mkdir_in(dir, "z");
	assert_int_equal(inputs_add(&in, dir), 0);
	expect_paths(&in, dir, want, NELEM(want));
	assert_string_equal(cap_text(&c), "");
	cap_end(&c);
	inputs_free(&in);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		scratch_test(test_folder_walk),
		scratch_test(test_folder_with_trailing_slash),
		scratch_test(test_files_and_folders_in_given_order),
		scratch_test(test_many_files),
		scratch_test(test_missing_path),
		scratch_test(test_dangling_link_skipped),
		cmocka_unit_test(test_input_stem),
		scratch_test(test_empty_folders),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
