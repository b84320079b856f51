// libFuzzer target: a scene loaded into a World as meltbox-cli loads it (app/cli/
// load_world.cpp), run for three ticks and finished (World::finish_run), then saved and
// read back. Bad values that read must neither crash nor hang the physics, and a world
// that ran must save to a scene that reads.
//
// Input: a scene XML, optionally preceded by a settings .cfg and a line "%%" (elastic) or
// "%% w" (inelastic, meltbox-cli -w), e.g. "[Spring]\nDefaultLength=5.5\n%% w\n<state>...".
#include <algorithm>

#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/world/world.hpp"
#include "tests/fuzz/budget.hpp"
#include "tests/fuzz/fuzz_input.hpp"

namespace {

// At most this many relaxation iterations a tick (finish_run: ten times as many). The
// settings allow 10^9: a long relaxation is work the file asked for, not a hang.
constexpr int kMaxIterations = 1000;

struct Input {
  std::string cfg, xml;
  bool has_cfg = false, inelastic = false;
};

Input split(const std::string& text) {
  Input in;
  const size_t sep = text.starts_with("%%") ? 0 : text.find("\n%%");
  if (sep == std::string::npos) {
    in.xml = text;
    return in;
  }
  const size_t mark = sep == 0 ? 0 : sep + 1;
  const size_t eol = std::min(text.find('\n', mark), text.size());
  in.has_cfg = true;
  in.cfg = text.substr(0, sep);
  in.inelastic = text.find('w', mark) < eol;
  in.xml = text.substr(std::min(eol + 1, text.size()));
  return in;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Input in = split(fuzz::text(data, size));
  if (fuzz::generated_discs(in.xml) > fuzz::kMaxGeneratedDiscs) return 0;
  std::string saved;
  mb::Warnings warnings;
  fuzz::accept_input_error("fuzz.cfg", [&] {
    const mb::SimulatorSettings settings =
        in.has_cfg ? mb::parse_settings(in.cfg, "fuzz.cfg", mb::SimulatorSettings{}, warnings)
                   : mb::SimulatorSettings{};
    fuzz::accept_input_error("fuzz.xml", [&] {
      mb::Scene scene = mb::parse_scene_xml(in.xml, "fuzz.xml");
      if (!fuzz::bodies_fit(scene)) return;
      mb::World world;
      world.settings = settings;
      world.settings.iteration_limit = std::min(world.settings.iteration_limit, kMaxIterations);
      world.net = std::move(scene.net);
      world.actuators = std::move(scene.actuators);
      world.time = scene.time;
      mb::install_gas(world, std::move(scene.gas));
      if (!fuzz::gas_fits(world.gas, world.box)) return;
      mb::install_bodies(world.bodies, scene.bodies, "fuzz.xml");
      if (scene.body_settings) world.bodies.settings = *scene.body_settings;
      if (fuzz::body_tick_work(world.bodies) > fuzz::kMaxBodyTickWork) return;
      // One thread: up to 64 may be asked for, and on two busy cores (two fuzzers at a time)
      // the pool's hand-overs cost far more than this little work, so -timeout would measure
      // the machine's load. The pool has its own tests (TSan step).
      world.bodies.settings.threads = 1;
      world.inelastic = in.inelastic;
      for (int t = 0; t < 3; ++t) world.tick();
      world.finish_run();
      saved = mb::write_scene_xml(mb::scene_of(world), mb::SceneRoot::Simulator);
    });
  });
  if (saved.empty()) return 0;
  try {
    mb::parse_scene_xml(saved, "saved.xml");
  } catch (const mb::InputError& e) {
    fuzz::bug(std::string("a world that ran saves a scene that does not read: ") + e.what() + "\n" +
              saved);
  }
  return 0;
}
