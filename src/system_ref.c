/*
 * system_ref.c -- references: a document that names another file (a
 * force its units, a line-up its deck, an input on the command line)
 * loads it through system_ref(), which finds it (beside the naming
 * file, from the working folder, among the shipped examples), reads and
 * checks its documents once a batch however often they are named, and
 * tells, under the caller's rule, a file that is missing, not YAML, of
 * the wrong game or kind, has errors, leads back or is more than
 * MAXREFDEPTH deep.
 */
#include "system_impl.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "deps.h"
#include "doc.h"
#include "paths.h"
#include "util.h"

/* Reports a reference that cannot be used, at it or at the file. */
static void
ref_bad(const struct node *at, const char *rule, const char *path,
    const char *fmt, ...) ATTR_PRINTF(4, 5);

static void
ref_bad(const struct node *at, const char *rule, const char *path,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (at)
		diag_vat(L_ERROR, rule, at->file, at->line, at->col, fmt, ap);
	else
		diag_vat(L_FATAL, rule, path, 0, 0, fmt, ap);
	va_end(ap);
}

/* "shellshock card or sheet", for messages. */
static void
wanted(struct sbuf *sb, const char *game, const char *const *kinds)
{
	size_t i, n = 0;

	while (kinds[n])
		n++;
	sb_adds(sb, game);
	for (i = 0; i < n; i++)
		sb_addf(sb, "%s%s", i == 0 ? " " : i == n - 1 ? " or " : ", ",
		    kinds[i]);
}

/*
 * The path a referenced file is read and named by: below the working
 * folder, its canonical path relative to it ("units/shellshock/
 * mason.yaml", not "units/forces/../shellshock/mason.yaml"), so that a
 * file has the same name in every message whether it was an input or
 * named by one; elsewhere, the path as the reference made it.
 */
const char *
plain_path(const char *real, const char *file, char *buf, size_t size)
{
	size_t n;

	if (getcwd(buf, size) == NULL || (n = strlen(buf)) <= 1 ||
	    strncmp(real, buf, n) != 0 || real[n] != '/')
		return file;
	memmove(buf, real + n + 1, strlen(real + n + 1) + 1);
	return buf;
}

static struct ref *
ref_read(struct batch *b, const char *file, char *real)
{
	struct ref *r = xcalloc(1, sizeof(*r));
	struct read_count saved;
	struct reader *rd;
	struct node *root;
	int cap = 0;

	r->real = real;
	r->a = arena_new();
	r->next = b->refs;
	b->refs = r;
	r->loading = 1;
	b->depth++;
	if ((rd = reader_open(file)) == NULL) {
		r->bad = 1;
	} else {
		saved = read_count_begin(reader_path(rd));
		while ((root = reader_next(rd, r->a)) != NULL) {
			if (r->n == cap) {
				cap = cap ? cap * 2 : 4;
				r->docs = xrealloc(r->docs,
				    (size_t)cap * sizeof(*r->docs));
			}
			system_load(root, r->a, b, &r->docs[r->n]);
			if (r->docs[r->n].errors || r->docs[r->n].kind == NULL)
				r->bad = 1;
			r->n++;
		}
		if (reader_failed(rd))
			r->bad = 1;
		else if (r->n == 0)
			diag_at(L_ERROR, "yaml.empty", reader_path(rd), 1, 1,
			    "file holds no document; write one with "
			    "'system:' and 'kind:'");
		reader_close(rd);
		read_count_end(saved);
	}
	if (r->n == 0)
		r->bad = 1;
	b->depth--;
	r->loading = 0;
	return r;
}

/*
 * The real path of the reference path named at at (NULL: on the command
 * line), its name as told into file; NULL when it cannot be found, told.
 * A document's reference not beside it may be named from the working
 * folder (units/shellshock/mason.yaml, as SPEC 3.3 writes it), or be one
 * of the shipped examples (MUSTER_UNITS, MUSTER_DECKS, the data folder:
 * shellshock/mason.yaml).
 */
static char *
ref_locate(const char *path, const struct node *at, const char *rule,
    char *file, size_t size)
{
	static const char *const subs[] = { "units", "decks", NULL };
	const char *slash = at && at->file ? strrchr(at->file, '/') : NULL;
	char *real, *shipped;
	int looked, k;

	path_beside(at ? at->file : NULL, path, file, size);
	/* Watched (render --watch) even when missing: it may appear. */
	if (yaml_name(path))
		deps_note(file);
	real = realpath(file, NULL);
	looked = real == NULL && errno == ENOENT && at && path[0] != '/';
	if (looked && slash != NULL && (real = realpath(path, NULL)) != NULL)
		snprintf(file, size, "%s", path);
	for (k = 0; looked && real == NULL && subs[k]; k++) {
		size_t len = strlen(subs[k]);
		/* "units/shellshock/mason.yaml" is the shipped units'
		 * "shellshock/mason.yaml". */
		const char *rest = strncmp(path, subs[k], len) == 0 &&
		    path[len] == '/' ? path + len + 1 : path;

		if ((shipped = paths_find(subs[k], rest)) != NULL) {
			real = realpath(shipped, NULL);
			snprintf(file, size, "%s", shipped);
			free(shipped);
		}
	}
	if (real != NULL)
		return real;
	if (looked)
		errno = ENOENT;
	if (looked)
		diag(L_ERROR, rule, at, "cannot open '%s': %s; it was "
		    "looked for beside this file, in the working "
		    "folder and among the shipped examples", path,
		    strerror(errno));
	else if (at)
		diag(L_ERROR, rule, at, "cannot open '%s': %s", path,
		    strerror(errno));
	else
		diag_at(L_FATAL, "io.read", file, 0, 0,
		    "cannot open: %s", strerror(errno));
	return NULL;
}

/* 1 when real (named path, told as file) is no file to read as a
 * reference: not a regular file, not YAML, a link to what is not YAML;
 * told. */
static int
ref_refused(const char *path, const char *real, const struct node *at,
    const char *rule, const char *file)
{
	struct stat st;

	if (stat(real, &st) == 0 && !S_ISREG(st.st_mode)) {
		ref_bad(at, rule, file, "'%s' is %s; name a YAML file", path,
		    S_ISDIR(st.st_mode) ? "a folder" : "not a regular file");
		return 1;
	}
	/* Only a YAML file is read: no other file (a key, /etc/passwd) is
	 * opened and quoted in a message. */
	if (!yaml_name(path)) {
		ref_bad(at, rule, file, "'%s' is not a .yaml file; name a YAML "
		    "file", path);
		return 1;
	}
	if (!yaml_name(real)) {
		ref_bad(at, rule, file, "'%s' is a link to a file that is "
		    "not .yaml; name a YAML file", path);
		return 1;
	}
	return 0;
}

/* The batch's reading of real (taking it), read now if it is not yet;
 * NULL when it leads in a circle or too deep, told. */
static struct ref *
ref_get(struct batch *b, char *real, const char *path,
    const struct node *at, const char *rule, const char *file)
{
	char plain[PATH_MAX];
	struct ref *r;

	for (r = b->refs; r; r = r->next)
		if (strcmp(r->real, real) == 0)
			break;
	if (r && r->loading)
		ref_bad(at, rule, file, "'%s' leads back here: the files name "
		    "each other in a circle", path);
	else if (r == NULL && b->depth >= MAXREFDEPTH)
		ref_bad(at, rule, file, "'%s' is more than %d references deep; "
		    "the limit is %d", path, MAXREFDEPTH, MAXREFDEPTH);
	else if (r == NULL)
		return ref_read(b, plain_path(real, file, plain,
		    sizeof(plain)), real);
	else {
		free(real);
		return r;
	}
	free(real);
	return NULL;
}

const struct loaded *
system_ref(struct batch *b, const char *path, const struct node *at,
    const char *rule, const char *game, const char *const *kinds, int *n)
{
	char file[PATH_MAX], *real;
	struct sbuf sb = SBUF_INIT;
	struct ref *r;
	const struct node *sys;
	int i;

	*n = 0;
	/* Standard input, named on the command line: read once a batch. */
	if (at == NULL && strcmp(path, "-") == 0) {
		snprintf(file, sizeof(file), "-");
		for (r = b->refs; r; r = r->next)
			if (strcmp(r->real, "-") == 0)
				break;
		if (r == NULL)
			r = ref_read(b, "-", xstrdup("-"));
	} else {
		if ((real = ref_locate(path, at, rule, file,
		    sizeof(file))) == NULL)
			return NULL;
		if (ref_refused(path, real, at, rule, file)) {
			free(real);
			return NULL;
		}
		if ((r = ref_get(b, real, path, at, rule, file)) == NULL)
			return NULL;
	}
	if (r->bad) {
		/* The file's own problems are reported at the file. */
		if (at)
			diag(L_ERROR, rule, at, "'%s' cannot be used: it has "
			    "errors, reported at that file", path);
		return NULL;
	}
	for (i = 0; i < r->n; i++) {
		const struct loaded *ld = &r->docs[i];

		if (strcmp(ld->game->name, game) != 0 ||
		    str_index(kinds, ld->kind->name) < 0) {
			wanted(&sb, game, kinds);
			/* At the file itself, the file is the subject, told
			 * at its document's system: key. */
			sys = at == NULL && ld->root ? node_get(ld->root,
			    "system") : NULL;
			if (sys)
				diag_at(L_FATAL, rule, sys->file, sys->line,
				    sys->col, "holds %s %s; this command "
				    "takes a %s file", ld->game->name,
				    ld->kind->name, sb.buf);
			else
				ref_bad(at, rule, file, "%s%s%sholds %s %s, "
				    "not %s", at ? "'" : "", at ? path : "",
				    at ? "' " : "", ld->game->name,
				    ld->kind->name, sb.buf);
			sb_release(&sb);
			return NULL;
		}
	}
	*n = r->n;
	return r->docs;
}
