#pragma once
// meltbox's command line.
#include <optional>
#include <string>

namespace mb::app {

// A finished plan is run this many more times with its passes nudged (--plan-nudged-runs).
inline constexpr int kDefaultPlanNudgedRuns = 16;

struct Options {
  std::string input;          // scene XML, state XML, PNG mask or CSV outline
  std::string settings_path;  // -s settings.cfg
  std::string screenshot;     // --screenshot FILE.png: save after --frames frames
  int frames = 0;             // --frames N: exit after N frames (0: run until closed)
  std::string record_dir;     // --record DIR: every frame as DIR/frame_000000.png
  std::string script;         // --script FILE: timed input events
  std::string save_scene;     // --save-scene FILE: the scene XML on exit
  std::string plan_target;    // --plan-target FILE.csv: the Plan tool's target at start
  // --plan-nudged-runs N: a finished plan run N more times nudged
  int plan_nudged_runs = kDefaultPlanNudgedRuns;
  bool paused = false;             // --paused: start paused
  bool print_frame_times = false;  // --print-frame-times: frame-time figures on exit
  double tick_rate = 60.0;         // --tick-rate
  int width = 1280, height = 720;
  std::optional<std::string> view;  // --view X,Y,ZOOM: fixed camera instead of framing
};

// Parses argv; on --help or an error prints and sets `exit_code` (returns nullopt).
std::optional<Options> parse_options(int argc, char** argv, int& exit_code);

}  // namespace mb::app
