# The WebAssembly module of the browser front end (examples/web), built under Emscripten:
#
#   emcmake cmake -S . -B build-wasm && cmake --build build-wasm --target web
#
# (or sh examples/web/build.sh).  The target `web` writes a complete static site to build-wasm/web/:
# the page and its scripts copied from examples/web/ next to wargame_module.js + wargame_module.wasm,
# the library with every public wg_ function exported.  64-bit parameters and results
# (uint64_t, int64_t) are JavaScript BigInts (-sWASM_BIGINT).  Included from the top-level
# CMakeLists.txt when EMSCRIPTEN is set.

# Every public function of the header is exported (the names of its WG_API declarations).
file(READ ${PROJECT_SOURCE_DIR}/include/wargame.h _wg_web_header)
string(REGEX MATCHALL "WG_API[^;(]*[ *]wg_[a-z0-9_]+\\(" _wg_web_decls "${_wg_web_header}")
set(_wg_web_exports "")
foreach(_d ${_wg_web_decls})
  string(REGEX MATCH "wg_[a-z0-9_]+\\($" _n "${_d}")
  string(REPLACE "(" "" _n "${_n}")
  list(APPEND _wg_web_exports "'_${_n}'")
endforeach()
list(APPEND _wg_web_exports "'_malloc'" "'_free'")
list(REMOVE_DUPLICATES _wg_web_exports)
list(JOIN _wg_web_exports "," _wg_web_exports)
set(WG_WEB_EXPORTS_FILE ${CMAKE_CURRENT_BINARY_DIR}/wargame_exports.txt)
file(WRITE ${WG_WEB_EXPORTS_FILE} "[${_wg_web_exports}]")

set(WG_WEB_DIR ${CMAKE_CURRENT_BINARY_DIR}/web)
add_executable(wargame_module $<TARGET_OBJECTS:wargame_objects>)
set_target_properties(wargame_module PROPERTIES
  LINKER_LANGUAGE C
  SUFFIX .js
  RUNTIME_OUTPUT_DIRECTORY ${WG_WEB_DIR}
  LINK_DEPENDS "${WG_WEB_EXPORTS_FILE}")
target_link_options(wargame_module PRIVATE
  "SHELL:-s MODULARIZE=1"
  "SHELL:-s EXPORT_NAME=createWargameModule"
  "SHELL:-s WASM_BIGINT=1"
  "SHELL:-s ALLOW_MEMORY_GROWTH=1"
  "SHELL:-s ENVIRONMENT=web,node"
  "SHELL:-s FILESYSTEM=0"
  "SHELL:-s EXPORTED_FUNCTIONS=@${WG_WEB_EXPORTS_FILE}"
  "SHELL:-s EXPORTED_RUNTIME_METHODS=['UTF8ToString','stringToUTF8','lengthBytesUTF8']"
  "--no-entry")
# emcc's JavaScript optimizer needs Debian's node-acorn (/usr/share/nodejs): a node that is not
# Debian's own does not look there.
if(EXISTS /usr/share/nodejs/acorn)
  set_target_properties(wargame_module PROPERTIES
    C_LINKER_LAUNCHER "${CMAKE_COMMAND};-E;env;NODE_PATH=/usr/share/nodejs")
endif()

# The page and its scripts, copied next to the module so that build-wasm/web is the whole site.
set(WG_WEB_PAGE_FILES index.html style.css app.js wargame.js wargame_api.js)
set(_wg_web_copied "")
foreach(_f ${WG_WEB_PAGE_FILES})
  add_custom_command(OUTPUT ${WG_WEB_DIR}/${_f}
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_CURRENT_SOURCE_DIR}/examples/web/${_f} ${WG_WEB_DIR}/${_f}
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/examples/web/${_f})
  list(APPEND _wg_web_copied ${WG_WEB_DIR}/${_f})
endforeach()
add_custom_target(web ALL DEPENDS wargame_module ${_wg_web_copied})
