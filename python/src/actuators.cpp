// Heaters and pushers: every attribute of the actuator XML, and the World's actuator list,
// whose edits go through physics/actuators/edit.hpp as the sandbox's do (a moved or disabled
// actuator lets go and grips afresh). An actuator made or changed here is checked by the XML
// reader's own rules (written, then read back), so a script and a file accept the same.
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "physics/actuators/edit.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "python/src/bindings.hpp"

namespace mbpy {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The reader's checks on `a` (ValueError with its message); returns `a` as the reader builds it.
mb::Actuator checked(const mb::Actuator& a) {
  mb::Warnings warnings;
  mb::Actuator read;
  try {
    read = mb::parse_actuator_xml(mb::actuator_to_xml(a), "actuator", warnings);
  } catch (const mb::InputError& e) {
    // "actuator: line 2: <actuator>: speed must ..." names a line of XML the script never
    // wrote: keep the element and the rule.
    const std::string what = e.what();
    const size_t element = what.find('<');
    throw py::value_error("actuator: " +
                          (element == std::string::npos ? what : what.substr(element)));
  }
  read.path_advancement = a.path_advancement;  // exact already; the reader agrees
  return read;
}

mb::ActuatorType type_of(const std::string& t) {
  if (t == "heater") return mb::ActuatorType::Heater;
  if (t == "pusher") return mb::ActuatorType::Pusher;
  throw py::value_error("actuator type must be 'heater' or 'pusher', not '" + t + "'");
}

double optional_number(const py::object& v) {
  return v.is_none() ? kNaN : v.cast<double>();
}
py::object number_or_none(double v) {
  return std::isnan(v) ? py::object(py::none()) : py::float_(v);
}

struct ActuatorList {
  py::object owner;  // the World
  mb::World* world;
  int index(int i) const {
    const int n = static_cast<int>(world->actuators.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw py::index_error("actuator index out of range");
    return i;
  }
};

}  // namespace

// None, or one speed per path point (the reader's range is checked with the rest).
std::vector<double> speeds_from(const py::object& v, size_t points) {
  if (v.is_none()) return {};
  std::vector<double> speeds = v.cast<std::vector<double>>();
  if (speeds.size() != points)
    throw py::value_error("path_speeds: " + std::to_string(speeds.size()) + " speeds for " +
                          std::to_string(points) + " path points (one per point, or None)");
  for (double s : speeds)
    if (!(s >= mb::kStillSpeed))
      throw py::value_error("path_speeds: each must be at least 1e-5 units per tick");
  return speeds;
}

std::vector<mb::Actuator> actuators_from(const py::handle& item) {
  if (py::isinstance<mb::Actuator>(item)) return {checked(item.cast<mb::Actuator>())};
  const std::string text = py::str(item);  // a str or an os.PathLike
  mb::Warnings warnings;
  return mb::load_actuators_arg(text, warnings);
}

void bind_actuators(py::module_& m) {
  using A = mb::Actuator;
  py::class_<A>(m, "Actuator",
                "A heater or pusher: a shape (N x 2, its own frame; none: a heater's disc of "
                "Heater.Size) moved along `path` at `speed` units per tick (below 1e-5: "
                "stands still at the path's first point).")
      .def(py::init([](const std::string& type, const py::object& path, const py::object& shape,
                       double speed, double orientation, const std::string& name, bool enabled,
                       bool cyclic, double path_advancement, bool spring_crossing_allowed,
                       bool firm_grip, bool final_release, const py::object& power,
                       const py::object& temperature, const py::object& path_speeds) {
             A a;
             a.type = type_of(type);
             a.path.points = points_from(path, "path");
             a.path.cyclic = cyclic;
             if (!shape.is_none()) a.shape = points_from(shape, "shape");
             a.speed = speed;
             a.orientation_deg = orientation;
             a.name = name;
             a.enabled = enabled;
             a.path_advancement = path_advancement;
             a.spring_crossing_allowed = spring_crossing_allowed;
             a.firm_grip = firm_grip;
             a.final_release = final_release;
             a.heat_power = optional_number(power);
             a.heat_temperature = optional_number(temperature);
             a.path_speeds = speeds_from(path_speeds, a.path.points.size());
             return checked(a);
           }),
           py::arg("type"), py::arg("path"), py::arg("shape") = py::none(), py::arg("speed") = 2.0,
           py::arg("orientation") = 0.0, py::arg("name") = "", py::arg("enabled") = true,
           py::arg("cyclic") = false, py::arg("path_advancement") = 0.0,
           py::arg("spring_crossing_allowed") = false, py::arg("firm_grip") = true,
           py::arg("final_release") = false, py::arg("power") = py::none(),
           py::arg("temperature") = py::none(), py::arg("path_speeds") = py::none())
      .def_property_readonly(
          "type",
          [](const A& a) {
            return std::string(a.type == mb::ActuatorType::Heater ? "heater" : "pusher");
          },
          "'heater' or 'pusher'")
      .def_readwrite("name", &A::name, "a label (the scene's name attribute; may be empty)")
      .def_readwrite("enabled", &A::enabled, "False: it neither moves nor acts")
      .def_readwrite("speed", &A::speed,
                     "length units per tick along the path (below 1e-5: it stands still and "
                     "acts where it is)")
      .def_readwrite("orientation", &A::orientation_deg,
                     "degrees, about the shape's vertex average")
      .def_readwrite("path_advancement", &A::path_advancement,
                     "arc length travelled along the path (length units)")
      .def_readwrite("spring_crossing_allowed", &A::spring_crossing_allowed,
                     "a pusher may drag particles through springs")
      .def_readwrite("firm_grip", &A::firm_grip,
                     "a pusher keeps only what it caught on its first tick")
      .def_readwrite("final_release", &A::final_release,
                     "a pusher lets go of what it holds when the run ends")
      .def_property(
          "power", [](const A& a) { return number_or_none(a.heat_power); },
          [](A& a, const py::object& v) { a.heat_power = optional_number(v); },
          "conduction model: W per unit area (None: [Heat] HeaterPower)")
      .def_property(
          "temperature", [](const A& a) { return number_or_none(a.heat_temperature); },
          [](A& a, const py::object& v) { a.heat_temperature = optional_number(v); },
          "conduction model: the temperature it holds (K; None: none)")
      .def_property(
          "shape", [](const A& a) { return points_array(a.shape); },
          [](A& a, const py::object& v) {
            a.shape = v.is_none() ? mb::Polygon{} : points_from(v, "shape");
          },
          "N x 2 polygon about the actuator's position (empty for a heater: a disc of the "
          "settings' heater size; None clears it)")
      .def_property(
          "path", [](const A& a) { return points_array(a.path.points); },
          [](A& a, const py::object& v) {
            a.path.points = points_from(v, "path");
            a.path_speeds.clear();  // a new path: the actuator's speed until told otherwise
          },
          "N x 2; setting it clears path_speeds")
      .def_property(
          "path_speeds",
          [](const A& a) -> py::object {
            if (a.path_speeds.empty()) return py::none();
            return py::array_t<double>(static_cast<py::ssize_t>(a.path_speeds.size()),
                                       a.path_speeds.data());
          },
          [](A& a, const py::object& v) { a.path_speeds = speeds_from(v, a.path.points.size()); },
          "speed from each path point on, units per tick (None: `speed` everywhere)")
      .def_property(
          "cyclic", [](const A& a) { return a.path.cyclic; },
          [](A& a, bool c) { a.path.cyclic = c; },
          "the path also runs from its last point back to its first")
      .def_property_readonly(
          "started", [](const A& a) { return a.started; }, "it has acted on a tick of this run")
      .def_property_readonly(
          "gripped", [](const A& a) { return a.gripped; }, "the particles it holds now (indices)")
      .def_property_readonly(
          "grip_lag", [](const A& a) { return py::make_tuple(a.grip_lag.x, a.grip_lag.y); },
          "(x, y): how far what a pusher holds trails it, the part of its moves not yet applied "
          "because the springs would cross (0 when crossing is allowed)")
      .def_property_readonly("path_length", &A::path_length, "the path's length (length units)")
      .def(
          "position", [](const A& a) { return py::make_tuple(a.position().x, a.position().y); },
          "(x, y): where it is now, path_advancement along its path")
      .def("ticks_remaining", &A::ticks_remaining,
           "the ticks it still runs: to its path's end, plus its first tick if it has not "
           "started (0 when disabled or done)")
      .def(
          "placed_shape",
          [](const A& a, double heater_size) { return points_array(a.placed_shape(heater_size)); },
          py::arg("heater_size") = 14.0, "the shape where it is now, rotated (N x 2)")
      .def(
          "to_xml", [](const A& a) { return mb::actuator_to_xml(a); },
          "the <actuator> element, as an actuator file (-a) holds it")
      .def_static(
          "from_xml", [](const std::string& text) { return actuators_from(py::str(text)); },
          "The actuators of an <actuator>, <actuators> or <simulator> text or file.")
      .def("__copy__", [](const A& a) { return A(a); })
      .def("__deepcopy__", [](const A& a, py::dict) { return A(a); })
      .def("__repr__", [](const A& a) {
        char speed[32];
        std::snprintf(speed, sizeof speed, "%g", a.speed);
        return std::string("<meltbox.Actuator ") +
               (a.type == mb::ActuatorType::Heater ? "heater" : "pusher") +
               (a.name.empty() ? "" : " '" + a.name + "'") + " speed=" + speed + " path of " +
               std::to_string(a.path.points.size()) + " points>";
      });

  using L = ActuatorList;
  py::class_<L>(m, "ActuatorList",
                "The World's actuators. Items are copies: change one and assign it back "
                "(world.actuators[0] = a), which edits it as the sandbox does.")
      .def("__len__", [](const L& l) { return l.world->actuators.size(); })
      .def("__getitem__", [](const L& l, int i) { return l.world->actuators[l.index(i)]; })
      .def("__setitem__",
           [](L& l, int i, const A& a) {
             mb::edit_actuator(l.world->net, l.world->actuators, l.index(i), checked(a));
           })
      .def("__delitem__",
           [](L& l, int i) { mb::remove_actuator(l.world->net, l.world->actuators, l.index(i)); })
      .def("__iter__", [](const L& l) { return py::iter(py::cast(l.world->actuators)); })
      .def(
          "append",
          [](L& l, const A& a) { mb::insert_actuator(l.world->actuators, -1, checked(a)); },
          "Adds a copy of `a` last (checked first).")
      .def(
          "insert",
          [](L& l, int i, const A& a) { mb::insert_actuator(l.world->actuators, i, checked(a)); },
          "Adds a copy of `a` before index i (checked first).")
      .def(
          "extend",
          [](L& l, const py::iterable& items) {
            for (py::handle h : items)
              for (const A& a : actuators_from(h)) mb::insert_actuator(l.world->actuators, -1, a);
          },
          "Adds each item last: an Actuator, or the actuators of an XML text or file "
          "(as Actuator.from_xml reads them).")
      .def(
          "clear",
          [](L& l) {
            while (!l.world->actuators.empty())
              mb::remove_actuator(l.world->net, l.world->actuators,
                                  static_cast<int>(l.world->actuators.size()) - 1);
          },
          "Removes every actuator (a pusher lets go of what it holds).")
      .def("__repr__", [](const L& l) {
        return "<meltbox.ActuatorList of " + std::to_string(l.world->actuators.size()) + ">";
      });
}

void bind_actuator_list(py::class_<mb::World>& w) {
  w.def_property(
      "actuators",
      [](py::object self) {
        return ActuatorList{self, &self.cast<mb::World&>()};
      },
      [](mb::World& world, const py::iterable& items) {
        std::vector<mb::Actuator> list;
        for (py::handle h : items)
          for (mb::Actuator& a : actuators_from(h)) list.push_back(std::move(a));
        while (!world.actuators.empty())
          mb::remove_actuator(world.net, world.actuators,
                              static_cast<int>(world.actuators.size()) - 1);
        for (const mb::Actuator& a : list) mb::insert_actuator(world.actuators, -1, a);
      },
      "list-like; assigning a list (of Actuators, XML strings or files) replaces them all");
}

}  // namespace mbpy
