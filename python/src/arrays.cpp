// The World's state as numpy arrays over its own memory (MuJoCo's data.qpos): read-only
// views whose base is the World, so they keep it alive and see every tick. A view stays
// valid while its array keeps its length: read it again after anything that adds or removes
// matter (springs break and form in an inelastic tick). Writes go through set_* functions
// that check lengths and values.
#include <cmath>
#include <string>

#include "python/src/bindings.hpp"

namespace mbpy {

namespace {

template <class T>
py::array view(const py::object& owner, const T* data, size_t n) {
  py::array a(py::dtype::of<T>(), {static_cast<py::ssize_t>(n)},
              {static_cast<py::ssize_t>(sizeof(T))}, data, owner);
  a.attr("flags").attr("writeable") = false;
  return a;
}
template <class T>
py::array view(const py::object& owner, const std::vector<T>& v) {
  return view(owner, v.data(), v.size());
}

mb::World& world_of(const py::object& self) {
  return self.cast<mb::World&>();
}

mb::PeriBody& body_at(mb::World& w, int i) {
  const int n = static_cast<int>(w.bodies.bodies.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw py::index_error("body index out of range");
  return w.bodies.bodies[static_cast<size_t>(i)];
}

// Values for an array of `n` entries: a 1-D array of that length, every value finite.
std::vector<double> values(const py::handle& h, size_t n, const char* what) {
  auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(h);
  if (!a || a.ndim() != 1 || static_cast<size_t>(a.size()) != n)
    throw py::value_error(std::string(what) + ": a 1-D array of " + std::to_string(n) +
                          " numbers is needed");
  std::vector<double> out(a.data(), a.data() + n);
  for (double v : out)
    if (!std::isfinite(v))
      throw py::value_error(std::string(what) + ": every value must be finite");
  return out;
}

py::array pairs(const std::vector<double>& x, const std::vector<double>& y) {
  py::array_t<double> out({static_cast<py::ssize_t>(x.size()), py::ssize_t{2}});
  auto o = out.mutable_unchecked<2>();
  for (size_t i = 0; i < x.size(); ++i) o(i, 0) = x[i], o(i, 1) = y[i];
  return out;
}

}  // namespace

void bind_arrays(py::class_<mb::World>& w) {
  using O = const py::object&;
  // The spring network (N particles, M springs).
  w.def_property_readonly(
       "particle_x", [](O s) { return view(s, world_of(s).net.x); }, "(N,) float64 view")
      .def_property_readonly(
          "particle_y", [](O s) { return view(s, world_of(s).net.y); }, "(N,) float64 view")
      .def_property_readonly(
          "particle_radius", [](O s) { return view(s, world_of(s).net.radius); },
          "(N,) float64 view: each particle's radius (length units)")
      .def_property_readonly(
          "particle_state",
          [](O s) {
            const auto& st = world_of(s).net.state;  // ParticleState is a uint8_t enum
            return view(s, reinterpret_cast<const uint8_t*>(st.data()), st.size());
          },
          "(N,) uint8 view: 0 frozen, 1 molten, 2 gripped")
      .def_property_readonly(
          "particle_movable", [](O s) { return view(s, world_of(s).net.movable); },
          "(N,) uint8 view: 1 where the relaxation may move the particle, 0 where it is held")
      .def_property_readonly(
          "spring_a", [](O s) { return view(s, world_of(s).net.a); }, "(M,) int32 view")
      .def_property_readonly(
          "spring_b", [](O s) { return view(s, world_of(s).net.b); }, "(M,) int32 view")
      .def_property_readonly(
          "spring_rest_length", [](O s) { return view(s, world_of(s).net.rest_length); },
          "(M,) float64 view: each spring's rest gap, the distance between its particles' "
          "surfaces at rest (length units)")
      .def_property_readonly(
          "spring_stiffness", [](O s) { return view(s, world_of(s).net.stiffness); },
          "(M,) float64 view: each spring's constant k")
      .def(
          "positions", [](const mb::World& x) { return pairs(x.net.x, x.net.y); }, "(N, 2) copy")
      .def(
          "molten",
          [](const mb::World& x) {
            py::array_t<bool> out(static_cast<py::ssize_t>(x.net.state.size()));
            for (size_t i = 0; i < x.net.state.size(); ++i)
              out.mutable_data()[i] = x.net.state[i] == mb::ParticleState::Molten;
            return out;
          },
          "(N,) bool copy")
      .def(
          "springs",
          [](const mb::World& x) {
            py::array_t<int32_t> out({static_cast<py::ssize_t>(x.net.a.size()), py::ssize_t{2}});
            auto o = out.mutable_unchecked<2>();
            for (size_t i = 0; i < x.net.a.size(); ++i) o(i, 0) = x.net.a[i], o(i, 1) = x.net.b[i];
            return out;
          },
          "(M, 2) int32 copy")
      .def(
          "set_particle_positions",
          [](mb::World& x, const py::object& px, const py::object& py_) {
            const size_t n = x.net.x.size();
            std::vector<double> nx = values(px, n, "x"), ny = values(py_, n, "y");
            std::copy(nx.begin(), nx.end(), x.net.x.begin());  // in place: views stay valid
            std::copy(ny.begin(), ny.end(), x.net.y.begin());
          },
          py::arg("x"), py::arg("y"),
          "Moves every particle (x, y: N finite numbers each); existing views stay valid.");
  // The gas (D discs).
  w.def_property_readonly(
       "disc_x", [](O s) { return view(s, world_of(s).gas.x); }, "(D,) float64 view")
      .def_property_readonly(
          "disc_y", [](O s) { return view(s, world_of(s).gas.y); }, "(D,) float64 view")
      .def_property_readonly(
          "disc_vx", [](O s) { return view(s, world_of(s).gas.vx); },
          "(D,) float64 view: length units per second (a tick is the gas's tick_seconds)")
      .def_property_readonly(
          "disc_vy", [](O s) { return view(s, world_of(s).gas.vy); },
          "(D,) float64 view: length units per second (a tick is the gas's tick_seconds)")
      .def_property_readonly(
          "disc_radius", [](O s) { return view(s, world_of(s).gas.radius); },
          "(D,) float64 view (length units)")
      .def_property_readonly(
          "disc_mass", [](O s) { return view(s, world_of(s).gas.mass); }, "(D,) float64 view")
      .def_property_readonly(
          "disc_species", [](O s) { return view(s, world_of(s).gas.species); },
          "(D,) int32 view: each disc's species id (0, 1, ...)")
      .def(
          "set_disc_velocities",
          [](mb::World& x, const py::object& vx, const py::object& vy) {
            const size_t n = x.gas.vx.size();
            std::vector<double> a = values(vx, n, "vx"), b = values(vy, n, "vy");
            std::copy(a.begin(), a.end(), x.gas.vx.begin());  // in place: views stay valid
            std::copy(b.begin(), b.end(), x.gas.vy.begin());
          },
          py::arg("vx"), py::arg("vy"),
          "Sets every disc's velocity (vx, vy: D finite numbers each, length units per "
          "second); existing views stay valid.");
  // The bodies: per body, P points.
  w.def(
       "body_x", [](O s, int i) { return view(s, body_state(body_at(world_of(s), i)).x); },
       py::arg("body"), "(P,) float64 view of body `body`'s points (negative: from the end)")
      .def(
          "body_y", [](O s, int i) { return view(s, body_state(body_at(world_of(s), i)).y); },
          py::arg("body"), "(P,) float64 view of body `body`'s points")
      .def(
          "body_vx", [](O s, int i) { return view(s, body_state(body_at(world_of(s), i)).vx); },
          py::arg("body"), "(P,) float64 view: length units per second")
      .def(
          "body_vy", [](O s, int i) { return view(s, body_state(body_at(world_of(s), i)).vy); },
          py::arg("body"), "(P,) float64 view: length units per second")
      .def(
          "body_positions",
          [](mb::World& x, int i) {
            const BodyState b = body_state(body_at(x, i));
            return pairs(b.x, b.y);
          },
          py::arg("body"), "(P, 2) copy")
      .def(
          "set_body_velocities",
          [](mb::World& x, int i, const py::object& vx, const py::object& vy) {
            const BodyState b = body_state(body_at(x, i));
            std::vector<double> a = values(vx, b.vx.size(), "vx"),
                                c = values(vy, b.vy.size(), "vy");
            std::copy(a.begin(), a.end(), b.vx.begin());
            std::copy(c.begin(), c.end(), b.vy.begin());
          },
          py::arg("body"), py::arg("vx"), py::arg("vy"),
          "Sets every point's velocity of body `body` (vx, vy: P finite numbers each, length "
          "units per second).");
}

}  // namespace mbpy
