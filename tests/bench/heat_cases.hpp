#pragma once
// Heat-and-flow benchmark cases: a heater across a large spot with -w, and predict.
namespace mb::bench {

void run_heat_cases(int runs);

}  // namespace mb::bench
