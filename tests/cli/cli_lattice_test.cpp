// meltbox-cli's --lattice and --lattice-seed (issue 38): the flags reach the lattice of a CSV
// or PNG input, beat the .cfg's [Lattice], and bad values are usage errors naming the flag.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/springs/connectivity.hpp"
#include "physics/springs/lattice.hpp"
#include "tests/cli/cli_fixture.hpp"

using mb::cli_test::kSource;
namespace fs = std::filesystem;

class CliLattice : public mb::cli_test::CliFixture {
 protected:
  // meltbox-cli from the repository root; its exit status, and stderr into `err`.
  int run(const std::vector<std::string>& args, std::string& err) const {
    const mb::cli_test::Result r = CliFixture::run(args);
    err = r.err;
    return r.status;
  }
  // `convert` of the radius-50 outline with the pumping preset and `flags`.
  mb::SpringNetwork convert(const std::vector<std::string>& flags) const {
    std::vector<std::string> args = {
        "-c", "convert",      "-i", "assets/circle_r50.csv", "-s", "configs/pumping.cfg",
        "-o", path("out.xml")};
    args.insert(args.end(), flags.begin(), flags.end());
    std::string err;
    EXPECT_EQ(run(args, err), 0) << err;
    return mb::load_scene_xml(path("out.xml")).net;
  }
};

namespace {

mb::SimulatorSettings pumping(mb::LatticeType lattice, int64_t seed) {
  mb::Warnings warnings;
  mb::SimulatorSettings s = mb::load_settings(kSource + "/configs/pumping.cfg", warnings);
  s.lattice = lattice;
  s.lattice_seed = seed;
  return s;
}

mb::SpringNetwork outline_spot(const mb::SimulatorSettings& s) {
  return mb::polygon_spot(mb::load_outline_csv(kSource + "/assets/circle_r50.csv"), s);
}

}  // namespace

TEST_F(CliLattice, TheFlagsChooseTheLatticeAndItsSeed) {
  // Without the flags: the hexagonal lattice, as the library builds it from the same file.
  const mb::SpringNetwork hex = convert({});
  EXPECT_EQ(hex.x, outline_spot(pumping(mb::LatticeType::Hexagonal, 1)).x);
  const mb::SpringNetwork a = convert({"--lattice", "amorphous", "--lattice-seed", "4"});
  const mb::SpringNetwork expected = outline_spot(pumping(mb::LatticeType::Amorphous, 4));
  EXPECT_EQ(a.x, expected.x);
  EXPECT_EQ(a.a, expected.a);
  EXPECT_EQ(mb::count_crossings(a), 0);
  EXPECT_NE(convert({"--lattice", "amorphous", "--lattice-seed", "5"}).x, a.x);
  EXPECT_EQ(convert({"--lattice", "square"}).x,
            outline_spot(pumping(mb::LatticeType::Square, 1)).x);
}

TEST_F(CliLattice, TheFlagsBeatTheSettingsFile) {
  const std::string cfg = write("amorphous.cfg", "[Lattice]\nType=amorphous\nSeed=9\n");
  std::string err;
  ASSERT_EQ(
      run({"-c", "convert", "-i", "assets/circle_r50.csv", "-s", cfg, "-o", path("a.xml")}, err), 0)
      << err;
  mb::SimulatorSettings s;
  s.lattice = mb::LatticeType::Amorphous;
  s.lattice_seed = 9;
  EXPECT_EQ(mb::load_scene_xml(path("a.xml")).net.x, outline_spot(s).x);
  ASSERT_EQ(run({"-c", "convert", "-i", "assets/circle_r50.csv", "-s", cfg, "--lattice", "hex",
                 "-o", path("h.xml")},
                err),
            0)
      << err;
  EXPECT_EQ(mb::load_scene_xml(path("h.xml")).net.x, outline_spot(mb::SimulatorSettings{}).x);
}

TEST_F(CliLattice, BadValuesAreUsageErrorsNamingTheFlag) {
  std::string err;
  EXPECT_EQ(run({"-c", "convert", "-i", "assets/circle_r50.csv", "--lattice", "triangular", "-o",
                 path("x.xml")},
                err),
            2);
  EXPECT_NE(err.find("--lattice"), std::string::npos) << err;
  EXPECT_NE(err.find("amorphous"), std::string::npos) << err;
  EXPECT_EQ(run({"-c", "convert", "-i", "assets/circle_r50.csv", "--lattice-seed", "-3", "-o",
                 path("x.xml")},
                err),
            2);
  EXPECT_NE(err.find("--lattice-seed"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(path("x.xml")));
}
