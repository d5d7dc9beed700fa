/*
 * cmd_odds.c -- muster odds: exact probabilities (SPEC section 5).
 */
#include <stdio.h>

#include "cmd.h"

const char usage_odds[] =
    "usage: muster odds shellshock ATTACKER DEFENDER --range IN --facing F\n"
    "                   [--spread] [--point-blank] [--json]\n";

int
cmd_odds(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return usage_error(usage_odds, "odds is not built yet");
}
