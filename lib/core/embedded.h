/* The data files bundled into the library (lib/embeds.cmake): each `wg__data_<name>` is the
   document's bytes, NUL-terminated, and `wg__data_<name>_len` its length without the NUL.  Not
   installed. */
#ifndef WG_EMBEDDED_H
#define WG_EMBEDDED_H

#include <stddef.h>

#define WG__EMBEDDED(name)                                                                                     \
    extern const unsigned char wg__data_##name[];                                                            \
    extern const size_t wg__data_##name##_len

WG__EMBEDDED(lga_map);
WG__EMBEDDED(lga_1805);
WG__EMBEDDED(lga_1806);
WG__EMBEDDED(lga_1809);
WG__EMBEDDED(lga_crt);
WG__EMBEDDED(marechaux_1808);
WG__EMBEDDED(marechaux_1809);
WG__EMBEDDED(marechaux_1808_map);
WG__EMBEDDED(marechaux_1809_map);

#endif
