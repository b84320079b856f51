#include "app/meltbox/plan/plan_job.hpp"

#include <exception>
#include <utility>

namespace mb::app {

PlanJob::~PlanJob() {
  cancel();
  join();
}

void PlanJob::join() {
  if (thread_.joinable()) thread_.join();
}

void PlanJob::start(World world, Polygon target, PlanSettings settings, int nudged_runs) {
  cancel();
  join();
  cancel_ = false;
  running_ = true;
  {
    std::lock_guard lock(mutex_);
    progress_ = PlanProgress{};
    progress_.max_passes = settings.max_passes;
    progress_.budget = settings.budget_rollouts;
    nudged_ = Nudged{};
    outcome_.reset();
  }
  settings.cancel = &cancel_;
  settings.progress = [this](const PlanProgress& p) {
    std::lock_guard lock(mutex_);
    progress_ = p;
  };
  thread_ = std::thread([this, world = std::move(world), target = std::move(target),
                         settings = std::move(settings), nudged_runs] {
    PlanOutcome outcome;
    try {
      outcome.result = plan(world, target, settings);
      if (nudged_runs > 0 && !outcome.result->passes.empty() &&
          outcome.result->stop != PlanStop::Cancelled) {
        PlanSensitivitySettings n = default_plan_sensitivity_settings();
        n.runs = nudged_runs;
        n.metric = settings.metric;
        n.seed = settings.seed;
        n.threads = settings.threads;
        n.cancel = &cancel_;
        n.progress = [this, nudged_runs](int done) {
          std::lock_guard lock(mutex_);
          nudged_ = {nudged_runs, done};
        };
        n.progress(0);  // the panel's bar switches to the nudged runs now
        outcome.sensitivity = plan_sensitivity(world, *outcome.result, n);
      }
    } catch (const std::exception& e) {
      outcome.error = e.what();
    }
    {
      std::lock_guard lock(mutex_);
      outcome_ = std::move(outcome);
    }
    running_ = false;
  });
}

PlanProgress PlanJob::progress() const {
  std::lock_guard lock(mutex_);
  return progress_;
}

PlanJob::Nudged PlanJob::nudged_progress() const {
  std::lock_guard lock(mutex_);
  return nudged_;
}

std::optional<PlanOutcome> PlanJob::take() {
  std::lock_guard lock(mutex_);
  std::optional<PlanOutcome> out = std::move(outcome_);
  outcome_.reset();
  return out;
}

}  // namespace mb::app
