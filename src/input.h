/*
 * input.h -- the files a command reads: each PATH is a YAML file or a
 * folder searched recursively for *.yaml and *.yml (hidden entries
 * skipped), in sorted order so that output is the same run to run.
 */
#ifndef MUSTER_INPUT_H
#define MUSTER_INPUT_H

#include <stddef.h>

struct inputs {
	char **v;
	size_t n, cap;
};
#define INPUTS_INIT { NULL, 0, 0 }

/*
 * Adds path (a file, or a folder's YAML files; "-" standard input,
 * once) to in.  A path that does
 * not exist or cannot be read is reported (io.read) and -1 returned.
 */
int inputs_add(struct inputs *in, const char *path);
void inputs_free(struct inputs *in);

/* The name a PDF made from path gets: "units/shellshock/" -> "shellshock",
 * "-" -> "stdin". */
char *input_stem(const char *path);

#endif
