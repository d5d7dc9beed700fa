/*
 * rules/shellshock_value.h -- what a Shellshock basic unit is worth (SPEC
 * 5.1): the chance of winning a fight.  A duel under the basic rules
 * (000_aa283e32b68e0840.txt), simulated with seeded dice, and a
 * Bradley-Terry rating fitted to duels against a reference set.
 *
 * The duel, one unit against one, both starting face to face at a range:
 *
 *  - Each turn both roll a d10 for initiative (ties again); the loser
 *    moves first, the winner knowing where it went.  A mobile unit stands
 *    (and faces any way) or moves its full or half speed, turning 60
 *    degrees at the points its maneuver allows (y: there; ?: at one of
 *    the ?s; n: not); half its move is before the middle turn point,
 *    half after.  The range changes by the move along the line between
 *    them (cos 60 = 1/2 for a move at an angle), 0 (base to base, point
 *    blank) to SS_DUEL_FIELD in.  Speed is inches a turn over the field:
 *    max speed over the mean terrain cost of ss_duel_field[].
 *  - Each side picks the move that runs the race of the fight best this
 *    turn (ss_duel_race()): the turns the enemy needs to stop it (what
 *    is left of it through the facing it shows, over the damage the
 *    enemy's weapons that bear expect a turn) over the turns it needs
 *    to stop the enemy, then the distance to its best range (the range
 *    band where that race is best face to face).  A move from which its
 *    weapons cannot hurt the enemy comes after every move from which
 *    they can.  So it turns to bring its weapons to bear, and shows the
 *    facing that needs; a unit that cannot move cannot turn.
 *  - Fire: the weapons that bear (arcs, pivots), not lost, split among
 *    the gunners: sorted by the roll they need, cut into as many groups
 *    as there are gunners (fewer when fewer weapons), the easiest
 *    together, each gunner one roll for its group, with spread fire when
 *    every weapon of the group can and it does more damage expected.
 *    Each group's hits are one damage on the target (the coin, armor,
 *    internal bands, a d6 on the chart per group), as in the worked
 *    example.  Both fire at once; the chart's results count from the next
 *    turn (s, p: those weapons; A: no fire; m, F: no move; A, F: the
 *    roll-off; C and dead: destroyed at once).
 *  - A duel ends when one or both are destroyed, when neither can fire,
 *    or after SS_DUEL_TURNS turns.  A's share: its wins plus half of the
 *    rest.
 *  - The dice: every gunner's roll in every turn of every run comes from
 *    its own counter-based stream (seed, start, run, turn, side, gunner),
 *    and a hit roll is the exact roll distribution's quantile of one
 *    uniform draw, so two units differing in one number meet the same
 *    dice (common random numbers) and a better number rolls no worse.
 *
 * The value is not fitted to those duels' noisy shares but to a score
 * of each pairing, exact and monotone by construction
 * (ss_value_share()): for each side, the turns it needs to stop the
 * other: an armor phase, each facing's armor / E, E the most damage it
 * expects a turn over the ways its gunners can share the weapons it
 * keeps bearing, summed over the facings the other can show while its
 * own weapons bear, each less SS_VALUE_TURN_LOSS turns but the longest
 * (the other turns its freshest armor to the fire), then the internal
 * phase (1 - (1 - c)^(dead / E)) / c (ss_value_inner()), c the chance a turn's hits stop
 * the other on the chart once the armor is gone (C, A, an explosion's
 * roll-off, the last weapons lost), the least over the gunners' ways;
 * A's chance at a band 1 / (1 + (tA / tB)^k), A choosing the weapons
 * it keeps bearing against B's best answer; from each starting range,
 * the mean of A's best band within its reach and B's.  Every
 * choice is a maximum or minimum over a set a better number only widens
 * (another gunner, a wider arc, more speed) of terms a better number
 * only improves, so no better number lowers the value.  The duels are
 * shown beside it, and the proof measures the score's value against
 * them.
 *
 * Knows nothing of YAML or PDF.
 */
#ifndef MUSTER_RULES_SHELLSHOCK_VALUE_H
#define MUSTER_RULES_SHELLSHOCK_VALUE_H

#include "shellshock.h"

/* muster's, not the rules': the starting ranges a pairing is averaged
 * over (one in each range band of the rules' -1 per full 10 in), the
 * field's length, the turns after which a duel is a draw. */
#define SS_DUEL_NSTARTS 4
extern const int ss_duel_starts[SS_DUEL_NSTARTS];
#define SS_DUEL_FIELD 60
#define SS_DUEL_TURNS 50
/* The ground between them: the share of each terrain of the card's
 * terrain row, in its order (open, rough, trees, incline1, incline2,
 * shallow water); a unit's speed is its max speed over their mean cost. */
extern const double ss_duel_field[SS_NTERRAIN];
/* Duels per starting range: for `value` (a unit's value under 1 s),
 * and the least --duel takes. */
#define SS_VALUE_RUNS 600
#define SS_DUEL_RUNS 10000
/* The anchor of the scale, the one place it is set: the Mason, the
 * rules' own example unit, at its printed combat value. */
#define SS_VALUE_ANCHOR_NAME "Mason"
#define SS_VALUE_ANCHOR_FILE "mason.yaml"	/* among the shipped units */
#define SS_VALUE_ANCHOR_INT 120
#define SS_VALUE_ANCHOR ((double)SS_VALUE_ANCHOR_INT)
#define SS_VALUE_MAX_REFS 64
/* The score's: turns to stop a unit that cannot be stopped; the
 * sharpness k of 1 / (1 + (tA / tB)^k), fitted to the duels
 * (tools/value-proof.c); the turns of moving a side's reach of bands
 * counts.  Fitted again under the robust fit (SS_VALUE_CLIP): 1.9 and 4
 * where the likelihood's were 2 and 3 (seed 1 / 2, mean |error| 0.0662
 * -> 0.0651 / 0.0761 -> 0.0754 on the proof's pairs, 0.0792 -> 0.0778 /
 * 0.0774 -> 0.0764 on the round robin of all 200). */
#define SS_VALUE_NEVER 1e9
#define SS_VALUE_SHARPNESS 1.9
#define SS_VALUE_REACH 4
/* The armor phase: a side turns each turn to show the facing with the
 * most armor left (as the duel's sides do), so each facing it can show
 * while its weapons bear is worn down, but for what one turn's fire
 * carries through into the internals: SS_VALUE_TURN_LOSS turns of each
 * facing's armor count for nothing but on the facing that lasts longest
 * (ss_value_strip()).  muster's, fitted to the duels
 * (tools/value-proof.c). */
#define SS_VALUE_TURN_LOSS 1.0
/* A unit whose expected turn of fire is past the other's dead (n =
 * dead / E under 1) still needs its hits to land: the internal phase
 * counts n^SS_VALUE_QUICK turns, between n and one (ss_value_inner()).
 * muster's, fitted to the duels (tools/value-proof.c). */
#define SS_VALUE_QUICK 0.5
/* The measured error of the method, from the proof (tools/value-proof.c,
 * the man page): the rms of log-odds between a pair's duel and its
 * predicted chance vA / (vA + vB) (each clipped to 0.01..0.99), 0.67
 * and 0.75 on the two generated sets; the two values of a pair share
 * it, so one value's error in log(value) is 0.75 / sqrt 2.  check warns
 * past the band widened by it. */
#define SS_VALUE_METHOD_ERROR (0.75 / 1.41421356)
/* The fit of a card's value to its shares against the reference set
 * (ss_bt_robust(), ss_rate()): a Bradley-Terry rating fitted robustly,
 * each reference's residual in share, won less predicted, counting at
 * most SS_VALUE_CLIP, and each reference weighing 1 / (s^2 + e^2), e
 * the rms of its own residuals, in log-odds, in the set's round robin
 * (ss_refset_fit()), s SS_VALUE_REF_SPREAD: a reference whose matchups
 * a single number fits badly says less of anyone's.  The proof's
 * figure is a mean |error| in share, and one matchup far off its
 * prediction pulls a maximum-likelihood fit the furthest.  muster's,
 * fitted to the duels (tools/value-proof.c: 0.10 and 0.30 lower the
 * mean error on both generated sets and on their round robins). */
#define SS_VALUE_CLIP 0.10
#define SS_VALUE_REF_SPREAD 0.30
/* A force side's declared ECV is weighed against the sum of its units
 * within SS_VALUE_WARN_PERCENT.  check plays no duel: the value is the
 * score's, exact, and kept by a unit's numbers. */
#define SS_VALUE_WARN_PERCENT 25

/* The six directions round a hex, clockwise from dead ahead, and the
 * facing a unit shows an enemy in each. */
#define SS_NDIRS 6
int ss_facing_toward(int dir);
/* The rows (bit per row) whose weapons bear on a target in direction
 * dir, of those in working. */
unsigned ss_rows_bearing(const struct ss_unit *u, int dir, unsigned working);
/* The rows of a unit's weapons of class 'p' or 's' (cls 0: all). */
unsigned ss_rows_of(const struct ss_unit *u, char cls);
/* Inches a turn over the field (0 for a unit that cannot move). */
int ss_duel_speed(const struct ss_unit *u);
/*
 * Every number the exact score reads of a unit but its speed (which only
 * picks the bands it reaches), in a row into k: at most SS_VALUE_KEY;
 * their count.  Never a name.  Two units with the same key score alike
 * against anyone at the same bands; what keeps a score keys by it.
 */
#define SS_VALUE_KEY (6 + 2 * SS_BANDS + 2 * SS_NROWS + SS_NFACINGS + \
	5 * SS_MAX_WEAPONS)
int ss_value_key(const struct ss_unit *u, int *k);

/* One pairing: A against B from each starting range, runs duels each. */
struct ss_duel {
	long runs;			/* per starting range */
	unsigned long long seed;
	double p_a, p_b;		/* A wins (B destroyed, A not), B wins */
	double p_both;			/* both destroyed in the same turn */
	double p_neither;		/* neither, after SS_DUEL_TURNS or
					 * when neither can fire */
	double share, se;		/* A's share and its standard error */
	double start_share[SS_DUEL_NSTARTS];
	double turns;			/* mean turns a duel lasts */
	/* The facing each shows the other, a share of the turns. */
	double shown_a[SS_NFACINGS], shown_b[SS_NFACINGS];
};
/* Simulates the pairing (both units whole: ss_unit_complete()). */
void ss_duel(const struct ss_unit *a, const struct ss_unit *b, long runs,
    unsigned long long seed, struct ss_duel *out);
/* A duel side's weighing of a place (see above): out the damage it
 * expects a turn on the enemy, ty what is left of the enemy through the
 * facing it hits, in and tx the same of the enemy on it:
 * log((tx / in) / (ty / out)); a place where out is 0 scores below
 * -SS_DUEL_RACE_APART, one where in is 0 (and out not) above
 * SS_DUEL_RACE_APART. */
#define SS_DUEL_RACE_APART 1e6
double ss_duel_race(double out, double in, double ty, double tx);
/* Whether a unit has every number a duel reads. */
int ss_unit_complete(const struct ss_unit *u);

/* The reference set and its ratings. */
struct ss_refset {
	const struct ss_unit *u[SS_VALUE_MAX_REFS];
	int n;
	double rating[SS_VALUE_MAX_REFS];	/* on the anchored scale */
	double fit_rms;		/* rms of the round robin's residuals,
				 * log-odds */
	/* Each reference's weight in a card's fit (SS_VALUE_REF_SPREAD),
	 * their mean 1. */
	double weight[SS_VALUE_MAX_REFS];
	int anchor;		/* index of the anchor, -1: the set's
				 * geometric mean is put at the anchor */
	int outside;		/* anchored by a unit outside the set
				 * (ss_refset_anchor()) */
	double prior;		/* the anchored scale's factor: the fit's
				 * ratings times it */
	long runs;
	unsigned long long seed;
};
/* Plays the round robin of r->u[0..n-1] and fits their ratings. */
void ss_refset_fit(struct ss_refset *r, long runs, unsigned long long seed);
/* A set without the anchor unit anchored through it all the same: the
 * anchor, rated against the set, is put at SS_VALUE_ANCHOR and every
 * rating scaled alike (r->anchor stays -1, r->outside 1). */
void ss_refset_anchor(struct ss_refset *r, const struct ss_unit *anchor);

/* A unit's value against a fitted reference set. */
struct ss_rating {
	double value;
	double lo, hi;		/* its band: one standard error */
	double se_sim, se_fit;	/* the band's two parts, in log(value):
				 * the score against the duels (0 when none
				 * was played), the fit's residual */
	int n;
	long runs;		/* duels a start played for vs[], or 0 */
	double model[SS_VALUE_MAX_REFS];	/* the score's share */
	struct ss_duel vs[SS_VALUE_MAX_REFS];	/* its duels with each */
	double predicted[SS_VALUE_MAX_REFS];	/* v / (v + r_j) */
	int moves_most;		/* the matchup furthest from predicted */
};
void ss_rate(const struct ss_unit *u, const struct ss_refset *r, long runs,
    struct ss_rating *out);
/* The value's score of a pairing: A's share, exact and monotone (see
 * above). */
double ss_value_share(const struct ss_unit *a, const struct ss_unit *b);
/* Forgets what the score keeps between pairings (for the tests: a memo
 * answers as the score made afresh would). */
void ss_value_memo_clear(void);
/* For the tests: on, the score is made the plain way, as its memos and
 * shortcuts must answer (every choice of weapons against every answer,
 * each facing and each point of damage worked out alone, nothing kept
 * between pairings); off (the default), the quick way. */
void ss_value_plain(int on);
/* The most bands ss_reach_share() takes. */
#define SS_REACH_MAX_BANDS 64
/* A pairing's share from its shares band by band, cards' and sheets'
 * alike: from each starting band start[0..nstarts), A's best share within
 * ra bands of it and its worst within rb (B's best within B's reach),
 * weighed alike, then the mean over the starts.  share(ctx, band) is
 * asked at most once a band, and only of bands either side can reach;
 * nbands at most SS_REACH_MAX_BANDS. */
double ss_reach_share(const int *start, int nstarts, int nbands, int ra,
    int rb, double (*share)(void *ctx, int band), void *ctx);
/* The chance that one hit of internal damage in stops d: destroyed (dead,
 * C, an explosion's roll-off lost), no fire (A), or its last weapons
 * lost (s, p). */
double ss_chart_stop(const struct ss_unit *d, int in);
/* The internal phase's turns: n = dead / E, c the chance a turn's hits
 * stop the other on the chart (see SS_VALUE_QUICK). */
double ss_value_inner(double n, double c);
/* The armor phase's turns from the turns each facing shown would take
 * alone (ft[f], 0 for one not shown): see SS_VALUE_TURN_LOSS. */
double ss_value_strip(const double *ft);
/* The value whose Bradley-Terry chances against ratings[0..n-1] add up
 * to the shares won: the maximum-likelihood rating of one new player. */
double ss_bt_value(const double *ratings, const double *shares, int n);
/* A card's value (ss_rate()): the rating v at which the weighted
 * residuals of the shares, each within +-SS_VALUE_CLIP,
 *	sum of weights[j] * clip(shares[j] - v / (v + ratings[j]))
 * and the prior's (ss_bt_value()'s) come to nothing.  Each term falls
 * as v grows and rises with shares[j], so a better share never lowers
 * it. */
double ss_bt_robust(const double *ratings, const double *weights,
    const double *shares, int n);
/* Each of n references' weight in that fit, 1 / (s^2 + e^2), their mean
 * 1: w[i * n + j] the share i won of j, v the ratings fitted to w, e^2
 * the mean square of i's residuals logit(w) - log(v[i] / v[j]) (the
 * chance kept within 0.01..0.99), s SS_VALUE_REF_SPREAD. */
void ss_ref_weights(const double *w, const double *v, int n,
    double *weight);

#endif
