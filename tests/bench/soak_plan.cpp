#include "soak_plan.hpp"

#include <cmath>
#include <numbers>
#include <utility>

namespace mb::bench {

namespace {

constexpr const char* kNames[] = {
    "grab_begin",      "grab_move",         "grab_end",  "add_actuator",  "edit_actuator",
    "remove_actuator", "gas_generate",      "gas_clear", "gas_set_walls", "add_body",
    "remove_body",     "set_body_material", "reset",     "load_scene"};
static_assert(std::size(kNames) == static_cast<size_t>(SoakCommand::Count));

// How fast a drag moves the cursor, in units per tick (at 60 ticks/s: 12, 30 and 60 units/s).
double drag_speed(SoakMatter m) {
  switch (m) {
    case SoakMatter::Springs:
      return 0.2;  // the pumping spot is 100 units across: a 30-unit pull
    case SoakMatter::Gas:
      return 0.5;
    case SoakMatter::Bodies:
      return 1.0;
  }
  return 1.0;
}

// The gas demo's two generators (assets/gas_box.xml): "remove" clears the gas and puts
// them back, as a person pressing Clear gas and then Add twice would.
gas::GeneratorSpec demo_light() {
  return {1200, 2.0, 3.0, 1.0, 800.0, 3, 0};
}
gas::GeneratorSpec demo_heavy() {
  return {300, 2.5, 2.5, 4.0, 800.0, 4, 1};
}

Actuator added_actuator(int64_t k) {
  Actuator a;
  a.type = k % 2 == 0 ? ActuatorType::Heater : ActuatorType::Pusher;
  a.name = k % 2 == 0 ? "soak heater" : "soak pusher";
  a.speed = 1.0;
  if (a.type == ActuatorType::Pusher) a.shape = rectangle_polygon({-5.0, -5.0}, {5.0, 5.0});
  const double y = -30.0 + 15.0 * static_cast<double>(k % 5);  // across the spot, lower to upper
  for (int pass = 0; pass < 4; ++pass) a.path.points.push_back({pass % 2 ? 70.0 : -70.0, y});
  a.path.points.push_back({-70.0, y});
  return a;
}

PeriBodySpec added_body(int64_t k) {
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Circle;
  s.shape.radius = 30.0;
  s.spacing = 6.0;
  s.horizon = 3.0;
  s.material = preset_material(PeriPreset::NeoHookean, 8.0e5, 0.35, 1.0);
  s.position = {-600.0 + 600.0 * static_cast<double>(k % 3), 0.0};  // in the air: it falls
  return s;
}

}  // namespace

const char* soak_command_name(SoakCommand kind) {
  return kNames[static_cast<size_t>(kind)];
}

SoakPlan::SoakPlan(const SoakScene& scene)
    : matter_(scene.matter),
      file_world_(std::make_shared<const World>(scene.world)),
      file_actuators_(scene.world.actuators.size()),
      file_bodies_(scene.world.bodies.bodies.size()) {}

// Whether a time phase + k * period (k >= 0) lies in (last_tick_, tick].
bool SoakPlan::due(int64_t tick, int64_t period, int64_t phase) const {
  const auto index = [&](int64_t t) { return t < phase ? -1 : (t - phase) / period; };
  return index(tick) > index(last_tick_);
}

void SoakPlan::push(engine::SimThread& sim, SoakCommand kind, engine::Command command) {
  sim.push(std::move(command));
  ++counts_[static_cast<size_t>(kind)];
}

void SoakPlan::advance(int64_t tick, const engine::Frame& frame, engine::SimThread& sim) {
  if (tick <= last_tick_) return;
  if (dragging_) {
    if (tick >= drag_from_tick_ + kDragTicks)
      end_drag(sim);
    else
      move_drag(tick, sim);
  }
  if (due(tick, kLoadPeriod, 0))
    push(sim, SoakCommand::LoadScene, engine::LoadScene{file_world_});
  else if (due(tick, kResetPeriod, 0))
    push(sim, SoakCommand::Reset, engine::Reset{});
  if (!dragging_ && due(tick, kDragPeriod, kDragStart)) begin_drag(tick, frame, sim);
  if (due(tick, kEditPeriod, kAddAt)) add(frame, sim);
  if (due(tick, kEditPeriod, kEditAt)) edit(frame, sim);
  if (due(tick, kEditPeriod, kRemoveAt)) remove(frame, sim);
  last_tick_ = tick;
}

void SoakPlan::begin_drag(int64_t tick, const engine::Frame& frame, engine::SimThread& sim) {
  const Snapshot& s = frame.snapshot;
  const auto& xs = matter_ == SoakMatter::Springs ? s.springs.x
                   : matter_ == SoakMatter::Gas   ? s.gas.x
                                                  : s.bodies.x;
  const auto& ys = matter_ == SoakMatter::Springs ? s.springs.y
                   : matter_ == SoakMatter::Gas   ? s.gas.y
                                                  : s.bodies.y;
  if (xs.empty()) return;
  const int64_t k = drags_++;
  const size_t at = static_cast<size_t>(k * 7919) % xs.size();  // a different spot each time
  const double angle = 2.39996 * static_cast<double>(k);        // golden angle: all directions
  drag_from_ = {xs[at], ys[at]};
  drag_velocity_ = Vec2{std::cos(angle), std::sin(angle)} * drag_speed(matter_);
  drag_from_tick_ = tick;
  dragging_ = true;
  // The UI's grab radius at zoom 1 (app/meltbox/canvas/matter_grab.cpp grab_radius); on a
  // gas it holds the discs there (gas/grab.hpp).
  push(sim, SoakCommand::GrabBegin,
       engine::GrabBegin{drag_from_, 1.2 * frame.settings.lattice_spacing()});
}

void SoakPlan::move_drag(int64_t tick, engine::SimThread& sim) {
  const Vec2 to = drag_from_ + drag_velocity_ * static_cast<double>(tick - drag_from_tick_);
  push(sim, SoakCommand::GrabMove, engine::GrabMove{to});
}

void SoakPlan::end_drag(engine::SimThread& sim) {
  dragging_ = false;
  // Released: held discs (and a held body) are thrown at three times the drag speed.
  engine::GrabEnd end;
  if (matter_ != SoakMatter::Springs) end.throw_velocity = drag_velocity_ * 180.0;
  push(sim, SoakCommand::GrabEnd, end);
}

void SoakPlan::add(const engine::Frame& frame, engine::SimThread& sim) {
  (void)frame;
  const int64_t k = adds_++;
  switch (matter_) {
    case SoakMatter::Springs:
      push(sim, SoakCommand::AddActuator, engine::AddActuator{added_actuator(k)});
      break;
    case SoakMatter::Gas: {
      gas::GeneratorSpec spec{100, 1.5, 1.5, 1.0, 800.0, static_cast<uint64_t>(100 + k), 2};
      push(sim, SoakCommand::GasGenerate, engine::GasGenerate{spec});
      break;
    }
    case SoakMatter::Bodies:
      push(sim, SoakCommand::AddBody, engine::AddBody{added_body(k)});
      break;
  }
}

void SoakPlan::edit(const engine::Frame& frame, engine::SimThread& sim) {
  switch (matter_) {
    case SoakMatter::Springs:
      if (frame.actuators.size() > file_actuators_) {
        Actuator a = frame.actuators.back();
        a.speed = a.speed == 1.0 ? 2.0 : 1.0;
        const int index = static_cast<int>(frame.actuators.size()) - 1;
        push(sim, SoakCommand::EditActuator, engine::EditActuator{index, a});
      }
      break;
    case SoakMatter::Gas: {
      engine::GasSetWalls walls{frame.snapshot.gas.wall_temperature};
      std::swap(walls.temperature[0], walls.temperature[1]);  // hot and cold sides trade
      push(sim, SoakCommand::GasSetWalls, walls);
      break;
    }
    case SoakMatter::Bodies: {
      const auto& views = frame.snapshot.bodies.bodies;
      if (views.size() < 2) break;
      PeriMaterial m = views[1].material;  // the demo's fibred slab: the fibre handle turns it
      m.fibre_angle = std::fmod(m.fibre_angle + 0.4, std::numbers::pi);
      push(sim, SoakCommand::SetBodyMaterial, engine::SetBodyMaterial{1, m});
      break;
    }
  }
}

void SoakPlan::remove(const engine::Frame& frame, engine::SimThread& sim) {
  switch (matter_) {
    case SoakMatter::Springs:
      if (frame.actuators.size() > file_actuators_) {
        const int index = static_cast<int>(frame.actuators.size()) - 1;
        push(sim, SoakCommand::RemoveActuator, engine::RemoveActuator{index});
      }
      break;
    case SoakMatter::Gas:
      push(sim, SoakCommand::GasClear, engine::GasClear{});
      push(sim, SoakCommand::GasGenerate, engine::GasGenerate{demo_light()});
      push(sim, SoakCommand::GasGenerate, engine::GasGenerate{demo_heavy()});
      break;
    case SoakMatter::Bodies:
      if (frame.snapshot.bodies.bodies.size() > file_bodies_) {
        const int index = static_cast<int>(frame.snapshot.bodies.bodies.size()) - 1;
        push(sim, SoakCommand::RemoveBody, engine::RemoveBody{index});
      }
      break;
  }
}

}  // namespace mb::bench
