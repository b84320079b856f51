// meltbox: the interactive sandbox.
#include "app/meltbox/app.hpp"

int main(int argc, char** argv) {
  int exit_code = 0;
  const auto options = mb::app::parse_options(argc, argv, exit_code);
  if (!options) return exit_code;
  return mb::app::run_app(*options);
}
