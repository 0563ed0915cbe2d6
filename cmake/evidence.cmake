# Evidence tests that look at the library from the outside (included from the top-level
# CMakeLists.txt after every subdirectory, when WG_BUILD_TESTS is on):
#
#   header_c11, header_cxx17   include/wargame.h alone compiles as C11 and C++17, -Wpedantic -Werror
#   symbol_hygiene             only wg_[a-z]* symbols exported; only the default allocator calls malloc & co.
#   no_float                   no floating point in the exact geometry (lib/core/geom.c, tablemap.c) and
#                              the Les Aigles rules (lib/aigles/): neither in the sources nor in their objects
#   rules_index                every rule tag printed by lib/ has its line in doc/rules/RULESET.md
#   install_pkgconfig          cmake --install to a temporary prefix; a consumer built with pkg-config
#                              and with find_package(wargame); SONAME, static library, relocation
#   readme_example             the C example of README.md compiles against the installed library and runs
#   abi_baseline               abidiff of the shared library against abi/libwargame.abi
#   memcheck_<test>            (WG_MEMCHECK=ON) every C test program under valgrind memcheck, label "memcheck"
#
# All of them carry the label "evidence" (the valgrind ones "memcheck" instead).

option(WG_MEMCHECK "Register every Check suite a second time under valgrind memcheck (label memcheck)" OFF)

set(_wg_ev "${PROJECT_SOURCE_DIR}/tests")
find_program(WG_BASH bash REQUIRED)

# ---- header test ----
# The C++ compiler is looked up by name: the project itself is C only, and a missing compiler
# must make the test fail (not disappear).
find_program(WG_CXX_COMPILER NAMES g++ c++ clang++)
if(NOT WG_CXX_COMPILER)
  set(WG_CXX_COMPILER "WG_CXX_COMPILER-NOTFOUND")
endif()
add_test(NAME header_c11
  COMMAND ${WG_BASH} ${_wg_ev}/header/header_test.sh c11 ${CMAKE_C_COMPILER} ${PROJECT_SOURCE_DIR}
          ${CMAKE_CURRENT_BINARY_DIR}/evidence/header)
add_test(NAME header_cxx17
  COMMAND ${WG_BASH} ${_wg_ev}/header/header_test.sh cxx17 ${WG_CXX_COMPILER} ${PROJECT_SOURCE_DIR}
          ${CMAKE_CURRENT_BINARY_DIR}/evidence/header)

# ---- symbol hygiene ----
add_test(NAME symbol_hygiene
  COMMAND ${WG_BASH} ${_wg_ev}/hygiene/symbols.sh $<TARGET_FILE:wargame> ${PROJECT_SOURCE_DIR})

# ---- integers only in the geometry and the Les Aigles rules ----
add_test(NAME no_float
  COMMAND python3 ${_wg_ev}/hygiene/no_float.py ${PROJECT_SOURCE_DIR} "$<TARGET_OBJECTS:wargame_objects>"
  COMMAND_EXPAND_LISTS)

# ---- every rule tag the library prints is in the rules index (doc/rules/) ----
add_test(NAME rules_index COMMAND python3 ${PROJECT_SOURCE_DIR}/tools/rules-index.py check)

# ---- install + pkg-config + find_package ----
set(_wg_san_flags "")
if(WG_SANITIZE)
  # A sanitized library needs sanitized consumers (the runtime must be loaded first).
  set(_wg_san_flags "-fsanitize=address,undefined -fno-sanitize-recover=all")
endif()
add_test(NAME install_pkgconfig
  COMMAND ${WG_BASH} ${_wg_ev}/install/install_test.sh
          ${CMAKE_COMMAND} ${CMAKE_CURRENT_BINARY_DIR} ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER}
          ${CMAKE_INSTALL_LIBDIR} ${WG_VERSION_MAJOR} "${_wg_san_flags}"
          ${CMAKE_CURRENT_BINARY_DIR}/evidence/install)
add_test(NAME readme_example
  COMMAND ${WG_BASH} ${_wg_ev}/install/readme_example.sh
          ${CMAKE_COMMAND} ${CMAKE_CURRENT_BINARY_DIR} ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER}
          ${CMAKE_INSTALL_LIBDIR} "${_wg_san_flags}" ${CMAKE_CURRENT_BINARY_DIR}/evidence/readme)

# ---- ABI ----
find_program(WG_ABIDIFF abidiff)
if(NOT WG_ABIDIFF)
  set(WG_ABIDIFF "WG_ABIDIFF-NOTFOUND")
endif()
add_test(NAME abi_baseline
  COMMAND ${WG_BASH} ${_wg_ev}/abi/abi_check.sh ${WG_ABIDIFF} $<TARGET_FILE:wargame> ${PROJECT_SOURCE_DIR})

set_tests_properties(header_c11 header_cxx17 symbol_hygiene install_pkgconfig readme_example abi_baseline
  PROPERTIES LABELS evidence TIMEOUT 600)

# ---- valgrind memcheck of the C test programs ----
# Every test of tests/ whose name is also an executable target (the wg_check_test suites) gets
# a twin memcheck_<name> running it under valgrind with CK_FORK=no (one process, so every leak
# and error is seen) and an error exit code: any valgrind error or leak fails the test.  The C
# test programs that take arguments (the golden-log replays of tests/golden/ and the fuzz corpus
# replay of fuzz/ctest.cmake) get their twins explicitly, with the same arguments.
if(WG_MEMCHECK)
  if(WG_SANITIZE)
    message(FATAL_ERROR "WG_MEMCHECK and WG_SANITIZE cannot be combined (valgrind cannot run ASan binaries)")
  endif()
  find_program(WG_VALGRIND valgrind REQUIRED)
  set(_wg_memcheck_count 0)
  function(wg_memcheck_twin name target)
    add_test(NAME memcheck_${name}
      COMMAND ${WG_VALGRIND} --tool=memcheck --leak-check=full
              --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible
              --error-exitcode=99 --num-callers=30
              $<TARGET_FILE:${target}> ${ARGN}
      WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/tests)
    set_tests_properties(memcheck_${name} PROPERTIES LABELS memcheck TIMEOUT 2400 ENVIRONMENT "CK_FORK=no;WG_MEMCHECK=1")
    math(EXPR _n "${_wg_memcheck_count} + 1")
    set(_wg_memcheck_count ${_n} PARENT_SCOPE)
  endfunction()
  get_directory_property(_wg_suites DIRECTORY ${PROJECT_SOURCE_DIR}/tests TESTS)
  foreach(_t IN LISTS _wg_suites)
    if(TARGET ${_t})
      get_target_property(_type ${_t} TYPE)
      if(_type STREQUAL "EXECUTABLE")
        wg_memcheck_twin(${_t} ${_t})
      endif()
    endif()
  endforeach()
  if(TARGET test_golden)
    file(GLOB _wg_logs RELATIVE ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/tests/golden/*.wgd)
    foreach(_log IN LISTS _wg_logs)
      get_filename_component(_stem ${_log} NAME_WE)
      if("golden_c_${_stem}" IN_LIST _wg_suites)
        wg_memcheck_twin(golden_c_${_stem} test_golden ${_log})
      endif()
    endforeach()
  endif()
  if(TARGET wgfuzz_replay AND "fuzz_corpus_replay" IN_LIST _wg_suites)
    wg_memcheck_twin(fuzz_corpus_replay wgfuzz_replay ${PROJECT_SOURCE_DIR}/fuzz/corpus)
  endif()
  message(STATUS "valgrind memcheck: ${_wg_memcheck_count} C test programs (ctest -L memcheck)")
endif()
unset(_wg_ev)
unset(_wg_san_flags)
