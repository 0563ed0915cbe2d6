# The browser front end (examples/web) in a native build: the target `web` and the CTests that
# build the WebAssembly module and drive it (labels `web` and `nosan`: a stage of its own in
# tools/test.sh, never in the sanitizer or valgrind stages).
#
#   web_build   configures and builds the module in <build>/wasm with emcmake (examples/web/build.sh)
#   web_golden  replays tests/golden/*.wgd in WebAssembly under node: the same hashes as in C
#   web_page    serves the page from 127.0.0.1 and plays it in headless Chromium (test_page.py;
#               Debian: chromium, chromium-driver, python3-selenium)
#
# Registered when emcc is found (Debian: emscripten); a missing node, Chromium or selenium then
# fails the tests, it does not skip them.  Included from the top-level CMakeLists.txt.

if(WG_SANITIZE OR WG_TSAN)
  return()
endif()
find_program(WG_EMCMAKE_EXE NAMES emcmake)
find_program(WG_EMCC_EXE NAMES emcc)
if(NOT WG_EMCMAKE_EXE OR NOT WG_EMCC_EXE)
  message(STATUS "web: no emcc (Debian: emscripten); the WebAssembly module and its tests are off")
  return()
endif()
find_program(WG_NODE_EXE NAMES node nodejs)
if(NOT WG_NODE_EXE)
  set(WG_NODE_EXE node)
endif()
find_program(WG_SH_EXE NAMES sh)

set(WG_WEB_SRC ${PROJECT_SOURCE_DIR}/examples/web)
set(WG_WASM_BUILD ${PROJECT_BINARY_DIR}/wasm)
set(_wg_web_werror OFF)
if(WG_WERROR)
  set(_wg_web_werror ON)
endif()
set(_wg_web_build_cmd ${WG_SH_EXE} ${WG_WEB_SRC}/build.sh ${WG_WASM_BUILD} -DWG_WERROR=${_wg_web_werror})

add_custom_target(web
  COMMAND ${_wg_web_build_cmd}
  COMMENT "Building the WebAssembly module of examples/web in ${WG_WASM_BUILD}"
  USES_TERMINAL)

add_test(NAME web_build COMMAND ${_wg_web_build_cmd})
set_tests_properties(web_build PROPERTIES FIXTURES_SETUP wg_web_module LABELS "web;nosan" TIMEOUT 600)

file(GLOB _wg_web_golden CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/golden/*.wgd)
add_test(NAME web_golden COMMAND ${WG_NODE_EXE} ${WG_WEB_SRC}/test_golden.js ${WG_WASM_BUILD}/web ${_wg_web_golden})
add_test(NAME web_page COMMAND /usr/bin/python3 ${WG_WEB_SRC}/test_page.py ${WG_WASM_BUILD}/web)
set_tests_properties(web_golden web_page PROPERTIES FIXTURES_REQUIRED wg_web_module LABELS "web;nosan" TIMEOUT 300)
