#pragma once
// What simulate and predict share: loading the World and reporting errors.
#include <functional>

#include "app/cli/cli_options.hpp"
#include "physics/world/world.hpp"

namespace mb::cli {

// Settings (-s) first, then the input (-i) built with them, then the actuators (-a),
// which replace the input's own. Throws InputError for bad files.
World load_world(const Options& options);

// Fails before a run, rather than after it, when an output cannot be written there.
void check_output_path(const std::string& path);

// Runs `command` and returns its exit status; an InputError becomes kExitInput and any
// other exception kExitFailure, each reported as one line on stderr.
int run_reporting_errors(const std::function<int()>& command);

}  // namespace mb::cli
