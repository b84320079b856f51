#!/usr/bin/env bash
# Builds meltbox and runs the test suite, then fuzzes the readers. All must pass:
#   1. Release (g++, build/): every test;
#   2. AddressSanitizer + UndefinedBehaviorSanitizer (clang, build-asan/): every test but
#      the benchmark's smoke test, and the fuzz corpora once through (label fuzz); then each
#      libFuzzer target for 30 s (scripts/fuzz.sh). The same objects serve the tests and
#      the fuzz targets (-DMELTBOX_FUZZ=ON);
#   3. ThreadSanitizer (clang, build-tsan/): the engine's thread tests only (label tsan),
#      each file compiled on its own (no unity build), which checks its includes.
# Each step prints its wall and CPU time; docs/testing.md lists what each costs.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(nproc)"
step() {
  local TIMEFORMAT="test.sh: $1: %0R s (cpu %0U+%0S s)"
  shift
  time "$@"
}
step deps bash scripts/deps.sh

step release-configure cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DMELTBOX_SANDBOX=ON >/dev/null
step release-build cmake --build build -j"$jobs"
step release-test ctest --test-dir build --output-on-failure -j"$jobs" -LE "^python$"
# The Python module's pytest suite, verbosely: its closing line ("N passed in S s") shows.
step release-python ctest --test-dir build -L python -V

# The physics library at -O1, the rest at -O0 (CMakeLists.txt: MELTBOX_SANITIZE_OPT).
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
step asan-configure cmake -S . -B build-asan -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=Debug -DMELTBOX_SANITIZE=address,undefined -DMELTBOX_FUZZ=ON \
  -DMELTBOX_SANDBOX=ON >/dev/null
fuzzers=(settings outline-csv png-mask scene-xml scene-gas-body actuator-xml world)
step asan-build cmake --build build-asan -j"$jobs" --target meltbox-unit-tests meltbox-cli-tests \
  meltbox-engine-tests meltbox-gui-tests "${fuzzers[@]/#/fuzz-}"
step asan-test ctest --test-dir build-asan --output-on-failure -j"$jobs" -LE 'no-sanitizer|bench'
step fuzz bash scripts/fuzz.sh -t 30 -j "$jobs" "${fuzzers[@]}"

# The engine's threads (physics thread, command queue, triple buffer): -O0 throughout, and
# no unity build, so the physics library's and the engine's files each compile on their own.
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
step tsan-configure cmake -S . -B build-tsan -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=Debug -DMELTBOX_SANITIZE=thread -DMELTBOX_SANITIZE_OPT=-O0 -DMELTBOX_UNITY_BUILD=OFF \
  -DMELTBOX_SANDBOX=ON >/dev/null
step tsan-build cmake --build build-tsan -j"$jobs" --target meltbox-engine-tests
step tsan-test ctest --test-dir build-tsan --output-on-failure -j"$jobs" -L tsan
