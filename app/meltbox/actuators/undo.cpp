#include "app/meltbox/actuators/undo.hpp"

namespace mb::app {

using engine::AddActuator;
using engine::Command;
using engine::EditActuator;
using engine::RemoveActuator;

Command forward(const ActuatorEdit& e) {
  switch (e.kind) {
    case ActuatorEdit::Kind::Add:
      return AddActuator{e.after, e.index};
    case ActuatorEdit::Kind::Remove:
      return RemoveActuator{e.index};
    case ActuatorEdit::Kind::Change:
      break;
  }
  return EditActuator{e.index, e.after};
}

Command backward(const ActuatorEdit& e) {
  switch (e.kind) {
    case ActuatorEdit::Kind::Add:
      return RemoveActuator{e.index};
    case ActuatorEdit::Kind::Remove:
      return AddActuator{e.before, e.index};
    case ActuatorEdit::Kind::Change:
      break;
  }
  return EditActuator{e.index, e.before};
}

void UndoStack::record(ActuatorEdit edit) {
  done_.push_back(std::move(edit));
  undone_.clear();
}

std::optional<Command> UndoStack::undo() {
  if (done_.empty()) return std::nullopt;
  ActuatorEdit e = std::move(done_.back());
  done_.pop_back();
  Command c = backward(e);
  undone_.push_back(std::move(e));
  return c;
}

std::optional<Command> UndoStack::redo() {
  if (undone_.empty()) return std::nullopt;
  ActuatorEdit e = std::move(undone_.back());
  undone_.pop_back();
  Command c = forward(e);
  done_.push_back(std::move(e));
  return c;
}

void UndoStack::clear() {
  done_.clear();
  undone_.clear();
}

}  // namespace mb::app
