#pragma once
// The planner (physics/world/planner.hpp) on a thread of its own, so that the sandbox keeps
// drawing and the physics thread keeps its tick while a plan is searched. The plan runs on a
// copy of the World taken when it started; progress comes back after each generation of
// candidates and after each batch of nudged runs, and Cancel stops either within one tick.
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "physics/world/plan_sensitivity.hpp"
#include "physics/world/planner.hpp"

namespace mb::app {

struct PlanOutcome {
  std::optional<PlanResult> result;  // the plan, or
  std::string error;                 // why there is none (a refused target, settings)
  // The plan run again with its passes nudged by 0.1 (docs/planning.md, "How much of a score
  // is chance"); none for a plan of no pass or a cancelled one, `cancelled` set when Cancel
  // came during the nudged runs (the plan itself is whole).
  std::optional<PlanSensitivity> sensitivity;
};

class PlanJob {
 public:
  PlanJob() = default;
  PlanJob(const PlanJob&) = delete;
  PlanJob& operator=(const PlanJob&) = delete;
  ~PlanJob();  // cancels a running plan and waits for it

  // Starts planning `world` towards `target` (`settings.progress` and `cancel` are the job's),
  // then runs the plan `nudged_runs` more times with its passes nudged (0: none).
  void start(World world, Polygon target, PlanSettings settings, int nudged_runs);
  void cancel() { cancel_ = true; }
  bool running() const { return running_; }
  PlanProgress progress() const;
  // The nudged runs after the plan: how many, and how many are done (runs 0: not started).
  struct Nudged {
    int runs = 0, done = 0;
  };
  Nudged nudged_progress() const;
  // The outcome of a finished plan, once (then empty until the next plan finishes).
  std::optional<PlanOutcome> take();

 private:
  void join();

  std::thread thread_;
  std::atomic<bool> cancel_{false}, running_{false};
  mutable std::mutex mutex_;  // guards progress_, nudged_ and outcome_
  PlanProgress progress_;
  Nudged nudged_;
  std::optional<PlanOutcome> outcome_;
};

}  // namespace mb::app
