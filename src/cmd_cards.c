/*
 * cmd_cards.c -- muster cards: the card names of each document, as
 * render would print them (a deck's battalions, a squad's soldiers), with
 * how many of each: what `odds ssg` and a line-up name cards by.  The
 * names come from the products' own emitters, so they are what is
 * printed, whatever the game.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "doc.h"
#include "input.h"
#include "record.h"
#include "report.h"
#include "system.h"
#include "usage.h"
#include "util.h"

struct name {
	char *name;
	char *type;	/* the record's "type", or NULL */
	char *setup;	/* the record's "setup" (a battalion's), or NULL */
	int copies;
};

struct run {
	struct report *rp;
	const char *product;	/* --product, or NULL: every one */
	const char *file;	/* the file being read */
	struct name *v;		/* the product being listed */
	size_t n, cap;
	int cards;
	int json;		/* --json */
};

/* A copy of a record's text, or NULL when it has none. */
static char *
nonempty(const char *s)
{
	return s && *s ? xstrdup(s) : NULL;
}

static void
collect(struct emitter *e, int copies)
{
	struct run *r = e->ctx;
	const char *name = rec_label_text(e->rec);
	size_t i;

	r->cards += copies;
	for (i = 0; i < r->n; i++)
		if (strcmp(r->v[i].name, name) == 0) {
			r->v[i].copies += copies;
			return;
		}
	if (r->n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 64;
		r->v = xrealloc(r->v, r->cap * sizeof(*r->v));
	}
	r->v[r->n].name = xstrdup(name);
	/* What a line-up needs to know of a card: its type, and how it
	 * sets up when that differs (horse artillery as cavalry). */
	r->v[r->n].type = nonempty(rec_get(e->rec, "type"));
	r->v[r->n].setup = nonempty(rec_get(e->rec, "setup"));
	r->v[r->n++].copies = copies;
}

static void
on_document(struct loaded *ld, void *ctx)
{
	struct run *r = ctx;
	const struct product *p;
	struct record *rec;
	struct emitter em;
	size_t i;

	if (ld->errors || ld->kind == NULL)
		return;
	rp_open(r->rp, NULL, '{');
	rp_f(r->rp, "{file:%s}: {system:%s} {kind:%s}\n",
	    r->file, ld->game->name, ld->kind->name);
	rp_open(r->rp, "products", '[');
	rec = record_new();
	for (p = ld->kind->products; p && p->name; p++) {
		if (r->product && strcmp(r->product, p->name) != 0)
			continue;
		r->n = 0;
		r->cards = 0;
		em.rec = rec;
		em.card = collect;
		em.ctx = r;
		p->emit(ld->obj, &em);
		rp_open(r->rp, NULL, '{');
		rp_f(r->rp, "  {product:%s}: {cards:%d} card{_:%s}\n", p->name,
		    r->cards, r->cards == 1 ? "" : "s");
		rp_open(r->rp, "names", '[');
		for (i = 0; i < r->n; i++) {
			rp_open(r->rp, NULL, '{');
			rp_f(r->rp, "  {copies:%4d}  {name:%s}", r->v[i].copies,
			    r->v[i].name);
			if (r->v[i].type)
				rp_f(r->rp, "  ({type:%s}{_:%s}{setup:%s}{_:%s}",
				    r->v[i].type, r->v[i].setup ? ", " : "",
				    r->v[i].setup, ")");
			else
				rp_f(r->rp, "{~type:%s}{~setup:%s}", NULL,
				    r->v[i].setup);
			rp_f(r->rp, "\n");
			rp_close(r->rp);
			free(r->v[i].name);
			free(r->v[i].type);
			free(r->v[i].setup);
		}
		rp_close(r->rp);
		rp_close(r->rp);
	}
	record_free(rec);
	rp_close(r->rp);
	rp_close(r->rp);
}

/* The options: parsing, --help, completion and the manual's check. */
static const struct opt cards_rows[] = {
	{ OPT_STRING, 0, "product", offsetof(struct run, product), "P",
	    "list only this product's cards", NULL, 0, 0, NULL,
	    OPT_C_PRODUCT, 0 },
	OPT_FLAG_(0, "json", struct run, json, 1, "one JSON object on stdout"),
	OPT_ROW_END
};

const struct cmd_opts cards_options = {
	"usage: muster cards [--product NAME] [--json] PATH...\n"
	"\n"
	"Lists the cards each document prints, by name, with how many of each\n"
	"(a deck's copies, a card's count) and its type where the card has one\n"
	"(a battalion's line, cavalry, light or artillery, and how it sets up):\n"
	"the names 'muster odds ssg', a line-up and 'render --only' take.\n"
	"Each product (card, counter, roster...) is listed apart.\n"
	"\n",
	cards_rows, 15,
	"\n"
	"exit status: 0, 1 errors in the input, 2 usage or I/O error\n"
};

int
cmd_cards(int argc, char **argv)
{
	struct inputs in = INPUTS_INIT;
	struct run r;
	struct batch *b;
	FILE *mem = NULL;
	char *buf = NULL;
	size_t i, len = 0;
	int c, rc;

	memset(&r, 0, sizeof(r));
	if ((c = opt_parse(&cards_options, argc, argv, &r)) >= 0)
		return c;
	if (optind == argc)
		return usage_error(cards_options.head, "cards needs a file or folder");
	if (r.product && !product_known(r.product)) {
		struct sbuf sb = SBUF_INIT;

		rc = usage_error(cards_options.head, "--product '%s' is not a "
		    "product%s", r.product, sb_hint(&sb, r.product,
		    product_names(), 1));
		sb_release(&sb);
		return rc;
	}
	/* --json: one object, check's members beside "documents", so the
	 * report is written into memory and handed to diag_json_with(). */
	diag_init(r.json, stderr);
	if (r.json && (mem = open_memstream(&buf, &len)) == NULL)
		fatal("cannot keep the list: %s", strerror(errno));
	for (; optind < argc; optind++)
		inputs_add(&in, argv[optind]);
	r.rp = rp_new(r.json ? mem : stdout, r.json);
	rp_open(r.rp, "documents", '[');
	b = batch_new();
	for (i = 0; i < in.n; i++) {
		r.file = strcmp(in.v[i], "-") == 0 ? STDIN_NAME : in.v[i];
		system_read_file(in.v[i], b, on_document, &r);
		diag_flush();
	}
	rp_close(r.rp);
	rp_end(r.rp);
	if (r.json) {
		/* The writer's object, less its braces and newline. */
		if (fclose(mem) != 0)
			fatal("cannot keep the list");
		if (len > 0 && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if (len > 0 && buf[len - 1] == '}')
			buf[--len] = '\0';
		diag_json_with(stdout, buf + (buf[0] == '{'));
		free(buf);
	}
	rc = diag_exit_status(0);
	free(r.v);
	batch_free(b);
	inputs_free(&in);
	return rc;
}
