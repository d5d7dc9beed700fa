/*
 * fuzz_template.c -- libFuzzer over the template loader: every input is
 * written as a template file beside a base it may extend (./base.yaml,
 * or any built-in one by name), loaded and checked; a template that
 * loads is drawn over the shipped record of the type it renders, into a
 * PDF in memory that is never saved.  `make fuzz` runs it from the
 * repository's top, with seeds from templates/ and tests/bad/.
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

/* A shipped input holding a record of each type a template can render. */
static const struct {
	const char *type, *file;
} sample[] = {
	{ "shellshock.card", "units/shellshock/mason.yaml" },
	{ "shellshock.sheet", "units/shellshock/mason.yaml" },
	{ "shellshock.counter", "units/shellshock/mason.yaml" },
	{ "shellshock.roster", "units/shellshock-forces/demo.yaml" },
	{ "shambattle.counter", "units/shambattle/red.yaml" },
	{ "shambattle.roster", "units/shambattle/red.yaml" },
	{ "shock.soldier", "units/shock/alpha.yaml" },
	{ "shock.counter", "units/shock/alpha.yaml" },
	{ "shock.reference", "units/shock/alpha.yaml" },
	{ "ssg.battalion", "decks/battalions.yaml" },
	{ "ssg.tactic", "decks/tactics.yaml" },
	{ "ssg.reference", "decks/reference.yaml" },
	{ "ssg.specialties", "decks/specialties.yaml" },
};

static FILE *sink;
static char dir[64], path[96];
static struct pdf *pdf;
static struct layout *layout;
static struct record *rec;
static int uses;
/* The layout keeps the templates it drew with: freed with it. */
static struct template *kept[RENEW + 1];
static int nkept;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* text as the file name in the harness's folder. */
static void
put(const char *name, const char *text)
{
	fuzz_put(dir, name, text, strlen(text));
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("MUSTER_TEMPLATES", "templates", 0);
	setenv("MUSTER_DECKS", "decks", 0);
	snprintf(dir, sizeof(dir), "/tmp/muster-fuzz-t.XXXXXX");
	if (mkdtemp(dir) == NULL)
		abort();
	snprintf(path, sizeof(path), "%s/t.yaml", dir);
	put("base.yaml", "template: base\nextends: shellshock-card\n"
	    "elements:\n  - {box: movement, fill: \"#eeeeee\"}\n");
	sink = fopen("/dev/null", "w");
	rec = record_new();
	fuzz_warm_fonts();
	return 0;
}

struct draw {
	struct template *t;
	int cards;
};

static void
emit_one(struct emitter *e, int copies)
{
	struct draw *d = e->ctx;

	(void)copies;
	if (d->cards++ < 2)
		layout_card(layout, d->t->type, d->t, e->rec);
}

static void
on_document(struct loaded *ld, void *ctx)
{
	struct draw *d = ctx;
	const struct product *p;
	struct emitter em;

	if (ld->errors || ld->kind == NULL)
		return;
	for (p = ld->kind->products; p && p->name; p++)
		if (strcmp(p->type->name, d->t->type) == 0) {
			em.rec = rec;
			em.card = emit_one;
			em.ctx = d;
			p->emit(ld->obj, &em);
		}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct layout_opts o = { 612, 792, 0, 0, 1, BACKS_LONG, 0, 0 };
	struct draw d;
	struct batch *b;
	size_t i;

	fuzz_write(path, data, size);
	diag_init(0, sink);
	if (pdf == NULL || ++uses > RENEW) {
		layout_free(layout);
		while (nkept > 0)
			template_free(kept[--nkept]);
		pdf_free(pdf);
		pdf = pdf_new();
		layout = layout_new(pdf, &o);
		uses = 0;
	}
	d.cards = 0;
	if ((d.t = template_load(path, &catalog_vocab)) != NULL &&
	    diag_count(L_ERROR) + diag_count(L_FATAL) == 0) {
		for (i = 0; i < NELEM(sample); i++)
			if (strcmp(sample[i].type, d.t->type) == 0)
				break;
		if (i < NELEM(sample)) {
			b = batch_new();
			system_read_file(sample[i].file, b, on_document, &d);
			batch_free(b);
		}
	}
	if (d.t)
		kept[nkept++] = d.t;
	diag_flush();
	return 0;
}
