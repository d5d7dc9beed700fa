/*
 * watch.h -- waiting for files to change, for `render --watch` (inotify).
 *
 * A file is watched through its folder, for its name: an editor that
 * saves by writing another file and renaming it over the first, and a
 * file that does not exist yet, are seen as well as a write.  A folder
 * given whole (an input folder) is watched, with its subfolders, for
 * any YAML file or folder that appears, changes or goes.
 *
 * A save is a burst of events: watch_wait() reports a change once the
 * folders have been quiet for a moment after it.
 *
 * From watch_new() to watch_free() SIGINT and SIGTERM are held back
 * except while watch_wait() waits: work done between two waits (a
 * render and its atomic save) is never cut short, and a signal that
 * came during it ends the next wait at once.
 */
#ifndef MUSTER_WATCH_H
#define MUSTER_WATCH_H

#include <stddef.h>

struct watch;

/* A new, empty watch; NULL with errno set when inotify cannot be had. */
struct watch *watch_new(void);
/* Restores the signals and frees w (NULL is nothing). */
void watch_free(struct watch *w);

/*
 * The next set of files, replacing the last once watch_commit() runs:
 * watch_file() a file (the path as it was opened), watch_tree() a
 * folder and every folder below it for any YAML file.
 */
void watch_file(struct watch *w, const char *path);
void watch_tree(struct watch *w, const char *dir);
/*
 * Watches the folders of the set given since the last commit, stops
 * watching those no longer in it, and returns the number of folders
 * watched.  A folder that cannot be watched (missing, or past the
 * system's limit) is left out, its name in *skipped (the first such,
 * owned by w, NULL when none).
 */
size_t watch_commit(struct watch *w, const char **skipped);

/*
 * Waits for a change to a file of the set, then until the folders have
 * been quiet for quiet_ms after a write, or for a quarter of it after a
 * file was closed from writing or renamed into place, a save complete
 * (a second at most in all, should they never be quiet).  Returns 1 for a change, 0 when SIGINT or SIGTERM came (before
 * or during the wait), -1 with errno set when inotify failed.
 */
int watch_wait(struct watch *w, int quiet_ms);

#endif
