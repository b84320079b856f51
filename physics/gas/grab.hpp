#pragma once
// The mouse grab on the gas: the same soft spring as on the bodies (core/grab_spring.hpp,
// Box2D's mouse joint). The discs within the grab radius of the press are held, each with
// the weight grab_weight gives its distance and its offset from the cursor; before every
// tick of the gas, each held disc's velocity takes the spring's change towards its place
// under the cursor, and the event-driven step then moves it on a straight line with that
// velocity, colliding exactly with other discs (gas.hpp). Against walls and other matter a
// held disc stops instead of bouncing (Gas::held_discs), as in a hand: a bounce would come
// back each tick with the spring's push and pump heat into the gas. A hand moving faster
// than the spring's limit drags its discs at the limit instead of through other discs.
// Release throws: each held disc's velocity moves to the mouse's by its weight.
#include <cstdint>
#include <optional>
#include <vector>

#include "physics/core/grab_spring.hpp"
#include "physics/gas/gas.hpp"

namespace mb::gas {

class GasGrab {
 public:
  struct Held {
    int32_t disc;
    Vec2 offset;    // from the cursor, at the grab's start
    double weight;  // grab_weight of its distance from the cursor then
  };

  // Holds the discs within `radius` of `at`, or, when there are none, the nearest one within
  // 2 radius, fully. Returns how many.
  int begin(const Gas& gas, Vec2 at, double radius, const GrabSettings& spring);
  void move(Vec2 to) { target_ = to; }
  // Before the gas's tick of length h: the spring's velocity change of every held disc.
  void pull(Gas& gas, double h);
  // After the gas's tick: the held discs' indices through the discs a merge removed
  // (Gas::removed_in_last_step); a disc merged away is no longer held.
  void follow(Gas& gas);
  void end(Gas& gas, std::optional<Vec2> throw_velocity = std::nullopt);

  bool active() const { return !held_.empty(); }
  Vec2 target() const { return target_; }
  // The weighted mean place of the held discs, less their offsets: where the hand holds.
  Vec2 held_at(const Gas& gas) const;
  const std::vector<Held>& held() const { return held_; }

 private:
  std::vector<Held> held_;
  GrabSettings spring_;
  Vec2 target_{0.0, 0.0}, prev_{0.0, 0.0};
};

}  // namespace mb::gas
