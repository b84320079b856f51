#include "physics/world/predict.hpp"

#include <atomic>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "physics/core/splitmix.hpp"
#include "physics/core/worker_pool.hpp"
#include "physics/geometry/shape_distance.hpp"
#include "physics/springs/outline.hpp"

namespace mb {

namespace {

std::vector<Vec2> candidate_path(uint64_t seed, int index, Vec2 centroid, double reach) {
  std::mt19937_64 rng(splitmix64(seed ^ splitmix64(static_cast<uint64_t>(index))));
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double two_pi = 2.0 * std::numbers::pi;
  const double enter = two_pi * unit(rng);
  const double leave = enter + std::numbers::pi + (unit(rng) - 0.5) * std::numbers::pi / 2.0;
  const double off_angle = two_pi * unit(rng), off_len = 0.35 * reach * unit(rng);
  auto at = [&](double a, double r) { return centroid + r * Vec2{std::cos(a), std::sin(a)}; };
  return {at(enter, reach), at(off_angle, off_len), at(leave, reach)};
}
}  // namespace

Polygon place_target(const Polygon& target, const Polygon& current) {
  const double scale = std::sqrt(area(current) / std::max(area(target), 1e-300));
  const Vec2 from = area_centroid(target), to = area_centroid(current);
  Polygon placed;
  placed.reserve(target.size());
  for (Vec2 p : target) placed.push_back(to + scale * (p - from));
  return placed;
}

double score_path(World world, const std::vector<Vec2>& path, const Polygon& placed_target,
                  ShapeMetric metric) {
  for (size_t k = 1; k < world.actuators.size(); ++k) world.actuators[k].enabled = false;
  Actuator& mover = world.actuators.front();
  mover.enabled = true;
  mover.started = false;
  mover.path_advancement = 0.0;
  mover.path.points = path;
  mover.path.cyclic = false;
  while (world.actuators_running()) world.tick();
  world.finish_run();
  const Polygon result = network_outline(world.net);
  return metric == ShapeMetric::Hausdorff ? hausdorff_distance(result, placed_target)
                                          : procrustes_distance(result, placed_target);
}

PredictResult predict(const World& world, const Polygon& target, const PredictOptions& options) {
  PredictResult result;
  const Polygon current = network_outline(world.net);
  result.target = place_target(target, current);
  const Vec2 centroid = area_centroid(current);
  double reach = 0.0;
  for (Vec2 p : current) reach = std::max(reach, glm::length(p - centroid));
  const Box shape_box =
      bounding_box(world.actuators.front().placed_shape(world.settings.heater_size));
  reach += 0.5 * glm::length(shape_box.size()) + world.settings.lattice_spacing();

  const int count = std::max(1, options.candidates);
  std::vector<std::vector<Vec2>> paths(static_cast<size_t>(count));
  std::vector<double> scores(static_cast<size_t>(count), std::numeric_limits<double>::infinity());
  std::atomic<int> done{0};
  // One candidate a chunk: each is a whole simulation, so they balance by themselves.
  WorkerPool pool(std::min(std::max(options.threads, 1), count));
  pool.run(
      count,
      [&](int64_t k) {
        paths[k] = candidate_path(options.seed, static_cast<int>(k), centroid, reach);
        scores[k] = score_path(world, paths[k], result.target, options.metric);
        const int finished = ++done;
        if (options.progress) options.progress(finished, count);
      },
      1);
  size_t best = 0;
  for (size_t k = 1; k < scores.size(); ++k)
    if (scores[k] < scores[best]) best = k;  // ties keep the lowest index
  result.path = paths[best];
  result.score = scores[best];
  result.candidates_tried = count;
  return result;
}

}  // namespace mb
