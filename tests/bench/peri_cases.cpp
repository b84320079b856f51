// Peridynamic-body benchmark: a neo-Hookean rectangle (nu = 0.35, density 1, spacing 1,
// delta = 3 spacing: 36 bonds per interior point) of about 5,000 or 20,000 points starting
// just above the floor with gravity on, so the figures include landing contacts. Two
// bodies: "stiff", spacing 1 and E = 2e5 (sqrt(E / rho) / dx = 447 per second), and "demo",
// the material and spacing of the demo scene's soft disc (assets/bodies.xml: spacing 6,
// E = 8e5, 149 per second). The explicit integrator's substeps per tick scale with
// sqrt(E / rho) / dx, so the stiff body needs about 3x the demo body's substeps.
// Ticks of 1/60 s (the sandbox's rate) after a few warm-up ticks. Figures: ticks per wall
// second and per CPU second, substeps per tick, force passes per tick (the substeps', less
// those that reuse the end-of-tick refresh's, plus that refresh's own), and directed-bond
// updates per second (every force pass visits each bond from both ends). Target: 20,000
// points at 60 ticks/s.
#include "peri_cases.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>

#include <algorithm>
#include <vector>

#include "physics/peri/system.hpp"

namespace mb::bench {

namespace {

struct Material {
  const char* name;
  double spacing, youngs;
};
constexpr Material kStiff{"stiff", 1.0, 2.0e5}, kDemo{"demo", 6.0, 8.0e5};

PeriBodySpec slab_spec(int points, Material m = kStiff) {
  // Hexagonal lattice: dx^2 sqrt(3)/2 per point; a 4 : 1 slab.
  const double area = points * m.spacing * m.spacing * std::sqrt(3.0) / 2.0;
  const double h = std::sqrt(area / 4.0), w = 4.0 * h;
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Rectangle;
  s.shape.width = w;
  s.shape.height = h;
  s.spacing = m.spacing;
  s.horizon = 3.0;
  s.material = preset_material(PeriPreset::NeoHookean, m.youngs, 0.35, 1.0);
  return s;
}

// One internal-force evaluation (the substep's cost without integration and contacts) and
// one energy refresh (evaluate_points: pass 1 with the energy terms, once a tick) on the
// slab, slightly sheared so no bond sits at rest: median and fastest of `reps` calls, in
// nanoseconds per directed bond. The same body through the CSR bond-list pass (its lattice
// cleared: the pass before the stencil one, lattice_forces.hpp) is timed in the same run,
// call by call interleaved.
void run_force_case(int points, int threads, int reps) {
  PeriBody b = build_body(slab_spec(points));
  for (int32_t i = 0; i < b.size(); ++i) b.x[i] += 0.01 * b.model->Y[i];
  PeriBody list = b;
  drop_lattice(list);
  PeriPointState st, st_list;
  std::vector<double> fx, fy, ns, ns_list, energy_ms, energy_ms_list;
  WorkerPool pool(threads);
  internal_forces(b, st, fx, fy, pool, false);  // sizes the buffers
  internal_forces(list, st_list, fx, fy, pool, false);
  const double directed = static_cast<double>(b.model->bond_j.size());
  using Ms = std::chrono::duration<double, std::milli>;
  auto time = [&](const PeriBody& body, PeriPointState& state, std::vector<double>& out_ns,
                  std::vector<double>& out_energy) {
    const auto t0 = std::chrono::steady_clock::now();
    internal_forces(body, state, fx, fy, pool, false);
    const auto t1 = std::chrono::steady_clock::now();
    evaluate_points(body, state, pool);
    out_energy.push_back(Ms(std::chrono::steady_clock::now() - t1).count());
    out_ns.push_back(Ms(t1 - t0).count() * 1e6 / directed);
  };
  for (int r = 0; r < reps; ++r) {
    time(b, st, ns, energy_ms);
    time(list, st_list, ns_list, energy_ms_list);
  }
  for (std::vector<double>* v : {&ns, &ns_list, &energy_ms, &energy_ms_list})
    std::sort(v->begin(), v->end());
  auto median = [](const std::vector<double>& v) { return v[v.size() / 2]; };
  std::printf(
      "{\"case\":\"peri_forces_%d\",\"threads\":%d,\"points\":%d,\"directed_bonds\":%.0f,"
      "\"stencil\":%s,\"reps\":%d,\"ns_per_bond_median\":%.3f,\"ns_per_bond_min\":%.3f,"
      "\"force_pass_ms_median\":%.3f,\"energy_pass_ms_median\":%.3f,"
      "\"bond_list_ns_per_bond_median\":%.3f,\"bond_list_ns_per_bond_min\":%.3f,"
      "\"bond_list_energy_pass_ms_median\":%.3f,\"bond_list_energy_pass_ms_min\":%.3f,"
      "\"speedup_over_bond_list\":%.2f}\n",
      points, threads, b.size(), directed, b.model->lattice.empty() ? "false" : "true", reps,
      median(ns), ns.front(), median(ns) * directed * 1e-6, median(energy_ms), median(ns_list),
      ns_list.front(), median(energy_ms_list), energy_ms_list.front(),
      median(ns_list) / median(ns));
  std::fflush(stdout);
}

struct PeriRun {
  double wall, cpu;
  int64_t substeps, force_passes;
  PeriStats stats;
};

PeriRun run_peri_ticks(const PeriSystem& start, const Box& box, int threads, int ticks, bool reuse,
                       bool stencil = true) {
  PeriSystem sys = start;
  if (!stencil)
    for (PeriBody& b : sys.bodies) drop_lattice(b);
  sys.settings.threads = threads;
  sys.debug.reuse_refresh_forces = reuse;
  for (int t = 0; t < 3; ++t) sys.step(box);  // warm-up (buffers sized)
  int64_t substeps = 0, passes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  for (int t = 0; t < ticks; ++t) {
    const PeriStats& st = sys.step(box);
    substeps += st.substeps, passes += st.force_passes;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return {wall, static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC, substeps, passes,
          sys.stats()};
}

// `runs` times from the same start, interleaved with as many runs that compute every
// substep's forces (reuse_refresh_forces off: the code before the end-of-tick refresh's
// forces were reused) and as many on the CSR bond-list pass (the code before the stencil
// pass); the runs with the median wall time are reported.
void run_peri_case(int points, Material m, int threads, int ticks, int runs) {
  const PeriBodySpec s = slab_spec(points, m);
  const double h = s.shape.height, w = s.shape.width;
  const Box box{{-w, -2.0 * h}, {w, 0.5 * h + 2.0 * m.spacing}};  // y-down: the floor is max y
  PeriSystem start;
  start.add(build_body(s));
  std::vector<PeriRun> done, before, list;
  for (int r = 0; r < runs; ++r) {
    done.push_back(run_peri_ticks(start, box, threads, ticks, true));
    before.push_back(run_peri_ticks(start, box, threads, ticks, false));
    list.push_back(run_peri_ticks(start, box, threads, ticks, true, false));
  }
  const auto by_wall = [](const PeriRun& a, const PeriRun& b) { return a.wall < b.wall; };
  std::sort(done.begin(), done.end(), by_wall);
  std::sort(before.begin(), before.end(), by_wall);
  std::sort(list.begin(), list.end(), by_wall);
  const PeriRun& med = done[done.size() / 2];
  const PeriBody& b = start.bodies[0];
  const double bond_updates =
      static_cast<double>(b.model->bond_j.size()) * static_cast<double>(med.force_passes + ticks);
  std::printf(
      "{\"case\":\"peri_%d_%s\",\"spacing\":%g,\"youngs\":%g,\"threads\":%d,\"points\":%d,"
      "\"bonds\":%lld,\"ticks\":%d,\"runs\":%d,\"substeps_per_tick\":%.2f,"
      "\"force_passes_per_tick\":%.2f,\"wall_seconds\":%.4f,\"ticks_per_second\":%.2f,"
      "\"fastest_ticks_per_second\":%.2f,\"ticks_per_second_without_reuse\":%.2f,"
      "\"ticks_per_second_bond_list\":%.2f,"
      "\"cpu_seconds\":%.4f,\"bond_updates_per_second\":%.4g,\"min_det_f\":%.4f,"
      "\"finite\":%s}\n",
      points, m.name, m.spacing, m.youngs, threads, b.size(),
      static_cast<long long>(b.bond_count()), ticks, runs,
      static_cast<double>(med.substeps) / ticks,
      static_cast<double>(med.force_passes + ticks) / ticks, med.wall, ticks / med.wall,
      ticks / done.front().wall, ticks / before[before.size() / 2].wall,
      ticks / list[list.size() / 2].wall, med.cpu, bond_updates / med.wall, med.stats.min_det_f,
      std::isfinite(med.stats.kinetic + med.stats.elastic) ? "true" : "false");
  std::fflush(stdout);
}

}  // namespace

void run_peri_cases(int runs, bool smoke) {
  if (smoke) {
    run_peri_case(500, kStiff, 1, 3, 1);
    run_force_case(500, 2, 3);
    return;
  }
  for (int threads : {1, 2}) run_force_case(20'000, threads, 10 * runs);
  for (Material m : {kStiff, kDemo})
    for (int n : {5'000, 20'000})
      for (int threads : {1, 2}) run_peri_case(n, m, threads, n > 10'000 ? 30 : 60, runs);
}

}  // namespace mb::bench
