// A plan's path run from the start: the actuator it moves alone on the world, run to the end
// and scored (planner.hpp). The planner's rollouts and every replay of a plan (the nudged
// runs, a remote evaluator's tasks, Python's score_plan_path) set the world up the same way.
#include <string>

#include "physics/springs/outline.hpp"
#include "physics/world/planner.hpp"

namespace mb {

void set_up_plan_mover(World& world, size_t index, const std::vector<Vec2>& path,
                       const std::vector<double>& speeds) {
  for (size_t k = 0; k < world.actuators.size(); ++k)
    if (k != index) world.actuators[k].enabled = false;
  Actuator& mover = world.actuators[index];
  mover.enabled = !path.empty();
  mover.started = false;
  mover.path_advancement = 0.0;
  mover.path.points = path;
  mover.path_speeds = speeds;
  mover.path.cyclic = false;
}

void check_actuator(const World& world, int actuator) {
  if (world.actuators.empty())
    throw PlanError(PlanErrorCode::NoActuator, "the planner needs an actuator to move");
  if (actuator < 0 || actuator >= static_cast<int>(world.actuators.size()))
    throw PlanError(PlanErrorCode::NoActuator, "actuator " + std::to_string(actuator) +
                                                   ": the world's actuators are 0 to " +
                                                   std::to_string(world.actuators.size() - 1));
}

std::optional<Polygon> plan_path_outline_unless(World world, const std::vector<Vec2>& path,
                                                const std::vector<double>& speeds,
                                                const std::atomic<bool>* cancel, int actuator) {
  check_actuator(world, actuator);
  if (!speeds.empty() && speeds.size() != path.size())
    throw PlanError(PlanErrorCode::BadSettings, std::to_string(speeds.size()) +
                                                    " speeds for a path of " +
                                                    std::to_string(path.size()) + " points");
  set_up_plan_mover(world, static_cast<size_t>(actuator), path, speeds);
  while (world.actuators_running()) {
    if (cancel && cancel->load(std::memory_order_relaxed)) return std::nullopt;
    world.tick();
  }
  world.finish_run();
  return network_outline(world.net);
}

Polygon plan_path_outline(World world, const std::vector<Vec2>& path,
                          const std::vector<double>& speeds, int actuator) {
  return *plan_path_outline_unless(std::move(world), path, speeds, nullptr, actuator);
}

double score_plan_path(World world, const std::vector<Vec2>& path, const Polygon& placed_target,
                       PlanMetric metric, const std::vector<double>& speeds, int actuator) {
  return plan_score(plan_path_outline(std::move(world), path, speeds, actuator), placed_target,
                    metric);
}

}  // namespace mb
