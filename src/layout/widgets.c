/*
 * layout/widgets.c -- elements drawn in C, one row each of widgets[]: a
 * sector (an arc of fire), a row of cells (a list field split into
 * boxes), a track of boxes to mark, a NATO unit symbol, and a hexagon
 * with a value on each side; and the built-in symbols text may hold as
 * inline icons (NATO parts, card suits, arrows).  None knows
 * any game: a game's fields say what a widget shows (the NATO widget
 * draws APP-6 parts; each game maps its own unit types onto them in its
 * own data).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../pdf/pdf.h"
#include "../util.h"
#include "draw.h"

/* What every widget starts from: its box on the page and its paint. */
struct wbox {
	double x, y, w, h;	/* page points, bottom-left origin */
	struct paint paint;	/* fill and stroke from the element */
	int fill_none, stroke_none;
};

struct widget {
	const char *name;
	const char *const *keys;	/* template keys it takes */
	void (*draw)(struct draw *d, const struct elem *e, const char *value,
	    const struct wbox *b);
	/* Whether a value can be drawn (else why not); NULL: any. */
	int (*ok)(const char *value, struct sbuf *why);
	/* widget_texts(), or NULL: it prints no text. */
	int (*texts)(char *copy, char **item);
};

/* ---- sector: "center,width" in degrees clockwise from the front ---- */

/* Reads "center,width"; 0 when it is not two finite numbers in range. */
static int
sector_value(const char *value, double *center, double *width)
{
	char *end;

	*width = 60;
	if (!decimal_text(value, ","))
		return 0;
	*center = strtod(value, &end);
	if (end == value || !isfinite(*center))
		return 0;
	if (*end == ',') {
		const char *w = end + 1;

		*width = strtod(w, &end);
		if (end == w || !isfinite(*width))
			return 0;
	}
	return *end == '\0' && *center >= -360 && *center <= 360 &&
	    *width >= 0 && *width <= 360;
}

static int
sector_ok(const char *value, struct sbuf *why)
{
	double c, w;

	if (*value == '\0' || sector_value(value, &c, &w))
		return 1;
	sb_adds(why, "give the center and width in degrees, such as 0,60 "
	    "(center -360 to 360, width 0 to 360)");
	return 0;
}

static void
sector(struct draw *d, const struct elem *e, const char *value,
    const struct wbox *b)
{
	struct paint p = b->paint;
	double center, width, r;
	int none;

	if (*value == '\0' || !sector_value(value, &center, &width))
		return;
	r = (b->w < b->h ? b->w : b->h) / 2 - e->lw;
	if (r <= 0)
		return;
	p.fill = 0;
	p.stroke = !b->stroke_none;
	pdf_ellipse(d->pg, b->x + b->w / 2, b->y + b->h / 2, r, r, &p);
	p.stroke = 0;
	p.fill = 1;
	if (b->fill_none)
		p.fill_rgb = draw_colour(d, &e->colour, &none);
	pdf_sector(d->pg, b->x + b->w / 2, b->y + b->h / 2, r, center, width,
	    &p);
	/* A tick at the top marks the unit's front. */
	pdf_line(d->pg, b->x + b->w / 2, b->y + b->h / 2 + r, b->x + b->w / 2,
	    b->y + b->h / 2 + r + e->lw * 2, p.stroke_rgb, e->lw);
}

/* ---- cells: a newline-separated list, a boxed cell each ---- */

#define CELLS_MAX WIDGET_TEXTS_MAX

/* A cell a line of copy (the first CELLS_MAX), into item[]: how many. */
static int
cells_items(char *copy, char **item)
{
	char *s;
	int n = 0;

	if (*copy == '\0')
		return 0;
	for (s = copy; n < CELLS_MAX;) {
		item[n++] = s;
		s = strchr(s, '\n');
		if (s == NULL)
			break;
		*s++ = '\0';
	}
	return n;
}

static void
cells(struct draw *d, const struct elem *e, const char *value,
    const struct wbox *b)
{
	char *items[CELLS_MAX];
	char *copy;
	int n, i;

	if (*value == '\0')
		return;
	copy = xstrdup(value);
	n = cells_items(copy, items);
	for (i = 0; i < n; i++) {
		double cx = e->down ? b->x : b->x + b->w * i / n;
		double cy = e->down ? b->y + b->h - b->h * (i + 1) / n : b->y;
		double cw = e->down ? b->w : b->w / n;
		double ch = e->down ? b->h / n : b->h;
		double pad = 1.0;

		pdf_rect(d->pg, cx, cy, cw, ch, &b->paint);
		draw_text(d, e, items[i], cx + pad, cy, cw - 2 * pad, ch);
	}
	free(copy);
}

/* ---- track: N boxes to mark, as many rows as they need ---- */

#define TRACK_MAX 1000
#define TRACK_MIN_SIDE (2.5 * 72 / 25.4)	/* a box a pencil can mark */

static int
track_ok(const char *value, struct sbuf *why)
{
	char *end;
	long n = strtol(value, &end, 10);

	if (*value == '\0' || (*end == '\0' && n >= 1 && n <= TRACK_MAX))
		return 1;
	sb_addf(why, "give the number of boxes, 1 to %d", TRACK_MAX);
	return 0;
}

/*
 * The largest square boxes that fit n in w x h, a gap of 15 % of a side
 * between them: *cols across; rows follow.
 */
static double
track_side(long n, double w, double h, long *cols)
{
	double lo = 0, hi = w < h ? w : h, s;
	int i;

	/* Bisect on the side: cols * rows must reach n. */
	for (i = 0; i < 40; i++) {
		long c, r;

		s = (lo + hi) / 2;
		c = (long)((w + 0.15 * s) / (1.15 * s) + 1e-9);
		r = (long)((h + 0.15 * s) / (1.15 * s) + 1e-9);
		if (c >= 1 && r >= 1 && c * r >= n)
			lo = s;
		else
			hi = s;
	}
	*cols = (long)((w + 0.15 * lo) / (1.15 * lo) + 1e-9);
	if (*cols > n)
		*cols = n;
	return lo;
}

/*
 * Boxes fill the element row by row from its top left: a pencil marks
 * them off one by one (armor points, hits).  Across, they are packed;
 * down, the rows share the element's height, each box in the middle of
 * its row, so that a column of boxes stays beside the lines of a table
 * as tall as it on any paper.
 */
static void
track(struct draw *d, const struct elem *e, const char *value,
    const struct wbox *b)
{
	double side, row;
	char *end;
	long n = strtol(value, &end, 10), cols, rows, i;

	if (*value == '\0' || *end != '\0' || n < 1)
		return;
	if (n > TRACK_MAX)
		n = TRACK_MAX;
	side = track_side(n, b->w, b->h, &cols);
	if (side <= 0 || cols < 1)
		return;
	if (strtol(value, NULL, 10) > TRACK_MAX)
		draw_warn(d, "render.overflow", "track '%s' has %s boxes; at "
		    "most %d are drawn", e->name, value, TRACK_MAX);
	else if (side < TRACK_MIN_SIDE - 0.01)
		draw_warn(d, "render.overflow", "track '%s' fits its %ld boxes "
		    "only %.2f mm wide; a box to mark with a pencil is %.1f mm "
		    "or more", e->name, n, side * 25.4 / 72, TRACK_MIN_SIDE *
		    25.4 / 72);
	rows = (n + cols - 1) / cols;
	row = b->h / (double)rows;
	for (i = 0; i < n; i++)
		pdf_rect(d->pg, b->x + (double)(i % cols) * 1.15 * side,
		    b->y + b->h - (double)(i / cols) * row - (row + side) / 2,
		    side, side, &b->paint);
}

/* ---- nato: an APP-6 land unit symbol from parts ---- */

/* The symbol's frame, and the colours it is drawn in. */
struct frame {
	double x, y, w, h;	/* the frame, bottom-left origin */
	struct rgb c;		/* the ink */
	double lw;
	struct paint ink;	/* solid in the ink */
};

static void
line(struct draw *d, const struct frame *f, double x1, double y1, double x2,
    double y2, double width)
{
	pdf_line(d->pg, f->x + f->w * x1, f->y + f->h * y1, f->x + f->w * x2,
	    f->y + f->h * y2, f->c, f->lw * width);
}

/* Infantry: crossed diagonals. */
static void
p_infantry(struct draw *d, const struct frame *f)
{
	line(d, f, 0, 0, 1, 1, 1);
	line(d, f, 0, 1, 1, 0, 1);
}

/* Cavalry (reconnaissance): one diagonal, lower left to upper right. */
static void
p_cavalry(struct draw *d, const struct frame *f)
{
	line(d, f, 0, 0, 1, 1, 1);
}

/* Artillery: a solid dot in the center. */
static void
p_artillery(struct draw *d, const struct frame *f)
{
	pdf_ellipse(d->pg, f->x + f->w / 2, f->y + f->h / 2, f->h / 6,
	    f->h / 6, &f->ink);
}

/* Armour: the track, a rounded oblong. */
static void
p_armour(struct draw *d, const struct frame *f)
{
	struct paint o = f->ink;

	o.fill = 0;
	o.stroke = 1;
	o.stroke_rgb = f->c;
	o.width = f->lw;
	o.radius = f->h / 5;
	pdf_rect(d->pg, f->x + f->w * 0.2, f->y + f->h * 0.3, f->w * 0.6,
	    f->h * 0.4, &o);
}

/* Engineer: a bridge, a bar with three legs down. */
static void
p_engineer(struct draw *d, const struct frame *f)
{
	line(d, f, 0.3, 0.6, 0.7, 0.6, 1.2);
	line(d, f, 0.3, 0.6, 0.3, 0.4, 1.2);
	line(d, f, 0.5, 0.6, 0.5, 0.4, 1.2);
	line(d, f, 0.7, 0.6, 0.7, 0.4, 1.2);
}

/* Machine gun: an arrow pointing up, the weapon's sign. */
static void
p_machine_gun(struct draw *d, const struct frame *f)
{
	line(d, f, 0.5, 0.2, 0.5, 0.8, 1.2);
	line(d, f, 0.42, 0.62, 0.5, 0.8, 1.2);
	line(d, f, 0.58, 0.62, 0.5, 0.8, 1.2);
}

/* Headquarters: a staff down from the frame's lower left corner. */
#define HQ_STAFF 0.6	/* the staff's length, of the frame's height */

static void
p_hq(struct draw *d, const struct frame *f)
{
	line(d, f, 0, 0, 0, -HQ_STAFF, 1.5);
}

/* Light: a short bar across the foot (muster's mark; APP-6 has none). */
static void
p_light(struct draw *d, const struct frame *f)
{
	line(d, f, 0.3, 0.12, 0.7, 0.12, 2);
}

/* Mounted (on horses): a small inverted V at the foot. */
static void
p_mounted(struct draw *d, const struct frame *f)
{
	line(d, f, 0.4, 0.06, 0.5, 0.22, 1);
	line(d, f, 0.5, 0.22, 0.6, 0.06, 1);
}

/* Motorized: a vertical line through the middle. */
static void
p_motorized(struct draw *d, const struct frame *f)
{
	line(d, f, 0.5, 0, 0.5, 1, 1);
}

static const struct part {
	const char *name;
	void (*draw)(struct draw *d, const struct frame *f);
} parts[] = {
	{ "infantry", p_infantry },
	{ "cavalry", p_cavalry },
	{ "artillery", p_artillery },
	{ "armour", p_armour },
	{ "engineer", p_engineer },
	{ "machine-gun", p_machine_gun },
	{ "hq", p_hq },
	{ "light", p_light },
	{ "mounted", p_mounted },
	{ "motorized", p_motorized },
};

/* The part named by s[0..n), or NULL. */
static const struct part *
part(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < NELEM(parts); i++)
		if (strlen(parts[i].name) == n &&
		    strncmp(parts[i].name, s, n) == 0)
			return &parts[i];
	return NULL;
}

/* Calls fn for each '+'-separated part of value; -1 at an unknown one. */
static int
each_part(const char *value, struct draw *d, const struct frame *f)
{
	const char *p = value;

	while (*p) {
		size_t n = strcspn(p, "+");
		const struct part *pt = part(p, n);

		if (pt == NULL)
			return -1;
		if (d)
			pt->draw(d, f);
		p += n;
		if (*p == '+')
			p++;
	}
	return 0;
}

static int
nato_ok(const char *value, struct sbuf *why)
{
	size_t i;

	if (each_part(value, NULL, NULL) == 0)
		return 1;
	sb_adds(why, "give parts joined by '+' from ");
	for (i = 0; i < NELEM(parts); i++)
		sb_addf(why, "%s%s", i ? ", " : "", parts[i].name);
	sb_adds(why, ", such as infantry+motorized");
	return 0;
}

/* Whether value ("infantry+motorized") has the part name. */
static int
has_part(const char *value, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	for (p = value; (p = strstr(p, name)) != NULL; p += n)
		if ((p == value || p[-1] == '+') &&
		    (p[n] == '\0' || p[n] == '+'))
			return 1;
	return 0;
}

/* The frame in the element's stroke (black when none), filled with its
 * fill, and the parts of value inside it. */
static void
nato(struct draw *d, const struct elem *e, const char *value,
    const struct wbox *b)
{
	struct paint frame = b->paint;
	struct frame f;

	double room = b->h;
	int staff;

	if (*value == '\0')
		return;
	/* A headquarters' staff hangs below the frame (p_hq): the frame
	 * and the staff together stay inside the element. */
	staff = has_part(value, "hq");
	if (staff)
		room = b->h / (1 + HQ_STAFF);
	f.w = b->w;
	f.h = b->w * 2 / 3;
	if (f.h > room) {
		f.h = room;
		f.w = room * 3 / 2;
	}
	f.x = b->x + (b->w - f.w) / 2;
	f.y = b->y + (b->h - f.h * (staff ? 1 + HQ_STAFF : 1)) / 2 +
	    (staff ? f.h * HQ_STAFF : 0);
	f.c = b->stroke_none ? (struct rgb){ 0, 0, 0 } : b->paint.stroke_rgb;
	f.lw = e->lw;
	frame.stroke = 1;
	frame.stroke_rgb = f.c;
	frame.width = e->lw;
	memset(&f.ink, 0, sizeof(f.ink));
	f.ink.fill = 1;
	f.ink.fill_rgb = f.c;
	pdf_rect(d->pg, f.x, f.y, f.w, f.h, &frame);
	each_part(value, d, &f);
}

/* ---- symbols: built-in pictures for inline icons ({icon:NAME}) ---- */

/*
 * Each drawn in the box x, y (bottom left), w, h in one colour: the
 * NATO parts in their frame, the four card suits, four arrows.  Shapes
 * as fractions of the box, (0, 0) its bottom left.
 */
struct symbol {
	const char *name;
	double aspect;		/* width / height */
	void (*draw)(struct pdf_page *pg, const struct symbol *s, double x,
	    double y, double w, double h, struct rgb c);
	const struct part *part, *part2;	/* a NATO symbol's parts */
	int turn;		/* an arrow's: quarter turns from right */
};

/* A solid paint of c. */
static struct paint
solid(struct rgb c)
{
	struct paint p;

	memset(&p, 0, sizeof(p));
	p.fill = 1;
	p.fill_rgb = c;
	return p;
}

/* A NATO symbol of one part: the frame (3 by 2) and the part in it. */
static void
s_nato(struct pdf_page *pg, const struct symbol *s, double x, double y,
    double w, double h, struct rgb c)
{
	struct draw d;
	struct frame f;
	struct paint frame;

	memset(&d, 0, sizeof(d));
	d.pg = pg;
	f.lw = h * 0.08;
	/* The stroke inside the box. */
	f.x = x + f.lw / 2;
	f.y = y + f.lw / 2;
	f.w = w - f.lw;
	f.h = h - f.lw;
	f.c = c;
	f.ink = solid(c);
	memset(&frame, 0, sizeof(frame));
	frame.stroke = 1;
	frame.stroke_rgb = c;
	frame.width = f.lw;
	pdf_rect(pg, f.x, f.y, f.w, f.h, &frame);
	s->part->draw(&d, &f);
	if (s->part2)
		s->part2->draw(&d, &f);
}

/* Two lobes and a point: a heart, or turned over, a spade's head. */
static void
lobes(struct pdf_page *pg, double x, double y, double w, double h, int up,
    const struct paint *p)
{
	double r = w / 4, cy = up ? y + r : y + h - r;
	double ty = up ? y + r * 0.7 : y + h - r * 0.7;
	double xy[] = {
		x + w * 0.03, ty, x + w * 0.97, ty, x + w / 2, up ? y + h : y
	};

	pdf_ellipse(pg, x + r, cy, r, r, p);
	pdf_ellipse(pg, x + 3 * r, cy, r, r, p);
	pdf_polygon(pg, xy, 3, p);
}

/* A flared stem under a spade or a club, h of the box high. */
static void
stem(struct pdf_page *pg, double x, double y, double w, double h,
    const struct paint *p)
{
	double xy[] = {
		x + w / 2, y + h * 1.6, x + w * 0.3, y, x + w * 0.7, y
	};

	pdf_polygon(pg, xy, 3, p);
}

static void
s_suit(struct pdf_page *pg, const struct symbol *s, double x, double y,
    double w, double h, struct rgb c)
{
	struct paint p = solid(c);
	double st = h * 0.22, r;

	switch (s->name[0]) {
	case 'h':		/* heart */
		lobes(pg, x, y, w, h, 0, &p);
		break;
	case 's':		/* spade */
		lobes(pg, x, y + st, w, h - st, 1, &p);
		stem(pg, x, y, w, st, &p);
		break;
	case 'c':		/* club: three leaves and a stem */
		r = w * 0.24;
		pdf_ellipse(pg, x + w / 2, y + h - r, r, r, &p);
		pdf_ellipse(pg, x + r, y + st + r * 1.1, r, r, &p);
		pdf_ellipse(pg, x + w - r, y + st + r * 1.1, r, r, &p);
		pdf_ellipse(pg, x + w / 2, y + st + r * 1.3, r * 0.6, r * 0.6,
		    &p);
		stem(pg, x, y, w, st, &p);
		break;
	default: {		/* diamond */
		double xy[] = {
			x + w / 2, y, x + w, y + h / 2, x + w / 2, y + h,
			x, y + h / 2
		};

		pdf_polygon(pg, xy, 4, &p);
		break;
	}
	}
}

/* An arrow pointing right, turned a quarter at a time anticlockwise. */
static void
s_arrow(struct pdf_page *pg, const struct symbol *s, double x, double y,
    double w, double h, struct rgb c)
{
	static const double right[] = {
		0, 0.38, 0.55, 0.38, 0.55, 0.12, 1, 0.5, 0.55, 0.88, 0.55,
		0.62, 0, 0.62
	};
	struct paint p = solid(c);
	double xy[NELEM(right)];
	size_t i;

	for (i = 0; i < NELEM(right); i += 2) {
		double u = right[i], v = right[i + 1], t;
		int k;

		for (k = 0; k < s->turn; k++) {
			t = u;
			u = 1 - v;
			v = t;
		}
		xy[i] = x + u * w;
		xy[i + 1] = y + v * h;
	}
	pdf_polygon(pg, xy, (int)NELEM(right) / 2, &p);
}

static const struct symbol symbols[] = {
	{ "nato-infantry", 1.5, s_nato, &parts[0], NULL, 0 },
	{ "nato-light-infantry", 1.5, s_nato, &parts[0], &parts[7], 0 },
	{ "nato-cavalry", 1.5, s_nato, &parts[1], NULL, 0 },
	{ "nato-artillery", 1.5, s_nato, &parts[2], NULL, 0 },
	{ "nato-armour", 1.5, s_nato, &parts[3], NULL, 0 },
	{ "nato-engineer", 1.5, s_nato, &parts[4], NULL, 0 },
	{ "nato-machine-gun", 1.5, s_nato, &parts[5], NULL, 0 },
	{ "nato-motorized", 1.5, s_nato, &parts[9], NULL, 0 },
	{ "club", 0.9, s_suit, NULL, NULL, 0 },
	{ "diamond", 0.75, s_suit, NULL, NULL, 0 },
	{ "heart", 0.9, s_suit, NULL, NULL, 0 },
	{ "spade", 0.9, s_suit, NULL, NULL, 0 },
	{ "arrow-right", 1, s_arrow, NULL, NULL, 0 },
	{ "arrow-up", 1, s_arrow, NULL, NULL, 1 },
	{ "arrow-left", 1, s_arrow, NULL, NULL, 2 },
	{ "arrow-down", 1, s_arrow, NULL, NULL, 3 },
};

const struct symbol *
symbol_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < NELEM(symbols); i++)
		if (strcmp(symbols[i].name, name) == 0)
			return &symbols[i];
	return NULL;
}

const char *const *
symbol_names(void)
{
	static const char *names[NELEM(symbols) + 1];
	size_t i;

	for (i = 0; i < NELEM(symbols); i++)
		names[i] = symbols[i].name;
	return names;
}

double
symbol_aspect(const struct symbol *s)
{
	return s->aspect;
}

void
symbol_draw(struct pdf_page *pg, const void *arg, double x, double y,
    double w, double h, struct rgb c)
{
	const struct symbol *s = arg;

	s->draw(pg, s, x, y, w, h, c);
}

/* ---- hex: six values round a hexagon, clockwise from the top ---- */

#define HEX_MAX 7	/* six sides and the center */

/* Splits "a,b,c,d,e,f[,center]" into items; their number, or -1. */
static int
hex_items(char *copy, char **item)
{
	int n = 0;
	char *s = copy;

	for (;;) {
		if (n == HEX_MAX)
			return -1;
		item[n++] = s;
		if ((s = strchr(s, ',')) == NULL)
			break;
		*s++ = '\0';
	}
	return n == 6 || n == 7 ? n : -1;
}

/* The texts a hexagon prints: none when its value is not one. */
static int
hex_texts(char *copy, char **item)
{
	int n = hex_items(copy, item);

	return n < 0 ? 0 : n;
}

static int
hex_ok(const char *value, struct sbuf *why)
{
	char *copy, *item[HEX_MAX];
	int n;

	if (*value == '\0')
		return 1;
	copy = xstrdup(value);
	n = hex_items(copy, item);
	free(copy);
	if (n > 0)
		return 1;
	sb_adds(why, "give six values joined by commas, clockwise from the "
	    "top side (the front), and a seventh for the center if wanted");
	return 0;
}

/*
 * A flat-topped hexagon, its sides facing front (top), front right, rear
 * right, rear (bottom), rear left and front left: a hex map's six
 * facings.  Each value is printed inside its side; a seventh, in the
 * middle.
 */
static void
hex(struct draw *d, const struct elem *e, const char *value,
    const struct wbox *b)
{
	double xy[12], cx = b->x + b->w / 2, cy = b->y + b->h / 2, r, a;
	char *copy, *item[HEX_MAX];
	int n, i;

	if (*value == '\0')
		return;
	copy = xstrdup(value);
	if ((n = hex_items(copy, item)) < 0) {
		free(copy);
		return;
	}
	r = b->w / 2 < b->h / sqrt(3) ? b->w / 2 : b->h / sqrt(3);
	r -= e->lw;
	for (i = 0; i < 6; i++) {
		a = i * M_PI / 3;	/* a vertex every 60 degrees from 3 o'clock */
		xy[2 * i] = cx + r * cos(a);
		xy[2 * i + 1] = cy + r * sin(a);
	}
	pdf_polygon(d->pg, xy, 6, &b->paint);
	for (i = 0; i < 6; i++) {
		/* The middle of side i, clockwise from the top (90 degrees). */
		double ang = M_PI / 2 - i * M_PI / 3;
		double dist = r * sqrt(3) / 2 * 0.62;
		double tw = r * 0.62, th = r * 0.42;

		draw_text(d, e, item[i], cx + dist * cos(ang) - tw / 2,
		    cy + dist * sin(ang) - th / 2, tw, th);
	}
	if (n == 7)
		draw_text(d, e, item[6], cx - r * 0.4, cy - r * 0.21, r * 0.8,
		    r * 0.42);
	free(copy);
}

/* ---- the table ---- */

static const char *const paint_keys[] = {
	"fill", "stroke", "stroke_width", NULL
};
static const char *const sector_keys[] = {
	"fill", "stroke", "stroke_width", "colour", "color", NULL
};
static const char *const cells_keys[] = {
	"fill", "stroke", "stroke_width", "font", "pt", "min_pt", "align",
	"valign", "colour", "color", "direction", NULL
};

static const char *const hex_keys[] = {
	"fill", "stroke", "stroke_width", "font", "pt", "min_pt", "colour",
	"color", NULL
};

static const struct widget widgets[] = {
	{ "sector", sector_keys, sector, sector_ok, NULL },
	{ "cells", cells_keys, cells, NULL, cells_items },
	{ "track", paint_keys, track, track_ok, NULL },
	{ "nato", paint_keys, nato, nato_ok, NULL },
	{ "hex", hex_keys, hex, hex_ok, hex_texts },
};

const struct widget *
widget_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < NELEM(widgets); i++)
		if (strcmp(widgets[i].name, name) == 0)
			return &widgets[i];
	return NULL;
}

const char *const *
widget_names(void)
{
	static const char *names[NELEM(widgets) + 1];
	size_t i;

	for (i = 0; i < NELEM(widgets); i++)
		names[i] = widgets[i].name;
	return names;
}

const char *
widget_name(const struct widget *w)
{
	return w->name;
}

const char *const *
widget_keys(const struct widget *w)
{
	return w->keys;
}

int
widget_value_ok(const struct widget *w, const char *value, struct sbuf *why)
{
	return w->ok == NULL || w->ok(value, why);
}

int
widget_texts(const struct widget *w, char *copy, char **item)
{
	return w && w->texts ? w->texts(copy, item) : 0;
}

int
widget_prints_text(const struct widget *w)
{
	return w && w->texts;
}

void
draw_widget(struct draw *d, const struct elem *e, const char *value)
{
	struct wbox b;
	int none;

	memset(&b, 0, sizeof(b));
	b.x = DX(d, e->x);
	b.y = DY(d, e->y + e->h);
	b.w = DX(d, e->x + e->w) - b.x;
	b.h = DY(d, e->y) - b.y;
	b.paint.fill_rgb = draw_colour(d, &e->fill, &none);
	b.paint.fill = !none;
	b.fill_none = none;
	b.paint.stroke_rgb = draw_colour(d, &e->stroke, &none);
	b.paint.stroke = !none && e->lw > 0;
	b.stroke_none = none;
	b.paint.width = e->lw;
	if (e->widget)
		e->widget->draw(d, e, value, &b);
}
