/*
 * pdf/sheet.h -- cards on paper: the grid computed from paper, card size,
 * gap and margins, turned to landscape when that holds more; crop marks
 * outside the card area, at least 5 mm from the paper's edge; bleed; the
 * mirrored positions of duplex backs; one card a page for print-on-demand
 * services; fronts and backs side by side for gutter-fold.  Points, PDF
 * coordinates (origin bottom left).
 */
#ifndef MUSTER_SHEET_H
#define MUSTER_SHEET_H

struct pdf_page;

enum backs { BACKS_NONE, BACKS_LONG, BACKS_SHORT };
/* The names --backs, --layout and --paper take, in the enums' order,
 * NULL-ended: what the options' parsers and shell completion read. */
extern const char *const sheet_backs_names[];
extern const char *const sheet_layout_names[];
extern const char *const sheet_paper_names[];

/* --layout: a grid of cards a sheet (backs on the next page when asked),
 * one card a page of card size plus bleed, or fronts on the left half and
 * their backs mirrored on the right, about a fold line. */
enum sheet_layout { LAYOUT_SHEET, LAYOUT_SINGLE, LAYOUT_GUTTER };

struct sheet {
	/* given */
	double paper_w, paper_h;
	double card_w, card_h;	/* trim size */
	double bleed;		/* backgrounds run this far past the trim */
	double gap;		/* asked-for space between trims */
	int crop;		/* draw crop marks */
	enum sheet_layout layout;
	/* computed by sheet_plan() */
	double page_w, page_h;	/* the paper as used (maybe landscape) */
	int landscape;
	int cols, rows;
	double step_x, step_y;	/* trim to trim */
	double x0, y0;		/* bottom-left of the top-left card's trim */
	double margin_x, margin_y;	/* page edge to outermost trim */
};

/* The paper of that name ("a4", "letter") in points; -1 when unknown. */
int sheet_paper(const char *name, double *w, double *h, int *a4);
/* --back-offset "X,Y" in millimetres, each -20 to 20, as points; -1
 * when it is not that. */
int sheet_offset(const char *arg, double *dx, double *dy);
/* "letter" when the locale's paper is Letter, else "a4". */
const char *sheet_default_paper(void);

/* Smallest space from the paper edge to a card's trim: room for crop
 * marks that end 5 mm short of the edge, plus the bleed. */
double sheet_min_margin(const struct sheet *s);
/* Computes the grid; returns -1 when not even one card fits the paper. */
int sheet_plan(struct sheet *s);
/*
 * Where point x, y of a front page of page_w x page_h lies on the back
 * page, printed duplex and turned over the paper's edge backs names
 * (nothing moves for BACKS_NONE): the mirror follows the page, side to
 * side when the edge flipped on runs up the page (the long edge of an
 * upright page, the short edge of a turned one), else top to bottom.
 * Then shifted by dx right and dy down, as seen on the back page: the
 * frame --back-offset and the calibration sheet of the same orientation
 * share.
 */
void sheet_back_point(double page_w, double page_h, enum backs backs,
    double dx, double dy, double *x, double *y);
/*
 * Bottom-left of slot i's trim (i counts across, then down).  For a back
 * (backs != BACKS_NONE) the slot is mirrored as sheet_back_point() says,
 * so the back lands behind its front, then shifted by dx to the right and
 * dy down.  In a gutter-fold layout the back is on the same page,
 * mirrored about the fold, and not shifted, whatever backs.
 */
void sheet_slot(const struct sheet *s, int i, enum backs backs, double dx,
    double dy, double *x, double *y);
/* Crop marks round the first used slots of the grid, only where a card
 * is (both halves of a gutter-fold page). */
void sheet_crop_marks(const struct sheet *s, struct pdf_page *pg, int used);
/* Cut lines along the trim of the first used slots: for pieces packed
 * edge to edge (counters), where crop marks outside the grid would not
 * show the cuts between them. */
void sheet_cut_lines(const struct sheet *s, struct pdf_page *pg, int used);
/* Thin guides only where two of the first used slots touch: for white
 * cards packed edge to edge, whose shared trims nothing else shows. */
void sheet_inner_cuts(const struct sheet *s, struct pdf_page *pg, int used);
/* The dashed fold line of a gutter-fold page. */
void sheet_fold_line(const struct sheet *s, struct pdf_page *pg);
/*
 * Registration marks in the side margins, level with the first row: on
 * a front page (backs BACKS_NONE) a cross, on a back page a ringed cross
 * at the mirrored place, shifted as the backs are.  Printed duplex and
 * held to the light, each cross sits in its ring when the backs are in
 * register.  Left out where the margin has no room.
 */
void sheet_reg_marks(const struct sheet *s, struct pdf_page *pg,
    enum backs backs, double dx, double dy);

#endif
