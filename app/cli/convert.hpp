#pragma once
#include "app/cli/cli_options.hpp"

namespace mb::cli {

// -c convert: loads the settings, the input and the actuators like simulate, runs nothing,
// and writes the outputs (-o state XML or .csv outline, -S simulator XML). The original's
// command line does the same when it has no actuator to run ("only an input-output type
// conversion will occur"). Returns the exit status.
int run_convert(const Options& options);

}  // namespace mb::cli
