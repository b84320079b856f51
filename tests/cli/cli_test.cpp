// meltbox-cli end to end: the README's examples work, the stretch stretches, the pusher
// drags, and every bad input gets its exit status and a message naming the file, without
// creating or touching an output file.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/world/state_hash.hpp"
#include "tests/cli/cli_fixture.hpp"
#include "tests/common/original_configs.hpp"
#include "tests/common/pinned_runs.hpp"

namespace {

using mb::cli_test::kAssets;
using mb::cli_test::kConfigs;
using mb::cli_test::kSource;
using mb::cli_test::Result;
using mb::cli_test::slurp;
using Cli = mb::cli_test::CliFixture;
namespace fs = std::filesystem;

struct Extent {
  double min_x = std::numeric_limits<double>::max();
  double max_x = std::numeric_limits<double>::lowest();
  double width() const { return max_x - min_x; }
};

Extent x_extent(const mb::SpringNetwork& net) {
  Extent e;
  for (double x : net.x) e.min_x = std::min(e.min_x, x), e.max_x = std::max(e.max_x, x);
  return e;
}

TEST_F(Cli, HelpListsTheFlags) {
  const Result r = run({"--help"});
  EXPECT_EQ(r.status, 0);
  for (const char* flag : {"-i", "-a", "-c", "-o", "-S", "-s", "-w", "--stats", "--ticks"})
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
}

TEST_F(Cli, ReadmeExamplesSucceed) {
  const std::vector<std::vector<std::string>> examples = {
      {"-c", "simulate", "-i", "assets/four_particles_state.xml", "-o", path("a.xml")},
      {"-c", "simulate", "-i", "assets/nine_particles_simulator.xml", "-S", path("b.xml")},
      {"-c", "simulate", "-i", "assets/nine_particles_stretch.xml", "-o", path("c.xml"), "-S",
       path("c_sim.xml"), "-s", "configs/two_pushers.cfg"},
      {"-c", "simulate", "-i", "assets/circle_r50.csv", "-a", "assets/pusher.xml", "-s",
       "configs/pumping.cfg", "-o", path("d.xml")},
      {"-c", "simulate", "-i", "assets/blob_mask.png", "-o", path("e.xml")},
      {"-c", "simulate", "-i",
       "<state><particles><particle x=\"0\" y=\"0\" radius=\"1\" id=\"0\"/>"
       "<particle x=\"7\" y=\"0\" radius=\"1\" id=\"1\"/></particles><springs>"
       "<spring particle1id=\"0\" particle2id=\"1\" equilibrium_length=\"5\" "
       "force_constant=\"0.01\"/></springs></state>",
       "-o", path("f.xml")},
  };
  for (const auto& args : examples) {
    const Result r = run(args);
    EXPECT_EQ(r.status, 0) << args[3] << ": " << r.err;
  }
  for (const char* out : {"a.xml", "b.xml", "c.xml", "c_sim.xml", "d.xml", "e.xml", "f.xml"}) {
    ASSERT_TRUE(fs::exists(path(out))) << out;
    EXPECT_NO_THROW(mb::load_scene_xml(path(out))) << out;
  }
  EXPECT_EQ(mb::load_scene_xml(path("a.xml")).net.particle_count(), 4);
  EXPECT_EQ(mb::load_scene_xml(path("f.xml")).net.particle_count(), 2);
  // The simulator output has the actuators, finished and disabled as in the Spring Simulator's
  // example.
  const mb::Scene sim = mb::load_scene_xml(path("c_sim.xml"));
  ASSERT_EQ(sim.actuators.size(), 2u);
  EXPECT_FALSE(sim.actuators[0].enabled);
  EXPECT_EQ(sim.actuators[0].path_advancement, 7.0);
  EXPECT_EQ(sim.actuators[1].path_advancement, 5.0);
  // No temporary files are left beside the outputs.
  for (const auto& e : fs::directory_iterator(dir_))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << e.path();
}

TEST_F(Cli, StretchEndsWider) {
  const Result r = run({"-c", "simulate", "-i", "assets/nine_particles_stretch.xml", "-o",
                        path("out.xml"), "--stats"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Extent before = x_extent(mb::load_scene_xml(kAssets + "nine_particles_stretch.xml").net);
  const Extent after = x_extent(mb::load_scene_xml(path("out.xml")).net);
  // Pusher-1 takes the right column 7 to the right, Pusher-2 the left column 5 to the left.
  EXPECT_NEAR(after.max_x, before.max_x + 7.0, 1e-9);
  EXPECT_NEAR(after.min_x, before.min_x - 5.0, 1e-9);
  EXPECT_GT(after.width(), before.width() + 11.0);
}

TEST_F(Cli, PusherDragsWhatItGrips) {
  const Result r = run({"-c", "simulate", "-i", "assets/circle_r50.csv", "-a", "assets/pusher.xml",
                        "-o", path("out.xml")});
  ASSERT_EQ(r.status, 0) << r.err;
  const mb::SpringNetwork before =
      mb::load_any_input(kAssets + "circle_r50.csv", mb::SimulatorSettings{}).net;
  const mb::SpringNetwork after = mb::load_scene_xml(path("out.xml")).net;
  ASSERT_EQ(after.particle_count(), before.particle_count());
  // The gripper drags its particles 42 units left, well outside the circle (radius 50).
  EXPECT_LT(x_extent(after).min_x, -70.0);
  EXPECT_GT(x_extent(before).min_x, -50.0 - 1e-9);
  int moved = 0;
  for (int32_t i = 0; i < after.particle_count(); ++i)
    if (after.x[i] < before.x[i] - 40.0) ++moved;
  EXPECT_GT(moved, 3);
}

TEST_F(Cli, ActuatorFilesReplaceTheInputsActuators) {
  Result r = run({"-c", "simulate", "-i", "assets/nine_particles_stretch.xml", "-a",
                  "assets/pusher.xml", "-S", path("one.xml")});
  ASSERT_EQ(r.status, 0) << r.err;
  const mb::Scene one = mb::load_scene_xml(path("one.xml"));
  ASSERT_EQ(one.actuators.size(), 1u);
  EXPECT_EQ(one.actuators[0].orientation_deg, 126.0);
  // Several files, after one -a or after several.
  r = run({"-c", "simulate", "-i", "assets/nine_particles_stretch.xml", "-a", "assets/pusher.xml",
           "assets/nine_particles_simulator.xml", "-a", "assets/pusher.xml", "-S",
           path("four.xml")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(mb::load_scene_xml(path("four.xml")).actuators.size(), 4u);
}

TEST_F(Cli, StatsAndTicks) {
  Result r = run({"-c", "simulate", "-i", "assets/nine_particles_stretch.xml", "--stats"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex json(
      R"(^\{"particles":9,"springs":12,"springs_before":12,"springs_made":0,"springs_broken":0,)"
      R"("ticks":(\d+),"iterations":(\d+),"centroid_before":\[[^\]]+\],"centroid_after":\[[^\]]+\],)"
      R"("wall_seconds":[0-9.e+-]+,"state_hash":"[0-9a-f]{16}",)"
      R"("heat":\{"model":"timer","molten_mass":0\}\}\n$)");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(r.out, m, json)) << r.out;
  EXPECT_EQ(m[1], "5");  // path 7 at speed 2: a first tick, then 4 moves
  r = run({"-c", "simulate", "-i", "assets/nine_particles_stretch.xml", "--stats", "--ticks", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_TRUE(std::regex_match(r.out, m, json)) << r.out;
  EXPECT_EQ(m[1], "2");
}

TEST_F(Cli, InelasticSwitchRunsQuietly) {
  const Result r = run(
      {"-c", "simulate", "-i", "assets/nine_particles_stretch.xml", "-w", "-o", path("out.xml")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_TRUE(fs::exists(path("out.xml")));
}

// The reaction demo: the species counts before and after, and the reactions taken, add up:
// A + B -> C + D turns one A and one B into one C and one D per reaction.
TEST_F(Cli, TheReactionDemoReportsSpeciesAndReactions) {
  const Result r =
      run({"-c", "simulate", "-i", "assets/reaction_box.xml", "--ticks", "120", "--stats"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex counts(
      R"re("reactions":(\d+),"reactions_blocked":0,"species_before":\{"A":700,"B":700,"C":0,"D":0\},)re"
      R"re("species_after":\{"A":(\d+),"B":(\d+),"C":(\d+),"D":(\d+)\})re");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, counts)) << r.out;
  const int taken = std::stoi(m[1]);
  EXPECT_GT(taken, 0);
  EXPECT_EQ(std::stoi(m[2]), 700 - taken);
  EXPECT_EQ(std::stoi(m[3]), 700 - taken);
  EXPECT_EQ(std::stoi(m[4]), taken);
  EXPECT_EQ(std::stoi(m[5]), taken);
}

// The merging demo A + B <-> C: a C is one A and one B, so A + C and B + C stay 500 and the
// atoms reported stay 500 each; the energy the C discs hold is reported; the saved scene
// (with its internal energies and decays) runs on.
TEST_F(Cli, TheMergingDemoConservesItsAtoms) {
  const Result r = run({"-c", "simulate", "-i", "assets/dimer_box.xml", "--ticks", "120", "-o",
                        path("dimer.xml"), "--stats"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex counts(
      R"re("species_after":\{"A":(\d+),"B":(\d+),"C":(\d+)\},"internal_energy_after":([0-9.e+]+),)re"
      R"re("enthalpy_released":0,"atoms_before":\{"A":500,"B":500\},"atoms_after":\{"A":500,"B":500\})re");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, counts)) << r.out;
  const int a = std::stoi(m[1]), b = std::stoi(m[2]), c = std::stoi(m[3]);
  EXPECT_EQ(a + c, 500);
  EXPECT_EQ(b + c, 500);
  EXPECT_GT(c, 50);  // about 160 at equilibrium
  EXPECT_GT(std::stod(m[4]), 0.0);
  const Result again = run({"-c", "simulate", "-i", path("dimer.xml"), "--ticks", "10", "--stats"});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.out.find(R"("atoms_after":{"A":500,"B":500})"), std::string::npos) << again.out;
}

TEST_F(Cli, PumpingMovesMass) {
  const Result r =
      run({"-c", "simulate", "-i", "assets/circle_r50.csv", "-a", "assets/heater_passes.xml", "-s",
           "configs/pumping.cfg", "-w", "-o", path("pumped.xml"), "--stats"});
  ASSERT_EQ(r.status, 0) << r.err;
  mb::Warnings warnings;
  const mb::SimulatorSettings pumping = mb::load_settings(kConfigs + "pumping.cfg", warnings);
  const mb::SpringNetwork before = mb::load_any_input(kAssets + "circle_r50.csv", pumping).net;
  const mb::SpringNetwork after = mb::load_scene_xml(path("pumped.xml")).net;
  ASSERT_EQ(after.particle_count(), before.particle_count());
  double cx_before = 0.0, cx_after = 0.0;
  for (double x : before.x) cx_before += x;
  for (double x : after.x) cx_after += x;
  cx_before /= before.particle_count();
  cx_after /= after.particle_count();
  const std::regex made(R"("springs_made":([1-9]\d*),"springs_broken":([1-9]\d*))");
  EXPECT_TRUE(std::regex_search(r.out, made)) << r.out;
  // 7.5 is the pumping preset's lattice spacing (2 R + L = 2 + 5.5).
  EXPECT_LT(cx_after, cx_before - 0.5 * 7.5) << r.out;
  EXPECT_LT(x_extent(after).min_x, x_extent(before).min_x - 2.0 * 7.5);
}

struct BadCase {
  const char* name;
  int status;
  std::vector<std::string> args;  // "@OUT" becomes the output path, "@NEW" a second one
  std::string names;              // the message must contain this ("" = skip)
};

TEST_F(Cli, BadInputsFailCleanly) {
  const std::string bad_xml = write("bad.xml", "<state><particles></state>");
  const std::string bad_cfg = write("bad.cfg", "[Spring]\nDefaultLength=-3\n");
  // Not a spelling of any known key (a misspelt known key is read, with a warning).
  const std::string typo_cfg = write("typo.cfg", "[Particle]\nColour=1\n");
  const std::string bad_act = write("bad_act.xml",
                                    "<actuator type='Pusher' speed='-2'><shape><point x='0' "
                                    "y='0'/><point x='9' y='0'/><point x='9' y='9'/></shape>"
                                    "<path><point x='0' y='0'/></path></actuator>");
  const std::string no_shape = write("no_shape.xml",
                                     "<actuator type='Pusher'><path><point x='0' y='0'/>"
                                     "</path></actuator>");
  const std::string unknown_id =
      write("unknown_id.xml",
            "<state><particles><particle x='0' y='0' radius='1' id='0'/></particles><springs>"
            "<spring particle1id='0' particle2id='3' equilibrium_length='1' force_constant='1'/>"
            "</springs></state>");
  const std::string flat_heater = write("flat_heater.xml",
                                        "<actuator type='Heater'><shape><point x='0' y='0'/>"
                                        "<point x='5' y='0'/><point x='10' y='0'/></shape><path>"
                                        "<point x='0' y='0'/></path></actuator>");
  const std::string two_point_heater = write("two_point_heater.xml",
                                             "<actuator type='Heater'><shape><point x='0' y='0'/>"
                                             "<point x='5' y='5'/></shape><path><point x='0' "
                                             "y='0'/></path></actuator>");
  const std::string no_path =
      write("no_path.xml", "<actuator type='Heater'><path></path></actuator>");
  const std::string text_input = write("shape.txt", "0,0\n");
  const std::string missing = path("missing.xml");
  const std::string in = "assets/four_particles_state.xml";
  const std::vector<BadCase> cases = {
      {"no arguments", 2, {}, ""},
      {"no -i", 2, {"-c", "simulate", "-o", "@OUT"}, "-i"},
      {"no -c", 2, {"-i", in, "-o", "@OUT"}, "-c"},
      {"unknown command", 2, {"-c", "simulat", "-i", in, "-o", "@OUT"}, "simulat"},
      {"unknown flag", 2, {"-c", "simulate", "-i", in, "--frobnicate", "-o", "@OUT"}, "frobnicate"},
      {"negative ticks", 2, {"-c", "simulate", "-i", in, "--ticks", "-1", "-o", "@OUT"}, "ticks"},
      {"negative threads",
       2,
       {"-c", "predict", "-i", in, "--threads", "-1", "-o", "@OUT"},
       "--threads"},
      {"no candidates",
       2,
       {"-c", "predict", "-i", in, "--candidates", "0", "-o", "@OUT"},
       "--candidates"},
      {"negative budget seconds",
       2,
       {"-c", "predict", "-i", in, "--budget-seconds", "-1", "-o", "@OUT"},
       "--budget-seconds"},
      // CLI11's own range check lets NaN through (no comparison with it is true).
      {"budget seconds not a number",
       2,
       {"-c", "predict", "-i", in, "--budget-seconds", "nan", "-o", "@OUT"},
       "--budget-seconds: 'nan' is not a number in [0.001, 1e+09]"},
      {"infinite nudge",
       2,
       {"-c", "predict", "-i", in, "--sensitivity-nudge", "inf", "-o", "@OUT"},
       "--sensitivity-nudge: 'inf' is not a number in [0, 1e+06]"},
      {"missing input",
       3,
       {"-c", "simulate", "-i", missing, "-o", "@OUT"},
       missing + ": cannot open"},
      {"malformed xml", 3, {"-c", "simulate", "-i", bad_xml, "-o", "@OUT", "-S", "@NEW"}, bad_xml},
      {"unknown spring end", 3, {"-c", "simulate", "-i", unknown_id, "-o", "@OUT"}, unknown_id},
      {"unknown input type", 3, {"-c", "simulate", "-i", text_input, "-o", "@OUT"}, text_input},
      {"bad xml string",
       3,
       {"-c", "simulate", "-i", "<state><x></state>", "-o", "@OUT"},
       "XML string"},
      {"bad settings",
       3,
       {"-c", "simulate", "-i", in, "-s", bad_cfg, "-o", "@OUT"},
       bad_cfg + ": line 2: [Spring] DefaultLength = -3: must be greater than 0"},
      {"unknown settings key",
       3,
       {"-c", "simulate", "-i", in, "-s", typo_cfg, "-o", "@OUT"},
       "[Particle] Colour"},
      {"missing settings",
       3,
       {"-c", "simulate", "-i", in, "-s", path("nope.cfg"), "-o", "@OUT"},
       path("nope.cfg") + ": cannot open"},
      {"missing actuator",
       3,
       {"-c", "simulate", "-i", in, "-a", missing, "-o", "@OUT"},
       missing + ": cannot open"},
      {"negative speed", 3, {"-c", "simulate", "-i", in, "-a", bad_act, "-o", "@OUT"}, bad_act},
      {"zero-area heater",
       3,
       {"-c", "simulate", "-i", in, "-a", flat_heater, "-o", "@OUT"},
       flat_heater},
      {"two-point heater",
       3,
       {"-c", "simulate", "-i", in, "-a", two_point_heater, "-o", "@OUT"},
       two_point_heater},
      {"empty path", 3, {"-c", "simulate", "-i", in, "-a", no_path, "-o", "@OUT"}, no_path},
      {"pusher without shape",
       3,
       {"-c", "simulate", "-i", in, "-a", no_shape, "-o", "@OUT"},
       no_shape},
      {"actuator file as input",
       3,
       {"-c", "simulate", "-i", "assets/pusher.xml", "-o", "@OUT"},
       "pusher.xml"},
      {"output folder missing",
       3,
       {"-c", "simulate", "-i", in, "-o", "@OUT", "-S", path("no/such/dir/sim.xml")},
       path("no/such/dir/sim.xml")},
  };
  const std::string original = "precious output, must survive\n";
  auto count_files = [&] {
    int entries = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++entries;
    return entries;
  };
  const int inputs = count_files();  // the input files written above
  for (const BadCase& c : cases) {
    const std::string out = write("out.xml", original);
    const std::string fresh = path("new.xml");
    std::vector<std::string> args;
    for (const std::string& a : c.args) args.push_back(a == "@OUT" ? out : a == "@NEW" ? fresh : a);
    const Result r = run(args);
    EXPECT_EQ(r.status, c.status) << c.name << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << c.name << ": " << r.out;
    EXPECT_FALSE(r.err.empty()) << c.name;
    EXPECT_NE(r.err.find(c.names), std::string::npos) << c.name << ": " << r.err;
    // A range is given in numbers a person reads (not DBL_MAX's 309 digits).
    EXPECT_FALSE(std::regex_search(r.err, std::regex("[0-9]{16}"))) << c.name << ": " << r.err;
    EXPECT_EQ(slurp(out), original) << c.name;
    EXPECT_FALSE(fs::exists(fresh)) << c.name;
    EXPECT_EQ(count_files(), inputs + 1) << c.name << ": stray files";  // the inputs + out.xml
  }
}

// The bodies demo: --stats reports the peridynamic bodies with finite figures, and they fall
// (the world is y-down: gravity pulls towards +y, the floor is the box's max y).
TEST_F(Cli, BodiesDemoFallsAndReportsBodyStats) {
  const Result r = run({"-c", "simulate", "--ticks", "8", "-i", "assets/bodies.xml", "--stats",
                        "-o", path("bodies_out.xml")});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string num = R"(([-+0-9.eE]+))";
  const std::regex bodies(
      R"("bodies":\{"count":2,"points":(\d+),"bonds":(\d+),"broken_bonds":(\d+),"kinetic":)" + num +
      R"(,"elastic":)" + num + R"(,"min_det_f":)" + num + R"(,"substeps":\d+,)" +
      R"("centroid_before":\[)" + num + "," + num + R"(\],"centroid_after":\[)" + num + "," + num +
      R"(\]\})");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, bodies)) << r.out;
  EXPECT_GT(std::stoll(m[1]), 1000);
  EXPECT_GT(std::stoll(m[2]), 10 * std::stoll(m[1]));
  EXPECT_EQ(m[3], "0");
  for (int k = 4; k <= 10; ++k) EXPECT_TRUE(std::isfinite(std::stod(m[k]))) << m[k];
  EXPECT_GT(std::stod(m[4]), 0.0);                     // moving
  EXPECT_GT(std::stod(m[6]), 0.5);                     // not inverted
  EXPECT_GT(std::stod(m[10]), std::stod(m[8]) + 1.0);  // fell: y grew
  // -o writes the bodies back (as their specs).
  EXPECT_EQ(mb::load_scene_xml(path("bodies_out.xml")).bodies.size(), 2u);
}

}  // namespace

// The original's own settings files run unchanged, with the original's own inputs. They are
// read from shared/original-configs beside the checkout (tests/common/original_configs.hpp).
TEST_F(Cli, TheOriginalsSettingsFilesRunUnchanged) {
  ASSERT_TRUE(mb::testing::original_configs_present());
  for (const char* cfg : {"default.cfg", "original.cfg", "spring5.5_ticks20_spot20.cfg",
                          "ticks20_conv2000x0.001.cfg", "stretching.cfg"}) {
    const Result r = run({"-c", "simulate", "-i", "assets/nine_particles_simulator.xml", "-s",
                          mb::testing::original_config(cfg), "-o", path("o.xml")});
    EXPECT_EQ(r.status, 0) << cfg << ": " << r.err;
    EXPECT_TRUE(r.err.empty()) << cfg << ": " << r.err;  // no warning: every key is known
  }
}

TEST_F(Cli, AMisspeltKeyIsAWarningAndTheRunGoesOn) {
  const std::string cfg = write("typo.cfg", "[Particle]\nDefaultRadus=1\n");
  const Result r = run({"-c", "simulate", "-i", "assets/four_particles_state.xml", "-s", cfg, "-o",
                        path("out.xml")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warning: " + cfg +
                       ": line 2: [Particle] DefaultRadus read as [Particle] "
                       "DefaultRadius"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::exists(path("out.xml")));
}

TEST_F(Cli, UnknownXmlAttributesAreWarnedOnStderr) {
  const std::string in = write("in.xml",
                               "<state>\n<particles><particle x='0' y='0' radius='1' id='0' "
                               "mass='3'/></particles><springs/></state>");
  const Result r = run({"-c", "convert", "-i", in, "-o", path("out.xml")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find(in + ": line 2: <particle>: unknown attribute 'mass'"), std::string::npos)
      << r.err;
}

// -c convert: the input in the output's format, nothing run. A PNG or CSV becomes the
// lattice the settings give; a state becomes its outline.
TEST_F(Cli, ConvertWritesTheInputInTheOutputsFormat) {
  Result r = run({"-c", "convert", "-i", "assets/blob_mask.png", "-s", "configs/pumping.cfg", "-o",
                  path("mask.xml")});
  ASSERT_EQ(r.status, 0) << r.err;
  mb::Warnings warnings;
  const mb::SpringNetwork built =
      mb::load_any_input(kAssets + "blob_mask.png",
                         mb::load_settings(kConfigs + "pumping.cfg", warnings))
          .net;
  const mb::SpringNetwork converted = mb::load_scene_xml(path("mask.xml")).net;
  EXPECT_EQ(converted.x, built.x);  // the lattice exactly, unrelaxed
  EXPECT_EQ(converted.y, built.y);
  EXPECT_EQ(converted.a, built.a);

  r = run({"-c", "convert", "-i", "assets/circle_r50.csv", "-o", path("circle.xml"), "-S",
           path("circle_sim.xml"), "-a", "assets/pusher.xml"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(mb::load_scene_xml(path("circle_sim.xml")).actuators.size(), 1u);
  EXPECT_EQ(
      mb::load_scene_xml(path("circle.xml")).net.particle_count(),
      mb::load_any_input(kAssets + "circle_r50.csv", mb::SimulatorSettings{}).net.particle_count());

  // State -> outline CSV: a closed outline that reads back, of the spot's size.
  r = run({"-c", "convert", "-i", path("circle.xml"), "-o", path("outline.csv")});
  ASSERT_EQ(r.status, 0) << r.err;
  const mb::Polygon outline = mb::load_outline_csv(path("outline.csv"));
  EXPECT_GT(outline.size(), 20u);
  // Boundary particles of a radius-50 lattice circle lie within one spacing (7) of r = 50.
  for (const mb::Vec2& p : outline) {
    EXPECT_LE(glm::length(p), 50.0 + 1e-9);
    EXPECT_GE(glm::length(p), 50.0 - 7.0);
  }
}

TEST_F(Cli, ActuatorsMayBeGivenAsXmlStrings) {
  const std::string heater =
      "<actuator type=\"Heater\" speed=\"5\"><path><point x=\"-60\" y=\"0\"/>"
      "<point x=\"60\" y=\"0\"/></path></actuator>";
  const Result r =
      run({"-c", "simulate", "-i", "assets/circle_r50.csv", "-a", heater, "-w", "--stats"});
  ASSERT_EQ(r.status, 0) << r.err;
  // 120 units at speed 5: 24 moves plus the start tick.
  EXPECT_NE(r.out.find("\"ticks\":25"), std::string::npos) << r.out;
}

TEST_F(Cli, WithoutOutputsTheStateGoesToStandardOutput) {
  const Result r = run({"-c", "simulate", "-i", "assets/four_particles_state.xml"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(mb::parse_scene_xml(r.out, "stdout").net.particle_count(), 4);
}

TEST_F(Cli, AHugeBodyExitsAtOnceNamingTheLimit) {
  const std::string in =
      write("big.xml", "<state><body shape='circle' radius='1000000' spacing='1'/></state>");
  const Result r = run({"-c", "simulate", "-i", in, "--stats"});
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("200000"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

// The pumping variant with heat as a quantity (configs/pumping_heat.cfg, docs/heat.md):
// --stats gains the heat block, with figures bounded by hand.
TEST_F(Cli, TheHeatModelsReportTheirHeatInStats) {
  const std::string num = R"(([-+0-9.eE]+))";
  Result r = run({"-c", "simulate", "-i", "assets/pumping_heat.xml", "-s",
                  "configs/pumping_heat.cfg", "-w", "--stats", "--ticks", "60"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex conduction(R"("heat":\{"model":"conduction","total_heat":)" + num +
                              R"(,"molten_mass":)" + num + R"(,"max_temperature":)" + num +
                              R"(,"melt_front":)" + num + R"(\})");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, conduction)) << r.out;
  const double total_heat = std::stod(m[1]), molten_mass = std::stod(m[2]),
               max_temperature = std::stod(m[3]);
  // The cfg: c = 1 J/K, L = 30 J, band [325, 330] K, ambient 293 K, G = 1 W/K, h = 5 W/K,
  // 0.02 s a tick; the xml's heater: 12 W per unit area, a 30 x 30 square centred on its
  // path, which starts at x = -75 and moves 1 a tick. A particle's cell on the hexagonal
  // lattice of spacing 2 R + L = 7.5 has area A = 7.5^2 sqrt(3) / 2, so a covered particle
  // gets P A = 584.6 W, 11.69 J a tick.
  const double area = 7.5 * 7.5 * std::sqrt(3.0) / 2.0, per_tick = 12.0 * area * 0.02;
  // Melting: at most 6 lattice springs and the surroundings draw 0.02 (6 G + h) (T - 293) J a
  // tick, 8.14 J at 330 K (neighbours at ambient, the coldest they can be), less than the
  // heater's 11.69; so a particle under the heater gains at least 3.55 J a tick until it is
  // above the band, which takes H - 293 c = c (330 - 293) + L = 67 J: 19 ticks. A particle
  // at x = -45 is covered from tick 16 to tick 46 (30 ticks): it passes the liquidus.
  EXPECT_GT(max_temperature, 330.0) << r.out;
  // No particle heats faster than its heater alone: conduction only brings heat to the
  // hottest from hotter ones (the explicit step is monotone), and the surroundings only take.
  // 60 ticks of P A from 293 K, less the latent heat spent on the way above the band.
  EXPECT_LT(max_temperature, 293.0 + 60.0 * per_tick - 30.0) << r.out;
  // At tick 60 the heater covers x in [-31, -1]; what it covered since tick 31 has melted.
  EXPECT_GT(molten_mass, 0.0) << r.out;
  // A particle with melt fraction f holds at least c (325 - 293) + f (c (330 - 325) + L) =
  // 32 + 35 f >= 67 f J above ambient, the rest no less than 0: heat >= 67 x molten mass.
  EXPECT_GE(total_heat, 67.0 * molten_mass) << r.out;

  // The same scene with the Spring Simulator's settings: the timer model, whose molten mass counts
  // the particles molten at the last tick.
  r = run({"-c", "simulate", "-i", "assets/pumping_heat.xml", "-s", "configs/pumping.cfg", "-w",
           "--stats", "--ticks", "60"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex timer(R"("heat":\{"model":"timer","molten_mass":)" + num + R"(\})");
  ASSERT_TRUE(std::regex_search(r.out, m, timer)) << r.out;
  const double molten = std::stod(m[1]);
  EXPECT_GT(molten, 0.0) << r.out;  // the heater covers the spot at tick 60
  EXPECT_EQ(molten, std::floor(molten)) << r.out;
  EXPECT_EQ(r.out.find("max_temperature"), std::string::npos) << r.out;
}

TEST_F(Cli, AnUnknownHeatModelIsAnInputErrorNamingTheLine) {
  const std::string cfg = write("model.cfg", "[Heat]\nModel=molten\n");
  const Result r = run(
      {"-c", "simulate", "-i", "assets/pumping_heat.xml", "-s", cfg, "-w", "-o", path("out.xml")});
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find(cfg + ": line 2: [Heat] Model"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("timer or conduction"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_FALSE(fs::exists(path("out.xml")));
}

// meltbox-cli runs the pinned runs to their pinned hash (--ticks N --no-finish: the state a
// live sandbox has after N ticks), the one the determinism and replay tests check.
TEST_F(Cli, PinnedRunsEndWithTheirPinnedHash) {
  for (const mb::test::PinnedRun& pin : mb::test::kPinnedRuns) {
    const Result r = run({"-c", "simulate", "-i", std::string("assets/") + pin.scene, "-s",
                          std::string("configs/") + pin.settings, "-w", "--ticks",
                          std::to_string(pin.ticks), "--no-finish", "--stats"});
    ASSERT_EQ(r.status, 0) << pin.scene << ": " << r.err;
    char expected[40];
    std::snprintf(expected, sizeof expected, "\"state_hash\":\"%016llx\"",
                  static_cast<unsigned long long>(pin.hash));
    EXPECT_NE(r.out.find(expected), std::string::npos) << pin.scene << ": " << r.out;
  }
}

TEST_F(Cli, NoFinishNeedsTicks) {
  const Result r = run({"-c", "simulate", "-i", "assets/four_particles_state.xml", "--no-finish"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--ticks"), std::string::npos) << r.err;
}
