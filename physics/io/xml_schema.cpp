#include "physics/io/xml_schema.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "physics/gas/gas_settings.hpp"
#include "physics/io/spelling.hpp"
#include "physics/peri/peri_settings.hpp"

namespace mb::xml {

namespace {

struct ElementRule {
  std::string_view name;
  std::vector<std::string> attributes;
  std::vector<std::string> children;
};

// The attribute names of a settings table's rows (the element's reader is the table).
template <class S>
std::vector<std::string> names_of(std::span<const Parameter<S>> table) {
  std::vector<std::string> out;
  for (const Parameter<S>& p : table) out.push_back(p.name);
  return out;
}

// <gas>: its box, broad phase and random state, and the rows of its settings table.
std::vector<std::string> gas_attributes() {
  std::vector<std::string> out = names_of(gas_parameters());
  for (const char* a : {"min-x", "min-y", "max-x", "max-y", "broad-phase", "rng-state"})
    out.push_back(a);
  return out;
}

// The formats of the Spring Simulator (state, simulator, actuator: scene_io.hpp) and meltbox's own
// elements (gas_xml.hpp, peri_xml.hpp). Dashed and underscore spellings are both read.
const std::vector<ElementRule>& rules() {
  static const std::vector<ElementRule> kRules = {
      {"simulator",
       {"type", "time", "scale"},
       {"state", "actuators", "gas", "body", "body-settings", "spot"}},
      {"state", {"id"}, {"particles", "springs", "gas", "body", "body-settings", "spot"}},
      {"spot",
       {"shape", "x", "y", "radius", "width", "height", "source", "lattice", "lattice-seed"},
       {"point"}},
      {"particles", {}, {"particle"}},
      {"particle", {"x", "y", "radius", "id", "enthalpy"}, {}},
      {"springs", {}, {"spring"}},
      {"spring",
       {"particle1id", "particle2id", "equilibrium_length", "equilibrium-length", "force_constant",
        "force-constant"},
       {}},
      {"actuators", {}, {"actuator"}},
      {"actuator",
       {"type", "name", "enabled", "speed", "path-advancement", "path_advancement", "orientation",
        "spring-crossing-allowed", "spring_crossing_allowed", "firm-grip", "firm_grip",
        "final-release", "final_release", "power", "temperature"},
       {"shape", "path"}},
      {"shape", {}, {"point"}},
      {"path", {"cyclic"}, {"point"}},
      {"point", {"x", "y", "speed"}, {}},
      {"gas", gas_attributes(), {"disc", "generator", "wall", "species", "reaction"}},
      {"species", {"id", "name", "mass", "radius", "colour", "composition"}, {}},
      {"reaction", {"a", "b", "products", "activation", "probability", "enthalpy", "rate"}, {}},
      {"disc", {"x", "y", "vx", "vy", "mass", "radius", "species", "internal"}, {}},
      {"generator",
       {"count", "radius", "radius-min", "radius-max", "mass", "temperature", "seed", "species"},
       {}},
      {"wall", {"side", "temperature"}, {}},
      {"body",
       {"shape",
        "radius",
        "width",
        "height",
        "source",
        "mask-scale",
        "x",
        "y",
        "angle",
        "vx",
        "vy",
        "spacing",
        "horizon",
        "preset",
        "youngs",
        "poisson",
        "density",
        "thickness",
        "fibre-angle",
        "fibre-ratio",
        "critical-stretch",
        "inversion-threshold",
        "inversion-stiffness",
        "heated-stiffness",
        "viscosity",
        "bond-weights",
        "volume-weights"},
       {"point", "motion", "broken", "heated"}},
      {"motion", {}, {}},
      {"heated", {}, {}},
      {"broken", {}, {}},
      {"body-settings", names_of(peri_parameters()), {}},
  };
  return kRules;
}

const ElementRule* rule_for(std::string_view name) {
  for (const ElementRule& r : rules())
    if (r.name == name) return &r;
  return nullptr;
}

std::string at(const std::string& origin, const tinyxml2::XMLElement* el) {
  return origin + ": line " + std::to_string(el->GetLineNum()) + ": <" + el->Name() + ">: ";
}

std::string suggestion(std::string_view name, const std::vector<std::string>& known) {
  const auto k = closest_name(name, known);
  return k ? "; did you mean '" + known[*k] + "'?" : "";
}

void walk(const std::string& origin, const tinyxml2::XMLElement* el, const ElementRule& rule,
          Warnings& warnings) {
  for (const tinyxml2::XMLAttribute* a = el->FirstAttribute(); a; a = a->Next()) {
    const auto& known = rule.attributes;
    if (std::find(known.begin(), known.end(), a->Name()) != known.end()) continue;
    warnings.push_back(at(origin, el) + "unknown attribute '" + a->Name() + "' (ignored" +
                       suggestion(a->Name(), known) + ")");
  }
  for (const tinyxml2::XMLElement* c = el->FirstChildElement(); c; c = c->NextSiblingElement()) {
    const auto& allowed = rule.children;
    const ElementRule* child = rule_for(c->Name());
    if (child && std::find(allowed.begin(), allowed.end(), c->Name()) != allowed.end()) {
      walk(origin, c, *child, warnings);
      continue;
    }
    std::string list;
    for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
    warnings.push_back(at(origin, c) + (child ? "this element may not stand" : "unknown element") +
                       " inside <" + el->Name() + "> (ignored; " +
                       (list.empty() ? std::string("it holds no elements") : "expected " + list) +
                       suggestion(c->Name(), allowed) + ")");
  }
}

}  // namespace

void report_unknown(const std::string& origin, const tinyxml2::XMLElement* root,
                    Warnings& warnings) {
  if (const ElementRule* r = rule_for(root->Name())) walk(origin, root, *r, warnings);
}

bool knows_attribute(const std::string& element, const std::string& attribute) {
  const ElementRule* r = rule_for(element);
  return r &&
         std::find(r->attributes.begin(), r->attributes.end(), attribute) != r->attributes.end();
}

}  // namespace mb::xml
