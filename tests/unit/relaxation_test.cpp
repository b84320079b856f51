// Relaxation reaches the equilibrium the force law defines.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/springs/lattice.hpp"
#include "physics/springs/relaxation.hpp"

namespace {
mb::SpringNetwork two_particles(double distance) {
  mb::SpringNetwork net;
  net.add_particle(0.0, 0.0, 1.0);
  net.add_particle(distance, 0.0, 1.0);
  net.add_spring(0, 1, 5.0, 0.01);
  return net;
}
}  // namespace

TEST(Relaxation, StretchedSpringReturnsToRestGap) {
  mb::SpringNetwork net = two_particles(10.0);  // gap 8, rest gap 5
  mb::RelaxLimits limits;
  limits.convergence_limit = 1e-6;  // |F| = k |x - L| < 1e-6  ->  |x - L| < 1e-4
  limits.iteration_limit = 10000;
  mb::Relaxer relaxer;
  const mb::RelaxStats stats = relaxer.relax(net, limits);
  EXPECT_TRUE(stats.converged);
  EXPECT_NEAR(net.gap(0), 5.0, 1e-4);
  // Equal and opposite forces: the centre does not move.
  EXPECT_NEAR(0.5 * (net.x[0] + net.x[1]), 5.0, 1e-9);
  EXPECT_NEAR(net.y[0], 0.0, 1e-12);
}

TEST(Relaxation, CompressedAndOverlappingSpringsPushApart) {
  for (double d : {3.0, 2.0, 1.0}) {  // gaps 1, 0 (touching), -1 (overlapping)
    mb::SpringNetwork net = two_particles(d);
    mb::RelaxLimits limits;
    limits.convergence_limit = 1e-6;
    limits.iteration_limit = 10000;
    mb::Relaxer relaxer;
    EXPECT_TRUE(relaxer.relax(net, limits).converged) << "distance " << d;
    EXPECT_NEAR(net.gap(0), 5.0, 1e-3) << "distance " << d;
    EXPECT_TRUE(std::isfinite(net.x[0]) && std::isfinite(net.x[1]));
  }
}

TEST(Relaxation, FixedParticleStaysAndStopsAtTheRule) {
  mb::SpringNetwork net = two_particles(10.0);
  net.movable[0] = 0;
  mb::RelaxLimits limits;
  limits.convergence_limit = 1e-5;
  limits.iteration_limit = 10000;
  mb::Relaxer relaxer;
  const mb::RelaxStats stats = relaxer.relax(net, limits);
  EXPECT_EQ(net.x[0], 0.0);
  EXPECT_NEAR(net.x[1], 7.0, 1e-3);  // 2 radii + rest gap 5
  // The stopping rule: the largest net force on a movable particle is below the limit.
  std::vector<double> fx, fy;
  mb::Relaxer::compute_forces(net, fx, fy);
  EXPECT_LT(std::hypot(fx[1], fy[1]), 1e-5);
  EXPECT_DOUBLE_EQ(stats.max_force, std::hypot(fx[1], fy[1]));
}

TEST(Relaxation, IterationLimitIsRespected) {
  mb::SpringNetwork net = two_particles(30.0);
  mb::RelaxLimits limits;
  limits.convergence_limit = 1e-12;
  limits.iteration_limit = 7;
  mb::Relaxer relaxer;
  const mb::RelaxStats stats = relaxer.relax(net, limits);
  EXPECT_EQ(stats.iterations, 7);
  EXPECT_FALSE(stats.converged);
}

TEST(Relaxation, ParticleCannotBePushedThroughASpring) {
  // Spring (0,1) fixed on the x axis; particle 2 just above it, pulled hard toward
  // particle 3 far below the spring by a spring with a long stretch. Without the guard
  // it would pass through spring (0,1).
  mb::SpringNetwork net;
  net.add_particle(-10.0, 0.0, 1.0);
  net.add_particle(10.0, 0.0, 1.0);
  net.add_particle(0.0, 1.0, 0.1);
  net.add_particle(0.0, -40.0, 0.1);
  net.add_spring(0, 1, 18.0, 0.01);
  net.add_spring(2, 3, 1.0, 0.05);
  net.movable[0] = net.movable[1] = net.movable[3] = 0;
  mb::RelaxLimits limits;
  limits.convergence_limit = 1e-4;
  limits.iteration_limit = 2000;
  limits.max_step = 1.25;
  mb::Relaxer relaxer;
  const mb::RelaxStats stats = relaxer.relax(net, limits);
  EXPECT_GT(net.y[2], 0.0);  // still above the spring
  EXPECT_GT(stats.rollbacks, 0);

  // With the guard off the same pull goes straight through.
  mb::SpringNetwork free_net = net;
  free_net.y[2] = 1.0;
  limits.prevent_crossing = false;
  mb::Relaxer().relax(free_net, limits);
  EXPECT_LT(free_net.y[2], 0.0);
}
