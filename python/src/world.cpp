// meltbox.World: built from every file the CLI reads (app/cli/load_world.cpp does the same)
// or from Python data, saved to every format the CLI writes, ticked without the GIL.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <string>

#include "physics/io/input_files.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/peri/edit.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/state_hash.hpp"
#include "python/src/bindings.hpp"

namespace mbpy {

namespace {

void warn(const mb::Warnings& warnings) {
  if (warnings.empty()) return;
  py::object warn_fn = py::module_::import("warnings").attr("warn");
  for (const std::string& w : warnings) warn_fn(w);
}

// `settings`: None (the defaults), a .cfg path, or a mapping of keys ("Relaxation.IterationLimit").
mb::SimulatorSettings settings_from(const py::object& settings) {
  mb::World scratch;
  if (settings.is_none()) return scratch.settings;
  if (py::isinstance<py::dict>(settings)) {
    apply_spring_settings(scratch, settings.cast<py::dict>());
    return scratch.settings;
  }
  mb::Warnings warnings;
  mb::SimulatorSettings s = mb::load_settings(py::str(settings), warnings);
  warn(warnings);
  return s;
}

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// The CLI's check before it writes: a folder that exists, a name that is not a folder.
void check_output_path(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw py::value_error(path + ": cannot write (a folder)");
  fs::path parent = fs::path(path).parent_path();
  if (parent.empty()) parent = ".";
  if (!fs::is_directory(parent, ec))
    throw py::value_error(path + ": cannot write (no folder " + parent.string() + ")");
}

std::vector<double> numbers(const py::handle& h, const char* what) {
  auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(h);
  if (!a || a.ndim() != 1)
    throw py::value_error(std::string(what) + ": a 1-D array of numbers is needed");
  std::vector<double> out(a.data(), a.data() + a.size());
  for (double v : out)
    if (!std::isfinite(v))
      throw py::value_error(std::string(what) + ": every value must be finite");
  return out;
}

// True when no two discs of `gas` overlap (sorted by left edge, each against those that
// start before its right edge).
bool discs_apart(const mb::Gas& gas, int32_t* first, int32_t* second) {
  std::vector<int32_t> order(static_cast<size_t>(gas.size()));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int32_t i, int32_t j) {
    return gas.x[i] - gas.radius[i] < gas.x[j] - gas.radius[j];
  });
  for (size_t k = 0; k < order.size(); ++k) {
    const int32_t i = order[k];
    for (size_t l = k + 1; l < order.size(); ++l) {
      const int32_t j = order[l];
      if (gas.x[j] - gas.radius[j] >= gas.x[i] + gas.radius[i]) break;
      const double dx = gas.x[i] - gas.x[j], dy = gas.y[i] - gas.y[j],
                   r = gas.radius[i] + gas.radius[j];
      if (dx * dx + dy * dy < r * r) {
        *first = std::min(i, j), *second = std::max(i, j);
        return false;
      }
    }
  }
  return true;
}

mb::Vec2 vec(const py::handle& h, const char* what) {
  const std::vector<mb::Vec2> p = points_from(py::make_tuple(h), what);
  return p.front();
}

}  // namespace

RunResult run_world(mb::World& world, int64_t ticks, bool finish, int64_t max_ticks) {
  RunResult r;
  auto account = [&](const mb::TickStats& t) {
    r.iterations += t.iterations;
    r.springs_made += t.springs_made;
    r.springs_broken += t.springs_broken;
  };
  const auto more = [&] {
    if (ticks > 0) return r.ticks < ticks;
    return world.actuators_running() && (max_ticks <= 0 || r.ticks < max_ticks);
  };
  for (; more(); ++r.ticks) {
    r.last_tick = world.tick();
    account(r.last_tick);
  }
  if (finish) {
    r.finish = world.finish_run();
    account(r.finish);
    r.finished = true;
  }
  return r;
}

py::dict result_dict(const RunResult& r) {
  py::dict d(py::arg("ticks") = r.ticks, py::arg("iterations") = r.iterations,
             py::arg("springs_made") = r.springs_made, py::arg("springs_broken") = r.springs_broken,
             py::arg("last_tick") = stats_dict(r.last_tick));
  d["finish"] = r.finished ? py::object(stats_dict(r.finish)) : py::object(py::none());
  return d;
}

void bind_world(py::module_& m, py::class_<mb::World>& w) {
  (void)m;
  using W = mb::World;
  w.def(py::init([](const py::object& box) {
          W world;
          if (!box.is_none()) {
            const std::vector<double> b = numbers(box, "box");
            if (b.size() != 4 || !(b[0] < b[2] && b[1] < b[3]))
              throw py::value_error("box: (xmin, ymin, xmax, ymax) with min < max is needed");
            world.box = {{b[0], b[1]}, {b[2], b[3]}};
          }
          return world;
        }),
        py::arg("box") = py::none(), "An empty world in `box` (xmin, ymin, xmax, ymax).")
      .def_static(
          "load",
          [](const py::object& input, const py::object& settings, const py::object& actuators,
             bool inelastic, bool cross_contacts) {
            const mb::SimulatorSettings s = settings_from(settings);
            const std::string in = py::str(input);
            mb::Scene scene = mb::load_any_input(in, s);
            warn(scene.warnings);
            W world = mb::world_from_scene(std::move(scene), s, in);
            if (!actuators.is_none()) {  // -a: replaces the scene's actuators
              world.actuators.clear();
              for (py::handle h : actuators.cast<py::iterable>())
                for (mb::Actuator& a : actuators_from(h)) world.actuators.push_back(std::move(a));
            }
            world.inelastic = inelastic;
            world.cross_contacts = cross_contacts;
            return world;
          },
          py::arg("input"), py::arg("settings") = py::none(), py::arg("actuators") = py::none(),
          py::arg("inelastic") = false, py::arg("cross_contacts") = true,
          "The CLI's -i/-s/-a/-w: input .png, .csv, .xml (state or simulator) or XML text; "
          "settings a .cfg path or a mapping; actuators Actuators, XML strings or files.")
      .def_static(
          "from_outline",
          [](const py::object& outline, const py::object& settings, bool inelastic) {
            const mb::SimulatorSettings s = settings_from(settings);
            const mb::Polygon poly = points_from(outline, "outline");
            if (poly.size() < 3) throw py::value_error("outline: at least 3 points are needed");
            mb::Scene scene;
            scene.net = mb::polygon_spot(poly, s);
            if (scene.net.particle_count() == 0)
              throw py::value_error("outline: too small to hold a particle at the lattice spacing");
            W world = mb::world_from_scene(std::move(scene), s, "outline");
            world.inelastic = inelastic;
            return world;
          },
          py::arg("outline"), py::arg("settings") = py::none(), py::arg("inelastic") = false,
          "A spot of wax filling the outline (N x 2), on the settings' lattice (as a CSV input).")
      .def_static(
          "from_arrays",
          [](const py::object& particles, const py::object& radii, const py::object& springs,
             const py::object& rest_length, const py::object& stiffness, const py::object& settings,
             bool inelastic) {
            W world;
            world.settings = settings_from(settings);
            world.inelastic = inelastic;
            const std::vector<mb::Vec2> p = points_from(particles, "particles");
            const std::vector<double> r = numbers(radii, "radii");
            if (r.size() != p.size()) throw py::value_error("radii: one per particle is needed");
            for (size_t i = 0; i < p.size(); ++i) {
              if (!(r[i] > 0.0)) throw py::value_error("radii: every radius must be > 0");
              world.net.add_particle(p[i].x, p[i].y, r[i]);
            }
            auto s =
                py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(springs);
            if (!s || (s.size() > 0 && (s.ndim() != 2 || s.shape(1) != 2)))
              throw py::value_error("springs: an M x 2 array of particle indices is needed");
            const size_t m = s.size() / 2;
            const std::vector<double> len = numbers(rest_length, "rest_length");
            const std::vector<double> k = numbers(stiffness, "stiffness");
            if (len.size() != m || k.size() != m)
              throw py::value_error("rest_length, stiffness: one per spring is needed");
            for (size_t i = 0; i < m; ++i) {
              const int64_t a = s.data()[2 * i], b = s.data()[2 * i + 1];
              const auto n = static_cast<int64_t>(p.size());
              if (a < 0 || b < 0 || a >= n || b >= n || a == b)
                throw py::value_error("springs: row " + std::to_string(i) +
                                      " must join two different particles in 0.." +
                                      std::to_string(n - 1));
              if (!(len[i] >= 0.0)) throw py::value_error("rest_length: every length must be >= 0");
              if (!(k[i] > 0.0)) throw py::value_error("stiffness: every stiffness must be > 0");
              world.net.add_spring(static_cast<int32_t>(a), static_cast<int32_t>(b), len[i], k[i]);
            }
            return world;
          },
          py::arg("particles"), py::arg("radii"), py::arg("springs"), py::arg("rest_length"),
          py::arg("stiffness"), py::arg("settings") = py::none(), py::arg("inelastic") = false,
          "A spring network from arrays: particles N x 2, radii N, springs M x 2 (indices), "
          "rest_length M (gap between surfaces), stiffness M.")
      .def(
          "add_discs",
          [](W& world, const py::object& x, const py::object& y, const py::object& vx,
             const py::object& vy, const py::object& mass, const py::object& radius,
             const py::object& species) {
            const std::vector<double> px = numbers(x, "x"), py_ = numbers(y, "y"),
                                      pvx = numbers(vx, "vx"), pvy = numbers(vy, "vy"),
                                      pm = numbers(mass, "mass"), pr = numbers(radius, "radius");
            std::vector<double> sp(px.size(), 0.0);
            if (!species.is_none()) sp = numbers(species, "species");
            const size_t n = px.size();
            for (size_t len : {py_.size(), pvx.size(), pvy.size(), pm.size(), pr.size(), sp.size()})
              if (len != n)
                throw py::value_error("add_discs: every array needs one value per disc");
            const auto kinds =
                static_cast<double>(std::max<size_t>(1, world.gas.species_table.size()));
            for (size_t i = 0; i < n; ++i) {
              if (!(pm[i] >= mb::gas::kMinDiscMass) || !(pr[i] > 0.0))
                throw py::value_error(std::string("add_discs: ") + mb::gas::kMinDiscMassText +
                                      " and radius > 0");
              if (px[i] - pr[i] < world.box.min.x || px[i] + pr[i] > world.box.max.x ||
                  py_[i] - pr[i] < world.box.min.y || py_[i] + pr[i] > world.box.max.y)
                throw py::value_error("add_discs: disc " + std::to_string(i) +
                                      " is not inside the box");
              if (sp[i] < 0.0 || sp[i] >= kinds || sp[i] != std::floor(sp[i]))
                throw py::value_error("add_discs: species must be a whole number in 0.." +
                                      std::to_string(static_cast<int>(kinds) - 1));
            }
            mb::Gas gas = world.gas;
            for (size_t i = 0; i < n; ++i)
              gas.add_disc(px[i], py_[i], pvx[i], pvy[i], pm[i], pr[i],
                           static_cast<int32_t>(sp[i]));
            int32_t a = 0, b = 0;
            if (!discs_apart(gas, &a, &b))
              throw py::value_error("add_discs: discs " + std::to_string(a) + " and " +
                                    std::to_string(b) + " overlap");
            world.gas = std::move(gas);
          },
          py::arg("x"), py::arg("y"), py::arg("vx"), py::arg("vy"), py::arg("mass"),
          py::arg("radius"), py::arg("species") = py::none(),
          "Adds gas discs (all or none): inside the box, overlapping nothing.")
      .def(
          "add_body",
          [](W& world, const std::string& shape, double radius, double width, double height,
             const py::object& outline, const py::object& position, const py::object& velocity,
             double angle, double spacing, double horizon, const py::object& material,
             bool check_placement) {
            mb::PeriBodySpec spec;
            if (shape == "circle")
              spec.shape.kind = mb::PeriShapeKind::Circle;
            else if (shape == "rectangle")
              spec.shape.kind = mb::PeriShapeKind::Rectangle;
            else if (shape == "polygon")
              spec.shape.kind = mb::PeriShapeKind::Polygon;
            else
              throw py::value_error("add_body: shape must be 'circle', 'rectangle' or 'polygon'");
            spec.shape.radius = radius;
            spec.shape.width = width;
            spec.shape.height = height;
            if (!outline.is_none()) spec.shape.outline = points_from(outline, "outline");
            spec.position = vec(position, "position");
            spec.velocity = vec(velocity, "velocity");
            spec.angle = angle;
            spec.spacing = spacing;
            spec.horizon = horizon;
            spec.material = material_from(spec.material, material);
            try {
              mb::add_body(world.bodies, spec, world.box, check_placement);
            } catch (const mb::Error& e) {
              throw mb::Error(std::string("add_body: ") + e.what());
            }
            return static_cast<int>(world.bodies.bodies.size()) - 1;
          },
          py::arg("shape") = "circle", py::arg("radius") = 20.0, py::arg("width") = 40.0,
          py::arg("height") = 20.0, py::arg("outline") = py::none(),
          py::arg("position") = py::make_tuple(0.0, 0.0),
          py::arg("velocity") = py::make_tuple(0.0, 0.0), py::arg("angle") = 0.0,
          py::arg("spacing") = 2.0, py::arg("horizon") = 3.0, py::arg("material") = py::none(),
          py::arg("check_placement") = true,
          "Adds a peridynamic body (as a <body> element; material: a mapping of its "
          "attributes, e.g. {'youngs': 2e4, 'poisson': 0.35}); returns its index.")
      .def(
          "body_material",
          [](const W& world, int i) {
            if (i < 0 || i >= static_cast<int>(world.bodies.bodies.size()))
              throw py::index_error("body index out of range");
            return material_dict(world.bodies.bodies[static_cast<size_t>(i)].spec().material);
          },
          py::arg("body"),
          "Body `body`'s material as a mapping of its <body> attributes (set_body_material "
          "takes the same).")
      .def(
          "set_body_material",
          [](W& world, int i, const py::dict& values) {
            if (i < 0 || i >= static_cast<int>(world.bodies.bodies.size()))
              throw py::index_error("body index out of range");
            const mb::PeriMaterial m =
                material_from(world.bodies.bodies[static_cast<size_t>(i)].spec().material, values);
            mb::set_body_material(world.bodies, i, m);  // mb::Error: a ValueError
          },
          py::arg("body"), py::arg("material"),
          "Changes some of a body's material live (the points stay where they are).")
      .def(
          "save",
          [](const W& world, const py::object& where, const std::string& kind) {
            const std::string path = py::str(py::module_::import("os").attr("fspath")(where));
            check_output_path(path);
            const std::string ext = lower_extension(path);
            const std::string k = !kind.empty()   ? kind
                                  : ext == ".csv" ? "outline"
                                  : ext == ".cfg" ? "settings"
                                                  : "state";
            if (k == "outline") {
              if (world.net.particle_count() == 0)
                throw py::value_error(
                    path + ": the scene has no spring particles, so no outline to write");
              mb::save_points_csv(path, mb::network_outline(world.net));
            } else if (k == "state") {
              mb::save_state_xml(path, world);
            } else if (k == "simulator") {
              mb::save_simulator_xml(path, world);
            } else if (k == "settings") {
              mb::save_settings(path, world.settings);
            } else {
              throw py::value_error(
                  "save: kind must be 'state', 'simulator', 'outline' or 'settings'");
            }
          },
          py::arg("path"), py::arg("kind") = "",
          "Writes atomically as the CLI does: .csv the outline, .cfg the settings, else the "
          "state XML (kind='simulator': with the actuators and time).")
      .def(
          "to_xml", [](const W& world) { return mb::state_to_xml(world); }, "the state XML as text")
      .def(
          "tick",
          [](W& world, int64_t n) {
            if (n < 1) throw py::value_error("tick: n must be at least 1");
            mb::TickStats last;
            {
              py::gil_scoped_release free;
              for (int64_t i = 0; i < n; ++i) last = world.tick();
            }
            return stats_dict(last);
          },
          py::arg("n") = 1, "Advances n ticks (without the GIL); the last tick's statistics.")
      .def(
          "run",
          [](W& world, bool finish, int64_t max_ticks) {
            RunResult r;
            {
              py::gil_scoped_release free;
              r = run_world(world, 0, finish, max_ticks);
            }
            return result_dict(r);
          },
          py::arg("finish") = true, py::arg("max_ticks") = 0,
          "The CLI's simulate: ticks while an actuator runs (at most max_ticks, 0: no limit), "
          "then the final relaxation (finish_run).")
      .def(
          "finish_run",
          [](W& world) {
            mb::TickStats t;
            {
              py::gil_scoped_release free;
              t = world.finish_run();
            }
            return stats_dict(t);
          },
          "The Spring Simulator's end of a run: molten particles freeze, pushers with "
          "final_release let go, a last fine relaxation, then every actuator is disabled. "
          "Returns that tick's figures.")
      .def("actuators_running", &W::actuators_running,
           "True while some enabled actuator still has ticks to run.")
      .def(
          "grab",
          [](W& world, const py::object& at, double radius) {
            if (!(radius > 0.0) || !std::isfinite(radius))
              throw py::value_error("grab: radius must be > 0");
            return world.grab_begin(vec(at, "at"), radius);
          },
          py::arg("at"), py::arg("radius"),
          "The mouse: grips the wax within radius of `at` (else body points, else gas discs); "
          "returns how many it picked.")
      .def(
          "move", [](W& world, const py::object& to) { world.grab_move(vec(to, "to")); },
          py::arg("to"),
          "Moves the grab (the mouse) to `to`, (x, y); the held matter follows on the "
          "next ticks.")
      .def(
          "release",
          [](W& world, const py::object& velocity) {
            if (velocity.is_none())
              world.grab_end();
            else
              world.grab_end(vec(velocity, "velocity"));
          },
          py::arg("velocity") = py::none(), "Lets go, throwing a held body or discs at `velocity`.")
      .def_property_readonly(
          "grabbing",
          [](const W& world) {
            return world.grab().active() || world.gas_grab().active() || world.bodies.grab_active();
          },
          "True while a grab holds wax, discs or a body (between grab and release)")
      .def(
          "copy", [](const W& world) { return W(world); },
          "An independent copy: the same state, and the same run from here, tick for tick.")
      .def("__copy__", [](const W& world) { return W(world); })
      .def("__deepcopy__", [](const W& world, py::dict) { return W(world); })
      .def(
          "state_hash", [](const W& world) { return mb::state_hash(world); },
          "The hash meltbox-cli --stats prints (as 16 hex digits) for the same run.")
      .def(
          "state_hash_parts",
          [](const W& world) {
            py::dict d;
            for (const mb::StateHashPart& p : mb::state_hash_parts(world)) d[p.name] = p.hash;
            return d;
          },
          "state_hash's parts by name (the network, the gas, the bodies, ...): which kind of "
          "matter two runs differ in.")
      .def(
          "outline",
          [](const W& world) {
            if (world.net.particle_count() == 0)
              throw py::value_error("outline: the world has no spring particles");
            return points_array(mb::network_outline(world.net));
          },
          "The outline (N x 2) of the piece of wax holding the leftmost particle, as the CLI "
          "writes to CSV.")
      .def_property_readonly(
          "last_tick", [](const W& world) { return stats_dict(world.last_tick()); },
          "the last tick's figures (what step returns for each tick)")
      .def_property_readonly(
          "last_profile", [](const W& world) { return profile_dict(world.profile()); },
          "where the last tick's time went: wall seconds of the whole tick and of its network, "
          "bodies and gas parts (cross: 0, its clocks are the benchmark's switch)")
      .def_readonly("time", &W::time, "ticks since the scene started")
      .def_readwrite("inelastic", &W::inelastic, "springs break and form (the CLI's -w)")
      .def_readwrite("cross_contacts", &W::cross_contacts,
                     "the kinds of matter collide with one another (off: they pass through)")
      .def_property_readonly(
          "box",
          [](const W& world) {
            return py::make_tuple(world.box.min.x, world.box.min.y, world.box.max.x,
                                  world.box.max.y);
          },
          "(xmin, ymin, xmax, ymax): the walls of the gas and the bodies")
      .def_property_readonly(
          "particle_count", [](const W& world) { return world.net.particle_count(); },
          "N, the wax's particles (the length of the particle_* arrays)")
      .def_property_readonly(
          "spring_count", [](const W& world) { return world.net.spring_count(); },
          "M, the springs (the length of the spring_* arrays)")
      .def_property_readonly(
          "disc_count", [](const W& world) { return world.gas.size(); },
          "D, the gas's discs (the length of the disc_* arrays)")
      .def_property_readonly(
          "body_count", [](const W& world) { return world.bodies.bodies.size(); },
          "the peridynamic bodies (body_x(i) and the like take i below it)")
      .def("__repr__", [](const W& world) {
        return "<meltbox.World time=" + std::to_string(world.time) +
               " particles=" + std::to_string(world.net.particle_count()) +
               " springs=" + std::to_string(world.net.spring_count()) +
               " discs=" + std::to_string(world.gas.size()) +
               " bodies=" + std::to_string(world.bodies.bodies.size()) +
               " actuators=" + std::to_string(world.actuators.size()) + ">";
      });
}

}  // namespace mbpy
