# Bundled data files compiled into the library, one line each:
#   wg_embed(WG_SOURCES wg__data_<name> ${PROJECT_SOURCE_DIR}/data/<ruleset>/<file>.wgd)
# The generated source defines `const unsigned char wg__data_<name>[]` (NUL-terminated) and
# `const size_t wg__data_<name>_len`.
wg_embed(WG_SOURCES wg__data_lga_map ${PROJECT_SOURCE_DIR}/data/lga/europe-schematic.wgd)
wg_embed(WG_SOURCES wg__data_lga_1805 ${PROJECT_SOURCE_DIR}/data/lga/1805.wgd)
wg_embed(WG_SOURCES wg__data_lga_1806 ${PROJECT_SOURCE_DIR}/data/lga/1806.wgd)
wg_embed(WG_SOURCES wg__data_lga_1809 ${PROJECT_SOURCE_DIR}/data/lga/1809.wgd)
wg_embed(WG_SOURCES wg__data_lga_crt ${PROJECT_SOURCE_DIR}/data/lga/crt-completion.wgd)
wg_embed(WG_SOURCES wg__data_marechaux_1808 ${PROJECT_SOURCE_DIR}/data/marechaux/1808.wgd)
wg_embed(WG_SOURCES wg__data_marechaux_1809 ${PROJECT_SOURCE_DIR}/data/marechaux/1809.wgd)
wg_embed(WG_SOURCES wg__data_marechaux_1808_map ${PROJECT_SOURCE_DIR}/data/marechaux/1808-map.wgd)
wg_embed(WG_SOURCES wg__data_marechaux_1809_map ${PROJECT_SOURCE_DIR}/data/marechaux/1809-map.wgd)
