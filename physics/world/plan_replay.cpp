// A plan's path run from the start, or on from a part already run (PlanPrefix): the actuator
// it moves alone on the world, run to the end and scored (planner.hpp). The planner's
// rollouts and every replay of a plan (the nudged runs, a remote evaluator's tasks, Python's
// score_plan_path) set the world up the same way.
#include <algorithm>
#include <string>

#include "physics/core/assert.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/planner.hpp"

namespace mb {

namespace {

void check_speeds(const std::vector<Vec2>& path, const std::vector<double>& speeds) {
  if (!speeds.empty() && speeds.size() != path.size())
    throw PlanError(PlanErrorCode::BadSettings, std::to_string(speeds.size()) +
                                                    " speeds for a path of " +
                                                    std::to_string(path.size()) + " points");
}

}  // namespace

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
  check_speeds(path, speeds);
  set_up_plan_mover(world, static_cast<size_t>(actuator), path, speeds);
  while (world.actuators_running()) {
    if (cancel && cancel->load(std::memory_order_relaxed)) return std::nullopt;
    world.tick();
  }
  world.finish_run();
  return network_outline(world.net);
}

PlanPrefix plan_start(World world, int actuator) {
  check_actuator(world, actuator);
  PlanPrefix start{std::move(world), {}, {}, 0.0, actuator};
  set_up_plan_mover(start.world, static_cast<size_t>(actuator), {});
  return start;
}

bool run_plan_part(const PlanPrefix& from, std::vector<Vec2> path, std::vector<double> speeds,
                   PlanPrefix& to, const std::atomic<bool>* cancel) {
  MB_ASSERT(&from != &to);
  if (path.size() < from.path.size() ||
      !std::equal(from.path.begin(), from.path.end(), path.begin()))
    throw PlanError(PlanErrorCode::BadSettings, "the path does not begin with the " +
                                                    std::to_string(from.path.size()) +
                                                    " points already run");
  check_speeds(path, speeds);
  to.world = from.world;
  to.path = std::move(path);
  to.speeds = std::move(speeds);
  to.actuator = from.actuator;
  Actuator& mover = to.world.actuators[static_cast<size_t>(from.actuator)];
  const bool first = from.path.empty();
  mover.path.points = to.path;
  mover.path_speeds = to.speeds;
  mover.enabled = !to.path.empty();
  if (!first) mover.path_advancement = from.advancement;
  int64_t moves = first ? -1 : 0;  // a path's first tick holds the actuator at its start
  while (to.world.actuators_running()) {
    if (cancel && cancel->load(std::memory_order_relaxed)) return false;
    to.world.tick();
    ++moves;
  }
  // The whole path's run advances one step a tick, without the clamp at this part's end, each
  // at the speed of the segment it starts on (World::move_actuators' rule).
  to.advancement = from.advancement;
  for (int64_t k = 0; k < moves; ++k) to.advancement += mover.speed_at(to.advancement);
  return true;
}

PlanPrefix plan_prefix(World world, const std::vector<Vec2>& path,
                       const std::vector<double>& speeds, int actuator) {
  const PlanPrefix start = plan_start(std::move(world), actuator);
  PlanPrefix part;
  run_plan_part(start, path, speeds, part);
  return part;
}

Polygon plan_path_outline(const PlanPrefix& from, const std::vector<Vec2>& path,
                          const std::vector<double>& speeds) {
  PlanPrefix to;
  run_plan_part(from, path, speeds, to);
  to.world.finish_run();
  return network_outline(to.world.net);
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
