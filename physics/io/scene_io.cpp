// The XML forms of the Spring Simulator (<state>, <simulator>, <actuator>), with tinyxml2.
#include "physics/io/scene_io.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <unordered_map>

#include "physics/io/atomic_file.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/text_number.hpp"
#include "physics/io/xml_attributes.hpp"
#include "physics/io/xml_schema.hpp"

namespace mb {

namespace {

using tinyxml2::XMLElement;

using xml::attr;
using xml::fail;

// The attribute under any of its accepted names (dashes first, then underscores).
const char* find_attr(const XMLElement* el, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (const char* v = el->Attribute(n)) return v;
  return nullptr;
}

double read_double(const std::string& origin, const XMLElement* el,
                   std::initializer_list<const char*> names, const double* fallback) {
  const char* v = find_attr(el, names);
  if (!v) {
    if (fallback) return *fallback;
    fail(origin, el, std::string("missing attribute '") + *names.begin() + "'");
  }
  const auto number = parse_double(v);
  if (!number)
    fail(origin, el,
         std::string("attribute '") + *names.begin() + "' = '" + v + "' is not a number");
  if (!std::isfinite(*number))
    fail(origin, el,
         std::string("attribute '") + *names.begin() + "' = '" + v + "' is not a finite number");
  return *number;
}

double required(const std::string& origin, const XMLElement* el,
                std::initializer_list<const char*> names) {
  return read_double(origin, el, names, nullptr);
}

double optional(const std::string& origin, const XMLElement* el,
                std::initializer_list<const char*> names, double fallback) {
  return read_double(origin, el, names, &fallback);
}

long long read_id(const std::string& origin, const XMLElement* el, const char* name) {
  const char* v = el->Attribute(name);
  if (!v) fail(origin, el, std::string("missing attribute '") + name + "'");
  const auto id = parse_integer(v);
  if (!id)
    fail(origin, el, std::string("attribute '") + name + "' = '" + v + "' is not an integer");
  return *id;
}

bool read_bool(const std::string& origin, const XMLElement* el,
               std::initializer_list<const char*> names, bool fallback) {
  const char* v = find_attr(el, names);
  if (!v) return fallback;
  if (const auto b = xml::parse_bool(v)) return *b;
  fail(origin, el,
       std::string("attribute '") + *names.begin() + "' = '" + v + "' must be true or false");
}

std::vector<Vec2> read_points(const std::string& origin, const XMLElement* list) {
  std::vector<Vec2> points;
  if (!list) return points;
  for (const XMLElement* p = list->FirstChildElement("point"); p;
       p = p->NextSiblingElement("point"))
    points.push_back({required(origin, p, {"x"}), required(origin, p, {"y"})});
  return points;
}

SpringNetwork read_state(const std::string& origin, const XMLElement* state, Warnings& warnings) {
  SpringNetwork net;
  std::unordered_map<long long, int32_t> index;  // file id -> particle index
  // Each pair of particles has at most one spring (validate(World) checks it; the inelastic
  // update and the crossing guard count springs per pair). The original's own README lists
  // a spring twice; two springs of one rest length in parallel are one spring of the summed
  // constant, exactly (both branches of the force law are linear in k).
  std::unordered_map<uint64_t, int32_t> spring_of;  // (lower, higher) particle -> spring
  for (const XMLElement* list = state->FirstChildElement("particles"); list;
       list = list->NextSiblingElement("particles")) {
    for (const XMLElement* p = list->FirstChildElement("particle"); p;
         p = p->NextSiblingElement("particle")) {
      const double x = required(origin, p, {"x"}), y = required(origin, p, {"y"});
      const double r = required(origin, p, {"radius"});
      if (r < 0.0) fail(origin, p, "radius must not be negative");
      if (std::abs(x) > kMaxCoordinate || std::abs(y) > kMaxCoordinate || r > kMaxCoordinate)
        fail(origin, p, "x, y and radius must be at most " + format_double(kMaxCoordinate));
      if (net.particle_count() >= kMaxSpotParticles)
        fail(origin, p,
             "more than the " + std::to_string(kMaxSpotParticles) + " particles allowed");
      const long long id = read_id(origin, p, "id");
      if (!index.emplace(id, net.particle_count()).second)
        fail(origin, p, "particle id " + std::to_string(id) + " is used twice");
      net.add_particle(x, y, r);
      // Heat content (J) of a running scene of the conduction model; absent: ambient.
      const double h = optional(origin, p, {"enthalpy"}, std::numeric_limits<double>::quiet_NaN());
      if (!std::isnan(h) && !(h >= 0.0 && h <= 1e15))
        fail(origin, p, "enthalpy must be in 0..1e15 (J)");
      net.enthalpy.back() = h;
    }
  }
  for (const XMLElement* list = state->FirstChildElement("springs"); list;
       list = list->NextSiblingElement("springs")) {
    for (const XMLElement* s = list->FirstChildElement("spring"); s;
         s = s->NextSiblingElement("spring")) {
      int32_t ends[2];
      const char* names[2] = {"particle1id", "particle2id"};
      for (int e = 0; e < 2; ++e) {
        const long long id = read_id(origin, s, names[e]);
        const auto it = index.find(id);
        if (it == index.end())
          fail(origin, s,
               std::string(names[e]) + " = " + std::to_string(id) + ": no particle has this id");
        ends[e] = it->second;
      }
      if (ends[0] == ends[1]) fail(origin, s, "a spring must join two different particles");
      const double length = required(origin, s, {"equilibrium_length", "equilibrium-length"});
      const double k = required(origin, s, {"force_constant", "force-constant"});
      if (length < 0.0) fail(origin, s, "equilibrium_length must not be negative");
      if (k < 0.0) fail(origin, s, "force_constant must not be negative");
      if (length > kMaxCoordinate) fail(origin, s, "equilibrium_length is out of range");
      if (net.spring_count() >= kMaxSprings)
        fail(origin, s, "more than the " + std::to_string(kMaxSprings) + " springs allowed");
      const uint64_t pair = (static_cast<uint64_t>(std::min(ends[0], ends[1])) << 32) |
                            static_cast<uint32_t>(std::max(ends[0], ends[1]));
      const auto [first, fresh] = spring_of.emplace(pair, net.spring_count());
      if (fresh) {
        net.add_spring(ends[0], ends[1], length, k);
        continue;
      }
      const std::string where = origin + ": line " + std::to_string(s->GetLineNum()) + ": ";
      if (net.rest_length[first->second] == length) {
        net.stiffness[first->second] += k;
        warnings.push_back(where +
                           "a second spring between the same particles: joined with "
                           "the first (their force constants add up)");
      } else {
        warnings.push_back(where +
                           "a second spring between the same particles with another "
                           "equilibrium_length: ignored (the first one is kept)");
      }
    }
  }
  return net;
}

Actuator read_actuator(const std::string& origin, const XMLElement* el) {
  Actuator a;
  const char* type = el->Attribute("type");
  if (!type) fail(origin, el, "missing attribute 'type' (Pusher or Heater)");
  std::string t(trim(type));
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "pusher")
    a.type = ActuatorType::Pusher;
  else if (t == "heater")
    a.type = ActuatorType::Heater;
  else
    fail(origin, el, std::string("type = '") + type + "': must be Pusher or Heater");
  if (const char* name = el->Attribute("name")) a.name = name;
  a.enabled = read_bool(origin, el, {"enabled"}, a.enabled);
  a.speed = optional(origin, el, {"speed"}, a.speed);
  // Below kStillSpeed (0 included) the actuator stands still, as in the original.
  if (!(a.speed >= 0.0)) fail(origin, el, "speed must not be negative");
  a.path_advancement =
      optional(origin, el, {"path-advancement", "path_advancement"}, a.path_advancement);
  if (a.path_advancement < 0.0) fail(origin, el, "path-advancement must not be negative");
  a.orientation_deg = optional(origin, el, {"orientation"}, a.orientation_deg);
  a.spring_crossing_allowed =
      read_bool(origin, el, {"spring-crossing-allowed", "spring_crossing_allowed"},
                a.spring_crossing_allowed);
  a.firm_grip = read_bool(origin, el, {"firm-grip", "firm_grip"}, a.firm_grip);
  a.final_release = read_bool(origin, el, {"final-release", "final_release"}, a.final_release);
  // The conduction model's heater: W per unit area, or a temperature it holds (K).
  a.heat_power = optional(origin, el, {"power"}, a.heat_power);
  if (!std::isnan(a.heat_power) && !(a.heat_power >= 0.0 && a.heat_power <= 1e9))
    fail(origin, el, "power must be in 0..1e9 (W per unit area)");
  a.heat_temperature = optional(origin, el, {"temperature"}, a.heat_temperature);
  if (!std::isnan(a.heat_temperature) && !(a.heat_temperature >= 0.0 && a.heat_temperature <= 1e5))
    fail(origin, el, "temperature must be in 0..1e5 (K)");
  if (a.type == ActuatorType::Pusher &&
      !(std::isnan(a.heat_power) && std::isnan(a.heat_temperature)))
    fail(origin, el, "power and temperature are a heater's (this is a pusher)");

  const XMLElement* shape = el->FirstChildElement("shape");
  a.shape = read_points(origin, shape);
  const XMLElement* at = shape ? shape : el;
  if (a.type == ActuatorType::Pusher && a.shape.size() < 3)
    fail(origin, at, "a pusher needs a <shape> of at least 3 points");
  if (!a.shape.empty() && a.shape.size() < 3)
    fail(origin, at, "a <shape> needs at least 3 points (or none: a disc of [Heater] Size)");
  if (!a.shape.empty() && area(a.shape) == 0.0) fail(origin, at, "the <shape> has zero area");

  const XMLElement* path = el->FirstChildElement("path");
  if (!path) fail(origin, el, "missing <path> (at least one point)");
  a.path.points = read_points(origin, path);
  a.path.cyclic = read_bool(origin, path, {"cyclic"}, false);
  if (a.path.points.empty()) fail(origin, path, "a <path> needs at least one point");
  // A point's speed is the speed from it on (a planned pass's own); a point without one
  // takes the actuator's (at least kStillSpeed: a still actuator ignores its points' speeds,
  // and what is written must read back). None at all: the actuator's speed everywhere, as in
  // the original.
  bool any_speed = false;
  for (const XMLElement* p = path->FirstChildElement("point"); p;
       p = p->NextSiblingElement("point")) {
    const double v = optional(origin, p, {"speed"}, std::max(a.speed, kStillSpeed));
    any_speed = any_speed || p->Attribute("speed");
    if (!(v >= kStillSpeed))
      fail(origin, p, "a path point's speed must be at least 1e-5 length units per tick");
    a.path_speeds.push_back(v);
  }
  if (!any_speed) a.path_speeds.clear();
  return a;
}

void parse_document(tinyxml2::XMLDocument& doc, const std::string& text,
                    const std::string& origin) {
  if (trim(text).empty()) throw InputError(origin + ": empty (no XML element)");
  doc.Parse(text.data(), text.size());
  if (doc.Error())
    throw InputError(origin + ": line " + std::to_string(doc.ErrorLineNum()) +
                     ": not well-formed XML (" + doc.ErrorName() + ")");
  if (!doc.RootElement()) throw InputError(origin + ": no XML element found");
}

std::vector<Actuator> read_actuator_list(const std::string& origin, const XMLElement* list) {
  std::vector<Actuator> out;
  if (!list) return out;
  for (const XMLElement* a = list->FirstChildElement("actuator"); a;
       a = a->NextSiblingElement("actuator"))
    out.push_back(read_actuator(origin, a));
  return out;
}

// --- writing ---

// `speeds`: empty, or one per point, written as each point's `speed`.
void write_points(tinyxml2::XMLPrinter& out, const char* element, const std::vector<Vec2>& points,
                  bool cyclic = false, const std::vector<double>& speeds = {}) {
  out.OpenElement(element);
  if (cyclic) attr(out, "cyclic", true);
  for (size_t i = 0; i < points.size(); ++i) {
    out.OpenElement("point");
    attr(out, "x", points[i].x);
    attr(out, "y", points[i].y);
    if (i < speeds.size()) attr(out, "speed", speeds[i]);
    out.CloseElement();
  }
  out.CloseElement();
}

// The gas, bodies and body settings of a scene, where the reader takes them (read_matter).
void write_matter(tinyxml2::XMLPrinter& out, const Scene& scene) {
  if (scene.gas) write_gas_xml(out, scene.gas->gas, scene.gas->box.value_or(kDefaultGasBox));
  write_bodies_xml(out, scene.bodies);
  if (scene.body_settings) write_body_settings_xml(out, *scene.body_settings);
}

void write_state(tinyxml2::XMLPrinter& out, const Scene& scene, bool with_matter) {
  const SpringNetwork& net = scene.net;
  out.OpenElement("state");
  out.PushAttribute("id", 0);
  out.OpenElement("particles");
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    out.OpenElement("particle");
    attr(out, "x", net.x[i]);
    attr(out, "y", net.y[i]);
    attr(out, "radius", net.radius[i]);
    out.PushAttribute("id", i);
    if (i < static_cast<int32_t>(net.enthalpy.size()) && !std::isnan(net.enthalpy[i]))
      attr(out, "enthalpy", net.enthalpy[i]);
    out.CloseElement();
  }
  out.CloseElement();
  out.OpenElement("springs");
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    out.OpenElement("spring");
    out.PushAttribute("particle1id", net.a[s]);
    out.PushAttribute("particle2id", net.b[s]);
    attr(out, "equilibrium_length", net.rest_length[s]);
    attr(out, "force_constant", net.stiffness[s]);
    out.CloseElement();
  }
  out.CloseElement();
  if (with_matter) write_matter(out, scene);
  out.CloseElement();
}

void write_actuator(tinyxml2::XMLPrinter& out, const Actuator& a) {
  out.OpenElement("actuator");
  out.PushAttribute("type", to_string(a.type));
  out.PushAttribute("name", a.name.c_str());
  attr(out, "enabled", a.enabled);
  attr(out, "speed", a.speed);
  attr(out, "path-advancement", a.path_advancement);
  attr(out, "orientation", a.orientation_deg);
  attr(out, "spring-crossing-allowed", a.spring_crossing_allowed);
  attr(out, "firm-grip", a.firm_grip);
  attr(out, "final-release", a.final_release);
  if (!std::isnan(a.heat_power)) attr(out, "power", a.heat_power);
  if (!std::isnan(a.heat_temperature)) attr(out, "temperature", a.heat_temperature);
  write_points(out, "shape", a.shape);
  write_points(out, "path", a.path.points, a.path.cyclic, a.path_speeds);
  out.CloseElement();
}

std::string finish(tinyxml2::XMLPrinter& out) {
  return std::string(out.CStr());
}

// The gas, bodies and body settings that stand directly in `parent` (a <state> or a
// <simulator>: both may hold them). A second <gas> or <body-settings>, in either place, is
// an error: which one was meant cannot be told.
void read_matter(const std::string& origin, const XMLElement* parent, Scene& scene) {
  if (const XMLElement* gas = parent->FirstChildElement("gas")) {
    if (scene.gas || gas->NextSiblingElement("gas"))
      fail(origin, gas, "more than one <gas> in the scene (in <state> and <simulator> together)");
    scene.gas = read_gas_xml(origin, gas, kDefaultGasBox);
  }
  for (PeriBodySpec& b : read_bodies_xml(origin, parent)) scene.bodies.push_back(std::move(b));
  for (SpotSpec& s : read_spots_xml(origin, parent)) scene.spots.push_back(std::move(s));
  if (const XMLElement* s = parent->FirstChildElement("body-settings")) {
    if (scene.body_settings || s->NextSiblingElement("body-settings"))
      fail(origin, s,
           "more than one <body-settings> in the scene (in <state> and <simulator> together)");
    scene.body_settings = read_body_settings_xml(origin, parent);
  }
}

}  // namespace

Scene parse_scene_xml(const std::string& text, const std::string& origin) {
  tinyxml2::XMLDocument doc;
  parse_document(doc, text, origin);
  const XMLElement* root = doc.RootElement();
  const std::string_view name = root->Name();
  Scene scene;
  if (name == "state") {
    scene.net = read_state(origin, root, scene.warnings);
    read_matter(origin, root, scene);
  } else if (name == "simulator") {
    const XMLElement* state = root->FirstChildElement("state");
    if (!state) fail(origin, root, "missing <state>");
    if (state->NextSiblingElement("state")) fail(origin, root, "more than one <state>");
    if (const XMLElement* more = root->FirstChildElement("actuators");
        more && more->NextSiblingElement("actuators"))
      fail(origin, more->NextSiblingElement("actuators"), "more than one <actuators>");
    scene.net = read_state(origin, state, scene.warnings);
    scene.actuators = read_actuator_list(origin, root->FirstChildElement("actuators"));
    read_matter(origin, state, scene);
    read_matter(origin, root, scene);
    if (const char* t = root->Attribute("time")) {
      // Bounded so that the tick count (and time + cooldown) cannot overflow int64.
      const auto time = parse_integer(t);
      if (!time || *time < 0 || *time > 1'000'000'000'000'000)
        fail(origin, root,
             std::string("time = '") + t + "' must be a whole number in 0..10^15 (ticks)");
      scene.time = *time;
    }
  } else if (name == "actuator" || name == "actuators") {
    fail(origin, root, "this is an actuator file, not a state or simulator (give it with -a)");
  } else {
    fail(origin, root, "unknown root element (expected <state> or <simulator>)");
  }
  xml::report_unknown(origin, root, scene.warnings);
  return scene;
}

Scene load_scene_xml(const std::string& path) {
  return parse_scene_xml(read_text_file(path), path);
}

std::vector<Actuator> parse_actuators_xml(const std::string& text, const std::string& origin,
                                          Warnings& warnings) {
  tinyxml2::XMLDocument doc;
  parse_document(doc, text, origin);
  const XMLElement* root = doc.RootElement();
  const std::string_view name = root->Name();
  if (name == "simulator") {
    // A simulator file's actuators (its state is checked too, so errors are not hidden).
    Scene scene = parse_scene_xml(text, origin);
    warnings.insert(warnings.end(), scene.warnings.begin(), scene.warnings.end());
    return std::move(scene.actuators);
  }
  std::vector<Actuator> out;
  if (name == "actuator")
    out.push_back(read_actuator(origin, root));
  else if (name == "actuators")
    out = read_actuator_list(origin, root);
  else
    fail(origin, root, "expected <actuator>, <actuators> or <simulator>");
  xml::report_unknown(origin, root, warnings);
  return out;
}

std::vector<Actuator> load_actuators_xml(const std::string& path, Warnings& warnings) {
  return parse_actuators_xml(read_text_file(path), path, warnings);
}

std::vector<Actuator> load_actuators_arg(const std::string& arg, Warnings& warnings) {
  if (const std::string_view t = trim(arg); !t.empty() && t.front() == '<')
    return parse_actuators_xml(arg, "XML string", warnings);
  return load_actuators_xml(arg, warnings);
}

Actuator parse_actuator_xml(const std::string& text, const std::string& origin,
                            Warnings& warnings) {
  tinyxml2::XMLDocument doc;
  parse_document(doc, text, origin);
  const XMLElement* root = doc.RootElement();
  if (std::string_view(root->Name()) != "actuator") fail(origin, root, "expected <actuator>");
  Actuator a = read_actuator(origin, root);
  xml::report_unknown(origin, root, warnings);
  return a;
}

std::string write_scene_xml(const Scene& scene, SceneRoot root) {
  tinyxml2::XMLPrinter out;
  out.PushHeader(false, true);
  if (root == SceneRoot::State) {
    write_state(out, scene, true);
    return finish(out);
  }
  out.OpenElement("simulator");
  out.PushAttribute("type", "Simulator");
  out.PushAttribute("time", scene.time);
  out.PushAttribute("scale", 1);
  write_state(out, scene, false);
  out.OpenElement("actuators");
  for (const Actuator& a : scene.actuators) write_actuator(out, a);
  out.CloseElement();
  write_matter(out, scene);
  out.CloseElement();
  return finish(out);
}

Scene scene_of(const World& world) {
  Scene scene;
  scene.net = world.net;
  scene.actuators = world.actuators;
  scene.time = world.time;
  if (!world.gas.empty()) scene.gas = GasScene{world.gas, world.box};
  scene.bodies = body_specs(world.bodies);  // each with its motion (peri_xml)
  if (!scene.bodies.empty()) scene.body_settings = world.bodies.settings;
  return scene;
}

void save_scene_xml(const std::string& path, const Scene& scene, SceneRoot root) {
  write_file_atomic(path, write_scene_xml(scene, root));
}

std::string actuator_to_xml(const Actuator& actuator) {
  tinyxml2::XMLPrinter out;
  out.PushHeader(false, true);
  write_actuator(out, actuator);
  return finish(out);
}

std::string state_to_xml(const World& world) {
  return write_scene_xml(scene_of(world), SceneRoot::State);
}

void save_state_xml(const std::string& path, const World& world) {
  save_scene_xml(path, scene_of(world), SceneRoot::State);
}

void save_simulator_xml(const std::string& path, const World& world) {
  save_scene_xml(path, scene_of(world), SceneRoot::Simulator);
}

void save_actuator_xml(const std::string& path, const Actuator& actuator) {
  write_file_atomic(path, actuator_to_xml(actuator));
}

}  // namespace mb
