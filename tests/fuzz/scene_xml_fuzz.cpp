// libFuzzer target: scene XML (<state>, <simulator>, with <gas>, <body> and
// <body-settings>), read by mb::parse_scene_xml. Two executables share this file: one
// seeded with spring networks and actuators, one with gas and bodies (tests/fuzz/corpus).
// A scene that reads is written back and read again: the second text must equal the first
// (the writer's output always reads, and the round trip is exact).
#include "physics/io/scene_io.hpp"
#include "tests/fuzz/budget.hpp"
#include "tests/fuzz/fuzz_input.hpp"

namespace {

std::string to_xml(const mb::Scene& s) {
  return mb::write_scene_xml(s, mb::SceneRoot::Simulator);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input = fuzz::text(data, size);
  if (fuzz::generated_discs(input) > fuzz::kMaxGeneratedDiscs) return 0;
  std::string first;
  fuzz::accept_input_error("fuzz.xml",
                           [&] { first = to_xml(mb::parse_scene_xml(input, "fuzz.xml")); });
  if (first.empty()) return 0;
  std::string second;
  try {
    const mb::Scene back = mb::parse_scene_xml(first, "written.xml");
    if (!back.warnings.empty())
      fuzz::bug("a written scene reads back with a warning: " + back.warnings[0]);
    second = to_xml(back);
  } catch (const mb::InputError& e) {
    fuzz::bug(std::string("a written scene does not read back: ") + e.what() + "\n" + first);
  }
  if (second != first) fuzz::bug("the round trip changed the scene:\n" + first + "\n" + second);
  return 0;
}
