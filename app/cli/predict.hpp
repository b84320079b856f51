#pragma once
#include "app/cli/cli_options.hpp"

namespace mb::cli {

// -c predict: finds the best piecewise-linear move of the first actuator toward the
// target outline (-t) and writes it as CSV (-o). Returns the exit status.
int run_predict(const Options& options);

}  // namespace mb::cli
