#pragma once
#include "app/cli/cli_options.hpp"

namespace mb::cli {

// -c predict as a planner (--passes, --budget, --target-placement, --plan-out; docs/planning.md):
// plans up to K passes of one actuator (--plan-actuator; the first by default), writes the
// whole path as CSV (-o) and the actuator with it as XML (--plan-out). Returns the exit
// status; throws what load_world throws.
int plan_command(const Options& options);

}  // namespace mb::cli
