/*
 * fuzz_image.c -- libFuzzer over the image files a template places:
 * every input is written as pic.png in a folder beside a template whose
 * elements show it (fit: contain, and fit: cover in a box of another
 * shape), and a card of that template is drawn into a new PDF, which
 * is then saved to memory, never to a file.  Whatever the bytes, the
 * file must be refused with a message or embedded: libpng's and
 * libjpeg's errors must never end the process (libpng's longjmp,
 * libjpeg's error_exit), and nothing may leak.  The document is new
 * for every input, since a document reads each file once.  `make fuzz`
 * runs it from the repository's top, with seeds from tests/fuzz/images/
 * and the PNG and JPEG files of decks/ and tests/bad/cards/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "diag.h"
#include "layout/layout.h"
#include "layout/template.h"
#include "pdf/pdf.h"
#include "record.h"
#include "util.h"

#include "fuzz.h"

static FILE *sink;
static char dir[64], pic[96], tmpl[96];
static struct template *t;
static struct record *rec;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
put(const char *name, const char *text)
{
	char p[128];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fuzz_write(p, text, strlen(text));
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("MUSTER_TEMPLATES", "templates", 0);
	snprintf(dir, sizeof(dir), "/tmp/muster-fuzz-i.XXXXXX");
	if (mkdtemp(dir) == NULL)
		abort();
	snprintf(pic, sizeof(pic), "%s/pic.png", dir);
	snprintf(tmpl, sizeof(tmpl), "%s/pic.yaml", dir);
	put("pic.yaml", "template: pic\nrenders: cards.card\n"
	    "size: [63mm, 88mm]\n"
	    "elements:\n"
	    "  - {name: whole, image: pic.png, at: [3mm, 3mm], "
	    "size: [57mm, 40mm]}\n"
	    "  - {name: cut, image: pic.png, fit: cover, at: [3mm, 45mm], "
	    "size: [20mm, 40mm]}\n"
	    "back:\n"
	    "  - {name: small, image: pic.png, at: [30mm, 40mm], "
	    "size: [3mm, 3mm]}\n");
	sink = fopen("/dev/null", "w");
	diag_init(0, sink);
	if ((t = template_load(tmpl, &catalog_vocab)) == NULL ||
	    diag_count(L_ERROR) + diag_count(L_FATAL))
		abort();
	rec = record_new();
	rec_label_at(rec, "Picture", "deck.yaml", 1, 1);
	fuzz_warm_fonts();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct layout_opts o = { 612, 792, 0, 0, 1, BACKS_LONG, 0, 0 };
	struct layout *layout;
	struct pdf *pdf;
	unsigned char *out = NULL;
	size_t len;
	char err[256];

	fuzz_write(pic, data, size);
	diag_init(0, sink);
	pdf = pdf_new();
	layout = layout_new(pdf, &o);
	layout_card(layout, "card", t, rec);
	layout_finish(layout);
	if (pdf_save_mem(pdf, &out, &len, err, sizeof(err)) == 0)
		free(out);
	layout_free(layout);
	pdf_free(pdf);
	diag_flush();
	return 0;
}
