/*
 * pdf/save.c -- the save (see pdf.h): the document's /ID, the checks
 * that it fits what a PDF can address, and the writing into a temporary
 * file renamed into place, never a partial or overwritten good one.
 * The document, pages and shapes are pdf.c's.
 */
#include "pdf_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <hpdf.h>
#include <hpdf_pages.h>
#include <hpdf_streams.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util.h"
#include "colour.h"


/* The trailer's /ID (PDF 1.7, 14.4), which libharu writes only when it
 * encrypts: the digest twice, as for a file written once. */
static void
add_id(struct pdf *p)
{
	HPDF_BYTE d[16];
	HPDF_Array a;

	if (HPDF_Dict_GetItem(p->doc->trailer, "ID", HPDF_OCLASS_ARRAY))
		return;
	HPDF_MD5Final(d, &p->id);
	a = HPDF_Array_New(p->doc->mmgr);
	if (a == NULL || HPDF_Dict_Add(p->doc->trailer, "ID", a) != HPDF_OK)
		return;
	HPDF_Array_Add(a, HPDF_Binary_New(p->doc->mmgr, d, 16));
	HPDF_Array_Add(a, HPDF_Binary_New(p->doc->mmgr, d, 16));
}

/* The file libharu writes the document into, through a buffer of ours:
 * its stream calls come a few bytes at a time. */
struct out {
	int fd;
	int err;		/* errno of the first failed write */
	int big;		/* it passed PDF_MAX_BYTES */
	unsigned long long total;	/* bytes written so far */
	size_t len;
	HPDF_BYTE buf[65536];
};

static int
out_flush(struct out *o)
{
	HPDF_BYTE *q = o->buf;

	while (o->len > 0 && o->err == 0) {
		ssize_t w = write(o->fd, q, o->len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			o->err = errno;
			break;
		}
		q += w;
		o->len -= (size_t)w;
	}
	o->len = 0;
	return o->err ? -1 : 0;
}

static HPDF_STATUS
out_write(HPDF_Stream stream, const HPDF_BYTE *ptr, HPDF_UINT siz)
{
	struct out *o = stream->attr;

	if (o->err == 0 && !pdf_size_fits(0, o->total + siz)) {
		o->err = EFBIG;
		o->big = 1;
	}
	o->total += siz;
	while (siz > 0 && o->err == 0) {
		size_t n = sizeof(o->buf) - o->len;

		if (n > siz)
			n = siz;
		memcpy(o->buf + o->len, ptr, n);
		o->len += n;
		ptr += n;
		siz -= (HPDF_UINT)n;
		if (o->len == sizeof(o->buf))
			out_flush(o);
	}
	return o->err ? HPDF_FILE_IO_ERROR : HPDF_OK;
}

int
pdf_size_fits(unsigned long long objects, unsigned long long bytes)
{
	return objects <= PDF_MAX_OBJECTS && bytes <= PDF_MAX_BYTES;
}

/* The objects the document will hold, with room for the few a font
 * makes as it is written; past PDF_MAX_OBJECTS, err says so. */
static int
objects_fit(const struct pdf *p, const char *path, char *err, size_t errlen)
{
	unsigned long long n = p->doc->xref->entries->count + 64ULL +
	    (p->plain ? 0 : 2ULL * p->npages);

	if (pdf_size_fits(n, 0))
		return 1;
	snprintf(err, errlen, "cannot write '%s': its %zu pages would be "
	    "about %llu objects, and a PDF holds at most %llu; print it in "
	    "parts (--only, fewer --copies)", path, p->npages, n,
	    PDF_MAX_OBJECTS);
	return 0;
}

/* Writes the document into fd straight from libharu's objects. */
static int
write_doc(struct pdf *p, int fd, const char *path, char *err, size_t errlen)
{
	struct out *o;
	HPDF_Stream st;
	int rc = 0;

	if (!objects_fit(p, path, err, errlen))
		return -1;
	o = xcalloc(1, sizeof(*o));
	o->fd = fd;
	st = HPDF_CallbackWriter_New(p->doc->mmgr, out_write, o);
	if (st == NULL) {
		free(o);
		pdf_failed(p, err, errlen);
		return -1;
	}
	p->doc->stream = st;
	trim_fonts(p);
	if ((p->plain ? HPDF_SaveToStream(p->doc) : doc_write(p, st)) !=
	    HPDF_OK || out_flush(o) < 0 || o->err) {
		if (o->big)
			snprintf(err, errlen, "cannot write '%s': it passes "
			    "4 GiB, the most muster writes into one PDF; print "
			    "it in parts (--only, fewer --copies)", path);
		else if (o->err)
			snprintf(err, errlen, "cannot write '%s': %s", path,
			    strerror(o->err));
		else if (!pdf_failed(p, err, errlen))
			snprintf(err, errlen, "libharu cannot write the "
			    "document");
		rc = -1;
	}
	p->doc->stream = NULL;
	HPDF_Stream_Free(st);
	free(o);
	return rc;
}

/*
 * The temporary file being written, removed if a signal ends us before
 * the rename: a killed render leaves nothing behind.
 */
static char tmp_name[PATH_MAX];
static volatile sig_atomic_t tmp_live;

static void
on_signal(int sig)
{
	if (tmp_live)
		unlink(tmp_name);
	signal(sig, SIG_DFL);
	raise(sig);
}

static const int end_signals[] = { SIGTERM, SIGINT, SIGHUP, SIGQUIT };

/*
 * A signal sent to the process goes to any thread that does not block
 * it: a helper thread took an end signal while the main thread held
 * them off between mkstemp() and tmp_live, and the file was left (e2e's
 * hardening saw it once).  So only the thread that saves takes them:
 * spill.c's compressor is made with them blocked (thread_start(); a
 * thread inherits the mask of the thread making it), and while raster.c's
 * encoder saves PNGs the main thread blocks them.  A fault's signal
 * (SIGSEGV, SIGILL) is never blocked: the sanitizers still report it.
 */
void
hold_end_signals(int how, sigset_t *was)
{
	sigset_t end;
	size_t i;

	sigemptyset(&end);
	for (i = 0; i < NELEM(end_signals); i++)
		sigaddset(&end, end_signals[i]);
	pthread_sigmask(how, &end, was);
}

int
thread_start(pthread_t *th, void *(*fn)(void *), void *arg)
{
	sigset_t was;
	int rc;

	hold_end_signals(SIG_BLOCK, &was);
	rc = pthread_create(th, NULL, fn, arg);
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	return rc;
}

static void
guard_tmp(int on)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on ? on_signal : SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NELEM(end_signals); i++)
		sigaction(end_signals[i], &sa, NULL);
	/* Past ulimit -f a write fails with EFBIG, told as such. */
	signal(SIGXFSZ, on ? SIG_IGN : SIG_DFL);
	if (!on)
		tmp_live = 0;
}

/*
 * The file path names, through a symbolic link: a link stays a link,
 * its target gets the PDF.  Only a regular, writable file is replaced.
 */
static char *
save_target(const char *path, char *err, size_t errlen)
{
	struct stat st;
	char *real;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? xstrdup(path) :
		    (snprintf(err, errlen, "cannot write '%s': %s", path,
		    strerror(errno)), NULL);
	if (S_ISLNK(st.st_mode)) {
		if ((real = realpath(path, NULL)) == NULL) {
			snprintf(err, errlen, "'%s' is a link to nothing "
			    "(%s); remove it or give another name", path,
			    strerror(errno));
			return NULL;
		}
		if (stat(real, &st) < 0) {
			free(real);
			return xstrdup(path);
		}
	} else
		real = xstrdup(path);
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "'%s' is %s, not a PDF file; give a file "
		    "name", path, S_ISDIR(st.st_mode) ? "a folder" :
		    "a device, FIFO or socket");
		free(real);
		return NULL;
	}
	if ((st.st_mode & 0222) == 0) {
		snprintf(err, errlen, "'%s' is read-only; it is left as it is",
		    path);
		free(real);
		return NULL;
	}
	return real;
}

int
pdf_save_mem(struct pdf *p, unsigned char **out, size_t *len, char *err,
    size_t errlen)
{
	FILE *f;
	struct stat st;
	size_t got = 0;
	ssize_t n;
	int fd, rc = -1;

	*out = NULL;
	*len = 0;
	if (pages_flush(p) < 0 || pdf_failed(p, err, errlen)) {
		pdf_failed(p, err, errlen);
		return -1;
	}
	/* An unnamed temporary file: the writer writes to descriptors. */
	if ((f = tmpfile()) == NULL) {
		snprintf(err, errlen, "cannot make a temporary file: %s",
		    strerror(errno));
		return -1;
	}
	fd = fileno(f);
	if (pdfx_finish(p) < 0) {
		snprintf(err, errlen, "libharu cannot add PDF/X's keys");
		goto out;
	}
	add_id(p);
	if (write_doc(p, fd, "a temporary file", err, errlen) < 0)
		goto out;
	if (fstat(fd, &st) < 0 || lseek(fd, 0, SEEK_SET) < 0) {
		snprintf(err, errlen, "cannot read a temporary file: %s",
		    strerror(errno));
		goto out;
	}
	*out = xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size &&
	    (n = read(fd, *out + got, (size_t)st.st_size - got)) > 0)
		got += (size_t)n;
	if (got != (size_t)st.st_size) {
		snprintf(err, errlen, "cannot read a temporary file: %s",
		    strerror(errno));
		free(*out);
		*out = NULL;
		goto out;
	}
	*len = got;
	rc = 0;
out:
	fclose(f);
	return rc;
}

static int
fill_doc(int fd, const char *path, void *ctx, char *err, size_t errlen)
{
	struct pdf *p = ctx;

	if (pdfx_finish(p) < 0) {
		snprintf(err, errlen, "libharu cannot add PDF/X's keys");
		return -1;
	}
	add_id(p);
	return write_doc(p, fd, path, err, errlen);
}

int
pdf_save(struct pdf *p, const char *path, char *err, size_t errlen)
{
	if (pages_flush(p) < 0 || pdf_failed(p, err, errlen)) {
		pdf_failed(p, err, errlen);
		return -1;
	}
	return save_file(path, fill_doc, p, err, errlen);
}

int
save_file(const char *path, int (*fill)(int fd, const char *path, void *ctx,
    char *err, size_t errlen), void *ctx, char *err, size_t errlen)
{
	char *real = save_target(path, err, errlen);
	char *dcopy, *bcopy, *dir, *base, *tmp;
	size_t tlen;
	mode_t mask;
	sigset_t was;
	int fd = -1, rc = -1;

	if (real == NULL)
		return -1;
	dcopy = xstrdup(real);
	bcopy = xstrdup(real);
	dir = dirname(dcopy);
	base = basename(bcopy);
	tlen = strlen(dir) + strlen(base) + 16;
	tmp = xmalloc(tlen);
	snprintf(tmp, tlen, "%s/.%s.XXXXXX", dir, base);
	if (strlen(tmp) >= sizeof(tmp_name)) {
		snprintf(err, errlen, "cannot write '%s': %s", path,
		    strerror(ENAMETOOLONG));
		goto out;
	}
	guard_tmp(1);
	/* The end signals wait while the file is made and named for
	 * on_signal(): one that came between mkstemp() and tmp_live left
	 * the file behind (make check's SIGTERM test, once, at load 2). */
	hold_end_signals(SIG_BLOCK, &was);
	fd = mkstemp(tmp);
	memcpy(tmp_name, tmp, strlen(tmp) + 1);
	tmp_live = fd >= 0;
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	if (fd < 0) {
		snprintf(err, errlen, "cannot create a file in '%s': %s", dir,
		    strerror(errno));
		goto out;
	}
	mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	if (fill(fd, path, ctx, err, errlen) < 0)
		goto fail;
	if (fsync(fd) < 0 && errno != EINVAL && errno != EROFS) {
		snprintf(err, errlen, "cannot write '%s': %s", path,
		    strerror(errno));
		goto fail;
	}
	if (close(fd) < 0) {
		fd = -1;
		snprintf(err, errlen, "cannot write '%s': %s", path,
		    strerror(errno));
		goto fail;
	}
	fd = -1;
	if (rename(tmp, real) < 0) {
		snprintf(err, errlen, "cannot rename into '%s': %s", path,
		    strerror(errno));
		goto fail;
	}
	rc = 0;
	goto out;
fail:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
out:
	guard_tmp(0);
	free(tmp);
	free(dcopy);
	free(bcopy);
	free(real);
	return rc;
}
