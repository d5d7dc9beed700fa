/*
 * paths.c -- see paths.h.
 */
#include "paths.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

#ifndef DATADIR
#define DATADIR "/usr/local/share/muster"
#endif
#ifndef BINDIR
#define BINDIR "/usr/local/bin"
#endif

static char exe_dir[PATH_MAX - 64];

void
paths_set_exe_dir(const char *dir)
{
	snprintf(exe_dir, sizeof(exe_dir), "%s", dir);
}

const char *const *
paths_search(const char *sub)
{
	static char buf[4][PATH_MAX + 64];
	static const char *dirs[5];
	char var[64];
	const char *env;
	size_t i;
	int n = 0;

	snprintf(var, sizeof(var), "MUSTER_%s", sub);
	for (i = 7; var[i]; i++)
		var[i] = (char)toupper((unsigned char)var[i]);
	if ((env = getenv(var)) != NULL && *env) {
		snprintf(buf[n], sizeof(buf[n]), "%s", env);
		dirs[n] = buf[n];
		n++;
	}
	/* The installed program reads only its data folder (and the
	 * variable): never a templates/ that happens to sit beside it. */
	if (*exe_dir && strcmp(exe_dir, BINDIR) != 0) {
		snprintf(buf[n], sizeof(buf[n]), "%s/%s", exe_dir, sub);
		dirs[n] = buf[n];
		n++;
		snprintf(buf[n], sizeof(buf[n]), "%s/../share/muster/%s", exe_dir, sub);
		dirs[n] = buf[n];
		n++;
	}
	snprintf(buf[n], sizeof(buf[n]), "%s/%s", DATADIR, sub);
	dirs[n] = buf[n];
	n++;
	dirs[n] = NULL;
	return dirs;
}

char *
paths_find(const char *sub, const char *name)
{
	const char *const *d;
	struct stat st;
	char buf[PATH_MAX * 2];

	for (d = paths_search(sub); *d; d++) {
		snprintf(buf, sizeof(buf), "%s/%s", *d, name);
		if (stat(buf, &st) == 0 && S_ISREG(st.st_mode))
			return xstrdup(buf);
	}
	return NULL;
}
