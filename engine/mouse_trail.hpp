#pragma once
// The mouse's recent path, for throws: a release gives the held matter the mouse's velocity
// smoothed over the last kWindow seconds (issue 13), the same for a gas disc and a body.
// The clock is the caller's: wall seconds live, and a fixed 1/60 s a frame in a --script run
// (AppState::clock), so a scripted throw has the same speed on any machine.
#include <deque>

#include "physics/core/grab_spring.hpp"
#include "physics/core/vec2.hpp"

namespace mb::engine {

class MouseTrail {
 public:
  static constexpr double kWindow = 0.05;             // seconds of motion a throw averages
  static constexpr double kMaxSpeed = kMaxGrabSpeed;  // world units / s: the fastest throw
  static constexpr double kMinSpan = 1.0 / 120.0;     // a shorter span counts as this long

  void clear() { samples_.clear(); }
  // The mouse at world point `at` at time `t` (seconds, not decreasing). A second sample at
  // the same time replaces the first.
  void sample(double t, Vec2 at);
  // (newest - oldest) / their time apart, where the oldest is the last sample at or before
  // kWindow ago; capped at kMaxSpeed. Zero with fewer than two samples.
  Vec2 velocity() const;

 private:
  struct Sample {
    double t;
    Vec2 at;
  };
  std::deque<Sample> samples_;
};

}  // namespace mb::engine
