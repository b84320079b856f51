#include "app/meltbox/app.hpp"

#include <SDL.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <thread>

#include "app/meltbox/app_state.hpp"
#include "app/meltbox/panels.hpp"
#include "app/meltbox/scenes.hpp"
#include "app/meltbox/script.hpp"
#include "engine/gl/renderer.hpp"
#include "engine/gl/screenshot.hpp"
#include "engine/gl/shader.hpp"
#include "engine/gl/window.hpp"
#include "physics/io/input_files.hpp"
#include "physics/io/settings_io.hpp"

namespace mb::app {

namespace {

namespace gl = engine::gl;

constexpr double kHintHeight = 100.0;  // the controls hint and legend at the canvas's foot

// ImGui 1.86's SDL backend reads the mouse from SDL's global state, which events
// pushed by a script do not change. We track the mouse from events instead, so
// scripted and real input look the same to the panels.
struct MouseTracker {
  ImVec2 pos{-1.0f, -1.0f};
  bool down[3] = {false, false, false};
  bool pressed[3] = {false, false, false};  // went down during this frame
  void see(const SDL_Event& e) {
    if (e.type == SDL_MOUSEMOTION)
      pos = {static_cast<float>(e.motion.x), static_cast<float>(e.motion.y)};
    if (e.type != SDL_MOUSEBUTTONDOWN && e.type != SDL_MOUSEBUTTONUP) return;
    pos = {static_cast<float>(e.button.x), static_cast<float>(e.button.y)};
    const int b = e.button.button == SDL_BUTTON_LEFT    ? 0
                  : e.button.button == SDL_BUTTON_RIGHT ? 1
                                                        : 2;
    down[b] = e.type == SDL_MOUSEBUTTONDOWN;
    if (down[b]) pressed[b] = true;
  }
  void apply(ImGuiIO& io) {
    io.MousePos = pos;
    for (int b = 0; b < 3; ++b) io.MouseDown[b] = down[b] || pressed[b];
    pressed[0] = pressed[1] = pressed[2] = false;
  }
};

// The scene on start: the file given, else phase-change pumping (assets/pumping.xml),
// else the built-in strip. Without -s a scene file brings its companion .cfg.
struct Start {
  World world;
  SimulatorSettings settings;
  std::string name, settings_name;
  Warnings warnings;  // shown once the window is up (AppState::report)
};

bool load_start(const Options& o, const std::string& asset_dir, const std::string& config_dir,
                Start& out) {
  try {
    out.settings = sandbox_settings();
    if (!o.settings_path.empty()) {
      out.settings = load_settings(o.settings_path, out.warnings, sandbox_settings());
      out.settings_name = o.settings_path;
    }
    const std::string path = o.input.empty() ? default_scene_path(asset_dir) : o.input;
    if (path.empty()) {
      out.world = strip_scene(out.settings);
      out.name = "built-in strip";
    } else if (o.settings_path.empty()) {
      OpenedScene opened = open_with_settings(path, out.settings, config_dir);
      out.warnings.insert(out.warnings.end(), opened.warnings.begin(), opened.warnings.end());
      out.world = std::move(opened.world);
      out.settings = out.world.settings;
      out.settings_name = opened.settings_path;
      out.name = path;
    } else {
      out.world = world_from_file(path, out.settings, out.warnings);
      out.name = path;
    }
    return true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "meltbox: %s\n", e.what());
    return false;
  }
}

// Takes frames until one shows every command pushed so far (at most 5 s: a physics thread
// that cannot keep up must not hang the app).
void wait_for_commands(engine::SimThread& sim, AppState& s) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  const uint64_t pushed = sim.pushed();
  while (std::chrono::steady_clock::now() < give_up) {
    sim.acquire();
    s.frame = &sim.frame();
    if (s.frame->commands_applied >= pushed) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// --print-frame-times: the first frames (context warm-up, first uploads) are left out.
void print_frame_times(std::vector<double> ms) {
  constexpr size_t kWarmup = 10;
  if (ms.size() <= kWarmup) return;
  ms.erase(ms.begin(), ms.begin() + kWarmup);
  double sum = 0.0;
  for (double v : ms) sum += v;
  std::sort(ms.begin(), ms.end());
  std::printf(
      "{\"frames\":%zu,\"frame_ms_mean\":%.2f,\"frame_ms_median\":%.2f,"
      "\"frame_ms_p99\":%.2f}\n",
      ms.size(), sum / static_cast<double>(ms.size()), ms[ms.size() / 2],
      ms[std::min(ms.size() - 1, ms.size() * 99 / 100)]);
}

// A mouse event with its coordinates in drawable pixels rather than window units.
SDL_Event to_pixels(const SDL_Event& e, double scale) {
  SDL_Event out = e;
  if (scale == 1.0) return out;
  const auto px = [scale](Sint32 v) { return static_cast<Sint32>(std::lround(v * scale)); };
  if (e.type == SDL_MOUSEMOTION) {
    out.motion.x = px(e.motion.x);
    out.motion.y = px(e.motion.y);
    out.motion.xrel = px(e.motion.xrel);
    out.motion.yrel = px(e.motion.yrel);
  } else if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) {
    out.button.x = px(e.button.x);
    out.button.y = px(e.button.y);
  }
  return out;
}

void apply_view(AppState& s) {
  if (!s.options.view) return;
  std::istringstream in(*s.options.view);
  char comma1 = 0, comma2 = 0;
  double x = 0, y = 0, zoom = 1;
  if (in >> x >> comma1 >> y >> comma2 >> zoom && zoom > 0) {
    s.camera.center = {x, y};
    s.camera.zoom = zoom;
    s.request_home = false;
  }
}

void take_history(AppState& s, uint64_t& last_serial, int64_t& last_tick) {
  const engine::Frame& f = *s.frame;
  if (f.serial == last_serial) return;
  last_serial = f.serial;
  if (f.snapshot.tick != last_tick) {
    last_tick = f.snapshot.tick;
    s.history.add(s.history.tick_ms, static_cast<float>(f.snapshot.tick_seconds * 1e3));
    s.history.add(s.history.iterations, static_cast<float>(f.snapshot.stats.iterations));
    s.history.add(s.history.made, static_cast<float>(f.snapshot.stats.springs_made));
    s.history.add(s.history.broken, static_cast<float>(f.snapshot.stats.springs_broken));
    s.history.add(s.history.heat, static_cast<float>(f.snapshot.stats.total_heat));
    s.history.add(s.history.molten, static_cast<float>(f.snapshot.stats.molten_mass));
    s.history.add(s.history.melt_front, static_cast<float>(f.snapshot.stats.melt_front));
  }
  if (f.scene_serial != s.scene_serial) {  // a new scene or a reset
    if (s.scene_serial >= 0) s.undo.clear();
    s.scene_serial = f.scene_serial;
    s.tools.selected = -1;
    s.canvas.cancel(s);
  }
}

}  // namespace

int run_app(const Options& o) {
  const std::string asset_dir = find_asset_dir(), config_dir = find_config_dir();
  Start start;
  if (!load_start(o, asset_dir, config_dir, start)) return 2;
  Script script;
  try {
    if (!o.script.empty()) script = Script::load(o.script);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "meltbox: %s\n", e.what());
    return 2;
  }
  Polygon plan_target;
  try {
    if (!o.plan_target.empty()) plan_target = load_outline_csv(o.plan_target);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "meltbox: --plan-target: %s\n", e.what());
    return 2;
  }
  std::string error;
  gl::WindowOptions wo;
  wo.width = o.width;
  wo.height = o.height;
  auto window = gl::Window::create(wo, error);
  if (!window) {
    std::fprintf(stderr, "meltbox: %s\n", error.c_str());
    return kExitNoGl;
  }
  gl::Renderer renderer;
  if (!renderer.init(gl::find_shader_dir(), error)) {
    std::fprintf(stderr, "meltbox: %s\n", error.c_str());
    return 1;
  }
  if (!o.record_dir.empty()) std::filesystem::create_directories(o.record_dir);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui_ImplSDL2_InitForOpenGL(window->sdl(), window->gl_context());
  ImGui_ImplOpenGL3_Init("#version 330 core");

  engine::SimThread sim(std::move(start.world), o.paused);
  sim.push(engine::SetRate{o.tick_rate, 1.0, false});
  AppState s;
  s.options = o;
  s.sim = &sim;
  s.spot_settings = start.settings;
  s.scene_name = start.name;
  s.settings_name = start.settings_name;
  s.recent.load();
  if (!o.input.empty()) s.recent.add(o.input);
  s.asset_dir = asset_dir;
  s.config_dir = config_dir;
  s.demos = demo_files(s.asset_dir);
  s.plan.target = std::move(plan_target);
  s.plan.csv_path = o.plan_target;  // Load and Save act on the file the target came from
  s.plan.open_panel = !s.plan.target.empty();
  s.plan.nudged_runs = o.plan_nudged_runs;
  if (!start.warnings.empty()) {
    s.message = "opened " + start.name;
    s.report(start.warnings);
  }
  apply_view(s);

  MouseTracker mouse;
  uint64_t last_serial = 0;
  int64_t last_tick = -1;
  const unsigned window_id = SDL_GetWindowID(window->sdl());
  auto frame_start = std::chrono::steady_clock::now();
  std::vector<double> all_frame_ms;
  int exit_code = 0;
  bool waiting_for_plan = false;  // a script's wait-plan: the frame count holds meanwhile
  for (int frame_index = 0; !s.quit; ++frame_index) {
    // A script's events act on what the commands before them did (a click on the actuator
    // just placed), so they wait for the physics thread to have applied them all; without
    // a script nothing waits.
    if (!script.done()) wait_for_commands(sim, s);
    s.clock =
        o.script.empty()
            ? std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
                  .count()
            : frame_index / 60.0;
    const Script::Due due = script.push_due(frame_index, window_id);
    waiting_for_plan |= due.wait_plan;
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
      ImGui_ImplSDL2_ProcessEvent(&e);
      mouse.see(e);
      if (e.type == SDL_QUIT) s.quit = true;
      if (e.type == SDL_DROPFILE) {
        s.open_file(e.drop.file);
        SDL_free(e.drop.file);
        continue;
      }
      // Window units for ImGui, drawable pixels for the canvas (they differ on HiDPI).
      const SDL_Event px = to_pixels(e, s.pixel_scale);
      Vec2 at = s.tools.mouse;
      if (px.type == SDL_MOUSEBUTTONDOWN || px.type == SDL_MOUSEBUTTONUP)
        at = {px.button.x, px.button.y};
      if (px.type == SDL_MOUSEMOTION) at = {px.motion.x, px.motion.y};
      const bool ui_mouse = (s.show_panels && at.x < s.panel_width * s.pixel_scale) ||
                            (s.show_help && io.WantCaptureMouse);
      s.canvas.handle_event(s, px, ui_mouse, io.WantTextInput);
    }
    for (const std::string& path : due.saves) s.save_scene(path);

    sim.acquire();
    s.frame = &sim.frame();
    take_history(s, last_serial, last_tick);
    // Every command the physics thread refused says why on the status line.
    if (s.frame->error_serial != s.shown_error) {
      if (!s.frame->command_error.empty()) s.message = s.frame->command_error;
      s.shown_error = s.frame->error_serial;
    }
    gas_frame_update(s);
    bodies_frame_update(s);
    plan_frame_update(s);
    s.request_snapshot_options();
    int w = 0, h = 0, window_w = 0;
    window->drawable_size(w, h);
    SDL_GetWindowSize(window->sdl(), &window_w, nullptr);
    s.pixel_scale = window_w > 0 ? static_cast<double>(w) / window_w : 1.0;
    s.camera.viewport = {static_cast<double>(w), static_cast<double>(h)};
    if (s.request_home) {
      Box region = s.canvas_area();
      if (s.show_hint) region.max.y -= kHintHeight * s.pixel_scale;  // clear of the hint
      s.camera.frame(engine::scene_bounds(s.frame->snapshot), region);
      s.request_home = false;
    }

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    mouse.apply(io);
    ImGui::NewFrame();
    side_bar(s);
    help_window(s);
    canvas_overlay(s);
    gas_overlay(s);
    bodies_overlay(s);
    heat_overlay(s);
    ImGui::Render();

    s.style.highlight_actuator = s.tools.selected;
    const auto overlay = s.canvas.overlay(s);
    renderer.draw(s.frame->snapshot, s.camera, s.style, overlay);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    if (waiting_for_plan && s.plan.job.running()) {
      window->swap();
      --frame_index;  // this frame does not count: the script and --frames wait
      continue;
    }
    waiting_for_plan = false;
    const bool last = o.frames > 0 && frame_index + 1 >= o.frames;
    if (last && !o.screenshot.empty()) s.request_screenshot = o.screenshot;
    if (!o.record_dir.empty()) {
      char name[32];
      std::snprintf(name, sizeof name, "/frame_%06d.png", frame_index);
      if (!gl::save_screenshot(o.record_dir + name, w, h, error))
        std::fprintf(stderr, "meltbox: %s\n", error.c_str());
    }
    if (!s.request_screenshot.empty()) {
      if (gl::save_screenshot(s.request_screenshot, w, h, error)) {
        s.message = "screenshot " + s.request_screenshot;
      } else {
        s.message = error;
        std::fprintf(stderr, "meltbox: %s\n", error.c_str());
        if (last) exit_code = 1;
      }
      s.request_screenshot.clear();
    }
    window->swap();
    const auto now = std::chrono::steady_clock::now();
    s.frame_ms = std::chrono::duration<double, std::milli>(now - frame_start).count();
    frame_start = now;
    s.history.add(s.history.frame_ms, static_cast<float>(s.frame_ms));
    if (o.print_frame_times) all_frame_ms.push_back(s.frame_ms);
    if (last) s.quit = true;
  }

  if (!o.save_scene.empty() && !s.save_scene(o.save_scene)) {
    std::fprintf(stderr, "meltbox: %s\n", s.message.c_str());
    exit_code = 1;
  }
  sim.stop();
  if (o.print_frame_times) print_frame_times(std::move(all_frame_ms));
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  return exit_code;
}

}  // namespace mb::app
