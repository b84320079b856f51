// libFuzzer target: a CSV outline, read by mb::parse_outline_csv, then filled with a spring
// lattice as meltbox-cli -i outline.csv does (when the lattice fits the budget).
#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "tests/fuzz/budget.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::accept_input_error("fuzz.csv", [&] {
    const mb::Polygon outline = mb::parse_outline_csv(fuzz::text(data, size), "fuzz.csv");
    const mb::SimulatorSettings settings;
    if (fuzz::lattice_sites(mb::bounding_box(outline), settings) <= fuzz::kMaxLatticeSites)
      mb::polygon_spot(outline, settings);
  });
  return 0;
}
