#include "physics/io/reaction_xml.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
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
  for (size_t k = 0; k < gas.species_names.size(); ++k)
    if (!gas.species_names[k].empty() && gas.species_names[k] == t) return static_cast<int32_t>(k);
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
  if (!id || *id != static_cast<int32_t>(*id) || *id < 0 || *id >= kMaxSpecies)
    fail(origin, s, "id must be a whole number 0.." + std::to_string(kMaxSpecies - 1));
  const char* name = s->Attribute("name");
  if (!name || trim(name).empty()) fail(origin, s, "missing attribute 'name'");
  const std::string n(trim(name));
  const bool word = n.size() <= 32 && std::all_of(n.begin(), n.end(), [](unsigned char c) {
                      return std::isalnum(c) || c == '_' || c == '-' || c == '+';
                    });
  if (!word) fail(origin, s, "name '" + n + "': use at most 32 letters, digits, _, - or +");
  for (size_t k = 0; k < gas.species_names.size(); ++k)
    if (gas.species_names[k] == n && static_cast<int32_t>(k) != static_cast<int32_t>(*id))
      fail(origin, s, "name '" + n + "' is already species " + std::to_string(k));
  const size_t k = static_cast<size_t>(*id);
  if (gas.species_names.size() <= k) gas.species_names.resize(k + 1);
  if (!gas.species_names[k].empty())
    fail(origin, s, "species " + std::to_string(k) + " is given twice");
  gas.species_names[k] = n;
}

gas::Reaction read_reaction(const std::string& origin, const XMLElement* r, const Gas& gas) {
  gas::Reaction out;
  for (const char* name : {"a", "b", "products"})
    if (!r->Attribute(name)) fail(origin, r, std::string("missing attribute '") + name + "'");
  out.a = species_of(origin, r, "a", r->Attribute("a"), gas);
  out.b = species_of(origin, r, "b", r->Attribute("b"), gas);
  std::istringstream products{std::string(r->Attribute("products"))};
  std::vector<std::string> words;
  for (std::string w; products >> w;) words.push_back(w);
  if (words.size() != 2)
    fail(origin, r,
         "products = '" + std::string(r->Attribute("products")) +
             "': give two species (a reaction that merges or splits discs is not supported)");
  out.c = species_of(origin, r, "products", words[0], gas);
  out.d = species_of(origin, r, "products", words[1], gas);
  out.activation = energy(origin, r, "activation", 0.0);
  out.probability = energy(origin, r, "probability", 1.0);
  out.enthalpy = energy(origin, r, "enthalpy", 0.0);
  if (out.activation < 0.0) fail(origin, r, "activation must not be negative");
  if (!(out.probability >= 0.0 && out.probability <= 1.0))
    fail(origin, r, "probability must be in 0..1");
  return out;
}
}  // namespace

void read_reactions_xml(const std::string& origin, const XMLElement* el, Gas& gas) {
  for (const XMLElement* s = el->FirstChildElement("species"); s;
       s = s->NextSiblingElement("species"))
    read_species(origin, s, gas);
  for (const XMLElement* r = el->FirstChildElement("reaction"); r;
       r = r->NextSiblingElement("reaction")) {
    const gas::Reaction reaction = read_reaction(origin, r, gas);
    for (const gas::Reaction& earlier : gas.reactions)
      if ((earlier.a == reaction.a && earlier.b == reaction.b) ||
          (earlier.a == reaction.b && earlier.b == reaction.a))
        fail(origin, r, "a reaction of these two species is already given");
    gas.reactions.push_back(reaction);
  }
}

void write_reactions_xml(tinyxml2::XMLPrinter& out, const Gas& gas) {
  for (size_t k = 0; k < gas.species_names.size(); ++k) {
    if (gas.species_names[k].empty()) continue;
    out.OpenElement("species");
    out.PushAttribute("id", static_cast<int>(k));
    out.PushAttribute("name", gas.species_names[k].c_str());
    out.CloseElement();
  }
  const auto id = [&](int32_t s) {  // its name where it has one (names are unique)
    const size_t k = static_cast<size_t>(s);
    return k < gas.species_names.size() && !gas.species_names[k].empty() ? gas.species_names[k]
                                                                         : std::to_string(s);
  };
  for (const gas::Reaction& r : gas.reactions) {
    out.OpenElement("reaction");
    out.PushAttribute("a", id(r.a).c_str());
    out.PushAttribute("b", id(r.b).c_str());
    out.PushAttribute("products", (id(r.c) + " " + id(r.d)).c_str());
    xml::attr(out, "activation", r.activation);
    xml::attr(out, "probability", r.probability);
    xml::attr(out, "enthalpy", r.enthalpy);
    out.CloseElement();
  }
}

}  // namespace mb
