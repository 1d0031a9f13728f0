/*
 * adwa_draw_secret.c: what keeps a commander's secrets his own when seven
 * players share one terminal (1, 10: a role is private, a hand is his).
 *
 * A game begun with `draw new --pins` asks each commander for a PIN of
 * his choosing, typed at the terminal without echo and never on the
 * command line (where the shell's history and the screen would keep it).
 * The saved game keeps only a hash of it.  Before a hand, a role or what a
 * Spy or a Support found is shown, the PIN is asked again; the screen is
 * then cleared when its owner has read it.  Scripts and tests give the
 * PINs in the environment instead: UMPIRE_PINS ("name:pin,...") at new,
 * UMPIRE_PIN for the one asked.  The same reading keeps an exchanged card
 * out of the history: `draw exchange --with X` without a card asks for it
 * (UMPIRE_CARD for scripts).
 *
 * This is a table's courtesy, not a lock: the saved file holds the hands,
 * as it must for umpire to run the deck.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "err.h"
#include "games/adwa/adwa_draw.h"

#define PIN_MIN 4

/* 64-bit FNV-1a of the game, the commander and the PIN: enough that the
 * file does not show a PIN to a glance, which is all it is for. */
static void
pin_hash(const char *game, const char *who, const char *pin,
    char out[ADWA_PIN_HASH])
{
	const char *parts[] = { "umpire-adwa-pin:", game, ":", who, ":", pin };
	uint64_t h = 1469598103934665603ull;
	size_t i;
	const char *p;

	for (i = 0; i < sizeof parts / sizeof *parts; i++)
		for (p = parts[i]; *p; p++) {
			h ^= (unsigned char)*p;
			h *= 1099511628211ull;
		}
	snprintf(out, ADWA_PIN_HASH, "%016llx", (unsigned long long)h);
}

/*
 * One line from the terminal, not echoed, after prompt: 0, or -1 when
 * there is no terminal to ask.  The line's end is taken off.
 */
static int
tty_read(const char *prompt, char *buf, size_t len)
{
	struct termios old, quiet;
	int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC), echo = 0;
	size_t n = 0;
	char ch;

	if (fd < 0)
		return -1;
	if (tcgetattr(fd, &old) == 0) {
		quiet = old;
		quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
		quiet.c_lflag |= ICANON;
		echo = tcsetattr(fd, TCSAFLUSH, &quiet) == 0;
	}
	if (write(fd, prompt, strlen(prompt)) < 0)
		n = 0;
	while (read(fd, &ch, 1) == 1 && ch != '\n' && ch != '\r')
		if (n + 1 < len)
			buf[n++] = ch;
	buf[n] = '\0';
	if (echo)
		tcsetattr(fd, TCSAFLUSH, &old);
	if (write(fd, "\n", 1) < 0)
		n = 0;
	close(fd);
	return 0;
}

/* UMPIRE_PINS's PIN for who: 0, or -1 when it names none. */
static int
pin_from_list(const char *list, const char *who, char *buf, size_t len)
{
	size_t wl = strlen(who);
	const char *p = list;

	while (p && *p) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n > wl && strncmp(p, who, wl) == 0 && p[wl] == ':' &&
		    n - wl - 1 < len) {
			memcpy(buf, p + wl + 1, n - wl - 1);
			buf[n - wl - 1] = '\0';
			return 0;
		}
		p = end ? end + 1 : NULL;
	}
	return -1;
}

static int
pin_ok(const char *pin)
{
	size_t i, n = strlen(pin);

	if (n < PIN_MIN || n >= ADWA_PIN_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if ((unsigned char)pin[i] <= ' ')
			return 0;
	return 1;
}

int
adwa_draw_pins_new(struct adwa_draw_session *g)
{
	const char *list = getenv("UMPIRE_PINS");
	char pin[ADWA_PIN_MAX + 2], again[ADWA_PIN_MAX + 2], prompt[160];
	size_t i;

	for (i = 0; i < g->s.np; i++) {
		const char *who = g->s.p[i].name;

		if (list) {
			if (pin_from_list(list, who, pin, sizeof pin) < 0)
				return err(ST_USAGE, "UMPIRE_PINS: no PIN for '%s' "
				    "(name:pin, comma-separated)", who);
		} else {
			snprintf(prompt, sizeof prompt, "%s, choose a PIN (%d or more "
			    "characters, not shown): ", who, PIN_MIN);
			if (tty_read(prompt, pin, sizeof pin) < 0)
				return err(ST_USAGE, "--pins: each commander types a "
				    "PIN at the terminal, and there is none (UMPIRE_PINS "
				    "gives them to a script)");
			snprintf(prompt, sizeof prompt, "%s, the same PIN again: ",
			    who);
			if (tty_read(prompt, again, sizeof again) < 0 ||
			    strcmp(pin, again) != 0)
				return err(ST_USAGE, "--pins: %s's two PINs differ: "
				    "nothing was begun", who);
		}
		if (!pin_ok(pin))
			return err(ST_USAGE, "--pins: %s's PIN: %d to %d characters, "
			    "no spaces", who, PIN_MIN, ADWA_PIN_MAX - 1);
		pin_hash(g->s.name, who, pin, adwa_of(&g->s)->p[i].pin);
	}
	return ST_OK;
}

int
adwa_draw_pin_check(const struct adwa_draw_session *g, int who,
    const char *what, int *asked)
{
	const char *hash = adwa_of(&g->s)->p[who].pin, *env;
	char pin[ADWA_PIN_MAX + 2], prompt[160], got[ADWA_PIN_HASH];

	*asked = 0;
	if (!hash[0])
		return ST_OK;
	if ((env = getenv("UMPIRE_PIN")) != NULL)
		snprintf(pin, sizeof pin, "%s", env);
	else {
		snprintf(prompt, sizeof prompt, "%s: %s's PIN (not shown): ", what,
		    g->s.p[who].name);
		if (tty_read(prompt, pin, sizeof pin) < 0)
			return err(ST_USAGE, "%s: %s's PIN is asked at the terminal, "
			    "and there is none (UMPIRE_PIN gives it to a script)",
			    what, g->s.p[who].name);
		*asked = 1;
	}
	pin_hash(g->s.name, g->s.p[who].name, pin, got);
	if (strcmp(got, hash) != 0)
		return err(ST_USAGE, "%s: not %s's PIN: nothing is shown", what,
		    g->s.p[who].name);
	return ST_OK;
}

int
adwa_draw_pinned(const struct deck_state *s, int who)
{
	return adwa_of(s)->p[who].pin[0] != '\0';
}

void
adwa_draw_pin_clear(int asked)
{
	char line[8];

	/* the secret stays on the screen until its owner has read it */
	if (!asked || !isatty(STDOUT_FILENO) ||
	    tty_read("(Enter clears the screen) ", line, sizeof line) < 0)
		return;
	fputs("\033[H\033[2J\033[3J", stdout);
	fflush(stdout);
}

int
adwa_draw_secret_card(const char *what, char *buf, size_t len)
{
	const char *env = getenv("UMPIRE_CARD");
	char prompt[200];

	if (env) {
		snprintf(buf, len, "%s", env);
		return ST_OK;
	}
	snprintf(prompt, sizeof prompt, "%s: the card, face down (not shown): ",
	    what);
	if (tty_read(prompt, buf, len) < 0)
		return err(ST_USAGE, "%s: name the card, or type it at a terminal "
		    "(UMPIRE_CARD gives it to a script)", what);
	return ST_OK;
}
