#include "engine/sim_thread.hpp"

#include "engine/overload.hpp"

#include <algorithm>

namespace mb::engine {

namespace {
using Clock = CommandQueue::Clock;
}  // namespace

SimThread::SimThread(World start, bool paused) : world_(std::move(start)), paused_(paused) {
  start_ = world_;
  recording_.start = world_;
  // The recording's whole buffer, once: Reset and the checkpoints then reuse it. Freeing and
  // regrowing it on every Reset (doubling up to the bound) left the heap fragmented and RSS
  // rising in the gas soak (bench --soak).
  recording_.commands.reserve(kMaxRecordedCommands);
  publish();  // the reader sees the scene before the first tick
  rate_window_start_ = next_tick_ = Clock::now();
  thread_ = std::thread([this] { run(); });
}

SimThread::~SimThread() {
  stop();
}

void SimThread::stop() {
  if (!thread_.joinable()) return;
  stop_ = true;
  queue_.interrupt();
  thread_.join();
}

std::future<World> SimThread::copy_world() {
  std::promise<World> p;
  auto f = p.get_future();
  {
    std::lock_guard lock(query_mutex_);
    copy_requests_.push_back(std::move(p));
  }
  queue_.interrupt();
  return f;
}

std::future<Recording> SimThread::recording() {
  std::promise<Recording> p;
  auto f = p.get_future();
  {
    std::lock_guard lock(query_mutex_);
    recording_requests_.push_back(std::move(p));
  }
  queue_.interrupt();
  return f;
}

void SimThread::run() {
  std::vector<Command> commands;
  while (!stop_) {
    const bool timed = wants_tick() && !fast_ && steps_left_ == 0;
    if (!wants_tick() || timed) queue_.wait(timed, next_tick_);
    if (stop_) break;
    // A query pushed after some commands must see them applied: drain the queue after
    // taking the pending queries (they were registered after their earlier commands).
    std::vector<std::promise<World>> copies;
    std::vector<std::promise<Recording>> recordings;
    {
      std::lock_guard lock(query_mutex_);
      copies.swap(copy_requests_);
      recordings.swap(recording_requests_);
    }
    commands.clear();
    queue_.drain(commands);
    for (Command& c : commands) handle(c);
    applied_ += commands.size();
    for (auto& p : copies) p.set_value(world_);
    for (auto& p : recordings) {
      Recording r = recording_;
      r.end_tick = world_.time;
      p.set_value(std::move(r));
    }
    const bool due = fast_ || steps_left_ > 0 || Clock::now() >= next_tick_;
    if (wants_tick() && due)
      run_tick();
    else if (!commands.empty())
      publish();
  }
  // Anyone still waiting gets a broken promise rather than a hang.
  std::lock_guard lock(query_mutex_);
  copy_requests_.clear();
  recording_requests_.clear();
}

void SimThread::handle(Command& command) {
  std::visit(
      Overload{[&](WorldCommand& c) { handle_world(c); }, [&](SceneCommand& c) { handle_scene(c); },
               [&](ControlCommand& c) { handle_control(c); }},
      command);
}

void SimThread::handle_world(WorldCommand& command) {
  // The bound of recording() (sim_thread.hpp): the checkpoint is the World before this
  // command, which is then the first one recorded (stamped world_.time, so replay applies
  // it before the first tick, as here). clear() keeps the capacity: no allocation churn.
  if (recording_.commands.size() >= kMaxRecordedCommands) {
    recording_.start = world_;
    recording_.commands.clear();
  }
  if (std::string error = apply_command(world_, command); error.empty()) {
    apply_to_start(start_, command);
  } else {
    command_error_ = std::move(error);
    ++error_serial_;
  }
  recording_.commands.push_back(StampedCommand{world_.time, command});
}

void SimThread::handle_scene(SceneCommand& command) {
  std::visit(Overload{[&](LoadScene& c) {
                        if (!c.world) return;
                        world_ = *c.world;
                        start_ = world_;
                        restart_recording();
                      },
                      [&](Reset&) {
                        world_ = start_;
                        restart_recording();
                      }},
             command);
}

void SimThread::restart_recording() {
  recording_.commands.clear();  // keeps the buffer (see the constructor)
  recording_.start = world_;
  springs_made_ = springs_broken_ = 0;
  ++scene_serial_;
  steps_left_ = 0;
}

void SimThread::handle_control(ControlCommand& command) {
  std::visit(Overload{
                 [&](SetPaused& c) {
                   paused_ = c.paused;
                   steps_left_ = 0;
                   next_tick_ = Clock::now();
                 },
                 [&](TogglePause&) {
                   paused_ = !paused_;
                   steps_left_ = 0;
                   next_tick_ = Clock::now();
                 },
                 [&](Step& c) {
                   paused_ = true;
                   steps_left_ += std::max(c.ticks, 0);
                 },
                 [&](SetRate& c) {
                   ticks_per_second_ = std::clamp(c.ticks_per_second, 1.0, 10000.0);
                   time_scale_ = std::clamp(c.time_scale, 0.05, 1.0);
                   fast_ = c.fast;
                   next_tick_ = Clock::now();
                 },
                 [&](SetSnapshotOptions& c) { snapshot_options_ = c.options; },
             },
             command);
}

void SimThread::run_tick() {
  const auto t0 = Clock::now();
  const TickStats stats = world_.tick();
  const auto t1 = Clock::now();
  tick_seconds_ = std::chrono::duration<double>(t1 - t0).count();
  springs_made_ += stats.springs_made;
  springs_broken_ += stats.springs_broken;
  if (steps_left_ > 0) --steps_left_;
  // Schedule the next slot; when this tick overran, start from now (never catch up).
  const auto slot = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(1.0 / (ticks_per_second_ * time_scale_)));
  next_tick_ = std::max(next_tick_ + slot, t1);
  ++rate_window_ticks_;
  const double window = std::chrono::duration<double>(t1 - rate_window_start_).count();
  if (window >= 0.5) {
    achieved_tps_ = rate_window_ticks_ / window;
    rate_window_ticks_ = 0;
    rate_window_start_ = t1;
  }
  publish();
}

void SimThread::publish() {
  Frame& f = frames_.back();
  f.snapshot.fill_from(world_, snapshot_options_);
  f.snapshot.tick_seconds = tick_seconds_;
  f.actuators = world_.actuators;
  f.settings = world_.settings;
  f.grab_settings = world_.grab_settings;
  f.inelastic = world_.inelastic;
  f.cross_contacts = world_.cross_contacts;
  f.paused = paused_ && steps_left_ == 0;
  f.ticks_per_second = ticks_per_second_;
  f.time_scale = time_scale_;
  f.fast = fast_;
  f.achieved_tps = wants_tick() ? achieved_tps_ : 0.0;
  f.springs_made = springs_made_;
  f.springs_broken = springs_broken_;
  f.scene_serial = scene_serial_;
  f.command_error = command_error_;
  f.error_serial = error_serial_;
  f.commands_applied = applied_;
  f.serial = ++serial_;
  frames_.publish();
}

}  // namespace mb::engine
