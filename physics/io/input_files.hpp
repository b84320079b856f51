#pragma once
// The inputs that are not XML: CSV outlines and paths, PNG masks; and the two steps every
// front end takes from an input to a World (load_any_input, world_from_scene). Defined in
// input_files.cpp.
#include <cstdint>
#include <string>
#include <vector>

#include "physics/geometry/grey_mask.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/world/world.hpp"

namespace mb {

// A PNG mask holds at most this many pixels (checked from its header, before decoding).
inline constexpr int64_t kMaxMaskPixels = 100'000'000;

// CSV outline: header "X,Y" then one "x,y" point a line; at least 3 points, coordinates
// within kMaxCoordinate (scene_io.hpp). parse_outline_csv reads the file's text; `origin`
// names it in errors.
Polygon parse_outline_csv(const std::string& text, const std::string& origin);
Polygon load_outline_csv(const std::string& path);
// CSV path: header "X,Y" then points (predict's output), written atomically.
void save_points_csv(const std::string& path, const std::vector<Vec2>& points);

// PNG mask: converted to greyscale; throws InputError if not a readable PNG or larger
// than kMaxMaskPixels. parse_png_mask reads the file's bytes; `origin` names it in errors.
GreyMask parse_png_mask(const std::string& bytes, const std::string& origin);
GreyMask load_png_mask(const std::string& path);

// The World a scene file describes, built with `settings`: its network, actuators, time,
// gas (and the gas's box) and bodies (InputError naming `origin` for a body that cannot be
// built). The simulator kind (World::inelastic) is the caller's choice.
World world_from_scene(Scene scene, const SimulatorSettings& settings, const std::string& origin);

// Any input the CLI's -i accepts: .png, .csv, .xml (state or simulator), or an XML
// string (text starting with '<'). Settings give the lattice for PNG and CSV.
Scene load_any_input(const std::string& input, const SimulatorSettings& settings);

}  // namespace mb
