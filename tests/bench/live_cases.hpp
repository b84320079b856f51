#pragma once
// Live-tick benchmark cases: what one physics tick costs while a person drags the
// mouse through the material in the sandbox.
namespace mb::bench {

// smoke: a small spot, few ticks, one run (so the case cannot rot).
void run_live_cases(int runs, bool smoke);

}  // namespace mb::bench
