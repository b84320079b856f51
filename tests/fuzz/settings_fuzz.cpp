// libFuzzer target: a settings .cfg (INI) text, read by mb::parse_settings.
#include "physics/io/settings_io.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  mb::Warnings warnings;  // a key read under another spelling: fine, it is reported
  fuzz::accept_input_error("fuzz.cfg", [&] {
    mb::parse_settings(fuzz::text(data, size), "fuzz.cfg", mb::SimulatorSettings{}, warnings);
  });
  return 0;
}
