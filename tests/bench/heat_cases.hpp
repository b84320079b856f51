#pragma once
// Heat-and-flow benchmark cases: a heater across a large spot with -w, with the timer model
// and with the conduction model (its thermal step's share of the tick, explicit and
// implicit), and predict.
namespace mb::bench {

void run_heat_cases(int runs);

}  // namespace mb::bench
