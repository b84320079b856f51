#pragma once
// One world (meltbox-bench --world): every kind of matter in one box, with and without the
// contacts between kinds (world_cases.cpp says what each case does and prints).
namespace mb::bench {

// smoke: a few ticks of the demo, one run (so the cases cannot rot).
void run_world_cases(int runs, bool smoke);

}  // namespace mb::bench
