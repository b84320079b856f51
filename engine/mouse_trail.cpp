#include "engine/mouse_trail.hpp"

#include <algorithm>

namespace mb::engine {

void MouseTrail::sample(double t, Vec2 at) {
  if (!samples_.empty() && samples_.back().t >= t) {
    samples_.back().at = at;
    return;
  }
  samples_.push_back({t, at});
  // Keep one sample at or before the window's start, so the span covers the whole window.
  while (samples_.size() > 2 && samples_[1].t <= t - kWindow) samples_.pop_front();
}

Vec2 MouseTrail::velocity() const {
  if (samples_.size() < 2) return {0.0, 0.0};
  const Sample &a = samples_.front(), &b = samples_.back();
  Vec2 v = (b.at - a.at) / std::max(b.t - a.t, kMinSpan);
  const double speed = glm::length(v);
  if (speed > kMaxSpeed) v *= kMaxSpeed / speed;
  return v;
}

}  // namespace mb::engine
