/* The one place that lists the rulesets compiled into the library. */
#include <string.h>

#include "internal.h"
#include "lga/lga.h"
#include "marechaux/marechaux.h"
#include "ccn/ccn.h"
#include "aigles/aigles.h"

static const wg_ruleset_ops *const rulesets[] = {
    &wg__lga_ops,
    &wg__marechaux_ops,
    &wg__ccn_ops,
    &wg__aigles_ops,
    NULL /* terminator; rulesets are listed above it */
};

#define NRULESETS ((int)(sizeof rulesets / sizeof rulesets[0]) - 1)

const wg_ruleset_ops *wg__ruleset_find(const char *id)
{
    if (!id)
        return NULL;
    for (int i = 0; i < NRULESETS; i++)
        if (strcmp(rulesets[i]->id, id) == 0)
            return rulesets[i];
    return NULL;
}

int wg_ruleset_count(void)
{
    return NRULESETS;
}

const char *wg_ruleset_id(int i)
{
    if (i < 0 || i >= NRULESETS)
        return NULL;
    return rulesets[i]->id;
}

int wg_ruleset_name(const char **out, const char *ruleset)
{
    if (!out || !ruleset)
        return WG_EINVAL;
    const wg_ruleset_ops *ops = wg__ruleset_find(ruleset);
    if (!ops)
        return WG_ENOTFOUND;
    *out = ops->name;
    return WG_OK;
}

int wg_ruleset_scenario_count(int *out, const char *ruleset)
{
    if (!out || !ruleset)
        return WG_EINVAL;
    const wg_ruleset_ops *ops = wg__ruleset_find(ruleset);
    if (!ops)
        return WG_ENOTFOUND;
    *out = ops->nscenarios;
    return WG_OK;
}

int wg_ruleset_scenario_id(const char **out, const char *ruleset, int i)
{
    if (!out || !ruleset)
        return WG_EINVAL;
    const wg_ruleset_ops *ops = wg__ruleset_find(ruleset);
    if (!ops)
        return WG_ENOTFOUND;
    if (i < 0 || i >= ops->nscenarios)
        return WG_ERANGE;
    *out = ops->scenarios[i].id;
    return WG_OK;
}

int wg_ruleset_scenario_name(const char **out, const char *ruleset, int i)
{
    if (!out || !ruleset)
        return WG_EINVAL;
    const wg_ruleset_ops *ops = wg__ruleset_find(ruleset);
    if (!ops)
        return WG_ENOTFOUND;
    if (i < 0 || i >= ops->nscenarios)
        return WG_ERANGE;
    *out = ops->scenarios[i].name;
    return WG_OK;
}

int wg_ruleset_data_slot(const char **out, const char *ruleset, int i)
{
    if (!out || !ruleset)
        return WG_EINVAL;
    const wg_ruleset_ops *ops = wg__ruleset_find(ruleset);
    if (!ops)
        return WG_ENOTFOUND;
    for (int k = 0; ops->data_slots && ops->data_slots[k]; k++) {
        if (k == i) {
            *out = ops->data_slots[k];
            return WG_OK;
        }
    }
    return WG_ERANGE;
}
