// libFuzzer target: a PNG mask, read by mb::parse_png_mask, then filled with a spring
// lattice as meltbox-cli -i mask.png does (when the lattice fits the budget).
#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "tests/fuzz/budget.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::accept_input_error("fuzz.png", [&] {
    const mb::GreyMask mask = mb::parse_png_mask(fuzz::text(data, size), "fuzz.png");
    if (mask.pixels.size() != static_cast<size_t>(mask.width) * static_cast<size_t>(mask.height))
      fuzz::bug("the mask's pixel count is not width x height");
    const mb::SimulatorSettings settings;
    const mb::Box bounds{{0.0, 0.0}, {mask.width - 1.0, mask.height - 1.0}};
    if (fuzz::lattice_sites(bounds, settings) <= fuzz::kMaxLatticeSites)
      mb::mask_spot(mask, settings);
  });
  return 0;
}
