// The reactions half of GasStepper (reaction.hpp; docs/reactions.md): which collision
// reacts, merges of two discs into one, and decays at exponential waiting times.
//
// Merges and splits change the slots mid-tick without a new broad phase. A merge leaves one
// of its two slots parked (kParkedSlot, out of every window); a split due in this tick gets
// a parked slot at the tick start, binned at its parent's position (draw_decays), or the
// parked slot of the merge that made its parent. The discs they place sit up to a contact
// distance off the slots' paths, so `jump_` widens every window by the largest such offset
// (placed()): a query still returns every disc that can be touched. Parked slots' discs are
// removed at the tick end, keeping the other discs' order.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "physics/gas/stepper.hpp"

namespace mb {

const gas::Reaction* GasStepper::reaction_for(uint32_t a, uint32_t b, Vec2 n, bool& swapped) {
  const int32_t k = reactions_.find(g_.species[static_cast<size_t>(id_[a])],
                                    g_.species[static_cast<size_t>(id_[b])], swapped);
  if (k < 0) return nullptr;
  ++stats_.reactive_collisions;
  ++g_.reaction_counts[static_cast<size_t>(k)].collisions;
  const gas::Reaction& r = g_.reactions[static_cast<size_t>(k)];
  const gas::DiscSlot &p = s_.slots[a], &q = s_.slots[b];
  const double e =
      gas::line_of_centres_energy(n, s_.mass[a], s_.mass[b], {p.vx, p.vy}, {q.vx, q.vy});
  if (!(e > r.activation)) return nullptr;
  if (r.probability < 1.0 && !(rng_.uniform() < r.probability)) return nullptr;
  return &r;
}

void GasStepper::count_taken(const gas::Reaction& r) {
  ++stats_.reactions;
  stats_.enthalpy_released += r.enthalpy;
  ++g_.reaction_counts[static_cast<size_t>(&r - g_.reactions.data())].taken;
}

bool GasStepper::room(Vec2 p, double r, double t, uint32_t skip1, int32_t skip2) const {
  if (p.x - r < box_.min.x || p.x + r > box_.max.x || p.y - r < box_.min.y || p.y + r > box_.max.y)
    return false;
  // Any disc stays within V t + jump_ of its tick-start position (see gas_step.cpp).
  const double wx = r + rmax_ + vxmax_ * T_ + jump_, wy = r + rmax_ + vymax_ * T_ + jump_;
  bool clear = true;
  auto test = [&](uint32_t m) {
    if (m == skip1 || static_cast<int32_t>(m) == skip2) return;
    const gas::DiscSlot& q = s_.slots[m];
    const Vec2 d{q.x + q.vx * (t - q.t) - p.x, q.y + q.vy * (t - q.t) - p.y};
    const double s = r + q.r;
    if (glm::dot(d, d) < s * s) clear = false;
  };
  if (stats_.used == GasBroadPhase::Grid)
    s_.grid.query_slots(p.x - wx, p.x + wx, p.y - wy, p.y + wy, test);
  else
    s_.sap.query_slots(p.x - wx, p.x + wx, p.y - wy, p.y + wy, test);
  if (!clear || obs_ == nullptr || obs_->empty()) return clear;
  const ContactView& o = *obs_;
  const double ox = r + orad_ + ovx_ * T_, oy = r + orad_ + ovy_ * T_;
  s_.obstacle_hash.for_each_in(p.x - ox, p.x + ox, p.y - oy, p.y + oy, [&](int32_t m) {
    const Vec2 d{o.x[m] + o.vx[m] * t - p.x, o.y[m] + o.vy[m] * t - p.y};
    const double s = r + o.radius[m];
    if (glm::dot(d, d) < s * s) clear = false;
  });
  return clear;
}

void GasStepper::placed(uint32_t k, double t) {
  const gas::DiscSlot& d = s_.slots[k];
  const size_t i = static_cast<size_t>(id_[k]);  // g_.x, g_.y: still the tick-start positions
  jump_ = std::max(
      {jump_, std::fabs(d.x - g_.x[i]) - vxmax_ * t, std::fabs(d.y - g_.y[i]) - vymax_ * t});
}

void GasStepper::park(uint32_t k) {
  s_.slots[k] = gas::kParkedSlot;
  s_.resized.push_back(k);
  g_.internal[static_cast<size_t>(id_[k])] = 0.0;
}

bool GasStepper::merge(uint32_t a, uint32_t b, const gas::Reaction& r, double t) {
  gas::DiscSlot &p = s_.slots[a], &q = s_.slots[b];
  const double ma = s_.mass[a], mb = s_.mass[b], M = ma + mb;
  const Vec2 at = (ma * Vec2{p.x, p.y} + mb * Vec2{q.x, q.y}) / M;
  const size_t ia = static_cast<size_t>(id_[a]), ib = static_cast<size_t>(id_[b]);
  const gas::Merged c = gas::merge_motion(ma, mb, {p.vx, p.vy}, {q.vx, q.vy}, g_.internal[ia],
                                          g_.internal[ib], r.enthalpy);
  if (c.internal < 0.0) return false;
  const Vec2 V = c.velocity;
  const double u = c.internal;
  const double rc = g_.species_table[static_cast<size_t>(r.c)].radius;
  if (!room(at, rc, t, a, static_cast<int32_t>(b))) {
    ++stats_.blocked;
    ++g_.reaction_counts[static_cast<size_t>(&r - g_.reactions.data())].blocked;
    return false;
  }
  p = {at.x, at.y, V.x, V.y, t, rc};
  s_.mass[a] = M;
  s_.resized.push_back(a);
  g_.species[ia] = r.c;
  g_.internal[ia] = u;
  park(b);
  placed(a, t);
  count_taken(r);
  ++stats_.collisions;
  ++s_.life[a], ++s_.life[b];
  changed(a);
  changed(b);  // b's queued events go stale
  schedule_decay(a, static_cast<int32_t>(b), t);
  const Window w = window(a, t);
  prefetch(w);
  predict(a, t, w);
  return true;
}

// Each disc of a decaying species decays within the tick with p = 1 - exp(-k T), at a time
// drawn from the exponential law cut at T, t = -ln(1 - U p) / k; the discs in between are
// skipped in one draw, the gap being geometric, floor(ln U / ln(1 - p)) (memoryless: a fresh
// wait each tick is the same law as one drawn at birth). Two draws per decay, not one per disc.
void GasStepper::draw_decays() {
  due_.clear();
  const size_t reactions = g_.reactions.size();
  std::vector<double>& p = decay_p_;
  std::vector<int64_t>& skip = decay_skip_;
  p.assign(reactions, 0.0);
  skip.assign(reactions, 0);
  auto gap = [&](size_t k) -> int64_t {
    if (p[k] >= 1.0) return 0;
    const double g = std::floor(std::log(rng_.uniform_open0()) / std::log1p(-p[k]));
    return g < 9e18 ? static_cast<int64_t>(g) : INT64_MAX;
  };
  for (size_t k = 0; k < reactions; ++k) {
    const gas::Reaction& r = g_.reactions[k];
    if (!r.decay()) continue;
    p[k] = -std::expm1(-r.rate * T_);
    skip[k] = gap(k);
  }
  const int32_t n = g_.size();
  for (int32_t i = 0; i < n; ++i) {
    const int32_t j = reactions_.decay_of(g_.species[static_cast<size_t>(i)]);
    if (j < 0) continue;
    const size_t k = static_cast<size_t>(j);
    if (skip[k]-- > 0) continue;
    skip[k] = gap(k);
    const gas::Reaction& r = g_.reactions[k];
    const double wait = std::min(-std::log1p(-rng_.uniform() * p[k]) / r.rate, T_ * (1.0 - 1e-15));
    int32_t fragment = -1;
    if (r.split())
      fragment = g_.add_disc(g_.x[static_cast<size_t>(i)], g_.y[static_cast<size_t>(i)], 0.0, 0.0,
                             1.0, gas::kParkedSlot.r, r.d);
    due_.push_back({i, fragment, wait});
  }
}

void GasStepper::queue_tick_decays() {
  std::vector<int32_t>& slot_of = s_.slot_of;
  slot_of.resize(g_.x.size());
  for (size_t k = 0; k < slot_of.size(); ++k)
    slot_of[static_cast<size_t>(id_[k])] = static_cast<int32_t>(k);
  for (const DueDecay& d : due_)
    s_.decays.push_back({d.t, slot_of[static_cast<size_t>(d.disc)],
                         d.fragment < 0 ? -1 : slot_of[static_cast<size_t>(d.fragment)], 0,
                         d.disc});
  std::make_heap(s_.decays.begin(), s_.decays.end(), gas::DecayLater{});
}

// Slot k (of a species that may decay, now at time t) waits an exponential time; entries past
// the tick end are not kept (the next tick start draws again).
void GasStepper::schedule_decay(uint32_t k, int32_t fragment, double t) {
  const int32_t j = reactions_.decay_of(g_.species[static_cast<size_t>(id_[k])]);
  if (j < 0) return;
  const double due = t - std::log(rng_.uniform_open0()) / g_.reactions[static_cast<size_t>(j)].rate;
  if (!(due < T_)) return;
  s_.decays.push_back({due, static_cast<int32_t>(k), fragment, s_.life[k], id_[k]});
  std::push_heap(s_.decays.begin(), s_.decays.end(), gas::DecayLater{});
}

void GasStepper::decay(const gas::DecayEntry& e) {
  const uint32_t k = static_cast<uint32_t>(e.k);
  if (s_.life[k] != e.life || s_.slots[k].r < 0.0) return;  // reacted or merged since
  const size_t ik = static_cast<size_t>(id_[k]);
  const int32_t j = reactions_.decay_of(g_.species[ik]);
  if (j < 0) return;
  const gas::Reaction& r = g_.reactions[static_cast<size_t>(j)];
  const double t = e.t;
  advance(k, t);
  const double energy = g_.internal[ik] + r.enthalpy;         // for the products' relative motion
  if (energy < 0.0) return schedule_decay(k, e.fragment, t);  // cannot be paid yet: waits
  if (!r.split()) {
    g_.species[ik] = r.c;
    g_.internal[ik] = energy;
    count_taken(r);
    ++stats_.decays;
    ++s_.life[k];
    return schedule_decay(k, e.fragment, t);
  }
  // A split made by a merge's product that was not a split's parent at the tick start has
  // no parked slot; the next tick start gives it one (and draws its wait again).
  if (e.fragment < 0) return;
  const uint32_t f = static_cast<uint32_t>(e.fragment);
  gas::DiscSlot& p = s_.slots[k];
  const gas::Species &sc = g_.species_table[static_cast<size_t>(r.c)],
                     &sd = g_.species_table[static_cast<size_t>(r.d)];
  const double M = s_.mass[k], mc = M * sc.mass / (sc.mass + sd.mass), md = M - mc;
  const double sigma = sc.radius + sd.radius;
  const Vec2 at{p.x, p.y}, V{p.vx, p.vy};
  // A few random lines through the centre; a crowded disc waits for room.
  for (int attempt = 0; attempt < 4; ++attempt) {
    const double angle = 2.0 * std::numbers::pi * rng_.uniform();
    const Vec2 n{std::cos(angle), std::sin(angle)};
    const Vec2 pc = at - (md / M * sigma) * n, pd = at + (mc / M * sigma) * n;
    if (!room(pc, sc.radius, t, k, e.fragment) || !room(pd, sd.radius, t, k, e.fragment)) continue;
    Vec2 vc, vd;
    gas::split_velocities(M, V, mc, energy, n, vc, vd);
    p = {pc.x, pc.y, vc.x, vc.y, t, sc.radius};
    s_.slots[f] = {pd.x, pd.y, vd.x, vd.y, t, sd.radius};
    s_.mass[k] = mc, s_.mass[f] = md;
    s_.resized.push_back(k), s_.resized.push_back(f);
    const size_t id = static_cast<size_t>(id_[f]);
    g_.species[ik] = r.c, g_.species[id] = r.d;
    g_.internal[ik] = 0.0, g_.internal[id] = 0.0;
    placed(k, t);
    placed(f, t);
    count_taken(r);
    ++stats_.decays;
    ++s_.life[k], ++s_.life[f];
    changed(k);
    changed(f);
    for (const uint32_t m : {k, f}) {
      schedule_decay(m, -1, t);
      const Window w = window(m, t);
      prefetch(w);
      predict(m, t, w);
    }
    return;
  }
  ++stats_.blocked;
  ++g_.reaction_counts[static_cast<size_t>(j)].blocked;
  schedule_decay(k, e.fragment, t);
}

// Parked slots are those a merge parked or whose size a split set (s_.resized) and the
// split fragments draw_decays added: only those are looked at, not every disc.
void GasStepper::remove_parked() {
  std::vector<int32_t> gone;
  for (const uint32_t k : s_.resized) gone.push_back(id_[k]);
  for (const DueDecay& d : due_)
    if (d.fragment >= 0) gone.push_back(d.fragment);
  std::erase_if(gone, [&](int32_t i) { return !(g_.radius[static_cast<size_t>(i)] < 0.0); });
  if (gone.empty()) return;
  std::sort(gone.begin(), gone.end());
  gone.erase(std::unique(gone.begin(), gone.end()), gone.end());
  // A parked disc added this tick (draw_decays) was never there for the caller.
  for (const int32_t i : gone)
    if (static_cast<size_t>(i) < n_start_) g_.removed_.push_back(i);
  g_.remove_discs(gone);
}

}  // namespace mb
