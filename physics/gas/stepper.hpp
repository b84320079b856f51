#pragma once
// One tick of event-driven hard-disc dynamics (Gas::step); see gas_step.cpp for the method.
// Internal to physics/gas: gas_step.cpp holds the event loop, tick_start.cpp the
// tick-start work that runs on the worker threads (binning, slots, first predictions).
#include <cstdint>

#include "physics/gas/gas.hpp"
#include "physics/gas/reaction.hpp"
#include "physics/gas/rng.hpp"

namespace mb {

class GasStepper {
 public:
  GasStepper(Gas& g, const Box& box, double T, ContactView* obstacles)
      : g_(g), s_(g.scratch_), box_(box), T_(T), obs_(obstacles) {
    reactions_.build(g.reactions);
  }
  GasTickStats run();

 private:
  // tick_start.cpp
  void bin();                                // broad phase on the tick-start positions; sets id_
  void gather(WorkerPool& pool);             // discs -> slots
  void predict_all(WorkerPool& pool);        // every event before T, heapified
  void scatter(WorkerPool& pool, double t);  // slots advanced to t (T) -> discs

  // gas_step.cpp
  bool wall_event(uint32_t k, double t, gas::Event& e) const;
  gas::Event pair_event(uint32_t a, uint32_t b, double t) const;
  void advance(uint32_t k, double t) {
    gas::DiscSlot& d = s_.slots[k];
    const double dt = t - d.t;
    d.x += d.vx * dt;
    d.y += d.vy * dt;
    d.t = t;
  }
  // Where slot k (up to date at t) can meet a disc before T: its remaining path widened by
  // R_k + R_max + V T (see gas_step.cpp).
  struct Window {
    double xlo, xhi, ylo, yhi;
  };
  Window window(uint32_t k, double t) const;
  void prefetch(const Window& w) const;
  void prefetch_slot(int32_t k) const;
  void lookahead() const;
  void predict(uint32_t k, double t, const Window& w);
  void changed(uint32_t k);
  void collide(uint32_t a, uint32_t b, double t);
  // Whether the collision of slots a and b along n (a to b) takes a reaction, and which;
  // draws from the stream only for a collision above the activation (reaction.hpp).
  const gas::Reaction* reaction_for(uint32_t a, uint32_t b, Vec2 n, bool& swapped);
  void hit_wall(uint32_t k, Wall w, double t);

  // gas_obstacles.cpp: other matter in the box (Gas::step's obstacles).
  void bin_obstacles();
  // Appends slot k's contacts with obstacles before T (k is up to date at t).
  void obstacle_events(uint32_t k, double t, std::vector<gas::Event>& out) const;
  void hit_obstacle(uint32_t k, int32_t o, double t);

  Gas& g_;
  gas::TickScratch& s_;
  const Box& box_;
  const double T_;
  ContactView* obs_ = nullptr;                 // null or empty: no other matter
  double orad_ = 0.0, ovx_ = 0.0, ovy_ = 0.0;  // obstacles' largest radius and speeds
  const int32_t* id_ = nullptr;                // slot -> disc
  double rmax_ = 0.0, vxmax_ = 0.0, vymax_ = 0.0;
  SplitMix64 rng_;
  gas::ReactionTable reactions_;
  GasTickStats stats_;
};

}  // namespace mb
