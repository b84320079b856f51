#pragma once
// meltbox-bench's peridynamic-body cases (physics/peri): a body of 5,000 or 20,000 points at
// delta = 3 spacing dropped onto the floor, on 1 and 2 threads.
namespace mb::bench {

// Prints one JSON line per (points, threads). `smoke`: one small body, a few ticks.
void run_peri_cases(bool smoke);

}  // namespace mb::bench
