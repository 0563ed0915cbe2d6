# CTests of the Python and Lua example hosts (examples/python, examples/lua), so they cannot rot.
#
# Included from bindings/CMakeLists.txt, after the interpreters, wgffi and the sanitizer
# environment (WG_SAN_ENV, WG_LUA_ENV) are known and after enable_testing().  A test exits 77
# (skipped) while the library has no ruleset compiled in.
#
# Debian packages: python3-matplotlib (analysis charts), lua5.4 + liblua5.4-dev + libffi-dev
# (the Lua 5.4 back end), luajit.

if(NOT WG_BUILD_TESTS)
  return()
endif()

set(WG_EXAMPLES_DIR ${PROJECT_SOURCE_DIR}/examples)
set(WG_EXAMPLES_OUT ${PROJECT_BINARY_DIR}/examples)

# ---- Python: the analyst's script writes PNG files with matplotlib (Agg); the notebook is checked and run
# (check_notebook.py, without Jupyter) and executed by Jupyter (run_notebook.py).
# matplotlib comes from Debian (python3-matplotlib): use the interpreter that has it.
set(_wg_mpl_python "")
foreach(_py ${Python3_EXECUTABLE} /usr/bin/python3)
  if(NOT _wg_mpl_python AND EXISTS ${_py})
    execute_process(COMMAND ${_py} -c "import matplotlib" RESULT_VARIABLE _wg_no_mpl OUTPUT_QUIET ERROR_QUIET)
    if(NOT _wg_no_mpl)
      set(_wg_mpl_python ${_py})
    endif()
  endif()
endforeach()
if(_wg_mpl_python)
  set(_wg_py_env "WARGAME_LIBRARY=$<TARGET_FILE:wargame>;PYTHONPATH=${PROJECT_SOURCE_DIR}/bindings/python;MPLBACKEND=Agg;MPLCONFIGDIR=${WG_EXAMPLES_OUT}/mpl;${WG_SAN_ENV}")
  add_test(NAME examples_python_analysis
    COMMAND ${_wg_mpl_python} ${WG_EXAMPLES_DIR}/python/analysis.py --games 12 --attacks 3
            --out ${WG_EXAMPLES_OUT}/analysis)
  add_test(NAME examples_python_notebook
    COMMAND ${_wg_mpl_python} ${WG_EXAMPLES_DIR}/python/check_notebook.py --run ${WG_EXAMPLES_DIR}/python/analysis.ipynb)
  # The balance lab's charts as PNG files (lab_plots.py: win rates, bot matrix, game lengths).
  add_test(NAME examples_python_lab_plots
    COMMAND ${_wg_mpl_python} ${WG_EXAMPLES_DIR}/python/lab_plots.py --games 3 --jobs 2
            --out ${WG_EXAMPLES_OUT}/lab-plots)
  set_tests_properties(examples_python_analysis examples_python_notebook examples_python_lab_plots PROPERTIES
    SKIP_RETURN_CODE 77 TIMEOUT 600 ENVIRONMENT "${_wg_py_env}")
  # The notebook executed by Jupyter itself (Debian: jupyter-nbconvert, python3-nbconvert,
  # python3-ipykernel): each plotting cell shows one image, the board cell its SVG.  Slow and
  # needing Jupyter's kernel process: labelled `jupyter` and `nosan`, kept out of the sanitizer and
  # valgrind stages (tools/test.sh).
  if(EXISTS /usr/bin/jupyter AND EXISTS /usr/bin/python3)
    add_test(NAME examples_python_notebook_jupyter
      COMMAND /usr/bin/python3 ${WG_EXAMPLES_DIR}/python/run_notebook.py /usr/bin/jupyter
              ${WG_EXAMPLES_DIR}/python/analysis.ipynb ${WG_EXAMPLES_OUT}/notebook-jupyter)
    set_tests_properties(examples_python_notebook_jupyter PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1200
      LABELS "jupyter;nosan"
      ENVIRONMENT "WARGAME_LIBRARY=$<TARGET_FILE:wargame>;PYTHONPATH=${PROJECT_SOURCE_DIR}/bindings/python")
    # The balance lab's notebook (lab.ipynb: win rates with intervals, bot matrix, game lengths),
    # executed the same way.
    add_test(NAME examples_python_lab_notebook_jupyter
      COMMAND /usr/bin/python3 ${WG_EXAMPLES_DIR}/python/run_notebook.py /usr/bin/jupyter
              ${WG_EXAMPLES_DIR}/python/lab.ipynb ${WG_EXAMPLES_OUT}/lab-notebook-jupyter)
    set_tests_properties(examples_python_lab_notebook_jupyter PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1200
      LABELS "jupyter;nosan"
      ENVIRONMENT "WARGAME_LIBRARY=$<TARGET_FILE:wargame>;PYTHONPATH=${PROJECT_SOURCE_DIR}/bindings/python")
  else()
    message(STATUS "examples: no /usr/bin/jupyter (Debian: jupyter-nbconvert python3-ipykernel); the notebook is not executed")
  endif()
  # The analysis functions themselves (exact odds, merging, levels; seeded runs when a ruleset exists).
  add_test(NAME examples_python_unit
    COMMAND ${_wg_mpl_python} ${WG_EXAMPLES_DIR}/python/test_analysis.py -v)
  set_tests_properties(examples_python_unit PROPERTIES ENVIRONMENT "${_wg_py_env};PYTHONDONTWRITEBYTECODE=1")
else()
  message(STATUS "examples: no Python with matplotlib (Debian: python3-matplotlib); the analysis test is off")
endif()

# ---- Lua: the tabletop assistant under lua5.4 (wgffi) and luajit (ffi), fed a scripted stdin
# (a here-document in test_tabletop.sh) whose output must report the events, dice, undo and save.
set(_wg_lua_example_env
  "WARGAME_LIBRARY=$<TARGET_FILE:wargame>"
  "LUA_PATH=${PROJECT_SOURCE_DIR}/bindings/lua/?.lua;;"
  ${WG_SAN_ENV})
find_program(WG_SH_EXE NAMES sh)
if(WG_SH_EXE AND TARGET wgffi AND WG_LUA54_EXE)
  add_test(NAME examples_lua54_tabletop
    COMMAND ${WG_SH_EXE} ${WG_EXAMPLES_DIR}/lua/test_tabletop.sh ${WG_LUA54_EXE} ${WG_EXAMPLES_DIR}/lua/tabletop.lua
            ${WG_EXAMPLES_OUT}/tabletop-lua54)
  set_tests_properties(examples_lua54_tabletop PROPERTIES SKIP_RETURN_CODE 77
    ENVIRONMENT "${_wg_lua_example_env};LUA_CPATH=$<TARGET_FILE_DIR:wgffi>/?.so")
endif()
if(WG_SH_EXE AND WG_LUAJIT_EXE)
  add_test(NAME examples_luajit_tabletop
    COMMAND ${WG_SH_EXE} ${WG_EXAMPLES_DIR}/lua/test_tabletop.sh ${WG_LUAJIT_EXE} ${WG_EXAMPLES_DIR}/lua/tabletop.lua
            ${WG_EXAMPLES_OUT}/tabletop-luajit)
  set_tests_properties(examples_luajit_tabletop PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT "${_wg_lua_example_env}")
endif()

# ---- C: wg-play on a table (Les Aigles): both sample battles bot against bot to the end with the
# picture of the table at every game-turn, and a side played from a scripted stdin.
if(WG_SH_EXE AND TARGET wg-play)
  add_test(NAME examples_c_play_aigles_table
    COMMAND ${WG_SH_EXE} ${WG_EXAMPLES_DIR}/test_play_table.sh $<TARGET_FILE:wg-play> ${WG_EXAMPLES_OUT}/play-table)
  set_tests_properties(examples_c_play_aigles_table PROPERTIES ENVIRONMENT "${WG_SAN_ENV}")
endif()
# ---- C: wg-play's commands and options from scripted stdins (test_play.sh): --help, -p by name,
# the hex board's coordinates and legend, hex numbers and place names as choices, odds, the SVG,
# save and load, undo within the policy and in practice mode, single-option windows, a table gap
# (La Grande Armee seed 1 without crt=completion) entered or completed.
if(WG_SH_EXE AND TARGET wg-play)
  add_test(NAME examples_c_play_features
    COMMAND ${WG_SH_EXE} ${WG_EXAMPLES_DIR}/test_play.sh $<TARGET_FILE:wg-play> ${WG_EXAMPLES_OUT}/play-features)
  set_tests_properties(examples_c_play_features PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT "${WG_SAN_ENV}")
endif()
