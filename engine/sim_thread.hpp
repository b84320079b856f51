#pragma once
// The physics thread. It owns the World exclusively and runs fixed ticks at a chosen
// rate (default 60 per second) scaled by a time scale (1/20 .. 1) or as fast as it
// can. A tick that overruns its slot makes the simulation slower; it never catches up
// (no spiral of death). Commands come in through a CommandQueue and are applied at
// the start of the next tick, stamped with its number; Frames go out through a
// triple buffer, so neither side holds a lock while the other works.
#include <future>
#include <thread>

#include "engine/command_queue.hpp"
#include "engine/frame.hpp"
#include "engine/replay.hpp"
#include "engine/triple_buffer.hpp"

namespace mb::engine {

class SimThread {
 public:
  explicit SimThread(World start, bool paused = false);
  ~SimThread();
  SimThread(const SimThread&) = delete;
  SimThread& operator=(const SimThread&) = delete;

  // Any thread.
  void push(Command command) {
    pushed_.fetch_add(1, std::memory_order_relaxed);
    queue_.push(std::move(command));
  }
  // Commands pushed so far; a Frame whose commands_applied reaches it shows them all.
  uint64_t pushed() const { return pushed_.load(std::memory_order_relaxed); }
  // A copy of the World after every command pushed before this call was applied.
  std::future<World> copy_world();
  // The scene start and the stamped world commands since (for replay and tests).
  // Bounded: it holds at most kMaxRecordedCommands commands. When it is full, the next world
  // command first restarts it from the World as it is then (a checkpoint: start = the live
  // World, no commands), so replay(recording()) still gives the live World bit for bit and
  // only the history before the checkpoint is forgotten. Without the bound a session that
  // drags for long between Resets (one GrabMove a frame) grows by one
  // StampedCommand (~0.5 KB, the size of the largest Command) per frame, without limit.
  std::future<Recording> recording();
  // ~125 KB of commands (a fixed buffer, see the constructor); at one command a frame (60 a
  // second) a checkpoint, one World copy on the physics thread, every ~4 s of dragging.
  // Small enough that a filling buffer does not show in a long session's memory (the gas
  // soak's RSS stays flat after the warm-up: docs/testing.md).
  static constexpr size_t kMaxRecordedCommands = 256;

  // Reader side (one thread): takes the newest frame; returns whether it is new.
  bool acquire() { return frames_.acquire(); }
  const Frame& frame() const { return frames_.front(); }

  void stop();

 private:
  void run();
  void handle(Command& command);
  void handle_world(WorldCommand& command);  // applied and recorded
  void handle_scene(SceneCommand& command);  // a new World and a new recording
  void handle_control(ControlCommand& command);
  void restart_recording();
  void answer_queries();
  void run_tick();
  void publish();
  bool wants_tick() const { return !paused_ || steps_left_ > 0; }

  CommandQueue queue_;
  std::atomic<uint64_t> pushed_{0};
  uint64_t applied_ = 0;  // commands handled (physics thread)
  std::mutex query_mutex_;
  std::vector<std::promise<World>> copy_requests_;
  std::vector<std::promise<Recording>> recording_requests_;
  std::atomic<bool> stop_{false};

  // Owned by the physics thread once it runs.
  World world_;
  World start_;
  Recording recording_;
  bool paused_ = false;
  int steps_left_ = 0;
  double ticks_per_second_ = 60.0, time_scale_ = 1.0;
  bool fast_ = false;
  double tick_seconds_ = 0.0, achieved_tps_ = 0.0;
  int64_t springs_made_ = 0, springs_broken_ = 0, scene_serial_ = 0;
  SnapshotOptions snapshot_options_;
  std::string command_error_;
  uint64_t error_serial_ = 0;
  uint64_t serial_ = 0;
  CommandQueue::Clock::time_point next_tick_{};
  CommandQueue::Clock::time_point rate_window_start_{};
  int rate_window_ticks_ = 0;

  TripleBuffer<Frame> frames_;
  std::thread thread_;
};

}  // namespace mb::engine
