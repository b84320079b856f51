#pragma once
// Scripted input for tests and demos: timed SDL events pushed with SDL_PushEvent, so
// they take exactly the path of real input. One event a line:
//   frame N mousedown X Y [left|right|middle]
//   frame N mousemove X Y
//   frame N mouseup X Y [left|right|middle]
//   frame N wheel X Y DY
//   frame N key NAME          (SDL key names; modifiers as ctrl+z, shift+Tab)
//   frame N save FILE         (the app saves the scene XML at that frame)
//   frame N wait-plan         (the frame count stops here while the Plan tool searches:
//                              frames go on being drawn, later events and --frames wait)
//   frame N quit
// '#' starts a comment. X and Y are window pixels; N counts rendered frames from 0.
#include <string>
#include <vector>

namespace mb::app {

struct ScriptEvent {
  int frame = 0;
  std::string kind;  // mousedown, mousemove, mouseup, wheel, key, save, wait-plan, quit
  double x = 0.0, y = 0.0, amount = 0.0;
  int button = 1;    // SDL_BUTTON_LEFT
  std::string text;  // key name, or file for save
};

class Script {
 public:
  // Throws std::runtime_error naming the file and line on a malformed line.
  static Script load(const std::string& path);
  // What the app does itself at a frame (not SDL events).
  struct Due {
    std::vector<std::string> saves;  // `save` lines: the files to save the scene to
    bool wait_plan = false;          // a `wait-plan` line
  };
  // Pushes every event due at `frame` into SDL's queue; returns the app's own.
  Due push_due(int frame, unsigned window_id);
  bool done() const { return next_ >= events_.size(); }

 private:
  std::vector<ScriptEvent> events_;
  size_t next_ = 0;
};

}  // namespace mb::app
