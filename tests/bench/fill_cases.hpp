#pragma once
// Filling an outline with the lattice: the scanline fill against the winding-number test
// per lattice point (the way it was done before), on a 200,000-point outline.
namespace mb::bench {

void run_fill_cases(int runs);

}  // namespace mb::bench
