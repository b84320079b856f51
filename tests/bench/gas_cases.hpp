#pragma once
// meltbox-bench's gas cases: hard discs at area fraction 0.3, 60 ticks per simulated second.
namespace mb::bench {

// Prints one JSON line per (disc count, broad phase, threads), with the medians of `runs`
// repetitions. `smoke`: one small case on 1 and 2 threads, few ticks, once.
void run_gas_cases(bool smoke, int runs = 3);

}  // namespace mb::bench
