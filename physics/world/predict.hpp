#pragma once
// predict (the Spring Simulator): suggest a piecewise-linear move of the first actuator that
// turns the current shape into a target shape.
//
// The target outline is translated to the current shape's centroid and scaled to
// its area. Candidate moves are 3-point passes: enter from a random direction
// outside the shape, pass near the centroid, leave on the far side. Each candidate
// is simulated to the end of its pass (with the inelastic simulator when the world
// has it on) and scored by the distance between the resulting outline and the
// target. Candidate k draws from its own random stream seeded by (seed, k), so the
// result is the same for any thread count.
#include <cstdint>
#include <functional>
#include <vector>

#include "physics/geometry/polygon.hpp"
#include "physics/world/world.hpp"

namespace mb {

enum class ShapeMetric { Procrustes, Hausdorff };

struct PredictOptions {
  int candidates = 32;
  uint64_t seed = 1;
  int threads = 1;
  ShapeMetric metric = ShapeMetric::Procrustes;
  std::function<void(int done, int total)> progress;  // called from worker threads
};

struct PredictResult {
  std::vector<Vec2> path;  // the best candidate's path
  double score = 0.0;      // its distance to the target
  int candidates_tried = 0;
  Polygon target;  // the target as placed (centroid and area matched)
};

// Places `target` on the world's current outline (centroid and area) as predict does.
Polygon place_target(const Polygon& target, const Polygon& current);

// Scores one path: simulates `world` with the first actuator following `path` from
// its start and returns the distance of the resulting outline to `placed_target`.
double score_path(World world, const std::vector<Vec2>& path, const Polygon& placed_target,
                  ShapeMetric metric);

// Requires world.actuators to be non-empty; the first actuator is the one moved.
PredictResult predict(const World& world, const Polygon& target, const PredictOptions& options);

}  // namespace mb
