/*
 * test_watch.c -- waiting for files to change (watch.h): a write, an
 * editor's save by rename, a burst counted once, a new YAML file in a
 * watched folder tree; other files ignored; SIGINT and SIGTERM end a
 * wait, and the signals are the caller's again after watch_free().
 */
#include "testutil.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "watch.h"

#define QUIET 50

/* A child that sends sig to us after ms milliseconds: a wait that has
 * nothing to report ends then, with 0. */
static pid_t
signal_later(int sig, int ms)
{
	pid_t parent = getpid(), pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

		nanosleep(&ts, NULL);
		kill(parent, sig);
		_exit(0);
	}
	return pid;
}

static void
reap(pid_t pid)
{
	int st;

	assert_int_equal(waitpid(pid, &st, 0), pid);
}

static void
test_file_changes(void **state)
{
	const char *dir = *state;
	char *a = path_join(dir, "a.yaml"), *other = path_join(dir, "b.txt");
	char *tmp = path_join(dir, ".a.yaml.swp");
	const char *skipped = "x";
	struct watch *w;
	pid_t pid;
	int i;

	write_file(a, "one\n");
	w = watch_new();
	assert_non_null(w);
	watch_file(w, a);
	assert_int_equal(watch_commit(w, &skipped), 1);
	assert_null(skipped);

	/* A write. */
	write_file(a, "two\n");
	assert_int_equal(watch_wait(w, QUIET), 1);
	/* A burst of writes is one change: nothing is left after it. */
	for (i = 0; i < 5; i++)
		write_file(a, "three\n");
	assert_int_equal(watch_wait(w, QUIET), 1);
	/* Another file in the folder is not a change. */
	write_file(other, "x\n");
	pid = signal_later(SIGINT, 300);
	assert_int_equal(watch_wait(w, QUIET), 0);
	reap(pid);

	/* An editor's save: another file renamed over it. */
	watch_file(w, a);
	watch_commit(w, NULL);
	write_file(tmp, "four\n");
	assert_int_equal(rename(tmp, a), 0);
	assert_int_equal(watch_wait(w, QUIET), 1);
	/* Removed, then made again: each a change. */
	assert_int_equal(unlink(a), 0);
	assert_int_equal(watch_wait(w, QUIET), 1);
	write_file(a, "five\n");
	assert_int_equal(watch_wait(w, QUIET), 1);

	/* SIGTERM ends a wait as SIGINT does. */
	pid = signal_later(SIGTERM, 100);
	assert_int_equal(watch_wait(w, QUIET), 0);
	reap(pid);
	watch_free(w);
	free(a);
	free(other);
	free(tmp);
}

static void
test_missing_file_and_folder(void **state)
{
	const char *dir = *state;
	char *later = path_join(dir, "later.yaml");
	char *nowhere = path_join(dir, "no/such/unit.yaml");
	const char *skipped = NULL;
	struct watch *w = watch_new();

	/* A file that does not exist yet is watched for; a folder that
	 * does not exist cannot be, and is said. */
	watch_file(w, later);
	watch_file(w, nowhere);
	assert_int_equal(watch_commit(w, &skipped), 1);
	assert_non_null(skipped);
	assert_non_null(strstr(skipped, "no/such"));
	write_file(later, "here\n");
	assert_int_equal(watch_wait(w, QUIET), 1);
	watch_free(w);
	free(later);
	free(nowhere);
}

static void
test_tree(void **state)
{
	const char *dir = *state;
	char *top = path_join(dir, "units");
	char *sub = path_join(dir, "units/sub");
	char *deep = path_join(dir, "units/sub/new.yaml");
	char *hidden = path_join(dir, "units/sub/.hidden.yaml");
	char *notes = path_join(dir, "units/notes.txt");
	struct watch *w = watch_new();
	pid_t pid;

	mkdir_in(dir, "units");
	watch_tree(w, top);
	assert_int_equal(watch_commit(w, NULL), 1);
	/* A folder made in it is a change (its files may be inputs). */
	assert_int_equal(mkdir(sub, 0777), 0);
	assert_int_equal(watch_wait(w, QUIET), 1);
	/* Watched again, as after a render: the new folder is in. */
	watch_tree(w, top);
	assert_int_equal(watch_commit(w, NULL), 2);
	write_file(deep, "system: x\n");
	assert_int_equal(watch_wait(w, QUIET), 1);
	/* Neither a hidden file nor one that is not YAML is an input. */
	write_file(hidden, "x\n");
	write_file(notes, "x\n");
	pid = signal_later(SIGINT, 300);
	assert_int_equal(watch_wait(w, QUIET), 0);
	reap(pid);
	/* A folder no longer in the set is no longer watched. */
	watch_file(w, deep);
	assert_int_equal(watch_commit(w, NULL), 1);
	watch_free(w);
	free(top);
	free(sub);
	free(deep);
	free(hidden);
	free(notes);
}

static void
test_signals_restored(void **state)
{
	struct watch *w;
	sigset_t now;

	(void)state;
	w = watch_new();
	/* Held back between waits: work is never cut short. */
	sigprocmask(SIG_BLOCK, NULL, &now);
	assert_true(sigismember(&now, SIGINT));
	assert_true(sigismember(&now, SIGTERM));
	/* A signal that came between waits ends the next one at once. */
	raise(SIGINT);
	assert_int_equal(watch_wait(w, QUIET), 0);
	/* One pending at the end is dropped, not left to kill us. */
	raise(SIGTERM);
	watch_free(w);
	sigprocmask(SIG_BLOCK, NULL, &now);
	assert_false(sigismember(&now, SIGINT));
	assert_false(sigismember(&now, SIGTERM));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		scratch_test(test_file_changes),
		scratch_test(test_missing_file_and_folder),
		scratch_test(test_tree),
		cmocka_unit_test(test_signals_restored),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
