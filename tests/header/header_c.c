/* Header test, C: include/wargame.h is self-contained and clean as strict C11.  It is included
 * first and alone (twice, to check the include guard); nothing else is included. */
#include "wargame.h"
#include "wargame.h"

/* The status codes and special values are part of the ABI: their values never change. */
_Static_assert(WG_OK == 0, "WG_OK is 0");
_Static_assert(WG_ENOMEM == -2, "WG_ENOMEM is -2");
_Static_assert(WG_VERSION_NUMBER == WG_VERSION_MAJOR * 10000 + WG_VERSION_MINOR * 100 + WG_VERSION_PATCH,
               "version number encoding");
_Static_assert(sizeof(WG_VERSION_STRING) > 5, "version string");

/* The functions have the expected types: return their addresses through typed pointers. */
typedef const char *(*wg_test_str_fn)(int);
typedef int (*wg_test_ctx_new_fn)(wg_ctx **, wg_alloc_fn, void *);

wg_test_str_fn wg_header_test_status_str(void);
wg_test_str_fn wg_header_test_status_str(void)
{
    return wg_status_str;
}

wg_test_ctx_new_fn wg_header_test_ctx_new(void);
wg_test_ctx_new_fn wg_header_test_ctx_new(void)
{
    return wg_ctx_new;
}
