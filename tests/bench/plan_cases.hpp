#pragma once
// The planner (meltbox-bench --plan): how much of the gap to a target it closes, in how many
// rollouts and seconds, beside today's random single-pass predict at the same budget.
// plan_cases.cpp says what each case does and prints; docs/planning.md quotes the figures.
namespace mb::bench {

// smoke: one small target, a tiny budget (so the case cannot rot).
void run_plan_cases(int runs, bool smoke);

}  // namespace mb::bench
