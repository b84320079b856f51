#pragma once
// meltbox-cli's command line: the Spring Simulator's flags (-i -a -c -o -S -s -t -w -h) plus
// --stats, --ticks and --lattice.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "physics/springs/simulator_settings.hpp"
#include "physics/world/plan_sensitivity.hpp"
#include "physics/world/planner.hpp"

namespace mb::cli {

// Exit statuses.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // unexpected internal error
inline constexpr int kExitUsage = 2;    // bad command line
inline constexpr int kExitInput = 3;    // a file is missing, malformed or cannot be written

struct Options {
  std::string command;                      // -c: simulate | predict | convert
  std::string input;                        // -i: PNG, CSV, XML file or XML string
  std::vector<std::string> actuator_files;  // -a: files or XML strings; replace the input's
  std::string output;                       // -o: final state XML or .csv outline (predict: move)
  std::string simulator_output;             // -S: full simulator XML
  std::string settings_file;                // -s: .cfg
  std::string target;                       // -t: predict's target outline CSV
  bool inelastic = false;                   // -w
  bool cross_contacts = true;               // off: --no-cross-contacts (kinds pass through)
  bool stats = false;                       // --stats: one JSON line on stdout
  std::optional<int64_t> ticks;             // --ticks N: run exactly N ticks
  bool finish = true;                       // off: --no-finish (no run's end after --ticks)
  // The lattice of a spot made from a PNG or CSV input; override the .cfg's [Lattice].
  std::optional<LatticeType> lattice;   // --lattice hex|square|amorphous
  std::optional<int64_t> lattice_seed;  // --lattice-seed N
  // predict
  uint64_t seed = 1;    // --seed: candidate k uses stream (seed, k)
  int candidates = 32;  // --candidates
  int threads = 0;      // --threads (0: all cores)
  std::string metric;   // --metric procrustes|hausdorff|iou ("": the mode's default)
  // predict as a planner (docs/planning.md): on when any of these is given. The planner's
  // flags start at the library's defaults (PlanSettings), so the CLI plans what the library
  // plans; only the budget is the CLI's own, a batch run's (the library's 400 is sized for
  // the sandbox's Plan, which waits on it).
  bool plan = false;
  int passes = default_plan_settings().max_passes;  // --passes K: passes at most
  int64_t budget = 1000;                            // --budget N: rollouts at most
  double budget_seconds = 0.0;                      // --budget-seconds S (0: no limit)
  std::string target_placement;  // --target-placement absolute|centroid ("": the mode's)
  std::string plan_output;       // --plan-out PLAN.xml: the actuator with the plan's path
  // --pass-speeds LO:HI: each pass's speed searched in [LO, HI] units per tick (0, 0: the
  // actuator's speed for every pass).
  double min_speed = 0.0, max_speed = 0.0;
  // --repeats R: each candidate pass run R times in a row
  int repeats = default_plan_settings().repeats;
  int finish_pokes = default_plan_settings().finish_pokes;   // --finish-pokes N: after the chords
  double poke_share = default_plan_settings().finish_share;  // --poke-share S: of the budget
  int plan_actuator = 1;  // --plan-actuator N: the actuator the planner moves (1: the first)
  // --sensitivity N: the plan run N more times with its passes nudged by up to
  // --sensitivity-nudge D length units (0.1), the shares in --stats (docs/planning.md).
  int sensitivity_runs = 0;
  double sensitivity_nudge = default_plan_sensitivity_settings().nudge;
};

// Parses argv. Returns the options, or the exit status when the program should stop now
// (help printed: 0; usage error reported on stderr: kExitUsage).
struct ParseResult {
  std::optional<Options> options;
  int exit_status = kExitOk;
};
ParseResult parse_command_line(int argc, char** argv);

}  // namespace mb::cli
