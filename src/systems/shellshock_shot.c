/*
 * systems/shellshock_shot.c -- what odds and resolve share: a shot's
 * options read from the command line, and the units it names loaded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../diag.h"
#include "../options.h"
#include "../system.h"
#include "shellshock_game.h"

const char *
ss_dice_text(int die, char buf[32])
{
	if (die == SS_HUMAN_DIE)
		snprintf(buf, 32, "2d%d", die);
	else
		snprintf(buf, 32, "d%d+d%d", SS_HUMAN_DIE, die);
	return buf;
}

int
ss_arg_inches(const char *s, long *out)
{
	return opt_whole(s, 0, SS_ARG_INCHES_MAX, out);
}

int
ss_arg_facing(const char *s)
{
	int i;

	for (i = 0; i < SS_NFACINGS; i++)
		if (strcmp(s, ss_facing_name[i]) == 0)
			return i;
	if (strcmp(s, "back") == 0)
		return SS_FACE_REAR;
	return -1;
}

/* "M,I" or "MI" to a set of rows; 0 when a letter is not E M B I S. */
unsigned
ss_arg_rows(const char *s)
{
	unsigned rows = 0;
	const char *p;

	for (; *s; s++) {
		if (*s == ',' || *s == ' ')
			continue;
		p = strchr(ss_row_letter, *s);
		if (p == NULL || p - ss_row_letter >= SS_P)
			return 0;
		rows |= 1u << (p - ss_row_letter);
	}
	return rows;
}

int
ss_load_unit(struct batch *b, const char *path, const struct ss_unit **out)
{
	static const char *const kinds[] = { "card", NULL };
	const struct loaded *ld;
	int n, rc;

	ld = system_ref(b, path, NULL, "shellshock.unit", "shellshock", kinds,
	    &n);
	if (ld && n != 1) {
		diag_at(L_FATAL, "shellshock.unit", path, 0, 0, "holds %d "
		    "cards; give odds and resolve a file with one unit", n);
		ld = NULL;
	}
	diag_flush();
	if (ld == NULL)
		return (rc = diag_exit_status(0)) ? rc : 1;
	*out = &((const struct ss_card *)ld->obj)->u;
	return 0;
}

int
ss_shot_ok(const struct ss_shot *s, const char *att_file)
{
	char err[256];

	if (ss_shot_check(s, err, sizeof(err)))
		return 1;
	diag_at(L_FATAL, "shellshock.shot", att_file, 0, 0, "%s", err);
	diag_flush();
	return 0;
}

int
ss_point_blank_far(long range)
{
	diag_init(0, stderr);
	diag_at(L_FATAL, "shellshock.shot", NULL, 0, 0, "--point-blank is for "
	    "a target directly beside the firer: --range must be under %d, "
	    "not %ld", SS_RANGE_STEP, range);
	diag_flush();
	return 2;
}

int
ss_arg_angle(const char *s, int *facing, int *angle)
{
	int i = str_index(ss_angle_name, s);

	if (i >= 0) {
		*angle = i;
		*facing = ssa_angle_facing(i);
		return 1;
	}
	if ((*facing = ss_arg_facing(s)) < 0)
		return 0;
	/* Front and rear are one angle each; left and right two. */
	*angle = *facing == SS_FACE_FRONT ? 0 : *facing == SS_FACE_REAR ? 3 :
	    -1;
	return 1;
}
