#pragma once
// meltbox-bench's peridynamic-body cases (physics/peri): a body of 5,000 or 20,000 points at
// delta = 3 spacing dropped onto the floor, on 1 and 2 threads.
namespace mb::bench {

// Prints one JSON line per (material, points, threads), the median of `runs`, after the force-pass
// timings of the 20,000-point body (`runs` x 10 calls each). `smoke`: one small body, a few ticks.
void run_peri_cases(int runs, bool smoke);

}  // namespace mb::bench
