// The Scene panel's lattice buttons and seed (issue 38, docs/springs.md "Lattices"): the
// script picks "amorphous", raises the seed with the field's "+" button and presses
// "New spot", then picks "hexagonal" and presses "New spot" again, saving the scene after
// each (--script save). Each saved spot must be the library's own circle_spot for the same
// settings, lattice and seed, particle for particle.
//
// The sandbox starts from a .cfg (-s) that names the hexagonal lattice, so a button that did
// nothing would leave hexagonal spots. Panel positions: the script collapses Simulation
// (y 36) and opens Scene (then at y 82). Its rows: the lattice buttons at y 105
// (hexagonal at x 75, amorphous at x 241); with the amorphous lattice the seed field at
// y 128 (its "+" at x 138), and then "New spot" at (40, 197); with the hexagonal lattice the
// seed row is gone and "New spot" moves up to (40, 174).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/springs/lattice.hpp"
#include "tests/gui/run_meltbox.hpp"

namespace {

using mb::gui_test::click;
using mb::gui_test::kDir;
using mb::gui_test::kStrip;

// The same particles at the same places, in the same order, joined by the same springs at
// the same rest gaps.
void expect_same_network(const mb::SpringNetwork& got, const mb::SpringNetwork& want,
                         const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_EQ(got.particle_count(), want.particle_count());
  EXPECT_EQ(got.x, want.x);
  EXPECT_EQ(got.y, want.y);
  EXPECT_EQ(got.a, want.a);
  EXPECT_EQ(got.b, want.b);
  EXPECT_EQ(got.rest_length, want.rest_length);
}

}  // namespace

TEST(SceneGui, TheLatticeButtonsAndTheSeedChooseTheNewSpotsLattice) {
  // Every key of the settings written out, so the sandbox's own defaults do not matter.
  mb::SimulatorSettings settings;
  settings.lattice = mb::LatticeType::Hexagonal;
  settings.lattice_seed = 1;
  const std::string cfg = kDir + "/scene_lattice.cfg";
  mb::save_settings(cfg, settings);

  constexpr int kPlusClicks = 4;  // seed 1 -> 5
  const std::string amorphous = kDir + "/scene_amorphous.xml",
                    hexagonal = kDir + "/scene_hexagonal.xml";
  std::filesystem::remove(amorphous);  // not an earlier run's
  std::filesystem::remove(hexagonal);
  std::string script = click(3, 60, 36) + click(7, 60, 82) + click(11, 241, 105);
  for (int k = 0; k < kPlusClicks; ++k) script += click(16 + 4 * k, 138, 128);
  const int spot = 16 + 4 * kPlusClicks + 2;
  script += click(spot, 40, 197);
  script += "frame " + std::to_string(spot + 6) + " save " + amorphous + "\n";
  script += click(spot + 8, 75, 105);
  script += click(spot + 14, 40, 174);
  script += "frame " + std::to_string(spot + 20) + " save " + hexagonal + "\n";
  RUN_OR_SKIP(kStrip + "-s " + cfg + " --paused --frames " + std::to_string(spot + 24) +
              " --script " + mb::gui_test::write_script("scene_lattice.txt", script));

  // The panel's form as it opens: a circle of radius 60 at the origin.
  mb::SimulatorSettings chosen = settings;
  chosen.lattice = mb::LatticeType::Amorphous;
  chosen.lattice_seed = 1 + kPlusClicks;
  const mb::SpringNetwork want_amorphous = mb::circle_spot({0.0, 0.0}, 60.0, chosen);
  const mb::SpringNetwork want_hexagonal = mb::circle_spot({0.0, 0.0}, 60.0, settings);
  chosen.lattice_seed = 1;
  const mb::SpringNetwork seed_one = mb::circle_spot({0.0, 0.0}, 60.0, chosen);
  // Seed 5's spot is neither the hexagonal one nor seed 1's, so the checks below tell them
  // apart.
  ASSERT_NE(want_amorphous.x, want_hexagonal.x);
  ASSERT_NE(want_amorphous.x, seed_one.x);

  const mb::Scene a = mb::load_scene_xml(amorphous), h = mb::load_scene_xml(hexagonal);
  expect_same_network(a.net, want_amorphous, "amorphous, seed " + std::to_string(1 + kPlusClicks));
  expect_same_network(h.net, want_hexagonal, "hexagonal");
}
