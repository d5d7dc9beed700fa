/*
 * starter.c -- see starter.h.
 */
#include "starter.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "catalog.h"
#include "diag.h"
#include "layout/template.h"
#include "paths.h"
#include "util.h"

void
starter_print(FILE *out, const char *head, const char *text)
{
	const char *ff = strchr(text, '\f');

	if (head)
		fputs(head, out);
	fwrite(text, 1, ff ? (size_t)(ff - text) : strlen(text), out);
}

/* Writes len bytes of s (after head) to a file that must not exist. */
static int
write_new(const char *path, const char *head, const char *s, size_t len)
{
	FILE *fp;
	int err;

	/* C11's "x": fails when the file exists. */
	if ((fp = fopen(path, "wx")) == NULL) {
		diag_at(L_FATAL, "io.write", path, 0, 0, "%s; muster new "
		    "writes only new files: name another, or remove it",
		    errno == EEXIST ? "exists" : strerror(errno));
		return 2;
	}
	if (head)
		fputs(head, fp);
	fwrite(s, 1, len, fp);
	err = ferror(fp);
	if (fclose(fp) != 0 || err) {
		diag_at(L_FATAL, "io.write", path, 0, 0, "cannot be written: "
		    "%s", strerror(errno));
		remove(path);
		return 2;
	}
	printf("%s\n", path);
	return 0;
}

int
starter_write(const char *file, const char *head, const char *text)
{
	const char *doc, *comp, *nl, *slash, *dot;
	struct sbuf body = SBUF_INIT, side = SBUF_INIT, name = SBUF_INIT;
	const char *p;
	int rc;

	if ((doc = strchr(text, '\f')) == NULL ||
	    (comp = strchr(doc + 1, '\f')) == NULL ||
	    (nl = strchr(comp + 1, '\n')) == NULL)
		return write_new(file, head, text, strlen(text));
	doc++;
	/* The companion: FILE's stem with the companion's extension. */
	slash = strrchr(file, '/');
	dot = strrchr(file, '.');
	if (dot == NULL || (slash && dot < slash))
		dot = file + strlen(file);
	sb_addf(&side, "%.*s.%.*s", (int)(dot - file), file,
	    (int)(nl - comp - 1), comp + 1);
	sb_adds(&name, slash && slash < dot ? side.buf + (slash - file) + 1 :
	    side.buf);
	/* @DATA@ the companion's name, @FILE@ the document's, @STEM@
	 * that without its extension. */
	for (p = doc; p < comp; p++)
		if (strncmp(p, "@DATA@", 6) == 0) {
			sb_adds(&body, name.buf);
			p += 5;
		} else if (strncmp(p, "@FILE@", 6) == 0) {
			sb_adds(&body, slash ? slash + 1 : file);
			p += 5;
		} else if (strncmp(p, "@STEM@", 6) == 0) {
			sb_add(&body, slash ? slash + 1 : file, (size_t)(dot -
			    (slash ? slash + 1 : file)));
			p += 5;
		} else {
			sb_addc(&body, *p);
		}
	rc = write_new(file, head, body.buf, body.len);
	if (rc == 0 && (rc = write_new(side.buf, NULL, nl + 1,
	    strlen(nl + 1))) != 0)
		remove(file);
	sb_release(&body);
	sb_release(&side);
	sb_release(&name);
	return rc;
}

/* The schema line a template starts with, for an editor. */
static void
template_head(struct sbuf *sb)
{
	char *schema = paths_find("schemas", "template.json"), *real;

	if (schema && (real = realpath(schema, NULL)) != NULL) {
		sb_addf(sb, "# yaml-language-server: $schema=%s\n", real);
		free(real);
	}
	free(schema);
}

/* Prints or writes text (after the schema line). */
static int
put(const char *file, const char *text)
{
	struct sbuf head = SBUF_INIT;
	int rc = 0;

	template_head(&head);
	if (file)
		rc = write_new(file, head.buf, text, strlen(text));
	else
		starter_print(stdout, head.buf, text);
	sb_release(&head);
	return rc;
}

int
starter_template(const char *system, const char *file)
{
	struct sbuf name = SBUF_INIT;
	char *path, *buf;
	size_t len;
	struct stat st;
	int rc;

	sb_addf(&name, "starters/%s-template.yaml", system);
	path = paths_find("templates", name.buf);
	sb_release(&name);
	if (path == NULL)
		return -1;
	if (read_regular(path, (size_t)1 << 20, &buf, &len, &st) != READ_OK) {
		diag_at(L_FATAL, "io.read", path, 0, 0, "cannot be read: %s",
		    strerror(errno));
		free(path);
		return 2;
	}
	/* Its own schema line is the installed one's. */
	rc = put(file, strncmp(buf, "# yaml-language-server:", 23) == 0 &&
	    strchr(buf, '\n') ? strchr(buf, '\n') + 1 : buf);
	free(buf);
	free(path);
	return rc;
}

int
starter_restyle(const char *name, const char *file)
{
	struct sbuf sb = SBUF_INIT, path = SBUF_INIT;
	struct template *t;
	char *found;
	int rc;

	sb_addf(&path, "%s.yaml", name);
	found = paths_find("templates", path.buf);
	sb_release(&path);
	if (found == NULL || strchr(name, '/'))
		return free(found), -1;
	free(found);
	if ((t = template_load(name, &catalog_vocab)) == NULL)
		return 2;
	template_restyle(t, name, &sb);
	template_free(t);
	rc = put(file, sb.buf);
	sb_release(&sb);
	return rc;
}
