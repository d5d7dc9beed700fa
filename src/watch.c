/*
 * watch.c -- see watch.h.
 */
#include "watch.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

/* What changes a file: written, replaced by a rename, made, removed,
 * touched; and the folder itself moved or removed. */
#define MASK (IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | \
	IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | \
	IN_MOVE_SELF)
/* However busy the folders, a change is reported within this. */
#define MAX_WAIT_MS 1000
/* Folders below an input folder that are watched, at most. */
#define MAX_TREE_DEPTH 16

/* A folder, and the name in it that matters (NULL: any YAML file). */
struct want {
	char *dir;
	char *name;
};

struct entry {
	int wd;
	char *name;
};

struct watch {
	int fd;
	struct want *want;
	size_t nwant, capwant;
	struct entry *ent;
	size_t nent;
	int *wd;		/* the folders watched now */
	size_t nwd;
	char *skipped;
	sigset_t old;		/* the signal mask before watch_new() */
	struct sigaction oldint, oldterm;
};

static volatile sig_atomic_t stop;

static void
on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

static void
stop_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
}

struct watch *
watch_new(void)
{
	struct watch *w;
	sigset_t set;
	int fd;

	if ((fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) < 0)
		return NULL;
	w = xcalloc(1, sizeof(*w));
	w->fd = fd;
	stop = 0;
	sigaction(SIGINT, NULL, &w->oldint);
	sigaction(SIGTERM, NULL, &w->oldterm);
	stop_signals(&set);
	sigprocmask(SIG_BLOCK, &set, &w->old);
	return w;
}

static void
clear_wants(struct watch *w)
{
	size_t i;

	for (i = 0; i < w->nwant; i++) {
		free(w->want[i].dir);
		free(w->want[i].name);
	}
	w->nwant = 0;
}

static void
clear_entries(struct watch *w)
{
	size_t i;

	for (i = 0; i < w->nent; i++)
		free(w->ent[i].name);
	free(w->ent);
	w->ent = NULL;
	w->nent = 0;
}

void
watch_free(struct watch *w)
{
	struct sigaction ign;
	sigset_t set;

	if (w == NULL)
		return;
	close(w->fd);
	clear_wants(w);
	free(w->want);
	clear_entries(w);
	free(w->wd);
	free(w->skipped);
	/* A signal held back since the last wait is dropped, not left to
	 * end the program as it returns. */
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigaction(SIGINT, &ign, NULL);
	sigaction(SIGTERM, &ign, NULL);
	stop_signals(&set);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	sigaction(SIGINT, &w->oldint, NULL);
	sigaction(SIGTERM, &w->oldterm, NULL);
	sigprocmask(SIG_SETMASK, &w->old, NULL);
	free(w);
}

static void
add_want(struct watch *w, const char *dir, size_t dirlen, const char *name)
{
	struct want *x;

	if (w->nwant == w->capwant) {
		w->capwant = w->capwant ? w->capwant * 2 : 16;
		w->want = xrealloc(w->want, w->capwant * sizeof(*w->want));
	}
	x = &w->want[w->nwant++];
	x->dir = xmalloc(dirlen + 1);
	memcpy(x->dir, dir, dirlen);
	x->dir[dirlen] = '\0';
	x->name = name ? xstrdup(name) : NULL;
}

void
watch_file(struct watch *w, const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		add_want(w, ".", 1, path);
	else if (slash == path)
		add_want(w, "/", 1, slash + 1);
	else
		add_want(w, path, (size_t)(slash - path), slash + 1);
}

/* Folders seen on the way down, so that a link back up ends the walk. */
struct seen {
	dev_t dev[MAX_TREE_DEPTH + 1];
	ino_t ino[MAX_TREE_DEPTH + 1];
	int n;
};

static void
walk(struct watch *w, const char *dir, struct seen *s)
{
	struct sbuf sb = SBUF_INIT;
	struct dirent *e;
	struct stat st;
	DIR *d;
	int i;

	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
		return;
	for (i = 0; i < s->n; i++)
		if (s->dev[i] == st.st_dev && s->ino[i] == st.st_ino)
			return;
	add_want(w, dir, strlen(dir), NULL);
	if (s->n == MAX_TREE_DEPTH || (d = opendir(dir)) == NULL)
		return;
	s->dev[s->n] = st.st_dev;
	s->ino[s->n++] = st.st_ino;
	while ((e = readdir(d)) != NULL) {
		/* Hidden entries are not inputs (input.h). */
		if (e->d_name[0] == '.')
			continue;
		sb_reset(&sb);
		sb_addf(&sb, "%s/%s", dir, e->d_name);
		if (stat(sb.buf, &st) == 0 && S_ISDIR(st.st_mode))
			walk(w, sb.buf, s);
	}
	closedir(d);
	s->n--;
	sb_release(&sb);
}

void
watch_tree(struct watch *w, const char *dir)
{
	struct seen s;

	s.n = 0;
	walk(w, dir, &s);
}

size_t
watch_commit(struct watch *w, const char **skipped)
{
	int *wd = xmalloc((w->nwant ? w->nwant : 1) * sizeof(*wd));
	size_t i, j, nwd = 0;

	clear_entries(w);
	w->ent = xcalloc(w->nwant ? w->nwant : 1, sizeof(*w->ent));
	free(w->skipped);
	w->skipped = NULL;
	for (i = 0; i < w->nwant; i++) {
		/* A folder watched already keeps its descriptor. */
		int d = inotify_add_watch(w->fd, w->want[i].dir, MASK);

		if (d < 0) {
			if (w->skipped == NULL)
				w->skipped = xstrdup(w->want[i].dir);
			continue;
		}
		w->ent[w->nent].wd = d;
		w->ent[w->nent++].name = w->want[i].name;
		w->want[i].name = NULL;
		for (j = 0; j < nwd && wd[j] != d; j++)
			;
		if (j == nwd)
			wd[nwd++] = d;
	}
	for (i = 0; i < w->nwd; i++) {
		for (j = 0; j < nwd && wd[j] != w->wd[i]; j++)
			;
		if (j == nwd)
			inotify_rm_watch(w->fd, w->wd[i]);
	}
	free(w->wd);
	w->wd = wd;
	w->nwd = nwd;
	clear_wants(w);
	if (skipped)
		*skipped = w->skipped;
	return nwd;
}

/* Whether an event is a change to a file of the set. */
static int
matters(const struct watch *w, const struct inotify_event *ev)
{
	const char *name = ev->len ? ev->name : "";
	size_t i;

	if (ev->mask & IN_Q_OVERFLOW)
		return 1;	/* events were lost: anything may have changed */
	if (ev->mask & IN_IGNORED)
		return 0;
	for (i = 0; i < w->nent; i++) {
		const struct entry *e = &w->ent[i];

		if (e->wd != ev->wd)
			continue;
		if (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF))
			return 1;
		if (e->name ? strcmp(e->name, name) == 0 : name[0] != '.' &&
		    (yaml_name(name) || (ev->mask & IN_ISDIR)))
			return 1;
	}
	return 0;
}

static long
ms_since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(now.tv_sec - t->tv_sec) * 1000 +
	    (now.tv_nsec - t->tv_nsec) / 1000000;
}

int
watch_wait(struct watch *w, int quiet_ms)
{
	union {
		struct inotify_event ev;
		char buf[8192];
	} u;
	struct timespec first, last, to;
	struct sigaction sa;
	sigset_t let;
	fd_set in;
	int changed = 0, r, quiet = quiet_ms;
	ssize_t n;
	char *q;

	/* What a save set (the temporary file's clean-up) is put back:
	 * a signal now only stops the wait. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	let = w->old;
	sigdelset(&let, SIGINT);
	sigdelset(&let, SIGTERM);
	for (;;) {
		long left = 0;

		if (stop) {
			stop = 0;	/* told: a caller may wait again */
			return 0;
		}
		if (changed) {
			left = quiet - ms_since(&last);
			if (MAX_WAIT_MS - ms_since(&first) < left)
				left = MAX_WAIT_MS - ms_since(&first);
			if (left <= 0)
				return 1;
			to.tv_sec = left / 1000;
			to.tv_nsec = (left % 1000) * 1000000;
		}
		/* The signals are let through only here, atomically. */
		FD_ZERO(&in);
		FD_SET(w->fd, &in);
		r = pselect(w->fd + 1, &in, NULL, NULL, changed ? &to : NULL,
		    &let);
		if (r < 0 && errno != EINTR)
			return -1;
		if (r <= 0)
			continue;
		n = read(w->fd, u.buf, sizeof(u.buf));
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (n <= 0)
			return -1;
		for (q = u.buf; q < u.buf + n;) {
			const struct inotify_event *ev = (const void *)q;

			if (matters(w, ev)) {
				clock_gettime(CLOCK_MONOTONIC, &last);
				if (!changed)
					first = last;
				changed = 1;
				/* A file closed after writing, or renamed
				 * into place, is saved: a short quiet is
				 * enough.  A write still open may go on. */
				quiet = ev->mask & (IN_CLOSE_WRITE |
				    IN_MOVED_TO) ? quiet_ms / 4 : quiet_ms;
			}
			q += sizeof(*ev) + ev->len;
		}
	}
}
