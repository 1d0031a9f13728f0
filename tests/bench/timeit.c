/*
 * timeit.c: run a command N times and print the median wall time in
 * microseconds, or with -c its median CPU time (user and system, from
 * wait4: what a busy machine's other work adds little to).  Used by the benchmarks in tests/bench; it measures, it
 * never passes or fails.  The command's stdout goes to a scratch file, not
 * to /dev/null: GNU grep notices /dev/null and stops at the first match,
 * which would make it look a hundred times faster than it is.
 *
 * usage: timeit [-c] N command [arg ...]
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
static int cpu;		/* -c */

static double
run_once(char **argv)
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

		dup2(scratch, 1);
		dup2(null, 2);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0) {
		fprintf(stderr, "timeit: %s failed\n", argv[0]);
		exit(1);
	}
	if (cpu)
		return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 +
		    ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
	return now_us() - start;
}

int
main(int argc, char **argv)
{
	int n, i;
	double *t;

	if (argc > 1 && strcmp(argv[1], "-c") == 0) {
		cpu = 1;
		argc--;
		argv++;
	}
	if (argc < 3 || (n = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: timeit [-c] N command [arg ...]\n");
		return 2;
	}
	t = calloc((size_t)n, sizeof *t);
	if (!t)
		return 1;
	{
		char name[] = "/tmp/timeit.XXXXXX";

		if ((scratch = mkstemp(name)) < 0) {
			perror("timeit: mkstemp");
			return 1;
		}
		unlink(name);
	}
	for (i = 0; i < 5; i++)
		run_once(argv + 2);	/* warm the page cache */
	for (i = 0; i < n; i++)
		t[i] = run_once(argv + 2);
	qsort(t, (size_t)n, sizeof *t, compare);
	printf("%.0f\n", n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2);
	free(t);
	return 0;
}
