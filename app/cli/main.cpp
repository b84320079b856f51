// meltbox-cli: the Spring Simulator's command line (see README "Command line").
#include <iostream>

#include "app/cli/cli_options.hpp"
#include "app/cli/convert.hpp"
#include "app/cli/predict.hpp"
#include "app/cli/simulate.hpp"

int main(int argc, char** argv) {
  using namespace mb::cli;
  const ParseResult parsed = parse_command_line(argc, argv);
  if (!parsed.options) return parsed.exit_status;
  const Options& options = *parsed.options;
  if (options.command == "predict") return run_predict(options);
  if (options.command == "convert") return run_convert(options);
  return run_simulate(options);
}
