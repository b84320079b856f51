#include "physics/io/gas_xml.hpp"

#include <tinyxml2.h>

#include <charconv>
#include <cmath>
#include <string_view>
#include <vector>

#include "physics/gas/generator.hpp"
#include "physics/gas/validate.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/parameter_xml.hpp"
#include "physics/io/reaction_xml.hpp"
#include "physics/io/text_number.hpp"
#include "physics/io/xml_attributes.hpp"
#include "physics/world/world.hpp"

namespace mb {

namespace {

using tinyxml2::XMLElement;

constexpr const char* kWallNames[4] = {"left", "right", "bottom", "top"};

using xml::attr;
using xml::fail;

std::optional<double> number(const std::string& origin, const XMLElement* el, const char* name) {
  return xml::finite(origin, el, name);
}

double required(const std::string& origin, const XMLElement* el, const char* name) {
  const auto d = number(origin, el, name);
  if (!d) fail(origin, el, std::string("missing attribute '") + name + "'");
  return *d;
}

double optional(const std::string& origin, const XMLElement* el, const char* name,
                double fallback) {
  return number(origin, el, name).value_or(fallback);
}

long long integer(const std::string& origin, const XMLElement* el, const char* name,
                  long long fallback) {
  const char* v = el->Attribute(name);
  if (!v) return fallback;
  const auto i = parse_integer(v);
  if (!i) fail(origin, el, std::string("attribute '") + name + "' = '" + v + "' is not an integer");
  return *i;
}

uint64_t hex64(const std::string& origin, const XMLElement* el, const char* name,
               uint64_t fallback) {
  const char* v = el->Attribute(name);
  if (!v) return fallback;
  const std::string_view s = trim(v);
  uint64_t out = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out, 16);
  if (ec != std::errc{} || end != s.data() + s.size())
    fail(origin, el, std::string("attribute '") + name + "' = '" + v + "' is not a hex number");
  return out;
}

void read_disc(const std::string& origin, const XMLElement* d, Gas& gas) {
  if (gas.size() >= gas::kMaxDiscs)
    fail(origin, d, "more than the " + std::to_string(gas::kMaxDiscs) + " discs allowed");
  const double m = required(origin, d, "mass"), r = required(origin, d, "radius");
  if (!(m >= gas::kMinDiscMass)) fail(origin, d, gas::kMinDiscMassText);
  if (!(r > 0.0)) fail(origin, d, "radius must be greater than 0");
  const int32_t sp = species_attribute(origin, d, gas);
  const double u = optional(origin, d, "internal", 0.0);
  if (u < 0.0) fail(origin, d, "internal (energy) must not be negative");
  const int32_t i =
      gas.add_disc(required(origin, d, "x"), required(origin, d, "y"),
                   optional(origin, d, "vx", 0.0), optional(origin, d, "vy", 0.0), m, r, sp);
  gas.internal[static_cast<size_t>(i)] = u;
}

// Without mass or radius, a generator takes its species' (reaction_xml.hpp), else 1.
gas::GeneratorSpec read_generator(const std::string& origin, const XMLElement* g, const Gas& gas) {
  gas::GeneratorSpec s;
  const long long count = integer(origin, g, "count", -1);
  if (count < 0 || count > gas::kMaxDiscs)
    fail(origin, g, "count must be in 0.." + std::to_string(gas::kMaxDiscs));
  s.count = static_cast<int32_t>(count);
  s.species = species_attribute(origin, g, gas);
  const size_t k = static_cast<size_t>(s.species);
  const gas::Species* table = k < gas.species_table.size() ? &gas.species_table[k] : nullptr;
  const double r =
      optional(origin, g, "radius", table && table->radius > 0.0 ? table->radius : 1.0);
  s.radius_min = optional(origin, g, "radius-min", r);
  s.radius_max = optional(origin, g, "radius-max", s.radius_min);
  s.mass = optional(origin, g, "mass", table && table->mass > 0.0 ? table->mass : 1.0);
  s.temperature = optional(origin, g, "temperature", 1.0);
  const long long seed = integer(origin, g, "seed", 1);
  s.seed = static_cast<uint64_t>(seed);
  if (!(s.radius_min > 0.0) || s.radius_max < s.radius_min)
    fail(origin, g, "needs 0 < radius-min <= radius-max");
  if (!(s.mass >= gas::kMinDiscMass)) fail(origin, g, gas::kMinDiscMassText);
  if (s.temperature < 0.0) fail(origin, g, "temperature must not be negative");
  if (!(s.temperature / s.mass <= gas::kMaxTemperatureOverMass))
    fail(origin, g,
         "temperature / mass must be at most " + format_double(gas::kMaxTemperatureOverMass) +
             " (mass too small for the temperature: the speeds would not be finite)");
  return s;
}

}  // namespace

GasScene read_gas_xml(const std::string& origin, const XMLElement* el, const Box& default_box) {
  GasScene scene;
  Gas& gas = scene.gas;
  const auto x0 = number(origin, el, "min-x"), y0 = number(origin, el, "min-y");
  const auto x1 = number(origin, el, "max-x"), y1 = number(origin, el, "max-y");
  const int given = !!x0 + !!y0 + !!x1 + !!y1;
  if (given != 0 && given != 4) fail(origin, el, "give all of min-x, min-y, max-x, max-y or none");
  if (given == 4) {
    if (!(*x1 > *x0 && *y1 > *y0)) fail(origin, el, "the box needs max-x > min-x, max-y > min-y");
    scene.box = Box{{*x0, *y0}, {*x1, *y1}};
  }
  const Box box = scene.box.value_or(default_box);
  xml::read_parameters(origin, el, gas_parameters(), gas.settings);
  if (const char* bp = el->Attribute("broad-phase")) {
    const std::string_view s = trim(bp);
    if (s == "auto")
      gas.settings.broad_phase = GasBroadPhase::Auto;
    else if (s == "sweep")
      gas.settings.broad_phase = GasBroadPhase::SweepPrune;
    else if (s == "grid")
      gas.settings.broad_phase = GasBroadPhase::Grid;
    else
      fail(origin, el, std::string("broad-phase = '") + bp + "': must be auto, sweep or grid");
  }
  gas.rng_state = hex64(origin, el, "rng-state", gas.rng_state);

  read_species_xml(origin, el, gas);  // first: discs and generators may name species
  std::vector<int> lines;             // source line of each explicit disc, for error messages
  std::vector<const XMLElement*> generators;
  for (const XMLElement* c = el->FirstChildElement(); c; c = c->NextSiblingElement()) {
    const std::string_view name = c->Name();
    if (name == "disc") {
      read_disc(origin, c, gas);
      lines.push_back(c->GetLineNum());
    } else if (name == "generator") {
      generators.push_back(c);
    } else if (name == "wall") {  // the long form of a wall-<side> attribute
      const char* side = c->Attribute("side");
      int w = -1;
      for (int k = 0; k < 4 && side; ++k)
        if (trim(side) == kWallNames[k]) w = k;
      if (w < 0) fail(origin, c, "side must be left, right, bottom or top");
      if (el->Attribute((std::string("wall-") + kWallNames[w]).c_str()))
        fail(origin, c,
             std::string("the ") + kWallNames[w] + " wall is also given as wall-" + kWallNames[w]);
      const double kT = required(origin, c, "temperature");
      if (kT < 0.0) fail(origin, c, "temperature must not be negative (0: a plain mirror)");
      // The same range as the wall-<side> attribute it is the long form of.
      const std::string row = std::string("wall-") + kWallNames[w];
      for (const auto& p : gas_parameters())
        if (row == p.name)
          if (const std::string why = parameter_problem(p, kT); !why.empty())
            fail(origin, c, "temperature = " + parameter_number(kT) + ": " + why);
      gas.settings.wall_temperature[static_cast<size_t>(w)] = kT;
    }  // anything else is reported by the schema walk (xml_schema.hpp)
  }
  read_reactions_xml(origin, el, gas);
  // Explicit discs must be valid as given: report, never move.
  const auto problems = gas::validate(gas, box);
  if (!problems.empty()) {
    std::string msg = "the discs are not a valid start:";
    for (const std::string& p : problems) msg.append("\n  ").append(p);
    msg.append("\n  (disc k is the k-th <disc>, from 0; its line:");
    for (size_t k = 0; k < lines.size() && k < 50; ++k)
      msg.append(" ").append(std::to_string(k)).append("@").append(std::to_string(lines[k]));
    fail(origin, el, msg + ")");
  }
  scene.generated_from = gas.size();
  for (const XMLElement* g : generators) {
    try {
      gas::generate(gas, box, read_generator(origin, g, gas));
    } catch (const Error& e) {
      if (dynamic_cast<const InputError*>(&e)) throw;
      fail(origin, g, e.what());
    }
  }
  return scene;
}

void write_gas_xml(tinyxml2::XMLPrinter& out, const Gas& gas, const Box& box) {
  out.OpenElement("gas");
  attr(out, "min-x", box.min.x);
  attr(out, "min-y", box.min.y);
  attr(out, "max-x", box.max.x);
  attr(out, "max-y", box.max.y);
  xml::write_parameters(out, gas_parameters(), gas.settings);
  const GasBroadPhase phase = gas.settings.broad_phase;
  const char* bp = phase == GasBroadPhase::Grid         ? "grid"
                   : phase == GasBroadPhase::SweepPrune ? "sweep"
                                                        : "auto";
  out.PushAttribute("broad-phase", bp);
  char hex[32];
  const auto [end, ec] = std::to_chars(hex, hex + sizeof hex - 1, gas.rng_state, 16);
  *end = '\0';
  out.PushAttribute("rng-state", hex);
  for (int32_t i = 0; i < gas.size(); ++i) {
    out.OpenElement("disc");
    attr(out, "x", gas.x[i]);
    attr(out, "y", gas.y[i]);
    attr(out, "vx", gas.vx[i]);
    attr(out, "vy", gas.vy[i]);
    attr(out, "mass", gas.mass[i]);
    attr(out, "radius", gas.radius[i]);
    if (gas.species[i] != 0) out.PushAttribute("species", gas.species[i]);
    if (gas.internal[i] != 0.0) attr(out, "internal", gas.internal[i]);
    out.CloseElement();
  }
  write_reactions_xml(out, gas);
  out.CloseElement();
}

void install_gas(World& world, std::optional<GasScene>&& gas) {
  if (!gas) return;
  if (gas->box) world.box = *gas->box;
  world.gas = std::move(gas->gas);
}

}  // namespace mb
