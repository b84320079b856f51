// Settings as mappings made from the parameter tables (physics/core/parameter.hpp): the same
// keys as the files ("Group.Key" for the .cfg's [Group] Key; the XML attribute names for the
// gas and the bodies), the same ranges, the same cross-key checks. A value out of range is a
// ValueError naming the key and the range, and the world keeps its settings.
#include <cmath>
#include <span>
#include <string>

#include "physics/core/error.hpp"
#include "physics/core/parameter.hpp"
#include "physics/gas/gas_settings.hpp"
#include "physics/peri/edit.hpp"
#include "physics/peri/material_parameters.hpp"
#include "physics/peri/peri_settings.hpp"
#include "physics/springs/simulator_settings.hpp"
#include "python/src/bindings.hpp"

namespace mbpy {

namespace {

template <class S>
std::string key_of(const mb::Parameter<S>& p) {
  return p.group[0] ? std::string(p.group) + "." + p.name : std::string(p.name);
}

const char* kind_name(mb::ParameterKind k) {
  switch (k) {
    case mb::ParameterKind::Real:
      return "real";
    case mb::ParameterKind::Integer:
      return "integer";
    case mb::ParameterKind::Boolean:
      return "boolean";
  }
  return "real";
}

// A setting that is a word rather than a number (written beside the tables in the files).
template <class S>
struct WordKey {
  const char* key;
  std::vector<const char*> words;  // index = the enum's value
  int (*get)(const S&);
  void (*set)(S&, int);
};

std::vector<WordKey<mb::SimulatorSettings>> spring_words() {
  return {{"Lattice.Type",
           {"hexagonal", "square", "amorphous"},
           [](const mb::SimulatorSettings& s) { return static_cast<int>(s.lattice); },
           [](mb::SimulatorSettings& s, int v) { s.lattice = static_cast<mb::LatticeType>(v); }},
          {"Heat.Model",
           {"timer", "conduction"},
           [](const mb::SimulatorSettings& s) { return static_cast<int>(s.heat.model); },
           [](mb::SimulatorSettings& s, int v) { s.heat.model = static_cast<mb::HeatModel>(v); }}};
}
std::vector<WordKey<mb::GasSettings>> gas_words() {
  return {{"broad-phase",
           {"auto", "sweep", "grid"},
           [](const mb::GasSettings& s) { return static_cast<int>(s.broad_phase); },
           [](mb::GasSettings& s, int v) { s.broad_phase = static_cast<mb::GasBroadPhase>(v); }}};
}

// Where a table's struct lives in the World and how a changed copy is put back (the checks
// beyond single rows: the springs' cross-key rules, the bodies' own edit).
struct SpringAccess {
  using S = mb::SimulatorSettings;
  static constexpr const char* name = "Settings";
  static constexpr const char* doc =
      "World.settings: the spring network's settings as a live mapping keyed as the .cfg "
      "file ('Relaxation.IterationLimit'); a write is checked, then made.";
  static std::span<const mb::Parameter<S>> rows() { return mb::simulator_parameters(); }
  static std::vector<WordKey<S>> words() { return spring_words(); }
  static const S& get(const mb::World& w) { return w.settings; }
  static std::string commit(mb::World& w, const S& s) {
    const std::vector<std::string> problems = mb::validate(s);
    if (!problems.empty()) return problems.front();
    w.settings = s;
    return "";
  }
};
struct GasAccess {
  using S = mb::GasSettings;
  static constexpr const char* name = "GasSettings";
  static constexpr const char* doc =
      "World.gas_settings: the gas's settings as a live mapping keyed as the <gas> element's "
      "attributes ('tick-seconds'); a write is checked, then made.";
  static std::span<const mb::Parameter<S>> rows() { return mb::gas_parameters(); }
  static std::vector<WordKey<S>> words() { return gas_words(); }
  static const S& get(const mb::World& w) { return w.gas.settings; }
  static std::string commit(mb::World& w, const S& s) {
    w.gas.settings = s;
    return "";
  }
};
struct BodyAccess {
  using S = mb::PeriSettings;
  static constexpr const char* name = "BodySettings";
  static constexpr const char* doc =
      "World.body_settings: the bodies' settings as a live mapping keyed as <body-settings>' "
      "attributes ('gravity-y'); a write is checked, then made.";
  static std::span<const mb::Parameter<S>> rows() { return mb::peri_parameters(); }
  static std::vector<WordKey<S>> words() { return {}; }
  static const S& get(const mb::World& w) { return w.bodies.settings; }
  static std::string commit(mb::World& w, const S& s) {
    try {
      mb::set_settings(w.bodies, s);
    } catch (const mb::Error& e) {
      return e.what();
    }
    return "";
  }
};

// A body's material (no World: made into a body by add_body or set_body_material).
struct MaterialAccess {
  using S = mb::PeriMaterial;
  static constexpr const char* name = "material";
  static std::span<const mb::Parameter<S>> rows() { return mb::peri_material_parameters(); }
  static std::vector<WordKey<S>> words() { return {}; }
};

template <class A>
std::vector<std::string> keys() {
  std::vector<std::string> out;
  for (const auto& p : A::rows()) out.push_back(key_of(p));
  for (const auto& w : A::words()) out.emplace_back(w.key);
  return out;
}

template <class A>
py::object get_value(const typename A::S& s, const std::string& key) {
  for (const auto& p : A::rows()) {
    if (key_of(p) != key) continue;
    const double v = p.get(s);
    if (p.kind == mb::ParameterKind::Integer) return py::int_(static_cast<long long>(v));
    if (p.kind == mb::ParameterKind::Boolean) return py::bool_(v != 0.0);
    return py::float_(v);
  }
  for (const auto& w : A::words())
    if (key == w.key) return py::str(w.words.at(static_cast<size_t>(w.get(s))));
  throw py::key_error("no setting '" + key + "' (" + A::name + ".keys() lists them)");
}

std::string range_of(double min, double max, bool min_exclusive, const char* unit) {
  std::string r = (min_exclusive ? "(" : "[") + mb::parameter_number(min) + ", " +
                  mb::parameter_number(max) + "]";
  if (unit[0]) r += std::string(" ") + unit;
  return r;
}

// Sets `key` in `s` or raises (KeyError: no such key; TypeError: not a number or word;
// ValueError: out of range, naming the key and the range).
template <class A>
void set_value(typename A::S& s, const std::string& key, const py::handle& value) {
  for (const auto& p : A::rows()) {
    if (key_of(p) != key) continue;
    if (py::isinstance<py::str>(value) ||
        !(py::isinstance<py::float_>(value) || py::isinstance<py::int_>(value)))
      throw py::type_error(key + ": a number is needed, not " +
                           std::string(py::str(py::type::of(value).attr("__name__"))));
    const double v = value.cast<double>();
    if (std::string why = mb::parameter_problem(p, v); !why.empty())
      throw py::value_error(key + " = " + mb::parameter_number(v) + ": " + why + " (range " +
                            range_of(p.min, p.max, p.min_exclusive, p.unit) + ")");
    p.set(s, v);
    return;
  }
  for (const auto& w : A::words()) {
    if (key != w.key) continue;
    const std::string word = py::isinstance<py::str>(value) ? value.cast<std::string>() : "";
    for (size_t k = 0; k < w.words.size(); ++k)
      if (word == w.words[k]) return w.set(s, static_cast<int>(k));
    std::string known;
    for (const char* x : w.words) known += (known.empty() ? "" : ", ") + std::string(x);
    throw py::value_error(key + " = " + std::string(py::str(value)) + ": must be one of " + known);
  }
  throw py::key_error("no setting '" + key + "' (" + A::name + ".keys() lists them)");
}

// Applies every pair of `values` to a copy of the settings, then commits them together.
template <class A>
void apply(mb::World& world, const py::dict& values) {
  typename A::S s = A::get(world);
  for (auto [k, v] : values) set_value<A>(s, py::cast<std::string>(k), v);
  if (std::string why = A::commit(world, s); !why.empty()) throw py::value_error(why);
}

// The mapping a World hands out: a live view of its settings (reads see edits; writes are
// checked, then made).
template <class A>
struct SettingsMap {
  py::object owner;  // the World, kept alive while the mapping is
  mb::World* world;
};

template <class A>
void bind_map(py::module_& m) {
  using M = SettingsMap<A>;
  py::class_<M>(m, A::name, A::doc)
      .def("__getitem__",
           [](const M& s, const std::string& k) { return get_value<A>(A::get(*s.world), k); })
      .def("__setitem__",
           [](M& s, const std::string& k, const py::object& v) {
             apply<A>(*s.world, py::dict(py::arg(k.c_str()) = v));
           })
      .def("__contains__",
           [](const M&, const std::string& k) {
             for (const std::string& x : keys<A>())
               if (x == k) return true;
             return false;
           })
      .def("__len__", [](const M&) { return keys<A>().size(); })
      .def("__iter__", [](const M&) { return py::iter(py::cast(keys<A>())); })
      .def(
          "keys", [](const M&) { return keys<A>(); }, "Every key, in the file's order.")
      .def(
          "items",
          [](const M& s) {
            py::list out;
            for (const std::string& k : keys<A>())
              out.append(py::make_tuple(k, get_value<A>(A::get(*s.world), k)));
            return out;
          },
          "(key, value) for every key, in the file's order.")
      .def(
          "to_dict",
          [](const M& s) {
            py::dict out;
            for (const std::string& k : keys<A>())
              out[k.c_str()] = get_value<A>(A::get(*s.world), k);
            return out;
          },
          "A plain dict of every key's value now (not live).")
      .def(
          "update", [](M& s, const py::dict& values) { apply<A>(*s.world, values); },
          "Sets several keys at once, checked together (all or none).")
      .def_static(
          "info",
          [](const std::string& k) {
            for (const auto& p : A::rows())
              if (key_of(p) == k)
                return py::dict(py::arg("kind") = kind_name(p.kind), py::arg("min") = p.min,
                                py::arg("max") = p.max, py::arg("min_exclusive") = p.min_exclusive,
                                py::arg("unit") = p.unit, py::arg("doc") = p.tooltip);
            for (const auto& w : A::words())
              if (k == w.key) return py::dict(py::arg("kind") = "word", py::arg("words") = w.words);
            throw py::key_error("no setting '" + k + "'");
          },
          "The key's row of the parameter table: kind, min, max, unit and what it does.")
      .def("__repr__", [](const M& s) {
        return std::string(A::name) + "(" + std::string(py::repr(py::cast(s).attr("to_dict")())) +
               ")";
      });
}

}  // namespace

void apply_spring_settings(mb::World& world, const py::dict& values) {
  apply<SpringAccess>(world, values);
}
void apply_gas_settings(mb::World& world, const py::dict& values) {
  apply<GasAccess>(world, values);
}
void apply_body_settings(mb::World& world, const py::dict& values) {
  apply<BodyAccess>(world, values);
}

mb::PeriMaterial material_from(const mb::PeriMaterial& base, const py::handle& values) {
  mb::PeriMaterial m = base;
  if (values.is_none()) return m;
  for (auto [k, v] : values.cast<py::dict>())
    set_value<MaterialAccess>(m, py::cast<std::string>(k), v);
  if (const std::vector<std::string> problems = mb::validate(m); !problems.empty())
    throw py::value_error(problems.front());
  return m;
}

py::dict material_dict(const mb::PeriMaterial& m) {
  py::dict out;
  for (const std::string& k : keys<MaterialAccess>())
    out[k.c_str()] = get_value<MaterialAccess>(m, k);
  return out;
}

void bind_settings(py::module_& m) {
  bind_map<SpringAccess>(m);
  bind_map<GasAccess>(m);
  bind_map<BodyAccess>(m);
}

// The World's three mappings (declared here so the templates stay in this file).
void bind_settings_properties(py::class_<mb::World>& w) {
  w.def_property_readonly(
       "settings",
       [](py::object self) {
         return SettingsMap<SpringAccess>{self, &self.cast<mb::World&>()};
       },
       "The spring network's settings, keyed as the .cfg file: 'Relaxation.IterationLimit'.")
      .def_property_readonly(
          "gas_settings",
          [](py::object self) {
            return SettingsMap<GasAccess>{self, &self.cast<mb::World&>()};
          },
          "The gas's settings, keyed as the <gas> element's attributes: 'tick-seconds'.")
      .def_property_readonly(
          "body_settings",
          [](py::object self) {
            return SettingsMap<BodyAccess>{self, &self.cast<mb::World&>()};
          },
          "The bodies' settings, keyed as <body-settings>' attributes: 'gravity-y'.");
}

}  // namespace mbpy
