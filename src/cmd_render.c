/*
 * cmd_render.c -- muster render's work: check everything, lay out the
 * cards, and write each PDF atomically, only when no input had an error
 * (its options and outputs are cmd_render_args.c's).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "catalog.h"
#include "cmd_render.h"
#include "cmd.h"
#include "deps.h"
#include "diag.h"
#include "doc.h"
#include "input.h"
#include "layout/layout.h"
#include "layout/template.h"
#include "pdf/pdf.h"
#include "pdf/raster.h"
#include "record.h"
#include "system.h"
#include "tts.h"
#include "usage.h"
#include "util.h"
#include "vendor.h"
#include "watch.h"

#define MM (72.0 / 25.4)

/*
 * The template for the records of product p: the user's when it renders
 * p's record type, else p's own built-in one (loaded once).  NULL, with
 * the run stopped, when it cannot be used.
 */
static const struct template *
template_for(struct render *rd, const struct product *p)
{
	struct template *t;
	int i;

	if (rd->user && strcmp(rd->user->type, p->type->name) == 0) {
		rd->user_used = 1;
		return rd->user;
	}
	for (i = 0; i < rd->ntmpl; i++)
		if (strcmp(rd->tmpl[i].name, p->tmpl) == 0)
			return rd->tmpl[i].t;
	t = template_load(p->tmpl, &catalog_vocab);
	if (t && strcmp(t->type, p->type->name) != 0) {
		diag_at(L_FATAL, "template.invalid", t->file, 0, 0,
		    "template '%s' renders %s, not %s; 'muster templates' "
		    "lists which renders what", t->name, t->type,
		    p->type->name);
		template_free(t);
		t = NULL;
	}
	if (rd->ntmpl == rd->captmpl) {
		rd->captmpl = rd->captmpl ? rd->captmpl * 2 : 8;
		rd->tmpl = xrealloc(rd->tmpl, (size_t)rd->captmpl *
		    sizeof(*rd->tmpl));
	}
	rd->tmpl[rd->ntmpl].name = p->tmpl;
	rd->tmpl[rd->ntmpl++].t = t;
	if (t == NULL)
		rd->stop = 1;
	return t;
}

struct doc_ctx {
	struct render *rd;
	const struct product *p;
	const struct template *t;
};

/* Whether --only lets the card through (noting which name did). */
static int
wanted(struct render *rd, const char *name)
{
	size_t i;
	int hit = 0;

	if (rd->only == NULL)
		return 1;
	for (i = 0; i < rd->nnames; i++)
		if (strcmp(rd->names[i], name) == 0)
			break;
	if (i == rd->nnames) {
		rd->names = xrealloc(rd->names, (rd->nnames + 2) *
		    sizeof(*rd->names));
		rd->names[rd->nnames++] = xstrdup(name);
		rd->names[rd->nnames] = NULL;
	}
	for (i = 0; rd->only[i]; i++)
		if (strcasecmp(rd->only[i], name) == 0) {
			rd->only_hit[i]++;
			hit = 1;
		}
	return hit;
}

/* A vendor's card is at most this long a side: poker, bridge, business
 * and tarot cards (4.75 in) are cards; a record sheet or roster is not. */
#define VENDOR_CARD_MAX (5 * 72.0)

/*
 * --vendor with a trim of its own prints cards only: a counter or a
 * page-sized product (a record sheet, a roster) is refused, naming the
 * product, rather than stretched to a playing card or put in a file
 * the print shop would refuse.  Returns 0 after saying so.
 */
static int
vendor_card(const struct render *rd, const struct template *t)
{
	const struct vendor *v = rd->vendor;

	return v == NULL || v->trim_w <= 0 || (!t->counter &&
	    t->w <= VENDOR_CARD_MAX && t->h <= VENDOR_CARD_MAX);
}

/* Whether product was told already (and now it is). */
static int
vendor_told(struct render *rd, const char *product)
{
	size_t i;

	for (i = 0; i < rd->nvendor_told; i++)
		if (strcmp(rd->vendor_told[i], product) == 0)
			return 1;
	if (rd->nvendor_told < sizeof(rd->vendor_told) /
	    sizeof(rd->vendor_told[0]))
		rd->vendor_told[rd->nvendor_told++] = product;
	return 0;
}

/*
 * Without --product, --vendor prints a document's cards and leaves its
 * other products out (a unit's counter, a sheet, a roster), told in a
 * note once a product: 1 when product p is left out.
 */
static int
vendor_leaves(struct render *rd, const struct template *t,
    const struct node *at, const char *product)
{
	if (rd->products || vendor_card(rd, t) || strcmp(product, "card") == 0)
		return 0;	/* a card too big is vendor_fits()'s error */
	rd->vendor_left++;
	if (!vendor_told(rd, product))
		diag(L_NOTE, "render.vendor", at, "--vendor %s prints cards: "
		    "product '%s' (template '%s') is left out; print it "
		    "without --vendor", rd->vendor->name, product, t->name);
	return 1;
}

static int
vendor_fits(struct render *rd, const struct template *t,
    const struct record *r, const char *product)
{
	const struct vendor *v = rd->vendor;
	char wb[32], hb[32], size[80];

	if (vendor_card(rd, t))
		return 1;
	/* Told once a product. */
	if (vendor_told(rd, product))
		return 0;
	if (t->counter)
		snprintf(size, sizeof(size), "a counter");
	else
		snprintf(size, sizeof(size), "%s x %s", mm_str(t->w, wb),
		    mm_str(t->h, hb));
	diag_at(L_FATAL, "render.vendor", rec_file(r), rec_line(r),
	    rec_col(r), "--vendor %s prints cards, and product '%s' (template "
	    "'%s', %s) is not one; print it without --vendor, or leave it "
	    "out with --product", v->name, product, t->name, size);
	return 0;
}

/*
 * --format tts: the card as the game shows it, its name and, in its
 * description, each field its template prints on the front (but its
 * name), in the template's order, "key: value" but for text, a line
 * each, icons as their names in brackets.
 */
static void
tts_note(struct output *o, const struct template *t, const struct record *r)
{
	struct sbuf sb = SBUF_INIT;
	const char **seen = NULL;
	int i, n = 0;

	for (i = 0; i < t->ninfo; i++) {
		const char *const *f;

		if (t->info[i].back || t->info[i].shown == NULL)
			continue;
		for (f = t->info[i].shown; *f; f++) {
			const char *v = rec_get(r, *f);

			/* A flag (action: "action") marks the card's kind for
			 * when: and says nothing to a player. */
			if (strcmp(*f, "name") == 0 || v == NULL || *v == '\0' ||
			    strcmp(v, *f) == 0 ||
			    (seen && str_index(seen, *f) >= 0))
				continue;
			seen = xrealloc(seen, (size_t)(n + 2) * sizeof(*seen));
			seen[n++] = *f;
			seen[n] = NULL;
			if (sb.len)
				sb_addc(&sb, '\n');
			if (strcmp(*f, "text") != 0)
				sb_addf(&sb, "%s: ", *f);
			sb_adds(&sb, v);
		}
	}
	free(seen);
	if (o->ncards == o->capcards) {
		o->capcards = o->capcards ? o->capcards * 2 : 64;
		o->cards = xrealloc(o->cards, (size_t)o->capcards *
		    sizeof(*o->cards));
	}
	o->cards[o->ncards].name = tts_plain(rec_label_text(r));
	o->cards[o->ncards++].desc = tts_plain(sb_str(&sb));
	sb_release(&sb);
}

static void
tts_forget(struct output *o)
{
	int i;

	for (i = 0; i < o->ncards; i++) {
		free(o->cards[i].name);
		free(o->cards[i].desc);
	}
	free(o->cards);
	o->cards = NULL;
	o->ncards = o->capcards = 0;
	free(o->deck_name);
	o->deck_name = NULL;
	o->names = 0;
}

/* A unit's document prints counters, a record sheet or a roster: what
 * it prints is no deck of cards, and gets no Tabletop Simulator sheet. */
static int
unit_kind(const struct kind *k)
{
	const struct product *p;

	for (p = k->products; p && p->name; p++)
		if (strcmp(p->name, "counter") == 0 ||
		    strcmp(p->name, "sheet") == 0 ||
		    strcmp(p->name, "roster") == 0)
			return 1;
	return 0;
}

static void
emit_one(struct emitter *e, int copies)
{
	struct doc_ctx *dc = e->ctx;
	const struct template *t = dc->t;
	const char *name, *file;
	int i;

	if (!wanted(dc->rd, rec_label_text(e->rec)))
		return;
	/* A card whose document names its template prints with that one,
	 * unless --template gave one for its type. */
	if (t != dc->rd->user && (name = rec_template(e->rec, &file)) != NULL &&
	    (t = catalog_template(name, file, NULL, "template.invalid",
	    dc->p->type->name)) == NULL) {
		dc->rd->stop = 1;
		return;
	}
	if (!vendor_fits(dc->rd, t, e->rec, dc->p->name))
		return;		/* told; no PDF is written */
	copies *= dc->rd->copies;
	/* Each record type fills pages of its own: record cards and deck
	 * cards given to one -o never share a page. */
	for (i = 0; i < copies && !dc->rd->stop; i++)
		if (layout_card(dc->rd->cur->layout, dc->p->type->name, t,
		    e->rec) < 0)
			dc->rd->stop = 1;
		else if (dc->rd->tts)
			tts_note(dc->rd->cur, t, e->rec);
}

/* "A, B,,C" into a NULL-ended list of its names ("A", "B", "C"), or
 * NULL when it names none. */
char **
comma_list(const char *arg)
{
	char **v = NULL, *copy = xstrdup(arg), *tok, *save = NULL;
	size_t n = 0;

	for (tok = strtok_r(copy, ",", &save); tok;
	    tok = strtok_r(NULL, ",", &save)) {
		while (*tok == ' ')
			tok++;
		if (*tok == '\0')
			continue;
		v = xrealloc(v, (n + 2) * sizeof(*v));
		v[n++] = xstrdup(tok);
		v[n] = NULL;
	}
	free(copy);
	return v;
}

void
list_free(char **v)
{
	size_t i;

	for (i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

/* Each --only name that matched no card: an error with a hint. */
static void
only_unmatched(struct render *rd)
{
	struct sbuf sb = SBUF_INIT;
	size_t i;

	for (i = 0; rd->only && rd->only[i]; i++)
		if (rd->only_hit[i] == 0)
			diag_at(L_FATAL, "render.only", "--only", 0, 0,
			    "no card is named '%s'%s", rd->only[i],
			    sb_hint(&sb, rd->only[i],
			    (const char *const *)rd->names, 0));
	sb_release(&sb);
}

/*
 * A template found in a folder of inputs (a deck's own, beside it) is
 * no card: it is passed over, as check checks it.  One named as an
 * input is the mistake it looks like, told as a document without
 * system:.
 */
static int
skip_template(const struct node *root, void *arg)
{
	const struct render *rd = arg;

	return !rd->named_input && node_get(root, "template") != NULL;
}

/*
 * --format tts names the deck for its documents' name: when they share
 * one (a deck and its second half in one -o), else for the output file.
 */
static void
note_deck_name(struct output *o, const struct node *root)
{
	const char *name = node_str(node_get(root, "name"), NULL);

	if (name == NULL || *name == '\0')
		return;
	if (o->names++ == 0)
		o->deck_name = xstrdup(name);
	else if (o->deck_name && strcmp(o->deck_name, name) != 0) {
		free(o->deck_name);
		o->deck_name = NULL;
	}
}

/* Prints every product of a document (or those --product names). */
static void
on_document(struct loaded *ld, void *ctx)
{
	struct render *rd = ctx;
	const struct product *p;
	struct emitter em;
	struct doc_ctx dc;

	if (ld->kind == NULL && ld->errors == 0)
		return;		/* a template passed over */
	if (ld->errors || ld->kind == NULL)
		rd->stop = 1;
	if (rd->stop)
		return;
	if (unit_kind(ld->kind))
		rd->cur->units = 1;
	else if (rd->tts)
		note_deck_name(rd->cur, ld->root);
	for (p = ld->kind->products; p && p->name && !rd->stop; p++) {
		if (rd->products && str_index((const char *const *)rd->products,
		    p->name) < 0)
			continue;
		dc.rd = rd;
		dc.p = p;
		if ((dc.t = template_for(rd, p)) == NULL)
			return;
		if (vendor_leaves(rd, dc.t, ld->root, p->name))
			continue;
		em.rec = rd->rec;
		em.card = emit_one;
		em.ctx = &dc;
		p->emit(ld->obj, &em);
	}
}

/* "card,counter" into a NULL-ended list; NULL after saying what is wrong. */
char **
product_list(const char *arg)
{
	struct sbuf sb = SBUF_INIT;
	char **v = comma_list(arg);
	size_t i;

	if (v == NULL) {
		usage_error(render_options.head, "--product needs a product name, such "
		    "as card");
		return NULL;
	}
	for (i = 0; v[i]; i++)
		if (!product_known(v[i])) {
			usage_error(render_options.head, "--product '%s' is not a "
			    "product%s", v[i], sb_hint(&sb, v[i],
			    product_names(), 1));
			sb_release(&sb);
			list_free(v);
			return NULL;
		}
	return v;
}

int
parse_mm(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	if (!decimal_text(s, ""))
		return 0;
	errno = 0;
	v = strtod(s, &end);
	/* Written so that NaN fails too. */
	if (end == s || *end != '\0' || errno || !(v >= lo && v <= hi))
		return 0;
	*out = v * MM;
	return 1;
}

/* The document's Title: its (first) input's name, without folder or
 * extension, so that the same job gives the same file under any name. */
static void
title_for(struct pdf *pdf, const char *input)
{
	char *t = input_stem(input);

	pdf_set_title(pdf, t);
	free(t);
}

/* --watch is rendering: a failed render says that a PDF already there
 * (the last good one) is left as it was. */
static int watching;

/* Says that errors stopped the render; returns the exit status. */
static int
no_pdf(int json)
{
	int n = diag_count(L_ERROR) + diag_count(L_FATAL);

	if (!json)
		fprintf(stderr, "muster: no PDF written: %d error%s%s\n", n,
		    n == 1 ? "" : "s", watching ?
		    "; a PDF already there is left as it was" : "");
	return diag_exit_status(0) ? diag_exit_status(0) : 2;
}

/* The line render prints for what an output wrote. */
static void
say_written(const struct output *o)
{
	const struct written *w = &o->w;

	int stem = (int)strlen(o->path) - 4;

	if (w->png) {
		printf("%.*s-NNN.png: %d card%s%s at %.0f dpi", stem, o->path,
		    w->cards, w->cards == 1 ? "" : "s", w->backs ?
		    " with backs" : "", w->dpi);
		if (w->sheets)
			printf("; %d sheet%s of %d x %d at %.0f dpi for "
			    "Tabletop Simulator", w->sheets, w->sheets == 1 ?
			    "" : "s", TTS_COLS, TTS_ROWS, w->sheet_dpi);
		else if (o->units)
			printf("; no Tabletop Simulator sheet: a unit's cards "
			    "are no deck");
		if (w->back_once)
			printf("; one back, %.*s-back.png", stem, o->path);
		if (w->tts)
			printf("; %.*s.json, the deck for Tabletop Simulator's "
			    "Saved Objects", stem, o->path);
		putchar('\n');
	} else
		printf("%s: %d page%s, %d card%s\n", o->path, w->pages,
		    w->pages == 1 ? "" : "s", w->cards,
		    w->cards == 1 ? "" : "s");
}

/* --json: the same as the lines above, each output a member of
 * "written", beside check --json's members. */
void
json_written(const struct output *outs, int nout)
{
	struct sbuf sb = SBUF_INIT;
	int i, n = 0;

	sb_adds(&sb, "\"written\": [");
	for (i = 0; i < nout; i++) {
		const struct written *w = &outs[i].w;
		struct sbuf path = SBUF_INIT;

		if (w->cards == 0)
			continue;
		if (w->png)
			sb_addf(&path, "%.*s-NNN.png",
			    (int)strlen(outs[i].path) - 4, outs[i].path);
		else
			sb_adds(&path, outs[i].path);
		sb_adds(&sb, n++ ? ",\n  {\"path\": " : "\n  {\"path\": ");
		sb_json(&sb, path.buf);
		sb_release(&path);
		if (w->png) {
			sb_addf(&sb, ", \"format\": \"%s\", \"cards\": %d, "
			    "\"backs\": %s, \"dpi\": %.0f, \"sheets\": %d, "
			    "\"sheet_dpi\": %.0f", w->tts ? "tts" : "png",
			    w->cards, w->backs ? "true" : "false", w->dpi,
			    w->sheets, w->sheet_dpi);
			if (w->tts) {
				struct sbuf js = SBUF_INIT;

				sb_addf(&js, "%.*s.json",
				    (int)strlen(outs[i].path) - 4,
				    outs[i].path);
				sb_adds(&sb, ", \"object\": ");
				sb_json(&sb, js.buf);
				sb_release(&js);
			}
			sb_addc(&sb, '}');
		}
		else
			sb_addf(&sb, ", \"format\": \"pdf\", \"pages\": %d, "
			    "\"cards\": %d}", w->pages, w->cards);
	}
	sb_adds(&sb, n ? "\n]" : "]");
	diag_json_with(stdout, sb.buf);
	sb_release(&sb);
}

/* What the command line asked of every render: the one, or each of
 * --watch's. */

/* Makes the output folder if it is missing (one level, like mkdir). */
static int
ensure_dir(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return 0;
		diag_at(L_FATAL, "io.write", dir, 0, 0,
		    "is not a folder; give -d a folder to write into");
		return -1;
	}
	if (mkdir(dir, 0777) < 0) {
		diag_at(L_FATAL, "io.write", dir, 0, 0,
		    "cannot make the output folder: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * One render of every output: check, lay out, write.  outs[] hold their
 * paths; what a render makes (and its templates, its batch) is freed
 * before it returns, so that --watch can render again.  Returns the
 * exit status.
 */
/*
 * Each output laid out: its PDF made, its inputs read and checked and
 * their cards placed.  0, or the exit status (every output made so far
 * counted in *nout, to be freed).
 */
static int
lay_out(struct render *rd, struct output *outs, int *nout,
    const struct job *jb)
{
	char err[512];
	int i, j;
	size_t k;

	for (i = 0; i < *nout; i++) {
		struct inputs in = INPUTS_INIT;

		memset(&outs[i].w, 0, sizeof(outs[i].w));
		outs[i].pdf = pdf_new();
		pdf_set_ink_limit(outs[i].pdf, jb->ink);
		if ((jb->pdfx ? pdf_set_pdfx(outs[i].pdf, err, sizeof(err)) :
		    pdf_set_cmyk(outs[i].pdf, jb->cmyk, err, sizeof(err))) < 0) {
			diag_at(L_FATAL, "io.read", NULL, 0, 0, "%s: %s",
			    jb->pdfx ? "--pdfx" : "--cmyk", err);
			diag_flush();
			*nout = i + 1;
			return no_pdf(jb->json);
		}
		title_for(outs[i].pdf, jb->paths[jb->one ? 0 : i]);
		outs[i].layout = layout_new(outs[i].pdf, &rd->lo);
		rd->cur = &outs[i];
		if (jb->one) {
			for (j = 0; j < jb->npaths; j++)
				inputs_add(&in, jb->paths[j]);
		} else {
			inputs_add(&in, jb->paths[i]);
		}
		for (k = 0; k < in.n; k++) {
			rd->named_input = 0;
			for (j = 0; j < jb->npaths && !rd->named_input; j++)
				rd->named_input = strcmp(in.v[k],
				    jb->paths[j]) == 0;
			system_read_file(in.v[k], rd->batch, on_document, rd);
			diag_flush();
		}
		layout_finish(outs[i].layout);
		inputs_free(&in);
	}
	return 0;
}

/* Each output that has cards written (its PDF, or its PNG images) and
 * told; an empty one told and skipped.  0, or 2 after a write failed. */
static int
write_outputs(struct render *rd, struct output *outs, int nout,
    const struct job *jb)
{
	char err[512];
	int i, rc = 0;

	for (i = 0; i < nout; i++) {
		int cards = layout_cards(outs[i].layout);

		if (cards == 0 && rd->vendor_left) {
			/* Every product left out: not "nothing to print". */
			diag_at(L_FATAL, "render.vendor", NULL, 0, 0, "%s: "
			    "--vendor %s prints cards, and these inputs hold "
			    "none (their products are told above); print them "
			    "without --vendor", outs[i].path, rd->vendor->name);
			diag_flush();
			rc = 2;
			continue;
		}
		if (cards == 0) {
			if (!jb->json)
				fprintf(stderr, "muster: %s: nothing to print; "
				    "no PDF written\n", outs[i].path);
			continue;
		}
		if (jb->png) {
			if (write_images(&outs[i], jb->dpi, jb->user_backs,
			    jb->tts, rd->lo.bleed, err, sizeof(err)) < 0) {
				/* err names the image, not the PDF path. */
				diag_at(L_FATAL, "io.write", NULL, 0, 0, "%s",
				    err);
				diag_flush();
				rc = 2;
				outs[i].w.cards = 0;
			} else if (!jb->json) {
				say_written(&outs[i]);
			}
			continue;
		}
		if (pdf_save(outs[i].pdf, outs[i].path, err, sizeof(err)) < 0) {
			diag_at(L_FATAL, "io.write", outs[i].path, 0, 0, "%s",
			    err);
			diag_flush();
			rc = 2;
			continue;
		}
		outs[i].w.pages = (int)pdf_page_count(outs[i].pdf);
		outs[i].w.cards = cards;
		if (!jb->json)
			say_written(&outs[i]);
	}
	return rc;
}

/* What a render made, freed, so that --watch can render again. */
static void
pass_free(struct render *rd, struct output *outs, int nout)
{
	int i;

	for (i = 0; i < nout; i++) {
		tts_forget(&outs[i]);
		outs[i].units = 0;
		layout_free(outs[i].layout);
		pdf_free(outs[i].pdf);
		outs[i].layout = NULL;
		outs[i].pdf = NULL;
	}
	for (i = 0; i < rd->ntmpl; i++)
		template_free(rd->tmpl[i].t);
	free(rd->tmpl);
	rd->tmpl = NULL;
	rd->ntmpl = rd->captmpl = 0;
	template_free(rd->user);
	rd->user = NULL;
	catalog_release();
	list_free(rd->names);
	rd->names = NULL;
	rd->nnames = 0;
	record_free(rd->rec);
	rd->rec = NULL;
	batch_free(rd->batch);
	rd->batch = NULL;
}

int
render_pass(struct render *rd, struct output *outs, int nout,
    const struct job *jb)
{
	int i, rc;

	diag_init(jb->json, stderr);
	rd->stop = rd->user_used = 0;
	rd->nvendor_told = 0;
	if (rd->only_hit) {
		for (i = 0; rd->only[i]; i++)
			rd->only_hit[i] = 0;
	}
	/* The user's template is checked before any input is read. */
	if (jb->tmpl_name && (rd->user = template_load(jb->tmpl_name,
	    &catalog_vocab)) == NULL) {
		diag_flush();
		rc = no_pdf(jb->json);
		goto out;
	}
	rd->rec = record_new();
	rd->batch = batch_new();
	batch_set_rendering(rd->batch);
	catalog_attach(rd->batch);
	batch_set_foreign(rd->batch, skip_template, rd);
	if ((rc = lay_out(rd, outs, &nout, jb)) != 0)
		goto out;
	if (diag_exit_status(0) == 0)
		only_unmatched(rd);
	if (rd->user && !rd->user_used && diag_exit_status(0) == 0)
		diag_at(L_FATAL, "template.invalid", rd->user->file, 0, 0,
		    "template '%s' renders %s records, which none of the "
		    "inputs prints; 'muster templates' lists which product "
		    "renders what", rd->user->name, rd->user->type);
	diag_flush();
	if ((rc = diag_exit_status(0)) != 0) {
		rc = no_pdf(jb->json);
		goto out;
	}
	/* The folder is made only for what will be written into it. */
	if (jb->dir && ensure_dir(jb->dir) < 0) {
		diag_flush();
		rc = 2;
		goto out;
	}
	rc = write_outputs(rd, outs, nout, jb);
out:
	if (jb->json)
		json_written(outs, nout);
	pass_free(rd, outs, nout);
	return rc;
}

/* A save is several events: a change counts once the files have been
 * quiet this long. */
#define WATCH_QUIET_MS 100

/*
 * --watch (SPEC 2): renders, then again whenever a file the last render
 * read changes (deps.h: its inputs, the files they name, templates,
 * images, data), or a YAML file appears in an input folder; its lines
 * each time.  SIGINT or SIGTERM ends it with status 0; they wait for a
 * render under way, so that no temporary file is left.
 */
int
render_watch(struct render *rd, struct output *outs, int nout,
    const struct job *jb)
{
	const char *const *dep;
	const char *skipped;
	char *told = NULL;
	struct watch *w;
	struct stat st;
	size_t n, i, folders;
	int r, k, first = 1;

	if ((w = watch_new()) == NULL) {
		diag_at(L_FATAL, "io.read", NULL, 0, 0, "cannot watch files "
		    "for changes: %s", strerror(errno));
		diag_flush();
		return 2;
	}
	watching = 1;
	deps_record(1);
	/* A save changes a file or two: the pictures of the others are
	 * not made again at each render. */
	pdf_images_keep(1);
	do {
		deps_clear();
		render_pass(rd, outs, nout, jb);
		dep = deps_list(&n);
		for (i = 0; i < n; i++)
			watch_file(w, dep[i]);
		for (k = 0; k < jb->npaths; k++)
			if (stat(jb->paths[k], &st) == 0 && S_ISDIR(st.st_mode))
				watch_tree(w, jb->paths[k]);
			else
				watch_file(w, jb->paths[k]);
		folders = watch_commit(w, &skipped);
		if (first)
			fprintf(stderr, "muster: watching %zu file%s in %zu "
			    "folder%s for changes; Ctrl-C stops\n", n,
			    n == 1 ? "" : "s", folders, folders == 1 ? "" : "s");
		if (skipped && (told == NULL || strcmp(told, skipped) != 0)) {
			fprintf(stderr, "muster: cannot watch the folder '%s' "
			    "(missing, or past the system's limit of watches): "
			    "a change there is not seen\n", skipped);
			free(told);
			told = xstrdup(skipped);
		}
		first = 0;
		/* What it wrote is told once the files it read are watched:
		 * a change made on reading the line is seen. */
		fflush(stdout);
	} while ((r = watch_wait(w, WATCH_QUIET_MS)) > 0);
	if (r < 0)
		fprintf(stderr, "muster: cannot watch files for changes: %s\n",
		    strerror(errno));
	free(told);
	deps_record(0);
	pdf_images_keep(0);
	watch_free(w);
	watching = 0;
	return r < 0 ? 2 : 0;
}
