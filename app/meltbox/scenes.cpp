#include "app/meltbox/scenes.hpp"

#include <SDL.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/springs/lattice.hpp"

namespace mb::app {

namespace fs = std::filesystem;

namespace {

World with_net(SpringNetwork net, const SimulatorSettings& settings) {
  World w;
  w.settings = settings;
  w.net = std::move(net);
  return w;
}

Actuator puller(const std::string& name, Vec2 at, Vec2 out, double speed) {
  Actuator a;
  a.type = ActuatorType::Pusher;
  a.name = name;
  a.speed = speed;
  a.shape = rectangle_polygon({-6.0, -40.0}, {6.0, 40.0});
  // Out and back three times: the strip stretches and relaxes.
  for (int k = 0; k < 3; ++k) {
    a.path.points.push_back(at);
    a.path.points.push_back(at + out);
  }
  a.path.points.push_back(at);
  return a;
}

}  // namespace

SimulatorSettings sandbox_settings() {
  SimulatorSettings s;
  s.lattice = LatticeType::Amorphous;
  return s;
}

World strip_scene(const SimulatorSettings& settings) {
  World w = with_net(rectangle_spot({-100.0, -30.0}, {100.0, 30.0}, settings), settings);
  w.actuators.push_back(puller("Left puller", {-96.0, 0.0}, {-45.0, 0.0}, 0.5));
  w.actuators.push_back(puller("Right puller", {96.0, 0.0}, {45.0, 0.0}, 0.5));
  w.box = {{-300.0, -200.0}, {300.0, 200.0}};
  // Relax tightly, as the Spring Simulator's stretching.cfg does, so the strip stretches evenly.
  w.settings.convergence_limit = std::min(settings.convergence_limit, 0.001);
  w.settings.iteration_limit = std::max(settings.iteration_limit, 5000);
  return w;
}

World spot_circle(double radius, const SimulatorSettings& settings) {
  return with_net(circle_spot({0.0, 0.0}, radius, settings), settings);
}

World spot_rectangle(double width, double height, const SimulatorSettings& settings) {
  return with_net(
      rectangle_spot({-0.5 * width, -0.5 * height}, {0.5 * width, 0.5 * height}, settings),
      settings);
}

World world_from_file(const std::string& path, const SimulatorSettings& settings,
                      Warnings& warnings) {
  Scene scene = load_any_input(path, settings);
  warnings.insert(warnings.end(), scene.warnings.begin(), scene.warnings.end());
  World w = world_from_scene(std::move(scene), settings, path);
  w.inelastic = w.has_heater();
  return w;
}

namespace {
// `$env`, then `name` beside or above the executable, then the source tree's.
std::string find_dir(const char* env_name, const char* name, const char* source_dir) {
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv(env_name)) candidates.emplace_back(env);
  if (char* base = SDL_GetBasePath()) {
    const fs::path exe_dir(base);
    SDL_free(base);
    candidates.push_back(exe_dir / name);
    candidates.push_back(exe_dir / ".." / name);
  }
  candidates.emplace_back(source_dir);
  for (const fs::path& dir : candidates) {
    std::error_code ec;
    if (fs::is_directory(dir, ec)) return dir.lexically_normal().string();
  }
  return {};
}

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}
}  // namespace

std::string find_asset_dir() {
  return find_dir("MELTBOX_ASSET_DIR", "assets", MELTBOX_ASSET_DIR);
}

std::string find_config_dir() {
  return find_dir("MELTBOX_CONFIG_DIR", "configs", MELTBOX_CONFIG_DIR);
}

std::string default_scene_path(const std::string& asset_dir) {
  if (asset_dir.empty()) return {};
  const fs::path p = fs::path(asset_dir) / "pumping.xml";
  return is_file(p) ? p.string() : std::string();
}

std::string companion_settings(const std::string& scene_path, const std::string& config_dir) {
  const fs::path scene(scene_path);
  const fs::path name = scene.stem().string() + ".cfg";
  if (const fs::path beside = scene.parent_path() / name; is_file(beside)) return beside.string();
  if (!config_dir.empty())
    if (const fs::path in_configs = fs::path(config_dir) / name; is_file(in_configs))
      return in_configs.string();
  return {};
}

OpenedScene open_with_settings(const std::string& path, const SimulatorSettings& fallback,
                               const std::string& config_dir) {
  OpenedScene out;
  out.settings_path = companion_settings(path, config_dir);
  const SimulatorSettings settings =
      out.settings_path.empty()
          ? fallback
          : load_settings(out.settings_path, out.warnings, sandbox_settings());
  out.world = world_from_file(path, settings, out.warnings);
  return out;
}

std::vector<std::string> demo_files(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (dir.empty()) return out;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".xml" || ext == ".png" || ext == ".csv") out.push_back(entry.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace mb::app
