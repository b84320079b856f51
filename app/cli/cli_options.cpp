#include "app/cli/cli_options.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <optional>
#include <thread>

#include "app/number_range.hpp"
#include "physics/actuators/actuator.hpp"
#include "physics/io/text_number.hpp"

namespace mb::cli {

ParseResult parse_command_line(int argc, char** argv) {
  CLI::App app{
      "meltbox-cli: the Spring Simulator's command line. Builds a particle-spring network from "
      "the input, runs the actuators along their paths and saves the result.",
      "meltbox-cli"};
  app.get_formatter()->column_width(34);
  Options o;
  int64_t ticks = 0;
  app.add_option("-c,--command", o.command,
                 "simulate: run the actuators along their paths; predict: suggest a move of the "
                 "first actuator that turns the input into the target (-t); convert: write the "
                 "input in the output's format (-o .xml state or .csv outline, -S simulator) "
                 "without running anything")
      ->required()
      ->check(CLI::IsMember({"simulate", "predict", "convert"}));
  app.add_option("-i,--input", o.input,
                 "initial shape: a PNG mask, a CSV outline, a state or simulator XML file, or "
                 "an XML string (text starting with '<')")
      ->required();
  app.add_option("-a,--actuators", o.actuator_files,
                 "actuator XML file(s) or XML strings; they replace the actuators of a "
                 "simulator XML input");
  app.add_option("-o,--output", o.output,
                 "output: the final state as XML, or its outline when the name ends in .csv "
                 "(predict: the move as CSV); without -o, -S and --stats the state XML goes to "
                 "standard output");
  app.add_option("-S,--simulator-output", o.simulator_output,
                 "output: XML of the full simulator (state and actuators)");
  app.add_option("-s,--settings", o.settings_file, "settings file (.cfg); read before the input");
  app.add_option("-t,--target", o.target, "predict: CSV outline of the target shape");
  app.add_flag("-w,--inelastic", o.inelastic,
               "inelastic simulator: stretched springs break and close particles join");
  app.add_flag("--stats", o.stats,
               "print one JSON line at the end (simulate: counts, iterations, springs made and "
               "broken, centroid before and after, contacts between kinds of matter, wall "
               "seconds; predict: scores)");
  bool no_cross = false;
  app.add_flag("--no-cross-contacts", no_cross,
               "the kinds of matter (springs, gas, bodies) pass through one another");
  CLI::Option* ticks_opt =
      app.add_option("--ticks", ticks,
                     "run exactly N ticks instead of until the actuators finish (then the "
                     "final relaxation as usual)")
          ->check(app::whole_range(0, 1'000'000'000'000));
  bool no_finish = false;
  app.add_flag("--no-finish", no_finish,
               "with --ticks: stop after the N ticks without the run's end (no final "
               "relaxation, no freezing, actuators left as they are): the state a live "
               "sandbox has after N ticks, and the state_hash its replay reports")
      ->needs(ticks_opt);
  app.add_option("--seed", o.seed, "predict: random seed (same seed, same answer)");
  app.add_option("--candidates", o.candidates, "predict: candidate moves to simulate (32)")
      ->check(app::whole_range(1, 100'000'000));
  app.add_option("--threads", o.threads, "predict: worker threads (0: all cores)")
      ->check(app::whole_range(0, 4096));
  app.add_option("--metric", o.metric,
                 "predict: shape score, procrustes (default) or hausdorff; with the planner also "
                 "iou or chamfer (default hausdorff)")
      ->check(CLI::IsMember({"procrustes", "hausdorff", "iou", "chamfer"}));
  CLI::Option* passes_opt = app.add_option("--passes", o.passes,
                                           "predict as a planner: passes at most (1 to 64; " +
                                               std::to_string(o.passes) + ")")
                                ->check(app::whole_range(1, 64));
  CLI::Option* budget_opt =
      app.add_option("--budget", o.budget,
                     "planner: rollouts at most, all passes (" + std::to_string(o.budget) + ")")
          ->check(app::whole_range(1, 100'000'000));
  CLI::Option* seconds_opt =
      app.add_option("--budget-seconds", o.budget_seconds,
                     "planner: wall seconds at most (stops after the generation running then)")
          ->check(app::finite_range(1e-3, 1e9));
  CLI::Option* placement_opt =
      app.add_option("--target-placement", o.target_placement,
                     "planner: absolute (the target where it is drawn; the planner's default) or "
                     "centroid (moved to the spot's centroid and scaled to its area; predict's)")
          ->check(CLI::IsMember({"absolute", "centroid"}));
  CLI::Option* plan_out_opt =
      app.add_option("--plan-out", o.plan_output,
                     "planner: writes the actuator it moved with the plan's path (XML, for -a)");
  std::string pass_speeds;
  CLI::Option* speeds_opt = app.add_option(
      "--pass-speeds", pass_speeds,
      "planner: LO:HI, search each pass's speed in [LO, HI] length units per tick (written per "
      "path point in --plan-out; the -o CSV holds only the points)");
  CLI::Option* repeats_opt =
      app.add_option("--repeats", o.repeats,
                     "planner: each candidate pass run up to R times in a row and kept as that "
                     "many passes of one chord, for targets that pump wax far one way (1 to 8; " +
                         std::to_string(o.repeats) + ")")
          ->check(app::whole_range(1, 8));
  CLI::Option* pokes_opt =
      app.add_option("--finish-pokes", o.finish_pokes,
                     "planner: after the chords, up to N passes that go in to a depth and back "
                     "out the way they came (0 to 16; " +
                         std::to_string(o.finish_pokes) + ")")
          ->check(app::whole_range(0, 16));
  CLI::Option* poke_share_opt =
      app.add_option("--poke-share", o.poke_share,
                     "planner: the share of the budget the finishing pokes keep (0 to 0.9; 0: "
                     "what the chords leave unspent when they stop for want of gain)")
          ->check(app::finite_range(0.0, 0.9));
  CLI::Option* mover_opt =
      app.add_option("--plan-actuator", o.plan_actuator,
                     "planner: the actuator it moves, counted from 1 in the order they are "
                     "given (1); the others are switched off while it plans")
          ->check(app::whole_range(1, 1'000'000));
  CLI::Option* sensitivity_opt =
      app.add_option("--sensitivity", o.sensitivity_runs,
                     "planner: runs the plan N more times with every pass nudged (how much of "
                     "its score is chance); --stats prints the shares closed")
          ->check(app::whole_range(1, 4096));
  CLI::Option* nudge_opt =
      app.add_option("--sensitivity-nudge", o.sensitivity_nudge,
                     "planner: with --sensitivity, each pass moved sideways by up to D length "
                     "units and turned as much at the travel circle (" +
                         format_double(o.sensitivity_nudge) + ")")
          ->check(app::finite_range(0.0, 1e6));
  std::string lattice;
  CLI::Option* lattice_opt = app.add_option(
      "--lattice", lattice,
      "the lattice of a spot made from a PNG or CSV input: hex (the Spring Simulator's, the "
      "default), square, or amorphous (blue-noise points, no grain); overrides the settings "
      "file's [Lattice] Type");
  int64_t lattice_seed = 0;
  CLI::Option* seed_opt =
      app.add_option("--lattice-seed", lattice_seed,
                     "the amorphous lattice's random seed, 0 to 2^53 - 1 (same seed, same "
                     "material); overrides [Lattice] Seed")
          ->check(app::whole_range(0, kMaxLatticeSeed));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return {std::nullopt, kExitOk};
  } catch (const CLI::ParseError& e) {
    std::cerr << "meltbox-cli: " << e.what() << " (see meltbox-cli --help)\n";
    return {std::nullopt, kExitUsage};
  }
  if (ticks_opt->count() > 0) o.ticks = ticks;
  if (lattice_opt->count() > 0) {
    o.lattice = lattice_from_string(lattice);
    if (!o.lattice) {
      std::cerr << "meltbox-cli: --lattice: '" << lattice
                << "' is no lattice (hex, square or amorphous) (see meltbox-cli --help)\n";
      return {std::nullopt, kExitUsage};
    }
  }
  if (seed_opt->count() > 0) o.lattice_seed = lattice_seed;
  if (speeds_opt->count() > 0) {
    const size_t colon = pass_speeds.find(':');
    const std::optional<double> lo =
        colon == std::string::npos ? std::nullopt : parse_double(pass_speeds.substr(0, colon));
    const std::optional<double> hi =
        colon == std::string::npos ? std::nullopt : parse_double(pass_speeds.substr(colon + 1));
    if (!lo || !hi || !(*lo >= kStillSpeed && *hi >= *lo && *hi < 1e9)) {
      std::cerr << "meltbox-cli: --pass-speeds: '" << pass_speeds
                << "' must be LO:HI with 1e-5 <= LO <= HI < 1e9 (see meltbox-cli --help)\n";
      return {std::nullopt, kExitUsage};
    }
    o.min_speed = *lo;
    o.max_speed = *hi;
  }
  for (const CLI::Option* opt :
       {passes_opt, budget_opt, seconds_opt, placement_opt, plan_out_opt, speeds_opt, repeats_opt,
        pokes_opt, poke_share_opt, mover_opt, sensitivity_opt, nudge_opt})
    o.plan = o.plan || opt->count() > 0;
  if ((sensitivity_opt->count() > 0 || nudge_opt->count() > 0) && !o.stats) {
    std::cerr << "meltbox-cli: --sensitivity: its figures are printed by --stats; give both "
                 "(see meltbox-cli --help)\n";
    return {std::nullopt, kExitUsage};
  }
  if (nudge_opt->count() > 0 && sensitivity_opt->count() == 0) {
    std::cerr << "meltbox-cli: --sensitivity-nudge: give --sensitivity N too (see meltbox-cli "
                 "--help)\n";
    return {std::nullopt, kExitUsage};
  }
  if (!o.plan && (o.metric == "iou" || o.metric == "chamfer")) {
    std::cerr << "meltbox-cli: --metric " << o.metric
              << ": only the planner scores by it (give --passes K); see meltbox-cli --help\n";
    return {std::nullopt, kExitUsage};
  }
  if (o.metric.empty()) o.metric = o.plan ? "hausdorff" : "procrustes";
  if (o.target_placement.empty()) o.target_placement = o.plan ? "absolute" : "centroid";
  o.cross_contacts = !no_cross;
  o.finish = !no_finish;
  if (o.threads == 0)
    o.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return {o, kExitOk};
}

}  // namespace mb::cli
