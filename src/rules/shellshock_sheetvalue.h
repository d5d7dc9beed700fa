/*
 * rules/shellshock_sheetvalue.h -- what an advanced record sheet is worth
 * (SPEC 5.1, issue 27 item 5): its Estimated Combat Value as the chance
 * of winning a fight under the advanced combat rules
 * (003_1dddfc23c27b38e7.txt, "Determining the To-Hit number" to "Nice
 * Shot!"), on the same idea as the basic card's value
 * (shellshock_value.h): an exact score of each pairing, a Bradley-Terry
 * rating fitted to the scores against reference sheets, anchored once.
 *
 * The score of sheet A against sheet B, for each range band (-1 per full
 * SSA_RANGE_STEP in; point blank the first):
 *
 *  - Every crewman is a gunner: one roll a turn for the weapons of the
 *    fire systems it controls and operates (not physical attacks), those
 *    that reach the band.  It fires them all, or spreads the ones that
 *    can by 1 to SSV_MAX_SPREAD d6; the score takes whichever of those
 *    ways, over every gunner at once, stops the other soonest.
 *  - One gunner's shot is followed exactly as the engine does
 *    (shellshock_advcombat.h): the hit roll's sums and doublings, each
 *    class of weapons hit, their damage, shock and penetration d6s
 *    against the armor, the shock threshold and the angle's penetration,
 *    the internal % box and the chart.  From it, three figures: E the
 *    damage rolled (it strips the armor), c the chance the shot destroys
 *    (the dead box, fuel or ammunition on the chart exploding in the
 *    roll-off, a second natural 20), L the chart lines it crosses off
 *    (a kill's, the last box's: the kill is c's).  Each twice: against the armor
 *    whole (state 0) and with the facing's armor gone (state 1).
 *  - A turn of A's gunners together: E and L add up, c = 1 - prod(1 - c).
 *    The turns A needs to stop B: the armor lasts T = armor / E turns at
 *    hazard c0, then hazard c1, until the whole chart is crossed off
 *    (L0 a turn, then L1):
 *	t = g(c0, N0) + (1 - c0)^N0 g(c1, N1),  g(c, N) = (1 - (1 - c)^N) / h
 *    h = -ln(1 - c) (time running on: g grows with N by exactly the
 *    (1 - c)^N left, which keeps t monotone), N0 = T, or SS_CHART_HI /
 *    L0 when the chart goes first (then N1 = 0); N1 = (SS_CHART_HI -
 *    T L0) / L1; past the chart never, 1 / h.  The same phases give
 *    the chance B still stands after n turns (ssv_survival()): (1 -
 *    c0)^n while the armor lasts, then (1 - c1) a turn, 0 once the chart
 *    is crossed off.
 *  - Turning (below, as the judges play it): each side shows one angle
 *    of its six all fight, its front alone when it cannot turn a facing
 *    at its speed (ssv_facings()); one that shows another than its
 *    front fires without its Body's weapons (fixed, they look ahead).
 *    For each pair of angles, after each n turns, the least chance over
 *    A's ways of firing that B still stands at its angle, and B's of A.
 *    A's chance at the band for a pair of angles is the race of those
 *    turn by turn, both firing at once as the duel's sides do: A wins
 *    the turn it stops B in if B has not stopped it by the turn before,
 *    half when both fall in the same turn, half when both stand after
 *    SSV_HORIZON turns (the duel's draw); A takes the angle whose worst
 *    race over B's angles is best (its maximin), and B's own score
 *    likewise.  A race of mean turns alone, 1 / (1 + tA / tB), reads a
 *    fight's nearly sure armor phase as a constant chance a turn.  From
 *    each starting range, as the card's score, the mean of A's best band
 *    within its reach in SSV_REACH turns and B's.
 *
 * Every choice is a maximum or minimum over a set a better number only
 * widens (a faster turn, a weapon off the Body), of terms a better
 * number only improves (c and L never fall as internal damage rises;
 * with the armor gone they are no less), so no better number lowers the
 * value.
 *
 * Knows nothing of YAML or PDF: a sheet is the engine's numbers
 * (struct ssa_unit) and its gunners, filled by
 * systems/shellshock_sheetvalue.c.
 */
#ifndef MUSTER_RULES_SHELLSHOCK_SHEETVALUE_H
#define MUSTER_RULES_SHELLSHOCK_SHEETVALUE_H

#include "shellshock_advcombat.h"

/* muster's, not the rules': the starting ranges (one in each of the
 * first four bands of -1 per full 12 in), the field's length, the turns
 * whose moving counts, the turns the race runs (the duel's 50, then a
 * draw), turns to stop a unit that cannot be, the most spread fire d6s
 * tried. */
#define SSV_NSTARTS 4
extern const int ssv_starts[SSV_NSTARTS];
#define SSV_FIELD 60
#define SSV_NBANDS (2 + SSV_FIELD / SSA_RANGE_STEP)
#define SSV_REACH 3
#define SSV_HORIZON 50
#define SSV_NEVER 1e9
#define SSV_MAX_SPREAD 6
/* The ground between them, as the card's duel (ss_duel_field): half
 * open; a sheet's speed is its top speed off the road over
 * SSV_OPEN_SHARE of its open cost plus the rest of the mean of its
 * other terrains' costs. */
#define SSV_OPEN_SHARE 0.5
/* The anchor of the sheets' scale, its one place: the Grizzly MBT, the
 * shipped modern tank, at its sheet's ECV with its crew's (148 + 9 + 9
 * + 6 + 2, units/shellshock/grizzly.yaml): a sheet's value is the unit
 * with its crew, as a force fields it. */
#define SSV_ANCHOR_NAME "Grizzly MBT"
#define SSV_ANCHOR_INT 174
#define SSV_ANCHOR ((double)SSV_ANCHOR_INT)
#define SSV_MAX_REFS 64
/* check weighs a sheet's ECV only against SSV_CHECK_MIN_REFS reference
 * sheets or more: fewer fit no residual of their own (two give one
 * pairing, which fixes their ratio exactly), so the band would stand on
 * the scale of one matchup.  The shipped set is two sheets: `value`
 * shows a declared ECV outside the band; check says nothing until the
 * set (MUSTER_UNITS's shellshock/ folder) holds three. */
#define SSV_CHECK_MIN_REFS 3
/* The measured error of the method, in log(value), from the proof
 * (tests/test_shellshock_sheetvalue.c, SSV_PROOF_PAIRS=400, its judge
 * moving to range, its gunners spreading fire when that lands more,
 * losing what the chart takes; make sheet-judge): the rms of log-odds
 * between a pair's duel and its predicted chance, 0.821 and 0.870 on
 * seeds 1 and 2, shared by the pair's two values: 0.821 / sqrt 2.  The
 * band is the value times and over exp of it (with the fit's residual);
 * check warns past it.  With the judges turning and the score's angles
 * played as they turn: 0.840 and 0.838, within those two seeds' spread,
 * so the figure stands. */
#define SSV_METHOD_ERROR (0.821 / 1.41421356)
#define SSV_MAX_GUNNERS 8

/*
 * Turning (003, "Turn Number & Slip Indicator", "Free Facing", "Reaction
 * Phase", "Firing Arc"), as the judges play it and the score reads it:
 *  - a facing is a hex side, 60 degrees ("For miniatures play, consider a
 *    turn to be a 60 degree change of facing"): SS_NANGLES of them, and a
 *    unit's bearing (the enemy's direction from its front, clockwise) is
 *    the angle its enemy's fire comes in at;
 *  - at speed v a unit may turn v / T(v) facings a turn, T its Turn
 *    Number at v (it must "move forward the number of hexes indicated
 *    by the Turn Number before it can change facing", and turning costs
 *    no movement point), plus its free hex facings at the end of its
 *    move;
 *  - turrets and arms turn with the hull and "may be pivoted up to one
 *    hex facing in either direction" after the movement: SSV_PIVOT;
 *  - a fire system fires into its front's V ("form a V based on the hex
 *    directly in front"): the Body's weapons, fixed, only at bearing 0.
 */
#define SSV_PIVOT 1
#define SSV_MAX_SPEED 40
/* muster's geometry on the line between the two (the miniatures'
 * reading, SPEC 5.1's one range): a move of n inches at bearing a
 * closes the range by n cos(60 a), in halves of n: 2, 1, -1, -2, -1, 1. */
extern const int ssv_close_half[SS_NANGLES];

struct ssv_gunner {
	int skill;
	unsigned fire;		/* bit i: u.weapon[i] */
};

struct ssv_sheet {
	struct ssa_unit u;
	struct ssv_gunner g[SSV_MAX_GUNNERS];
	int ngunners;
	int speed;		/* inches a turn over the field */
	unsigned body;		/* bit i: u.weapon[i] is the Body's, fixed */
	/* The Turn Number at each speed (0: no row), the free hex facings,
	 * the reverse multiplier (0: cannot). */
	unsigned char turn[SSV_MAX_SPEED + 1];
	int free_facing, reverse;
};

/* The facings s may turn in a turn at speed v (above). */
int ssv_facings(const struct ssv_sheet *s, int v);
/* The inches the range changes a turn at bearing a and speed v, towards
 * the enemy (close) or away: forward or in reverse, whichever goes that
 * way (n cos(60 a) rounded down; reverse: v over the multiplier). */
int ssv_step(const struct ssv_sheet *s, int a, int v, int close);

/* Whether a sheet has what the score reads: a targeting die, a dead box,
 * a gunner with a weapon. */
int ssv_complete(const struct ssv_sheet *s);

/* ---- the terms, for the tests ---- */

/* One gunner's shot, or one turn's: damage rolled, destroyed, chart
 * lines crossed off, [0] against the armor whole, [1] with it gone. */
struct ssv_turn {
	double e, c[2], l[2];
};
/* Gunner g of a firing at d's angle from range inches (0: point blank),
 * spreading spread d6 (0: all its weapons that reach, unspread; else
 * those that can spread).  0 when that way fires nothing. */
int ssv_shot(const struct ssv_sheet *a, int g, const struct ssa_unit *d,
    int angle, int range, int spread, struct ssv_turn *out);
/* The turns to stop a unit of that armor at a turn of t (above). */
double ssv_turns(double armor, const struct ssv_turn *t);
/* The chance it still stands after n turns of t: e^(-h0 n) while the
 * armor lasts, then e^(-h0 N0 - h1 (n - N0)), 0 once the chart is
 * crossed off (the phases of ssv_turns()). */
double ssv_survival(double armor, const struct ssv_turn *t, double n);

/* ---- the score and the rating ---- */

/* The score's share of A against B, exact; B's against A is one less.
 * Keeps no memory (its tables of dice are computed once a run and
 * live to its end). */
double ssv_share(const struct ssv_sheet *a, const struct ssv_sheet *b);

struct ssv_refset {
	const struct ssv_sheet *u[SSV_MAX_REFS];
	int n;
	double rating[SSV_MAX_REFS];	/* on the anchored scale */
	double fit_rms;			/* round robin residual, log-odds */
	int anchor;			/* -1: the geometric mean anchors */
	double prior;			/* the scale's factor */
};
/* Scores the round robin of r->u[0..n-1] (the caller's, kept) and fits
 * their ratings. */
void ssv_refset_fit(struct ssv_refset *r);

/* s's value against a fitted set: its score against each, the rating
 * whose chances add up to them, its band.  Values, no memory held. */
struct ssv_rating {
	double value, lo, hi;		/* hi / value = value / lo = exp of
					 * the fit's and the method's error */
	double se_fit;			/* the fit's, in log(value) */
	int n;
	double model[SSV_MAX_REFS];	/* the score's share */
	double predicted[SSV_MAX_REFS];	/* v / (v + r_j) */
	int moves_most;
};
void ssv_rate(const struct ssv_sheet *s, const struct ssv_refset *r,
    struct ssv_rating *out);

#endif
