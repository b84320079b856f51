// The tick-start half of GasStepper (see gas_step.cpp): bin the discs, copy them into
// slots, predict every event before the tick end, and at the end copy the slots back.
// These loops run on `Gas::threads` workers. Each writes only its own slots or its own
// band's list, and the bands are joined in band order, so the queue holds the same events
// for any thread count; their pop order depends only on the events (event_queue.hpp).
#include <algorithm>

#include "physics/gas/contact.hpp"
#include "physics/gas/stepper.hpp"

namespace mb {

namespace {
// Bands of the tick-start prediction: enough to balance two or more threads, few enough
// that each is a long contiguous run. A fixed count, whatever the thread count.
constexpr int64_t kBands = 64;
constexpr int64_t kSlotChunk = 4096;  // slots per worker grab in the copy loops
}  // namespace

void GasStepper::bin() {
  const double hx = 2.0 * rmax_ + 2.0 * vxmax_ * T_, hy = 2.0 * rmax_ + 2.0 * vymax_ * T_;
  if (stats_.used == GasBroadPhase::Grid) {
    s_.grid.build(g_.x, g_.y, box_, std::max(hx, hy));
    id_ = s_.grid.items().data();
  } else {
    s_.sap.build(g_.x, g_.y);
    id_ = s_.sap.order().data();
  }
}

void GasStepper::gather(WorkerPool& pool) {
  const size_t n = g_.x.size();
  s_.slots.resize(n);
  s_.mass.resize(n);
  s_.count.assign(n, 0);
  s_.close.resize(n);                       // one row of a window at most
  if (fast_indexed_) s_.is_fast.resize(n);  // else never read
  // Species changes are counted only where a decay entry can go stale (gas_reactions.cpp).
  if (reactions_.has_decays() || reactions_.changes_discs()) s_.life.assign(n, 0);
  pool.run(
      static_cast<int64_t>(n),
      [&](int64_t k) {
        const size_t i = static_cast<size_t>(id_[k]);
        s_.slots[k] = {g_.x[i], g_.y[i], g_.vx[i], g_.vy[i], 0.0, g_.radius[i]};
        s_.mass[k] = g_.mass[i];
        if (fast_indexed_) s_.is_fast[k] = s_.disc_fast[i];
        // A parked disc (draw_decays) was binned where its split will happen; its slot
        // is out of every window until then.
        if (g_.radius[i] < 0.0) s_.slots[k] = gas::kParkedSlot;
      },
      kSlotChunk);
  index_fast();
}

void GasStepper::predict_all(WorkerPool& pool) {
  const size_t n = s_.slots.size();
  const bool grid = stats_.used == GasBroadPhase::Grid;
  const int64_t units = grid ? s_.grid.rows() : static_cast<int64_t>(n);
  const int64_t bands = std::max<int64_t>(1, std::min(kBands, units));
  s_.band_events.resize(static_cast<size_t>(bands));
  s_.band_pairs.assign(static_cast<size_t>(bands), 0);
  s_.band_obstacle_seconds.assign(static_cast<size_t>(bands), 0.0);
  const double hx = 2.0 * rmax_ + 2.0 * vxmax_ * T_, hy = 2.0 * rmax_ + 2.0 * vymax_ * T_;
  const gas::DiscSlot* S = s_.slots.data();
  const uint8_t* fast = s_.is_fast.data();
  const bool any_fast = fast_indexed_;
  pool.run(
      bands,
      [&](int64_t band) {
        std::vector<gas::Event>& out = s_.band_events[static_cast<size_t>(band)];
        out.clear();
        int64_t pairs = 0;
        auto pair = [&](uint32_t a, uint32_t b) {
          ++pairs;
          if (any_fast && (fast[a] | fast[b]) != 0) return;  // predict_fast_pairs
          start_pair(a, b, out);
        };
        const int64_t u0 = units * band / bands, u1 = units * (band + 1) / bands;
        uint32_t first, last;
        if (grid) {
          s_.grid.for_each_slot_pair(static_cast<int>(u0), static_cast<int>(u1), pair);
          first = s_.grid.row_begin(static_cast<int>(u0));
          last = s_.grid.row_begin(static_cast<int>(u1));
        } else {
          first = static_cast<uint32_t>(u0), last = static_cast<uint32_t>(u1);
          s_.sap.for_each_slot_pair(first, last, hx, hy, pair);
        }
        gas::Event e;
        double* const obstacle_time =
            obs_ != nullptr && !obs_->empty()
                ? timing(&s_.band_obstacle_seconds[static_cast<size_t>(band)])
                : nullptr;
        for (uint32_t k = first; k < last; ++k) {
          if (S[k].r < 0.0) continue;  // parked
          if (wall_event(k, 0.0, e)) out.push_back(e);
          ScopedTimer timer(obstacle_time);
          obstacle_events(k, 0.0, out);
        }
        s_.band_pairs[static_cast<size_t>(band)] = pairs;
      },
      1);
  s_.fast_events.clear();
  stats_.candidate_pairs += predict_fast_pairs(s_.fast_events);
  s_.queue.reset(id_);
  s_.queue.append(s_.fast_events.begin(), s_.fast_events.end());
  for (int64_t band = 0; band < bands; ++band) {
    const std::vector<gas::Event>& events = s_.band_events[static_cast<size_t>(band)];
    s_.queue.append(events.begin(), events.end());
    stats_.candidate_pairs += s_.band_pairs[static_cast<size_t>(band)];
    stats_.obstacle_seconds +=
        s_.band_obstacle_seconds[static_cast<size_t>(band)] / std::max(1, g_.settings.threads);
  }
  s_.queue.heapify();  // O(n), not n pushes
}

void GasStepper::scatter(WorkerPool& pool, double t) {
  pool.run(
      static_cast<int64_t>(s_.slots.size()),
      [&](int64_t k) {
        advance(static_cast<uint32_t>(k), t);
        const gas::DiscSlot& d = s_.slots[k];
        const size_t i = static_cast<size_t>(id_[k]);
        g_.x[i] = d.x, g_.y[i] = d.y, g_.vx[i] = d.vx, g_.vy[i] = d.vy;
      },
      kSlotChunk);
  for (const uint32_t k : s_.resized) {  // merges and splits (gas_reactions.cpp)
    const size_t i = static_cast<size_t>(id_[k]);
    g_.radius[i] = s_.slots[k].r, g_.mass[i] = s_.mass[k];
  }
}

}  // namespace mb
