// The soak driver. One engine::SimThread per scene at "as fast as possible"; this thread
// reads the newest Frame whenever one is published (polling, with short sleeps), pushes
// the plan's commands, and samples:
//   - the tick time: Frame::snapshot.tick_seconds, the wall time of the tick just run,
//     once per frame read (frames published while this thread slept are not seen, so the
//     maximum is over the ticks sampled; frames_read says how many). Commands are applied
//     before the tick's clock starts, so building an added body or copying a loaded scene
//     is not in it.
//   - the soak tick: Frame::serial minus its value before the first tick. With fast on and
//     pause off every publish follows exactly one tick, so this counts ticks across Reset
//     and LoadScene (where the Snapshot's tick, the World's time, starts again).
//   - RSS from /proc/self/statm (resident pages x page size): at the warm-up's end, so
//     first-touch allocations are not counted as growth, every 1,000 ticks (for the
//     maximum) and at the end.
// The tick-time buffer is allocated and touched before the warm-up so it adds nothing to
// the growth.
#include "soak_cases.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "engine/sim_thread.hpp"
#include "soak_plan.hpp"
#include "soak_scenes.hpp"

namespace mb::bench {

namespace {

using Clock = std::chrono::steady_clock;

double rss_mb() {
  long pages_total = 0, pages_resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages_total, &pages_resident) != 2) pages_resident = 0;
    std::fclose(f);
  }
  return static_cast<double>(pages_resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) /
         (1024.0 * 1024.0);
}

// Refusal messages come from the physics (a body that does not fit): keep them JSON-safe.
std::string json_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\t') ? ' ' : c;
  }
  return out;
}

struct SoakFigures {
  int64_t ticks = 0, frames_read = 0;
  double rss_start = 0.0, rss_end = 0.0, rss_max = 0.0;
  double tick_ms_max = 0.0, tick_ms_median = 0.0;
  int64_t tick_ms_max_at = 0;  // the soak tick of the slowest tick seen
  double wall_seconds = 0.0;
  uint64_t refused = 0;
  std::string last_refusal;
  std::vector<double> rss_per_cycle;  // at every Reset / LoadScene time, before it lands
  SoakPlan::Counts counts{};
  int64_t particles = 0, springs = 0, discs = 0, bodies = 0;  // the scene at the end
};

// Takes the newest frame, sleeping between polls so this thread leaves the cores to the
// physics thread.
const engine::Frame& next_frame(engine::SimThread& sim) {
  while (!sim.acquire()) std::this_thread::sleep_for(std::chrono::microseconds(50));
  return sim.frame();
}

SoakFigures soak(const SoakScene& scene, int64_t ticks) {
  SoakFigures out;
  std::vector<float> tick_ms(static_cast<size_t>(ticks) + 1, 0.0f);  // touched now
  out.rss_per_cycle.reserve(static_cast<size_t>(ticks / SoakPlan::kResetPeriod) + 1);
  int64_t next_cycle = SoakPlan::kResetPeriod;
  SoakPlan plan(scene);
  engine::SimThread sim(scene.world, /*paused=*/true);
  sim.push(engine::SetRate{60.0, 1.0, /*fast=*/true});
  while (!next_frame(sim).fast) {
  }
  const uint64_t serial_before = sim.frame().serial;
  sim.push(engine::SetPaused{false});
  const auto t0 = Clock::now();
  uint64_t error_serial = sim.frame().error_serial;
  bool warm = false;
  int64_t next_rss_sample = 0;
  for (;;) {
    const engine::Frame& f = next_frame(sim);
    const int64_t tick = static_cast<int64_t>(f.serial - serial_before);
    if (static_cast<size_t>(out.frames_read) < tick_ms.size()) {
      const float ms = static_cast<float>(f.snapshot.tick_seconds * 1e3);
      tick_ms[static_cast<size_t>(out.frames_read++)] = ms;
      if (ms > out.tick_ms_max) {
        out.tick_ms_max = ms;
        out.tick_ms_max_at = tick;
      }
    }
    if (f.error_serial != error_serial) {
      out.refused += f.error_serial - error_serial;
      error_serial = f.error_serial;
      out.last_refusal = f.command_error;
    }
    if (!warm && tick >= kSoakWarmupTicks) {
      warm = true;
      out.rss_start = rss_mb();
    }
    if (tick >= next_cycle) {
      out.rss_per_cycle.push_back(rss_mb());
      next_cycle += SoakPlan::kResetPeriod;
    }
    if (tick >= next_rss_sample) {
      out.rss_max = std::max(out.rss_max, rss_mb());
      next_rss_sample = tick + 1'000;
    }
    if (tick >= ticks) {
      out.ticks = tick;
      out.rss_end = rss_mb();
      out.rss_max = std::max(out.rss_max, out.rss_end);
      out.particles = static_cast<int64_t>(f.snapshot.springs.particle_count());
      out.springs = static_cast<int64_t>(f.snapshot.springs.spring_count());
      out.discs = static_cast<int64_t>(f.snapshot.gas.size());
      out.bodies = static_cast<int64_t>(f.snapshot.bodies.bodies.size());
      break;
    }
    plan.advance(tick, f, sim);
  }
  out.wall_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  sim.stop();
  out.counts = plan.counts();
  const auto mid = tick_ms.begin() + out.frames_read / 2;
  std::nth_element(tick_ms.begin(), mid, tick_ms.begin() + out.frames_read);
  out.tick_ms_median = out.frames_read > 0 ? *mid : 0.0;
  return out;
}

// One JSON line, built field by field (the figures are too many for one printf).
class JsonLine {
 public:
  JsonLine& text(const char* key, const std::string& v) {
    return raw(key, std::string("\"").append(json_text(v)).append("\""));
  }
  JsonLine& count(const char* key, int64_t v) { return raw(key, std::to_string(v)); }
  JsonLine& number(const char* key, double v, int decimals) {
    char s[64];
    std::snprintf(s, sizeof s, "%.*f", decimals, v);
    return raw(key, s);
  }
  JsonLine& raw(const char* key, const std::string& json) {
    // append(), not operator+: GCC 12 warns falsely (-Wrestrict) on chained + of literals.
    line_.append(line_.empty() ? "{\"" : ",\"").append(key).append("\":").append(json);
    return *this;
  }
  std::string str() const { return std::string(line_.empty() ? "{" : line_).append("}"); }
  void print() const {
    std::printf("%s\n", str().c_str());
    std::fflush(stdout);
  }

 private:
  std::string line_;
};

void print(const char* name, const SoakFigures& f) {
  JsonLine commands;
  int64_t total = 0;
  for (int k = 0; k < static_cast<int>(SoakCommand::Count); ++k) {
    const int64_t n = f.counts[static_cast<size_t>(k)];
    commands.count(soak_command_name(static_cast<SoakCommand>(k)), n);
    total += n;
  }
  std::string cycles;
  for (double mb : f.rss_per_cycle) {
    char v[32];
    std::snprintf(v, sizeof v, "%s%.2f", cycles.empty() ? "" : ",", mb);
    cycles += v;
  }
  const double growth = f.rss_start > 0.0 ? 100.0 * (f.rss_end - f.rss_start) / f.rss_start : 0.0;
  JsonLine()
      .text("case", name)
      .count("ticks", f.ticks)
      .count("warmup_ticks", kSoakWarmupTicks)
      .count("frames_read", f.frames_read)
      .raw("commands", commands.str())
      .count("commands_total", total)
      .count("refused", static_cast<int64_t>(f.refused))
      .text("last_refusal", f.last_refusal)
      .number("rss_mb_start", f.rss_start, 2)
      .number("rss_mb_end", f.rss_end, 2)
      .number("rss_mb_max", f.rss_max, 2)
      .number("rss_growth_percent", growth, 2)
      .raw("rss_mb_every_20k", std::string("[").append(cycles).append("]"))
      .number("tick_ms_max", f.tick_ms_max, 3)
      .count("tick_ms_max_at", f.tick_ms_max_at)
      .number("tick_ms_median", f.tick_ms_median, 4)
      .number("wall_seconds", f.wall_seconds, 1)
      .number("ticks_per_second", static_cast<double>(f.ticks) / f.wall_seconds, 0)
      .count("particles_end", f.particles)
      .count("springs_end", f.springs)
      .count("gas_discs_end", f.discs)
      .count("bodies_end", f.bodies)
      .print();
}

}  // namespace

void run_soak_cases(int64_t ticks, const std::string& only) {
  const std::vector<SoakScene> scenes = soak_scenes();
  for (const SoakScene& scene : scenes) {
    if (!only.empty() && std::string(scene.name).find(only) == std::string::npos) continue;
#if defined(__GLIBC__)
    // Hand back what the previous scene freed, so its leftovers in the allocator cannot
    // hide this scene's growth (freed pages would be reused without RSS rising).
    malloc_trim(0);
#endif
    print(scene.name, soak(scene, std::max<int64_t>(ticks, kSoakWarmupTicks)));
  }
}

}  // namespace mb::bench
