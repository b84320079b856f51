#include "app/meltbox/options.hpp"

#include <CLI/CLI.hpp>

#include "app/number_range.hpp"

namespace mb::app {

std::optional<Options> parse_options(int argc, char** argv, int& exit_code) {
  Options o;
  CLI::App cli{"meltbox: a real-time 2D sandbox of melting, stretching matter"};
  cli.add_option("file", o.input, "scene XML (simulator or state), PNG mask or CSV outline");
  cli.add_option("-s,--settings", o.settings_path, "settings file (.cfg)");
  cli.add_option("--screenshot", o.screenshot, "save a PNG after --frames frames, then exit");
  cli.add_option("--frames", o.frames, "exit after this many frames")
      ->check(app::whole_range(0, 1'000'000'000));
  cli.add_option("--record", o.record_dir, "write every frame as a numbered PNG into this folder");
  cli.add_option("--script", o.script, "replay timed input events from this file");
  cli.add_option("--save-scene", o.save_scene, "save the scene (simulator XML) on exit");
  cli.add_option("--plan-target", o.plan_target,
                 "open with this CSV outline as the Plan tool's target (the Plan panel open)");
  cli.add_option("--plan-nudged-runs", o.plan_nudged_runs,
                 "a finished plan is run this many more times with its passes nudged by 0.1, "
                 "to show how much of its share is chance (16; 0: none)")
      ->check(app::whole_range(0, 4096));
  cli.add_flag("--paused", o.paused, "start paused");
  cli.add_flag("--print-frame-times", o.print_frame_times,
               "on exit print a JSON line with the mean and median frame time");
  cli.add_option("--tick-rate", o.tick_rate, "physics ticks per second")
      ->check(finite_range(1.0, 10000.0));
  cli.add_option("--width", o.width, "window width")->check(app::whole_range(200, 8192));
  cli.add_option("--height", o.height, "window height")->check(app::whole_range(200, 8192));
  cli.add_option("--view", o.view, "fixed camera: centre and zoom as X,Y,ZOOM (pixels per unit)");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help prints and exits 0; a flag that is unknown, malformed or out of its range is a
    // bad input (2, as for a bad file), named in CLI11's message.
    exit_code = cli.exit(e) == 0 ? 0 : 2;
    return std::nullopt;
  }
  if (!o.screenshot.empty() && o.frames == 0) o.frames = 30;
  return o;
}

}  // namespace mb::app
