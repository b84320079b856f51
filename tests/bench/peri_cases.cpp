// Peridynamic-body benchmark: a neo-Hookean rectangle (E = 2e5, nu = 0.35, density 1,
// spacing 1, delta = 3 spacing: 36 bonds per interior point) of about 5,000 or 20,000 points
// starting just above the floor with gravity on, so the figures include landing contacts.
// Ticks of 1/60 s (the sandbox's rate) after a few warm-up ticks. Figures: ticks per wall
// second and per CPU second, substeps per tick, and directed-bond updates per second (every
// substep's force pass visits each bond from both ends). Target: 20,000 points at 60 ticks/s.
#include "peri_cases.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "physics/peri/system.hpp"

namespace mb::bench {

namespace {

void run_peri_case(int points, int threads, int ticks) {
  // Hexagonal lattice: dx^2 sqrt(3)/2 per point; a 4 : 1 slab.
  const double area = points * std::sqrt(3.0) / 2.0;
  const double h = std::sqrt(area / 4.0), w = 4.0 * h;
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Rectangle;
  s.shape.width = w;
  s.shape.height = h;
  s.spacing = 1.0;
  s.horizon = 3.0;
  s.material = preset_material(PeriPreset::NeoHookean, 2.0e5, 0.35, 1.0);
  const Box box{{-w, -2.0 * h}, {w, 0.5 * h + 2.0}};  // y-down: the floor is max y
  PeriSystem sys;
  sys.settings.threads = threads;
  sys.add(build_body(s));
  for (int t = 0; t < 3; ++t) sys.step(box);  // warm-up (buffers sized)
  int64_t substeps = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  for (int t = 0; t < ticks; ++t) substeps += sys.step(box).substeps;
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  const PeriBody& b = sys.bodies[0];
  const double bond_updates = static_cast<double>(b.bond_j.size()) * static_cast<double>(substeps);
  const PeriStats& st = sys.stats();
  std::printf(
      "{\"case\":\"peri_%d\",\"threads\":%d,\"points\":%d,\"bonds\":%lld,\"ticks\":%d,"
      "\"substeps_per_tick\":%.2f,\"wall_seconds\":%.4f,\"ticks_per_second\":%.2f,"
      "\"cpu_seconds\":%.4f,\"bond_updates_per_second\":%.4g,\"min_det_f\":%.4f,"
      "\"finite\":%s}\n",
      points, threads, b.size(), static_cast<long long>(b.bond_count()), ticks,
      static_cast<double>(substeps) / ticks, wall, ticks / wall, cpu, bond_updates / wall,
      st.min_det_f, std::isfinite(st.kinetic + st.elastic) ? "true" : "false");
  std::fflush(stdout);
}

}  // namespace

void run_peri_cases(bool smoke) {
  if (smoke) {
    run_peri_case(500, 1, 3);
    return;
  }
  for (int n : {5'000, 20'000})
    for (int threads : {1, 2}) run_peri_case(n, threads, n > 10'000 ? 30 : 60);
}

}  // namespace mb::bench
