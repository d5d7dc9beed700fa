/*
 * rules/shellshock_value_impl.h -- what the value's files share
 * (shellshock_value.c: the hit roll and the exact score;
 * shellshock_value_memo.c: what the score keeps; shellshock_duel.c: the
 * geometry and the simulated duel).
 */
#ifndef MUSTER_SHELLSHOCK_VALUE_IMPL_H
#define MUSTER_SHELLSHOCK_VALUE_IMPL_H

#include "shellshock_value.h"

/* The range bands: point blank, 0, -1.. */
#define NBANDS (2 + SS_DUEL_FIELD / SS_RANGE_STEP)

static inline int
band_of(int range)
{
	return range <= 0 ? 0 : 1 + range / SS_RANGE_STEP;
}

/* The hit roll: the exact distribution, sampled by quantile. */
struct roll {
	int lo, n;		/* totals lo .. lo + n - 1 of the normal part */
	double *cum;		/* cum[k]: P(flub) + P(normal total <= lo + k) */
	double *ge;		/* ge[k]: P(normal total >= lo + k) */
	double flub, lucky;
};

void ssv_roll_init(struct roll *r, int die, int spread);
void ssv_roll_release(struct roll *r);
/* P(total on the dice >= need), the natural 20 included. */
double ssv_roll_hits(const struct roll *r, int need);

enum { ROLL_FLUB = -1000000, ROLL_LUCKY = 1000000 };

/* The total for a uniform draw u: flubs lowest, the natural 20 highest,
 * so that a higher u is never a worse roll. */
int ssv_roll_at(const struct roll *r, double u);

/*
 * The chances at each band of a pairing, kept (shellshock_value_memo.c):
 * _slot gives the pair (a, b)'s, A first, its own or one made for it
 * (each at[] below 0: not yet asked), or NULL when other is the slot
 * (both ways of a pair landing on one); _clear forgets them all.
 */
#define SSV_SIDE_KEY SS_VALUE_KEY
struct ssv_pair_memo {
	unsigned long long hash;	/* 0: empty */
	int key[2 * SSV_SIDE_KEY + 1], nkey;
	double at[NBANDS];
};
struct ssv_pair_memo *ssv_pair_slot(const struct ss_unit *a,
    const struct ss_unit *b, const struct ssv_pair_memo *other);
void ssv_pair_memo_clear(void);

/*
 * The turns one side needs to stop the other (shellshock_value.c's
 * tts()), by its row set i of nx (its sets that can bear), the other's
 * set of facings k of nf (the distinct ones its sets leave it) and the
 * band: t[(i * nf + k) * NBANDS + band], below 0 not yet made.  Kept
 * across pairings by every number tts() reads (fire_key()): the
 * firer's die, skill, gunners and weapons, the target's dV, armor,
 * dead, bands and its weapons' rows, classes and arcs; never the
 * firer's armor or the target's fire, so one side fires at many cards
 * that differ only in those from one table.  _slot gives x's at y, kept
 * or made, or NULL when other is in its slot; _new one not kept (hash
 * 0), for the caller to free; _clear forgets them all.
 */
#define SSV_FIRE_KEY (5 + 4 * SS_MAX_WEAPONS + 4 + 2 * SS_BANDS + \
	2 * SS_NROWS + SS_NFACINGS + 3 * SS_MAX_WEAPONS)
struct ssv_fire {
	unsigned long long hash;	/* 0: not kept */
	int key[SSV_FIRE_KEY], nkey;
	int nx, nf;
	double t[];
};
struct ssv_fire *ssv_fire_slot(const struct ss_unit *x,
    const struct ss_unit *y, int nx, int nf, const struct ssv_fire *other);
struct ssv_fire *ssv_fire_new(int nx, int nf);
void ssv_fire_memo_clear(void);

#endif
