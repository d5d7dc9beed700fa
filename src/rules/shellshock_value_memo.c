/*
 * rules/shellshock_value_memo.c -- the exact score's chances at a band
 * (shellshock_value.c's at_band()) kept across pairings by both sides'
 * numbers but their speed, which only picks the bands a side reaches
 * (score_one()): a unit and another that differs from it only in speed
 * or terrain meet each reference at the same chances.  The key is every
 * number at_band() reads, through the scorer, its rolls, chart figures,
 * facings and phases(): die, skill, gunners, dead, the internal bands,
 * dV, armor and each weapon whole; never a name.  A fixed table, a
 * later pair taking an earlier one's slot.  Below it, the turns to stop
 * the other kept by the firer's numbers and the target's (struct
 * ssv_fire), the same way.
 */
#include "shellshock_value.h"
#include "shellshock_value_impl.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../util.h"

#define PAIR_MEMO 2048		/* a power of 2 */
static struct ssv_pair_memo *pair_memo;

static void
pair_memo_free(void)
{
	free(pair_memo);
	pair_memo = NULL;
}

void
ssv_pair_memo_clear(void)
{
	if (pair_memo)
		memset(pair_memo, 0, PAIR_MEMO * sizeof(*pair_memo));
}

/* One side's numbers as at_band() reads them, into k; their count. */
int
ss_value_key(const struct ss_unit *u, int *k)
{
	int n = 0, i, j;

	k[n++] = u->die;
	k[n++] = u->skill;
	k[n++] = u->gunners;
	k[n++] = u->dead;
	k[n++] = u->nbands;
	for (i = 0; i < u->nbands && i < SS_BANDS; i++) {
		k[n++] = u->band[i][0];
		k[n++] = u->band[i][1];
	}
	for (i = 0; i < SS_NROWS; i++)
		for (j = 0; j < 2; j++)
			k[n++] = u->dv[i][j];
	for (i = 0; i < SS_NFACINGS; i++)
		k[n++] = u->armor[i];
	k[n++] = u->nweapons;
	for (i = 0; i < u->nweapons && i < SS_MAX_WEAPONS; i++) {
		k[n++] = u->weapon[i].row;
		k[n++] = u->weapon[i].damage;
		k[n++] = u->weapon[i].cls;
		k[n++] = u->weapon[i].arc;
		k[n++] = u->weapon[i].spread;
	}
	return n;
}

struct ssv_pair_memo *
ssv_pair_slot(const struct ss_unit *a, const struct ss_unit *b,
    const struct ssv_pair_memo *other)
{
	int key[2 * SSV_SIDE_KEY], n, i;
	unsigned long long h = FNV_SEED;
	struct ssv_pair_memo *pm;

	if (pair_memo == NULL) {
		pair_memo = xcalloc(PAIR_MEMO, sizeof(*pair_memo));
		atexit(pair_memo_free);
	}
	n = ss_value_key(a, key);
	key[n++] = -1;		/* where A's numbers end */
	n += ss_value_key(b, key + n);
	h = fnv1a_ints(h, key, (size_t)n);
	h ^= h >> 29;
	h += h == 0;
	pm = &pair_memo[h & (PAIR_MEMO - 1)];
	if (pm->hash == h && pm->nkey == n &&
	    memcmp(pm->key, key, (size_t)n * sizeof(int)) == 0)
		return pm;
	if (pm == other)
		return NULL;
	pm->hash = h;
	pm->nkey = n;
	memcpy(pm->key, key, (size_t)n * sizeof(int));
	for (i = 0; i < NBANDS; i++)
		pm->at[i] = -1;
	return pm;
}

/* ---- tts() by the firer's numbers and the target's ---- */

#define FIRE_MEMO 1024		/* a power of 2 */
static struct ssv_fire **fire_memo;

static void
fire_memo_free(void)
{
	ssv_fire_memo_clear();
	free(fire_memo);
	fire_memo = NULL;
}

void
ssv_fire_memo_clear(void)
{
	int i;

	for (i = 0; fire_memo && i < FIRE_MEMO; i++) {
		free(fire_memo[i]);
		fire_memo[i] = NULL;
	}
}

/* x's numbers as tts() reads them of the firer, then y's of the target
 * (see struct ssv_fire), into k; their count. */
static int
fire_key(const struct ss_unit *x, const struct ss_unit *y, int *k)
{
	int n = 0, i, j;

	k[n++] = x->die;
	k[n++] = x->skill;
	k[n++] = x->gunners;
	k[n++] = x->nweapons;
	for (i = 0; i < x->nweapons && i < SS_MAX_WEAPONS; i++) {
		k[n++] = x->weapon[i].row;
		k[n++] = x->weapon[i].damage;
		k[n++] = x->weapon[i].arc;
		k[n++] = x->weapon[i].spread;
	}
	k[n++] = y->dead;
	k[n++] = y->nbands;
	for (i = 0; i < y->nbands && i < SS_BANDS; i++) {
		k[n++] = y->band[i][0];
		k[n++] = y->band[i][1];
	}
	for (i = 0; i < SS_NROWS; i++)
		for (j = 0; j < 2; j++)
			k[n++] = y->dv[i][j];
	for (i = 0; i < SS_NFACINGS; i++)
		k[n++] = y->armor[i];
	k[n++] = y->nweapons;
	for (i = 0; i < y->nweapons && i < SS_MAX_WEAPONS; i++) {
		k[n++] = y->weapon[i].row;
		k[n++] = y->weapon[i].cls;
		k[n++] = y->weapon[i].arc;
	}
	return n;
}

struct ssv_fire *
ssv_fire_new(int nx, int nf)
{
	size_t n = (size_t)nx * (size_t)nf * NBANDS, i;
	struct ssv_fire *f = xmalloc(sizeof(*f) + n * sizeof(double));

	f->hash = 0;
	f->nkey = 0;
	f->nx = nx;
	f->nf = nf;
	for (i = 0; i < n; i++)
		f->t[i] = -1;
	return f;
}

struct ssv_fire *
ssv_fire_slot(const struct ss_unit *x, const struct ss_unit *y, int nx,
    int nf, const struct ssv_fire *other)
{
	int key[SSV_FIRE_KEY], n;
	unsigned long long h;
	struct ssv_fire **slot;

	if (fire_memo == NULL) {
		fire_memo = xcalloc(FIRE_MEMO, sizeof(*fire_memo));
		atexit(fire_memo_free);
	}
	n = fire_key(x, y, key);
	h = fnv1a_ints(FNV_SEED, key, (size_t)n);
	h ^= h >> 29;
	h += h == 0;
	slot = &fire_memo[h & (FIRE_MEMO - 1)];
	if (*slot && (*slot)->hash == h && (*slot)->nkey == n &&
	    memcmp((*slot)->key, key, (size_t)n * sizeof(int)) == 0) {
		assert((*slot)->nx == nx && (*slot)->nf == nf);
		return *slot;
	}
	if (*slot && *slot == other)
		return NULL;
	free(*slot);
	*slot = ssv_fire_new(nx, nf);
	(*slot)->hash = h;
	(*slot)->nkey = n;
	memcpy((*slot)->key, key, (size_t)n * sizeof(int));
	return *slot;
}
