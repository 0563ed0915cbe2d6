/* An outside program built against the installed libwargame (through pkg-config or through
 * find_package(wargame)): checks the run-time version against the header it was compiled with,
 * creates and frees a context, and checks the status strings. */
#include <stdio.h>
#include <string.h>

#include <wargame.h>

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "consumer: FAIL: %s\n", what);
        failures++;
    }
}

int main(void)
{
    const char *v = wg_version();
    check(v != NULL && strcmp(v, WG_VERSION_STRING) == 0, "wg_version() equals WG_VERSION_STRING");
    check(wg_version_number() == (uint32_t)WG_VERSION_NUMBER, "wg_version_number() equals WG_VERSION_NUMBER");

    wg_ctx *ctx = NULL;
    int rc = wg_ctx_new(&ctx, NULL, NULL);
    check(rc == WG_OK && ctx != NULL, "wg_ctx_new with the default allocator");
    check(wg_ctx_new(NULL, NULL, NULL) == WG_EINVAL, "wg_ctx_new(NULL) is WG_EINVAL");
    if (ctx != NULL) {
        size_t live = 1;
        check(wg_ctx_live_handles(&live, ctx) == WG_OK && live == 0, "a new context owns no handle");
        check(wg_ctx_free(ctx) == WG_OK, "wg_ctx_free");
    }

    const char *ok = wg_status_str(WG_OK);
    const char *nomem = wg_status_str(WG_ENOMEM);
    const char *unknown = wg_status_str(-9999);
    check(ok != NULL && ok[0] != '\0', "wg_status_str(WG_OK) is a non-empty string");
    check(nomem != NULL && nomem[0] != '\0', "wg_status_str(WG_ENOMEM) is a non-empty string");
    check(ok != NULL && nomem != NULL && strcmp(ok, nomem) != 0, "WG_OK and WG_ENOMEM read differently");
    check(unknown != NULL, "wg_status_str of an unknown code is not NULL");

    if (failures != 0)
        return 1;
    printf("consumer: libwargame %s (%u): OK\n", v, (unsigned)wg_version_number());
    return 0;
}
