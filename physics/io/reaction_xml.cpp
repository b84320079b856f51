#include "physics/io/reaction_xml.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>
#include <string_view>
#include <vector>

#include "physics/io/text_number.hpp"
#include "physics/io/xml_attributes.hpp"

namespace mb {

namespace {
using tinyxml2::XMLElement;
using xml::fail;

// A species given by name (from <species>) or by id.
int32_t species_of(const std::string& origin, const XMLElement* el, const char* attribute,
                   std::string_view text, const Gas& gas) {
  const std::string_view t = trim(text);
  for (size_t k = 0; k < gas.species_table.size(); ++k)
    if (!gas.species_table[k].name.empty() && gas.species_table[k].name == t)
      return static_cast<int32_t>(k);
  const auto id = parse_integer(std::string(t));
  if (!id || *id < 0 || *id >= kMaxSpecies)
    fail(origin, el,
         std::string(attribute) + " = '" + std::string(t) +
             "': no <species> has this name, and it is no species id 0.." +
             std::to_string(kMaxSpecies - 1));
  return static_cast<int32_t>(*id);
}

double energy(const std::string& origin, const XMLElement* el, const char* name, double fallback) {
  return xml::finite(origin, el, name).value_or(fallback);
}

void read_species(const std::string& origin, const XMLElement* s, Gas& gas) {
  const auto id = xml::finite(origin, s, "id");
  // The range first: converting a double beyond int32's range is undefined behaviour.
  if (!id || *id < 0 || *id >= kMaxSpecies || *id != static_cast<int32_t>(*id))
    fail(origin, s, "id must be a whole number 0.." + std::to_string(kMaxSpecies - 1));
  const char* name = s->Attribute("name");
  if (!name || trim(name).empty()) fail(origin, s, "missing attribute 'name'");
  const std::string n(trim(name));
  const bool word = n.size() <= 32 && std::all_of(n.begin(), n.end(), [](unsigned char c) {
                      return std::isalnum(c) || c == '_' || c == '-' || c == '+';
                    });
  if (!word) fail(origin, s, "name '" + n + "': use at most 32 letters, digits, _, - or +");
  for (size_t k = 0; k < gas.species_table.size(); ++k)
    if (gas.species_table[k].name == n && static_cast<int32_t>(k) != static_cast<int32_t>(*id))
      fail(origin, s, "name '" + n + "' is already species " + std::to_string(k));
  const size_t k = static_cast<size_t>(*id);
  if (gas.species_table.size() <= k) gas.species_table.resize(k + 1);
  gas::Species& out = gas.species_table[k];
  if (!out.name.empty()) fail(origin, s, "species " + std::to_string(k) + " is given twice");
  out.name = n;
  for (const auto& [attribute, value] : {std::pair{"mass", &out.mass}, {"radius", &out.radius}}) {
    *value = xml::finite(origin, s, attribute).value_or(0.0);
    if (s->Attribute(attribute) && !(*value > 0.0))
      fail(origin, s, std::string(attribute) + " must be greater than 0");
  }
  if (s->Attribute("mass") && !(out.mass >= gas::kMinDiscMass))
    fail(origin, s, gas::kMinDiscMassText);
  if (const char* c = s->Attribute("colour")) {
    const std::string_view v = trim(c);
    int32_t rgb = 0;
    const bool hex =
        v.size() == 7 && v[0] == '#' &&
        std::all_of(v.begin() + 1, v.end(), [](unsigned char ch) { return std::isxdigit(ch); });
    if (hex) rgb = static_cast<int32_t>(std::stoul(std::string(v.substr(1)), nullptr, 16));
    if (!hex) fail(origin, s, "colour = '" + std::string(c) + "': write it #rrggbb, e.g. #4aa3ff");
    out.colour = rgb;
  }
  if (const char* c = s->Attribute("composition")) {
    out.composition = std::string(trim(c));
    if (!gas::is_composition(out.composition) || out.composition.size() > 64)
      fail(origin, s,
           "composition = '" + out.composition +
               "': write elements with their counts, e.g. A2B or H2O (at most 64 characters)");
  }
}

// Species names from a list such as "C D": one or two.
std::vector<int32_t> species_list(const std::string& origin, const XMLElement* r,
                                  const char* attribute, const Gas& gas) {
  std::istringstream words{std::string(r->Attribute(attribute))};
  std::vector<int32_t> out;
  for (std::string w; words >> w;) out.push_back(species_of(origin, r, attribute, w, gas));
  if (out.empty() || out.size() > 2)
    fail(origin, r,
         std::string(attribute) + " = '" + r->Attribute(attribute) + "': give one or two species");
  return out;
}

gas::Reaction read_reaction(const std::string& origin, const XMLElement* r, const Gas& gas) {
  gas::Reaction out;
  for (const char* name : {"a", "products"})
    if (!r->Attribute(name)) fail(origin, r, std::string("missing attribute '") + name + "'");
  out.a = species_of(origin, r, "a", r->Attribute("a"), gas);
  if (r->Attribute("b")) out.b = species_of(origin, r, "b", r->Attribute("b"), gas);
  const std::vector<int32_t> products = species_list(origin, r, "products", gas);
  out.c = products[0];
  if (products.size() == 2) out.d = products[1];
  out.activation = energy(origin, r, "activation", 0.0);
  out.probability = energy(origin, r, "probability", 1.0);
  out.enthalpy = energy(origin, r, "enthalpy", 0.0);
  out.rate = energy(origin, r, "rate", 0.0);
  if (out.decay()) {
    if (!r->Attribute("rate")) fail(origin, r, "a decay (no 'b') needs a rate");
    for (const char* name : {"activation", "probability"})
      if (r->Attribute(name))
        fail(origin, r, std::string(name) + " is for collisions; a decay (no 'b') takes a rate");
  } else if (r->Attribute("rate")) {
    fail(origin, r, "rate is for a decay (no 'b'); a collision takes activation and probability");
  }
  if (out.activation < 0.0) fail(origin, r, "activation must not be negative");
  if (!(out.probability >= 0.0 && out.probability <= 1.0))
    fail(origin, r, "probability must be in 0..1");
  if (out.decay() && !(out.rate > 0.0)) fail(origin, r, "rate must be greater than 0");
  return out;
}
}  // namespace

int32_t species_attribute(const std::string& origin, const XMLElement* el, const Gas& gas) {
  const char* v = el->Attribute("species");
  if (!v) return 0;
  const std::string t(trim(v));
  for (size_t k = 0; k < gas.species_table.size(); ++k)
    if (!gas.species_table[k].name.empty() && gas.species_table[k].name == t)
      return static_cast<int32_t>(k);
  const auto id = parse_integer(t);
  if (!id || *id < 0 || *id > 1'000'000)
    fail(origin, el,
         "species = '" + t + "': no <species> has this name, and it is no species id 0..1000000");
  return static_cast<int32_t>(*id);
}

void read_species_xml(const std::string& origin, const XMLElement* el, Gas& gas) {
  for (const XMLElement* s = el->FirstChildElement("species"); s;
       s = s->NextSiblingElement("species"))
    read_species(origin, s, gas);
}

void read_reactions_xml(const std::string& origin, const XMLElement* el, Gas& gas) {
  for (const XMLElement* r = el->FirstChildElement("reaction"); r;
       r = r->NextSiblingElement("reaction")) {
    gas.reactions.push_back(read_reaction(origin, r, gas));
    const std::string problem = gas::check_reactions(gas.species_table, gas.reactions);
    if (!problem.empty()) fail(origin, r, problem);
  }
  gas.reaction_counts.assign(gas.reactions.size(), {});
}

void write_reactions_xml(tinyxml2::XMLPrinter& out, const Gas& gas) {
  const std::vector<gas::Species>& table = gas.species_table;
  for (size_t k = 0; k < table.size(); ++k) {
    const gas::Species& s = table[k];
    if (s.name.empty()) continue;
    out.OpenElement("species");
    out.PushAttribute("id", static_cast<int>(k));
    out.PushAttribute("name", s.name.c_str());
    if (s.mass > 0.0) xml::attr(out, "mass", s.mass);
    if (s.radius > 0.0) xml::attr(out, "radius", s.radius);
    if (s.colour >= 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "#%06x", static_cast<unsigned>(s.colour) & 0xffffffu);
      out.PushAttribute("colour", hex);
    }
    if (!s.composition.empty()) out.PushAttribute("composition", s.composition.c_str());
    out.CloseElement();
  }
  const auto id = [&](int32_t s) {  // its name where it has one (names are unique)
    const size_t k = static_cast<size_t>(s);
    return k < table.size() && !table[k].name.empty() ? table[k].name : std::to_string(s);
  };
  for (const gas::Reaction& r : gas.reactions) {
    out.OpenElement("reaction");
    out.PushAttribute("a", id(r.a).c_str());
    if (!r.decay()) out.PushAttribute("b", id(r.b).c_str());
    std::string products = id(r.c);
    if (r.d != gas::kNoSpecies) products.append(" ").append(id(r.d));
    out.PushAttribute("products", products.c_str());
    if (r.decay()) {
      xml::attr(out, "rate", r.rate);
    } else {
      xml::attr(out, "activation", r.activation);
      xml::attr(out, "probability", r.probability);
    }
    xml::attr(out, "enthalpy", r.enthalpy);
    out.CloseElement();
  }
}

}  // namespace mb
