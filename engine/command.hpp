#pragma once
// Commands from the UI to the physics thread. The UI never touches the World: it
// pushes commands, and the physics thread applies them at the start of the next tick
// (before tick number `World::time` runs), stamping each with that number.
//
// World commands change the World and are recorded: a scene plus its stamped world
// commands replays to the same World bit for bit (see replay.hpp). Control commands
// (pause, step, rate) only change when ticks run, so they are not recorded.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "engine/body_commands.hpp"
#include "engine/gas_commands.hpp"
#include "physics/world/snapshot.hpp"
#include "physics/world/world.hpp"

namespace mb::engine {

// --- World commands (recorded) ---
struct SetSettings {
  SimulatorSettings settings;
};
struct SetInelastic {
  bool on = false;
};
// The kinds of matter collide with one another (World::cross_contacts).
struct SetCrossContacts {
  bool on = true;
};
// Inserts `actuator` at `index` (-1 or past the end: appends). It starts afresh: it
// grips what it covers on its first tick.
struct AddActuator {
  Actuator actuator;
  int index = -1;
};
struct RemoveActuator {
  int index = 0;
};
// Replaces the editable fields of actuator `index` (name, enabled, speed, orientation,
// flags, shape, path, advancement). When its shape, path or orientation changes it
// lets go of what it held and grips afresh on its next tick.
struct EditActuator {
  int index = 0;
  Actuator actuator;
};
struct GrabBegin {
  Vec2 at{0.0, 0.0};
  double radius = 5.0;
};
struct GrabMove {
  Vec2 to{0.0, 0.0};
};
// Release; `throw_velocity` (world units / s, the mouse's on release) is given to a held
// body or held discs (World::grab_end). Recorded with the command, so a replay throws the same.
struct GrabEnd {
  std::optional<Vec2> throw_velocity;
};
// The mouse grab's spring (physics/core/grab_spring.hpp), for the next grab of a body or discs.
struct SetGrabSettings {
  GrabSettings settings;
};

// --- Scene commands (start a new recording) ---
// Replaces the World and makes it the new start that Reset returns to.
struct LoadScene {
  std::shared_ptr<const World> world;
};
struct Reset {};

// --- Control commands (not recorded) ---
struct SetPaused {
  bool paused = false;
};
struct TogglePause {};
struct Step {
  int ticks = 1;
};  // runs this many ticks, then pauses
struct SetRate {
  double ticks_per_second = 60.0;
  double time_scale = 1.0;  // 1/20 .. 1: slow motion
  bool fast = false;        // as fast as possible
};
// What the published Snapshots carry beyond the default (e.g. the bodies' bonds, only
// while the UI draws them).
struct SetSnapshotOptions {
  SnapshotOptions options;
};

// World commands change the World and are recorded for replay.
using WorldCommand =
    std::variant<SetSettings, SetInelastic, SetCrossContacts, AddActuator, RemoveActuator,
                 EditActuator, GrabBegin, GrabMove, GrabEnd, SetGrabSettings, GasGenerate, GasClear,
                 GasSetWalls, GasSetReactions,  // gas_commands
                 AddBody, RemoveBody, ClearBodies, SetBodyMaterial,
                 SetBodySettings>;  // body_commands.hpp
// Scene commands replace the World and start a new recording.
using SceneCommand = std::variant<LoadScene, Reset>;
// Control commands change when ticks run and what is published; not recorded.
using ControlCommand = std::variant<SetPaused, TogglePause, Step, SetRate, SetSnapshotOptions>;

// Anything the UI sends. A command converts from its struct: push(GrabMove{at}).
using Command = std::variant<WorldCommand, SceneCommand, ControlCommand>;

struct StampedCommand {
  int64_t tick = 0;  // applied before this tick ran (World::time at the time)
  WorldCommand command;
};

// True for commands that change the World and are recorded for replay.
inline bool is_world_command(const Command& command) {
  return std::holds_alternative<WorldCommand>(command);
}

template <class T, class Variant>
struct is_alternative;
template <class T, class... A>
struct is_alternative<T, std::variant<A...>> : std::bool_constant<(std::is_same_v<T, A> || ...)> {};

// The command struct T inside `command` (its group is found from T), or nullptr.
template <class T>
const T* command_if(const Command& command) {
  using Group = std::conditional_t<
      is_alternative<T, WorldCommand>::value, WorldCommand,
      std::conditional_t<is_alternative<T, SceneCommand>::value, SceneCommand, ControlCommand>>;
  static_assert(is_alternative<T, Group>::value, "T is not a command");
  const Group* group = std::get_if<Group>(&command);
  return group ? std::get_if<T>(group) : nullptr;
}

// Applies a world command to `world`. Deterministic: the result depends only on the World
// and the command. Returns "" or, for a command that was refused (a body that cannot be
// built or placed, settings out of range), why: the UI shows it.
std::string apply_command(World& world, const WorldCommand& command);

// Applies the parts of a world command that are scene edits (settings, inelastic, actuator
// list, gas panel, bodies) to the start-of-scene copy, so that Reset keeps the user's
// edits; the grab and a dragged disc are not kept. Only for commands that apply_command
// did not refuse.
void apply_to_start(World& start, const WorldCommand& command);

}  // namespace mb::engine
