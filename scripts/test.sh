#!/usr/bin/env bash
# Builds meltbox and runs the whole test suite twice: a Release build (build/), then a build
# with AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/); then the engine's thread
# tests under ThreadSanitizer (build-tsan/). All must pass.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
jobs="$(nproc)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DMELTBOX_SANDBOX=ON >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs")
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DMELTBOX_SANITIZE=address,undefined \
  -DMELTBOX_SANDBOX=ON >/dev/null
cmake --build build-asan -j"$jobs"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
(cd build-asan && ctest --output-on-failure -j"$jobs" -LE no-sanitizer)

# The engine's threads (physics thread, command queue, triple buffer) under
# ThreadSanitizer: only the engine tests are built and run here (label "tsan").
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DMELTBOX_SANITIZE=thread -DMELTBOX_SANDBOX=ON >/dev/null
cmake --build build-tsan -j"$jobs" --target meltbox-engine-tests
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
(cd build-tsan && ctest --output-on-failure -j"$jobs" -L tsan)
