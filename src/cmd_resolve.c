/*
 * cmd_resolve.c -- muster resolve: one shot with given dice (SPEC 5).
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"

const char usage_resolve[] =
    "usage: muster resolve shellshock ATTACKER DEFENDER --range N --facing F\n"
    "                      --roll R1,R2[,REROLLS...] [--json]\n";

int
cmd_resolve(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		fputs(usage_resolve, stdout);
		return 0;
	}
	return usage_error(usage_resolve, "resolve is not built yet");
}
