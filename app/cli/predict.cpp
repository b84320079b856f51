#include "app/cli/predict.hpp"

#include <unistd.h>

#include <cstdio>
#include <exception>
#include <iostream>
#include <mutex>

#include "app/cli/load_world.hpp"
#include "app/cli/plan.hpp"
#include "physics/io/input_files.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/predict.hpp"

namespace mb::cli {

namespace {

// A one-line progress bar, redrawn in place; only when stderr is a terminal.
void draw_progress(int done, int total) {
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  const int width = 30, filled = width * done / total;
  std::fprintf(stderr, "\rpredict [%.*s%*s] %d/%d", filled, "##############################",
               width - filled, "", done, total);
  if (done == total) std::fprintf(stderr, "\n");
}

int predict_command(const Options& o) {
  if (o.target.empty()) {
    std::cerr << "meltbox-cli: predict needs a target outline: -t TARGET.csv\n";
    return kExitUsage;
  }
  if (o.output.empty()) {
    std::cerr << "meltbox-cli: predict needs an output path for the move: -o MOVE.csv\n";
    return kExitUsage;
  }
  if (o.plan) return plan_command(o);
  World world = load_world(o);
  const Polygon target = load_outline_csv(o.target);
  check_output_path(o.output);
  if (world.actuators.empty())
    throw InputError(o.input + ": predict needs an actuator to move (give one with -a)");

  PredictOptions options;
  options.candidates = o.candidates;
  options.seed = o.seed;
  options.threads = o.threads;
  options.metric = o.metric == "hausdorff" ? ShapeMetric::Hausdorff : ShapeMetric::Procrustes;
  if (isatty(fileno(stderr))) options.progress = draw_progress;
  const PredictResult result = predict(world, target, options);
  save_points_csv(o.output, result.path);
  if (o.stats) {
    // The straight pass through the centre along x, for comparison.
    const Polygon outline = network_outline(world.net);
    const Vec2 c = area_centroid(outline);
    const double half = glm::length(result.path.front() - c);
    const double straight = score_path(world, {c - Vec2{half, 0.0}, c + Vec2{half, 0.0}},
                                       result.target, options.metric);
    std::printf(
        "{\"metric\":\"%s\",\"best_score\":%.6g,\"straight_pass_score\":%.6g,"
        "\"candidates\":%d,\"threads\":%d,\"seed\":%llu}\n",
        o.metric.c_str(), result.score, straight, result.candidates_tried, o.threads,
        static_cast<unsigned long long>(o.seed));
  }
  return kExitOk;
}

}  // namespace

int run_predict(const Options& options) {
  return run_reporting_errors([&] { return predict_command(options); });
}

}  // namespace mb::cli
