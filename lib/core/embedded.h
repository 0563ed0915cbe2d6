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
WG__EMBEDDED(ccn_base);
WG__EMBEDDED(ccn_orders90);
WG__EMBEDDED(ccn_orders75);
WG__EMBEDDED(ccn_tactician);
WG__EMBEDDED(ccn_s01);
WG__EMBEDDED(ccn_s01_map);
WG__EMBEDDED(ccn_s02);
WG__EMBEDDED(ccn_s02_map);
WG__EMBEDDED(ccn_s03);
WG__EMBEDDED(ccn_s03_map);
WG__EMBEDDED(ccn_s04);
WG__EMBEDDED(ccn_s04_map);
WG__EMBEDDED(ccn_s05);
WG__EMBEDDED(ccn_s05_map);
WG__EMBEDDED(ccn_s06);
WG__EMBEDDED(ccn_s06_map);
WG__EMBEDDED(ccn_s07);
WG__EMBEDDED(ccn_s07_map);
WG__EMBEDDED(ccn_s08);
WG__EMBEDDED(ccn_s08_map);
WG__EMBEDDED(ccn_s09);
WG__EMBEDDED(ccn_s09_map);
WG__EMBEDDED(ccn_s10);
WG__EMBEDDED(ccn_s10_map);
WG__EMBEDDED(ccn_s11);
WG__EMBEDDED(ccn_s11_map);
WG__EMBEDDED(ccn_s12);
WG__EMBEDDED(ccn_s12_map);
WG__EMBEDDED(ccn_s13);
WG__EMBEDDED(ccn_s13_map);
WG__EMBEDDED(ccn_s14);
WG__EMBEDDED(ccn_s14_map);
WG__EMBEDDED(ccn_s15);
WG__EMBEDDED(ccn_s15_map);
WG__EMBEDDED(ccn_s16);
WG__EMBEDDED(ccn_s16_map);
WG__EMBEDDED(ccn_s17);
WG__EMBEDDED(ccn_s17_map);
WG__EMBEDDED(ccn_s18);
WG__EMBEDDED(ccn_s18_map);
WG__EMBEDDED(aigles_army);
WG__EMBEDDED(aigles_losses);
WG__EMBEDDED(aigles_morale);
WG__EMBEDDED(aigles_strength);
WG__EMBEDDED(aigles_dice);
WG__EMBEDDED(aigles_formation);
WG__EMBEDDED(aigles_table);
WG__EMBEDDED(aigles_crossroads);
WG__EMBEDDED(aigles_ridge);

#endif
