/*
 * adwa_impl.h: what the two halves of the Adwa deck rules, adwa_deck.c
 * (draw, exchange, turns, roles) and adwa_play.c (cards played, Mutiny),
 * share and nothing else needs.
 */
#ifndef UMPIRE_ADWA_IMPL_H
#define UMPIRE_ADWA_IMPL_H

#include <string.h>

#include "deck.h"

static inline const char *
pname(const struct deck_state *s, int i)
{
	return s->p[i].name;
}

static inline int
kind_id(const struct deck_state *s, const char *id)
{
	return deck_kind_find(s->def, id);
}

/* "an " or "a ": the article before a card's id ("an advance"). */
static inline const char *
adwa_article(const char *id)
{
	return id[0] && strchr("aeiou", id[0]) ? "an " : "a ";
}

/* Moves one card of `kind` from one pile to another: 0, or -1 when the
 * pile holds none. */
int adwa_take_kind(struct deck_state *s, struct deck_pile *from, int kind,
    struct deck_pile *to);

#endif
