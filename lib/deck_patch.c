/*
 * deck_patch.c: undo patches.  Each log entry carries a patch that turns
 * the state after the change back into the state before it (deck_diff).
 * Piles are stacks whose changes happen near the top, so a pile's patch
 * is "keep the first k cards, then these": a draw costs a few numbers,
 * not the whole pile.  A patch read back from a file is checked whole
 * before any of it is applied (deck_patch).
 */
#include <stdio.h>
#include <string.h>

#include "deck.h"
#include "out.h"


static int
all_numbers(const cJSON *a)
{
	const cJSON *it;

	cJSON_ArrayForEach(it, a)
		if (!cJSON_IsNumber(it))
			return 0;
	return 1;
}

static cJSON *
replace_patch(const cJSON *before)
{
	cJSON *p = json_object();

	json_set(p, "=", cJSON_Duplicate(before, 1));
	return p;
}

/* Numbers: keep the common first k, then the old tail. */
static cJSON *
tail_patch(const cJSON *before, const cJSON *after)
{
	const cJSON *b = before->child, *a = after->child;
	cJSON *p = json_object(), *t = json_array();
	int k = 0;

	while (b && a && b->valuedouble == a->valuedouble) {
		b = b->next;
		a = a->next;
		k++;
	}
	for (; b; b = b->next)
		json_push(t, cJSON_CreateNumber(b->valuedouble));
	json_set_num(p, "k", k);
	json_set(p, "t", t);
	return p;
}

cJSON *
deck_diff(const cJSON *before, const cJSON *after)
{
	const cJSON *it;
	cJSON *p, *sub;
	int i;

	if (cJSON_Compare(before, after, 1))
		return NULL;
	if (cJSON_IsObject(before) && cJSON_IsObject(after)) {
		sub = json_object();
		cJSON_ArrayForEach(it, before) {
			const cJSON *a = cJSON_GetObjectItemCaseSensitive(after, it->string);
			cJSON *d = a ? deck_diff(it, a) : replace_patch(it);

			if (d)
				json_set(sub, it->string, d);
		}
		cJSON_ArrayForEach(it, after)
			if (!cJSON_GetObjectItemCaseSensitive(before, it->string)) {
				cJSON *del = json_object();

				json_set_bool(del, "-", 1);
				json_set(sub, it->string, del);
			}
		p = json_object();
		json_set(p, "o", sub);
		return p;
	}
	if (cJSON_IsArray(before) && cJSON_IsArray(after)) {
		if (all_numbers(before) && all_numbers(after))
			return tail_patch(before, after);
		if (cJSON_GetArraySize(before) == cJSON_GetArraySize(after)) {
			sub = json_object();
			for (i = 0; i < cJSON_GetArraySize(before); i++) {
				cJSON *d = deck_diff(cJSON_GetArrayItem(before, i),
				    cJSON_GetArrayItem(after, i));
				char key[16];

				if (d) {
					snprintf(key, sizeof key, "%d", i);
					json_set(sub, key, d);
				}
			}
			p = json_object();
			json_set(p, "a", sub);
			return p;
		}
	}
	return replace_patch(before);
}

/*
 * A patch read back from a file is untrusted: before any of it is applied,
 * check that it has one of the four shapes deck_diff makes and that it
 * fits the node it is for, so that applying it can only succeed.
 *   {"=": V}                 replace the node (never the root: the root
 *                            object is patched in place)
 *   {"-": true}              delete a member (only inside "o")
 *   {"o": {KEY: PATCH...}}   patch an object's members
 *   {"a": {"I": PATCH...}}   patch an array's elements, I from 0
 *   {"k": K, "t": [N...]}    a pile: keep the first K numbers, then these
 * where names the member or element, for the message.
 */
static int patch_fits(const cJSON *patch, const cJSON *node, int root,
    const char *where, char *why, size_t whylen);

static int
unfit(char *why, size_t whylen, const char *where, const char *what)
{
	snprintf(why, whylen, "%s: %s", where, what);
	return -1;
}

/* Each key once: cJSON keeps a repeated key, and apply() would meet the
 * node it had just changed. */
static int
keys_unique(const cJSON *o)
{
	const cJSON *a, *b;

	/* no state has more members or players than this: the check below
	 * is quadratic */
	if (cJSON_GetArraySize(o) > 64)
		return 0;
	for (a = o->child; a; a = a->next)
		for (b = a->next; b; b = b->next)
			if (strcmp(a->string, b->string) == 0)
				return 0;
	return 1;
}

/* "0", "1", ... "n-1" exactly, as deck_diff writes them: -1 otherwise. */
static int
element_index(const char *key, int n)
{
	long i = 0;
	const char *p;

	if (!*key || (key[0] == '0' && key[1]) || strlen(key) > 9)
		return -1;
	for (p = key; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		i = i * 10 + (*p - '0');
	}
	return i < n ? (int)i : -1;
}

/* The body of an "o" or "a" patch, and whether its node is of the kind. */
static int
body_fits(const cJSON *body, int node_ok, char kind, const char *where,
    char *why, size_t whylen)
{
	char what[80];

	if (!cJSON_IsObject(body) || !keys_unique(body))
		snprintf(what, sizeof what, "\"%c\" must be an object, each key "
		    "once", kind);
	else if (!node_ok)
		snprintf(what, sizeof what, "\"%c\" patches %s, and this is not "
		    "one", kind, kind == 'o' ? "an object" : "an array");
	else
		return 0;
	return unfit(why, whylen, where, what);
}

static int
members_fit(const cJSON *o, const cJSON *node, const char *where, char *why,
    size_t whylen)
{
	char sub[160];
	const cJSON *it, *child;

	if (body_fits(o, cJSON_IsObject(node), 'o', where, why, whylen) < 0)
		return -1;
	cJSON_ArrayForEach(it, o) {
		const cJSON *minus = cJSON_GetObjectItemCaseSensitive(it, "-");

		snprintf(sub, sizeof sub, "%s.%.40s", where, it->string);
		child = cJSON_GetObjectItemCaseSensitive(node, it->string);
		if (minus && (!cJSON_IsTrue(minus) || cJSON_GetArraySize(it) != 1))
			return unfit(why, whylen, sub, "\"-\" must be true and "
			    "alone");
		if (minus)
			continue;
		if (!child && !cJSON_GetObjectItemCaseSensitive(it, "="))
			return unfit(why, whylen, sub, "no such member to patch");
		if (patch_fits(it, child, 0, sub, why, whylen) < 0)
			return -1;
	}
	return 0;
}

static int
elements_fit(const cJSON *a, const cJSON *node, const char *where, char *why,
    size_t whylen)
{
	char sub[160];
	const cJSON *it;
	int i;

	if (body_fits(a, cJSON_IsArray(node), 'a', where, why, whylen) < 0)
		return -1;
	cJSON_ArrayForEach(it, a) {
		snprintf(sub, sizeof sub, "%s[%.12s]", where, it->string);
		if ((i = element_index(it->string, cJSON_GetArraySize(node))) < 0)
			return unfit(why, whylen, sub, "no such element");
		if (patch_fits(it, cJSON_GetArrayItem(node, i), 0, sub, why,
		    whylen) < 0)
			return -1;
	}
	return 0;
}

static int
tail_fits(const cJSON *k, const cJSON *t, const cJSON *node, const char *where,
    char *why, size_t whylen)
{
	int n = cJSON_GetArraySize(node);

	if (!cJSON_IsArray(node))
		return unfit(why, whylen, where, "\"k\" patches a pile, and this "
		    "is not one");
	/* compared as doubles before any cast: a huge k must not reach int */
	if (!cJSON_IsNumber(k) || !(k->valuedouble >= 0 && k->valuedouble <= n) ||
	    k->valuedouble != (double)(int)k->valuedouble)
		return unfit(why, whylen, where, "\"k\" must be a whole number "
		    "no larger than the pile");
	if (!cJSON_IsArray(t) || !all_numbers(t) ||
	    cJSON_GetArraySize(t) > DECK_MAX_CARDS)
		return unfit(why, whylen, where, "\"t\" must be a list of card "
		    "numbers");
	return 0;
}

static int
patch_fits(const cJSON *patch, const cJSON *node, int root, const char *where,
    char *why, size_t whylen)
{
	const cJSON *k = cJSON_GetObjectItemCaseSensitive(patch, "k");
	int n = cJSON_GetArraySize(patch);

	if (!cJSON_IsObject(patch))
		return unfit(why, whylen, where, "a patch must be an object");
	if (n == 1 && cJSON_GetObjectItemCaseSensitive(patch, "=") && !root)
		return 0;
	if (n == 1 && cJSON_GetObjectItemCaseSensitive(patch, "o"))
		return members_fit(patch->child, node, where, why, whylen);
	if (n == 1 && cJSON_GetObjectItemCaseSensitive(patch, "a") && !root)
		return elements_fit(patch->child, node, where, why, whylen);
	if (n == 2 && k && !root)
		return tail_fits(k, cJSON_GetObjectItemCaseSensitive(patch, "t"),
		    node, where, why, whylen);
	return unfit(why, whylen, where, root ? "the patch of the whole state "
	    "must be {\"o\": ...}" : "expected one of \"=\", \"o\", \"a\" "
	    "or \"k\" with \"t\"");
}

/* Apply a patch that patch_fits() passed to *node (which may be
 * replaced); 0, or -1 only if memory runs out. */
static int
apply(cJSON **node, const cJSON *patch)
{
	const cJSON *eq = cJSON_GetObjectItemCaseSensitive(patch, "=");
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(patch, "o");
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(patch, "a");
	const cJSON *k = cJSON_GetObjectItemCaseSensitive(patch, "k");
	const cJSON *it;

	if (eq) {
		cJSON_Delete(*node);
		*node = cJSON_Duplicate(eq, 1);
		return *node ? 0 : -1;
	}
	if (o) {
		cJSON_ArrayForEach(it, o) {
			cJSON *child = cJSON_DetachItemFromObjectCaseSensitive(*node,
			    it->string);

			if (cJSON_GetObjectItemCaseSensitive(it, "-")) {
				cJSON_Delete(child);
				continue;
			}
			if (apply(&child, it) < 0) {
				cJSON_Delete(child);
				return -1;
			}
			cJSON_AddItemToObject(*node, it->string, child);
		}
		return 0;
	}
	if (a) {
		cJSON_ArrayForEach(it, a) {
			int i = element_index(it->string, cJSON_GetArraySize(*node));
			cJSON *child = cJSON_Duplicate(cJSON_GetArrayItem(*node, i), 1);

			if (apply(&child, it) < 0) {
				cJSON_Delete(child);
				return -1;
			}
			cJSON_ReplaceItemInArray(*node, i, child);
		}
		return 0;
	}
	{
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(patch, "t");
		int keep = (int)k->valuedouble;

		while (cJSON_GetArraySize(*node) > keep)
			cJSON_DeleteItemFromArray(*node, keep);
		cJSON_ArrayForEach(it, t)
			json_push(*node, cJSON_Duplicate(it, 1));
	}
	return 0;
}

int
deck_patch(cJSON *state, const cJSON *patch, char *why, size_t whylen)
{
	cJSON *root = state;

	/* the root object is patched in place: only its members change, so
	 * the caller's pointer stays good */
	if (patch_fits(patch, state, 1, "undo", why, whylen) < 0)
		return -1;
	if (apply(&root, patch) < 0)
		return unfit(why, whylen, "undo", "out of memory");
	return 0;
}
