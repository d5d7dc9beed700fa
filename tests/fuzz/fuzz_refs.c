/*
 * fuzz_refs.c -- libFuzzer over references between documents: every
 * input is written as in.yaml in a folder that also holds a line-up
 * whose deck: is in.yaml, a force whose units are in.yaml, and a copy of
 * the shipped Battalion deck and a unit, so that an input may name them,
 * itself, or the files that name it.  Each of the three is read as
 * `muster check` reads it, and the documents that load are drawn with
 * their built-in templates into a PDF in memory, never saved.
 */
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

#define RENEW 100	/* inputs drawn into one document before a new one */

static FILE *sink;
static char dir[64], in[96], lineup[96], force[96];
static struct pdf *pdf;
static struct layout *layout;
static struct record *rec;
static int uses;

struct tcache {
	const struct product *p;
	struct template *t;
};
static struct tcache cache[32];

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
	(void)argc;
	(void)argv;
	setenv("MUSTER_TEMPLATES", "templates", 0);
	setenv("MUSTER_DECKS", "decks", 0);
	snprintf(dir, sizeof(dir), "/tmp/muster-fuzz-r.XXXXXX");
	if (mkdtemp(dir) == NULL)
		abort();
	snprintf(in, sizeof(in), "%s/in.yaml", dir);
	snprintf(lineup, sizeof(lineup), "%s/lineup.yaml", dir);
	snprintf(force, sizeof(force), "%s/force.yaml", dir);
	put("lineup.yaml", "system: ssg\nkind: lineup\nname: L\n"
	    "deck: in.yaml\nleft_flank: [Hussars]\nleft_center: [Lancers]\n"
	    "center_center: [Old Guard]\nright_center: [Sappers]\n"
	    "right_flank: [Dragoons]\nreserve: []\n");
	put("force.yaml", "system: shellshock\nkind: force\nname: F\n"
	    "sides:\n  A:\n    units: [in.yaml, mason.yaml]\n"
	    "  B:\n    units: [mason.yaml]\n");
	copy("decks/battalions.yaml", "battalions.yaml");
	copy("units/shellshock/mason.yaml", "mason.yaml");
	sink = fopen("/dev/null", "w");
	rec = record_new();
	fuzz_warm_fonts();
	return 0;
}

static struct template *
template_of(const struct product *p)
{
	size_t i;

	for (i = 0; i < NELEM(cache) && cache[i].p; i++)
		if (cache[i].p == p)
			return cache[i].t;
	if (i == NELEM(cache))
		return NULL;
	cache[i].p = p;
	cache[i].t = template_load(p->tmpl, &catalog_vocab);
	return cache[i].t;
}

static const char *product;
static int cards;

static void
emit_one(struct emitter *e, int copies)
{
	(void)copies;
	if (cards++ < 4)
		layout_card(layout, product, e->ctx, e->rec);
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
		em.ctx = template_of(p);
		product = p->name;
		if (em.ctx)
			p->emit(ld->obj, &em);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct layout_opts o = { 612, 792, 0, 0, 1, BACKS_LONG, 0, 0 };
	const char *const files[] = { in, lineup, force };
	struct batch *b;
	size_t i;

	fuzz_write(in, data, size);
	diag_init(0, sink);
	if (pdf == NULL || ++uses > RENEW) {
		layout_free(layout);
		pdf_free(pdf);
		pdf = pdf_new();
		layout = layout_new(pdf, &o);
		uses = 0;
	}
	cards = 0;
	/* One batch, as one `muster check in.yaml lineup.yaml force.yaml`:
	 * a file named twice is read once. */
	b = batch_new();
	for (i = 0; i < NELEM(files); i++) {
		system_read_file(files[i], b, on_document, NULL);
		diag_flush();
	}
	batch_free(b);
	return 0;
}
