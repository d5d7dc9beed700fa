/*
 * budget.c -- runs a command and writes what it used to a file:
 * "SECONDS PEAK-KB WALL MICROSECONDS", the child's processor time (user
 * and system), its peak resident set, the wall-clock time, and the
 * processor time again in whole microseconds (for a shell's $((...))).  Processor time is
 * the budget: it is the work the input cost, where the wall clock on a
 * machine shared by other jobs measured them too (a case of 0.27 s of
 * processor time took 1.2 s at a load of 11 on 2 cores).
 * Exits with the command's status (128 + N for signal N); a command still
 * running after LIMIT seconds is killed (SIGKILL), so that a hang is a
 * failure and not a stuck test.  Used by tests/bad.sh to hold each
 * hostile case to its budget (SPEC section 8).
 *
 * usage: budget OUT LIMIT COMMAND [ARG...]
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pid_t child;

static void
on_alarm(int sig)
{
	(void)sig;
	if (child > 0)
		kill(child, SIGKILL);
}

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	struct sigaction sa;
	int status;
	FILE *out;
	double secs, cpu;
	long long us;

	if (argc < 4) {
		fputs("usage: budget OUT LIMIT COMMAND [ARG...]\n", stderr);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((child = fork()) < 0) {
		perror("budget: fork");
		return 2;
	}
	if (child == 0) {
		execvp(argv[3], argv + 3);
		perror(argv[3]);
		_exit(127);
	}
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;
	sigaction(SIGALRM, &sa, NULL);
	alarm((unsigned)atoi(argv[2]));
	while (wait4(child, &status, 0, &ru) < 0)
		if (errno != EINTR) {
			perror("budget: wait4");
			return 2;
		}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	us = (long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 +
	    ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
	cpu = (double)us / 1e6;
	if ((out = fopen(argv[1], "w")) == NULL) {
		perror(argv[1]);
		return 2;
	}
	fprintf(out, "%.3f %ld %.3f %lld\n", cpu, ru.ru_maxrss, secs, us);
	fclose(out);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
