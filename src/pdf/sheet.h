/*
 * pdf/sheet.h -- cards on paper: the grid computed from paper, card size,
 * gap and margins; crop marks outside the card area; bleed; the mirrored
 * positions of duplex backs.  Points, PDF coordinates (origin bottom left).
 */
#ifndef MUSTER_SHEET_H
#define MUSTER_SHEET_H

struct pdf_page;

enum backs { BACKS_NONE, BACKS_LONG, BACKS_SHORT };

struct sheet {
	/* given */
	double paper_w, paper_h;
	double card_w, card_h;	/* trim size */
	double bleed;		/* backgrounds run this far past the trim */
	double gap;		/* asked-for space between trims */
	int crop;		/* draw crop marks */
	/* computed by sheet_plan() */
	int cols, rows;
	double step_x, step_y;	/* trim to trim */
	double x0, y0;		/* bottom-left of the top-left card's trim */
	double margin_x, margin_y;	/* paper edge to outermost trim */
};

/* Smallest space from the paper edge to a card's trim: room for crop
 * marks, plus the bleed. */
double sheet_min_margin(const struct sheet *s);
/* Computes the grid; returns -1 when not even one card fits the paper. */
int sheet_plan(struct sheet *s);
/*
 * Bottom-left of slot i's trim (i counts across, then down).  For a back
 * (backs != BACKS_NONE) the slot is mirrored so the back lands behind its
 * front, then shifted by dx to the right and dy down.
 */
void sheet_slot(const struct sheet *s, int i, enum backs backs, double dx,
    double dy, double *x, double *y);
/* Crop marks for the first rows_used rows of the grid. */
void sheet_crop_marks(const struct sheet *s, struct pdf_page *pg,
    int rows_used);
/* Cut lines along the trim of the first used slots: for pieces packed
 * edge to edge (counters), where crop marks outside the grid would not
 * show the cuts between them. */
void sheet_cut_lines(const struct sheet *s, struct pdf_page *pg, int used);

#endif
