#!/bin/sh
# Builds the libFuzzer targets with clang in build-fuzz/ and runs each for SECONDS (default 60),
# starting from a copy of the committed seed corpus fuzz/corpus/<target>/.  Prints executions,
# executions per second and coverage per target; exits non-zero when any target crashed
# (crash inputs are kept in build-fuzz/artifacts/).
#   fuzz/run.sh [SECONDS] [TARGET...]        targets: data map table oob load game setup
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-data map table oob load game setup aigles}
build=${WG_FUZZ_BUILD:-$root/build-fuzz}
cc=${CC:-clang}
case $cc in *clang*) ;; *) cc=clang ;; esac

mkdir -p "$build"
printf '*\n' >"$build/.gitignore"
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWG_BUILD_FUZZ=ON \
    -DWG_BUILD_TESTS=OFF -DWG_BUILD_BINDINGS=OFF -DWG_BUILD_EXAMPLES=OFF -DWG_BUILD_BENCH=OFF \
    -DWG_BUILD_DOCS=OFF >"$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 2; }
for t in $targets; do
    cmake --build "$build" -j2 --target "fuzz_$t" >"$build/build-$t.log" 2>&1 || { cat "$build/build-$t.log"; exit 2; }
done

status=0
mkdir -p "$build/artifacts"
printf '%-6s %12s %9s %7s %7s %8s  %s\n' target executions exec/s cov ft corpus result
for t in $targets; do
    work=$build/corpus/$t
    mkdir -p "$work"
    log=$build/fuzz-$t.log
    "$build/fuzz/fuzz_$t" -max_total_time="$secs" -timeout=60 -print_final_stats=1 \
        -artifact_prefix="$build/artifacts/$t-" "$work" "$here/corpus/$t" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
    if [ $rc -eq 0 ]; then result=ok; else result="CRASH (exit $rc, see $log)"; status=1; fi
    printf '%-6s %12s %9s %7s %7s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$result"
    if [ $rc -ne 0 ]; then
        grep -E 'ERROR|SUMMARY|Test unit written|#[0-9]+ in ' "$log" | head -20
    fi
done
exit $status
