#include "engine/command.hpp"

#include "engine/overload.hpp"
#include "physics/actuators/edit.hpp"
#include "physics/core/error.hpp"

namespace mb::engine {

std::string apply_command(World& world, const WorldCommand& command) {
  std::string error;
  try {
    std::visit(
        Overload{
            [&](const SetSettings& c) {
              if (const auto problems = validate(c.settings); problems.empty())
                world.settings = c.settings;
              else
                error = "settings not applied: " + problems.front();
            },
            [&](const SetInelastic& c) { world.inelastic = c.on; },
            [&](const SetCrossContacts& c) { world.cross_contacts = c.on; },
            [&](const AddActuator& c) { insert_actuator(world.actuators, c.index, c.actuator); },
            [&](const RemoveActuator& c) { remove_actuator(world.net, world.actuators, c.index); },
            [&](const EditActuator& c) {
              edit_actuator(world.net, world.actuators, c.index, c.actuator);
            },
            [&](const GrabBegin& c) { world.grab_begin(c.at, c.radius); },
            [&](const GrabMove& c) { world.grab_move(c.to); },
            [&](const GrabEnd& c) { world.grab_end(c.throw_velocity); },
            [&](const SetGrabSettings& c) {
              if (const auto problems = parameter_problems(c.settings, grab_parameters());
                  problems.empty())
                world.grab_settings = c.settings;
              else
                error = "grab settings not applied: " + problems.front();
            },
            [&](const GasGenerate& c) { apply_gas(world, c); },
            [&](const GasClear& c) { apply_gas(world, c); },
            [&](const GasSetWalls& c) { apply_gas(world, c); },
            [&](const GasSetReactions& c) { apply_gas(world, c); },
            [&](const AddBody& c) { apply_body(world, c); },
            [&](const RemoveBody& c) { apply_body(world, c); },
            [&](const ClearBodies& c) { apply_body(world, c); },
            [&](const SetBodyMaterial& c) { apply_body(world, c); },
            [&](const SetBodySettings& c) { apply_body(world, c); },
        },
        command);
  } catch (const Error& e) {  // physics/ refuses by throwing, before anything changed
    error = e.what();
  }
  return error;
}

void apply_to_start(World& start, const WorldCommand& command) {
  // The start holds actuators at the beginning of their paths.
  auto at_start = [](Actuator a) {
    a.path_advancement = 0.0;
    return a;
  };
  try {
    std::visit(
        Overload{
            [&](const SetSettings& c) { start.settings = c.settings; },
            [&](const SetInelastic& c) { start.inelastic = c.on; },
            [&](const SetCrossContacts& c) { start.cross_contacts = c.on; },
            [&](const AddActuator& c) {
              insert_actuator(start.actuators, c.index, at_start(c.actuator));
            },
            [&](const RemoveActuator& c) { remove_actuator(start.net, start.actuators, c.index); },
            [&](const EditActuator& c) {
              edit_actuator(start.net, start.actuators, c.index, at_start(c.actuator));
            },
            // The grab is the user's hand, not a scene edit.
            [](const GrabBegin&) {},
            [](const GrabMove&) {},
            [](const GrabEnd&) {},
            // How the hand holds is the user's setting: it stays on Reset.
            [&](const SetGrabSettings& c) { start.grab_settings = c.settings; },
            // Gas edits from the panel stay on Reset.
            [&](const GasGenerate& c) { apply_gas(start, c); },
            [&](const GasClear& c) { apply_gas(start, c); },
            [&](const GasSetWalls& c) { apply_gas(start, c); },
            [&](const GasSetReactions& c) { apply_gas(start, c); },
            // Body edits stay on Reset: a body added, removed or given a new material
            // (at the start it is at rest in its reference state).
            [&](const AddBody& c) { apply_body(start, c, false); },
            [&](const RemoveBody& c) { apply_body(start, c); },
            [&](const ClearBodies& c) { apply_body(start, c); },
            [&](const SetBodyMaterial& c) { apply_body(start, c); },
            [&](const SetBodySettings& c) { apply_body(start, c); },
        },
        command);
  } catch (const Error&) {
    // Refused live too: apply_command reported it, and the start stays as it was.
  }
}

}  // namespace mb::engine
