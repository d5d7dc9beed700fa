/*
 * fuzz_load.c -- libFuzzer over load, check and render: every input is a
 * YAML file; each of its documents is loaded and checked, and those
 * without errors are laid out with their built-in template into a PDF in
 * memory (never saved).  `make fuzz` builds it with AddressSanitizer and
 * UndefinedBehaviorSanitizer and runs it from the repository's top.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "doc.h"
#include "layout/layout.h"
#include "layout/template.h"
#include "pdf/pdf.h"
#include "record.h"
#include "catalog.h"
#include "system.h"
#include "util.h"

#include "fuzz.h"

#define RENEW 200	/* inputs drawn into one document before a new one */

static FILE *sink;
static struct pdf *pdf;
static struct layout *layout;
static struct record *rec;
static int uses;
static unsigned long inputs;

struct tcache {
	const struct product *p;
	struct template *t;
};
static struct tcache cache[32];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("MUSTER_TEMPLATES", "templates", 0);
	setenv("MUSTER_DECKS", "decks", 0);
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

static const char *product;	/* the one being emitted */

static void
emit_one(struct emitter *e, int copies)
{
	struct template *t = e->ctx;

	(void)copies;
	layout_card(layout, product, t, e->rec);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct layout_opts o = { 612, 792, 0, 0, 1, BACKS_LONG, 0, 0 };
	struct reader *rd;
	struct arena *a;
	struct batch *b;
	struct node *root;
	struct loaded ld;
	const struct product *p;

	diag_init(0, sink);
	if (pdf == NULL || ++uses > RENEW) {
		layout_free(layout);
		pdf_free(pdf);
		pdf = pdf_new();
		layout = layout_new(pdf, &o);
		uses = 0;
	}
	/* Two names in turn: the bases a file's variants read are
	 * counted until a document of another file is loaded. */
	rd = reader_open_mem(++inputs % 2 ? "fuzz.yaml" : "fuzz-2.yaml",
	    (const char *)data, size);
	a = arena_new();
	b = batch_new();
	while ((root = reader_next(rd, a)) != NULL) {
		system_load(root, a, b, &ld);
		for (p = ld.errors == 0 && ld.kind ? ld.kind->products : NULL;
		    p && p->name; p++) {
			struct emitter em;

			em.rec = rec;
			em.card = emit_one;
			em.ctx = template_of(p);
			product = p->name;
			if (em.ctx)
				p->emit(ld.obj, &em);
		}
		arena_reset(a);
	}
	diag_flush();
	batch_free(b);
	arena_free(a);
	reader_close(rd);
	return 0;
}
