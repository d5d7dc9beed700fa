/*
 * fuzz.h -- what the libFuzzer harnesses share: filling fontconfig's
 * caches before any input is measured, and writing an input to a file.
 */
#ifndef MUSTER_FUZZ_H
#define MUSTER_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

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

#endif
