#pragma once
// The sandbox's main loop: window, ImGui, physics thread, input, rendering.
#include "app/meltbox/options.hpp"

namespace mb::app {

// Exit codes: 0 fine, 1 a run-time failure, 2 a bad input file, 77 no OpenGL
// context could be made (tests skip on it).
inline constexpr int kExitNoGl = 77;

int run_app(const Options& options);

}  // namespace mb::app
