#pragma once
// The gas's species names and reactions in scene XML (children of <gas>; gas/reaction.hpp):
//
//   <species id="0" name="A"/>
//   <reaction a="A" b="B" products="C D" activation="E_a" probability="p" enthalpy="dH"/>
//
// A reactant or product is a species name from a <species> element (at most 32 letters,
// digits, _, - or +) or a species id (a whole number 0..63). `products` names two species: the
// first replaces the `a` disc, the second the `b` disc. activation (>= 0, default 0), probability
// (0..1, default 1) and enthalpy (default 0) are energies in the gas's units (kT). One reaction per
// pair of reactants. Errors name the file, the line and the attribute.
#include <string>

#include "physics/gas/gas.hpp"

namespace tinyxml2 {
class XMLElement;
class XMLPrinter;
}  // namespace tinyxml2

namespace mb {

inline constexpr int32_t kMaxSpecies = 64;

// Reads every <species> child of `gas_element` into gas.species_names, then every
// <reaction> into gas.reactions.
void read_reactions_xml(const std::string& origin, const tinyxml2::XMLElement* gas_element,
                        Gas& gas);
// Writes the species names and reactions (nothing when there are none).
void write_reactions_xml(tinyxml2::XMLPrinter& out, const Gas& gas);

}  // namespace mb
