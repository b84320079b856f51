#pragma once
// The XML formats of the Spring Simulator, read and written with tinyxml2:
//   <state>      particles and springs;
//   <simulator>  a state plus <actuators>;
//   <actuator>   one actuator (attributes with dashes or underscores are both read;
//                dashes are written, as in the Spring Simulator's README).
// Doubles are written in their shortest exact form (at most max_digits10 significant
// digits, via std::to_chars), so reading what was written gives back the same numbers
// exactly. Writes are atomic.
#include <optional>
#include <string>
#include <vector>

#include "physics/actuators/actuator.hpp"
#include "physics/io/gas_xml.hpp"
#include "physics/io/peri_xml.hpp"
#include "physics/io/spot_xml.hpp"
#include "physics/io/warnings.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/springs/spring_network.hpp"
#include "physics/world/world.hpp"

namespace mb {

struct Scene {
  SpringNetwork net;
  std::vector<Actuator> actuators;
  int64_t time = 0;
  std::optional<GasScene> gas;       // a <gas> element, when the file has one (gas_xml.hpp)
  std::vector<PeriBodySpec> bodies;  // <body> elements (peri_xml.hpp)
  std::optional<PeriSettings> body_settings;  // a <body-settings> element (peri_xml.hpp)
  std::vector<SpotSpec> spots;  // <spot> elements (spot_xml.hpp), built by world_from_scene
  Warnings warnings;  // what the reader skipped or read under another spelling (warnings.hpp)
};

// Parses any of the three XML forms from text (`origin` names the source in errors).
// A <state> gives a scene without actuators; an <actuator> root is an error here.
// <gas>, <body> and <body-settings> are read inside <state> and inside <simulator> alike.
// Unknown elements and attributes are skipped with a warning in Scene::warnings
// (xml_schema.hpp).
Scene parse_scene_xml(const std::string& text, const std::string& origin);
Scene load_scene_xml(const std::string& path);

// The actuators of an <actuator>, <actuators> or <simulator> document (text or file).
std::vector<Actuator> parse_actuators_xml(const std::string& text, const std::string& origin,
                                          Warnings& warnings);
std::vector<Actuator> load_actuators_xml(const std::string& path, Warnings& warnings);
// What the CLI's -a takes (and the Python module's actuator lists): an XML string when the
// text starts with '<' (the original accepts both), else a file.
std::vector<Actuator> load_actuators_arg(const std::string& arg, Warnings& warnings);
Actuator parse_actuator_xml(const std::string& text, const std::string& origin, Warnings& warnings);

// Writes `scene` as parse_scene_xml reads it, so a read-write round trip is exact: a <state>
// (particles, springs, then the gas, bodies and body settings inside it), or a <simulator>
// (time, the state, the actuators, then the gas, bodies and body settings). A gas without a
// box is written with the default box it was read into.
enum class SceneRoot { State, Simulator };
std::string write_scene_xml(const Scene& scene, SceneRoot root);
void save_scene_xml(const std::string& path, const Scene& scene, SceneRoot root);
// The scene a World is now: its network, actuators, time, gas with the World's box, bodies
// with their motion, and the bodies' settings when it has bodies.
Scene scene_of(const World& world);
// scene_of(world) as a <state> (text or file) or a <simulator> file.
std::string state_to_xml(const World& world);
void save_state_xml(const std::string& path, const World& world);
void save_simulator_xml(const std::string& path, const World& world);

std::string actuator_to_xml(const Actuator& actuator);
void save_actuator_xml(const std::string& path, const Actuator& actuator);

// Coordinates of outlines are at most this in size: far beyond any scene, and small
// enough that areas and lattice extents stay finite and exact enough.
inline constexpr double kMaxCoordinate = 1e9;
// A state holds at most kMaxSpotParticles particles (lattice.hpp) and this many springs.
inline constexpr int64_t kMaxSprings = 10'000'000;
}  // namespace mb
