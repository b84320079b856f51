#pragma once
// The <body> element of scene XML (inside <state> or <simulator>, next to <gas>): one
// peridynamic body (physics/peri) as the spec it is built from, with exact round trip
// (doubles in their shortest exact form, physics/io/text_number.hpp):
//
//   <body shape="circle|rectangle|polygon|mask" radius=".." width=".." height=".."
//         source="outline.csv|mask.png" mask-scale=".."         shape source
//         x=".." y=".." angle=".." vx=".." vy=".."             placement, velocity
//         spacing=".." horizon=".."                            lattice dx, delta / dx
//         preset="stvk|neo-hookean|custom" youngs=".." poisson=".." density=".."
//         thickness=".." fibre-angle=".." fibre-ratio=".." critical-stretch=".."
//         inversion-threshold=".." inversion-stiffness=".."
//         bond-weights="a2 a3 a4 b2 b3 b4" volume-weights="a2 a3 a4 b2 b3 b4">
//     <point x=".." y=".."/>   inline polygon outline (body coordinates), when no source
//     <motion> x y vx vy ... </motion>   optional: every point's state, in lattice order
//     <broken> i j ... </broken>         optional: broken bonds as point pairs, i < j
//     <heated> h ... </heated>           optional: every point's heat in 0..1 (softening.hpp)
//   </body>
//
// Every attribute but `shape` is optional (PeriBodySpec / PeriMaterial defaults; the
// weights default to the preset's). A `source` is read relative to the scene file's folder
// and written back as given (the outline / mask itself is not inlined). A mask body needs a
// source. Bad values are an InputError naming the file, line and attribute; a <motion> whose
// point count differs from what the shape builds is one naming the file and the body.
#include <optional>
#include <string>
#include <vector>

#include "physics/peri/body.hpp"
#include "physics/peri/system.hpp"

namespace tinyxml2 {
class XMLElement;
class XMLPrinter;
}  // namespace tinyxml2

namespace mb {

// Reads every <body> child of `parent` (in order).
std::vector<PeriBodySpec> read_bodies_xml(const std::string& origin,
                                          const tinyxml2::XMLElement* parent);
PeriBodySpec read_body_xml(const std::string& origin, const tinyxml2::XMLElement* el);
// Writes one <body> per spec. Throws InputError for a mask body without a source.
void write_bodies_xml(tinyxml2::XMLPrinter& out, const std::vector<PeriBodySpec>& bodies);

// <body-settings gravity-x gravity-y damping wall-friction contact-friction self-contact
//                threads/>: the bodies' PeriSettings, one per scene, optional (absent: the
// defaults). Its attributes are the rows of peri_parameters() (peri_settings.hpp); each is
// optional; bad values are InputErrors.
std::optional<PeriSettings> read_body_settings_xml(const std::string& origin,
                                                   const tinyxml2::XMLElement* parent);
void write_body_settings_xml(tinyxml2::XMLPrinter& out, const PeriSettings& settings);

// The specs of the bodies a world holds now, each with its current motion (empty while a
// body is still exactly as built), so a saved running world loads back bit for bit.
std::vector<PeriBodySpec> body_specs(const PeriSystem& bodies);
// Builds each spec into `bodies` (InputError, naming `origin`, for a spec that cannot build).
void install_bodies(PeriSystem& bodies, const std::vector<PeriBodySpec>& specs,
                    const std::string& origin);

}  // namespace mb
