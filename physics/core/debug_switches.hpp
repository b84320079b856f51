#pragma once
// The switches of benchmarks and tests, grouped apart from the settings (Jolt keeps its
// debug switches in a group of their own). Not saved and not part of the state hash. The
// clocks never change what a step computes; the two algorithm switches exist so that a
// benchmark or a test can compare a step with and without an optimisation.
//
// World::debug is the one a World's tick uses: it hands it to its gas and bodies at the start
// of every tick. A Gas or PeriSystem stepped on its own reads its own `debug`.
namespace mb {

struct DebugSwitches {
  // The clocks inside the passes over contacts between kinds of matter (TickProfile::cross,
  // the gas's and the bodies' obstacle_seconds): many clock reads a tick, so off by default,
  // each then one branch. The tick's parts are always timed (world/tick_profile.hpp).
  bool time_cross_contacts = false;
  // Bodies: the next tick's first substep reuses the forces the end-of-tick refresh computed
  // where a body has not moved since (the same bits as computing them again).
  bool reuse_refresh_forces = true;
  // Bodies that cannot touch this tick take their substeps apart, each island on its own
  // plan (peri/islands.hpp); off, all bodies share the shortest step. This changes the
  // motion (other substeps), not only its cost.
  bool split_islands = true;
};

}  // namespace mb
