#include "physics/world/planner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <optional>
#include <random>

#include "physics/core/splitmix.hpp"
#include "physics/core/worker_pool.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/plan_path.hpp"
#include "physics/world/plan_ranking.hpp"
#include "physics/world/plan_search.hpp"

namespace mb {

namespace {

using plan_detail::Candidate;
using plan_detail::Distribution;
using plan_detail::kMinSdPoke;
using plan_detail::Ranking;
using plan_detail::Scores;
using plan_detail::wrap_angle;

Polygon finished_outline(World world) {
  world.finish_run();
  return network_outline(world.net);
}

// The accepted passes: the world they leave (run not finished) and the path so far.
using Chain = PlanPrefix;

// Searches of one pass at most (the first and its reruns when it finds no gain).
constexpr int kSearchAttempts = 2;

class Planner {
 public:
  Planner(const World& world, const PlanSettings& s, Polygon target)
      : s_(s), target_(std::move(target)), pool_(s.threads), clock_start_(Clock::now()) {
    const PlanGeometry g = plan_geometry(world, s);
    circle_ = {g.centre, g.travel_radius};
    max_offset_ = g.max_offset;
    const Actuator& mover = world.actuators[mover_];
    spacing_ = world.settings.lattice_spacing();
    speed_ = mover.speed;
    search_speed_ = !(s.min_speed == 0.0 && s.max_speed == 0.0);
    log_speed_lo_ = search_speed_ ? std::log(s.min_speed) : std::log(std::max(speed_, 1e-300));
    log_speed_hi_ = search_speed_ ? std::log(s.max_speed) : log_speed_lo_;
    chain_ = plan_start(world, s.actuator);
  }

  PlanResult run() {
    const Scores start = ranking_.start_from(finished_outline(chain_.world), spacing_);
    start_score_ = start.metric;
    start_rank_ = start.rank;
    beams_.assign(1, Beam{std::move(chain_), start.rank, {}});
    best_.metric = start.metric;
    // Two phases: the chords, then (finish_pokes) the pokes, with their share of the budget
    // (finish_share) and whatever the chords leave unspent. The pokes go on from the chain
    // the chords end with.
    const bool pokes = s_.finish_pokes > 0;
    phase_budget_ = s_.budget_rollouts -
                    (pokes ? static_cast<int64_t>(s_.finish_share * s_.budget_rollouts) : 0);
    phase_end_ = s_.max_passes;
    PlanStop stop = run_phase();
    if (pokes && stop != PlanStop::Cancelled && stop != PlanStop::Seconds) {
      poking_ = true;
      phase_budget_ = s_.budget_rollouts;
      phase_end_ = static_cast<int>(beams_[0].passes.size()) + s_.finish_pokes;
      const int64_t chords_spent = rollouts_;
      const PlanStop poke_stop = run_phase();
      // Pokes left no budget (finish_share 0, the chords spent it) say nothing new.
      if (rollouts_ > chords_spent || poke_stop == PlanStop::Cancelled) stop = poke_stop;
    }
    PlanResult r;
    r.actuator = s_.actuator;
    r.centre = circle_.centre;
    r.travel_radius = circle_.radius;
    r.target = target_;
    r.start_score = start.metric;
    r.stop = stop;
    r.passes = best_.passes;
    r.path = best_.path;
    r.path_speeds = best_.speeds;
    r.score = best_.metric;
    r.share_closed = r.start_score > 0.0 ? (r.start_score - r.score) / r.start_score : 0.0;
    r.rollouts = rollouts_;
    r.seconds = seconds();
    return r;
  }

  // Two passes a lattice spacing or less apart: offsets and the chords' ends at the largest
  // offset within one spacing, speeds within 10 %.
  bool near_pass(const Candidate& a, const Candidate& b) const {
    const double turn = std::abs(std::remainder(a.angle - b.angle, 2.0 * std::numbers::pi));
    if ((a.poke < 0.0) != (b.poke < 0.0)) return false;
    if (a.poke >= 0.0 && std::abs(depth_of(a) - depth_of(b)) > spacing_) return false;
    return std::abs(a.offset - b.offset) <= spacing_ && turn * max_offset_ <= spacing_ &&
           std::abs(speed_of(a) - speed_of(b)) <= 0.1 * std::max(speed_of(a), speed_of(b));
  }

 private:
  using Clock = std::chrono::steady_clock;

  // A chain kept after a pass (a beam of s_.beam; one: the greedy plan): its rank and passes.
  struct Beam {
    Chain chain;
    double rank = 0.0;
    std::vector<PlanPass> passes;
  };
  // The prefix of any chain after which the metric was lowest: the plan returned.
  struct Best {
    double metric = std::numeric_limits<double>::infinity();
    std::vector<PlanPass> passes;
    std::vector<Vec2> path;
    std::vector<double> speeds;
  };
  // A candidate pass found on from one of the chains.
  struct Option {
    size_t beam;
    Candidate c;
  };

  // The passes of one phase (the chords, or the pokes) up to phase_end_, from the first pass
  // beams_[0] lacks; returns why it stopped.
  PlanStop run_phase() {
    for (int pass = static_cast<int>(beams_[0].passes.size()) + 1; pass <= phase_end_;) {
      if (const std::optional<PlanStop> stop = plan_pass(pass)) return *stop;
      pass = phase_end_ + 1;
      for (const Beam& b : beams_) pass = std::min(pass, static_cast<int>(b.passes.size()) + 1);
    }
    return PlanStop::MaxPasses;
  }

  // One pass of every chain: each chain's search, a second search when none gains, then the
  // next chains grown from the best options. Returns a reason to stop, if any.
  std::optional<PlanStop> plan_pass(int pass) {
    // The pass's budget: the rollouts left over the passes left, times the runs in a row
    // each candidate takes, so every pass sees about as many candidates.
    const int64_t left = phase_budget_ - rollouts_;
    const int passes_left = phase_end_ - pass + 1;
    const int64_t pass_budget = left * std::min(s_.repeats, passes_left) / passes_left;
    if (pass_budget < 1) return PlanStop::Budget;
    const int64_t before = rollouts_;
    std::vector<Option> options;
    // Each chain's search gets an equal share of the pass's budget.
    for (size_t b = 0; b < beams_.size() && !cancelled() && !seconds_out(); ++b)
      search_beam(b, 0,
                  (pass_budget - (rollouts_ - before)) / static_cast<int64_t>(beams_.size() - b),
                  options);
    // A search that finds no gain runs again on fresh draws with the same share of what is
    // left: on this chaotic objective a second population often finds a pass the first
    // missed, and the budget would otherwise stay unspent. (min_gain < 0: never.) With a
    // beam, the best chain's search runs again.
    auto any_gain = [&] {
      return std::any_of(options.begin(), options.end(), [&](const Option& o) { return gains(o); });
    };
    for (int attempt = 1; attempt < kSearchAttempts && s_.min_gain >= 0.0 && !any_gain() &&
                          !cancelled() && !seconds_out();
         ++attempt) {
      const int64_t share =
          (phase_budget_ - rollouts_) * std::min(s_.repeats, passes_left) / passes_left;
      if (share < 1) break;
      search_beam(0, attempt, share, options);
    }
    if (cancelled()) return PlanStop::Cancelled;
    std::stable_sort(options.begin(), options.end(),
                     [](const Option& a, const Option& b) { return a.c.score < b.c.score; });
    if (options.empty() || (!gains(options.front()) && s_.min_gain >= 0.0))
      return seconds_out() ? PlanStop::Seconds : PlanStop::NoGain;
    grow(choose(options), before);
    if (seconds_out()) return PlanStop::Seconds;
    return std::nullopt;
  }

  // The search of one pass on from the chain beams_[b], its candidates added to `options`.
  void search_beam(size_t b, int attempt, int64_t budget, std::vector<Option>& options) {
    const int done = static_cast<int>(beams_[b].passes.size());
    repeats_ = std::min(s_.repeats, phase_end_ - done);
    if (repeats_ < 1) return;  // this chain is complete
    std::vector<Candidate> retry;
    if (attempt == 0 && !poking_ && s_.retry_chords) retry = chords_of(beams_[b].passes);
    std::swap(chain_, beams_[b].chain);
    const std::vector<Candidate> found =
        search_pass(done + 1, attempt * s_.beam + static_cast<int>(b), budget, std::move(retry));
    std::swap(chain_, beams_[b].chain);
    for (const Candidate& c : found) options.push_back({b, c});
  }

  // The chords among `passes`, the latest first, and of two a spacing or less apart
  // (near_pass) only the later.
  std::vector<Candidate> chords_of(const std::vector<PlanPass>& passes) const {
    std::vector<Candidate> chords;
    for (auto p = passes.rbegin(); p != passes.rend(); ++p) {
      if (p->depth >= 0.0) continue;
      Candidate c;
      c.angle = p->angle_rad;
      c.offset = p->offset;
      c.speed = p->speed;
      if (std::none_of(chords.begin(), chords.end(),
                       [&](const Candidate& k) { return near_pass(k, c); }))
        chords.push_back(c);
    }
    return chords;
  }

  // Whether the option lowers its chain's rank enough to be kept (PlanSettings::min_gain). A
  // poke is kept for any gain: the pokes spend what the chords leave, which would otherwise
  // go unspent (on the bench's radius-50 targets, 24 plans, a median 0.60 of the Hausdorff
  // gap against 0.58 when they too must gain min_gain; docs/history.md, "Pokes").
  bool gains(const Option& o) const {
    const double current = beams_[o.beam].rank;
    const double min_gain = poking_ ? std::min(s_.min_gain, 0.0) : s_.min_gain;
    return o.c.score < current && o.c.score <= current - min_gain * start_rank_;
  }

  // The next chains: the best options (sorted best first), at most one a spacing apart from
  // another of the same chain (a converged search's elites are near copies of its best).
  std::vector<Option> choose(const std::vector<Option>& options) const {
    std::vector<Option> chosen;
    for (const Option& o : options) {
      if (static_cast<int>(chosen.size()) == s_.beam) break;
      if (s_.min_gain >= 0.0 && !gains(o)) break;
      const bool near = std::any_of(chosen.begin(), chosen.end(), [&](const Option& k) {
        return k.beam == o.beam && near_pass(k.c, o.c);
      });
      if (!near) chosen.push_back(o);
    }
    return chosen;
  }

  // Each chosen option run on from its chain: the new beams, and the best prefix recorded.
  // `before`: the rollouts when the pass's search began (its rollouts go to its first run).
  void grow(const std::vector<Option>& chosen, int64_t before) {
    std::vector<Beam> next;
    for (const Option& o : chosen) {
      chain_ = beams_[o.beam].chain;
      const std::vector<Accepted> after = accept(o.c);
      const Chord chord = pass_chord(circle_, o.c.angle, o.c.offset);
      Beam grown{std::move(chain_), after.back().scores.rank, beams_[o.beam].passes};
      for (const Accepted& a : after) {
        grown.passes.push_back({o.c.angle, o.c.offset, chord.entry, chord.exit, speed_of(o.c),
                                a.scores.metric, a.scores.rank, 0, depth_of(o.c)});
        best_so_far_ = std::min(best_so_far_, a.scores.metric);
        // The search's rollouts go to the first run of the pass.
        if (&a == &after.front()) grown.passes.back().rollouts = rollouts_ - before;
        if (a.scores.metric < best_.metric) {
          best_.metric = a.scores.metric;
          best_.passes = grown.passes;
          best_.path.assign(grown.chain.path.begin(), grown.chain.path.begin() + a.path_points);
          best_.speeds = grown.chain.speeds;
          if (!best_.speeds.empty()) best_.speeds.resize(a.path_points);
        }
      }
      next.push_back(std::move(grown));
    }
    beams_ = std::move(next);
  }

  double seconds() const {
    return std::chrono::duration<double>(Clock::now() - clock_start_).count();
  }
  bool seconds_out() const { return s_.budget_seconds > 0.0 && seconds() >= s_.budget_seconds; }
  bool cancelled() const { return s_.cancel && s_.cancel->load(std::memory_order_relaxed); }

  double speed_of(const Candidate& c) const { return search_speed_ ? c.speed : speed_; }

  // A poke's depth from its entry, length units (-1 for a chord): the actuator's shape first
  // touches the material max_offset_ from the centre, so along the chord at offset o it
  // touches from half - s to half + s, half the chord's half length and s = sqrt(m^2 - o^2).
  double depth_of(const Candidate& c) const {
    if (c.poke < 0.0) return -1.0;
    const double half =
        std::sqrt(std::max(circle_.radius * circle_.radius - c.offset * c.offset, 0.0));
    const double s = std::sqrt(std::max(max_offset_ * max_offset_ - c.offset * c.offset, 0.0));
    return half - s + c.poke * 2.0 * s;
  }

  // The points the pass `c` adds after `path`: the travel from its end (none for a plan's
  // first pass), the chord's entry, and its exit padded to a whole tick.
  std::vector<Vec2> points_for(const Candidate& c, const std::vector<Vec2>& path) const {
    const std::optional<Vec2> previous =
        path.empty() ? std::nullopt : std::optional<Vec2>(path.back());
    const Chord chord = pass_chord(circle_, c.angle, c.offset);
    if (c.poke >= 0.0) return poke_points(circle_, previous, chord, depth_of(c), speed_of(c));
    return pass_points(circle_, previous, chord, speed_of(c));
  }

  // The chain's speeds with the pass `c` of `points` points after them: the pass's speed from
  // the chain's last point (its travel to the entry is part of the pass) on. Empty when
  // speeds are not searched.
  std::vector<double> speeds_for(const Candidate& c, const Chain& from, size_t points) const {
    if (!search_speed_) return {};
    std::vector<double> speeds = from.speeds;
    if (!speeds.empty()) speeds.back() = c.speed;
    speeds.insert(speeds.end(), points, c.speed);
    return speeds;
  }

  // Runs the pass `c` once on from the chain `from` into `to` (its world not finished).
  // Returns false when cancelled.
  bool roll_out(const Candidate& c, const Chain& from, Chain& to) const {
    const std::vector<Vec2> points = points_for(c, from.path);
    std::vector<Vec2> path = from.path;
    path.insert(path.end(), points.begin(), points.end());
    return run_plan_part(from, std::move(path), speeds_for(c, from, points.size()), to, s_.cancel);
  }

  // The pass `c` rolled out `c.runs` times in a row, ranked after each run. Each run starts
  // from the one before (two chains in turn); the last run's world is finished in place.
  std::vector<Scores> score_locally(const Candidate& c) const {
    std::vector<Scores> after;
    Chain runs[2];
    const Chain* from = &chain_;
    for (int k = 0; k < c.runs; ++k) {
      Chain& to = runs[k % 2];
      if (!roll_out(c, *from, to)) return {};
      const bool last = k + 1 == c.runs;
      after.push_back(ranking_.scores(finished_outline(last ? std::move(to.world) : to.world)));
      from = &to;
    }
    return after;
  }

  // Scores a batch of candidates, in order: each the best of its `runs` runs, its `repeats`
  // the run that scored it.
  std::vector<Candidate> evaluate(const std::vector<Candidate>& batch) {
    std::vector<Candidate> scored;
    if (s_.evaluate) {
      // Each candidate's runs as whole paths from the start: the chain's path, then the pass
      // once, twice, ... (a run from the start ticks through the states the chain's copies
      // tick through, so the scores are the local ones).
      std::vector<std::vector<Vec2>> paths;
      for (const Candidate& c : batch) {
        std::vector<Vec2> path = chain_.path;
        for (int k = 0; k < c.runs; ++k) {
          const std::vector<Vec2> points = points_for(c, path);
          path.insert(path.end(), points.begin(), points.end());
          paths.push_back(path);
        }
      }
      const std::vector<Polygon> outlines = s_.evaluate(paths, chain_.path.size());
      if (outlines.size() != paths.size())
        throw PlanError(PlanErrorCode::BadSettings,
                        "the batch evaluator returned " + std::to_string(outlines.size()) +
                            " outlines for " + std::to_string(paths.size()) + " paths");
      size_t at = 0;
      for (const Candidate& c : batch) {
        scored.push_back(c);
        for (int k = 0; k < c.runs; ++k) {
          const Scores sc = ranking_.scores(outlines[at++]);
          if (sc.rank < scored.back().score) {
            scored.back().repeats = k + 1;
            scored.back().score = sc.rank;
            scored.back().metric = sc.metric;
          }
        }
      }
      rollouts_ += static_cast<int64_t>(paths.size());
      return scored;
    }
    // One candidate a chunk: each is a whole simulation, so they balance by themselves.
    std::vector<std::vector<Scores>> runs(batch.size());
    pool_.run(
        static_cast<int64_t>(batch.size()),
        [&](int64_t k) { runs[static_cast<size_t>(k)] = score_locally(batch[k]); }, 1);
    for (size_t k = 0; k < batch.size(); ++k) {
      rollouts_ += batch[k].runs;
      scored.push_back(batch[k]);
      for (size_t j = 0; j < runs[k].size(); ++j)
        if (runs[k][j].rank < scored.back().score) {
          scored.back().repeats = static_cast<int>(j) + 1;
          scored.back().score = runs[k][j].rank;
          scored.back().metric = runs[k][j].metric;
        }
    }
    return scored;
  }

  // One pass's search: `restarts` independent cross-entropy runs sharing the budget, the best
  // candidate of all. On this chaotic objective one run's elites often settle in the first
  // good basin its opening draw hit; measured on 15 one-pass targets of the radius-50 spot at
  // 500 rollouts, one run found the true pass to within a lattice spacing 11 times, three runs
  // 15 times (docs/planning.md, "The method").
  // `retry`: chords the first run with rollouts to spend tries again (retry_chords).
  // Every candidate the runs scored, best first (ties: the earlier run's).
  std::vector<Candidate> search_pass(int pass, int attempt, int64_t budget,
                                     std::vector<Candidate> retry) {
    std::vector<Candidate> all;
    for (int run = 0; run < s_.restarts && budget > 0 && !cancelled() && !seconds_out(); ++run) {
      const int64_t share = budget / (s_.restarts - run);
      budget -= share;
      const std::vector<Candidate> found =
          cross_entropy(pass, attempt * s_.restarts + run, share, retry);
      if (share > 0) retry.clear();
      all.insert(all.end(), found.begin(), found.end());
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const Candidate& a, const Candidate& b) { return a.score < b.score; });
    return all;
  }

  // The cross-entropy method over (angle, offset[, speed]) for one pass, `budget` rollouts.
  std::vector<Candidate> cross_entropy(int pass, int stream, int64_t budget,
                                       const std::vector<Candidate>& retry) {
    if (budget < 1) return {};
    std::vector<Candidate> seen;
    Distribution d;
    const double min_sd_angle = spacing_ / std::max(max_offset_, spacing_);
    const double min_sd_offset = 0.25 * spacing_;
    // A tenth of the range's log width: speeds keep being tried around the elites' mean.
    const double min_sd_log_speed = 0.1 * (log_speed_hi_ - log_speed_lo_);
    int64_t spent = 0;
    for (int generation = 0; spent < budget; ++generation) {
      // The opening draw is twice a generation: it is the only look at the whole space.
      const int64_t n =
          std::min<int64_t>(generation == 0 ? 2 * s_.population : s_.population, budget - spent);
      std::mt19937_64 rng(splitmix64(s_.seed ^ splitmix64((static_cast<uint64_t>(pass) << 40) ^
                                                          (static_cast<uint64_t>(stream) << 32) ^
                                                          static_cast<uint64_t>(generation))));
      std::uniform_real_distribution<double> unit(0.0, 1.0);
      std::normal_distribution<double> normal(0.0, 1.0);
      std::vector<Candidate> batch(static_cast<size_t>(n));
      // A Latin hypercube for the opening draw (McKay, Beckman, Conover 1979): direction,
      // offset and speed each stratified into n strata, the offsets' and speeds' shuffled.
      std::vector<int64_t> stratum(static_cast<size_t>(n)), speed_stratum;
      std::iota(stratum.begin(), stratum.end(), int64_t{0});
      if (generation == 0) std::shuffle(stratum.begin(), stratum.end(), rng);
      if (generation == 0 && search_speed_) {
        speed_stratum = stratum;
        std::shuffle(speed_stratum.begin(), speed_stratum.end(), rng);
      }
      const double strata = static_cast<double>(n);
      const double log_width = log_speed_hi_ - log_speed_lo_;
      int64_t cost = 0;
      for (int64_t k = 0; k < n; ++k) {
        Candidate& c = batch[static_cast<size_t>(k)];
        const size_t kk = static_cast<size_t>(k);
        c.runs = repeats_;
        if (generation == 0) {
          c.angle = 2.0 * std::numbers::pi * (static_cast<double>(k) + unit(rng)) / strata;
          const double u = (static_cast<double>(stratum[kk]) + unit(rng)) / strata;
          c.offset = max_offset_ * (2.0 * u - 1.0);
          if (poking_) c.poke = unit(rng);
          if (search_speed_)
            c.speed =
                std::exp(log_speed_lo_ +
                         log_width * (static_cast<double>(speed_stratum[kk]) + unit(rng)) / strata);
        } else {
          c.angle = wrap_angle(d.mean_angle + d.sd_angle * normal(rng));
          c.offset =
              std::clamp(d.mean_offset + d.sd_offset * normal(rng), -max_offset_, max_offset_);
          if (poking_) c.poke = std::clamp(d.mean_poke + d.sd_poke * normal(rng), 0.0, 1.0);
          if (search_speed_)
            c.speed = std::exp(std::clamp(d.mean_log_speed + d.sd_log_speed * normal(rng),
                                          log_speed_lo_, log_speed_hi_));
        }
      }
      // The chain's chords again (PlanSettings::retry_chords), in place of the opening
      // draw's last candidates, at most half of them.
      for (size_t k = 0; generation == 0 && k < retry.size() && k < batch.size() / 2; ++k) {
        Candidate& slot = batch[batch.size() - 1 - k];
        const int runs = slot.runs;
        slot = retry[k];
        slot.runs = runs;
      }
      // What the budget leaves: fewer runs, or fewer candidates.
      for (Candidate& c : batch) {
        c.runs = static_cast<int>(std::min<int64_t>(c.runs, budget - spent - cost));
        cost += c.runs;
      }
      while (!batch.empty() && batch.back().runs < 1) batch.pop_back();
      const std::vector<Candidate> scored = evaluate(batch);
      spent += cost;
      seen.insert(seen.end(), scored.begin(), scored.end());
      if (cancelled()) return {};
      // Elites of everything this run has seen (the objective is deterministic, so a good
      // candidate stays good); ties keep the earlier candidate.
      std::stable_sort(seen.begin(), seen.end(),
                       [](const Candidate& a, const Candidate& b) { return a.score < b.score; });
      refit(seen, s_.elites, generation == 0 ? 1.0 : s_.smoothing, search_speed_, poking_, d);
      d.sd_angle = std::max(d.sd_angle, min_sd_angle);
      d.sd_offset = std::max(d.sd_offset, min_sd_offset);
      d.sd_log_speed = std::max(d.sd_log_speed, min_sd_log_speed);
      d.sd_poke = std::max(d.sd_poke, kMinSdPoke);
      report(pass);
      if (seconds_out()) break;
    }
    while (!seen.empty() && !std::isfinite(seen.back().score)) seen.pop_back();
    return seen;  // best first
  }

  // After each run of an accepted pass: its scores and the length of the path so far.
  struct Accepted {
    Scores scores;
    size_t path_points = 0;
  };

  // Runs `c` its `repeats` times on from the chain, for the state it leaves (a rollout keeps
  // only its score, so a search holds one world a thread, not one a candidate). The runs are
  // not rollouts of the budget, which counts the candidates scored: with a batch evaluator too,
  // so a plan scored on a cluster is the plan scored here, at the same budget.
  std::vector<Accepted> accept(const Candidate& c) {
    std::vector<Accepted> after;
    for (int k = 0; k < c.repeats; ++k) {
      Chain next;
      roll_out(c, chain_, next);
      after.push_back({ranking_.scores(finished_outline(next.world)), next.path.size()});
      chain_ = std::move(next);
    }
    return after;
  }

  void report(int pass) const {
    if (!s_.progress) return;
    const double now = seconds();
    s_.progress({pass, s_.max_passes + s_.finish_pokes, rollouts_, s_.budget_rollouts, start_score_,
                 std::min(start_score_, best_so_far_), now,
                 plan_seconds_left(rollouts_, s_.budget_rollouts, now, s_.budget_seconds)});
  }

  const PlanSettings& s_;
  const size_t mover_ = static_cast<size_t>(s_.actuator);  // the actuator the plan moves
  Polygon target_;
  Ranking ranking_{s_, target_};
  WorkerPool pool_;
  Clock::time_point clock_start_;
  TravelCircle circle_;
  double max_offset_ = 0.0, spacing_ = 1.0, speed_ = 1.0;
  bool poking_ = false;       // the finishing phase: candidates are pokes
  int64_t phase_budget_ = 0;  // the rollouts the phase in hand may reach
  int phase_end_ = 0;         // the phase's last pass
  std::vector<Beam> beams_;
  Best best_;
  int repeats_ = 1;  // the runs in a row of each candidate this pass (PlanSettings::repeats)
  bool search_speed_ = false;                       // PlanSettings::min_speed, max_speed
  double log_speed_lo_ = 0.0, log_speed_hi_ = 0.0;  // the searched range of ln(speed)
  Chain chain_;
  double start_rank_ = 0.0;
  double start_score_ = 0.0, best_so_far_ = std::numeric_limits<double>::infinity();  // metric
  int64_t rollouts_ = 0;
};

}  // namespace

double plan_seconds_left(int64_t rollouts, int64_t budget, double seconds, double budget_seconds) {
  if (rollouts <= 0) return -1.0;
  const double left = static_cast<double>(std::max<int64_t>(budget - rollouts, 0)) * seconds /
                      static_cast<double>(rollouts);
  return budget_seconds > 0.0 ? std::min(left, std::max(budget_seconds - seconds, 0.0)) : left;
}

const char* plan_advice(const PlanResult& result) {
  if (result.stop == PlanStop::Cancelled || result.share_closed >= 0.1) return nullptr;
  return "little closed: a pass pumps the wax a few units, so a target far from its shape "
         "needs more passes and rollouts";
}

PlanResult plan(const World& world, const Polygon& target, const PlanSettings& settings) {
  validate(settings);
  check_actuator(world, settings.actuator);
  if (world.net.particle_count() < 3)
    throw PlanError(PlanErrorCode::NoMaterial, "the planner needs a spot of at least 3 particles");
  const Actuator& mover = world.actuators[static_cast<size_t>(settings.actuator)];
  if (mover.stands_still())
    throw PlanError(PlanErrorCode::BadSettings,
                    "the speed of the actuator to move is 0: it cannot pass");
  // A firm grip keeps only what the pusher holds on its path's first tick, and every pass
  // starts on the travel circle, clear of the material: every candidate would move nothing.
  if (mover.type == ActuatorType::Pusher && mover.firm_grip)
    throw PlanError(
        PlanErrorCode::BadActuator,
        "the actuator to plan is a pusher with a firm grip: it keeps only what it holds "
        "on its first tick, and a planned pass starts outside the material, so it "
        "would move nothing: turn its firm grip off (firm-grip=\"false\")");
  Planner planner(world, settings, place_plan_target(target, world, settings));
  return planner.run();
}

}  // namespace mb
