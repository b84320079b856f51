#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz for a bounded time each, two at a time, and fails
# on any finding: a crash, a sanitizer (ASan, UBSan, leak) report, an uncaught exception, one
# input taking over 2 s, RSS over 2 GB or one allocation over 2 GB.
#   scripts/fuzz.sh [-t SECONDS] [-j JOBS] [-b BUILD_DIR] [--no-merge] [TARGET...]
# TARGET: settings outline-csv png-mask scene-xml scene-gas-body actuator-xml world
# (default: all). The build folder (default build-asan) must have been configured with
# -DMELTBOX_FUZZ=ON (scripts/test.sh does). Inputs found that add coverage are merged into
# tests/fuzz/corpus/<target> (small files only; skipped once a target's corpus is 64 KB);
# a finding is left as build-asan/fuzz/<target>/crash-*, timeout-*, leak-* or oom-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=30 jobs=2 build=build-asan merge=1 targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    -t) seconds="$2"; shift 2 ;;
    -j) jobs="$2"; shift 2 ;;
    -b) build="$2"; shift 2 ;;
    --no-merge) merge=0; shift ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(settings outline-csv png-mask scene-xml scene-gas-body actuator-xml world)

dict_of() {
  case "$1" in
    settings) echo settings ;; outline-csv) echo csv ;; png-mask) echo png ;;
    world) echo world ;; *) echo xml ;;
  esac
}

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# One target: fuzz into a scratch folder (the repo corpus is read, never written, while
# fuzzing), then merge what adds coverage. Writes its status to $run/status.
run_one() {
  local t="$1" bin="$build/fuzz-$1" corpus="tests/fuzz/corpus/$1" run="$build/fuzz/$1"
  rm -rf "$run" && mkdir -p "$run/new"
  local limits=(-timeout=2 -rss_limit_mb=2048 -malloc_limit_mb=2048 -max_len=4096)
  local rc=0
  "$bin" "${limits[@]}" -max_total_time="$seconds" -dict="tests/fuzz/dict/$(dict_of "$t").dict" \
    -artifact_prefix="$run/" -print_final_stats=1 "$run/new" "$corpus" >"$run/log" 2>&1 || rc=$?
  if [ "$rc" -eq 0 ] && [ "$merge" -eq 1 ] && [ -n "$(ls -A "$run/new")" ]; then
    if [ "$(du -sk --apparent-size "$corpus" | cut -f1)" -lt 64 ]; then
      "$bin" "${limits[@]}" -merge=1 "$corpus" "$run/new" >"$run/merge.log" 2>&1 || rc=$?
    else
      echo "corpus at 64 KB: not merged" >"$run/merge.log"
    fi
  fi
  echo "$rc" >"$run/status"
}

for t in "${targets[@]}"; do
  [ -x "$build/fuzz-$t" ] || { echo "fuzz: no $build/fuzz-$t (configure with -DMELTBOX_FUZZ=ON)"; exit 2; }
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_one "$t" &
done
wait

failed=0
for t in "${targets[@]}"; do
  run="$build/fuzz/$t"
  rc="$(cat "$run/status" 2>/dev/null || echo 1)"
  runs="$(grep -o 'stat::number_of_executed_units: [0-9]*' "$run/log" | grep -o '[0-9]*$' || echo '?')"
  added="$(grep -o 'MERGE-OUTER: [0-9]* new files' "$run/merge.log" 2>/dev/null | grep -o '[0-9]* new' || echo '0 new')"
  if [ "$rc" -eq 0 ]; then
    echo "fuzz-$t: ok, $runs runs in ${seconds} s, corpus: ${added} files"
  else
    failed=1
    echo "fuzz-$t: FAILED (status $rc); log $run/log; input:" \
      $(find "$run" -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'timeout-*' -o -maxdepth 1 \
        -name 'leak-*' -o -maxdepth 1 -name 'oom-*' -o -maxdepth 1 -name 'slow-unit-*')
    grep -E -m 20 'ERROR|SUMMARY|fuzz: |runtime error|Test unit written' "$run/log" || tail -n 30 "$run/log"
  fi
done
if [ "$failed" -ne 0 ]; then
  echo "fuzz: fix the bug, then add the input to tests/fuzz/corpus/<target>/ as a regression file"
fi
exit "$failed"
