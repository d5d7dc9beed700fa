/*
 * rules/shellshock_advcombat_impl.h -- what the advanced combat's files
 * share (shellshock_advcombat.c: units, the shot, the hit roll and its
 * resolution; shellshock_advodds.c: the exact odds).
 */
#ifndef MUSTER_SHELLSHOCK_ADVCOMBAT_IMPL_H
#define MUSTER_SHELLSHOCK_ADVCOMBAT_IMPL_H

#include "shellshock_advcombat.h"

static inline struct ratio
zero(void)
{
	return ratio_of(0, 1);
}

/* n exact zeros; the caller frees them. */
struct ratio *ssa_ratios(int n);
/* The dice (or, for fixed weapons, minus the points) the weapons of the
 * set hits roll: n[0] damage, n[1] shock, n[2] penetration. */
void ssa_hit_dice(const struct ssa_shot *s, unsigned hits, int n[3]);

#endif
