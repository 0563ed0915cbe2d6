# wg_embed(VAR SYMBOL FILE): generates a C source holding FILE's bytes as
#   const char SYMBOL[]; const size_t SYMBOL_len;
# and appends it to the list VAR.  Bundled data files become part of the library (no I/O at run time).
function(wg_embed var symbol file)
  set(out "${CMAKE_CURRENT_BINARY_DIR}/embed/${symbol}.c")
  add_custom_command(OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -DIN=${file} -DOUT=${out} -DSYM=${symbol} -P ${PROJECT_SOURCE_DIR}/lib/embed_run.cmake
    DEPENDS "${file}" ${PROJECT_SOURCE_DIR}/lib/embed_run.cmake
    COMMENT "Embedding ${file}")
  set(${var} ${${var}} "${out}" PARENT_SCOPE)
endfunction()
