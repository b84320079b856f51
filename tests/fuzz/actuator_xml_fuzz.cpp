// libFuzzer target: an actuator XML string (<actuator>), read by mb::parse_actuator_xml.
// An actuator that reads is written back and read again: the second text must equal the
// first.
#include "physics/io/scene_io.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string first;
  mb::Warnings warnings;  // what the input had beyond the format is reported, not a bug
  fuzz::accept_input_error("fuzz.xml", [&] {
    first =
        mb::actuator_to_xml(mb::parse_actuator_xml(fuzz::text(data, size), "fuzz.xml", warnings));
  });
  if (first.empty()) return 0;
  std::string second;
  try {
    mb::Warnings again;
    second = mb::actuator_to_xml(mb::parse_actuator_xml(first, "written.xml", again));
    if (!again.empty()) fuzz::bug("a written actuator reads back with a warning: " + again[0]);
  } catch (const mb::InputError& e) {
    fuzz::bug(std::string("a written actuator does not read back: ") + e.what() + "\n" + first);
  }
  if (second != first) fuzz::bug("the round trip changed the actuator:\n" + first + "\n" + second);
  return 0;
}
