// The planner (physics/world/planner.hpp) as meltbox._core.plan: runs with the GIL released;
// the progress and batch-evaluation callbacks take it back on the calling thread. An exception
// in a callback cancels the plan and is raised when plan() returns.
#include <atomic>
#include <cmath>
#include <exception>
#include <optional>
#include <string>
#include <utility>

#include "physics/world/plan_path.hpp"
#include "physics/world/plan_sensitivity.hpp"
#include "physics/world/planner.hpp"
#include "python/src/bindings.hpp"

namespace mbpy {

namespace {
mb::PlanMetric metric_of(const std::string& name) {
  if (name == "hausdorff") return mb::PlanMetric::Hausdorff;
  if (name == "procrustes") return mb::PlanMetric::Procrustes;
  if (name == "iou") return mb::PlanMetric::IoU;
  if (name == "chamfer") return mb::PlanMetric::Chamfer;
  throw py::value_error("metric: '" + name + "' is not hausdorff, procrustes, iou or chamfer");
}

// None, or one speed per path point.
std::vector<double> path_speeds(const py::object& speeds, size_t points, const std::string& who) {
  const std::vector<double> v =
      speeds.is_none() ? std::vector<double>{} : speeds.cast<std::vector<double>>();
  if (!v.empty() && v.size() != points)
    throw py::value_error(who + ": speeds: one per path point, or None");
  return v;
}

// A settings error of the library names PlanSettings' members; say plan()'s keywords instead.
std::string in_keywords(std::string what) {
  static const std::pair<std::string, std::string> keywords[] = {
      {"max_passes", "passes"},
      {"budget_rollouts", "budget"},
      {"budget_seconds", "seconds"},
      {"finish_pokes", "pokes"},
      {"finish_share", "poke_share"},
      {"min_speed and max_speed must be 0 and 0, or", "speeds must be None, or (low, high) with"}};
  for (const auto& [member, keyword] : keywords)
    if (const size_t at = what.find(member); at != std::string::npos)
      what.replace(at, member.size(), keyword);
  return what;
}

mb::TargetPlacement placement_of(const std::string& name) {
  if (name == "absolute") return mb::TargetPlacement::Absolute;
  if (name == "centroid") return mb::TargetPlacement::Centroid;
  throw py::value_error("placement: '" + name + "' is not absolute or centroid");
}

py::dict result_dict(const mb::PlanResult& r) {
  py::dict d;
  d["path"] = points_array(r.path);
  const char* advice = mb::plan_advice(r);
  d["advice"] = advice ? py::object(py::str(advice)) : py::object(py::none());
  d["path_speeds"] =
      r.path_speeds.empty()
          ? py::object(py::none())
          : py::object(py::array_t<double>(static_cast<py::ssize_t>(r.path_speeds.size()),
                                           r.path_speeds.data()));
  py::list passes;
  for (const mb::PlanPass& p : r.passes) {
    py::dict q;
    q["angle"] = p.angle_rad;
    q["offset"] = p.offset;
    q["entry"] = py::make_tuple(p.entry.x, p.entry.y);
    q["exit"] = py::make_tuple(p.exit.x, p.exit.y);
    q["speed"] = p.speed;
    q["score"] = p.score;
    q["guide"] = p.guide;
    q["rollouts"] = p.rollouts;
    q["depth"] = p.depth;
    passes.append(q);
  }
  d["passes"] = passes;
  d["actuator"] = r.actuator;
  d["start_score"] = r.start_score;
  d["score"] = r.score;
  d["share_closed"] = r.share_closed;
  d["rollouts"] = r.rollouts;
  d["seconds"] = r.seconds;
  d["stop"] = mb::to_string(r.stop);
  d["target"] = points_array(r.target);
  d["centre"] = py::make_tuple(r.centre.x, r.centre.y);
  d["travel_radius"] = r.travel_radius;
  return d;
}

// The Python callbacks a search calls from its own thread (progress, a batch evaluator): each
// call takes the GIL; an exception in one is kept, cancels the search, and is raised by
// rethrow() once the search has returned.
struct Callbacks {
  std::atomic<bool> cancel{false};
  std::exception_ptr raised;
  template <typename F>
  void call(F&& f) {
    py::gil_scoped_acquire gil;
    try {
      f();
    } catch (...) {
      if (!raised) raised = std::current_exception();
      cancel = true;
    }
  }
  void rethrow() const {
    if (raised) std::rethrow_exception(raised);
  }
};

// `what` of a plan result dict as a T, or a ValueError naming it.
template <typename T>
T field(const py::handle& value, const std::string& what) {
  try {
    return value.cast<T>();
  } catch (const py::cast_error&) {
    throw py::value_error("plan_sensitivity: result: " + what +
                          " is not what meltbox.plan returns");
  }
}

// The parts of meltbox.plan's result dict that plan_sensitivity reads, as a PlanResult.
mb::PlanResult result_from(const py::dict& d) {
  for (const char* key : {"actuator", "passes", "target", "centre", "travel_radius", "path_speeds"})
    if (!d.contains(key))
      throw py::value_error(std::string("plan_sensitivity: result: no '") + key +
                            "' (give the dict meltbox.plan returned)");
  mb::PlanResult r;
  r.actuator = field<int>(d["actuator"], "'actuator'");
  const py::list passes = field<py::list>(d["passes"], "'passes'");
  for (size_t k = 0; k < passes.size(); ++k) {
    const std::string at = "'passes'[" + std::to_string(k) + "]";
    const py::dict q = field<py::dict>(passes[k], at);
    mb::PlanPass pass;
    for (const char* key : {"angle", "offset", "speed", "depth"})
      if (!q.contains(key))
        throw py::value_error("plan_sensitivity: result: " + at + " has no '" + key + "'");
    pass.angle_rad = field<double>(q["angle"], at + "['angle']");
    pass.offset = field<double>(q["offset"], at + "['offset']");
    pass.speed = field<double>(q["speed"], at + "['speed']");
    pass.depth = field<double>(q["depth"], at + "['depth']");
    r.passes.push_back(pass);
  }
  r.target = points_from(d["target"], "result's target");
  const auto centre = field<std::pair<double, double>>(d["centre"], "'centre'");
  r.centre = {centre.first, centre.second};
  r.travel_radius = field<double>(d["travel_radius"], "'travel_radius'");
  if (!d["path_speeds"].is_none())
    r.path_speeds = field<std::vector<double>>(d["path_speeds"], "'path_speeds'");
  return r;
}
}  // namespace

void bind_plan(py::module_& m) {
  // The library's defaults (PlanSettings) in plan()'s names: plan() and meltbox.plan take
  // every default but the budget from here, so Python plans what the CLI and the sandbox plan.
  const mb::PlanSettings d = mb::default_plan_settings();
  const mb::PlanSensitivitySettings nd = mb::default_plan_sensitivity_settings();
  m.def(
      "default_plan_settings",
      [d] {
        py::dict r;
        r["passes"] = d.max_passes;
        r["budget"] = d.budget_rollouts;
        r["seconds"] = d.budget_seconds;
        r["metric"] = mb::to_string(d.metric);
        r["guide"] = mb::to_string(d.guide);
        r["placement"] = mb::to_string(d.placement);
        r["seed"] = d.seed;
        r["threads"] = d.threads;
        r["population"] = d.population;
        r["elites"] = d.elites;
        r["restarts"] = d.restarts;
        r["min_gain"] = d.min_gain;
        r["beam"] = d.beam;
        r["metric_weight"] = d.metric_weight;
        r["tail_weight"] = d.tail_weight;
        r["tail_spacings"] = d.tail_spacings;
        r["repeats"] = d.repeats;
        r["actuator"] = d.actuator;
        r["pokes"] = d.finish_pokes;
        r["poke_share"] = d.finish_share;
        r["retry_chords"] = d.retry_chords;
        return r;
      },
      "The planner library's defaults (C++ PlanSettings) in plan()'s argument names. plan() "
      "takes all of them but `budget` (the library's, sized for the sandbox's Plan panel; "
      "plan()'s is 1000, a batch run's).");
  m.def(
      "plan",
      [](const mb::World& world, const py::object& target, int passes, int64_t budget,
         double seconds, const std::string& metric, const std::string& guide,
         const std::string& placement, uint64_t seed, int threads, int population, int elites,
         int restarts, double min_gain, const py::object& progress, const py::object& evaluate,
         double min_speed, double max_speed, int beam, double metric_weight, int repeats,
         int actuator, int pokes, double poke_share, bool retry_chords, double tail_weight,
         double tail_spacings) {
        mb::PlanSettings s = mb::default_plan_settings();
        s.retry_chords = retry_chords;
        s.actuator = actuator;
        s.finish_pokes = pokes;
        s.finish_share = poke_share;
        s.max_passes = passes;
        s.budget_rollouts = budget;
        s.budget_seconds = seconds;
        s.metric = metric_of(metric);
        s.guide = metric_of(guide);
        s.placement = placement_of(placement);
        s.seed = seed;
        s.threads = threads;
        s.population = population;
        s.elites = elites;
        s.restarts = restarts;
        s.beam = beam;
        s.repeats = repeats;
        s.metric_weight = metric_weight;
        s.tail_weight = tail_weight;
        s.tail_spacings = tail_spacings;
        s.min_speed = min_speed;
        s.max_speed = max_speed;
        s.min_gain = min_gain;
        Callbacks callbacks;
        s.cancel = &callbacks.cancel;
        if (!progress.is_none())
          s.progress = [&](const mb::PlanProgress& p) {
            callbacks.call([&] {
              py::dict d;
              d["pass"] = p.pass;
              d["max_passes"] = p.max_passes;
              d["rollouts"] = p.rollouts;
              d["budget"] = p.budget;
              d["start_score"] = p.start_score;
              d["best_score"] = p.best_score;
              d["seconds"] = p.seconds;
              d["seconds_left"] =
                  p.seconds_left >= 0.0 ? py::object(py::float_(p.seconds_left)) : py::none();
              progress(d);
            });
          };
        if (!evaluate.is_none())
          s.evaluate = [&](const std::vector<std::vector<mb::Vec2>>& paths, size_t shared) {
            std::vector<mb::Polygon> outlines(paths.size());
            callbacks.call([&] {
              py::list batch;
              for (const auto& p : paths) batch.append(points_array(p));
              py::list out = py::list(evaluate(batch, shared));
              if (out.size() != outlines.size())
                throw py::value_error("evaluate returned " + std::to_string(out.size()) +
                                      " outlines for " + std::to_string(outlines.size()) +
                                      " paths");
              for (size_t k = 0; k < outlines.size(); ++k)
                outlines[k] = points_from(out[k], "evaluate's outline");
            });
            return outlines;
          };
        const std::vector<mb::Vec2> t = points_from(target, "target");
        mb::PlanResult r;
        try {
          py::gil_scoped_release release;
          r = mb::plan(world, t, s);
        } catch (const mb::PlanError& e) {
          throw mb::Error("plan: " + in_keywords(e.what()));  // meltbox.Error, a ValueError
        }
        callbacks.rethrow();
        return result_dict(r);
      },
      py::arg("world"), py::arg("target"), py::arg("passes") = d.max_passes,
      py::arg("budget") = 1000, py::arg("seconds") = d.budget_seconds,
      py::arg("metric") = mb::to_string(d.metric), py::arg("guide") = mb::to_string(d.guide),
      py::arg("placement") = mb::to_string(d.placement), py::arg("seed") = d.seed,
      py::arg("threads") = d.threads, py::arg("population") = d.population,
      py::arg("elites") = d.elites, py::arg("restarts") = d.restarts,
      py::arg("min_gain") = d.min_gain, py::arg("progress") = py::none(),
      py::arg("evaluate") = py::none(), py::arg("min_speed") = d.min_speed,
      py::arg("max_speed") = d.max_speed, py::arg("beam") = d.beam,
      py::arg("metric_weight") = d.metric_weight, py::arg("repeats") = d.repeats,
      py::arg("actuator") = d.actuator, py::arg("pokes") = d.finish_pokes,
      py::arg("poke_share") = d.finish_share, py::arg("retry_chords") = d.retry_chords,
      py::arg("tail_weight") = d.tail_weight, py::arg("tail_spacings") = d.tail_spacings,
      "Plans up to `passes` passes of the world's actuator at index `actuator` toward `target` "
      "(N x 2); see docs/planning.md. Returns a dict: actuator, path, path_speeds, passes, "
      "start_score, score, "
      "share_closed, "
      "rollouts, seconds, stop, target (as placed), centre, travel_radius.");
  m.def(
      "plan_sensitivity",
      [](const mb::World& world, const py::dict& result, int runs, double nudge,
         const std::string& metric, uint64_t seed, int threads, const py::object& progress) {
        const mb::PlanResult r = result_from(result);
        mb::PlanSensitivitySettings s = mb::default_plan_sensitivity_settings();
        s.runs = runs;
        s.nudge = nudge;
        s.metric = metric_of(metric);
        s.seed = seed;
        s.threads = threads;
        Callbacks callbacks;
        s.cancel = &callbacks.cancel;
        if (!progress.is_none())
          s.progress = [&](int done) {
            callbacks.call([&] {
              py::dict d;
              d["done"] = done;
              d["runs"] = runs;
              progress(d);
            });
          };
        mb::PlanSensitivity n;
        try {
          py::gil_scoped_release release;
          n = mb::plan_sensitivity(world, r, s);
        } catch (const mb::PlanError& e) {
          throw mb::Error(std::string("plan_sensitivity: ") + e.what());
        }
        callbacks.rethrow();
        py::dict d;
        d["start_score"] = n.start_score;
        d["scores"] =
            py::array_t<double>(static_cast<py::ssize_t>(n.scores.size()), n.scores.data());
        d["shares"] =
            py::array_t<double>(static_cast<py::ssize_t>(n.shares.size()), n.shares.data());
        d["min_share"] = n.min_share;
        d["median_share"] = n.median_share;
        d["max_share"] = n.max_share;
        return d;
      },
      py::arg("world"), py::arg("result"), py::arg("runs") = nd.runs, py::arg("nudge") = nd.nudge,
      py::arg("metric") = mb::to_string(nd.metric), py::arg("seed") = nd.seed,
      py::arg("threads") = nd.threads, py::arg("progress") = py::none(),
      "How much of a plan's score is chance: runs meltbox.plan's `result` (made from `world`) "
      "`runs` times with every pass moved sideways by up to `nudge` length units and turned as "
      "much at the travel circle, and scores each run by `metric` against the plan's target. "
      "Returns a dict: start_score, scores, shares (of the gap closed, one per run), "
      "min_share, median_share, max_share. nudge=0 replays the plan exactly. `progress`: "
      "called after each batch of `threads` runs with a dict (done, runs); an exception in it "
      "stops the runs and is raised.");
  py::class_<mb::PlanPrefix>(
      m, "PlanPrefix",
      "A plan's path run part of the way (meltbox.plan_prefix): the world there, not finished, "
      "to go on from with plan_path_outline(prefix, path).")
      .def_property_readonly(
          "path", [](const mb::PlanPrefix& p) { return points_array(p.path); },
          "N x 2: the part of the path run")
      .def_readonly("actuator", &mb::PlanPrefix::actuator, "the index of the actuator it moved")
      .def_property_readonly(
          "world", [](const mb::PlanPrefix& p) { return p.world; },
          "A copy of the world there: the actuator at the part's end, the run not finished.")
      .def("__repr__", [](const mb::PlanPrefix& p) {
        return "<meltbox.PlanPrefix of " + std::to_string(p.path.size()) + " points, actuator " +
               std::to_string(p.actuator) + ">";
      });
  m.def(
      "plan_prefix",
      [](const mb::World& world, const py::object& path, const py::object& speeds, int actuator) {
        const std::vector<mb::Vec2> p = points_from(path, "path");
        const std::vector<double> v = path_speeds(speeds, p.size(), "plan_prefix");
        try {
          py::gil_scoped_release release;
          return mb::plan_prefix(world, p, v, actuator);
        } catch (const mb::PlanError& e) {
          throw mb::Error(std::string("plan_prefix: ") + e.what());
        }
      },
      py::arg("world"), py::arg("path"), py::arg("speeds") = py::none(), py::arg("actuator") = 0,
      "Runs the actuator at index `actuator` (the others disabled) along `path` from the world's "
      "start to its end, without ending the run: the part a batch's paths share (a plan's "
      "evaluator is told how many points), to go on from with plan_path_outline(prefix, path) "
      "for each path. `path` must end on a tick, as the accepted passes of a plan do.");
  m.def(
      "plan_path_outline",
      [](const mb::PlanPrefix& prefix, const py::object& path, const py::object& speeds) {
        const std::vector<mb::Vec2> p = points_from(path, "path");
        const std::vector<double> v = path_speeds(speeds, p.size(), "plan_path_outline");
        mb::Polygon outline;
        try {
          py::gil_scoped_release release;
          outline = mb::plan_path_outline(prefix, p, v);
        } catch (const mb::PlanError& e) {
          throw mb::Error(std::string("plan_path_outline: path: ") + e.what());
        }
        return points_array(outline);
      },
      py::arg("prefix"), py::arg("path"), py::arg("speeds") = py::none(),
      "Goes on from `prefix` (meltbox.plan_prefix) along `path`, which begins with prefix.path, "
      "to its end, ends the run and returns the outline: the outline of the run of `path` from "
      "the start, to the bit.");
  m.def(
      "plan_path_outline",
      [](const mb::World& world, const py::object& path, const py::object& speeds, int actuator) {
        const std::vector<mb::Vec2> p = points_from(path, "path");
        const std::vector<double> v = path_speeds(speeds, p.size(), "plan_path_outline");
        mb::Polygon outline;
        try {
          py::gil_scoped_release release;
          outline = mb::plan_path_outline(world, p, v, actuator);
        } catch (const mb::PlanError& e) {
          throw mb::Error(std::string("plan_path_outline: ") + e.what());
        }
        return points_array(outline);
      },
      py::arg("world"), py::arg("path"), py::arg("speeds") = py::none(), py::arg("actuator") = 0,
      "Runs the actuator at index `actuator` (the others disabled) along `path` (at `speeds`, one "
      "per point, or None) from the "
      "world's start, ends the run and returns the outline (N x 2): what a plan's batch "
      "evaluator returns for each path.");
  m.def(
      "score_plan_path",
      [](const mb::World& world, const py::object& path, const py::object& target,
         const std::string& metric, const py::object& speeds, int actuator) {
        const std::vector<mb::Vec2> p = points_from(path, "path"),
                                    t = points_from(target, "target");
        const mb::PlanMetric mm = metric_of(metric);
        const std::vector<double> v = path_speeds(speeds, p.size(), "score_plan_path");
        try {
          py::gil_scoped_release release;
          return mb::score_plan_path(world, p, t, mm, v, actuator);
        } catch (const mb::PlanError& e) {
          throw mb::Error(std::string("score_plan_path: ") + e.what());
        }
      },
      py::arg("world"), py::arg("path"), py::arg("target"), py::arg("metric") = "iou",
      py::arg("speeds") = py::none(), py::arg("actuator") = 0,
      "Runs the actuator at index `actuator` (the others disabled) along `path` (at `speeds`, one "
      "per point: a plan's path_speeds; "
      "None: its own speed) from the world's start, ends the run and scores the outline "
      "against `target` as placed (0: the target itself).");
  m.def(
      "plan_path",
      [](const mb::World& world, const std::vector<std::vector<double>>& passes, bool with_speeds,
         int actuator) -> py::object {
        try {
          mb::check_actuator(world, actuator);
        } catch (const mb::PlanError& e) {
          throw mb::Error(std::string("plan_path: ") + e.what());
        }
        mb::PlanSettings s = mb::default_plan_settings();
        s.actuator = actuator;
        const mb::PlanGeometry g = mb::plan_geometry(world, s);
        std::vector<mb::PlannedPass> planned;
        for (const std::vector<double>& p : passes) {
          if (p.size() < 2 || p.size() > 4)
            throw py::value_error(
                "plan_path: a pass is (angle, offset), (angle, offset, speed) or (angle, offset, "
                "speed, depth)");
          if (!(std::abs(p[1]) < g.travel_radius))
            throw py::value_error("plan_path: an offset must be within the travel radius");
          const double speed =
              p.size() >= 3 ? p[2] : world.actuators[static_cast<size_t>(actuator)].speed;
          const double depth = p.size() == 4 ? p[3] : -1.0;
          if (!(speed >= mb::kStillSpeed && speed < 1e9))
            throw py::value_error("plan_path: a pass's speed must be in [1e-5, 1e9)");
          planned.push_back({p[0], p[1], speed, depth});
        }
        const mb::PlannedPath path = mb::planned_path({g.centre, g.travel_radius}, planned);
        if (!with_speeds) return points_array(path.points);
        return py::make_tuple(
            points_array(path.points),
            py::array_t<double>(static_cast<py::ssize_t>(path.speeds.size()), path.speeds.data()));
      },
      py::arg("world"), py::arg("passes"), py::arg("with_speeds") = false, py::arg("actuator") = 0,
      "The path the planner writes for `passes`, a list of (direction in radians, offset in "
      "length units[, speed in units per tick[, depth]]): chords through the start's centroid "
      "region (a depth >= 0: a poke in to that depth from the entry and back), "
      "travel around the outside, for the actuator at index `actuator` (its shape sets the travel "
      "circle, its speed a pass's without one). with_speeds: (points, one speed per point).");
  m.def(
      "place_target",
      [](const mb::World& world, const py::object& target, const std::string& placement) {
        mb::PlanSettings s = mb::default_plan_settings();
        s.placement = placement_of(placement);
        try {
          return points_array(mb::place_plan_target(points_from(target, "target"), world, s));
        } catch (const mb::PlanError& e) {
          throw py::value_error(std::string("place_target: ") + e.what());
        }
      },
      py::arg("world"), py::arg("target"), py::arg("placement") = "absolute",
      "The target as the planner places it (absolute: checked, as drawn; centroid: moved to "
      "the spot's centroid and scaled to its area).");
}

}  // namespace mbpy
