#pragma once
// Undo and redo of actuator edits (placing, moving, rotating, paths, flags, deleting).
// Each entry knows the actuator before and after, and turns into the command that
// goes one way or the other.
#include <optional>
#include <vector>

#include "engine/command.hpp"

namespace mb::app {

struct ActuatorEdit {
  enum class Kind { Add, Remove, Change } kind = Kind::Change;
  int index = 0;
  Actuator before, after;  // before: Remove and Change; after: Add and Change
};

// The command that performs an edit.
engine::Command forward(const ActuatorEdit& edit);
// The command that undoes it.
engine::Command backward(const ActuatorEdit& edit);

class UndoStack {
 public:
  void record(ActuatorEdit edit);
  std::optional<engine::Command> undo();
  std::optional<engine::Command> redo();
  void clear();
  bool can_undo() const { return !done_.empty(); }
  bool can_redo() const { return !undone_.empty(); }

 private:
  std::vector<ActuatorEdit> done_, undone_;
};

}  // namespace mb::app
