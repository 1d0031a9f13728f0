/*
 * state.h: durable files.
 *
 * A file umpire owns (an imported chart, a deck, the roll log) is never
 * written in place: the new contents go to a temporary file beside it,
 * which is flushed to disk and renamed over the old one, and then the
 * directory itself is flushed, so that after a crash the file holds either
 * the old contents or the new, never a mixture.
 */
#ifndef UMPIRE_STATE_H
#define UMPIRE_STATE_H

#include <stddef.h>
#include <sys/types.h>

/* mkdir -p with the given mode for the directories it creates. */
int state_mkdirs(const char *dir, mode_t mode);

/*
 * Replace path with buf atomically and durably, creating its directory
 * (mode 0700) if needed.  Returns ST_OK or reports and returns ST_SYS.
 */
int state_write_atomic(const char *path, const char *buf, size_t len);

#endif
