#pragma once
// Where a tick's time went (Box2D's b2Profile): the wall seconds of World::tick()'s parts,
// collected on every tick. Reading the clock four times costs about 0.1 us, against ticks
// of 5 us (the pumping scene) to milliseconds, so it is never switched off. The counts of
// what a tick did are TickStats; this holds only time, which never changes what a run does
// and is not part of the state or its hash.
namespace mb {

struct TickProfile {
  double tick = 0.0;     // s: the whole of World::tick()
  double network = 0.0;  // s: steps 1 to 5 (actuators, heat, the network's relaxation)
  double bodies = 0.0;   // s: step 6, the peridynamic bodies
  double gas = 0.0;      // s: step 7, the gas
  // s: the contacts between kinds of matter within those parts (the views, the bodies'
  // press on the network, the bodies' and the gas's obstacle work). Its clocks sit inside
  // the passes, so it is measured only while DebugSwitches::time_cross_contacts is on; else 0.
  double cross = 0.0;
};

}  // namespace mb
