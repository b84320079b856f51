#pragma once
// Live manipulation of each kind of matter in the shipped scenes: the mouse grab on the
// bodies demo's soft disc, on the default scene's frozen wax, and a disc thrown in the gas
// demo (live_matter_cases.cpp says what each does and prints).
namespace mb::bench {

// smoke: a few ticks of each, one run (so the cases cannot rot).
void run_live_matter_cases(int runs, bool smoke);

}  // namespace mb::bench
