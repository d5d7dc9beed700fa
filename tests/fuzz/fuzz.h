/*
 * fuzz.h -- what the libFuzzer harnesses share: filling fontconfig's
 * caches before any input is measured, writing an input to a file, and
 * putting files, or copies of shipped ones, into a harness's folder.
 */
#ifndef MUSTER_FUZZ_H
#define MUSTER_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdf/pdf.h"

/* fontconfig keeps caches it hides from LeakSanitizer: fill them now,
 * before any input is measured. */
static inline void
fuzz_warm_fonts(void)
{
	struct pdf *warm = pdf_new();
	const char *why, *subst;

	pdf_font(warm, "DejaVu Sans Condensed", &why, &subst);
	pdf_font(warm, "DejaVu Sans Condensed:bold", &why, &subst);
	pdf_font(warm, "No Such Family", &why, &subst);
	pdf_free(warm);
}

/* size bytes at data into path, or the harness stops. */
static inline void
fuzz_write(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || (size && fwrite(data, 1, size, f) != size) ||
	    fclose(f) != 0)
		abort();
}

/* size bytes at data as the file name in the folder dir. */
static inline void
fuzz_put(const char *dir, const char *name, const void *data, size_t size)
{
	char p[256];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fuzz_write(p, data, size);
}

/* A copy of a shipped file (at most 64 KiB) as name in the folder dir. */
static inline void
fuzz_copy(const char *from, const char *dir, const char *name)
{
	static char buf[1 << 16];
	size_t n;
	FILE *f;

	if ((f = fopen(from, "r")) == NULL)
		abort();
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	fuzz_put(dir, name, buf, n);
}

#endif
