#pragma once
// The soak's command schedule: what the bench thread pushes to the physics thread and when,
// the way the UI pushes them (engine/command.hpp, gas_commands.hpp, body_commands.hpp).
// Times are soak ticks (ticks run since the soak began), not wall time, so every machine
// gets the same schedule; a command lands at the first tick after the bench sees its time.
//
//   every 20,000 ticks   Reset (every 60,000: LoadScene of the file's World instead)
//   every 500, at +100   a 150-tick drag: the mouse grab through the material (springs,
//                        bodies), or a gas disc carried and thrown; one move per frame read
//   every 5,000, +400    add: a heater or a pusher (four passes across the spot, 561 ticks
//                        at speed 1: the edit lands on its last pass) / 100 gas discs / a
//                        small body
//                +900    edit: the actuator's speed / the gas walls / the slab's fibres
//                +1,400  remove what was added / clear the gas and generate the demo's discs
// Adds and edits are scene edits that survive Reset, so each add is removed again: the scene
// stays the same size over the soak, and any growth in memory is the program's own. They
// come early in their cycle so that the warm-up (2,000 ticks) has seen each kind once: the
// first of each allocates what later ones reuse, which is not growth.
#include <array>
#include <cstdint>
#include <memory>

#include "engine/sim_thread.hpp"
#include "soak_scenes.hpp"

namespace mb::bench {

// The command kinds the report counts, in its order.
enum class SoakCommand : int {
  GrabBegin,
  GrabMove,
  GrabEnd,
  AddActuator,
  EditActuator,
  RemoveActuator,
  GasGenerate,
  GasClear,
  GasSetWalls,
  AddBody,
  RemoveBody,
  SetBodyMaterial,
  Reset,
  LoadScene,
  Count
};
const char* soak_command_name(SoakCommand kind);

class SoakPlan {
 public:
  static constexpr int64_t kResetPeriod = 20'000, kLoadPeriod = 60'000;
  static constexpr int64_t kDragPeriod = 500, kDragStart = 100, kDragTicks = 150;
  static constexpr int64_t kEditPeriod = 5'000, kAddAt = 400, kEditAt = 900, kRemoveAt = 1'400;

  explicit SoakPlan(const SoakScene& scene);

  // Pushes every command due after the last call up to soak tick `tick`, reading where the
  // matter is from `frame` (the newest frame, published after that tick).
  void advance(int64_t tick, const engine::Frame& frame, engine::SimThread& sim);

  using Counts = std::array<int64_t, static_cast<size_t>(SoakCommand::Count)>;
  const Counts& counts() const { return counts_; }

 private:
  bool due(int64_t tick, int64_t period, int64_t phase) const;
  void push(engine::SimThread& sim, SoakCommand kind, engine::Command command);
  void begin_drag(int64_t tick, const engine::Frame& frame, engine::SimThread& sim);
  void move_drag(int64_t tick, engine::SimThread& sim);
  void end_drag(engine::SimThread& sim);
  void add(const engine::Frame& frame, engine::SimThread& sim);
  void edit(const engine::Frame& frame, engine::SimThread& sim);
  void remove(const engine::Frame& frame, engine::SimThread& sim);

  SoakMatter matter_;
  std::shared_ptr<const World> file_world_;  // what LoadScene loads
  size_t file_actuators_ = 0, file_bodies_ = 0;
  int64_t last_tick_ = 0;
  int64_t drags_ = 0, adds_ = 0;
  // The drag in progress.
  bool dragging_ = false;
  int64_t drag_from_tick_ = 0;
  Vec2 drag_from_{0.0, 0.0}, drag_velocity_{0.0, 0.0};  // velocity in units per tick
  Counts counts_{};
};

}  // namespace mb::bench
