#include "fill_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "physics/springs/lattice.hpp"

namespace mb::bench {

namespace {

// A wavy ring of `n` vertices, radius 1000 +- 50: about 60,000 lattice points at spacing 7.
Polygon wavy_outline(int n) {
  Polygon out;
  for (int k = 0; k < n; ++k) {
    const double a = 2.0 * std::numbers::pi * k / n;
    const double r = 1000.0 + 50.0 * std::sin(9.0 * a);
    out.push_back({r * std::cos(a), r * std::sin(a)});
  }
  return out;
}

template <class Fill>
double median_seconds(int runs, int32_t& particles, Fill&& fill) {
  std::vector<double> seconds;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    particles = fill().particle_count();
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  return seconds[seconds.size() / 2];
}

}  // namespace

void run_fill_cases(int runs) {
  const SimulatorSettings settings;
  for (int vertices : {2'000, 20'000, 200'000}) {
    const Polygon outline = wavy_outline(vertices);
    const Box box = bounding_box(outline);
    int32_t scan_particles = 0, winding_particles = -1;
    const double scan =
        median_seconds(runs, scan_particles, [&] { return polygon_spot(outline, settings); });
    // The baseline is O(points x vertices): 90 s at 200,000 vertices, so it runs once at
    // 2,000 and 20,000 only; the ratio between the two shows how it grows.
    double winding = 0.0;
    if (vertices <= 20'000)
      winding = median_seconds(1, winding_particles, [&] {
        return build_lattice(
            box, box.min, [&](Vec2 p) { return contains(outline, p); }, settings);
      });
    std::printf(
        "{\"case\":\"fill_outline\",\"vertices\":%d,\"particles\":%d,\"runs\":%d,"
        "\"scanline_seconds_median\":%.4f",
        vertices, scan_particles, runs, scan);
    if (winding_particles >= 0)
      std::printf(",\"winding_per_point_seconds\":%.4f,\"speedup\":%.1f,\"same_particles\":%s",
                  winding, winding / scan, scan_particles == winding_particles ? "true" : "false");
    std::printf("}\n");
    std::fflush(stdout);
  }
}

}  // namespace mb::bench
