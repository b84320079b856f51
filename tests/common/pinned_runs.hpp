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
};

// The same bits from every build: g++ Release (its AVX2 and baseline clones of the bodies'
// loops) and the clang sanitizer builds alike. Nothing sums floating-point numbers in an
// order that follows the vector width (peri/energy.cpp adds bonds in fixed lanes), and
// -ffp-contract=off keeps a * b + c from becoming one rounding on one CPU and two on another.
inline constexpr PinnedRun kPinnedRuns[] = {
    {"one_world.xml", "one_world.cfg", 600, 0x55da90b073993831ull},
    {"pumping.xml", "pumping.cfg", 600, 0xeabb7083a9a0b7d1ull},
};

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
