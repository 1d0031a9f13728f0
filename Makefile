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

UMPIRE_CPPFLAGS = -Ilib -Icmd -DUMPIRE_VERSION='"$(VERSION)"' \
                  -DUMPIRE_DATADIR='"$(DATADIR)/umpire"' -DUMPIRE_SRCDIR='"$(CURDIR)"'
ALL_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(UMPIRE_CPPFLAGS) \
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

LIB_SRC     = $(wildcard lib/*.c lib/games/*.c) $(CJSON_SRC)
LIB_OBJ     = $(LIB_SRC:.c=.o)
CMD_SRC     = $(wildcard cmd/*.c)
CMD_OBJ     = $(CMD_SRC:.c=.o)
UNIT_SRC    = $(wildcard tests/unit/test_*.c)
UNIT_BIN    = $(UNIT_SRC:.c=)
HEADERS     = $(wildcard lib/*.h lib/games/*.h lib/cjson/*.h cmd/*.h tests/unit/*.h)
MANPAGES    = $(wildcard man/*.1 man/*.5)
# The shipped maps' images (lib/map_image.c): an answer on one of these
# maps reads its image instead of parsing its text, some 250,000
# instructions of a loe answer's 1.3 million.  The umpire just built writes
# them from the build tree's rules, so each records the terrain.json beside
# it; an image the files no longer match is passed over, never wrong.
MAP_IMAGES  = $(patsubst %.map,%.img,$(wildcard rules/*/maps/*.map))


# Quiet by default, like git and the kernel: V=1 shows the commands.
ifeq ($(V),1)
Q =
say = @true
else
Q = @
say = @printf '  %-6s %s\n'
endif

.PHONY: all check check-valgrind bench install uninstall clean deps check-deps FORCE

all: umpire $(MAP_IMAGES)

# Rebuild everything when the flags change (SANITIZE=1 and back).
.flags: FORCE
	@echo '$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(STATIC_LDFLAGS) $(UMPIRE_LIBS) $(PKG_LIBS)' | cmp -s - $@ || \
	    echo '$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(STATIC_LDFLAGS) $(UMPIRE_LIBS) $(PKG_LIBS)' > $@

%.o: %.c $(HEADERS) .flags | deps
	$(say) CC $@
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

libumpire.a: $(LIB_OBJ)
	$(say) AR $@
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $(LIB_OBJ)

# The code nearly every command runs (dispatch, options, data, output,
# cJSON) and the map engine's, linked first so that it sits together: the
# first run of each 64 KB of code is a page fault that maps it, and a map
# answer otherwise ran code from every 64 KB of umpire's (about 0.02 of a
# do-nothing program, tests/bench/move-cost).  A file missing here still
# links, from libumpire.a or after these; only its place changes.
HOT_OBJ     = cmd/umpire.o cmd/move-cost.o cmd/move-cost-map.o \
              cmd/move-cost-retreat.o cmd/move-cost-steps.o cmd/supply-trace.o \
              cmd/supply-trace-out.o cmd/map.o cmd/map-show.o \
              lib/err.o lib/out.o lib/opt.o lib/ctx.o lib/data.o lib/log.o \
              lib/state.o lib/games/game.o lib/games/loe.o lib/games/toto.o \
              lib/games/sotq.o lib/hex.o lib/map.o lib/map_draft.o \
              lib/map_text.o lib/map_vocab.o lib/map_json.o lib/map_image.o \
              lib/path.o \
              lib/move.o lib/move_map.o lib/move_memo.o lib/move_stack.o \
              lib/move_cheapest.o lib/move_answer.o lib/move_route.o \
              lib/move_rail.o lib/move_sea.o lib/units.o lib/supply.o \
              lib/table.o lib/odds.o lib/dice.o lib/games/loe_move.o \
              lib/games/loe_supply.o lib/games/sotq_move.o \
              lib/games/sotq_supply.o lib/games/sotq_stack.o \
              lib/games/toto_move.o lib/games/toto_supply.o $(CJSON_SRC:.c=.o)
# in HOT_OBJ's order, leaving out any that no longer exists
LINK_OBJ    = $(filter $(CMD_OBJ) $(LIB_OBJ),$(HOT_OBJ)) \
              $(filter-out $(HOT_OBJ),$(CMD_OBJ))

# The same for the C library: the members of glibc's libc.a that nearly
# every command runs (its start before main, malloc, stdio and printf, the
# string functions in each variant a CPU may pick, the file calls), and
# crt1.o's and libgcc_eh's start.  A static link takes them from the
# archive in its own order, scattered over umpire's 1.8 MB of code; hot.ld,
# written from this list, puts their code first, in an output section of
# its own before .text (INSERT BEFORE: the rest of the default linker
# script stands).  Measured on the loe teaching map, the binary's pages
# cached as exec reads them back (tests/bench/move-cost says how): a reach
# 69 -> 62 page faults, paired ratio 1.18 -> 1.14; sotq supply-trace --side
# 1.21 -> 1.17; --version 0.90 -> 0.88.  Later the vDSO's symbol lookup
# that every start makes (dl-lookup, dl-setup_hash), the mutex's unlock,
# fprintf, fputc and the memchr a CPU with RTM picks: faults in code of
# --version 8 -> 5, of a loe reach 10 -> 8, of crt 12 -> 8; --version's
# paired ratio 0.93 -> 0.92.  A name another glibc lacks matches nothing,
# and another C library links as before.
HOT_LIBC    = _exit _itoa access brk bsd-_setjmp close ctype-info cxa_atexit \
              dl-debug dl-early_allocate dl-find_object dl-load dl-lookup \
              dl-object dl-origin dl-reloc dl-reloc-static-pie dl-setup_hash \
              dl-support dl-tls \
              dl-tls_init_tp dl-tunables elision-conf errno-loc exit ferror \
              filedoalloc fileops fprintf fputc fstat64 fstatat64 genops getenv getrandom \
              getrlimit64 grouping init-first init-misc iofflush iofputs \
              iofwrite iopadn isatty libc-cleanup libc-start libc-tls \
              libc_early_init lshift malloc memchr memchr-avx2 memchr-evex \
              memchr-evex-rtm \
              memcmp memcmp-avx2-movbe memcmp-evex-movbe memcpy memmove \
              memmove-avx-unaligned-erms memmove-avx512-no-vzeroupper \
              memmove-avx512-unaligned-erms memmove-evex-unaligned-erms mempcpy \
              memrchr memrchr-avx2 memrchr-evex memset \
              memset-avx2-unaligned-erms memset-avx512-no-vzeroupper \
              memset-avx512-unaligned-erms memset-evex-unaligned-erms mpn2dbl \
              mprotect msort open64 printf pthread_mutex_conf \
              pthread_mutex_lock pthread_mutex_unlock putc rawmemchr rawmemchr-avx2 rawmemchr-evex \
              read readlink sbrk setjmp sigjmp snprintf stat64 stpcpy \
              stpcpy-avx2 stpcpy-evex strcasecmp strcasecmp_l strcasecmp_l-avx2 \
              strcasecmp_l-evex strcat strcat-avx2 strcat-evex strchr \
              strchr-avx2 strchr-evex strchrnul strchrnul-avx2 strchrnul-evex \
              strcmp strcmp-avx2 strcmp-evex strcpy strcpy-avx2 strcpy-evex \
              strcspn strcspn-sse4 strdup strlen strlen-avx2 strlen-evex \
              strlen-evex512 strncase strncase_l strncase_l-avx2 \
              strncase_l-evex strncat strncat-avx2 strncat-evex strncmp \
              strncmp-avx2 strncmp-evex strncpy strncpy-avx2 strncpy-evex \
              strnlen strnlen-avx2 strnlen-evex strnlen-evex512 strops strpbrk \
              strpbrk-sse4 strrchr strrchr-avx2 strrchr-evex strsep strspn \
              strspn-sse4 strstr strstr-avx512 strstr-sse2-unaligned strtod \
              strtod_l strtok_r strtol strtol_l tcgetattr vfprintf-internal \
              vsnprintf wcschr wcschr-avx2 wcschr-evex wcscpy wcslen \
              wcslen-avx2 wcslen-evex wcslen-evex512 wcsnlen wcsnlen-avx2 \
              wcsnlen-evex wcsnlen-evex512 wmemchr wmemchr-avx2 wmemchr-evex \
              wmemcmp wmemcmp-avx2-movbe wmemcmp-evex-movbe wmemset write

hot.ld: Makefile
	$(say) GEN $@
	$(Q){ printf 'SECTIONS\n{\n  .text.hot_libc :\n  {\n'; \
	    printf '    *crt1.o(.text .text.*)\n'; \
	    for m in $(HOT_LIBC); do \
		printf '    *libc.a:%s.o(.text .text.*)\n' $$m; \
	    done; \
	    printf '    *libgcc_eh.a:unwind-dw2-fde-dip.o(.text .text.*)\n'; \
	    printf '  }\n}\nINSERT BEFORE .text;\n'; } > $@

ifeq ($(STATIC),1)
HOT_LD      = hot.ld
HOT_LDFLAGS = -Wl,-T,hot.ld
endif

umpire: $(CMD_OBJ) libumpire.a .flags $(HOT_LD)
	$(say) LINK $@
	$(Q)$(CC) $(ALL_LDFLAGS) $(STATIC_LDFLAGS) $(HOT_LDFLAGS) -o $@ $(LINK_OBJ) libumpire.a $(UMPIRE_LIBS)

$(MAP_IMAGES): %.img: %.map umpire $(wildcard rules/*/terrain.json)
	$(say) IMAGE $@
	$(Q)./umpire --data rules map compile $< >/dev/null && chmod 644 $@

# The same objects linked against the shared C library, for the tests that
# stall a write with an LD_PRELOAD shim (tests/fixtures/stall.c), which a
# static executable cannot load.
tests/umpire-shared: $(CMD_OBJ) libumpire.a .flags
	$(say) LINK $@
	$(Q)$(CC) $(ALL_LDFLAGS) -o $@ $(CMD_OBJ) libumpire.a $(PKG_LIBS)

tests/unit/test_%: tests/unit/test_%.c libumpire.a $(HEADERS) .flags | deps
	$(say) CC $@
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit $(ALL_LDFLAGS) -o $@ $< libumpire.a $(PKG_LIBS)

# Install missing Debian packages when root (or with passwordless sudo);
# otherwise print the exact command and stop.
deps:
	@tests/install-deps $(BUILD_DEBS)

check-deps:
	@tests/install-deps $(CHECK_DEBS)

check: umpire $(MAP_IMAGES) tests/umpire-shared $(UNIT_BIN) check-deps
	@tests/run-suite $(UNIT_BIN) -- $(MANPAGES)

# The bats suite with every umpire command under valgrind (slow).
# valgrind replaces malloc only in a dynamic executable, so this builds one.
check-valgrind: check-deps
	@$(MAKE) --no-print-directory STATIC=0 umpire
	@UMPIRE_VALGRIND=1 bats tests/*.bats

bench: umpire
	@for b in startup crt draw search iwiif map svg move-cost move-cost-sweep shell; do echo "== tests/bench/$$b"; tests/bench/$$b || exit 1; done

install: umpire $(MAP_IMAGES)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/umpire \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(bashcompdir) $(DESTDIR)$(zshcompdir) $(DESTDIR)$(fishcompdir)
	install -m 755 umpire $(DESTDIR)$(BINDIR)/umpire
	cp -R rules/. $(DESTDIR)$(DATADIR)/umpire/
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 man/*.5 $(DESTDIR)$(MANDIR)/man5/
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
	rm -f umpire tests/umpire-shared libumpire.a $(LIB_OBJ) $(CMD_OBJ) $(UNIT_BIN) .flags hot.ld \
	    $(MAP_IMAGES)
	rm -rf tests/bench/out
