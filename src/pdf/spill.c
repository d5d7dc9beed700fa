/*
 * pdf/spill.c -- finished pages: their operators compressed on a second
 * thread, and the temporary file their streams wait in until the save
 * (see internal.h).  The operators themselves are content.c's.
 */
#include "internal.h"

#include <errno.h>
#include <libdeflate.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "../util.h"

/*
 * libharu compresses a stream as it writes it when the stream's filter
 * says FlateDecode.  Ours is compressed already: the filter stays
 * FlateDecode until the dictionary (and its /Filter) is written, and
 * this, called just before the stream's bytes, turns it off.
 */
HPDF_STATUS
raw_bytes(HPDF_Dict dict, HPDF_Stream stream)
{
	(void)stream;
	dict->filter = HPDF_STREAM_FILTER_NONE;
	return HPDF_OK;
}

struct job {
	struct pdf_page *pg;
	struct obuf in;		/* the operators */
	struct obuf dict;	/* a page's dictionary (writer.c) */
	unsigned char *z;	/* compressed, once done */
	uLongf zlen;
	int ok;
	struct job *next;
};

#define POOL_MAX 8		/* pages waiting at most: memory stays flat */

struct pool {
	/* One compressor for every page: libdeflate writes what zlib's
	 * inflate reads.  Its level 1: 10,000 Letter cards in 1.26 s of
	 * CPU (median of 7, load 7), 9.96 MB, where level 2 took 1.35 s
	 * for 9.19 MB and level 4 1.46 s for 8.25 MB; the floor's zlib
	 * writes 9.57 MB.  Compressing was a quarter of render's CPU. */
	struct libdeflate_compressor *dc;
	struct obuf spare[POOL_MAX];	/* page buffers to use again */
	int nspare;
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct job *todo, *todo_tail;	/* waiting for the thread */
	struct job *finished;	/* compressed, not yet attached */
	int pending;		/* given and not yet attached */
	int quit, running;
	/* The finished pages' compressed bytes, one after another, in an
	 * unnamed temporary file: what libharu would keep in memory until
	 * the save (8 MB for 10,000 cards) is on the disk.  -1 until the
	 * first page; -2 when it could not be made (memory then: mem). */
	int sfd;
	long long send;
	struct obuf mem;
	int serr;		/* errno of the first failed write to it */
};

/* The spill file, made when first wanted; -1 when there is none. */
static int
spill_fd(struct pool *pl)
{
	if (pl->sfd == -1) {
		FILE *f;

		/* Past ulimit -f a write to it fails with EFBIG, told as
		 * such, rather than the signal ending muster unheard. */
		signal(SIGXFSZ, SIG_IGN);
		f = tmpfile();
		pl->sfd = f ? dup(fileno(f)) : -2;
		if (f)
			fclose(f);
		if (pl->sfd < 0)
			pl->sfd = -2;
	}
	return pl->sfd < 0 ? -1 : pl->sfd;
}

long long
spill_put(struct pdf *p, const void *b, size_t len)
{
	struct pool *pl = p->pool;
	long long at = pl->send;
	size_t done = 0;
	ssize_t r;
	int fd = spill_fd(pl);

	if (fd < 0) {
		ob_put(&pl->mem, b, len);
		pl->send += (long long)len;
		return at;
	}
	while (done < len) {
		r = pwrite(fd, (const char *)b + done, len - done,
		    (off_t)(at + (long long)done));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (pl->serr == 0)
				pl->serr = r < 0 ? errno : EIO;
			return -1;
		}
		done += (size_t)r;
	}
	pl->send += (long long)len;
	return at;
}

int
spill_error(const struct pdf *p)
{
	return p->pool ? p->pool->serr : 0;
}

int
spill_get(struct pdf *p, long long off, void *b, size_t len)
{
	struct pool *pl = p->pool;
	size_t got = 0;
	ssize_t r;

	if (pl == NULL || off < 0 || off + (long long)len > pl->send)
		return -1;
	if (pl->sfd < 0) {
		memcpy(b, pl->mem.b + off, len);
		return 0;
	}
	while (got < len) {
		r = pread(pl->sfd, (char *)b + got, len - got,
		    (off_t)(off + (long long)got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

/* Compresses with the pool's compressor; the input stays for reuse. */
static void
compress_job(struct pool *pl, struct job *j)
{
	size_t bound;

	j->ok = 0;
	if (pl->dc == NULL)
		return;
	bound = libdeflate_zlib_compress_bound(pl->dc, j->in.len);
	j->z = xmalloc(bound);
	j->zlen = (uLongf)libdeflate_zlib_compress(pl->dc, j->in.b, j->in.len,
	    j->z, bound);
	j->ok = j->zlen > 0;
}

static void *
worker(void *arg)
{
	struct pool *pl = arg;
	struct job *j;

	pthread_mutex_lock(&pl->mu);
	for (;;) {
		while (pl->todo == NULL && !pl->quit)
			pthread_cond_wait(&pl->work, &pl->mu);
		if (pl->todo == NULL)
			break;
		j = pl->todo;
		pl->todo = j->next;
		if (pl->todo == NULL)
			pl->todo_tail = NULL;
		pthread_mutex_unlock(&pl->mu);
		compress_job(pl, j);
		pthread_mutex_lock(&pl->mu);
		j->next = pl->finished;
		pl->finished = j;
		pthread_cond_signal(&pl->done);
	}
	pthread_mutex_unlock(&pl->mu);
	return NULL;
}

static struct pool *
pool_get(struct pdf *p)
{
	struct pool *pl = p->pool;

	if (pl)
		return pl;
	pl = p->pool = xcalloc(1, sizeof(*pl));
	pthread_mutex_init(&pl->mu, NULL);
	pthread_cond_init(&pl->work, NULL);
	pthread_cond_init(&pl->done, NULL);
	pl->dc = libdeflate_alloc_compressor(1);
	pl->sfd = -1;
	/* Without a thread, pages are compressed as they finish. */
	pl->running = thread_start(&pl->th, worker, pl) == 0;
	return pl;
}

/* libharu's reader of a page's bytes in the spill file. */
static HPDF_STATUS
spill_read(HPDF_Stream st, HPDF_BYTE *ptr, HPDF_UINT *siz)
{
	struct spilled *sp = st->attr;
	HPDF_UINT n = *siz < sp->len - sp->pos ? *siz : sp->len - sp->pos;
	HPDF_UINT got = 0;
	ssize_t r;

	while (got < n) {
		r = pread(sp->fd, ptr + got, n - got,
		    (off_t)(sp->off + sp->pos + got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return HPDF_SetError(st->error, HPDF_FILE_IO_ERROR, 0);
		got += (HPDF_UINT)r;
	}
	sp->pos += n;
	*siz = n;
	return sp->pos >= sp->len ? HPDF_STREAM_EOF : HPDF_OK;
}

static HPDF_STATUS
spill_seek(HPDF_Stream st, HPDF_INT pos, HPDF_WhenceMode mode)
{
	struct spilled *sp = st->attr;
	long long at = mode == HPDF_SEEK_CUR ? (long long)sp->pos + pos :
	    mode == HPDF_SEEK_END ? (long long)sp->len - pos : pos;

	if (at < 0 || at > sp->len)
		return HPDF_SetError(st->error, HPDF_STREAM_EOF, 0);
	sp->pos = (unsigned)at;
	return HPDF_OK;
}

static HPDF_INT32
spill_tell(HPDF_Stream st)
{
	return (HPDF_INT32)((struct spilled *)st->attr)->pos;
}

static HPDF_UINT32
spill_size(HPDF_Stream st)
{
	return ((struct spilled *)st->attr)->len;
}

/*
 * Writes a page's compressed bytes to the spill file and gives its
 * stream a reader of them in place of the memory it had; -1 when the
 * file cannot take them (the caller keeps them in memory).
 */
static int
spill(struct pool *pl, struct pdf_page *pg, HPDF_Dict d, const void *z,
    size_t len)
{
	HPDF_Stream st;
	size_t done = 0;
	ssize_t r;

	if (spill_fd(pl) < 0 || len > 0x7fffffff)
		return -1;
	while (done < len) {
		r = pwrite(pl->sfd, (const char *)z + done, len - done,
		    (off_t)(pl->send + (long long)done));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		done += (size_t)r;
	}
	pg->spill.fd = pl->sfd;
	pg->spill.off = pl->send;
	pg->spill.len = (unsigned)len;
	pg->spill.pos = 0;
	st = HPDF_CallbackReader_New(d->mmgr, spill_read, spill_seek,
	    spill_tell, spill_size, &pg->spill);
	if (st == NULL)
		return -1;
	pl->send += (long long)len;
	HPDF_Stream_Free(d->stream);
	d->stream = st;
	return 0;
}

/* Puts a compressed page into its libharu stream and frees the job. */
static void
attach(struct pdf *p, struct job *j)
{
	struct pdf_page *pg = j->pg;
	HPDF_Dict d = pg->form;

	if (!j->ok && p->err == 0)
		p->err = HPDF_ZLIB_ERROR;
	if (d == NULL) {
		/* A page: the writer keeps it, and frees it. */
		if (j->ok && p->err == 0 && page_store(p, pg, &j->dict, j->z,
		    j->zlen) < 0 && p->err == 0)
			p->err = HPDF_FILE_IO_ERROR;
	} else if (j->ok && p->err == 0) {
		d->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
		d->write_fn = raw_bytes;
		if (spill(p->pool, pg, d, j->z, j->zlen) < 0 &&
		    HPDF_Stream_Write(d->stream, j->z, (HPDF_UINT)j->zlen) !=
		    HPDF_OK && p->err == 0)
			p->err = HPDF_FAILD_TO_ALLOC_MEM;
	}
	free(j->z);
	free(j->dict.b);
	/* The page's buffer, for the next page to fill. */
	if (p->pool->nspare < POOL_MAX) {
		j->in.len = 0;
		p->pool->spare[p->pool->nspare++] = j->in;
	} else
		free(j->in.b);
	free(j);
}

void
page_buffer(struct pdf *p, struct pdf_page *pg)
{
	struct pool *pl = p->pool;

	if (pl && pl->nspare > 0 && pg->out.b == NULL)
		pg->out = pl->spare[--pl->nspare];
}

/* Attaches what is finished; with wait, until no page is pending. */
static void
collect(struct pdf *p, int wait)
{
	struct pool *pl = p->pool;
	struct job *j, *next;

	if (pl == NULL)
		return;
	for (;;) {
		pthread_mutex_lock(&pl->mu);
		while (wait && pl->finished == NULL && pl->pending > 0)
			pthread_cond_wait(&pl->done, &pl->mu);
		j = pl->finished;
		pl->finished = NULL;
		pthread_mutex_unlock(&pl->mu);
		if (j == NULL)
			return;
		for (; j; j = next) {
			next = j->next;
			attach(p, j);
			pl->pending--;
		}
		if (!wait)
			return;
	}
}

void
page_done(struct pdf *p, struct pdf_page *pg)
{
	struct pool *pl;
	struct job *j;

	if (pg->plain || pg->done)
		return;
	/* libharu writes an empty stream as zero bytes marked FlateDecode,
	 * which RIPs reject: a blank page still says something. */
	if (pg->out.len == 0)
		ob_put(&pg->out, "q\nQ\n", 4);
	j = xcalloc(1, sizeof(*j));
	j->pg = pg;
	j->in = pg->out;
	memset(&pg->out, 0, sizeof(pg->out));
	pg->done = 1;
	pl = pool_get(p);
	if (pg->form == NULL)
		page_dict(p, pg, &j->dict);
	if (!pl->running) {
		compress_job(pl, j);
		attach(p, j);
		return;
	}
	collect(p, 0);
	pthread_mutex_lock(&pl->mu);
	while (pl->pending >= POOL_MAX && pl->finished == NULL)
		pthread_cond_wait(&pl->done, &pl->mu);
	pthread_mutex_unlock(&pl->mu);
	collect(p, 0);
	pthread_mutex_lock(&pl->mu);
	if (pl->todo_tail)
		pl->todo_tail->next = j;
	else
		pl->todo = j;
	pl->todo_tail = j;
	pl->pending++;
	pthread_cond_signal(&pl->work);
	pthread_mutex_unlock(&pl->mu);
}

int
pages_flush(struct pdf *p)
{
	struct pdf_page *pg;

	/* A page done may free others, finished: look again each time. */
	for (;;) {
		for (pg = p->pages; pg && (pg->done || pg->plain);
		    pg = pg->next)
			;
		if (pg == NULL)
			break;
		page_done(p, pg);
	}
	collect(p, 1);
	return p->err ? -1 : 0;
}

void
pool_free(struct pdf *p)
{
	struct pool *pl = p->pool;
	struct job *j, *next;

	if (pl == NULL)
		return;
	if (pl->running) {
		pthread_mutex_lock(&pl->mu);
		pl->quit = 1;
		pthread_cond_signal(&pl->work);
		pthread_mutex_unlock(&pl->mu);
		pthread_join(pl->th, NULL);
	}
	for (j = pl->todo; j; j = next) {
		next = j->next;
		free(j->in.b);
		free(j->dict.b);
		free(j);
	}
	for (j = pl->finished; j; j = next) {
		next = j->next;
		free(j->in.b);
		free(j->z);
		free(j->dict.b);
		free(j);
	}
	while (pl->nspare > 0)
		free(pl->spare[--pl->nspare].b);
	libdeflate_free_compressor(pl->dc);
	if (pl->sfd >= 0)
		close(pl->sfd);
	free(pl->mem.b);
	pthread_mutex_destroy(&pl->mu);
	pthread_cond_destroy(&pl->work);
	pthread_cond_destroy(&pl->done);
	free(pl);
	p->pool = NULL;
}
