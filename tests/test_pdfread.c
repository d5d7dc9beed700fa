/*
 * test_pdfread.c -- the PDF reader of preflight (src/pdfread/), on small
 * PDFs written here byte by byte: a classic cross-reference table, a
 * cross-reference stream (Flate with the PNG Up predictor, as qpdf
 * writes one) with the catalog and the pages in an object stream, a
 * damaged table read by scanning, junk; the page tree's inheritance and
 * its loops; the content walker's effective sizes of text (Tf by Tm by
 * the CTM, through a form's Matrix) and of placed images.
 */
#include "testutil.h"

#include <zlib.h>

#include "pdfread/content.h"
#include "pdfread/pdfread.h"

/* ---- a PDF writer for the tests ---- */

struct pdfb {
	struct sbuf sb;
	size_t off[32];		/* each object's offset; 0 none */
	int max;
};

static void
pb_start(struct pdfb *b)
{
	memset(b, 0, sizeof(*b));
	sb_adds(&b->sb, "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
}

static void
pb_obj(struct pdfb *b, int num, const char *text)
{
	b->off[num] = b->sb.len;
	if (num > b->max)
		b->max = num;
	sb_addf(&b->sb, "%d 0 obj\n%s\nendobj\n", num, text);
}

/* A stream object of data (len bytes) with extra dictionary entries. */
static void
pb_stream(struct pdfb *b, int num, const char *dict, const void *data,
    size_t len)
{
	b->off[num] = b->sb.len;
	if (num > b->max)
		b->max = num;
	sb_addf(&b->sb, "%d 0 obj\n<< %s /Length %zu >>\nstream\n", num, dict,
	    len);
	sb_add(&b->sb, data, len);
	sb_adds(&b->sb, "\nendstream\nendobj\n");
}

/* A classic table and trailer (7.5.4): 20-byte entries. */
static void
pb_xref(struct pdfb *b, int root)
{
	size_t x = b->sb.len;
	int i;

	sb_addf(&b->sb, "xref\n0 %d\n0000000000 65535 f\r\n", b->max + 1);
	for (i = 1; i <= b->max; i++)
		if (b->off[i])
			sb_addf(&b->sb, "%010zu 00000 n\r\n", b->off[i]);
		else
			sb_adds(&b->sb, "0000000000 00000 f\r\n");
	sb_addf(&b->sb, "trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n"
	    "%zu\n%%%%EOF\n", b->max + 1, root, x);
}

/* Where s first is in the PDF (which may hold NULs), or NULL. */
static char *
pb_find(struct pdfb *b, size_t from, const char *s)
{
	size_t n = strlen(s), i;

	for (i = from; i + n <= b->sb.len; i++)
		if (memcmp(b->sb.buf + i, s, n) == 0)
			return b->sb.buf + i;
	return NULL;
}

static struct pdfr *
pb_open(struct pdfb *b)
{
	char err[160];
	struct pdfr *r = pdfr_open((const unsigned char *)b->sb.buf,
	    b->sb.len, err, sizeof(err));

	assert_non_null(r);
	return r;
}

/* ---- what a walk met ---- */

struct seen {
	double text[16];
	int ntext;
	double img_w, img_h;
	char img_name[32];	/* "" for an inline image */
	int nimg;
	const char *space[8];
	double comp[8][4];
	int nspace;
};

static void
on_text(void *ctx, const struct pdfc_at *at, const char *font,
    struct pobj *fd, double size, int mode, size_t bytes)
{
	struct seen *s = ctx;

	(void)at, (void)font, (void)fd, (void)mode, (void)bytes;
	if (s->ntext < 16)
		s->text[s->ntext++] = size;
}

static void
on_image(void *ctx, const struct pdfc_at *at, const char *name,
    struct pobj *img, double w, double h)
{
	struct seen *s = ctx;

	(void)at, (void)img;
	s->img_w = w;
	s->img_h = h;
	snprintf(s->img_name, sizeof(s->img_name), "%s", name ? name : "");
	s->nimg++;
}

static void
on_colour(void *ctx, const struct pdfc_at *at, const struct pdfc_space *sp,
    int stroke, const double *c, int n)
{
	struct seen *s = ctx;
	int i;

	(void)at, (void)stroke;
	if (s->nspace >= 8 || n == 0)
		return;
	s->space[s->nspace] = sp->name;
	for (i = 0; i < n && i < 4; i++)
		s->comp[s->nspace][i] = c[i];
	s->nspace++;
}

static void
walk(struct pdfr *r, const struct pdfr_page *pg, struct seen *s,
    struct pdfc_result *res)
{
	struct pdfc_ops ops;

	memset(s, 0, sizeof(*s));
	memset(&ops, 0, sizeof(ops));
	ops.ctx = s;
	ops.text = on_text;
	ops.image = on_image;
	ops.colour = on_colour;
	pdfc_walk(r, pg, &ops, res);
}

/* ---- classic table ---- */

/*
 * One page whose MediaBox and Resources are its parent's (7.7.3.4); its
 * content shows text at 12 pt, at 10 pt under a CTM of 0.5 (5 pt), at
 * 8 pt under Tm [2 0 0 2] (16 pt), and an image 200 x 100 px placed at
 * 100 x 50 pt; sets a CMYK fill; and shows text at 4 pt stretched 3
 * times up and twice across (Tm [1 0 0 3], Tz 200): its height is 12 pt,
 * what the eye reads, the width left out.
 */
static void
make_classic(struct pdfb *b)
{
	static const char content[] =
	    "BT /F1 12 Tf 1 0 0 1 10 10 Tm (Hi) Tj ET\n"
	    "q 0.5 0 0 0.5 0 0 cm BT /F1 10 Tf (x) Tj ET Q\n"
	    "BT /F1 8 Tf 2 0 0 2 5 5 Tm [(a) -20 (b)] TJ ET\n"
	    "q 100 0 0 50 10 10 cm /Im1 Do Q\n"
	    "0.1 0.2 0.3 0.4 k\n"
	    "BT /F1 4 Tf 200 Tz 1 0 0 3 0 0 Tm 14 TL T* (t) ' ET\n";

	pb_start(b);
	pb_obj(b, 1, "<< /Type /Catalog /Pages 2 0 R >>");
	pb_obj(b, 2, "<< /Type /Pages /Kids [3 0 R] /Count 1 "
	    "/MediaBox [0 0 180 252] /Resources << /Font << /F1 5 0 R >> "
	    "/XObject << /Im1 6 0 R >> >> >>");
	pb_obj(b, 3, "<< /Type /Page /Parent 2 0 R /Contents 4 0 R "
	    "/TrimBox [9 9 171 243] >>");
	pb_stream(b, 4, "", content, strlen(content));
	pb_obj(b, 5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
	pb_stream(b, 6, "/Type /XObject /Subtype /Image /Width 200 /Height 100 "
	    "/ColorSpace /DeviceGray /BitsPerComponent 8", "\0\0\0\0", 4);
	pb_xref(b, 1);
}

static void
test_classic_table(void **state)
{
	struct pdfb b;
	struct pdfr *r;
	const struct pdfr_page *pg;
	struct pdfc_result res;
	struct seen s;
	size_t n;

	(void)state;
	make_classic(&b);
	r = pb_open(&b);
	assert_false(pdfr_repaired(r));
	assert_string_equal(pdfr_version(r), "1.4");
	pg = pdfr_pages(r, &n);
	assert_int_equal(n, 1);
	assert_int_equal(pg[0].num, 3);
	/* Inherited from the Pages node. */
	assert_near(pg[0].media[2], 180, 1e-9);
	assert_near(pg[0].media[3], 252, 1e-9);
	assert_non_null(pg[0].resources);
	assert_true(pg[0].has_trim);
	assert_near(pg[0].trim[0], 9, 1e-9);
	assert_false(pg[0].has_bleed);
	walk(r, &pg[0], &s, &res);
	assert_int_equal(res.unreadable, 0);
	assert_int_equal(s.ntext, 4);
	assert_near(s.text[0], 12, 1e-9);
	assert_near(s.text[1], 5, 1e-9);	/* 10 pt x 0.5 */
	assert_near(s.text[2], 16, 1e-9);	/* 8 pt x 2 */
	assert_near(s.text[3], 12, 1e-9);	/* 4 pt x 3 up */
	assert_int_equal(s.nimg, 1);
	assert_string_equal(s.img_name, "Im1");
	assert_near(s.img_w, 100, 1e-9);
	assert_near(s.img_h, 50, 1e-9);
	assert_int_equal(s.nspace, 1);
	assert_string_equal(s.space[0], "DeviceCMYK");
	assert_near(s.comp[0][3], 0.4, 1e-9);
	/* Objects by number, a missing one, references resolved. */
	assert_string_equal(pdfr_name(pdfr_get(r, pdfr_object(r, 5),
	    "BaseFont")), "Helvetica");
	assert_null(pdfr_object(r, 7));
	assert_null(pdfr_object(r, 0));
	assert_null(pdfr_object(r, -1));
	pdfr_free(r);
	sb_release(&b.sb);
}

/* A startxref that points at nothing: the file is scanned for its
 * objects, and says so. */
static void
test_broken_xref(void **state)
{
	struct pdfb b;
	struct pdfr *r;
	const struct pdfr_page *pg;
	char *p;
	size_t n;

	(void)state;
	make_classic(&b);
	p = pb_find(&b, 0, "startxref\n");
	assert_non_null(p);
	memcpy(p + 10, "99", 2);	/* an offset inside the header */
	r = pb_open(&b);
	assert_true(pdfr_repaired(r));
	pg = pdfr_pages(r, &n);
	assert_int_equal(n, 1);
	assert_near(pg[0].media[3], 252, 1e-9);
	pdfr_free(r);

	/* No table and no trailer at all: the catalog is found by its
	 * /Type. */
	p = pb_find(&b, 0, "xref\n0 ");
	b.sb.len = (size_t)(p - b.sb.buf);
	b.sb.buf[b.sb.len] = '\0';
	r = pb_open(&b);
	assert_true(pdfr_repaired(r));
	pdfr_pages(r, &n);
	assert_int_equal(n, 1);
	pdfr_free(r);
	sb_release(&b.sb);
}

/* A stream whose /Length lies (too long, or an indirect one to a
 * missing object) is read up to its endstream. */
static void
test_wrong_length(void **state)
{
	struct pdfb b;
	struct pdfr *r;
	struct pobj *s;
	const unsigned char *d;
	size_t len;

	(void)state;
	pb_start(&b);
	pb_obj(&b, 1, "<< /Type /Catalog /Pages 2 0 R >>");
	pb_obj(&b, 2, "<< /Type /Pages /Kids [] /Count 0 >>");
	b.off[3] = b.sb.len;
	sb_adds(&b.sb, "3 0 obj\n<< /Length 9999 >>\nstream\nabc\n"
	    "endstream\nendobj\n");
	b.off[4] = b.sb.len;
	sb_adds(&b.sb, "4 0 obj\n<< /Length 9 0 R >>\nstream\r\nxyz\r\n"
	    "endstream\nendobj\n");
	b.max = 4;
	pb_xref(&b, 1);
	r = pb_open(&b);
	s = pdfr_object(r, 3);
	assert_non_null(s);
	assert_int_equal(s->type, PO_STREAM);
	d = pdfr_stream(r, s, &len, NULL);
	assert_int_equal(len, 3);
	assert_memory_equal(d, "abc", 3);
	d = pdfr_stream(r, pdfr_object(r, 4), &len, NULL);
	assert_int_equal(len, 3);
	assert_memory_equal(d, "xyz", 3);
	pdfr_free(r);
	sb_release(&b.sb);
}

/* ---- cross-reference stream and object stream ---- */

static size_t
deflate_into(const unsigned char *in, size_t n, unsigned char *out,
    size_t cap)
{
	uLongf len = cap;

	assert_int_equal(compress(out, &len, in, n), Z_OK);
	return len;
}

/*
 * Objects 1 (catalog), 2 (pages) and 3 (page) live in object stream 5,
 * compressed; 4 is the page's content; 6 is the cross-reference stream
 * (7.5.8) with /W [1 4 2], its rows run through the PNG Up predictor
 * (each byte less the one above, a 2 before each row) and deflated, as
 * qpdf --object-streams=generate writes them.
 */
static void
test_xref_and_object_streams(void **state)
{
	static const char objs[] =
	    "<< /Type /Catalog /Pages 2 0 R >>\n"
	    "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 200 300] >>\n"
	    "<< /Type /Page /Parent 2 0 R /Contents 4 0 R "
	    "/Rotate -90 /Resources << >> >>\n";
	static const char content[] = "BT /F9 7 Tf (a) Tj ET";
	struct pdfb b;
	char hdr[64], full[512];
	unsigned char z[1024], rows[7][8], raw[7 * 8], prev[7];
	size_t zlen, xoff, o1, o2, i, j;
	int nrows = 7, type[7], f2[7], f3[7];
	struct pdfr *r;
	const struct pdfr_page *pg;
	struct pdfc_result res;
	struct seen s;
	size_t n;

	(void)state;
	pb_start(&b);
	o1 = strchr(objs, '\n') - objs + 1;
	o2 = strchr(objs + o1, '\n') - objs + 1;
	snprintf(hdr, sizeof(hdr), "1 0 2 %zu 3 %zu\n", o1, o2);
	snprintf(full, sizeof(full), "%s%s", hdr, objs);
	zlen = deflate_into((const unsigned char *)full, strlen(full), z,
	    sizeof(z));
	{
		char dict[96];

		snprintf(dict, sizeof(dict), "/Type /ObjStm /N 3 /First %zu "
		    "/Filter /FlateDecode", strlen(hdr));
		pb_stream(&b, 5, dict, z, zlen);
	}
	pb_stream(&b, 4, "", content, strlen(content));
	xoff = b.sb.len;
	/* Rows: 0 free; 1-3 in stream 5 at indexes 0-2; 4, 5 and 6 at
	 * their offsets. */
	type[0] = 0, f2[0] = 0, f3[0] = 65535;
	for (i = 1; i <= 3; i++)
		type[i] = 2, f2[i] = 5, f3[i] = (int)i - 1;
	type[4] = 1, f2[4] = (int)b.off[4], f3[4] = 0;
	type[5] = 1, f2[5] = (int)b.off[5], f3[5] = 0;
	type[6] = 1, f2[6] = (int)xoff, f3[6] = 0;
	memset(prev, 0, sizeof(prev));
	for (i = 0; i < (size_t)nrows; i++) {
		unsigned char row[7];

		row[0] = (unsigned char)type[i];
		row[1] = (unsigned char)(f2[i] >> 24);
		row[2] = (unsigned char)(f2[i] >> 16);
		row[3] = (unsigned char)(f2[i] >> 8);
		row[4] = (unsigned char)f2[i];
		row[5] = (unsigned char)(f3[i] >> 8);
		row[6] = (unsigned char)f3[i];
		rows[i][0] = 2;		/* PNG Up */
		for (j = 0; j < 7; j++)
			rows[i][j + 1] = (unsigned char)(row[j] - prev[j]);
		memcpy(prev, row, 7);
	}
	memcpy(raw, rows, sizeof(raw));
	zlen = deflate_into(raw, sizeof(raw), z, sizeof(z));
	sb_addf(&b.sb, "6 0 obj\n<< /Type /XRef /Size 7 /W [1 4 2] /Root 1 0 R "
	    "/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> "
	    "/Length %zu >>\nstream\n", zlen);
	sb_add(&b.sb, (const char *)z, zlen);
	sb_addf(&b.sb, "\nendstream\nendobj\nstartxref\n%zu\n%%%%EOF\n", xoff);

	r = pb_open(&b);
	assert_false(pdfr_repaired(r));
	pg = pdfr_pages(r, &n);
	assert_int_equal(n, 1);
	assert_int_equal(pg[0].num, 3);
	assert_near(pg[0].media[3], 300, 1e-9);
	assert_int_equal(pg[0].rotate, 270);	/* -90, normalised */
	assert_int_equal(pdfr_object(r, 2)->num, 2);
	walk(r, &pg[0], &s, &res);
	assert_int_equal(s.ntext, 1);
	assert_near(s.text[0], 7, 1e-9);
	pdfr_free(r);

	/* The same file with its xref stream's offset lost: the objects
	 * in the object stream are found by scanning too. */
	{
		char *p = pb_find(&b, xoff, "startxref\n");

		memcpy(p + 10, "1", 1);
		r = pb_open(&b);
		assert_true(pdfr_repaired(r));
		pdfr_pages(r, &n);
		assert_int_equal(n, 1);
		pdfr_free(r);
	}
	sb_release(&b.sb);
}

/* ---- junk and loops ---- */

static void
test_junk(void **state)
{
	static const char *const junk[] = {
		"", "hello", "%PDF-1.4\n", "%PDF-1.7\n1 0 obj << /Type /Catalog "
		"/Pages 1 0 R >> endobj\nstartxref\n12345678901234567890\n",
		"%PDF-1.4\n1 0 obj [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
		"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ endobj",
		"%PDF-1.4\nxref\n0 99999999\ntrailer << >>\nstartxref\n9\n",
		"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
		"2 0 obj << /Type /XRef /W [9 9 9] /Size 3 >> stream\nx\n"
		"endstream endobj\nstartxref\n60\n",
	};
	char err[160];
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(junk); i++) {
		struct pdfr *r = pdfr_open((const unsigned char *)junk[i],
		    strlen(junk[i]), err, sizeof(err));
		size_t n = 99;

		if (r) {
			pdfr_pages(r, &n);
			assert_int_equal(n, 0);
			pdfr_free(r);
		} else
			assert_true(strlen(err) > 0);
	}
	assert_null(pdfr_open((const unsigned char *)"hello", 5, err,
	    sizeof(err)));
	assert_string_equal(err, "is not a PDF (no %PDF- header in its first "
	    "1024 bytes)");
}

/* A page tree that names its own root among its kids, and a form that
 * paints itself: both end, the page read once, the form 8 deep. */
static void
test_loops(void **state)
{
	static const char content[] = "/Fm1 Do";
	static const char form[] = "0.5 0 0 0.5 0 0 cm BT /F1 12 Tf (a) Tj ET "
	    "/Fm1 Do";
	struct pdfb b;
	struct pdfr *r;
	const struct pdfr_page *pg;
	struct pdfc_result res;
	struct seen s;
	size_t n;

	(void)state;
	pb_start(&b);
	pb_obj(&b, 1, "<< /Type /Catalog /Pages 2 0 R >>");
	pb_obj(&b, 2, "<< /Type /Pages /Kids [3 0 R 2 0 R 3 0 R] /Count 1 "
	    "/MediaBox [0 0 100 100] >>");
	pb_obj(&b, 3, "<< /Type /Page /Parent 2 0 R /Contents 4 0 R "
	    "/Resources << /XObject << /Fm1 5 0 R >> >> >>");
	pb_stream(&b, 4, "", content, strlen(content));
	pb_stream(&b, 5, "/Type /XObject /Subtype /Form /BBox [0 0 9 9] "
	    "/Matrix [2 0 0 2 0 0] /Resources << /XObject << /Fm1 5 0 R >> >>",
	    form, strlen(form));
	pb_xref(&b, 1);
	r = pb_open(&b);
	pg = pdfr_pages(r, &n);
	assert_int_equal(n, 1);
	walk(r, &pg[0], &s, &res);
	/* Each level: the form's Matrix doubles, its cm halves: 12 pt at
	 * every one of the 8 levels. */
	assert_int_equal(s.ntext, 8);
	assert_near(s.text[0], 12, 1e-9);
	assert_near(s.text[7], 12, 1e-9);
	pdfr_free(r);
	sb_release(&b.sb);
}

/* A form that paints itself ten times: 10^8 operators 8 deep, stopped
 * at 5 million a page and told (the walk ends in a second or two). */
static void
test_form_bomb(void **state)
{
	static const char content[] = "/Fm1 Do";
	static const char form[] = "1 0 0 rg /Fm1 Do /Fm1 Do /Fm1 Do /Fm1 Do "
	    "/Fm1 Do /Fm1 Do /Fm1 Do /Fm1 Do /Fm1 Do /Fm1 Do";
	struct pdfb b;
	struct pdfr *r;
	const struct pdfr_page *pg;
	struct pdfc_result res;
	struct seen s;
	size_t n;

	(void)state;
	pb_start(&b);
	pb_obj(&b, 1, "<< /Type /Catalog /Pages 2 0 R >>");
	pb_obj(&b, 2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
	pb_obj(&b, 3, "<< /Type /Page /Parent 2 0 R /Contents 4 0 R "
	    "/Resources << /XObject << /Fm1 5 0 R >> >> >>");
	pb_stream(&b, 4, "", content, strlen(content));
	pb_stream(&b, 5, "/Type /XObject /Subtype /Form /BBox [0 0 9 9]",
	    form, strlen(form));
	pb_xref(&b, 1);
	r = pb_open(&b);
	pg = pdfr_pages(r, &n);
	walk(r, &pg[0], &s, &res);
	assert_true(res.truncated);
	assert_true(res.ops > 4000000 && res.ops <= 5000001);
	pdfr_free(r);
	sb_release(&b.sb);
}

/* Inline images (8.9.7) are told and skipped, their data holding "EI"
 * or not; text after them is still read. */
static void
test_inline_image(void **state)
{
	static const char content[] =
	    "q 36 0 0 18 0 0 cm BI /W 4 /H 2 /CS /G /BPC 8 ID EIEIEIEI\nEI Q\n"
	    "q 72 0 0 72 0 0 cm BI /W 2 /H 2 /CS /RGB /BPC 8 /F /AHx ID "
	    "00ff00ff00ff00ff00ff00ff> EI Q\n"
	    "BT /F1 9 Tf (x) Tj ET";
	struct pdfb b;
	struct pdfr *r;
	const struct pdfr_page *pg;
	struct pdfc_result res;
	struct seen s;
	size_t n;

	(void)state;
	pb_start(&b);
	pb_obj(&b, 1, "<< /Type /Catalog /Pages 2 0 R >>");
	pb_obj(&b, 2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
	pb_obj(&b, 3, "<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>");
	pb_stream(&b, 4, "", content, strlen(content));
	pb_xref(&b, 1);
	r = pb_open(&b);
	pg = pdfr_pages(r, &n);
	/* No MediaBox anywhere: US Letter, as readers assume. */
	assert_near(pg[0].media[2], 612, 1e-9);
	walk(r, &pg[0], &s, &res);
	assert_int_equal(s.nimg, 2);
	assert_string_equal(s.img_name, "");
	assert_near(s.img_w, 72, 1e-9);
	assert_int_equal(s.ntext, 1);
	assert_near(s.text[0], 9, 1e-9);
	pdfr_free(r);
	sb_release(&b.sb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classic_table),
		cmocka_unit_test(test_broken_xref),
		cmocka_unit_test(test_wrong_length),
		cmocka_unit_test(test_xref_and_object_streams),
		cmocka_unit_test(test_junk),
		cmocka_unit_test(test_loops),
		cmocka_unit_test(test_inline_image),
		cmocka_unit_test(test_form_bomb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
