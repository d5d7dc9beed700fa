/*
 * layout/widgets.c -- elements drawn in C: a sector (an arc of fire), a row
 * of cells (a list field split into boxes), a track of boxes to mark, and
 * a NATO-style unit symbol.  None knows any game: the system decides what
 * the value says.
 */
#include <stdlib.h>
#include <string.h>

#include "../pdf/pdf.h"
#include "../util.h"
#include "draw.h"

/* "centre,width" in degrees clockwise from the unit's front (up). */
static void
sector(struct draw *d, const struct elem *e, const char *value, double x,
    double y, double w, double h)
{
	struct paint p;
	double centre, width, r;
	char *end;
	int none;

	if (*value == '\0')
		return;
	centre = strtod(value, &end);
	width = *end == ',' ? strtod(end + 1, NULL) : 60;
	r = (w < h ? w : h) / 2 - e->lw;
	memset(&p, 0, sizeof(p));
	p.stroke_rgb = draw_colour(d, &e->stroke, &none);
	p.stroke = !none;
	p.width = e->lw;
	pdf_ellipse(d->pg, x + w / 2, y + h / 2, r, r, &p);
	p.stroke = 0;
	p.fill_rgb = draw_colour(d, &e->fill, &none);
	if (none)
		p.fill_rgb = draw_colour(d, &e->colour, &none);
	p.fill = 1;
	pdf_sector(d->pg, x + w / 2, y + h / 2, r, centre, width, &p);
	/* A tick at the top marks the unit's front. */
	pdf_line(d->pg, x + w / 2, y + h / 2 + r, x + w / 2, y + h / 2 + r +
	    e->lw * 2, p.stroke_rgb, e->lw);
}

/* A newline-separated list drawn as a row (or column) of boxed cells. */
static void
cells(struct draw *d, const struct elem *e, const char *value, double x,
    double y, double w, double h)
{
	const char *items[64];
	char *copy, *s;
	struct paint p;
	int n = 0, i, none;

	if (*value == '\0')
		return;
	copy = xstrdup(value);
	for (s = copy; n < 64;) {
		items[n++] = s;
		s = strchr(s, '\n');
		if (s == NULL)
			break;
		*s++ = '\0';
	}
	memset(&p, 0, sizeof(p));
	p.fill_rgb = draw_colour(d, &e->fill, &none);
	p.fill = !none;
	p.stroke_rgb = draw_colour(d, &e->stroke, &none);
	p.stroke = !none && e->lw > 0;
	p.width = e->lw;
	for (i = 0; i < n; i++) {
		double cx = e->down ? x : x + w * i / n;
		double cy = e->down ? y + h - h * (i + 1) / n : y;
		double cw = e->down ? w : w / n;
		double ch = e->down ? h / n : h;
		double pad = 1.0;

		pdf_rect(d->pg, cx, cy, cw, ch, &p);
		draw_text(d, e, items[i], cx + pad, cy, cw - 2 * pad, ch);
	}
	free(copy);
}

/* N boxes to mark, or one box per list item with the item inside. */
static void
track(struct draw *d, const struct elem *e, const char *value, double x,
    double y, double w, double h)
{
	struct paint p;
	double side, gap;
	char *end;
	long n = strtol(value, &end, 10);
	int i, none;

	if (*value == '\0' || *end != '\0' || n < 1)
		return;
	if (n > 100)
		n = 100;
	gap = h * 0.15;
	side = (w + gap) / (double)n - gap;
	if (side > h)
		side = h;
	memset(&p, 0, sizeof(p));
	p.fill_rgb = draw_colour(d, &e->fill, &none);
	p.fill = !none;
	p.stroke_rgb = draw_colour(d, &e->stroke, &none);
	p.stroke = !none;
	p.width = e->lw;
	for (i = 0; i < n; i++)
		pdf_rect(d->pg, x + i * (side + gap), y + (h - side) / 2, side,
		    side, &p);
}

/*
 * NATO-style unit symbols (APP-6 land units, simplified): a frame with
 * infantry's cross, cavalry's single diagonal, artillery's dot, armour's
 * track, a headquarters' staff.  The value names the symbol.
 */
static void
nato(struct draw *d, const struct elem *e, const char *value, double x,
    double y, double w, double h)
{
	struct paint frame, ink;
	struct rgb c;
	double fw = w, fh = w * 2 / 3, fx, fy;
	int none;

	if (*value == '\0')
		return;
	if (fh > h) {
		fh = h;
		fw = h * 3 / 2;
	}
	fx = x + (w - fw) / 2;
	fy = y + (h - fh) / 2;
	c = draw_colour(d, &e->stroke, &none);
	if (none)
		c = (struct rgb){ 0, 0, 0 };
	memset(&frame, 0, sizeof(frame));
	frame.fill_rgb = draw_colour(d, &e->fill, &none);
	frame.fill = !none;
	frame.stroke = 1;
	frame.stroke_rgb = c;
	frame.width = e->lw;
	ink = frame;
	ink.fill = 1;
	ink.fill_rgb = c;
	ink.stroke = 0;
	pdf_rect(d->pg, fx, fy, fw, fh, &frame);
	if (strcmp(value, "infantry") == 0 || strcmp(value, "light") == 0 ||
	    strcmp(value, "machine-gun") == 0) {
		pdf_line(d->pg, fx, fy, fx + fw, fy + fh, c, e->lw);
		pdf_line(d->pg, fx, fy + fh, fx + fw, fy, c, e->lw);
		if (strcmp(value, "light") == 0) {
			/* Light troops: a short bar under the cross. */
			pdf_line(d->pg, fx + fw * 0.3, fy + fh * 0.12,
			    fx + fw * 0.7, fy + fh * 0.12, c, e->lw * 2);
		} else if (strcmp(value, "machine-gun") == 0) {
			pdf_ellipse(d->pg, fx + fw / 2, fy + fh / 2, fh / 8,
			    fh / 8, &ink);
		}
	} else if (strcmp(value, "cavalry") == 0) {
		pdf_line(d->pg, fx, fy, fx + fw, fy + fh, c, e->lw);
	} else if (strcmp(value, "artillery") == 0) {
		pdf_ellipse(d->pg, fx + fw / 2, fy + fh / 2, fh / 6, fh / 6,
		    &ink);
	} else if (strcmp(value, "armour") == 0) {
		struct paint o = frame;

		o.fill = 0;
		o.radius = fh / 5;
		pdf_rect(d->pg, fx + fw * 0.2, fy + fh * 0.3, fw * 0.6,
		    fh * 0.4, &o);
	} else if (strcmp(value, "hq") == 0) {
		pdf_line(d->pg, fx, fy, fx, fy - fh * 0.6, c, e->lw * 1.5);
	}
}

void
draw_widget(struct draw *d, const struct elem *e, const char *value)
{
	double x = DX(d, e->x), y = DY(d, e->y + e->h);
	double w = DX(d, e->x + e->w) - x, h = DY(d, e->y) - y;

	switch (e->widget) {
	case W_SECTOR:
		sector(d, e, value, x, y, w, h);
		break;
	case W_CELLS:
		cells(d, e, value, x, y, w, h);
		break;
	case W_TRACK:
		track(d, e, value, x, y, w, h);
		break;
	case W_NATO:
		nato(d, e, value, x, y, w, h);
		break;
	}
}
