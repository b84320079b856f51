#pragma once
// What simulate, predict and convert share: loading the World, writing the outputs and
// reporting errors.
#include <functional>

#include "app/cli/cli_options.hpp"
#include "physics/world/world.hpp"

namespace mb::cli {

// Settings (-s) first, then the input (-i) built with them, then the actuators (-a: files
// or XML strings), which replace the input's own. Throws InputError for bad files; prints
// each reader's warning (a key read under another spelling, an unknown attribute skipped)
// on stderr.
World load_world(const Options& options);

// Fails before a run, rather than after it, when an output cannot be written there.
void check_output_path(const std::string& path);

// Writes -o (state XML, or the outline when it ends in .csv) and -S (simulator XML), each
// atomically. With neither and no --stats, the state XML goes to standard output, as the
// original's command line does.
void write_outputs(const Options& options, const World& world);

// Runs `command` and returns its exit status; an InputError becomes kExitInput and any
// other exception kExitFailure, each reported as one line on stderr.
int run_reporting_errors(const std::function<int()>& command);

}  // namespace mb::cli
