#!/usr/bin/env bash
# Builds libwargame and runs every test; the command of README.md and of .ci/run.
#
#   bash tools/test.sh
#
#  1. installs the Debian packages the build and the tests need, when missing;
#  2. build/       RelWithDebInfo, -DWG_WERROR=ON, full ctest (Check suites, header, symbol
#                  hygiene, install + pkg-config, ABI, bindings, examples);
#  2b. web:       the browser front end (ctest -L web in build/): the library built to WebAssembly
#                  with emcmake in build/wasm, the golden logs replayed in it under node, the page
#                  played in headless Chromium (examples/web);
#  3. build-asan/  the same with AddressSanitizer + UndefinedBehaviorSanitizer (-DWG_SANITIZE=ON),
#                  full ctest;
#  3b. build-tsan/ ThreadSanitizer (-DWG_TSAN=ON): the library and the thread-contract test only
#                  (pub_test_threads: clones of one game play on several threads in several
#                  contexts, readers share one game);
#  4. valgrind memcheck of every C test program of build/ (ctest -L memcheck: leak-check=full, any
#                  error or leak fails);
#  5. the `doc` target (Doxygen, warnings are errors).
# Every stage runs even when an earlier independent one failed; the last line is a summary and
# the exit status is non-zero when anything failed.
#
# Environment: WG_JOBS (default 2) parallel jobs.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$WG_ROOT" || exit 1

wg_need_packages "${WG_BUILD_PACKAGES[@]}" g++ check doxygen libffi-dev lua5.4 liblua5.4-dev luajit \
    abigail-tools valgrind python3 python3-pytest python3-matplotlib python3-pip python3-setuptools python3-wheel \
    python3-jsonschema mypy python3-venv python3-distributed python3-pandas python3-tqdm \
    jupyter-nbconvert python3-nbconvert python3-ipykernel \
    emscripten chromium chromium-driver python3-selenium luarocks lua5.1 liblua5.1-dev \
    librsvg2-bin

start=$SECONDS
results=()
failed=0
record() { # record NAME STATUS DETAIL
    results+=("$1: $2${3:+ ($3)}")
    [[ "$2" == ok ]] || failed=1
}
# The "N tests failed out of M" line of a ctest log, shortened to "P/M passed[, S skipped]"
# (ctest counts a skipped test as not failed: the skipped ones are named in the log).
ctest_counts() {
    local skipped
    skipped=$(grep -c '\*\*\*Skipped' "$1")
    sed -n 's/.*tests passed, \([0-9]*\) tests\{0,1\} failed out of \([0-9]*\).*/\1 \2/p' "$1" | tail -n 1 |
        awk -v s="$skipped" '{ printf "%d/%d passed", $2 - $1 - s, $2; if (s > 0) printf ", %d skipped", s }'
}
# run_ctest NAME BUILD_DIR LOG ctest-args...
run_ctest() {
    local name=$1 dir=$2 log=$3
    shift 3
    local t0=$SECONDS
    wg_log "$name: ctest $*"
    ctest --test-dir "$dir" -j"$WG_JOBS" --output-on-failure "$@" 2>&1 | tee "$log"
    local rc=${PIPESTATUS[0]} counts
    counts=$(ctest_counts "$log")
    [[ -n "$counts" ]] || { counts="no tests ran"; rc=1; }
    if (( rc == 0 )); then
        record "$name" ok "$counts, $((SECONDS - t0))s"
    else
        record "$name" FAILED "$counts, see $log"
    fi
}
# build NAME BUILD_DIR cmake-args...: configure + build; returns non-zero on failure.
build() {
    local name=$1 dir=$2
    shift 2
    local t0=$SECONDS
    wg_log "$name: configure $dir ($*)"
    configured=0
    if ! cmake -S . -B "$dir" "$@"; then
        record "$name build" FAILED "configure"
        return 1
    fi
    configured=1
    wg_log "$name: build $dir"
    if ! cmake --build "$dir" -j"$WG_JOBS"; then
        record "$name build" FAILED "compile"
        return 1
    fi
    record "$name build" ok "$((SECONDS - t0))s"
}

mkdir -p build build-asan build-tsan

# ---- 2. main build + tests (+ the memcheck twins of the Check suites, run in stage 4) ----
if build main build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWG_WERROR=ON -DWG_SANITIZE=OFF -DWG_MEMCHECK=ON \
        -DWG_BUILD_TESTS=ON -DWG_BUILD_DOCS=ON; then
    main_built=1
    run_ctest "ctest build/" build build/ctest.log -LE 'memcheck|web'
    run_ctest "web (WebAssembly, Chromium)" build build/web.log -L web
else
    main_built=0
fi
main_configured=$configured

# ---- 3. ASan + UBSan ----
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
if build asan build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWG_WERROR=ON -DWG_SANITIZE=ON -DWG_MEMCHECK=OFF \
        -DWG_BUILD_TESTS=ON -DWG_BUILD_DOCS=OFF; then
    # tests labelled nosan (a Jupyter kernel, a browser: slow, and not our code under the sanitizer)
    # run in build/ only
    run_ctest "ctest build-asan/ (ASan+UBSan)" build-asan build-asan/ctest.log -LE nosan
fi
unset ASAN_OPTIONS UBSAN_OPTIONS

# ---- 3b. ThreadSanitizer: one extra build of the library and the thread-contract test ----
t0=$SECONDS
wg_log "tsan: configure + build build-tsan (pub_test_threads)"
if cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWG_WERROR=ON -DWG_TSAN=ON -DWG_BUILD_TESTS=ON \
        -DWG_BUILD_BINDINGS=OFF -DWG_BUILD_EXAMPLES=OFF -DWG_BUILD_BENCH=OFF -DWG_BUILD_DOCS=OFF &&
        cmake --build build-tsan -j"$WG_JOBS" --target pub_test_threads; then
    if TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 CK_FORK=no build-tsan/tests/pub_test_threads \
            2>&1 | tee build-tsan/tsan.log; [[ ${PIPESTATUS[0]} -eq 0 ]]; then
        record "ThreadSanitizer (pub_test_threads)" ok "$((SECONDS - t0))s"
    else
        record "ThreadSanitizer (pub_test_threads)" FAILED "see build-tsan/tsan.log"
    fi
else
    record "ThreadSanitizer build" FAILED "configure or compile"
fi

# ---- 4. valgrind memcheck of the C test programs ----
if (( main_built )); then
    run_ctest "valgrind memcheck" build build/memcheck.log -L memcheck
else
    record "valgrind memcheck" FAILED "main build failed"
fi

# ---- 5. API reference (needs only a configured build/) ----
if (( main_configured )); then
    wg_log "doc: cmake --build build --target doc"
    t0=$SECONDS
    if cmake --build build --target doc 2>&1 | tee build/doc.log; [[ ${PIPESTATUS[0]} -eq 0 ]]; then
        record "doc (Doxygen, warnings as errors)" ok "$((SECONDS - t0))s"
    else
        record "doc (Doxygen, warnings as errors)" FAILED "see build/doc.log"
    fi
else
    record "doc" FAILED "configuring build/ failed"
fi

wg_log "summary"
for r in "${results[@]}"; do
    echo "  $r"
done
elapsed=$((SECONDS - start))
if (( failed )); then
    echo "tools/test.sh: FAILED after $((elapsed / 60))m$((elapsed % 60))s"
    exit 1
fi
echo "tools/test.sh: ALL PASSED in $((elapsed / 60))m$((elapsed % 60))s"
