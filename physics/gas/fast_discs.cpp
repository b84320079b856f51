// Fast discs: the part of GasStepper that keeps a few fast discs from widening every query.
//
// A query around slot k's remaining path is widened by R_k + R_max + V T, V bounding how far
// any partner can have moved from its tick-start position (gas_step.cpp). With one bound for
// all, a handful of fast discs (the gas under a landing body, a heater's hot discs) set V,
// and every query of the tick reads a window several times wider than its path needs: in
// the large world benchmark the fastest discs move at 10 to 20 times the gas's rms speed.
// So the discs are split by their largest velocity component:
//  - slow discs, kept at or below v_cut for the whole tick: V = the largest component any
//    slow disc has held (vxmax_, vymax_);
//  - fast discs: at the tick start the n/64 with the largest components, and any disc whose
//    component passes v_cut later in the tick. They are filed in a grid of their own
//    (linked_cells.hpp) under their tick-start positions, and queried with the window
//    widened by the fast discs' own bound (fast_vmax_). A disc that passes v_cut at t1 is
//    within v_cut t1 + fast_vmax_ (t - t1) <= fast_vmax_ t of its tick-start position, so
//    it is filed there too; once fast, it stays fast to the tick's end.
// The pairs found are the same as with one bound, so the events, and the run, are the same
// bit for bit. The split is made only where it at least halves the slow discs' bound.
#include <algorithm>
#include <cmath>
#include <limits>

#include "physics/gas/stepper.hpp"

namespace mb {

namespace {
constexpr size_t kFastShare = 64;   // at most n / this discs are fast at the tick start
constexpr size_t kMinDiscs = 2048;  // fewer discs: one bound (the queries are cheap anyway)
// The cut must at least halve the slow discs' bound, or the split is not worth its queries.
constexpr double kMinGain = 2.0;
// A thermal gas's largest component is about sqrt(2 ln 2n) sigma (under 5 sigma for 10^5
// discs, 5.4 for 10^6), its n/64-th about 2.4 sigma: no gain. Only a tail past this many sigma
// (sigma the rms component) is worth the cut's O(n) selection.
constexpr double kTailSigmas = 6.0;
}  // namespace

void GasStepper::choose_fast() {
  const size_t n = g_.x.size();
  fast_indexed_ = false;
  v_cut_ = std::numeric_limits<double>::infinity();
  vxmax_ = max_abs(g_.vx);
  vymax_ = max_abs(g_.vy);
  fast_vmax_ = std::max(vxmax_, vymax_);
  // Merges and splits place discs off their paths (jump_), which only the one bound covers.
  if (!g_.settings.split_fast_discs || n < kMinDiscs || reactions_.changes_discs()) return;
  double sum2 = 0.0;
  for (size_t i = 0; i < n; ++i) sum2 += g_.vx[i] * g_.vx[i] + g_.vy[i] * g_.vy[i];
  const double sigma = std::sqrt(sum2 / (2.0 * static_cast<double>(n)));
  if (!(fast_vmax_ > kTailSigmas * sigma)) return;
  s_.speeds.resize(n);
  for (size_t i = 0; i < n; ++i) s_.speeds[i] = std::max(std::fabs(g_.vx[i]), std::fabs(g_.vy[i]));
  // The cut: the (n/64 + 1)-th largest component; the discs above it are fast.
  const auto nth = s_.speeds.end() - static_cast<std::ptrdiff_t>(n / kFastShare) - 1;
  std::nth_element(s_.speeds.begin(), nth, s_.speeds.end());
  if (kMinGain * *nth > fast_vmax_) return;
  v_cut_ = *nth;
  fast_indexed_ = true;
  s_.disc_fast.assign(n, 0);
  vxmax_ = vymax_ = 0.0;
  for (size_t i = 0; i < n; ++i) {
    const double ax = std::fabs(g_.vx[i]), ay = std::fabs(g_.vy[i]);
    if (std::max(ax, ay) > v_cut_) {
      s_.disc_fast[i] = 1;
    } else {
      vxmax_ = std::max(vxmax_, ax);
      vymax_ = std::max(vymax_, ay);
    }
  }
}

void GasStepper::index_fast() {
  if (!fast_indexed_) return;
  const size_t n = s_.slots.size();
  // Cells of at least the reach of two fast discs within the tick, as the main grid's; about
  // 4 cells a fast disc at the start, leaving room for the ones that join.
  s_.fast_cells.reset(box_, 2.0 * rmax_ + 2.0 * fast_vmax_ * T_, 4 * (n / kFastShare) + 16, n);
  s_.fast_at_start.clear();
  for (uint32_t k = 0; k < n; ++k)
    if (s_.is_fast[k] != 0) {
      s_.fast_at_start.push_back(k);
      s_.fast_cells.insert(k, {s_.slots[k].x, s_.slots[k].y});
    }
}

// The tick start's pairs with a fast disc in them (the broad phase's pair pass skips those):
// each fast disc against the slow discs in its window and the fast discs after it.
int64_t GasStepper::predict_fast_pairs(std::vector<gas::Event>& out) const {
  if (!fast_indexed_) return 0;
  int64_t pairs = 0;
  for (const uint32_t k : s_.fast_at_start)
    for_each_partner(k, window(k, 0.0), true, [&](uint32_t m) {
      ++pairs;
      start_pair(k, m, out);
    });
  return pairs;
}

void GasStepper::changed(uint32_t k) {
  ++s_.count[k];
  const double ax = std::fabs(s_.slots[k].vx), ay = std::fabs(s_.slots[k].vy);
  if (fast_indexed_ && s_.is_fast[k] == 0 && std::max(ax, ay) > v_cut_) make_fast(k);
  if (fast_indexed_ && s_.is_fast[k] != 0) {
    fast_vmax_ = std::max({fast_vmax_, ax, ay});
  } else {
    vxmax_ = std::max(vxmax_, ax);
    vymax_ = std::max(vymax_, ay);
  }
}

// Filed under its tick-start position: g_.x, g_.y hold those until the tick's end (scatter).
void GasStepper::make_fast(uint32_t k) {
  s_.is_fast[k] = 1;
  const size_t i = static_cast<size_t>(id_[k]);
  s_.fast_cells.insert(k, {g_.x[i], g_.y[i]});
}

}  // namespace mb
