/*
 * cmd_render.h -- what muster render's files share: its options and
 * outputs (cmd_render_args.c), its work (cmd_render.c), one render or a
 * --watch of renders, and the images of --format png and tts
 * (cmd_render_png.c).
 */
#ifndef MUSTER_CMD_RENDER_H
#define MUSTER_CMD_RENDER_H

#include <stddef.h>

#include "layout/layout.h"

struct template;
struct record;
struct batch;
struct pdf;
struct vendor;

/* What one output wrote: the line render prints, or its JSON. */
struct tts_card;

struct written {
	int png;
	int tts;			/* STEM.json written */
	int back_once;			/* one STEM-back.png for every card */
	int pages, cards;		/* PDF pages; cards drawn */
	int backs, sheets;		/* PNG: back images, TTS sheets */
	double dpi, sheet_dpi;
};

struct output {
	char *path;
	struct written w;
	struct pdf *pdf;
	struct layout *layout;
	/* --format tts: each card laid out, in order, as the game shows
	 * it; and whether a unit's document went in (no deck then) */
	struct tts_card *cards;
	int ncards, capcards;
	int units;
	/* the name: of the decks that went in, when they share one, for
	 * the Tabletop Simulator deck; NULL when none or they differ */
	char *deck_name;
	int names;		/* decks with a name: that went in */
};

/* A built-in template, loaded once a run. */
struct loaded_tmpl {
	const char *name;
	struct template *t;
};

struct render {
	struct layout_opts lo;
	struct template *user;		/* --template, or NULL */
	int user_used;			/* it rendered a record */
	char **products;		/* --product, NULL-ended, or NULL: all */
	struct loaded_tmpl *tmpl;
	int ntmpl, captmpl;
	struct record *rec;
	struct batch *batch;
	struct output *cur;
	int stop;			/* an error seen: check, do not draw */
	int copies;			/* --copies */
	char **only;			/* --only, NULL-ended, or NULL: all */
	int *only_hit;			/* cards printed of each --only name */
	char **names;			/* every card's name seen, for hints */
	size_t nnames;
	/* the file being read was named on the command line rather than
	 * found in a folder named there */
	int named_input;
	int tts;			/* --format tts */
	const struct vendor *vendor;	/* --vendor, or NULL */
	const char *vendor_told[16];	/* products it refused, told */
	size_t nvendor_told;
	int vendor_left;	/* products --vendor left out (a note each) */
};


struct job {
	const char *tmpl_name;
	int png, user_backs, cmyk, json;
	int tts;		/* --format tts: png and a saved object */
	int pdfx, ink;			/* --pdfx; --ink-limit, percent */
	double dpi;
	char **paths;		/* the PATHs, npaths of them */
	int npaths;
	int one;		/* -o: every PATH into one output */
	const char *dir;	/* the folder written into, made when
				 * something is written; NULL with -o */
};

/* Tabletop Simulator's deck importer: 10 x 7 cells, the last one shown
 * for a hidden card (the back); a sheet at most this many pixels a side,
 * the size it loads without trouble. */
#define TTS_COLS 10
#define TTS_ROWS 7
#define TTS_MAX_PX 4096

/* --format png or tts: the images of output o's PDF (cmd_render_png.c);
 * 0, or -1 with err filled. */
int write_images(struct output *o, double dpi, int backs, int tts,
    double bleed, char *err, size_t errlen);

/* One render of every output, or renders until a signal (--watch):
 * the exit status. */
int render_pass(struct render *rd, struct output *outs, int nout,
    const struct job *jb);
int render_watch(struct render *rd, struct output *outs, int nout,
    const struct job *jb);
/* --json's "written" when no render ran (a usage or folder error). */
void json_written(const struct output *outs, int nout);
/* "A, B,,C" into a NULL-ended list of its names, or NULL when it names
 * none; and its freeing. */
char **comma_list(const char *arg);
void list_free(char **v);
/* --product's names, each a product; NULL after a usage error. */
char **product_list(const char *arg);
/* s in millimetres from lo to hi, into points: 1, or 0. */
int parse_mm(const char *s, double lo, double hi, double *out);

#endif
