// predict: outlines, determinism across thread counts, and beating the straight pass.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/springs/lattice.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/predict.hpp"

TEST(Outline, HexRectangleOutlineByHand) {
  // The 28 x 12.12 hex rectangle (see Lattice tests): rows y = 0 and 12.12 run from x = 0
  // to 28; the middle row runs from 3.5 to 24.5, so each end has a notch, a triangle of
  // base 12.12 and height 3.5. Area = 28 * 12.12 - 2 * (12.12 * 3.5 / 2).
  mb::SimulatorSettings s;
  const mb::SpringNetwork net = mb::rectangle_spot({0, 0}, {28, 12.5}, s);
  const mb::Polygon outline = mb::network_outline(net);
  const double h = 2.0 * 7.0 * std::sqrt(3.0) / 2.0;
  EXPECT_NEAR(mb::area(outline), 28.0 * h - 3.5 * h, 1e-9);
  EXPECT_EQ(outline.size(), 12u);  // every particle but the two inner ones of the middle row
}

namespace {
mb::World pumping_world() {
  mb::World world;
  world.settings.cooldown_time = 20;
  world.settings.default_length = 5.5;
  world.settings.convergence_limit = 0.001;
  world.settings.iteration_limit = 2000;
  world.inelastic = true;
  world.net = mb::circle_spot({0, 0}, 40, world.settings);
  mb::Actuator heater;
  heater.type = mb::ActuatorType::Heater;
  heater.speed = 1.5;
  heater.shape = mb::rectangle_polygon({0, 0}, {30, 30});
  heater.path.points = {{-70, 0}, {70, 0}};
  world.actuators.push_back(heater);
  return world;
}
}  // namespace

TEST(Predict, SameSeedSameAnswerWhateverTheThreadCount) {
  const mb::World world = pumping_world();
  const mb::Polygon target = mb::circle_polygon({0, 0}, 30, 64);
  mb::PredictOptions options;
  options.candidates = 6;
  options.seed = 7;
  options.threads = 1;
  const mb::PredictResult one = mb::predict(world, target, options);
  options.threads = 3;
  const mb::PredictResult three = mb::predict(world, target, options);
  EXPECT_EQ(one.path, three.path);
  EXPECT_EQ(one.score, three.score);
  EXPECT_EQ(one.candidates_tried, 6);
  options.seed = 8;
  EXPECT_NE(mb::predict(world, target, options).path, one.path);
}

TEST(Predict, FindsAMoveCloserThanTheStraightPassToAVerticalPassTarget) {
  // The target is what a vertical pass right of centre makes of the spot; the straight
  // horizontal pass through the centre makes something else. Predict should do better.
  mb::World world = pumping_world();
  mb::World made = world;
  made.actuators[0].path.points = {{15, -70}, {10, 0}, {15, 70}};
  while (made.actuators_running()) made.tick();
  made.finish_run();
  const mb::Polygon target = mb::network_outline(made.net);

  mb::PredictOptions options;
  options.candidates = 12;
  options.threads = 2;
  const mb::PredictResult best = mb::predict(world, target, options);
  const double straight =
      mb::score_path(world, {{-70, 0}, {70, 0}}, best.target, mb::ShapeMetric::Procrustes);
  EXPECT_LT(best.score, straight);
  EXPECT_EQ(best.path.size(), 3u);
}
