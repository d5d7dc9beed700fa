/*
 * system_limit.c -- what the documents of one file may read besides the
 * file itself: the bases their variants extend and the data files their
 * decks name are read anew for each document that names them, so that
 * a small file cannot read a large one a million times.  Together they
 * come to DOC_MAX_BYTES at most, as the file itself may (doc.h); past
 * that, yaml.size is told at the key naming the file.
 */
#include "system_impl.h"

#include "diag.h"
#include "doc.h"

static struct read_count read_count;

static unsigned long
name_hash(const char *s)
{
	unsigned long h = 5381;

	while (s && *s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

int
system_read_more(const struct node *at, const char *name, size_t size)
{
	unsigned long h = name_hash(at->file);

	if (read_count.path) {
		read_count.hash = name_hash(read_count.path);
		read_count.path = NULL;
	}
	if (h != read_count.hash) {
		read_count.hash = h;
		read_count.bytes = 0;
	}
	if (size > DOC_MAX_BYTES - read_count.bytes) {
		diag(L_ERROR, "yaml.size", at, "'%s' would bring the files read "
		    "for the documents of this file to more than %zu MiB (a "
		    "base or a data file is read for each document that names "
		    "it); put fewer documents that name large files in one file",
		    name, DOC_MAX_BYTES >> 20);
		return -1;
	}
	read_count.bytes += size;
	return 0;
}

struct read_count
read_count_begin(const char *path)
{
	struct read_count saved = read_count;

	read_count.path = path;
	read_count.bytes = 0;
	return saved;
}

void
read_count_end(struct read_count saved)
{
	read_count = saved;
}
