#include "physics/io/spot_xml.hpp"

#include <tinyxml2.h>

#include <cmath>

#include "physics/io/input_files.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/text_number.hpp"
#include "physics/io/xml_attributes.hpp"
#include "physics/springs/lattice.hpp"

namespace mb {

namespace {

using tinyxml2::XMLElement;
using xml::fail;

// Sizes and places are bounded as outlines' coordinates are (kMaxCoordinate, scene_io.hpp),
// so that areas and lattice extents stay finite.
double coordinate(const std::string& origin, const XMLElement* el, const char* name) {
  const double v = xml::finite(origin, el, name).value_or(0.0);
  if (!(std::abs(v) <= kMaxCoordinate))
    fail(origin, el, std::string("attribute '") + name + "' must be within +-1e9");
  return v;
}

double positive(const std::string& origin, const XMLElement* el, const char* name,
                double fallback) {
  const double v = xml::finite(origin, el, name).value_or(fallback);
  if (!(v > 0.0 && v <= kMaxCoordinate))
    fail(origin, el, std::string("attribute '") + name + "' must be above 0 and at most 1e9");
  return v;
}

SpotSpec read_spot(const std::string& origin, const XMLElement* el) {
  SpotSpec s;
  s.where = origin + ": line " + std::to_string(el->GetLineNum()) + ": <spot>";
  const int k = xml::shape_index(origin, el);
  s.shape = static_cast<SpotShape>(k);
  s.at = {coordinate(origin, el, "x"), coordinate(origin, el, "y")};
  s.radius = positive(origin, el, "radius", s.radius);
  s.width = positive(origin, el, "width", s.width);
  s.height = positive(origin, el, "height", s.height);
  if (const char* lattice = el->Attribute("lattice")) {
    s.lattice = lattice_from_string(trim(lattice));
    if (!s.lattice)
      fail(origin, el,
           std::string("attribute 'lattice' = '") + lattice +
               "': must be hexagonal, square or amorphous");
  }
  if (const char* seed = el->Attribute("lattice-seed")) {
    const auto v = parse_integer(seed);
    if (!v || *v < 0 || *v > kMaxLatticeSeed)
      fail(origin, el,
           std::string("attribute 'lattice-seed' = '") + seed +
               "': must be a whole number in 0..2^53 - 1");
    s.lattice_seed = *v;
  }
  const char* source = el->Attribute("source");
  const bool has_points = el->FirstChildElement("point") != nullptr;
  if (has_points && s.shape != SpotShape::Polygon)
    fail(origin, el, "only a polygon spot has <point>s");
  if (s.shape == SpotShape::Polygon) {
    if (source && has_points) fail(origin, el, "give a polygon a source or <point>s, not both");
    if (!source) {
      for (const XMLElement* p = el->FirstChildElement("point"); p;
           p = p->NextSiblingElement("point")) {
        if (!p->Attribute("x") || !p->Attribute("y"))
          fail(origin, p, "a point needs attributes 'x' and 'y'");
        s.outline.push_back(s.at + Vec2{coordinate(origin, p, "x"), coordinate(origin, p, "y")});
      }
      if (s.outline.size() < 3) fail(origin, el, "a polygon spot needs at least 3 <point>s");
    }
  }
  if (s.shape == SpotShape::Mask && !source)
    fail(origin, el, "a mask spot needs attribute 'source' (a PNG file)");
  if (!source || (s.shape != SpotShape::Polygon && s.shape != SpotShape::Mask)) return s;
  try {
    if (s.shape == SpotShape::Polygon) {
      s.outline = load_outline_csv(xml::resolve_source(origin, source));
      for (Vec2& p : s.outline) p += s.at;
    } else {
      s.mask = load_png_mask(xml::resolve_source(origin, source));
    }
  } catch (const InputError& e) {
    fail(origin, el, std::string("attribute 'source': ") + e.what());
  }
  return s;
}

}  // namespace

std::vector<SpotSpec> read_spots_xml(const std::string& origin, const XMLElement* parent) {
  std::vector<SpotSpec> out;
  for (const XMLElement* el = parent->FirstChildElement("spot"); el;
       el = el->NextSiblingElement("spot"))
    out.push_back(read_spot(origin, el));
  return out;
}

SpringNetwork build_spot_network(const SpotSpec& spot, const SimulatorSettings& base) {
  SimulatorSettings settings = base;
  if (spot.lattice) settings.lattice = *spot.lattice;
  if (spot.lattice_seed) settings.lattice_seed = *spot.lattice_seed;
  try {
    SpringNetwork net;
    switch (spot.shape) {
      case SpotShape::Circle:
        net = circle_spot(spot.at, spot.radius, settings);
        break;
      case SpotShape::Rectangle: {
        const Vec2 half{0.5 * spot.width, 0.5 * spot.height};
        net = rectangle_spot(spot.at - half, spot.at + half, settings);
        break;
      }
      case SpotShape::Polygon:
        net = polygon_spot(spot.outline, settings);
        break;
      case SpotShape::Mask:
        net = mask_spot(spot.mask, settings);
        for (double& x : net.x) x += spot.at.x;
        for (double& y : net.y) y += spot.at.y;
        break;
    }
    if (net.particle_count() == 0)
      throw InputError(spot.where + ": the spot holds no particle at lattice spacing " +
                       format_double(settings.lattice_spacing()));
    return net;
  } catch (const InputError&) {
    throw;  // names its place already
  } catch (const Error& e) {
    throw InputError(spot.where + ": " + e.what());
  }
}

void append_network(SpringNetwork& net, const SpringNetwork& more) {
  const int32_t offset = net.particle_count();
  if (static_cast<int64_t>(offset) + more.particle_count() > kMaxSpotParticles)
    throw Error("the scene holds more than the " + std::to_string(kMaxSpotParticles) +
                " particles allowed");
  for (int32_t i = 0; i < more.particle_count(); ++i) {
    const int32_t p = net.add_particle(more.x[i], more.y[i], more.radius[i]);
    net.movable[p] = more.movable[i];
    net.state[p] = more.state[i];
    net.freeze_tick[p] = more.freeze_tick[i];
    net.enthalpy[p] = more.enthalpy[i];
  }
  for (int32_t s = 0; s < more.spring_count(); ++s)
    net.add_spring(more.a[s] + offset, more.b[s] + offset, more.rest_length[s], more.stiffness[s]);
}

}  // namespace mb
