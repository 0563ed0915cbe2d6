/* The default allocator: the only place in the library that calls the C allocator. */
#include <stdlib.h>

#include "internal.h"

void *wg__default_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}
