/*
 * tests/testutil.h -- helpers shared by the cmocka unit tests.
 *
 * Every helper is static inline so that a test file may use any subset of
 * them under -Wall -Werror.  They assert (cmocka) instead of returning
 * errors, so a test fails at the line that went wrong.
 *
 *   capture   diagnostics printed into memory (open_memstream) instead of
 *             stderr: cap_start(), cap_text(), cap_end()
 *   YAML      parse_yaml() for one document from a string, load_yaml() to
 *             run it through system_load() as `muster check` does
 *   files     a scratch folder under /tmp (scratch_test() makes and removes
 *             one per test) with write_file(), count_entries(), rm_rf();
 *             repo_path() finds templates/ and units/
 *   numbers   assert_near() compares doubles
 */
#ifndef MUSTER_TESTUTIL_H
#define MUSTER_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "diag.h"
#include "doc.h"
#include "system.h"
#include "util.h"

/*
 * Doubles within eps of each other.  cmocka 1.1.5's assert_float_equal
 * compares floats (7 digits) and casts its first argument without
 * parentheses, so that "(float)a - b" is what it compares.
 */
#define assert_near(a, b, eps) do { \
	double a_ = (a), b_ = (b), e_ = (eps); \
	if (!(fabs(a_ - b_) <= e_)) \
		fail_msg("%s is %.9g, want %.9g (within %g)", #a, a_, b_, e_); \
} while (0)

/* ---- diagnostics into a string ---- */

struct capture {
	FILE *f;
	char *buf;
	size_t len;
};

/* Starts a diagnostics run (diag_init) whose output goes to c. */
static inline void
cap_start(struct capture *c, int json)
{
	c->buf = NULL;
	c->len = 0;
	c->f = open_memstream(&c->buf, &c->len);
	assert_non_null(c->f);
	diag_init(json, c->f);
}

/*
 * Flushes what is pending (text mode) and returns everything printed so
 * far; the string is owned by c and valid until the next call or cap_end.
 */
static inline const char *
cap_text(struct capture *c)
{
	diag_flush();
	assert_int_equal(fflush(c->f), 0);
	return c->buf ? c->buf : "";
}

/* Ends the run (diag_end) and frees the captured text. */
static inline void
cap_end(struct capture *c)
{
	diag_end();
	fclose(c->f);
	free(c->buf);
	c->f = NULL;
	c->buf = NULL;
}

/* ---- YAML from strings ---- */

/*
 * The first document of text, read as file name, allocated from a; NULL
 * when the reader reported an error.  The nodes outlive the reader: they
 * name their file by a copy in a.
 */
static inline struct node *
parse_yaml(const char *name, const char *text, struct arena *a)
{
	struct reader *r = reader_open_mem(name, text, strlen(text));
	struct node *n;

	assert_non_null(r);
	n = reader_next(r, a);
	reader_close(r);
	return n;
}

/* Parses text and loads it as `muster check` would; the root is returned. */
static inline const struct node *
load_yaml(const char *name, const char *text, struct arena *a,
    struct batch *b, struct loaded *ld)
{
	struct node *root = parse_yaml(name, text, a);

	assert_non_null(root);
	system_load(root, a, b, ld);
	return root;
}

/*
 * Loads and checks the file at path through b, as a document naming it
 * would (system_ref); the first document, which must be of game and
 * kind and without errors.  It lives until batch_free(b).
 */
static inline const struct loaded *
load_ref(struct batch *b, const char *path, const char *game,
    const char *kind)
{
	const char *kinds[] = { kind, NULL };
	const struct loaded *ld;
	int n;

	ld = system_ref(b, path, NULL, "test", game, kinds, &n);
	if (ld == NULL)
		fail_msg("%s cannot be loaded as %s %s", path, game, kind);
	assert_true(n >= 1);
	return ld;
}

/* ---- files ---- */

/* A new empty folder under /tmp; the caller frees the name and rm_rf()s it. */
static inline char *
tmpdir_new(void)
{
	char tmpl[] = "/tmp/muster-test-XXXXXX";

	assert_non_null(mkdtemp(tmpl));
	return xstrdup(tmpl);
}

/* dir/name in memory the caller frees. */
static inline char *
path_join(const char *dir, const char *name)
{
	struct sbuf sb = SBUF_INIT;

	sb_addf(&sb, "%s/%s", dir, name);
	return sb.buf;
}

/* Writes text to path, replacing it. */
static inline void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

/* Writes text to dir/name. */
static inline void
write_in(const char *dir, const char *name, const char *text)
{
	char *p = path_join(dir, name);

	write_file(p, text);
	free(p);
}

/* Makes the folder dir/name. */
static inline void
mkdir_in(const char *dir, const char *name)
{
	char *p = path_join(dir, name);

	assert_int_equal(mkdir(p, 0777), 0);
	free(p);
}

/* Entries in a folder other than . and .. (hidden ones included). */
static inline int
count_entries(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

/* Removes path and, when it is a folder, everything in it. */
static inline void
rm_rf(const char *path)
{
	struct stat st;
	struct dirent *de;
	DIR *d;

	if (lstat(path, &st) < 0)
		return;
	if (S_ISDIR(st.st_mode) && (d = opendir(path)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			char *sub;

			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			sub = path_join(path, de->d_name);
			rm_rf(sub);
			free(sub);
		}
		closedir(d);
		rmdir(path);
	} else {
		unlink(path);
	}
}

/*
 * For tests that need a scratch folder: *state is its name, made before
 * the test and removed after it, also when the test fails.
 */
static inline int
scratch_setup(void **state)
{
	*state = tmpdir_new();
	return 0;
}

static inline int
scratch_teardown(void **state)
{
	rm_rf(*state);
	free(*state);
	return 0;
}

#define scratch_test(f) \
	cmocka_unit_test_setup_teardown(f, scratch_setup, scratch_teardown)

/* The whole content of a file, or NULL; the caller frees it. */
static inline char *
read_all(const char *path, size_t *len)
{
	struct sbuf sb = SBUF_INIT;
	char buf[4096];
	size_t got;
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		return NULL;
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_add(&sb, buf, got);
	fclose(f);
	if (len)
		*len = sb.len;
	return sb.buf ? sb.buf : xstrdup("");
}

/*
 * The absolute path of rel (such as "templates" or "units/shellshock/
 * mason.yaml") in the source tree: tests run from the repository root
 * (make check), or from tests/ or build/asan/.  The caller frees it.
 */
static inline char *
repo_path(const char *rel)
{
	static const char *const up[] = { ".", "..", "../..", NULL };
	char buf[PATH_MAX], real[PATH_MAX];
	int i;

	for (i = 0; up[i]; i++) {
		snprintf(buf, sizeof(buf), "%s/templates/shellshock-card.yaml",
		    up[i]);
		if (access(buf, R_OK) != 0)
			continue;
		snprintf(buf, sizeof(buf), "%s/%s", up[i], rel);
		assert_non_null(realpath(buf, real));
		return xstrdup(real);
	}
	fail_msg("cannot find the source tree (templates/) from here");
	return NULL;
}

#endif
