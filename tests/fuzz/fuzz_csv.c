/*
 * fuzz_csv.c -- libFuzzer over a deck's data file: every input is the
 * data of a fixed `system: cards` deck, written as in.csv (or in.tsv,
 * when its first line holds a tab, for a deck that names that), in a
 * folder that also holds the deck, the Ember & Tide template it names
 * (whose fields are name, type, cost, power and text, and whose
 * pictures are icons/{type}.png, relative to the data) and those
 * pictures.  The deck is read as `muster render` reads it: loaded,
 * checked against its template, and its first cards drawn with that
 * template into a PDF in memory, saved to memory now and then, never to
 * a file.  `make fuzz` runs it from the repository's top, with seeds
 * from decks/ember-tide/ and tests/bad/cards/.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "diag.h"
#include "doc.h"
#include "layout/layout.h"
#include "layout/template.h"
#include "pdf/pdf.h"
#include "record.h"
#include "system.h"
#include "util.h"

#include "fuzz.h"

#define RENEW 50	/* inputs drawn into one document before a new one */
#define CARDS 6		/* cards drawn of an input, at most */

static FILE *sink;
static char dir[64], csv[96], tsv[96], csvdeck[96], tsvdeck[96];
static struct pdf *pdf;
static struct layout *layout;
static struct record *rec;
static int uses;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* text as the file name in the harness's folder. */
static void
put(const char *name, const char *text)
{
	fuzz_put(dir, name, text, strlen(text));
}

/* A copy of a shipped file into the folder. */
static void
copy(const char *from, const char *name)
{
	fuzz_copy(from, dir, name);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char icons[PATH_MAX], link[128];

	(void)argc;
	(void)argv;
	setenv("MUSTER_TEMPLATES", "templates", 0);
	setenv("MUSTER_DECKS", "decks", 0);
	snprintf(dir, sizeof(dir), "/tmp/muster-fuzz-c.XXXXXX");
	if (mkdtemp(dir) == NULL)
		abort();
	snprintf(csv, sizeof(csv), "%s/in.csv", dir);
	snprintf(tsv, sizeof(tsv), "%s/in.tsv", dir);
	snprintf(csvdeck, sizeof(csvdeck), "%s/csv.yaml", dir);
	snprintf(tsvdeck, sizeof(tsvdeck), "%s/tsv.yaml", dir);
	put("csv.yaml", "system: cards\nkind: deck\nname: C\n"
	    "template: card.yaml\ndata: in.csv\n");
	put("tsv.yaml", "system: cards\nkind: deck\nname: T\ncopies: 2\n"
	    "template: card.yaml\ndata: in.tsv\n");
	copy("decks/ember-tide/card.yaml", "card.yaml");
	/* The pictures, named by the type column, relative to the data. */
	if (realpath("decks/ember-tide/icons", icons) == NULL)
		abort();
	snprintf(link, sizeof(link), "%s/icons", dir);
	if (symlink(icons, link) < 0)
		abort();
	sink = fopen("/dev/null", "w");
	rec = record_new();
	fuzz_warm_fonts();
	return 0;
}

static int cards;

static void
emit_one(struct emitter *e, int copies)
{
	const struct template *t;
	const char *name, *file;

	(void)copies;
	if (cards >= CARDS || (name = rec_template(e->rec, &file)) == NULL ||
	    (t = catalog_template(name, file, NULL, "template.invalid",
	    "cards.card")) == NULL)
		return;
	cards++;
	layout_card(layout, "card", t, e->rec);
}

static void
on_document(struct loaded *ld, void *ctx)
{
	const struct product *p;
	struct emitter em;

	(void)ctx;
	if (ld->errors || ld->kind == NULL)
		return;
	for (p = ld->kind->products; p && p->name; p++) {
		em.rec = rec;
		em.card = emit_one;
		em.ctx = NULL;
		p->emit(ld->obj, &em);
	}
}

/* Lays out the last pages and writes the document to memory. */
static void
save(void)
{
	unsigned char *out = NULL;
	size_t len;
	char err[256];

	layout_finish(layout);
	if (pdf_save_mem(pdf, &out, &len, err, sizeof(err)) == 0)
		free(out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct layout_opts o = { 612, 792, 0, 0, 1, BACKS_LONG, 0, 0 };
	const uint8_t *nl = memchr(data, '\n', size);
	int tab = memchr(data, '\t', nl ? (size_t)(nl - data) : size) != NULL;
	struct batch *b;

	fuzz_write(tab ? tsv : csv, data, size);
	diag_init(0, sink);
	if (pdf == NULL || ++uses > RENEW) {
		if (pdf)
			save();
		layout_free(layout);
		pdf_free(pdf);
		pdf = pdf_new();
		layout = layout_new(pdf, &o);
		uses = 0;
	}
	cards = 0;
	b = batch_new();
	catalog_attach(b);
	system_read_file(tab ? tsvdeck : csvdeck, b, on_document, NULL);
	batch_free(b);
	diag_flush();
	return 0;
}
