/*
 * fuzz_image.c -- libFuzzer over the image files a template places:
 * every input is written as a new file, pic-N.png, in a folder beside a
 * template whose elements show the file a card's pic field names (fit:
 * contain, and fit: cover in a box of another shape, and small on the
 * back), and a card naming it is drawn into a PDF in memory, saved to
 * memory every RENEW inputs, never to a file.  Whatever the bytes, the
 * file must be refused with a message or embedded: libpng's and
 * libjpeg's errors must never end the process (libpng's longjmp,
 * libjpeg's error_exit), and nothing may leak.  A document reads each
 * file once (by name, and by device and inode), so each input has a
 * name of its own and every file stays until the document is renewed.
 * `make fuzz` runs it from the repository's top, with seeds from
 * tests/fuzz/images/ and the pictures of decks/ and tests/bad/cards/.
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

#define RENEW 50	/* inputs drawn into one document before a new one */

static FILE *sink;
static char dir[64], deck[96];
static struct template *t;
static struct record *rec;
static struct pdf *pdf;
static struct layout *layout;
static int uses;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
put(const char *name, const void *data, size_t size)
{
	fuzz_put(dir, name, data, size);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char tmpl[] = "template: pic\nrenders: cards.card\n"
	    "size: [63mm, 88mm]\n"
	    "elements:\n"
	    "  - {name: whole, image: \"{pic}\", at: [3mm, 3mm], "
	    "size: [57mm, 40mm]}\n"
	    "  - {name: cut, image: \"{pic}\", fit: cover, at: [3mm, 45mm], "
	    "size: [20mm, 40mm]}\n"
	    "back:\n"
	    "  - {name: small, image: \"{pic}\", at: [30mm, 40mm], "
	    "size: [3mm, 3mm]}\n";
	char path[128];

	(void)argc;
	(void)argv;
	setenv("MUSTER_TEMPLATES", "templates", 0);
	snprintf(dir, sizeof(dir), "/tmp/muster-fuzz-i.XXXXXX");
	if (mkdtemp(dir) == NULL)
		abort();
	/* The card's fields are written in deck.yaml: a path in one is
	 * relative to that file's folder. */
	snprintf(deck, sizeof(deck), "%s/deck.yaml", dir);
	put("pic.yaml", tmpl, strlen(tmpl));
	snprintf(path, sizeof(path), "%s/pic.yaml", dir);
	sink = fopen("/dev/null", "w");
	diag_init(0, sink);
	if ((t = template_load(path, &catalog_vocab)) == NULL ||
	    diag_count(L_ERROR) + diag_count(L_FATAL))
		abort();
	rec = record_new();
	fuzz_warm_fonts();
	return 0;
}

/* Lays out the last pages, writes the document to memory and removes
 * the files it read. */
static void
renew(void)
{
	struct layout_opts o = { 612, 792, 0, 0, 1, BACKS_LONG, 0, 0 };
	unsigned char *out = NULL;
	char name[32], err[256];
	size_t len;
	int i;

	if (pdf) {
		layout_finish(layout);
		if (pdf_save_mem(pdf, &out, &len, err, sizeof(err)) == 0)
			free(out);
		layout_free(layout);
		pdf_free(pdf);
		for (i = 0; i < uses; i++) {
			snprintf(name, sizeof(name), "%s/pic-%d.png", dir, i);
			unlink(name);
		}
	}
	pdf = pdf_new();
	layout = layout_new(pdf, &o);
	uses = 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char name[32];

	diag_init(0, sink);
	if (pdf == NULL || uses == RENEW)
		renew();
	snprintf(name, sizeof(name), "pic-%d.png", uses++);
	put(name, data, size);
	record_clear(rec);
	rec_label_at(rec, "Picture", deck, 4, 5);
	rec_set(rec, "pic", name);
	rec_set_place(rec, "pic", deck, 4, 15);
	layout_card(layout, "card", t, rec);
	diag_flush();
	return 0;
}
