// CSV outlines, PNG masks, and the CLI's "any input" dispatch.
#include <stb_image.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "physics/io/atomic_file.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/text_number.hpp"

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

Polygon load_outline_csv(const std::string& path) {
  return parse_outline_csv(read_text_file(path), path);
}

// `path` is the origin named in messages.
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
    points.push_back(*p);
  }
  if (points.size() < 3)
    throw InputError(path + ": an outline needs at least 3 points (found " +
                     std::to_string(points.size()) + ")");
  if (area(points) == 0.0) throw InputError(path + ": the outline has zero area");
  return points;
}

void save_points_csv(const std::string& path, const std::vector<Vec2>& points) {
  std::string out = "X,Y\n";
  for (const Vec2& p : points) out += format_double(p.x) + "," + format_double(p.y) + "\n";
  write_file_atomic(path, out);
}

GreyMask load_png_mask(const std::string& path) {
  return parse_png_mask(read_text_file(path), path);
}

// `path` is the origin named in messages.
GreyMask parse_png_mask(const std::string& bytes, const std::string& path) {
  static constexpr unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (bytes.size() < 8 ||
      !std::equal(kSignature, kSignature + 8, bytes.begin(),
                  [](unsigned char a, char b) { return a == static_cast<unsigned char>(b); }))
    throw InputError(path + ": not a PNG image");
  int w = 0, h = 0, channels = 0;
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

Scene load_any_input(const std::string& input, const Settings& settings) {
  const std::string_view text = trim(input);
  if (text.empty()) throw InputError("(empty input name): cannot open");
  if (!text.empty() && text.front() == '<') return parse_scene_xml(input, "XML string");
  const std::string ext = extension(input);
  Scene scene;
  if (ext == ".xml") return load_scene_xml(input);
  if (ext == ".png") {
    scene.net = mask_spot(load_png_mask(input), settings);
    if (scene.net.particle_count() == 0)
      throw InputError(input + ": the image has no material (every pixel is 0)");
  } else if (ext == ".csv") {
    scene.net = polygon_spot(load_outline_csv(input), settings);
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
