# Always-on corpus replay: every harness of fuzz/ built without libFuzzer (any C compiler) and fed
# each file of the committed seed corpus fuzz/corpus/<target>/ once.  Included from tests/CMakeLists.txt.
set(_wgfuzz ${PROJECT_SOURCE_DIR}/fuzz)
add_executable(wgfuzz_replay
  ${_wgfuzz}/replay.c ${_wgfuzz}/common.c
  ${_wgfuzz}/fuzz_data.c ${_wgfuzz}/fuzz_map.c ${_wgfuzz}/fuzz_table.c
  ${_wgfuzz}/fuzz_oob.c ${_wgfuzz}/fuzz_load.c ${_wgfuzz}/fuzz_game.c
  ${_wgfuzz}/fuzz_setup.c ${_wgfuzz}/fuzz_aigles.c)
target_compile_definitions(wgfuzz_replay PRIVATE WGFUZZ_REPLAY)
target_include_directories(wgfuzz_replay PRIVATE ${_wgfuzz})
target_link_libraries(wgfuzz_replay PRIVATE wargame_internal)
add_test(NAME fuzz_corpus_replay COMMAND wgfuzz_replay ${_wgfuzz}/corpus)

# The generator of the saved-game and decision-sequence seeds (fuzz/make_corpus.sh runs it).
add_executable(wgfuzz_gen_corpus ${_wgfuzz}/gen_corpus.c)
target_link_libraries(wgfuzz_gen_corpus PRIVATE wargame)
