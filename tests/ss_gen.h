/*
 * ss_gen.h -- generated legal Shellshock basic cards for the value's
 * proof (tests/test_shellshock_value.c, tools/value-proof.c): every
 * number within the checks of SPEC 3.1 (bands contiguous from 1 or more,
 * dead one past the last, open ground 1, one weapon a row, the era's
 * die), drawn from a seeded stream so that a set is the same everywhere.
 * Single-stat improvements for the monotony test.
 */
#ifndef MUSTER_TESTS_SS_GEN_H
#define MUSTER_TESTS_SS_GEN_H

#include <stdio.h>
#include <string.h>

#include "rules/shellshock_value.h"

static unsigned long long
gen_next(unsigned long long *s)
{
	unsigned long long z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* lo..hi inclusive. */
static int
gen_int(unsigned long long *s, int lo, int hi)
{
	return lo + (int)(gen_next(s) % (unsigned long long)(hi - lo + 1));
}

/* A legal card, its name written into name (16 bytes). */
static void
gen_unit(struct ss_unit *u, unsigned long long *s, char *name, int i)
{
	static const char man[] = "yn?";
	static const int row_offset[SS_NROWS] = { 0, 3, 3, 6, 12, 0 };
	int r, t, nw, rows[SS_MAX_WEAPONS] = { 0, 1, 2, 3, 4 }, k, tmp, b;

	memset(u, 0, sizeof(*u));
	snprintf(name, 16, "gen%03d", i);
	u->name = name;
	u->era = SS_FUTURE;
	u->die = 10;
	u->skill = gen_int(s, 0, 5);
	u->gunners = gen_int(s, 1, 3);
	u->max_speed = gen_int(s, 3, 16);
	u->road_speed = u->max_speed + gen_int(s, 0, 8);
	for (k = 0; k < SS_MANEUVER_LEN; k++)
		u->maneuver[k] = man[gen_int(s, 0, 2)];
	u->terrain[SS_OPEN] = SS_OPEN_COST;
	for (t = 1; t < SS_NTERRAIN; t++)
		u->terrain[t] = gen_int(s, 1, 6);
	/* As on the shipped cards: E lowest, M and B a few more, I more,
	 * S far more; the sides a little under the front and back. */
	b = gen_int(s, 6, 16);
	for (r = 0; r < SS_NROWS; r++) {
		u->dv[r][0] = b + row_offset[r] + gen_int(s, -3, 3);
		u->dv[r][1] = u->dv[r][0] - gen_int(s, 0, 2);
		if (u->dv[r][1] < SS_DV_MIN)
			u->dv[r][1] = SS_DV_MIN;
	}
	nw = gen_int(s, 1, 4);
	for (k = 0; k < SS_MAX_WEAPONS; k++) {
		t = gen_int(s, k, SS_MAX_WEAPONS - 1);
		tmp = rows[k];
		rows[k] = rows[t];
		rows[t] = tmp;
	}
	for (k = 0; k < nw; k++) {
		struct ss_weapon *w = &u->weapon[u->nweapons++];

		w->row = rows[k];
		w->damage = w->row == SS_S ? gen_int(s, 2, 6) :
		    gen_int(s, 4, 26);
		w->cls = gen_int(s, 0, 1) ? 'p' : 's';
		w->arc = gen_int(s, 0, SS_NARCS - 1);
		w->spread = gen_int(s, 0, 3) == 0;
	}
	u->ram = 1;
	/* The front thickest, the rear thinnest. */
	u->armor[SS_FACE_FRONT] = gen_int(s, 8, 36);
	u->armor[SS_FACE_RIGHT] = u->armor[SS_FACE_FRONT] *
	    gen_int(s, 40, 90) / 100;
	u->armor[SS_FACE_LEFT] = u->armor[SS_FACE_RIGHT];
	u->armor[SS_FACE_REAR] = u->armor[SS_FACE_FRONT] *
	    gen_int(s, 20, 60) / 100;
	b = gen_int(s, 2, 6);
	for (k = 0; k < SS_BANDS; k++) {
		u->band[k][0] = b;
		b += gen_int(s, 2, 6);
		u->band[k][1] = b - 1;
	}
	u->nbands = SS_BANDS;
	u->dead = b;
	u->combat_value = -1;
}

/* One number of u made strictly better, the kind chosen by k: the first
 * weapon's damage, a dV, armor, skill, a gunner, speed, a wider arc, a
 * weapon added, the last band moved up (more internal to kill).  0
 * when that kind cannot be bettered on u. */
static int
gen_improve(struct ss_unit *u, int k, unsigned long long *s)
{
	int r = gen_int(s, 0, SS_NROWS - 2), c = gen_int(s, 0, 1), i;
	static const int wider[SS_NARCS] = {
		SS_ARC_PIVOT1, -1, -1, -1, SS_ARC_PIVOT2, SS_ARC_PIVOT3, -1
	};

	switch (k % 9) {
	case 0: u->weapon[gen_int(s, 0, u->nweapons - 1)].damage++; return 1;
	case 1:
		if (c == 1 && u->dv[r][1] >= u->dv[r][0])
			c = 0;
		u->dv[r][c]++;
		return 1;
	case 2: u->armor[gen_int(s, 0, SS_NFACINGS - 1)]++; return 1;
	case 3: u->skill++; return 1;
	case 4: u->gunners++; return 1;
	case 5: u->max_speed += 2; return 1;
	case 6:
		i = gen_int(s, 0, u->nweapons - 1);
		if (wider[u->weapon[i].arc] < 0)
			return 0;
		u->weapon[i].arc = wider[u->weapon[i].arc];
		return 1;
	case 7:
		if (u->nweapons == SS_MAX_WEAPONS)
			return 0;
		for (r = 0; r < SS_P && ss_weapon_on(u, r); r++)
			;
		u->weapon[u->nweapons].row = r;
		u->weapon[u->nweapons].damage = gen_int(s, 3, 20);
		u->weapon[u->nweapons].cls = 's';
		u->weapon[u->nweapons].arc = SS_ARC_PIVOT3;
		u->weapon[u->nweapons++].spread = 0;
		return 1;
	default:
		u->band[SS_BANDS - 1][1]++;
		u->dead++;
		return 1;
	}
}

#endif
