# The library's sources.  Add a file here when it compiles.
set(WG_SOURCES
  lib/core/alloc_default.c
  lib/core/ctx.c
  lib/core/util.c
  lib/core/rng.c
  lib/core/hash.c
  lib/core/data.c
  lib/core/hex.c
  lib/core/map.c
  lib/core/table.c
  lib/core/oob.c
  lib/core/pool.c
  lib/core/game.c
  lib/registry.c
  lib/lga/scenario.c
  lib/marechaux/mr_calc.c
  lib/marechaux/mr_melee.c
)
list(TRANSFORM WG_SOURCES PREPEND "${CMAKE_CURRENT_SOURCE_DIR}/")
