/*
 * timeit.c: run a command N times and print the median wall time in
 * microseconds.  Used by the benchmarks in tests/bench; it measures, it
 * never passes or fails.  The command's stdout goes to a scratch file, not
 * to /dev/null: GNU grep notices /dev/null and stops at the first match,
 * which would make it look a hundred times faster than it is.
 *
 * With -c it prints a second figure: the median CPU time (user and system)
 * the command itself spent, from wait4().  On a machine others share, the
 * wall time also counts the time the command waited for a core; the CPU
 * time does not, so it wanders far less from run to run.
 *
 * With -f it prints a third: the page faults of the last run (minor and
 * major, from the same wait4()).  They are the same on every run, and on a
 * virtual machine each one costs about as much as a few thousand
 * instructions, so they tell where a start's time goes.
 *
 * With -p BASE it runs the do-nothing program BASE and the command in
 * turn, N times each, and prints the median of the N ratios of the
 * command's wall time to BASE's run just before or after it, and the same
 * for CPU time.  On a virtual machine whose host is busy the times drift
 * over seconds; two runs a few milliseconds apart drift together, so the
 * ratio of a pair holds still where two medians taken apart do not.
 *
 * With -i FILE first, every run (the base's too) reads FILE as its
 * standard input, from its start: a batch over the same lines each time.
 *
 * usage: timeit [-i FILE] [-c | -f] N command [arg ...]
 *        timeit [-i FILE] -p BASE N command [arg ...]
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
compare(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int scratch = -1;

static double
median(double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, compare);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

static long faults;	/* of the last run */
static const char *input;	/* -i: each run's standard input */

/* The wall time of one run; its CPU time in *cpu. */
static double
run_once(char **argv, double *cpu)
{
	struct rusage ru;
	double start;
	pid_t pid;
	int status;

	if (ftruncate(scratch, 0) < 0 || lseek(scratch, 0, SEEK_SET) < 0) {
		perror("timeit: scratch file");
		exit(1);
	}
	start = now_us();
	pid = fork();

	if (pid < 0) {
		perror("fork");
		exit(1);
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		int in = input ? open(input, O_RDONLY) : 0;

		if (in < 0) {
			perror(input);
			_exit(127);
		}
		dup2(in, 0);
		dup2(scratch, 1);
		dup2(null, 2);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("timeit: wait4");
		exit(1);
	}
	/* 1 is umpire's "no" (no path, a unit out of supply): an answer,
	 * timed like any other; 2 and up are errors */
	if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) {
		fprintf(stderr, "timeit: %s failed\n", argv[0]);
		exit(1);
	}
	faults = ru.ru_minflt + ru.ru_majflt;
	*cpu = ru.ru_utime.tv_sec * 1e6 + ru.ru_utime.tv_usec +
	    ru.ru_stime.tv_sec * 1e6 + ru.ru_stime.tv_usec;
	return now_us() - start;
}

static void
scratch_open(void)
{
	char name[] = "/tmp/timeit.XXXXXX";

	if ((scratch = mkstemp(name)) < 0) {
		perror("timeit: mkstemp");
		exit(1);
	}
	unlink(name);
}

/* -p: the median ratios of pairs, base and command run back to back, the
 * order swapped every pair so that neither always runs second. */
static int
paired(char *base, int n, char **argv)
{
	char *bargv[] = { base, NULL };
	double *rt = calloc((size_t)n, sizeof *rt), *rc = calloc((size_t)n,
	    sizeof *rc), bt, bc, ct, cc;
	int i;

	if (!rt || !rc)
		return 1;
	scratch_open();
	for (i = 0; i < 5; i++) {
		run_once(bargv, &bc);
		run_once(argv, &cc);
	}
	for (i = 0; i < n; i++) {
		if (i % 2) {
			ct = run_once(argv, &cc);
			bt = run_once(bargv, &bc);
		} else {
			bt = run_once(bargv, &bc);
			ct = run_once(argv, &cc);
		}
		rt[i] = ct / bt;
		rc[i] = bc > 0 ? cc / bc : 0;
	}
	printf("%.2f %.2f\n", median(rt, n), median(rc, n));
	free(rt);
	free(rc);
	return 0;
}

int
main(int argc, char **argv)
{
	int want_faults, want_cpu, n, i;
	double *t, *c, ignored;

	if (argc > 2 && strcmp(argv[1], "-i") == 0) {
		input = argv[2];
		argc -= 2;
		argv += 2;
	}
	want_faults = argc > 1 && strcmp(argv[1], "-f") == 0;
	want_cpu = want_faults || (argc > 1 && strcmp(argv[1], "-c") == 0);

	if (argc > 4 && strcmp(argv[1], "-p") == 0 && (n = atoi(argv[3])) > 0)
		return paired(argv[2], n, argv + 4);
	argc -= want_cpu;
	argv += want_cpu;
	if (argc < 3 || (n = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: timeit [-i FILE] [-c | -f] N command [arg ...]\n"
		    "       timeit [-i FILE] -p BASE N command [arg ...]\n");
		return 2;
	}
	t = calloc((size_t)n, sizeof *t);
	c = calloc((size_t)n, sizeof *c);
	if (!t || !c)
		return 1;
	scratch_open();
	for (i = 0; i < 5; i++)
		run_once(argv + 2, &ignored);	/* warm the page cache */
	for (i = 0; i < n; i++)
		t[i] = run_once(argv + 2, &c[i]);
	if (want_faults)
		printf("%.0f %.0f %ld\n", median(t, n), median(c, n), faults);
	else if (want_cpu)
		printf("%.0f %.0f\n", median(t, n), median(c, n));
	else
		printf("%.0f\n", median(t, n));
	free(t);
	free(c);
	return 0;
}
