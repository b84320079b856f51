#pragma once
// The gas's species table and reactions in scene XML (children of <gas>; gas/reaction.hpp):
//
//   <species id="0" name="A" mass="1" radius="2" colour="#4aa3ff" composition="A"/>
//   <reaction a="A" b="B" products="C D" activation="E_a" probability="p" enthalpy="dH"/>
//   <reaction a="A" b="B" products="C" .../>             a merge
//   <reaction a="C" products="A B" rate="k" enthalpy="dH"/>   a decay (one or two products)
//
// A reactant or product is a species name from a <species> element (at most 32 letters,
// digits, _, - or +) or a species id (a whole number 0..63). Of two products of a collision
// the first replaces the `a` disc, the second the `b` disc. activation (>= 0, default 0),
// probability (0..1, default 1) and enthalpy (default 0) are energies in the gas's units (kT);
// rate is per unit time. A species' mass and radius (> 0) size the discs merges and splits
// make and are a generator's defaults; colour is #rrggbb; composition counts atoms (A2B). The
// reactions must pass gas::check_reactions. Errors name the file, the line and the attribute.
#include <string>

#include "physics/gas/gas.hpp"

namespace tinyxml2 {
class XMLElement;
class XMLPrinter;
}  // namespace tinyxml2

namespace mb {

using gas::kMaxSpecies;

// Reads every <species> child of `gas_element` into gas.species_table.
void read_species_xml(const std::string& origin, const tinyxml2::XMLElement* gas_element, Gas& gas);
// A <disc> or <generator>'s species attribute: a name from the table or an id 0..1000000
// (default 0).
int32_t species_attribute(const std::string& origin, const tinyxml2::XMLElement* el,
                          const Gas& gas);
// Reads every <reaction> child of `gas_element` into gas.reactions (after read_species_xml).
void read_reactions_xml(const std::string& origin, const tinyxml2::XMLElement* gas_element,
                        Gas& gas);
// Writes the species table and reactions (nothing when there are none).
void write_reactions_xml(tinyxml2::XMLPrinter& out, const Gas& gas);

}  // namespace mb
