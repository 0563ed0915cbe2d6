// Header test, C++: include/wargame.h compiles as C++17 (extern "C", no C-only constructs).
// It is included first and alone, twice to check the include guard.
#include "wargame.h"
#include "wargame.h"

static_assert(WG_OK == 0, "WG_OK is 0");
static_assert(WG_ENOMEM == -2, "WG_ENOMEM is -2");
static_assert(WG_VERSION_NUMBER == WG_VERSION_MAJOR * 10000 + WG_VERSION_MINOR * 100 + WG_VERSION_PATCH,
              "version number encoding");

// The functions have the expected types (C linkage comes from the header's extern "C").
using wg_test_str_fn = const char *(*)(int);
using wg_test_ctx_new_fn = int (*)(wg_ctx **, wg_alloc_fn, void *);

wg_test_str_fn wg_header_test_status_str();
wg_test_str_fn wg_header_test_status_str()
{
    return wg_status_str;
}

wg_test_ctx_new_fn wg_header_test_ctx_new();
wg_test_ctx_new_fn wg_header_test_ctx_new()
{
    return wg_ctx_new;
}
