#pragma once
// The lattices side by side (issue 38, docs/springs.md "Lattices"): pumping in 12
// directions, the strip's Young's modulus in 4, and the relaxation's cost per tick of the
// pumping scene, for the hexagonal lattice and the amorphous one (3 seeds).
namespace mb::bench {

void run_lattice_cases(int runs);

}  // namespace mb::bench
