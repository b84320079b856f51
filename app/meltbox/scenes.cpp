#include "app/meltbox/scenes.hpp"

#include <SDL.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "physics/io/scene_io.hpp"
#include "physics/springs/lattice.hpp"

namespace mb::app {

namespace fs = std::filesystem;

namespace {

World with_net(SpringNetwork net, const Settings& settings) {
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

World default_scene(const Settings& settings) {
  World w = with_net(rectangle_spot({-100.0, -30.0}, {100.0, 30.0}, settings), settings);
  w.actuators.push_back(puller("Left puller", {-96.0, 0.0}, {-45.0, 0.0}, 0.5));
  w.actuators.push_back(puller("Right puller", {96.0, 0.0}, {45.0, 0.0}, 0.5));
  w.box = {{-300.0, -200.0}, {300.0, 200.0}};
  // Relax tightly, as the seed's stretching.cfg does, so the strip stretches evenly.
  w.settings.convergence_limit = std::min(settings.convergence_limit, 0.001);
  w.settings.iteration_limit = std::max(settings.iteration_limit, 5000.0);
  return w;
}

World spot_circle(double radius, const Settings& settings) {
  return with_net(circle_spot({0.0, 0.0}, radius, settings), settings);
}

World spot_rectangle(double width, double height, const Settings& settings) {
  return with_net(
      rectangle_spot({-0.5 * width, -0.5 * height}, {0.5 * width, 0.5 * height}, settings),
      settings);
}

World world_from_file(const std::string& path, const Settings& settings) {
  Scene scene = load_any_input(path, settings);
  World w = with_net(std::move(scene.net), settings);
  w.actuators = std::move(scene.actuators);
  w.time = scene.time;
  return w;
}

std::string find_asset_dir() {
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv("MELTBOX_ASSET_DIR")) candidates.emplace_back(env);
  if (char* base = SDL_GetBasePath()) {
    const fs::path exe_dir(base);
    SDL_free(base);
    candidates.push_back(exe_dir / "assets");
    candidates.push_back(exe_dir / ".." / "assets");
  }
  candidates.emplace_back(MELTBOX_ASSET_DIR);
  for (const fs::path& dir : candidates) {
    std::error_code ec;
    if (fs::is_directory(dir, ec)) return dir.string();
  }
  return {};
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
