#pragma once
// The pinned runs: two shipped scenes, as the sandbox and `meltbox-cli -w -s CFG` load them,
// ticked 600 times, and the state_hash they must end with (Box2D's test_determinism.c pins
// its EXPECTED_HASH the same way). The determinism test (unit), the replay test (engine) and
// the CLI test check these same numbers, so a change that alters any run in any of them
// fails all three until the pin is updated on purpose, with the reason in the commit.
#include <cstdint>

#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/world/world.hpp"

namespace mb::test {

struct PinnedRun {
  const char* scene;     // in assets/
  const char* settings;  // in configs/
  int64_t ticks;
  uint64_t hash;  // state_hash after `ticks` ticks (no run's end)
  // The same bits from every compiler and CPU. A run with peridynamic bodies is not: their
  // force loops sum a point's bonds with SIMD reductions (peri/energy.cpp), whose order
  // follows the vector width, and g++ builds those loops for AVX2 and for baseline x86-64
  // (point_terms.hpp) while clang builds one baseline version. Its pin is the Release build's
  // (g++ -O2 on an AVX2 machine, as the README's commands build it); the clang builds
  // (sanitizers) check everything else about it but not that number.
  bool portable;
};

// The Release build's numbers; a build that cannot reproduce a run that is not portable skips it.
inline constexpr PinnedRun kPinnedRuns[] = {
    {"one_world.xml", "one_world.cfg", 600, 0xa85389abb6ef7b50ull, false},
    {"pumping.xml", "pumping.cfg", 600, 0xeabb7083a9a0b7d1ull, true},
};

// True where this build gives the Release build's bits for `run` (g++, not a sanitizer).
inline constexpr bool reproduces(const PinnedRun& run) {
#if defined(__clang__) || !defined(__x86_64__)
  return run.portable;
#else
  return run.portable || true;  // the Release build reproduces every pin
#endif
}

// The scene as `meltbox-cli -c simulate -i assets/SCENE -s configs/SETTINGS -w` loads it, its
// gas and bodies on `threads` worker threads.
inline World load_pinned(const PinnedRun& run, const std::string& source_dir, int threads) {
  Warnings warnings;
  const SimulatorSettings settings =
      load_settings(source_dir + "/configs/" + run.settings, warnings);
  const std::string scene_path = source_dir + "/assets/" + run.scene;
  World world = world_from_scene(load_any_input(scene_path, settings), settings, scene_path);
  world.inelastic = true;
  world.gas.settings.threads = threads;
  world.bodies.settings.threads = threads;
  return world;
}

}  // namespace mb::test
