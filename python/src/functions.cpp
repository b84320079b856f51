// Free functions: shape distances, and rollout(), which runs variants of a world on C++
// threads (the physics library's WorkerPool, one variant a chunk) with the GIL released.
// Each variant is a copy of the world with its own changes and nothing shared but the
// bodies' read-only model, so the results do not depend on the thread count.
#include <algorithm>
#include <cmath>
#include <exception>
#include <string>

#include "physics/core/worker_pool.hpp"
#include "physics/geometry/shape_distance.hpp"
#include "physics/world/state_hash.hpp"
#include "python/src/bindings.hpp"

namespace mbpy {

std::vector<mb::Vec2> points_from(const py::handle& points, const char* what) {
  auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(points);
  if (!a || !((a.ndim() == 2 && a.shape(1) == 2) || a.size() == 0))
    throw py::value_error(std::string(what) + ": an N x 2 array of points is needed");
  std::vector<mb::Vec2> out(static_cast<size_t>(a.size() / 2));
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = {a.data()[2 * i], a.data()[2 * i + 1]};
    if (!std::isfinite(out[i].x) || !std::isfinite(out[i].y))
      throw py::value_error(std::string(what) + ": every coordinate must be finite");
  }
  return out;
}

py::array_t<double> points_array(const std::vector<mb::Vec2>& points) {
  py::array_t<double> out({static_cast<py::ssize_t>(points.size()), py::ssize_t{2}});
  auto o = out.mutable_unchecked<2>();
  for (size_t i = 0; i < points.size(); ++i) o(i, 0) = points[i].x, o(i, 1) = points[i].y;
  return out;
}

py::dict stats_dict(const mb::TickStats& t) {
  py::dict d;
#define MB_FIELD(f) d[#f] = t.f
  MB_FIELD(iterations);
  MB_FIELD(max_force);
  MB_FIELD(converged);
  MB_FIELD(rollbacks);
  MB_FIELD(springs_made);
  MB_FIELD(springs_broken);
  MB_FIELD(melted);
  MB_FIELD(grip_lag);
  MB_FIELD(pushed);
  MB_FIELD(disc_particle);
  MB_FIELD(disc_point);
  MB_FIELD(point_particle);
  MB_FIELD(heated_discs);
  MB_FIELD(unpaid_work);
  MB_FIELD(heated_points);
  MB_FIELD(total_heat);
  MB_FIELD(molten_mass);
  MB_FIELD(max_temperature);
  MB_FIELD(melt_front);
  MB_FIELD(heat_substeps);
  MB_FIELD(heat_cg_iterations);
  MB_FIELD(gas_heat);
#undef MB_FIELD
  return d;
}

py::dict profile_dict(const mb::TickProfile& p) {
  py::dict d;
  d["tick"] = p.tick;
  d["network"] = p.network;
  d["bodies"] = p.bodies;
  d["gas"] = p.gas;
  d["cross"] = p.cross;
  return d;
}

void apply_variant(mb::World& world, const py::dict& variant) {
  for (auto [k, v] : variant) {
    const std::string key = py::str(k);
    if (key == "actuators") {
      std::vector<mb::Actuator> list;
      for (py::handle h : v.cast<py::iterable>())
        for (mb::Actuator& a : actuators_from(h)) list.push_back(std::move(a));
      world.actuators = std::move(list);  // a copy that has not run: nothing is held yet
    } else if (key == "settings") {
      apply_spring_settings(world, v.cast<py::dict>());
    } else if (key == "gas_settings") {
      apply_gas_settings(world, v.cast<py::dict>());
    } else if (key == "body_settings") {
      apply_body_settings(world, v.cast<py::dict>());
    } else if (key == "inelastic") {
      world.inelastic = v.cast<bool>();
    } else {
      throw py::value_error("variant: unknown key '" + key +
                            "' (actuators, settings, gas_settings, body_settings, inelastic)");
    }
  }
}

namespace {
// A distance between two closed outlines (N x 2), `samples` arc-length samples each.
template <typename Distance>
void def_distance(py::module_& m, const char* name, Distance distance, int samples,
                  const char* doc) {
  m.def(
      name,
      [name, distance](const py::object& a, const py::object& b, int n) {
        const auto pa = points_from(a, "a"), pb = points_from(b, "b");
        if (pa.size() < 3 || pb.size() < 3 || n < 1)
          throw py::value_error(std::string(name) +
                                ": two outlines of at least 3 points are needed");
        return distance(pa, pb, n);
      },
      py::arg("a"), py::arg("b"), py::arg("samples") = samples, doc);
}
}  // namespace

void bind_functions(py::module_& m) {
  def_distance(m, "hausdorff", mb::hausdorff_distance, 4 * mb::kShapeSamples,
               "Symmetric Hausdorff distance between two closed outlines (N x 2), sampled by arc "
               "length.");
  def_distance(m, "chamfer", mb::chamfer_distance, 4 * mb::kShapeSamples,
               "Symmetric chamfer distance between two closed outlines (N x 2): the mean distance "
               "of each one's arc-length samples to the other's, averaged both ways.");
  m.def(
      "tail_mean",
      [](const py::object& a, const py::object& b, double share, int n) {
        const auto pa = points_from(a, "a"), pb = points_from(b, "b");
        if (pa.size() < 3 || pb.size() < 3 || n < 1)
          throw py::value_error("tail_mean: two outlines of at least 3 points are needed");
        if (!(share > 0.0 && share <= 1.0))
          throw py::value_error("tail_mean: share must be in (0, 1]");
        return mb::tail_mean_distance(pa, pb, share, n);
      },
      py::arg("a"), py::arg("b"), py::arg("share") = 0.1,
      py::arg("samples") = 4 * mb::kShapeSamples,
      "The mean of the largest `share` of the distances chamfer() averages (both outlines' "
      "arc-length samples to the nearest sample of the other): share 1 is chamfer(), one "
      "distance's share hausdorff(). The planner's rank uses it (docs/planning.md).");
  def_distance(m, "procrustes", mb::procrustes_distance, mb::kShapeSamples,
               "The original's modified Procrustes distance (no rotation or scale fitted).");
  m.def(
      "rollout",
      [](const mb::World& world, const py::iterable& variants, int threads, int64_t ticks,
         bool finish, int64_t max_ticks, bool worlds) {
        if (threads < 1) throw py::value_error("rollout: threads must be at least 1");
        if (ticks < 0) throw py::value_error("rollout: ticks must be >= 0");
        std::vector<mb::World> copies;
        for (py::handle v : variants) {
          copies.push_back(world);
          try {
            apply_variant(copies.back(), v.cast<py::dict>());
          } catch (py::error_already_set& e) {
            throw py::value_error("variant " + std::to_string(copies.size() - 1) + ": " +
                                  std::string(py::str(e.value())));
          } catch (const std::exception& e) {
            throw py::value_error("variant " + std::to_string(copies.size() - 1) + ": " + e.what());
          }
        }
        const auto count = static_cast<int64_t>(copies.size());
        std::vector<RunResult> results(copies.size());
        std::vector<uint64_t> hashes(copies.size());
        std::vector<std::string> errors(copies.size());
        {
          py::gil_scoped_release free;
          mb::WorkerPool pool(
              static_cast<int>(std::min<int64_t>(threads, std::max<int64_t>(count, 1))));
          pool.run(
              count,
              [&](int64_t k) {
                try {
                  results[k] = run_world(copies[k], ticks, finish, max_ticks);
                  hashes[k] = mb::state_hash(copies[k]);
                } catch (const std::exception& e) {
                  errors[k] = e.what();
                }
              },
              1);
        }
        py::list out;
        for (size_t k = 0; k < copies.size(); ++k) {
          if (!errors[k].empty())
            throw std::runtime_error("variant " + std::to_string(k) + ": " + errors[k]);
          py::dict d = result_dict(results[k]);
          d["state_hash"] = hashes[k];
          if (worlds) d["world"] = py::cast(std::move(copies[k]));
          out.append(d);
        }
        return out;
      },
      py::arg("world"), py::arg("variants"), py::arg("threads") = 1, py::arg("ticks") = 0,
      py::arg("finish") = true, py::arg("max_ticks") = 0, py::arg("worlds") = true,
      "Runs each variant (a dict: actuators, settings, gas_settings, body_settings, inelastic) "
      "on a copy of `world`, `threads` at a time without the GIL: `ticks` ticks, or while "
      "actuators run, then finish_run. Returns one dict per variant, in order.");
}

}  // namespace mbpy
