/* Les Aigles: helpers shared by the document loaders (la_data.c, la_battle.c): the record being read,
   its fields, key=value lookups and messages naming the line. */
#ifndef LA_LOAD_H
#define LA_LOAD_H

#include "internal.h"

typedef struct la_ld {
    wg_data *doc;
    size_t rec;
    char *err;        /* WG_ERRMSG_CAP bytes, or NULL */
    const char *what; /* "army", "battle": the message's prefix */
} la_ld;

int la_lerr(la_ld *L, int st, const char *fmt, ...) WG__PRINTF(3, 4);
size_t la_nf(const la_ld *L);
const char *la_fld(const la_ld *L, size_t i);
/* The value of key=... among the fields from `from` on, NULL when absent. */
const char *la_kv(const la_ld *L, size_t from, const char *key);
int la_has_word(const la_ld *L, size_t from, const char *w);
/* Every field from `from` on is a known key=value or a known word, each at most once. */
int la_check_keys(la_ld *L, size_t from, const char *const *keys, const char *const *words);
/* An integer lo..hi; a missing one names `what`. */
int la_num(la_ld *L, const char *s, const char *what, int lo, int hi, int *out);

#endif
