#pragma once
// meltbox-bench's gas cases: hard discs at area fraction 0.3, 60 ticks per simulated second.
namespace mb::bench {

// Prints one JSON line per (disc count, broad phase). `smoke`: one small case, few ticks.
void run_gas_cases(bool smoke);

}  // namespace mb::bench
