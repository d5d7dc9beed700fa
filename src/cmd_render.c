/*
 * cmd_render.c -- muster render: check everything, lay out the cards, and
 * write each PDF atomically, only when no input had an error.
 */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cmd.h"
#include "diag.h"
#include "input.h"
#include "layout/layout.h"
#include "layout/template.h"
#include "pdf/pdf.h"
#include "record.h"
#include "system.h"
#include "util.h"

#define MM (72.0 / 25.4)
#define MAXTMPL 16

const char usage_render[] =
    "usage: muster render [-o FILE.pdf | -d DIR] [--paper a4|letter]\n"
    "              [--template NAME|FILE] [--bleed MM]\n"
    "              [--crop-marks | --no-crop-marks]\n"
    "              [--backs none|duplex-long|duplex-short]\n"
    "              [--back-offset X,Y] PATH...\n"
    "\n"
    "Checks every input, then prints its cards on sheets: business cards\n"
    "10 up, poker cards 9 up, with crop marks.  Nothing is written if any\n"
    "input has an error; a PDF is written to a temporary file and renamed\n"
    "into place, so an existing PDF is never left half-written.\n"
    "\n"
    "  -o FILE.pdf      write everything into one PDF\n"
    "  -d DIR           write DIR/STEM.pdf for each PATH (default: out/)\n"
    "  --paper P        a4 or letter (default: letter when the locale's\n"
    "                   LC_PAPER is a letter country, else a4)\n"
    "  --template T     a built-in template name or a template file\n"
    "  --bleed MM       extend backgrounds MM past the trim (default 0)\n"
    "  --no-crop-marks  leave out the crop marks (default: on)\n"
    "  --backs B        duplex-long or duplex-short: a mirrored back page\n"
    "                   after each front page (default: none)\n"
    "  --back-offset X,Y  shift backs X mm right and Y mm down\n"
    "\n"
    "exit status: 0 written, 1 errors in the input, 2 usage or I/O error\n";

struct output {
	char *path;
	struct pdf *pdf;
	struct layout *layout;
};

struct render {
	struct layout_opts lo;
	const char *tmpl_name;		/* --template, or NULL */
	struct template *tmpl[MAXTMPL];	/* loaded, by name */
	const char *tmpl_key[MAXTMPL];
	int ntmpl;
	struct record *rec;
	struct batch *batch;
	struct output *cur;
	int stop;			/* an error seen: check, do not draw */
};

/* glibc's LC_PAPER, or the territory of the locale's name. */
static int
locale_is_letter(void)
{
	static const char *const letter[] = {
		"_US", "_CA", "_MX", "_CL", "_CO", "_CR", "_GT", "_NI", "_PA",
		"_PH", "_PR", "_SV", "_VE", "_DO", NULL
	};
	const char *v = getenv("LC_ALL");
	const char *const *p;

	if (v == NULL || *v == '\0')
		v = getenv("LC_PAPER");
	if (v == NULL || *v == '\0')
		v = getenv("LANG");
	if (v == NULL || *v == '\0')
		return 0;
	if (strcasecmp(v, "letter") == 0)
		return 1;
#ifdef _NL_PAPER_WIDTH
	if (setlocale(LC_PAPER, "") != NULL) {
		int w = (int)(long)(void *)nl_langinfo(_NL_PAPER_WIDTH);

		setlocale(LC_PAPER, "C");
		if (w > 0)
			return w == 216;
	}
#endif
	for (p = letter; *p; p++)
		if (strstr(v, *p))
			return 1;
	return 0;
}

static struct template *
template_for(struct render *rd, const struct system *sys)
{
	const char *key = rd->tmpl_name ? rd->tmpl_name : sys->tmpl;
	struct template *t = NULL;
	int i;

	for (i = 0; i < rd->ntmpl; i++)
		if (strcmp(rd->tmpl_key[i], key) == 0) {
			t = rd->tmpl[i];
			goto found;
		}
	t = template_load(key);
	if (rd->ntmpl < MAXTMPL) {
		rd->tmpl_key[rd->ntmpl] = key;
		rd->tmpl[rd->ntmpl++] = t;
	}
	if (t == NULL)
		rd->stop = 1;
found:
	if (t && (strcmp(t->system, sys->name) != 0 ||
	    strcmp(t->kind, sys->kind) != 0)) {
		diag_at(L_FATAL, "template.invalid", t->file, 0, 0,
		    "template '%s' renders %s %s, not %s %s; "
		    "'muster templates' lists which renders what",
		    t->name, t->system, t->kind, sys->name, sys->kind);
		rd->stop = 1;
		return NULL;
	}
	return t;
}

struct doc_ctx {
	struct render *rd;
	const struct system *sys;
	struct template *t;
};

static void
emit_one(struct emitter *e, int copies)
{
	struct doc_ctx *dc = e->ctx;
	int i;

	for (i = 0; i < copies && !dc->rd->stop; i++)
		if (layout_card(dc->rd->cur->layout, dc->t, e->rec) < 0)
			dc->rd->stop = 1;
}

static void
on_document(struct loaded *ld, void *ctx)
{
	struct render *rd = ctx;
	struct emitter em;
	struct doc_ctx dc;

	if (ld->errors || ld->sys == NULL)
		rd->stop = 1;
	if (rd->stop || ld->sys->emit == NULL)
		return;
	dc.rd = rd;
	dc.sys = ld->sys;
	dc.t = template_for(rd, ld->sys);
	if (dc.t == NULL)
		return;
	em.rec = rd->rec;
	em.card = emit_one;
	em.ctx = &dc;
	ld->sys->emit(ld->obj, &em);
}

static int
parse_mm(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0' || errno || v < lo || v > hi)
		return 0;
	*out = v * MM;
	return 1;
}

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

int
cmd_render(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "dir", required_argument, NULL, 'd' },
		{ "paper", required_argument, NULL, 'p' },
		{ "template", required_argument, NULL, 't' },
		{ "bleed", required_argument, NULL, 'b' },
		{ "crop-marks", no_argument, NULL, 'c' },
		{ "no-crop-marks", no_argument, NULL, 'C' },
		{ "backs", required_argument, NULL, 'B' },
		{ "back-offset", required_argument, NULL, 'O' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct render rd;
	struct output *outs = NULL;
	const char *outfile = NULL, *outdir = NULL, *paper = NULL;
	int nout = 0, c, i, j, rc;
	char err[512];

	memset(&rd, 0, sizeof(rd));
	rd.lo.crop = 1;
	rd.lo.backs = BACKS_NONE;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o': outfile = optarg; break;
		case 'd': outdir = optarg; break;
		case 'p': paper = optarg; break;
		case 't': rd.tmpl_name = optarg; break;
		case 'c': rd.lo.crop = 1; break;
		case 'C': rd.lo.crop = 0; break;
		case 'b':
			if (!parse_mm(optarg, 0, 20, &rd.lo.bleed))
				return usage_error(usage_render, "--bleed '%s' "
				    "must be millimetres from 0 to 20", optarg);
			break;
		case 'B':
			if (strcmp(optarg, "none") == 0)
				rd.lo.backs = BACKS_NONE;
			else if (strcmp(optarg, "duplex-long") == 0)
				rd.lo.backs = BACKS_LONG;
			else if (strcmp(optarg, "duplex-short") == 0)
				rd.lo.backs = BACKS_SHORT;
			else
				return usage_error(usage_render, "--backs '%s' "
				    "must be none, duplex-long or duplex-short",
				    optarg);
			break;
		case 'O': {
			char *comma = strchr(optarg, ',');

			if (comma == NULL)
				return usage_error(usage_render, "--back-offset "
				    "'%s' must be X,Y in millimetres", optarg);
			*comma = '\0';
			if (!parse_mm(optarg, -20, 20, &rd.lo.back_dx) ||
			    !parse_mm(comma + 1, -20, 20, &rd.lo.back_dy)) {
				*comma = ',';
				return usage_error(usage_render, "--back-offset "
				    "'%s' must be X,Y in millimetres, each -20 "
				    "to 20", optarg);
			}
			*comma = ',';
			break;
		}
		case 'h': fputs(usage_render, stdout); return 0;
		default: fputs(usage_render, stderr); return 2;
		}
	}
	if (optind == argc)
		return usage_error(usage_render, "render needs a file or folder");
	if (outfile && outdir)
		return usage_error(usage_render, "give -o or -d, not both");
	if (outfile && (strlen(outfile) < 5 ||
	    strcmp(outfile + strlen(outfile) - 4, ".pdf") != 0))
		return usage_error(usage_render, "-o '%s' must name a .pdf "
		    "file", outfile);
	if (paper == NULL)
		paper = locale_is_letter() ? "letter" : "a4";
	if (strcmp(paper, "a4") == 0 || strcmp(paper, "A4") == 0) {
		rd.lo.paper_w = 210 * MM;
		rd.lo.paper_h = 297 * MM;
		rd.lo.a4 = 1;
	} else if (strcmp(paper, "letter") == 0) {
		rd.lo.paper_w = 612;
		rd.lo.paper_h = 792;
	} else {
		return usage_error(usage_render, "--paper '%s' must be a4 or "
		    "letter", paper);
	}

	diag_init(0, stderr);
	/* One output per PATH (or one for all with -o). */
	nout = outfile ? 1 : argc - optind;
	outs = xcalloc((size_t)nout, sizeof(*outs));
	for (i = 0; i < nout; i++) {
		if (outfile) {
			outs[i].path = xstrdup(outfile);
		} else {
			char *stem = input_stem(argv[optind + i]);
			const char *dir = outdir ? outdir : "out";

			outs[i].path = xmalloc(strlen(dir) + strlen(stem) + 6);
			sprintf(outs[i].path, "%s/%s.pdf", dir, stem);
			free(stem);
			for (j = 0; j < i; j++)
				if (strcmp(outs[j].path, outs[i].path) == 0) {
					rc = usage_error(usage_render, "'%s' and "
					    "'%s' would both write %s; use -o",
					    argv[optind + j], argv[optind + i],
					    outs[i].path);
					nout = i + 1;
					goto out;
				}
		}
	}
	if (!outfile && ensure_dir(outdir ? outdir : "out") < 0) {
		diag_flush();
		rc = 2;
		goto out;
	}

	rd.rec = record_new();
	rd.batch = batch_new();
	for (i = 0; i < nout; i++) {
		struct inputs in = INPUTS_INIT;
		size_t k;

		outs[i].pdf = pdf_new();
		outs[i].layout = layout_new(outs[i].pdf, &rd.lo);
		rd.cur = &outs[i];
		if (outfile) {
			for (j = optind; j < argc; j++)
				inputs_add(&in, argv[j]);
		} else {
			inputs_add(&in, argv[optind + i]);
		}
		for (k = 0; k < in.n; k++) {
			system_read_file(in.v[k], rd.batch, on_document, &rd);
			diag_flush();
		}
		layout_finish(outs[i].layout);
		inputs_free(&in);
	}
	diag_flush();
	rc = diag_exit_status(0);
	if (rc) {
		fprintf(stderr, "muster: no PDF written: %d error%s\n",
		    diag_count(L_ERROR) + diag_count(L_FATAL),
		    diag_count(L_ERROR) + diag_count(L_FATAL) == 1 ? "" : "s");
		goto out;
	}
	for (i = 0; i < nout; i++) {
		int cards = layout_cards(outs[i].layout);
		size_t pages = pdf_page_count(outs[i].pdf);

		if (cards == 0) {
			fprintf(stderr, "muster: %s: nothing to print; no PDF "
			    "written\n", outs[i].path);
			continue;
		}
		if (pdf_save(outs[i].pdf, outs[i].path, err, sizeof(err)) < 0) {
			fprintf(stderr, "muster: %s: %s [io.write]\n",
			    outs[i].path, err);
			rc = 2;
			continue;
		}
		printf("%s: %zu page%s, %d card%s\n", outs[i].path, pages,
		    pages == 1 ? "" : "s", cards, cards == 1 ? "" : "s");
	}
out:
	for (i = 0; i < nout; i++) {
		layout_free(outs[i].layout);
		pdf_free(outs[i].pdf);
		free(outs[i].path);
	}
	free(outs);
	for (i = 0; i < rd.ntmpl; i++)
		template_free(rd.tmpl[i]);
	record_free(rd.rec);
	batch_free(rd.batch);
	return rc;
}
