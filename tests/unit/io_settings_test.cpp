// Settings files (.cfg): presets, exact round trip, and each kind of error naming the
// file and the [Section] Key.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "physics/io/io_error.hpp"
#include "physics/io/settings_io.hpp"
#include "tests/common/temp_dir_test.hpp"

namespace mb {
namespace {

namespace fs = std::filesystem;

class SettingsIo : public testing::TempDirTest {
 protected:
  // The message of the InputError that loading `text` throws ("" when none).
  std::string error_for(const std::string& name, const std::string& text) const {
    const std::string file = write(name, text);
    return testing::error_of([&] { load_settings(file); });
  }
};

TEST_F(SettingsIo, LoadsEveryPreset) {
  const std::string dir = std::string(MELTBOX_SOURCE_DIR) + "/configs/";
  const Settings def = load_settings(dir + "default.cfg");
  const Settings fresh;
  for (const Parameter& p : parameters())
    EXPECT_EQ(def.*(p.member), fresh.*(p.member)) << p.section << " " << p.key;

  const Settings orig = load_settings(dir + "original.cfg");
  EXPECT_EQ(orig.default_radius, 5.0);
  EXPECT_EQ(orig.molten_radius, 10.0);
  EXPECT_EQ(orig.default_stiffness, 0.1);
  EXPECT_EQ(orig.default_length, 25.0);
  EXPECT_EQ(orig.connection_threshold, 0.8);
  EXPECT_EQ(orig.disconnection_threshold, 2.0);
  EXPECT_EQ(orig.actuator_speed, 10.0);
  EXPECT_EQ(orig.heater_size, 70.0);

  const Settings best = load_settings(dir + "spring5.5_ticks20_spot20.cfg");
  EXPECT_EQ(best.default_length, 5.5);
  EXPECT_EQ(best.cooldown_time, 20.0);
  EXPECT_EQ(best.iteration_limit, 2000.0);
  EXPECT_EQ(best.convergence_limit, 0.001);
  EXPECT_EQ(best.heater_size, 20.0);

  const Settings t20 = load_settings(dir + "ticks20_conv2000x0.001.cfg");
  EXPECT_EQ(t20.default_length, 5.0);
  EXPECT_EQ(t20.cooldown_time, 20.0);
  EXPECT_EQ(t20.heater_size, 14.0);

  const Settings stretch = load_settings(dir + "stretching.cfg");
  EXPECT_EQ(stretch.iteration_limit, 10000.0);
  EXPECT_EQ(stretch.default_length, 5.5);
}

TEST_F(SettingsIo, RoundTripIsExact) {
  Settings s;
  s.default_radius = 0.1 + 0.2;
  s.molten_radius = 1.0 / 3.0 + 1.0;
  s.cooldown_time = 20;
  s.default_stiffness = 1e-300;
  s.default_length = 5.5;
  s.connection_threshold = 0.7;
  s.disconnection_threshold = 1.0 / 0.7;
  s.iteration_limit = 12345;
  s.convergence_limit = 1e-9;
  s.connectivity_period = 7;
  s.actuator_speed = 0.3;
  s.heater_size = 14.000000000000002;
  s.lattice = LatticeType::Square;
  save_settings(path("s.cfg"), s);
  const Settings back = load_settings(path("s.cfg"));
  for (const Parameter& p : parameters())
    EXPECT_EQ(back.*(p.member), s.*(p.member)) << p.section << " " << p.key;
  EXPECT_EQ(back.lattice, LatticeType::Square);
}

TEST_F(SettingsIo, AbsentKeysKeepTheBase) {
  Settings base;
  base.default_length = 7.0;
  base.heater_size = 33.0;
  const Settings s =
      load_settings(write("p.cfg", "[Particle]\nDefaultRadius = 2 ; comment\n"), base);
  EXPECT_EQ(s.default_radius, 2.0);
  EXPECT_EQ(s.default_length, 7.0);
  EXPECT_EQ(s.heater_size, 33.0);
  EXPECT_EQ(s.lattice, LatticeType::Hexagonal);
  // Section and key names are not case-sensitive (as in inih); the lattice key is optional.
  const Settings t =
      load_settings(write("q.cfg", "[spring]\ndefaultlength=3\n[Lattice]\nType=Square\n"));
  EXPECT_EQ(t.default_length, 3.0);
  EXPECT_EQ(t.lattice, LatticeType::Square);
}

TEST_F(SettingsIo, ErrorsNameTheFileAndKey) {
  struct Case {
    const char* name;
    const char* text;
    std::vector<const char*> expect;
  };
  const Case cases[] = {
      {"unknown_section", "[Particles]\nDefaultRadius=1\n", {"[Particles]", "line 1"}},
      {"unknown_key", "[Particle]\nDefaultRadius=1\nRadius=3\n", {"[Particle] Radius", "line 3"}},
      {"not_a_number", "[Spring]\nDefaultLength=five\n", {"[Spring] DefaultLength", "five"}},
      {"trailing_text",
       "[Spring]\nDefaultLength=5mm\n",
       {"[Spring] DefaultLength", "not a number"}},
      {"syntax", "[Particle]\nDefaultRadius=1\nthis line is wrong\n", {"line 3"}},
      {"negative", "[Particle]\nDefaultRadius=-1\n", {"[Particle] DefaultRadius"}},
      {"zero_length", "[Spring]\nDefaultLength=0\n", {"[Spring] DefaultLength"}},
      {"fraction", "[Relaxation]\nIterationLimit=10.5\n", {"[Relaxation] IterationLimit", "whole"}},
      {"order",
       "[Spring]\nConnectionThreshold=2\nDisconnectionThreshold=1.5\n",
       {"ConnectionThreshold", "DisconnectionThreshold"}},
      {"nan", "[Actuator]\nSpeed=nan\n", {"[Actuator] Speed"}},
      {"twice", "[Heater]\nSize=1\nSize=2\n", {"[Heater] Size", "twice", "line 3"}},
      {"lattice", "[Lattice]\nType=triangular\n", {"[Lattice] Type", "triangular"}},
      {"no_section", "DefaultRadius=1\n", {"DefaultRadius", "line 1"}},
  };
  for (const Case& c : cases) {
    const std::string msg = error_for(std::string(c.name) + ".cfg", c.text);
    EXPECT_NE(msg.find(path(std::string(c.name) + ".cfg")), std::string::npos)
        << c.name << ": " << msg;
    for (const char* e : c.expect)
      EXPECT_NE(msg.find(e), std::string::npos) << c.name << ": " << msg;
  }
}

TEST_F(SettingsIo, MissingFileSaysCannotOpen) {
  const std::string file = path("missing.cfg");
  try {
    load_settings(file);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), file + ": cannot open");
  }
}

}  // namespace
}  // namespace mb
