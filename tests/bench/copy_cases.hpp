#pragma once
// Copying a World (meltbox-bench --copy): what a checkpoint, a planner's rollout or an undo
// costs. copy_cases.cpp says what each case does and prints.
namespace mb::bench {

// smoke: one scene, a few copies (so the case cannot rot).
void run_copy_cases(int runs, bool smoke);

}  // namespace mb::bench
