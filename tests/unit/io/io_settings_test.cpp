// Settings files (.cfg): presets, exact round trip, and each kind of error naming the
// file and the [Section] Key.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "io_fixture.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/settings_io.hpp"
#include "tests/common/original_configs.hpp"

namespace mb {
namespace {

namespace fs = std::filesystem;

class SettingsIo : public io_test::IoTest {
 protected:
  // Loads `file` and returns its settings; the warnings go to warnings_.
  SimulatorSettings load(const std::string& file, const SimulatorSettings& base = {}) {
    warnings_.clear();
    return load_settings(file, warnings_, base);
  }
  // The message of the InputError that loading `text` throws ("" when none).
  std::string error_for(const std::string& name, const std::string& text) {
    const std::string file = write(name, text);
    return io_test::error_of([&] { load(file); });
  }
  Warnings warnings_;
};

// The original Spring Simulator's own settings files, read from shared/original-configs
// beside the checkout (tests/common/original_configs.hpp). Their values, read off the files
// by hand (docs/formats.md has the same table), are what the original runs with; its
// [Heater] Speed (or [Actuator] Speed) is the actuator speed.
TEST_F(SettingsIo, TheOriginalsFilesLoadWithTheOriginalsValues) {
  ASSERT_TRUE(testing::original_configs_present());
  struct Expected {
    const char* file;
    double r, molten_r, cooldown, k, L, conn, disc, iter, conv, speed, heater;
  };
  const Expected table[] = {
      {"default.cfg", 1, 2, 2, 0.01, 5, 1, 1.3, 1000, 0.02, 2, 14},
      {"original.cfg", 5, 10, 2, 0.1, 25, 0.8, 2.0, 1000, 0.02, 10, 70},
      {"spring5.5_ticks20_spot20.cfg", 1, 2, 20, 0.01, 5.5, 1, 1.3, 2000, 0.001, 2, 20},
      {"ticks20_conv2000x0.001.cfg", 1, 2, 20, 0.01, 5, 1, 1.3, 2000, 0.001, 2, 14},
      {"stretching.cfg", 1, 2, 20, 0.01, 5.5, 1, 1.3, 10000, 0.001, 2, 20},
  };
  // Start from values none of the files has, so every key must come from the file.
  SimulatorSettings base;
  for (const auto& p : simulator_parameters()) p.set(base, 777.0);
  base.connection_threshold = 0.5, base.disconnection_threshold = 888.0;
  for (const Expected& e : table) {
    const SimulatorSettings s = load(testing::original_config(e.file), base);
    EXPECT_TRUE(warnings_.empty()) << e.file << ": " << warnings_.front();
    EXPECT_EQ(s.default_radius, e.r) << e.file;
    EXPECT_EQ(s.molten_radius, e.molten_r) << e.file;
    EXPECT_EQ(s.cooldown_time, e.cooldown) << e.file;
    EXPECT_EQ(s.default_stiffness, e.k) << e.file;
    EXPECT_EQ(s.default_length, e.L) << e.file;
    EXPECT_EQ(s.connection_threshold, e.conn) << e.file;
    EXPECT_EQ(s.disconnection_threshold, e.disc) << e.file;
    EXPECT_EQ(s.iteration_limit, e.iter) << e.file;
    EXPECT_EQ(s.convergence_limit, e.conv) << e.file;
    EXPECT_EQ(s.actuator_speed, e.speed) << e.file;
    EXPECT_EQ(s.heater_size, e.heater) << e.file;
  }
}

// The original's default.cfg holds exactly meltbox's built-in defaults.
TEST_F(SettingsIo, TheOriginalsDefaultFileIsMeltboxsBuiltInDefaults) {
  ASSERT_TRUE(testing::original_configs_present());
  const SimulatorSettings def = load(testing::original_config("default.cfg"));
  const SimulatorSettings fresh;
  for (const auto& p : simulator_parameters())
    EXPECT_EQ(p.get(def), p.get(fresh)) << p.group << " " << p.name;
}

// configs/ ships meltbox's own presets; each loads without a warning.
TEST_F(SettingsIo, LoadsEveryPreset) {
  const std::string dir = std::string(MELTBOX_SOURCE_DIR) + "/configs/";
  int presets = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".cfg") continue;
    ++presets;
    EXPECT_NO_THROW(load(e.path().string())) << e.path();
    EXPECT_TRUE(warnings_.empty()) << e.path() << ": " << warnings_.front();
  }
  EXPECT_GE(presets, 4);

  const SimulatorSettings pumping = load(dir + "pumping.cfg");
  EXPECT_EQ(pumping.default_length, 5.5);
  EXPECT_EQ(pumping.cooldown_time, 20.0);
  EXPECT_EQ(pumping.iteration_limit, 2000.0);
  EXPECT_EQ(pumping.convergence_limit, 0.001);
  EXPECT_EQ(pumping.actuator_speed, 1.0);
  EXPECT_EQ(pumping.heater_size, 20.0);

  const SimulatorSettings pushers = load(dir + "two_pushers.cfg");
  EXPECT_EQ(pushers.default_length, 5.5);
  EXPECT_EQ(pushers.iteration_limit, 5000.0);
  EXPECT_EQ(pushers.convergence_limit, 0.001);
}

TEST_F(SettingsIo, ReadsTheOriginalsOtherSpellingsWithoutAWarning) {
  // Its Qt build spells [Spring] DeafultStiffness (and writes it so); a later build reads
  // the heater's radius as [Heater] Radius, half of our [Heater] Size (a diameter).
  const SimulatorSettings s = load(write("o.cfg",
                                         "[Spring]\nDeafultStiffness=0.25\n[Heater]\nRadius=9\n"
                                         "Speed=3\n"));
  EXPECT_TRUE(warnings_.empty()) << warnings_.front();
  EXPECT_EQ(s.default_stiffness, 0.25);
  EXPECT_EQ(s.heater_size, 18.0);
  EXPECT_EQ(s.actuator_speed, 3.0);
}

TEST_F(SettingsIo, AMisspeltKeyIsReadAsTheKeyItResemblesWithAWarning) {
  struct Case {
    const char* text;
    int line;
    const char* written;  // as the warning names it
    const char* read_as;
    double SimulatorSettings::*member;
    double value;
  };
  const Case cases[] = {
      {"[Particle]\nDefaultRadious=3\n", 2, "DefaultRadious", "[Particle] DefaultRadius",
       &SimulatorSettings::default_radius, 3.0},
      {"[Particle]\ndefault_radius=3\n", 2, "default_radius", "[Particle] DefaultRadius",
       &SimulatorSettings::default_radius, 3.0},
      {"[Spring]\n\nDefualtLength=6\n", 3, "DefualtLength", "[Spring] DefaultLength",
       &SimulatorSettings::default_length, 6.0},
      {"[Actuator]\nSize=9\n", 2, "[Actuator] Size", "[Heater] Size",
       &SimulatorSettings::heater_size, 9.0},
      {"[Particles]\nMoltenDefaultRadius=7\n", 2, "[Particles] MoltenDefaultRadius",
       "[Particle] MoltenDefaultRadius", &SimulatorSettings::molten_radius, 7.0},
      {"DefaultRadius=2\n", 1, "DefaultRadius", "[Particle] DefaultRadius",
       &SimulatorSettings::default_radius, 2.0},
  };
  int n = 0;
  for (const Case& c : cases) {
    const std::string file =
        write(std::string("w").append(std::to_string(n++)).append(".cfg"), c.text);
    const SimulatorSettings s = load(file);
    EXPECT_EQ(s.*(c.member), c.value) << c.text;
    bool named = false;
    for (const std::string& w : warnings_)
      named = named ||
              (w.find(file + ": line " + std::to_string(c.line)) != std::string::npos &&
               w.find(c.written) != std::string::npos && w.find(c.read_as) != std::string::npos);
    EXPECT_TRUE(named) << c.text << (warnings_.empty() ? "no warning" : warnings_.front());
  }
}

TEST_F(SettingsIo, RoundTripIsExact) {
  SimulatorSettings s;
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
  s.heat.model = HeatModel::Conduction;
  s.heat.conductance = 1.0 / 3.0;
  s.heat.solidus = 320.5;
  save_settings(path("s.cfg"), s);
  const SimulatorSettings back = load(path("s.cfg"));
  for (const auto& p : simulator_parameters())
    EXPECT_EQ(p.get(back), p.get(s)) << p.group << " " << p.name;
  EXPECT_EQ(back.lattice, LatticeType::Square);
  EXPECT_EQ(back.heat.model, HeatModel::Conduction);
  EXPECT_EQ(back.heat.conductance, 1.0 / 3.0);
}

TEST_F(SettingsIo, AbsentKeysKeepTheBase) {
  SimulatorSettings base;
  base.default_length = 7.0;
  base.heater_size = 33.0;
  const SimulatorSettings s =
      load(write("p.cfg", "[Particle]\nDefaultRadius = 2 ; comment\n"), base);
  EXPECT_EQ(s.default_radius, 2.0);
  EXPECT_EQ(s.default_length, 7.0);
  EXPECT_EQ(s.heater_size, 33.0);
  EXPECT_EQ(s.lattice, LatticeType::Hexagonal);
  // Section and key names are not case-sensitive (as in inih); the lattice key is optional.
  const SimulatorSettings t =
      load(write("q.cfg", "[spring]\ndefaultlength=3\n[Lattice]\nType=Square\n"));
  EXPECT_TRUE(warnings_.empty());
  EXPECT_EQ(t.default_length, 3.0);
  EXPECT_EQ(t.lattice, LatticeType::Square);
  EXPECT_EQ(t.heat.model,
            HeatModel::Timer);  // the Spring Simulator's model unless [Heat] says otherwise
  const SimulatorSettings h = load(write("h.cfg", "[Heat]\nModel = Conduction\nAmbient=280\n"));
  EXPECT_EQ(h.heat.model, HeatModel::Conduction);
  EXPECT_EQ(h.heat.ambient, 280.0);
}

TEST_F(SettingsIo, ErrorsNameTheFileAndKey) {
  struct Case {
    const char* name;
    const char* text;
    std::vector<const char*> expect;
  };
  const Case cases[] = {
      // Names that cannot be a spelling of any known key.
      {"unknown_section", "[Colours]\nBackground=1\n", {"[Colours] Background", "line 2"}},
      {"unknown_key", "[Particle]\nDefaultRadius=1\nRadius=3\n", {"[Particle] Radius", "line 3"}},
      {"two_spellings",
       "[Actuator]\nSpeed=2\n[Heater]\nSpeed=3\n",
       {"[Heater] Speed", "twice", "line 2", "line 4"}},
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
      {"heat_model",
       "[Heat]\nLatentHeat=2\nModel=enthalpy\n",
       {"line 3", "[Heat] Model", "enthalpy", "timer or conduction"}},
      {"band_order", "[Heat]\nSolidus=340\nLiquidus=330\n", {"Solidus", "Liquidus"}},
      {"capacity", "[Heat]\nHeatCapacity=0\n", {"[Heat] HeatCapacity"}},
      {"no_section", "Colour=1\n", {"Colour", "line 1", "outside any [Section]"}},
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
    load(file);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), file + ": cannot open");
  }
}

}  // namespace
}  // namespace mb
