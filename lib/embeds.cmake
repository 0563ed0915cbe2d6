# Bundled data files compiled into the library, one line each:
#   wg_embed(WG_SOURCES wg__data_<name> ${PROJECT_SOURCE_DIR}/data/<ruleset>/<file>.wgd)
# The generated source defines `const unsigned char wg__data_<name>[]` (NUL-terminated) and
# `const size_t wg__data_<name>_len`.
