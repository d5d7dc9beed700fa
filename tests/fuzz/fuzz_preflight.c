/*
 * fuzz_preflight.c -- libFuzzer over `muster preflight`: every input is
 * written as in.pdf and preflighted as the command does it, with --json
 * (its report to /dev/null), in turn without a vendor, for dtc and for
 * mpc, so that the reader (src/pdfread/: cross-reference tables and
 * streams, object streams, filters and predictors, the page tree,
 * content streams, inline images, forms) and every check meet the
 * bytes.  Whatever they are, the file must be read or refused with a
 * message (exit 0, 1 or 2), never crash, hang or leak.  `make fuzz` runs
 * it from the repository's top, with seeds from tests/fuzz/pdf/ (small
 * hand-made PDFs, one with an xref stream and object streams, one with
 * a damaged table).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "util.h"

#include "fuzz.h"

static char dir[64], path[96];
static unsigned long runs;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "/tmp/muster-fuzz-p.XXXXXX");
	if (mkdtemp(dir) == NULL)
		abort();
	snprintf(path, sizeof(path), "%s/in.pdf", dir);
	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const vendors[] = { NULL, "dtc", "mpc" };
	const char *v = vendors[runs++ % 3];
	char a0[] = "preflight", a1[] = "--json", a2[] = "--vendor", a3[8];
	char *argv[6];
	int argc = 0, rc;

	fuzz_write(path, data, size);
	argv[argc++] = a0;
	argv[argc++] = a1;
	if (v) {
		snprintf(a3, sizeof(a3), "%s", v);
		argv[argc++] = a2;
		argv[argc++] = a3;
	}
	argv[argc++] = path;
	argv[argc] = NULL;
	rc = cmd_preflight(argc, argv);
	if (rc < 0 || rc > 2)
		abort();
	return 0;
}
