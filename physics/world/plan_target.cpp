// What a plan aims at and how far an outline is from it: the target's placement, the scores,
// and the travel circle the passes enter and leave on (planner.hpp).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "physics/core/parameter.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/geometry/shape_distance.hpp"
#include "physics/geometry/shape_score.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/planner.hpp"

namespace mb {

Polygon place_plan_target(const Polygon& target, const World& world, const PlanSettings& s) {
  if (target.size() < 3)
    throw PlanError(PlanErrorCode::BadTarget, "the target outline needs at least 3 points");
  if (!(area(target) > 0.0))
    throw PlanError(PlanErrorCode::BadTarget, "the target outline encloses no area");
  if (self_intersects(target))
    throw PlanError(PlanErrorCode::BadTarget, "the target outline crosses itself");
  const Polygon current = network_outline(world.net);
  const double spot = area(current), wanted = area(target);
  if (s.placement == TargetPlacement::Centroid) {
    // The original's predict: the target at the spot's centroid, scaled to its area.
    const double scale = std::sqrt(spot / wanted);
    const Vec2 from = area_centroid(target), to = area_centroid(current);
    Polygon placed;
    for (Vec2 p : target) placed.push_back(to + scale * (p - from));
    return placed;
  }
  // Pumping moves wax and keeps its amount: a target of another area cannot be reached, so
  // it is refused rather than silently scaled (centroid placement scales).
  const double ratio = wanted / spot;
  if (ratio > s.max_area_ratio || ratio < 1.0 / s.max_area_ratio)
    throw PlanError(PlanErrorCode::TargetArea,
                    "the target's area is " + parameter_number(ratio) +
                        " times the spot's, outside [1/" + parameter_number(s.max_area_ratio) +
                        ", " + parameter_number(s.max_area_ratio) +
                        "]: pumping keeps the amount of wax (centroid placement scales it)");
  return target;
}

double plan_score(const Polygon& outline, const Polygon& placed_target, PlanMetric metric) {
  switch (metric) {
    case PlanMetric::Hausdorff:
      return hausdorff_distance(outline, placed_target);
    case PlanMetric::Procrustes:
      return procrustes_cyclic_distance(outline, placed_target);
    case PlanMetric::IoU:
      return 1.0 - intersection_over_union(outline, placed_target);
    case PlanMetric::Chamfer:
      return chamfer_distance(outline, placed_target);
  }
  return std::numeric_limits<double>::infinity();
}

double plan_tail_share(const Polygon& outline, double spacings, double lattice_spacing) {
  const double length = perimeter(outline), tail = spacings * lattice_spacing;
  return length > 0.0 && tail > 0.0 && tail < length ? tail / length : 1.0;
}

PlanGeometry plan_geometry(const World& world, const PlanSettings& settings) {
  PlanGeometry g;
  const Polygon outline = network_outline(world.net);
  g.centre = area_centroid(outline);
  double reach = 0.0;  // the material's farthest edge from the centroid (a molten particle's)
  const double grown = std::max(world.settings.default_radius, world.settings.molten_radius);
  for (int32_t i = 0; i < world.net.particle_count(); ++i)
    reach = std::max(reach, glm::length(Vec2{world.net.x[i], world.net.y[i]} - g.centre) + grown);
  check_actuator(world, settings.actuator);
  double shape_radius = 0.0;  // the shape's farthest vertex from its pivot
  const Polygon shape = world.actuators[static_cast<size_t>(settings.actuator)].placed_shape(
      world.settings.heater_size);
  const Vec2 pivot = vertex_average(shape);
  for (Vec2 p : shape) shape_radius = std::max(shape_radius, glm::length(p - pivot));
  g.max_offset = reach + shape_radius;  // beyond it a pass touches nothing
  g.travel_radius =
      g.max_offset + settings.travel_margin_spacings * world.settings.lattice_spacing();
  return g;
}

}  // namespace mb
