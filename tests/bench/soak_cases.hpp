#pragma once
// meltbox-bench --soak: long runs of the sandbox's physics thread with a person's commands
// pushed into it, watching for memory that grows and for ticks that stall. Only in the
// sandbox build (it drives engine::SimThread); not part of the default groups (it is long).
#include <cstdint>
#include <string>

namespace mb::bench {

inline constexpr int64_t kSoakTicks = 200'000;
inline constexpr int64_t kSoakWarmupTicks = 2'000;

// Runs the default scene, the gas demo and the bodies demo (soak_scenes.hpp) for `ticks`
// each, as fast as the physics thread goes, with the commands of soak_plan.hpp, and prints
// one JSON line per scene. `only`: when not empty, just the scenes whose case name contains
// it ("pumping", "gas", "bodies").
void run_soak_cases(int64_t ticks, const std::string& only = {});

}  // namespace mb::bench
