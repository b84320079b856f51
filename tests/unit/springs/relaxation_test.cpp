// Relaxation reaches the equilibrium the force law defines.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/springs/lattice.hpp"
#include "physics/springs/relaxation.hpp"
#include "springs_fixture.hpp"

namespace {
// Radius 1, a spring of rest gap 5 and stiffness 0.01 (the defaults) between them.
mb::SpringNetwork two_particles(double distance) {
  return springs_test::network({{0.0, 0.0}, {distance, 0.0}}, 1.0, {{0, 1}}, 5.0, 0.01);
}
}  // namespace

TEST(Relaxation, StretchedSpringReturnsToRestGap) {
  mb::SpringNetwork net = two_particles(10.0);  // gap 8, rest gap 5
  mb::RelaxLimits limits;
  // Near rest the law is Hooke with slope k when stretched and k/2 when compressed
  // (d/dx of k L (L - x) / 2x at x = L), so |F| < 1e-6 means |x - L| < 1e-6 / (k/2) = 2e-4.
  limits.convergence_limit = 1e-6;
  limits.iteration_limit = 10000;
  mb::Relaxer relaxer;
  const mb::RelaxStats stats = relaxer.relax(net, limits);
  EXPECT_TRUE(stats.converged);
  EXPECT_NEAR(net.gap(0), 5.0, 2e-4);
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
  EXPECT_NEAR(net.x[1], 7.0, 2e-3);  // 2 radii + rest gap 5, within 1e-5 / (k/2)
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

TEST(Relaxation, SpringsCannotBePushedThroughEachOther) {
  // Spring (a, b) is fixed along the x axis. Particle p sits just above it, joined to two
  // fixed anchors c and d right above it by springs compressed to a tenth of their rest
  // gap, so they push p straight down. Once p passed below the axis, springs p-c and
  // p-d would cross a-b: the guard must stop p above it.
  mb::SpringNetwork net;
  const int32_t a = net.add_particle(-10.0, 0.0, 0.1), b = net.add_particle(10.0, 0.0, 0.1);
  const int32_t c = net.add_particle(-1.0, 3.0, 0.1), d = net.add_particle(1.0, 3.0, 0.1);
  const int32_t p = net.add_particle(0.0, 1.5, 0.1);
  net.add_spring(a, b, 19.8, 0.01);
  net.add_spring(p, c, 20.0, 0.01);
  net.add_spring(p, d, 20.0, 0.01);
  net.movable[a] = net.movable[b] = net.movable[c] = net.movable[d] = 0;
  mb::RelaxLimits limits;
  limits.convergence_limit = 1e-4;
  limits.iteration_limit = 2000;
  limits.max_step = 1.25;
  const mb::SpringNetwork start = net;
  const mb::RelaxStats stats = mb::Relaxer().relax(net, limits);
  EXPECT_GT(net.y[p], 0.0);  // still above spring a-b
  EXPECT_GT(stats.rollbacks, 0);
  EXPECT_TRUE(stats.converged);  // held by the spring: judged by its (zero) step

  // With the guard off the same push goes straight through.
  mb::SpringNetwork free_net = start;
  limits.prevent_crossing = false;
  mb::Relaxer().relax(free_net, limits);
  EXPECT_LT(free_net.y[p], 0.0);
}
