#include "app/cli/convert.hpp"

#include "app/cli/load_world.hpp"

namespace mb::cli {

int run_convert(const Options& options) {
  return run_reporting_errors([&] {
    const World world = load_world(options);
    if (!options.output.empty()) check_output_path(options.output);
    if (!options.simulator_output.empty()) check_output_path(options.simulator_output);
    write_outputs(options, world);
    return kExitOk;
  });
}

}  // namespace mb::cli
