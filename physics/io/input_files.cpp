// CSV outlines, PNG masks, and the CLI's "any input" dispatch.
#include <stb_image.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <stdexcept>

#include "physics/gas/generator.hpp"
#include "physics/io/atomic_file.hpp"
#include "physics/io/gas_xml.hpp"
#include "physics/io/input_files.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/peri_xml.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/text_number.hpp"
#include "physics/world/contact_views.hpp"

namespace mb {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string extension(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  const size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  return lower(path.substr(dot));
}

// "x,y" -> point; nullopt when the line is not two numbers.
std::optional<Vec2> parse_point(std::string_view line) {
  const size_t comma = line.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  const auto x = parse_double(line.substr(0, comma));
  const auto y = parse_double(line.substr(comma + 1));
  if (!x || !y) return std::nullopt;
  return Vec2{*x, *y};
}

}  // namespace

Polygon parse_outline_csv(const std::string& text, const std::string& path) {
  std::istringstream in(text);
  std::string raw;
  Polygon points;
  int line = 0;
  bool header_seen = false;
  while (std::getline(in, raw)) {
    ++line;
    std::string_view s = trim(raw);
    if (line == 1 && s.starts_with("\xEF\xBB\xBF")) s = trim(s.substr(3));
    if (s.empty()) continue;
    if (!header_seen && points.empty()) {
      header_seen = true;
      std::string h;
      for (char c : s)
        if (c != ' ' && c != '\t')
          h += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (h == "x,y") continue;  // the header; a file may also start with the first point
    }
    const auto p = parse_point(s);
    if (!p)
      throw InputError(path + ": line " + std::to_string(line) +
                       ": expected 'x,y' (two numbers), got '" + std::string(s) + "'");
    if (!std::isfinite(p->x) || !std::isfinite(p->y))
      throw InputError(path + ": line " + std::to_string(line) + ": coordinates must be finite");
    if (std::abs(p->x) > kMaxCoordinate || std::abs(p->y) > kMaxCoordinate)
      throw InputError(path + ": line " + std::to_string(line) + ": coordinates '" +
                       std::string(s) + "' are out of range (|x| and |y| at most " +
                       format_double(kMaxCoordinate) + ")");
    points.push_back(*p);
  }
  if (points.size() < 3)
    throw InputError(path + ": an outline needs at least 3 points (found " +
                     std::to_string(points.size()) + ")");
  if (area(points) == 0.0) throw InputError(path + ": the outline has zero area");
  return points;
}

Polygon load_outline_csv(const std::string& path) {
  return parse_outline_csv(read_text_file(path), path);
}

void save_points_csv(const std::string& path, const std::vector<Vec2>& points) {
  std::string out = "X,Y\n";
  for (const Vec2& p : points) out += format_double(p.x) + "," + format_double(p.y) + "\n";
  write_file_atomic(path, out);
}

namespace {
// Every chunk (4-byte length, 4-byte type, data, 4-byte CRC) must lie inside the file. The
// decoder reserves a chunk's claimed length before reading it, so a 500-byte file whose
// IDAT claims 1.7 GB had it allocate 2 GB (found by the png-mask fuzz target).
void check_png_chunks(const std::string& bytes, const std::string& path) {
  size_t at = 8;  // after the signature
  while (at + 8 <= bytes.size()) {
    uint32_t length = 0;
    for (int k = 0; k < 4; ++k) length = (length << 8) | static_cast<unsigned char>(bytes[at + k]);
    const std::string type = bytes.substr(at + 4, 4);
    const size_t left = bytes.size() - at - 8;
    if (static_cast<uint64_t>(length) + 4 > left)
      throw InputError(path + ": PNG chunk '" + type + "' at byte " + std::to_string(at) +
                       " claims " + std::to_string(length) + " bytes, but the file has " +
                       std::to_string(left) + " left (truncated or corrupt)");
    if (type == "IEND") return;
    at += 12 + static_cast<size_t>(length);
  }
}
}  // namespace

GreyMask parse_png_mask(const std::string& bytes, const std::string& path) {
  static constexpr unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (bytes.size() < 8 ||
      !std::equal(kSignature, kSignature + 8, bytes.begin(),
                  [](unsigned char a, char b) { return a == static_cast<unsigned char>(b); }))
    throw InputError(path + ": not a PNG image");
  check_png_chunks(bytes, path);
  int w = 0, h = 0, channels = 0;
  const auto* raw = reinterpret_cast<const stbi_uc*>(bytes.data());
  const int size = static_cast<int>(std::min<size_t>(bytes.size(), INT32_MAX));
  if (stbi_info_from_memory(raw, size, &w, &h, &channels) &&
      static_cast<double>(w) * static_cast<double>(h) > static_cast<double>(kMaxMaskPixels))
    throw InputError(path + ": the image is " + std::to_string(w) + " x " + std::to_string(h) +
                     " pixels (at most " + std::to_string(kMaxMaskPixels) + " pixels allowed)");
  stbi_uc* data = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()),
                                        static_cast<int>(bytes.size()), &w, &h, &channels, 1);
  if (!data) {
    const char* why = stbi_failure_reason();
    throw InputError(path + ": cannot decode the PNG image" +
                     (why ? std::string(" (") + why + ")" : ""));
  }
  GreyMask mask;
  mask.width = w;
  mask.height = h;
  mask.pixels.assign(data, data + static_cast<size_t>(w) * static_cast<size_t>(h));
  stbi_image_free(data);
  return mask;
}

GreyMask load_png_mask(const std::string& path) {
  return parse_png_mask(read_text_file(path), path);
}

// A lattice builder's refusal (a region too large to fill) as an InputError naming `origin`.
template <class Build>
SpringNetwork build_spot(const std::string& origin, Build&& build) {
  try {
    return build();
  } catch (const Error& e) {
    throw InputError(origin + ": " + e.what());
  }
}

namespace {
// Generated discs that landed inside the spring material or a body are placed again
// outside it (gas::move_out_of): a disc must not start trapped in the wax.
void keep_generated_gas_out(World& w, int32_t generated_from, const std::string& origin) {
  if (w.gas.size() <= generated_from) return;
  ContactView matter;
  add_particles(matter, w.net, w.settings, {}, {}, 0.0);
  std::vector<double> x, y;
  body_positions(w.bodies, x, y);
  add_body_points(matter, w.bodies, x, y, 1.0);  // where they are, at rest
  try {
    gas::move_out_of(w.gas, w.box, generated_from, matter, w.gas.rng_state ^ 0x6f75747369646521ull);
  } catch (const Error& e) {
    throw InputError(origin + ": <gas>: " + e.what());
  }
}
}  // namespace

World world_from_scene(Scene scene, const SimulatorSettings& settings, const std::string& origin) {
  World w;
  w.settings = settings;
  w.net = std::move(scene.net);
  for (const SpotSpec& spot : scene.spots) {
    const SpringNetwork more = build_spot_network(spot, settings);
    build_spot(spot.where, [&] {
      append_network(w.net, more);
      return SpringNetwork{};
    });
  }
  w.actuators = std::move(scene.actuators);
  w.time = scene.time;
  const int32_t generated_from = scene.gas ? scene.gas->generated_from : 0;
  install_gas(w, std::move(scene.gas));            // a <gas> element and its box (gas_xml)
  install_bodies(w.bodies, scene.bodies, origin);  // <body> elements (peri_xml)
  if (scene.body_settings) w.bodies.settings = *scene.body_settings;
  keep_generated_gas_out(w, generated_from, origin);
  return w;
}

Scene load_any_input(const std::string& input, const SimulatorSettings& settings) {
  const std::string_view text = trim(input);
  if (text.empty()) throw InputError("(empty input name): cannot open");
  if (!text.empty() && text.front() == '<') return parse_scene_xml(input, "XML string");
  const std::string ext = extension(input);
  Scene scene;
  if (ext == ".xml") return load_scene_xml(input);
  if (ext == ".png") {
    const GreyMask mask = load_png_mask(input);
    scene.net = build_spot(input, [&] { return mask_spot(mask, settings); });
    if (scene.net.particle_count() == 0)
      throw InputError(input + ": the image has no material (every pixel is 0)");
  } else if (ext == ".csv") {
    const Polygon outline = load_outline_csv(input);
    scene.net = build_spot(input, [&] { return polygon_spot(outline, settings); });
    if (scene.net.particle_count() == 0)
      throw InputError(input + ": the outline is too small to hold a particle at lattice spacing " +
                       format_double(settings.lattice_spacing()));
  } else {
    read_text_file(input);  // a missing file says "cannot open" first
    throw InputError(input + ": unknown input type (expected .png, .csv, .xml or an XML string)");
  }
  return scene;
}

}  // namespace mb
