/*
 * cmd_odds.c -- muster odds: exact probabilities (SPEC section 5).
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"

const char usage_odds[] =
    "usage: muster odds shellshock ATTACKER DEFENDER --range IN --facing F\n"
    "                   [--spread] [--point-blank] [--json]\n";

int
cmd_odds(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		fputs(usage_odds, stdout);
		return 0;
	}
	return usage_error(usage_odds, "odds is not built yet");
}
