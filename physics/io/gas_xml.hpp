#pragma once
// The <gas> element of scene XML (inside <simulator> or <state>), read and written with
// exact round trip (doubles in their shortest exact form):
//
//   <gas min-x=".." min-y=".." max-x=".." max-y=".."      the box (optional: World's)
//        tick-seconds="0.0166.." threads="1" wall-left="kT" wall-right="kT"
//        wall-bottom="kT" wall-top="kT"                    the settings (gas_settings.hpp)
//        broad-phase="auto|sweep|grid" rng-state="hex">
//     <wall side="left|right|bottom|top" temperature="kT"/>   a wall's long form (read only)
//     <disc x=".." y=".." vx=".." vy=".." mass=".." radius=".." species="0"/>
//     <generator count="N" radius-min=".." radius-max=".." mass=".." temperature="kT"
//                seed="S" species="0"/>
//     <species id="0" name="A"/>   <reaction a="A" b="B" products="C D" .../>  (reaction_xml.hpp)
//   </gas>
//
// Discs are read first, then each generator adds its discs around them (deterministic
// for its seed). The writer writes every disc explicitly, so a generated gas is saved as
// the discs it made. Overlapping discs and discs outside the box are an InputError that
// names them; they are never moved.
#include <optional>
#include <string>

#include "physics/gas/gas.hpp"

namespace tinyxml2 {
class XMLElement;
class XMLPrinter;
}  // namespace tinyxml2

namespace mb {

// The box a <gas> without box attributes uses: World's default box (a test checks they agree).
inline constexpr Box kDefaultGasBox{{-1000.0, -1000.0}, {1000.0, 1000.0}};

struct GasScene {
  Gas gas;
  std::optional<Box> box;      // the box given in the file, if any
  int32_t generated_from = 0;  // discs from here on came from <generator>s
};

// `default_box` is where discs go when the element gives no box.
GasScene read_gas_xml(const std::string& origin, const tinyxml2::XMLElement* el,
                      const Box& default_box);
void write_gas_xml(tinyxml2::XMLPrinter& out, const Gas& gas, const Box& box);

// Moves a loaded gas into the world (and its box, when the file gave one). No-op without.
class World;
void install_gas(World& world, std::optional<GasScene>&& gas);

}  // namespace mb
