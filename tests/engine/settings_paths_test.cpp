// One table, one verdict: for every row of every settings table, a value outside the row's
// range is refused by the file reader and by the command that sets it live, each naming the
// row (issue: the ranges of one setting had drifted apart between reader, command and panel).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

#include "engine/command.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/peri/material_parameters.hpp"

namespace mb::engine {

namespace {

// A value just outside p's range: above a finite max, else below (or at an exclusive) min.
template <class S>
double outside(const Parameter<S>& p) {
  if (std::isfinite(p.max)) return p.max + 1.0;
  return p.min_exclusive ? p.min : p.min - 1.0;
}

template <class S>
std::string text(const Parameter<S>& p) {
  char out[64];
  std::snprintf(out, sizeof out, "%.17g", outside(p));
  return out;
}

// The reader's message for `run`, "" when it read the input.
std::string read_error(const std::function<void()>& run) {
  try {
    run();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

World world_with_a_body() {
  World w;
  w.box = {{-500.0, -500.0}, {500.0, 500.0}};
  PeriBodySpec spec;
  spec.shape.radius = 6.0;
  spec.spacing = 2.0;
  EXPECT_EQ(apply_command(w, AddBody{spec}), "");
  return w;
}

}  // namespace

TEST(SettingsPaths, SimulatorSettingsOutOfRangeAreRefusedByTheCfgReaderAndSetSettings) {
  for (const Parameter<SimulatorSettings>& p : simulator_parameters()) {
    const std::string cfg = std::string("[") + p.group + "]\n" + p.name + "=" + text(p) + "\n";
    Warnings warnings;
    const std::string read =
        read_error([&] { parse_settings(cfg, "t.cfg", SimulatorSettings{}, warnings); });
    EXPECT_NE(read.find(p.name), std::string::npos) << p.name << ": " << read;
    World w;
    SimulatorSettings s;
    p.set(s, outside(p));
    const std::string live = apply_command(w, SetSettings{s});
    EXPECT_NE(live.find(p.name), std::string::npos) << p.name << ": " << live;
    EXPECT_EQ(w.settings.lattice_spacing(), SimulatorSettings{}.lattice_spacing());
  }
}

TEST(SettingsPaths, BodySettingsOutOfRangeAreRefusedByTheSceneReaderAndSetBodySettings) {
  for (const Parameter<PeriSettings>& p : peri_parameters()) {
    if (p.kind == ParameterKind::Boolean) continue;  // a bool cannot hold a wrong value
    const std::string xml =
        std::string("<state><body-settings ") + p.name + "='" + text(p) + "'/></state>";
    const std::string read = read_error([&] { parse_scene_xml(xml, "t.xml"); });
    EXPECT_NE(read.find(p.name), std::string::npos) << p.name << ": " << read;
    World w;
    PeriSettings s;
    p.set(s, outside(p));
    const std::string live = apply_command(w, SetBodySettings{s});
    EXPECT_NE(live.find(p.name), std::string::npos) << p.name << ": " << live;
  }
}

TEST(SettingsPaths, MaterialsOutOfRangeAreRefusedByTheSceneReaderAndTheBodyCommands) {
  for (const Parameter<PeriMaterial>& p : peri_material_parameters()) {
    const std::string xml = std::string("<state><body shape='circle' radius='6' ") + p.name + "='" +
                            text(p) + "'/></state>";
    const std::string read = read_error([&] { parse_scene_xml(xml, "t.xml"); });
    EXPECT_NE(read.find(p.name), std::string::npos) << p.name << ": " << read;
    World w = world_with_a_body();
    PeriMaterial m = w.bodies.bodies[0].spec().material;
    p.set(m, outside(p));
    const std::string edit = apply_command(w, SetBodyMaterial{0, m});
    EXPECT_NE(edit.find(p.name), std::string::npos) << p.name << ": " << edit;
    PeriBodySpec spec;
    spec.shape.radius = 6.0;
    spec.position = {100.0, 0.0};
    spec.material = m;
    const std::string add = apply_command(w, AddBody{spec});
    EXPECT_NE(add.find(p.name), std::string::npos) << p.name << ": " << add;
    EXPECT_EQ(w.bodies.bodies.size(), 1u);
  }
}

}  // namespace mb::engine
