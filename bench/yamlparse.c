/*
 * yamlparse.c -- what `muster check` of many files is measured against
 * (SPEC section 7): libyaml's bare event parse of the same files, each
 * read into memory first, nothing else done with them.  With -e, each
 * file is instead dropped from the page cache (posix_fadvise), so that
 * the next run reads it from the disk: the cold-cache figure.
 *
 * usage: yamlparse [-e] FILE|DIR...  (a folder: the files in it)
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <yaml.h>

static unsigned long events;
static int evict;

static int
one(const char *path)
{
	unsigned char *buf;
	struct stat st;
	DIR *d;
	struct dirent *de;
	char sub[4096];

	if ((d = opendir(path)) != NULL) {
		while ((de = readdir(d)) != NULL)
			if (de->d_name[0] != '.') {
				snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
				if (one(sub))
					return 1;
			}
		return closedir(d);
	}
	{
		int fd = open(path, O_RDONLY);
		ssize_t n;
		yaml_parser_t p;
		yaml_event_t e;
		int done = 0;

		if (fd < 0 || fstat(fd, &st) < 0 ||
		    (buf = malloc((size_t)st.st_size + 1)) == NULL ||
		    (n = evict ? 0 : read(fd, buf, (size_t)st.st_size)) < 0)
			return perror(path), 1;
		if (evict)
			posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		close(fd);
		if (evict)
			return free(buf), 0;
		yaml_parser_initialize(&p);
		yaml_parser_set_input_string(&p, buf, (size_t)n);
		while (!done && yaml_parser_parse(&p, &e)) {
			done = e.type == YAML_STREAM_END_EVENT;
			yaml_event_delete(&e);
			events++;
		}
		yaml_parser_delete(&p);
		free(buf);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	int i = 1;

	evict = argc > 1 && strcmp(argv[1], "-e") == 0;
	for (i += evict; i < argc; i++)
		if (one(argv[i]))
			return 1;
	printf("%lu events\n", events);
	return 0;
}
