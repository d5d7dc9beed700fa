/*
 * input.c -- see input.h.
 */
#include "input.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "diag.h"
#include "util.h"

#define MAXDEPTH 32

static void
push(struct inputs *in, char *path)
{
	if (in->n == in->cap) {
		in->cap = in->cap ? in->cap * 2 : 16;
		in->v = xrealloc(in->v, in->cap * sizeof(*in->v));
	}
	in->v[in->n++] = path;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The folders being walked, outermost first: a folder that is one of
 * them again (a link to a folder above) is a loop. */
struct up {
	dev_t dev;
	ino_t ino;
	const char *name;
};

static int
walk_in(struct inputs *in, const char *dir, int depth, struct up *up)
{
	struct dirent *de;
	struct stat st;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	DIR *d;
	int rc = 0, k;

	if (depth > MAXDEPTH) {
		diag_at(L_FATAL, "io.read", dir, 0, 0,
		    "folders nest more than %d deep; the limit is %d", MAXDEPTH,
		    MAXDEPTH);
		return -1;
	}
	if (stat(dir, &st) == 0) {
		for (k = 0; k < depth; k++)
			if (up[k].dev == st.st_dev && up[k].ino == st.st_ino) {
				diag_at(L_FATAL, "io.read", dir, 0, 0,
				    "a link back to '%s', which holds it: a "
				    "folder loop, not followed", up[k].name);
				return -1;
			}
		up[depth].dev = st.st_dev;
		up[depth].ino = st.st_ino;
		up[depth].name = dir;
	}
	if ((d = opendir(dir)) == NULL) {
		diag_at(L_FATAL, "io.read", dir, 0, 0, "cannot open folder: %s",
		    strerror(errno));
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			names = xrealloc(names, cap * sizeof(*names));
		}
		names[n] = xmalloc(strlen(dir) + strlen(de->d_name) + 2);
		strcpy(names[n], dir);
		if (names[n][strlen(dir) - 1] != '/')
			strcat(names[n], "/");
		strcat(names[n], de->d_name);
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	for (i = 0; i < n; i++) {
		if (stat(names[i], &st) < 0) {
			free(names[i]);
			continue;	/* a dangling link: nothing to read */
		}
		if (S_ISDIR(st.st_mode)) {
			if (walk_in(in, names[i], depth + 1, up) < 0)
				rc = -1;
			free(names[i]);
		} else if (S_ISREG(st.st_mode) && yaml_name(names[i])) {
			push(in, names[i]);
		} else {
			/* SPEC 8: a FIFO, socket or device is told, not
			 * waited on, as when named. */
			if (yaml_name(names[i]))
				diag_at(L_WARNING, "io.read", names[i], 0, 0,
				    "not a regular file (a FIFO, socket or "
				    "device): passed over, not read");
			free(names[i]);
		}
	}
	free(names);
	return rc;
}

static int
walk(struct inputs *in, const char *dir, int depth)
{
	struct up up[MAXDEPTH + 2];

	memset(up, 0, sizeof(up));
	return walk_in(in, dir, depth, up);
}

/* Whether a file's name says it holds a deck's data: .csv or .tsv. */
static int
data_name(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot && (strcasecmp(dot, ".csv") == 0 ||
	    strcasecmp(dot, ".tsv") == 0);
}

/* The last part of a path. */
static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

int
inputs_add(struct inputs *in, const char *path)
{
	struct stat st;

	if (*path == '\0') {
		diag_at(L_FATAL, "io.read", NULL, 0, 0, "an empty file name "
		    "('') names nothing; give a file or folder");
		return -1;
	}
	/* Standard input: read once, whatever it holds. */
	if (strcmp(path, "-") == 0) {
		size_t i;

		for (i = 0; i < in->n; i++)
			if (strcmp(in->v[i], "-") == 0) {
				diag_at(L_FATAL, "io.read", NULL, 0, 0,
				    "'-' is given twice; standard input can "
				    "be read once");
				return -1;
			}
		push(in, xstrdup(path));
		return 0;
	}
	if (stat(path, &st) < 0) {
		int e = errno;

		diag_at(L_FATAL, "io.read", path, 0, 0, "cannot open: %s%s",
		    strerror(e), e == ENOENT ? "; give the path of a YAML "
		    "file, or of a folder that holds them" : "");
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		size_t before = in->n;
		int rc = walk(in, path, 0);

		/* A folder with nothing to read is a mistake, as an empty
		 * file is: a check of it must not pass in silence. */
		if (rc == 0 && in->n == before) {
			diag_at(L_FATAL, "io.read", path, 0, 0, "holds no .yaml "
			    "or .yml file; give a YAML file or a folder that "
			    "holds some");
			return -1;
		}
		return rc;
	}
	/* A deck's data file given as a document (issue 28): say how it
	 * is read rather than parse its rows as YAML. */
	if (data_name(path)) {
		diag_at(L_FATAL, "io.read", path, 0, 0, "is a data file (CSV "
		    "or TSV), which muster reads through a deck that names it "
		    "in 'data: %s'; check or render that deck ('muster new "
		    "cards deck' writes one with its CSV)", base_name(path));
		return -1;
	}
	push(in, xstrdup(path));
	return 0;
}

void
inputs_free(struct inputs *in)
{
	size_t i;

	for (i = 0; i < in->n; i++)
		free(in->v[i]);
	free(in->v);
	in->v = NULL;
	in->n = in->cap = 0;
}

char *
input_stem(const char *path)
{
	size_t len = strlen(path);
	const char *base;
	char *s, *dot;

	if (strcmp(path, "-") == 0)
		return xstrdup("stdin");
	while (len > 1 && path[len - 1] == '/')
		len--;
	s = xstrndup(path, len);
	base = strrchr(s, '/');
	base = base ? base + 1 : s;
	if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0 || !*base)
		base = "muster";
	base = xstrdup(base);
	free(s);
	s = (char *)base;
	dot = strrchr(s, '.');
	if (dot && dot != s && (strcmp(dot, ".yaml") == 0 ||
	    strcmp(dot, ".yml") == 0))
		*dot = '\0';
	return s;
}
