#include "physics/io/peri_xml.hpp"

#include <tinyxml2.h>

#include <cmath>
#include <stdexcept>
#include <string_view>

#include "physics/io/input_files.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/parameter_xml.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/text_number.hpp"
#include "physics/io/xml_attributes.hpp"
#include "physics/peri/material_parameters.hpp"
#include "physics/peri/system.hpp"

namespace mb {

namespace {

using tinyxml2::XMLElement;

using xml::attr;
using xml::fail;

// A finite number, or `fallback` when the attribute is absent.
double number(const std::string& origin, const XMLElement* el, const char* name, double fallback) {
  return xml::finite(origin, el, name).value_or(fallback);
}

// Checks a value read from attribute `name`.
void check(const std::string& origin, const XMLElement* el, bool ok, const char* name,
           const char* rule) {
  if (!ok)
    fail(origin, el,
         std::string("attribute '") + name + "' = '" + el->Attribute(name) + "': " + rule);
}

double positive(const std::string& origin, const XMLElement* el, const char* name,
                double fallback) {
  const double v = number(origin, el, name, fallback);
  if (el->Attribute(name)) check(origin, el, v > 0.0, name, "must be greater than 0");
  return v;
}

// Calls fn(token) for each run of characters between `separators` in `text`.
template <class Fn>
void for_each_token(std::string_view text, const char* separators, Fn&& fn) {
  while (true) {
    const size_t start = text.find_first_not_of(separators);
    if (start == std::string_view::npos) return;
    text.remove_prefix(start);
    const size_t end = std::min(text.find_first_of(separators), text.size());
    fn(text.substr(0, end));
    text.remove_prefix(end);
  }
}

// Six weights (A_2 A_3 A_4 B_2 B_3 B_4), separated by blanks or commas.
void weights(const std::string& origin, const XMLElement* el, const char* name, NonlinearMix& mix) {
  const char* v = el->Attribute(name);
  if (!v) return;
  NonlinearMix out;
  size_t count = 0;
  double sum = 0.0;
  for_each_token(v, " \t\r\n,", [&](std::string_view token) {
    const auto d = parse_double(token);
    check(origin, el, d && std::isfinite(*d) && count < 6, name,
          "must be six finite numbers (weights of A2 A3 A4 B2 B3 B4)");
    out.w[count++] = *d;
    sum += *d;
  });
  check(origin, el, count == 6, name, "must be six finite numbers (weights of A2 A3 A4 B2 B3 B4)");
  check(origin, el, sum != 0.0, name, "the weights must not sum to 0");
  mix = out;
}

void read_shape(const std::string& origin, const XMLElement* el, PeriShape& s) {
  const int k = xml::shape_index(origin, el);
  s.kind = static_cast<PeriShapeKind>(k);
  s.radius = positive(origin, el, "radius", s.radius);
  s.width = positive(origin, el, "width", s.width);
  s.height = positive(origin, el, "height", s.height);
  s.mask_scale = positive(origin, el, "mask-scale", s.mask_scale);
  if (const char* src = el->Attribute("source")) s.source = src;
  const bool has_points = el->FirstChildElement("point") != nullptr;
  for (const XMLElement* c = el->FirstChildElement(); c; c = c->NextSiblingElement()) {
    const std::string_view name = c->Name();
    // <motion> and <broken> are read_motion's; unknown elements are reported by the schema
    // walk (xml_schema.hpp). A <point> is known, but only a polygon has an outline.
    if (name == "point" && s.kind != PeriShapeKind::Polygon)
      fail(origin, c, "only a polygon body has <point>s (this body's shape is not a polygon)");
  }
  if (s.kind == PeriShapeKind::Polygon) {
    if (!s.source.empty() && has_points)
      fail(origin, el, "give a polygon a source or <point>s, not both");
    if (s.source.empty()) {
      for (const XMLElement* p = el->FirstChildElement("point"); p;
           p = p->NextSiblingElement("point")) {
        if (!p->Attribute("x")) fail(origin, p, "missing attribute 'x'");
        if (!p->Attribute("y")) fail(origin, p, "missing attribute 'y'");
        s.outline.push_back({number(origin, p, "x", 0.0), number(origin, p, "y", 0.0)});
      }
      if (s.outline.size() < 3) fail(origin, el, "a polygon body needs at least 3 <point>s");
    }
  }
  if (s.kind == PeriShapeKind::Mask && s.source.empty())
    fail(origin, el, "a mask body needs attribute 'source' (a PNG file)");
  if (s.source.empty() || (s.kind != PeriShapeKind::Polygon && s.kind != PeriShapeKind::Mask))
    return;
  try {
    if (s.kind == PeriShapeKind::Polygon)
      s.outline = load_outline_csv(xml::resolve_source(origin, s.source));
    else
      s.mask = load_png_mask(xml::resolve_source(origin, s.source));
  } catch (const InputError& e) {
    fail(origin, el, std::string("attribute 'source': ") + e.what());
  }
}

void attr(tinyxml2::XMLPrinter& out, const char* name, const NonlinearMix& mix) {
  std::string text;
  for (double w : mix.w) text.append(text.empty() ? "" : " ").append(format_double(w));
  out.PushAttribute(name, text.c_str());
}

// The numbers of an element's text, separated by blanks; each must be finite.
std::vector<double> numbers(const std::string& origin, const XMLElement* el) {
  std::vector<double> out;
  for_each_token(el->GetText() ? el->GetText() : "", " \t\r\n", [&](std::string_view token) {
    const auto d = parse_double(token);
    if (!d || !std::isfinite(*d)) {
      std::string what(token);
      fail(origin, el, what.append(" is not a finite number"));
    }
    out.push_back(*d);
  });
  return out;
}

// <motion>: "x y vx vy" per point; <broken>: "i j" per broken bond (peri_xml.hpp).
void read_motion(const std::string& origin, const XMLElement* el, PeriMotion& m) {
  if (const XMLElement* c = el->FirstChildElement("motion")) {
    if (c->NextSiblingElement("motion")) fail(origin, el, "more than one <motion>");
    const std::vector<double> v = numbers(origin, c);
    if (v.empty() || v.size() % 4 != 0)
      fail(origin, c, "must hold four numbers per point (x y vx vy)");
    for (size_t k = 0; k < v.size(); k += 4)
      m.x.push_back(v[k]), m.y.push_back(v[k + 1]), m.vx.push_back(v[k + 2]),
          m.vy.push_back(v[k + 3]);
  }
  if (const XMLElement* c = el->FirstChildElement("broken")) {
    if (c->NextSiblingElement("broken")) fail(origin, el, "more than one <broken>");
    const std::vector<double> v = numbers(origin, c);
    if (v.size() % 2 != 0) fail(origin, c, "must hold pairs of point indices (i j)");
    for (size_t k = 0; k < v.size(); k += 2) {
      const double i = v[k], j = v[k + 1];
      if (i != std::floor(i) || j != std::floor(j) || i < 0 || j <= i || j > 2e9)
        fail(origin, c, "pair " + std::to_string(k / 2) + " must be two point indices i < j");
      m.broken.emplace_back(static_cast<int32_t>(i), static_cast<int32_t>(j));
    }
  }
  if (const XMLElement* c = el->FirstChildElement("heated")) {
    if (c->NextSiblingElement("heated")) fail(origin, el, "more than one <heated>");
    m.heat = numbers(origin, c);
    for (size_t k = 0; k < m.heat.size(); ++k)
      if (!(m.heat[k] >= 0.0 && m.heat[k] <= 1.0))
        fail(origin, c, "heat of point " + std::to_string(k) + " must be in 0..1");
  }
}

void write_motion(tinyxml2::XMLPrinter& out, const PeriMotion& m) {
  if (!m.x.empty()) {
    out.OpenElement("motion");
    std::string text = "\n";
    for (size_t i = 0; i < m.x.size(); ++i)
      text.append(format_double(m.x[i]))
          .append(" ")
          .append(format_double(m.y[i]))
          .append(" ")
          .append(format_double(m.vx[i]))
          .append(" ")
          .append(format_double(m.vy[i]))
          .append("\n");
    out.PushText(text.c_str());
    out.CloseElement();
  }
  if (!m.broken.empty()) {
    out.OpenElement("broken");
    std::string text;
    for (const auto& [i, j] : m.broken) {
      if (!text.empty()) text += ' ';
      text += std::to_string(i);
      text += ' ';
      text += std::to_string(j);
    }
    out.PushText(text.c_str());
    out.CloseElement();
  }
  if (!m.heat.empty()) {
    out.OpenElement("heated");
    std::string text;
    for (double h : m.heat) {
      if (!text.empty()) text += ' ';
      text += format_double(h);
    }
    out.PushText(text.c_str());
    out.CloseElement();
  }
}

}  // namespace

PeriBodySpec read_body_xml(const std::string& origin, const XMLElement* el) {
  PeriBodySpec b;
  read_shape(origin, el, b.shape);
  b.position = {number(origin, el, "x", 0.0), number(origin, el, "y", 0.0)};
  b.angle = number(origin, el, "angle", 0.0);
  b.velocity = {number(origin, el, "vx", 0.0), number(origin, el, "vy", 0.0)};
  b.spacing = positive(origin, el, "spacing", b.spacing);
  b.horizon = number(origin, el, "horizon", b.horizon);
  if (el->Attribute("horizon"))
    check(origin, el, b.horizon >= 1.0 && b.horizon <= 10.0, "horizon",
          "must be in 1..10 (spacings)");

  // The material's numbers come from its table (peri/material_parameters.hpp). A preset's
  // weights are then fitted at the material's nu (preset_fit.hpp), unless the file gives
  // both mixes (as every saved scene does), which would replace the fit.
  PeriMaterial& m = b.material;
  xml::read_parameters(origin, el, peri_material_parameters(), m);
  if (const char* p = el->Attribute("preset")) {
    check(origin, el, parse_preset(std::string(trim(p)), m.preset), "preset",
          "must be stvk, neo-hookean or custom");
  }
  if (!el->Attribute("bond-weights") || !el->Attribute("volume-weights")) apply_preset(m, m.preset);
  weights(origin, el, "bond-weights", m.bond);
  weights(origin, el, "volume-weights", m.volume);
  read_motion(origin, el, b.motion);
  return b;
}

std::vector<PeriBodySpec> read_bodies_xml(const std::string& origin, const XMLElement* parent) {
  std::vector<PeriBodySpec> out;
  for (const XMLElement* b = parent->FirstChildElement("body"); b;
       b = b->NextSiblingElement("body"))
    out.push_back(read_body_xml(origin, b));
  return out;
}

void write_bodies_xml(tinyxml2::XMLPrinter& out, const std::vector<PeriBodySpec>& bodies) {
  for (const PeriBodySpec& b : bodies) {
    const PeriShape& s = b.shape;
    if (s.kind == PeriShapeKind::Mask && s.source.empty())
      throw InputError("a mask body without a source file cannot be written to XML");
    out.OpenElement("body");
    out.PushAttribute("shape", xml::kShapeWords[static_cast<int>(s.kind)]);
    if (s.kind == PeriShapeKind::Circle) attr(out, "radius", s.radius);
    if (s.kind == PeriShapeKind::Rectangle)
      attr(out, "width", s.width), attr(out, "height", s.height);
    if (!s.source.empty()) out.PushAttribute("source", s.source.c_str());
    if (s.kind == PeriShapeKind::Mask) attr(out, "mask-scale", s.mask_scale);
    attr(out, "x", b.position.x);
    attr(out, "y", b.position.y);
    attr(out, "angle", b.angle);
    attr(out, "vx", b.velocity.x);
    attr(out, "vy", b.velocity.y);
    attr(out, "spacing", b.spacing);
    attr(out, "horizon", b.horizon);
    const PeriMaterial& m = b.material;
    out.PushAttribute("preset", preset_name(m.preset));
    attr(out, "youngs", m.youngs);
    attr(out, "poisson", m.poisson);
    attr(out, "density", m.density);
    attr(out, "thickness", m.thickness);
    attr(out, "fibre-angle", m.fibre_angle);
    attr(out, "fibre-ratio", m.fibre_ratio);
    attr(out, "critical-stretch", m.critical_stretch);
    attr(out, "inversion-threshold", m.inversion_threshold);
    attr(out, "inversion-stiffness", m.inversion_stiffness);
    attr(out, "heated-stiffness", m.heated_stiffness);
    if (m.viscosity > 0.0) attr(out, "viscosity", m.viscosity);
    attr(out, "bond-weights", m.bond);
    attr(out, "volume-weights", m.volume);
    if (s.kind == PeriShapeKind::Polygon && s.source.empty())
      for (const Vec2& p : s.outline) {
        out.OpenElement("point");
        attr(out, "x", p.x);
        attr(out, "y", p.y);
        out.CloseElement();
      }
    write_motion(out, b.motion);
    out.CloseElement();
  }
}

std::optional<PeriSettings> read_body_settings_xml(const std::string& origin,
                                                   const XMLElement* parent) {
  const XMLElement* el = parent->FirstChildElement("body-settings");
  if (!el) return std::nullopt;
  if (el->NextSiblingElement("body-settings")) fail(origin, el, "more than one <body-settings>");
  PeriSettings v;
  xml::read_parameters(origin, el, peri_parameters(), v);
  return v;
}

void write_body_settings_xml(tinyxml2::XMLPrinter& out, const PeriSettings& v) {
  out.OpenElement("body-settings");
  xml::write_parameters(out, peri_parameters(), v);
  out.CloseElement();
}

std::vector<PeriBodySpec> body_specs(const PeriSystem& bodies) {
  std::vector<PeriBodySpec> out;
  for (const PeriBody& b : bodies.bodies) {
    out.push_back(b.spec());
    out.back().motion = current_motion(b);  // where it is now, unless still as built
  }
  return out;
}

void install_bodies(PeriSystem& bodies, const std::vector<PeriBodySpec>& specs,
                    const std::string& origin) {
  for (size_t k = 0; k < specs.size(); ++k) {
    try {
      bodies.add(build_body(specs[k]));
    } catch (const Error& e) {
      throw InputError(origin + ": <body> " + std::to_string(k) + ": " + e.what());
    }
  }
}

}  // namespace mb
