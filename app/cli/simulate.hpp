#pragma once
#include "app/cli/cli_options.hpp"

namespace mb::cli {

// -c simulate: loads the settings, the input and the actuators, runs, and writes the
// outputs at the end (atomically). Returns the exit status; errors go to stderr.
int run_simulate(const Options& options);

}  // namespace mb::cli
