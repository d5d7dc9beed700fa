/*
 * fuzz_diag.c -- libFuzzer over diagnostics as a terminal shows them
 * (diag_style(1, 1): colour, and each message's source line quoted with
 * a caret under its column): every input is a YAML file whose documents
 * are loaded and checked as by `muster check --color=always`, and what
 * diag prints is caught in memory and held to what SPEC section 2
 * promises of it: UTF-8 throughout, and no control character but a
 * line break, a tab and muster's own colour sequences, so that no file
 * can drive the terminal it is checked on.  A breach aborts, for
 * libFuzzer to keep the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "doc.h"
#include "system.h"
#include "util.h"

static unsigned long inputs;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("MUSTER_TEMPLATES", "templates", 0);
	setenv("MUSTER_DECKS", "decks", 0);
	diag_style(1, 1);
	return 0;
}

/*
 * Aborts unless out is UTF-8 holding no control character but \n, \t
 * and colour sequences (ESC [ digits and semicolons m).
 */
static void
check_output(const char *out, size_t len)
{
	const char *p = out, *end = out + len, *q;
	long c;

	while (p < end) {
		if (*p == '\033') {
			for (q = p + 1; q < end && (q == p + 1 ? *q == '[' :
			    (*q == ';' || (*q >= '0' && *q <= '9'))); q++)
				;
			if (q == p + 1 || q >= end || *q != 'm')
				abort();
			p = q + 1;
			continue;
		}
		q = p;
		c = utf8_next(&q);
		if (c < 0 || q > end || c == 0 ||
		    (utf8_control(c) && c != '\t' && c != '\n' && c != 0xfeff))
			abort();
		if (c == '\r')
			abort();
		p = q;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct reader *rd;
	struct arena *a;
	struct batch *b;
	struct node *root;
	struct loaded ld;
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	if ((f = open_memstream(&out, &len)) == NULL)
		abort();
	diag_init(0, f);
	/* Two names in turn: the bases a file's variants read are
	 * counted until a document of another file is loaded. */
	rd = reader_open_mem(++inputs % 2 ? "fuzz.yaml" : "fuzz-2.yaml",
	    (const char *)data, size);
	a = arena_new();
	b = batch_new();
	while ((root = reader_next(rd, a)) != NULL) {
		system_load(root, a, b, &ld);
		arena_reset(a);
	}
	reader_close(rd);
	diag_flush();
	batch_free(b);
	arena_free(a);
	diag_end();
	if (fclose(f) != 0)
		abort();
	check_output(out, len);
	free(out);
	return 0;
}
