# umpire: build, check, install.  The only entry point.
#
#   make                   build ./umpire
#   make check             unit tests, bats suite, man page lint; ends "N passed, N failed"
#   make check SANITIZE=1  the same under AddressSanitizer and UBSan
#   make check-valgrind    the bats suite with every umpire run under valgrind
#   make bench             print the benchmark figures (tests/bench: startup, crt, draw, search, iwiif, map, svg, move-cost, shell)
#   make install           PREFIX, DESTDIR, bashcompdir, zshcompdir, fishcompdir honoured
#   make STATIC=0          link umpire against the shared C library (SANITIZE=1,
#                          PIE=1 and check-valgrind do so themselves)
#
# The user's CFLAGS, CPPFLAGS and LDFLAGS are kept; umpire's own flags are
# added after them.  WERROR= turns warnings back into warnings.

PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
DATADIR     ?= $(PREFIX)/share
MANDIR      ?= $(DATADIR)/man
bashcompdir ?= $(DATADIR)/bash-completion/completions
zshcompdir  ?= $(DATADIR)/zsh/site-functions
fishcompdir ?= $(DATADIR)/fish/vendor_completions.d

VERSION     = 0.1.0
CC          ?= cc
CFLAGS      ?= -O2 -g
PKG_CONFIG  ?= pkg-config
PKGS        = libpcre2-8 readline
WERROR      ?= -Werror
WARNINGS    = -Wall -Wextra -Wpedantic -Wstrict-prototypes -Wmissing-prototypes \
              -Wwrite-strings -Wvla -Wshadow $(WERROR)

# float-cast-overflow is not part of "undefined" in GCC: a double out of
# int's range converted to int (a number like 1e300 in a file) is caught
# only when asked for.
ifeq ($(SANITIZE),1)
SANFLAGS    = -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer \
              -fno-sanitize-recover=all
endif

# Debian packages: what building needs, and what checking needs besides.
BUILD_DEBS  = pkg-config libpcre2-dev libreadline-dev
CHECK_DEBS  = bats bats-support bats-assert bats-file mandoc zsh fish jq librsvg2-bin python3 tmux

PKG_CFLAGS  = $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
# PCRE2 is linked statically (Debian's libpcre2-dev ships the archive):
# mapping and relocating its 600 KB shared object cost every command about
# 70 us, a tenth of a run, though only `rules` uses it.  PCRE2_STATIC=0
# links it like the others.  GNU readline and its tinfo go the same way,
# for the same reason: only `shell` uses them (about 600 relocations more
# for every command when shared).
PCRE2_STATIC ?= 1
ifeq ($(PCRE2_STATIC),1)
PKG_LIBS    = -Wl,-Bstatic $(shell $(PKG_CONFIG) --libs libpcre2-8 2>/dev/null) \
              $(shell $(PKG_CONFIG) --libs --static readline 2>/dev/null) -Wl,-Bdynamic -lm
else
PKG_LIBS    = $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null) -lm
endif
# the umpire executable when it is static (STATIC, below)
STATIC_LIBS = $(shell $(PKG_CONFIG) --libs --static $(PKGS) 2>/dev/null) -lm

# cJSON is compiled in from lib/cjson (Debian's 1.7.15-1+deb12u4 source,
# unchanged; see lib/cjson/README): Debian ships it only as a shared
# object, and umpire is linked statically (below).
CJSON_SRC   = lib/cjson/cJSON.c

UMPIRE_CPPFLAGS = -Ilib -Icmd -DUMPIRE_VERSION='"$(VERSION)"' -DUMPIRE_SRCDIR='"$(CURDIR)"'
ALL_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -MMD -MP $(UMPIRE_CPPFLAGS) \
              $(PKG_CFLAGS) $(CPPFLAGS) $(CFLAGS) $(WARNINGS) $(SANFLAGS)
# --as-needed: a library is loaded only by the commands' code that uses it,
# so starting umpire costs no more than it must.  -no-pie: a position-
# independent umpire has about 3,000 relative relocations (its tables, and
# PCRE2's and readline's) for the loader to apply and copy-on-write pages
# to dirty at every start, some 40 us of a 700 us run (tests/bench/move-cost);
# umpire takes no input from the network and runs with no privilege, so the
# address randomisation PIE buys is worth less here than the start.  PIE=1
# builds it position-independent again.
PIE         ?= 0
ifneq ($(PIE),1)
NOPIE       = -no-pie
endif
# STATIC=1 (the default): umpire is one static executable.  Every command
# starts as a process, and a dynamic start, the loader mapping and binding
# libc (and a shared cJSON), costs about 140 us of a 700 us run; a static
# umpire starts faster than a dynamic do-nothing program
# (tests/bench/startup, tests/bench/move-cost).  The link prints glibc's
# notes that readline's ~user completion (getpwnam and friends) will load
# the NSS modules of the same glibc at run time; umpire does not call them.
# AddressSanitizer, a position-independent build and valgrind's leak check
# need the dynamic loader, so SANITIZE=1 and PIE=1 link dynamically, and
# check-valgrind rebuilds with STATIC=0.  Only the umpire executable is
# static: the unit tests link dynamically.
STATIC      ?= 1
ifeq ($(SANITIZE),1)
STATIC      = 0
endif
ifeq ($(PIE),1)
STATIC      = 0
endif
ifeq ($(STATIC),1)
STATIC_LDFLAGS = -static
UMPIRE_LIBS = $(STATIC_LIBS)
else
UMPIRE_LIBS = $(PKG_LIBS)
endif
ALL_LDFLAGS = $(LDFLAGS) $(SANFLAGS) $(NOPIE) -Wl,--as-needed

# A game is a folder: lib/games/ID/ defines `const struct game game_ID`
# (games/game.h), and the list of games, lib/games/registry.c, is written
# from the folders found, in id order.  Adding a folder is all a new game
# takes: the next make finds it, compiles its files and rewrites the list.
GAME_IDS    = $(sort $(patsubst lib/games/%/,%,$(wildcard lib/games/*/)))
GAME_LIST   = lib/games/registry.c
LIB_SRC     = $(filter-out $(GAME_LIST),$(wildcard lib/*.c lib/games/*.c lib/games/*/*.c)) \
              $(GAME_LIST) $(CJSON_SRC)
LIB_OBJ     = $(LIB_SRC:.c=.o)
CMD_SRC     = $(wildcard cmd/*.c)
CMD_OBJ     = $(CMD_SRC:.c=.o)
UNIT_SRC    = $(wildcard tests/unit/test_*.c)
UNIT_BIN    = $(UNIT_SRC:.c=)
MANPAGES    = $(wildcard man/*.1 man/*.5)


# Quiet by default, like git and the kernel: V=1 shows the commands.
ifeq ($(V),1)
Q =
say = @true
else
Q = @
say = @printf '  %-6s %s\n'
endif

.PHONY: all check check-valgrind bench install uninstall clean deps check-deps FORCE

all: umpire

# Rebuild everything when the flags change (SANITIZE=1 and back).
.flags: FORCE
	@echo '$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(STATIC_LDFLAGS) $(UMPIRE_LIBS) $(PKG_LIBS)' | cmp -s - $@ || \
	    echo '$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(STATIC_LDFLAGS) $(UMPIRE_LIBS) $(PKG_LIBS)' > $@

# The list of games, rewritten only when the folders change (as .flags is),
# so that an unchanged tree compiles nothing again.
$(GAME_LIST): FORCE
	@{ echo '/* The games, one a folder of lib/games/: written by the Makefile. */'; \
	   echo '#include <stddef.h>'; echo; echo '#include "games/game.h"'; echo; \
	   for g in $(GAME_IDS); do echo "extern const struct game game_$$g;"; done; \
	   echo; echo 'const struct game *const game_registry[] = {'; \
	   for g in $(GAME_IDS); do echo "	&game_$$g,"; done; \
	   echo '	NULL'; echo '};'; } >$@.tmp; \
	cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

# -MMD -MP (in ALL_CFLAGS): each object depends on the headers it
# includes, and no more, as the compiler saw them (the .d files, read at
# the end); a header change rebuilds only what includes it.
%.o: %.c .flags | deps
	$(say) CC $@
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

# Only lib/data.c knows where the installed data is: `make install
# PREFIX=...` after `make` rebuilds it alone (and links), not every object.
lib/data.o: ALL_CFLAGS += -DUMPIRE_DATADIR='"$(DATADIR)/umpire"'
lib/data.o: .datadir
.datadir: FORCE
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' > $@

libumpire.a: $(LIB_OBJ)
	$(say) AR $@
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $(LIB_OBJ)

# A static link makes glibc warn, ten lines, that readline's ~user
# expansion (getpwnam and friends) needs glibc's NSS modules at run time;
# umpire never calls it.  Those lines become one note; any other line the
# linker prints, and its status, pass through.
umpire: $(CMD_OBJ) libumpire.a .flags
	$(say) LINK $@
	$(Q)$(CC) $(ALL_LDFLAGS) $(STATIC_LDFLAGS) -o $@ $(CMD_OBJ) libumpire.a \
	    $(UMPIRE_LIBS) 2>$@.ld; st=$$?; \
	grep -v -e 'in statically linked applications requires at runtime' \
	    -e 'libreadline\.a([a-z]*\.o): in function' $@.ld >&2; \
	grep -q 'in statically linked applications' $@.ld && \
	    echo "  (note: glibc's static-link warnings about readline's ~user lookup, which umpire does not use)"; \
	rm -f $@.ld; exit $$st

# The same objects linked against the shared C library, for the tests that
# stall a write with an LD_PRELOAD shim (tests/fixtures/stall.c), which a
# static executable cannot load.
tests/umpire-shared: $(CMD_OBJ) libumpire.a .flags
	$(say) LINK $@
	$(Q)$(CC) $(ALL_LDFLAGS) -o $@ $(CMD_OBJ) libumpire.a $(PKG_LIBS)

tests/unit/test_%: tests/unit/test_%.c libumpire.a .flags | deps
	$(say) CC $@
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit $(ALL_LDFLAGS) -o $@ $< libumpire.a $(PKG_LIBS)

# Install missing Debian packages when root (or with passwordless sudo);
# otherwise print the exact command and stop.
deps:
	@tests/install-deps $(BUILD_DEBS)

check-deps:
	@tests/install-deps $(CHECK_DEBS)

check: umpire tests/umpire-shared $(UNIT_BIN) check-deps
	@tests/run-suite $(UNIT_BIN) -- $(MANPAGES)

# The bats suite with every umpire command under valgrind (slow).
# valgrind replaces malloc only in a dynamic executable, so this builds one.
check-valgrind: check-deps
	@$(MAKE) --no-print-directory STATIC=0 umpire
	@UMPIRE_VALGRIND=1 bats tests/*.bats

bench: umpire
	@for b in guard startup crt draw search iwiif map svg move-cost move-cost-sweep shell; do echo "== tests/bench/$$b"; tests/bench/$$b || exit 1; done

install: umpire
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/umpire \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(bashcompdir) $(DESTDIR)$(zshcompdir) $(DESTDIR)$(fishcompdir)
	install -m 755 umpire $(DESTDIR)$(BINDIR)/umpire
	cp -R rules/. $(DESTDIR)$(DATADIR)/umpire/
	for m in man/*.1 man/*.5; do \
		sed -e 's|/usr/local/share/bash-completion/completions|$(bashcompdir)|g' \
		    -e 's|/usr/local/share/zsh/site-functions|$(zshcompdir)|g' \
		    -e 's|/usr/local/share/fish/vendor_completions.d|$(fishcompdir)|g' \
		    -e 's|/usr/local/share/umpire|$(DATADIR)/umpire|g' \
		    -e 's|/usr/local|$(PREFIX)|g' "$$m" \
		    >"$(DESTDIR)$(MANDIR)/man$${m##*.}/$${m#man/}" && \
		chmod 644 "$(DESTDIR)$(MANDIR)/man$${m##*.}/$${m#man/}" || exit 1; \
	done
	install -m 644 completions/umpire.bash $(DESTDIR)$(bashcompdir)/umpire
	install -m 644 completions/_umpire $(DESTDIR)$(zshcompdir)/_umpire
	install -m 644 completions/umpire.fish $(DESTDIR)$(fishcompdir)/umpire.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/umpire $(DESTDIR)$(bashcompdir)/umpire \
	    $(DESTDIR)$(zshcompdir)/_umpire $(DESTDIR)$(fishcompdir)/umpire.fish
	rm -rf $(DESTDIR)$(DATADIR)/umpire
	cd $(DESTDIR)$(MANDIR) && rm -f $(patsubst man/%.1,man1/%.1,$(wildcard man/*.1)) \
	    $(patsubst man/%.5,man5/%.5,$(wildcard man/*.5))

clean:
	rm -f umpire tests/umpire-shared libumpire.a $(LIB_OBJ) $(CMD_OBJ) $(UNIT_BIN) .flags .datadir $(GAME_LIST) \
	    $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d) $(UNIT_BIN:=.d)
	rm -rf tests/bench/out

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d) $(UNIT_BIN:=.d)
