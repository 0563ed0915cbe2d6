# For tests that load libwargame into an interpreter (python3, lua5.4, luajit) or another program
# that is not itself built with the sanitizers: in a WG_SANITIZE build the sanitizer runtimes must
# be loaded first.  Use
#   set_tests_properties(my_test PROPERTIES ENVIRONMENT "${WG_INTERPRETER_TEST_ENV}")
# (empty in ordinary builds).  Leak detection is off for such tests: the interpreter's own
# allocations would be reported; the library's leaks are covered by the C suites.
set(WG_INTERPRETER_TEST_ENV "")
if(WG_SANITIZE)
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so
    OUTPUT_VARIABLE WG_ASAN_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libubsan.so
    OUTPUT_VARIABLE WG_UBSAN_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(IS_ABSOLUTE "${WG_ASAN_RUNTIME}" AND IS_ABSOLUTE "${WG_UBSAN_RUNTIME}")
    set(WG_INTERPRETER_TEST_ENV
      "LD_PRELOAD=${WG_ASAN_RUNTIME}:${WG_UBSAN_RUNTIME}"
      "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1"
      "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
  else()
    message(WARNING "WG_SANITIZE: the sanitizer runtimes were not found; interpreter tests will not load the library")
  endif()
endif()
