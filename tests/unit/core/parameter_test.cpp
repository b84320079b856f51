// The settings tables (physics/core/parameter.hpp): every struct's defaults are allowed by
// its own table, names are unique, and a value out of range is named with its range.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "physics/gas/gas_settings.hpp"
#include "physics/peri/peri_settings.hpp"
#include "physics/springs/simulator_settings.hpp"

namespace mb {
namespace {

template <class S>
void expect_sound_table(std::span<const Parameter<S>> table) {
  std::set<std::string> names;
  for (const Parameter<S>& p : table) {
    EXPECT_TRUE(names.insert(std::string(p.group) + "/" + p.name).second) << p.name;
    EXPECT_LE(p.min, p.max) << p.name;
    EXPECT_NE(std::string(p.tooltip), "") << p.name;
    // get and set reach the same field: a value set is the value got.
    S s;
    const double v = clamp_to(p, 0.5 * (p.min + std::fmin(p.max, p.min + 10.0)) + 1.0);
    p.set(s, v);
    EXPECT_EQ(p.get(s), v) << p.name;
  }
  EXPECT_TRUE(parameter_problems(S{}, table).empty()) << parameter_problems(S{}, table).front();
}

TEST(Parameters, EveryTableAllowsItsStructsDefaults) {
  expect_sound_table(simulator_parameters());
  expect_sound_table(peri_parameters());
  expect_sound_table(gas_parameters());
  EXPECT_TRUE(validate(SimulatorSettings{}).empty());
}

TEST(Parameters, ProblemsNameTheSettingAndItsRange) {
  PeriSettings s;
  s.threads = 0;
  s.damping = -1.0;
  s.gravity.y = std::numeric_limits<double>::quiet_NaN();
  const auto problems = parameter_problems(s, peri_parameters());
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0], "gravity-y = nan: must be a finite number");
  EXPECT_EQ(problems[1], "damping = -1: must be at least 0");
  EXPECT_EQ(problems[2], "threads = 0: must be a whole number in 1..64");
  SimulatorSettings t;
  t.default_length = 0.0;
  EXPECT_EQ(validate(t).front(), "[Spring] DefaultLength = 0: must be greater than 0");
}

TEST(Parameters, ClampKeepsAValueInItsRowsRange) {
  const auto table = gas_parameters();
  const Parameter<GasSettings>& threads = table[1];
  ASSERT_EQ(std::string(threads.name), "threads");
  EXPECT_EQ(clamp_to(threads, 100.0), 64.0);
  EXPECT_EQ(clamp_to(threads, 2.4), 2.0);
  EXPECT_EQ(clamp_to(threads, -3.0), 1.0);
  const Parameter<GasSettings>& tick = table[0];
  // tick-seconds must be above 0: 0 itself falls back to the default.
  EXPECT_EQ(clamp_to(tick, 0.0), GasSettings{}.tick_seconds);
  EXPECT_EQ(clamp_to(tick, std::numeric_limits<double>::quiet_NaN()), GasSettings{}.tick_seconds);
}

}  // namespace
}  // namespace mb
