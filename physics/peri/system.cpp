#include "physics/peri/system.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "physics/core/scoped_timer.hpp"
#include "physics/peri/contact_skin.hpp"
#include "physics/peri/integrator.hpp"
#include "physics/peri/islands.hpp"
#include "physics/peri/softening.hpp"
#include "physics/peri/vibration.hpp"
#include "physics/peri/viscosity.hpp"

namespace mb {

namespace {
// The smallest radius of a body's grab patch, in horizons (PeriSystem::grab_begin).
constexpr double kGrabHorizons = 2.0;
// A substep moves no point more than this part of a spacing relative to its body's mean
// motion (substep_plan). The stiffness bound below is taken from the last tick's strains;
// a point kicked since (a gas disc's impulse, World step 7) would cross its neighbours in
// one substep of that plan and blow the body up.
constexpr double kSpacingPerSubstep = 0.25;
// Sweeps of the viscosity a tick (viscosity.hpp). Each costs about half a force pass; two
// keep a bar's decay within 7 % of omega^2 tau / 2 at any substep count, where one a
// substep would cost a stiff body ten.
constexpr int kViscousSweeps = 2;

// Largest speed of a point relative to its body's mean velocity.
double largest_relative_speed(const PeriBody& b) {
  const Vec2 mean = centre_of_mass_velocity(b);
  double v2 = 0.0;
  for (int32_t i = 0; i < b.size(); ++i) {
    const double dx = b.vx[i] - mean.x, dy = b.vy[i] - mean.y;
    v2 = std::max(v2, dx * dx + dy * dy);
  }
  return std::sqrt(v2);
}
}  // namespace

void PeriSystem::add(PeriBody body) {
  bodies.push_back(std::move(body));
  refresh();
}

void PeriSystem::clear() {
  bodies.clear();
  grabbed_.clear();
  states_.clear();
  work_.refresh_forces.clear();
  stats_ = PeriStats{};
}

std::vector<int32_t> PeriSystem::all_bodies() const {
  std::vector<int32_t> all(bodies.size());
  for (size_t k = 0; k < all.size(); ++k) all[k] = static_cast<int32_t>(k);
  return all;
}

void PeriSystem::substep_plan(int& substeps, double& mass_scale) const {
  plan(all_bodies(), substeps, mass_scale);
}

int32_t PeriSystem::held_body() const {
  return grabbed_.empty() ? -1 : grabbed_.front().body;
}

void PeriSystem::plan(const std::vector<int32_t>& island, int& substeps, double& mass_scale) const {
  // The measured stable step shrinks with the current tangent stiffness of the most
  // stretched or squashed bond: omega scales with sqrt(phi''(s) / 2).
  double h = std::numeric_limits<double>::max(), h_quiet = h;
  const bool held = std::find(island.begin(), island.end(), held_body()) != island.end();
  for (const int32_t body : island) {
    const size_t k = static_cast<size_t>(body);
    double stiff = 1.0;
    if (k < states_.size())
      for (double v : states_[k].stiff) stiff = std::max(stiff, v);
    const double h_rest = settings.dt_safety * bodies[k].model->stable_dt;
    h = std::min(h, h_rest / std::sqrt(stiff));
    h_quiet = std::min(h_quiet, h_rest);
    if (const double v = largest_relative_speed(bodies[k]); v > 0.0)
      h = std::min(h, kSpacingPerSubstep * bodies[k].spec().spacing / v);
  }
  const double T = settings.tick_seconds;
  // Compared as doubles first: a very stiff material (youngs="1e30") needs more substeps
  // than int holds, and converting that was undefined.
  const double needed = std::ceil(T / h - 1e-9);
  // A body strained by a fast drag would need more substeps than at rest, and each tick of
  // the drag would take that much longer: the budget keeps it within substep_budget times
  // its quiet cost, and mass scaling (integrator.hpp) keeps the shorter plan stable.
  // Only while the mouse holds a body: a free body's landing keeps its full plan.
  const double budget =
      held ? std::min(
                 static_cast<double>(settings.max_substeps),
                 std::max(1.0, std::floor(settings.substep_budget * std::ceil(T / h_quiet - 1e-9))))
           : static_cast<double>(settings.max_substeps);
  substeps = island.empty()     ? 0
             : needed <= budget ? std::max(1, static_cast<int>(needed))
                                : static_cast<int>(budget);
  mass_scale = 1.0;
  if (!island.empty() && needed > budget) {
    const double r = (T / substeps) / h;
    mass_scale = r * r;
  }
}

void PeriSystem::fracture(PeriBody& b) {
  const double sc = b.spec().material.critical_stretch;
  if (!(sc > 0.0)) return;
  const PeriBodyModel& m = *b.model;
  const std::vector<int32_t>& broken = b.damage->bond_broken;
  std::vector<int32_t> halves, touched;
  for (int32_t i = 0; i < b.size(); ++i)
    for (int32_t e = m.bond_start[i]; e < m.bond_start[i + 1]; ++e) {
      if (broken[e]) continue;
      const int32_t j = m.bond_j[e];
      const double ex = b.x[j] - b.x[i], ey = b.y[j] - b.y[i];
      // Same arithmetic from both ends (|a - b| = |b - a|): both halves break together.
      if (std::sqrt(ex * ex + ey * ey) / m.bond_len[e] - 1.0 > sc) {
        halves.push_back(e);
        touched.push_back(i);
      }
    }
  if (touched.empty()) return;
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  break_bonds(b, halves, touched);
}

bool PeriSystem::refresh_forces_fit(size_t k) const {
  if (k >= work_.refresh_forces.size() || !work_.refresh_forces[k].kept) return false;
  const PeriBody& b = bodies[k];
  const Work::RefreshForces& r = work_.refresh_forces[k];
  const size_t bytes = b.x.size() * sizeof(double);
  // Bitwise: the forces are a function of the positions' bits and of the constants, whose
  // every change (an edit, the softening, a broken bond) replaces the objects that hold them.
  return r.x.size() == b.x.size() && r.y.size() == b.y.size() && !softened(b) &&
         r.constants.matches(b) && std::memcmp(r.x.data(), b.x.data(), bytes) == 0 &&
         std::memcmp(r.y.data(), b.y.data(), bytes) == 0;
}

void PeriSystem::substep(const Box& box, const std::vector<int32_t>& island, double h,
                         double mass_scale, double frac0, double frac1, bool damp, bool impact) {
  const size_t nb = bodies.size();
  states_.resize(nb), work_.fx.resize(nb), work_.fy.resize(nb);
  const Vec2 g = settings.gravity;
  const double keep = std::exp(-settings.damping * h);
  WorkerPool& pool = pool_.get(settings.threads);
  const bool first_of_tick = frac0 == 0.0;
  for (const int32_t body : island) {
    const size_t k = static_cast<size_t>(body);
    PeriBody& b = bodies[k];
    // Forces only: energies and stiffness are refreshed once per tick (refresh()), and the
    // tick's first substep takes the refresh's forces where they still fit.
    if (!first_of_tick || !refresh_forces_fit(k)) {
      internal_forces(b, states_[k], work_.fx[k], work_.fy[k], pool, false);
      ++stats_.force_passes;
    }
    const std::vector<double>&fx = work_.fx[k], &fy = work_.fy[k];
    // Safety: a point never moves more than a spacing in one substep (a CFL-like cap that
    // only binds when something has gone badly wrong, e.g. a yank far past the limit, or
    // at an impact: a body thrown at a wall or at other matter meets it at no more than
    // that, which keeps the explicit step and the contacts' projection sane). Where the
    // island can hit nothing this tick, the cap is on the motion relative to the body's
    // mean velocity: a body thrown whole flies on at its speed.
    const double vmax = b.spec().spacing / h;
    const Vec2 mean = impact ? Vec2{0.0, 0.0} : centre_of_mass_velocity(b);
    pool.run(b.size(), [&](int64_t q) {
      const size_t i = static_cast<size_t>(q);
      if (b.pinned[i]) return;
      const double inv = 1.0 / (b.model->mass[i] * mass_scale);
      double vx = (b.vx[i] + h * (fx[i] * inv + g.x)) * keep;
      double vy = (b.vy[i] + h * (fy[i] * inv + g.y)) * keep;
      const double rx = vx - mean.x, ry = vy - mean.y;
      const double sp = std::sqrt(rx * rx + ry * ry);
      if (sp > vmax) vx = mean.x + rx * (vmax / sp), vy = mean.y + ry * (vmax / sp);
      b.vx[i] = vx, b.vy[i] = vy;
      b.x[i] += h * vx, b.y[i] += h * vy;
    });
  }
  // Grabbed points: the grab spring (core/grab_spring.hpp) pulls each towards its place
  // under the cursor, interpolated across the tick's substeps. It is a force: with the
  // mass scaled up (see substep_plan) it moves the points correspondingly less.
  if (!grabbed_.empty()) {
    const Vec2 t0 = grab_prev_ + frac0 * (grab_target_ - grab_prev_);
    const Vec2 t1 = grab_prev_ + frac1 * (grab_target_ - grab_prev_);
    const Vec2 vt = (t1 - t0) / h;
    for (const Held& hd : grabbed_) {
      if (!work_.in_island[static_cast<size_t>(hd.body)]) continue;
      PeriBody& b = bodies[static_cast<size_t>(hd.body)];
      const size_t i = static_cast<size_t>(hd.point);
      const Vec2 dv = grab_velocity_change(grab_spring_, hd.weight, {b.x[i], b.y[i]},
                                           {b.vx[i], b.vy[i]}, t1 + hd.offset, vt, h) /
                      mass_scale;
      b.vx[i] += dv.x, b.vy[i] += dv.y;
      b.x[i] += h * dv.x, b.y[i] += h * dv.y;  // the kick's share of this substep's move
    }
  }
  for (const int32_t k : island) fracture(bodies[static_cast<size_t>(k)]);
  stats_.contacts += work_.contacts.resolve(bodies, settings.contact_friction,
                                            settings.self_contact, &work_.in_island, &pool);
  {
    ScopedTimer timer(debug.time_cross_contacts ? &stats_.obstacle_seconds : nullptr);
    stats_.obstacle_contacts +=
        work_.obstacle_contacts.resolve(bodies, settings.contact_friction, &work_.in_island);
  }
  for (const int32_t body : island) {
    const size_t k = static_cast<size_t>(body);
    collide_walls(bodies[k], box, settings.wall_friction);
    // The material's internal damping (viscosity.hpp), after the contacts: before them, it
    // fought the walls' projection and a body at rest on the floor crept along it.
    if (damp) apply_viscosity(bodies[k], work_.viscous[k]);
  }
}

void PeriSystem::step_island(const Box& box, const std::vector<int32_t>& island, int n,
                             double scale, bool impact) {
  if (n <= 0) return;
  work_.in_island.assign(bodies.size(), 0);
  for (const int32_t k : island) work_.in_island[static_cast<size_t>(k)] = 1;
  const double h = settings.tick_seconds / n;
  // The viscosity's sweeps: kViscousSweeps a tick (one when there is one substep), each
  // over its share of the tick, after the substeps that end each share.
  const int sweeps = std::min(n, kViscousSweeps);
  work_.viscous.resize(bodies.size());
  for (const int32_t k : island)
    prepare_viscosity(bodies[static_cast<size_t>(k)], settings.tick_seconds / sweeps,
                      work_.viscous[static_cast<size_t>(k)]);
  for (int s = 0; s < n; ++s)
    substep(box, island, h, scale, static_cast<double>(s) / n, static_cast<double>(s + 1) / n,
            (s + 1) * sweeps / n > s * sweeps / n, impact);
}

const PeriStats& PeriSystem::step(const Box& box, const ContactView* obstacles) {
  stats_.contacts = 0;
  stats_.force_passes = 0;
  stats_.obstacle_contacts = 0;
  stats_.obstacle_seconds = 0.0;
  {
    ScopedTimer timer(debug.time_cross_contacts ? &stats_.obstacle_seconds : nullptr);
    work_.obstacle_contacts.begin_tick(obstacles);
  }
  std::vector<Island> islands;
  if (debug.split_islands) {
    islands = contact_islands(bodies, {settings.tick_seconds, settings.gravity, held_body(),
                                       grab_spring_.max_acceleration, &box, obstacles});
  } else if (!bodies.empty()) {  // one island of every body, capped as at an impact
    islands.push_back({all_bodies(), true});
  }
  // Each island on its own plan (islands.hpp); the stats give the most substeps of any.
  int most = 0;
  double most_scale = 1.0;
  for (const Island& island : islands) {
    int n = 0;
    double scale = 1.0;
    plan(island.bodies, n, scale);
    step_island(box, island.bodies, n, scale, island.may_hit);
    most = std::max(most, n), most_scale = std::max(most_scale, scale);
  }
  if (most > 0)
    for (PeriBody& b : bodies) {
      bool finite = true;
      for (int32_t i = 0; i < b.size() && finite; ++i)
        finite = std::isfinite(b.x[i]) && std::isfinite(b.y[i]) && std::isfinite(b.vx[i]) &&
                 std::isfinite(b.vy[i]);
      if (finite) continue;
      ++stats_.nan_resets;
      b.x = b.model->X, b.y = b.model->Y;
      std::fill(b.vx.begin(), b.vx.end(), 0.0);
      std::fill(b.vy.begin(), b.vy.end(), 0.0);
    }
  work_.obstacle_contacts.begin_tick(nullptr);  // the view is the caller's: not kept past the tick
  grab_prev_ = grab_target_;
  stats_.substeps = most;
  stats_.mass_scale = most_scale;
  refresh();
  return stats_;
}

void PeriSystem::refresh() {
  const size_t nb = bodies.size();
  states_.resize(nb), work_.fx.resize(nb), work_.fy.resize(nb), work_.refresh_forces.resize(nb);
  PeriStats s;
  s.substeps = stats_.substeps, s.mass_scale = stats_.mass_scale;
  s.contacts = stats_.contacts, s.nan_resets = stats_.nan_resets;
  s.force_passes = stats_.force_passes;
  s.obstacle_contacts = stats_.obstacle_contacts;
  s.contact_list_builds = work_.contacts.rebuilds();
  s.obstacle_seconds = stats_.obstacle_seconds;
  for (size_t k = 0; k < bodies.size(); ++k) {
    const PeriBody& b = bodies[k];
    // A full force pass (pass 2 costs a fraction of pass 1): see work_.refresh_forces.
    const PeriEnergy e =
        internal_forces(b, states_[k], work_.fx[k], work_.fy[k], pool_.get(settings.threads), true);
    Work::RefreshForces& kept = work_.refresh_forces[k];
    kept.kept = debug.reuse_refresh_forces && !softened(b);
    if (kept.kept) kept.x = b.x, kept.y = b.y, kept.constants.set(b);
    s.elastic += e.total();
    s.points += b.size();
    s.bonds += b.bond_count();
    s.broken_bonds += b.broken_bonds();
    for (int32_t i = 0; i < b.size(); ++i) {
      s.kinetic += 0.5 * b.model->mass[i] * (b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i]);
      s.min_det_f = std::min(s.min_det_f, states_[k].detF[i]);
    }
  }
  stats_ = s;
}

int PeriSystem::grab_begin(Vec2 at, double radius, const GrabSettings& spring) {
  grab_end();
  grab_spring_ = spring;
  // The body under the cursor: the one with the nearest point, within 2 radius.
  double best = std::numeric_limits<double>::max();
  int32_t body = -1, nearest = -1;
  for (size_t k = 0; k < bodies.size(); ++k)
    for (int32_t i = 0; i < bodies[k].size(); ++i) {
      const double d = glm::length(Vec2{bodies[k].x[i], bodies[k].y[i]} - at);
      if (d < best) best = d, body = static_cast<int32_t>(k), nearest = i;
    }
  if (body < 0 || best > 2.0 * radius) return 0;
  // A patch of radius at least two horizons: a peridynamic point is held by its bonds, which
  // reach one horizon, so a pinch of a few points would be torn out of the body before the
  // body followed. The grab force is spread over the patch by grab_weight.
  const PeriBody& b = bodies[static_cast<size_t>(body)];
  const double reach = std::max(radius, kGrabHorizons * b.spec().horizon * b.spec().spacing);
  for (int32_t i = 0; i < b.size(); ++i) {
    const Vec2 p{b.x[i], b.y[i]};
    const double w = grab_weight(glm::length(p - at), reach);
    if (w > 0.0) grabbed_.push_back({body, i, p - at, w});
  }
  if (grabbed_.empty())  // the cursor beside the body: its nearest point, fully held
    grabbed_.push_back({body, nearest, Vec2{b.x[nearest], b.y[nearest]} - at, 1.0});
  grab_target_ = grab_prev_ = at;
  return static_cast<int>(grabbed_.size());
}

Vec2 PeriSystem::grab_held() const {
  Vec2 sum{0.0, 0.0};
  double weights = 0.0;
  for (const Held& hd : grabbed_) {
    const PeriBody& b = bodies[static_cast<size_t>(hd.body)];
    sum += hd.weight * (Vec2{b.x[hd.point], b.y[hd.point]} - hd.offset);
    weights += hd.weight;
  }
  return weights > 0.0 ? sum / weights : grab_target_;
}

void PeriSystem::hash_grab(StateHash& h) const {
  h.add(static_cast<uint64_t>(grabbed_.size()));
  for (const Held& hd : grabbed_)
    h.add(hd.body), h.add(hd.point), h.add(hd.offset), h.add(hd.weight);
  h.add(grab_target_), h.add(grab_prev_);
}

void PeriSystem::grab_end(std::optional<Vec2> throw_velocity) {
  if (throw_velocity && !grabbed_.empty()) {
    PeriBody& b = bodies[static_cast<size_t>(grabbed_.front().body)];
    const Vec2 shift = *throw_velocity - centre_of_mass_velocity(b);
    for (int32_t i = 0; i < b.size(); ++i) b.vx[i] += shift.x, b.vy[i] += shift.y;
  }
  grabbed_.clear();
}

}  // namespace mb
