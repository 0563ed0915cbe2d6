/* La Grande Armée ruleset: the ops table listed by lib/registry.c. */
#ifndef WG_LGA_H
#define WG_LGA_H

#include "internal.h"

extern const wg_ruleset_ops wg__lga_ops;

#endif
