#pragma once
// Relaxation of a spring network to equilibrium (the original's "physics").
//
// The original moves every movable particle by its net spring force each
// iteration (a plain gradient step on the network's potential energy) and stops
// when the largest such step is below ConvergenceLimit or after IterationLimit
// iterations. On large networks that needs tens of thousands of iterations,
// because a gradient step only carries a disturbance one spring further per
// iteration.
//
// We reach the same kind of equilibrium with FIRE, the Fast Inertial Relaxation
// Engine (Bitzek, Koskinen, Gaehler, Moseler, Gumbsch, PRL 97, 170201 (2006)), in
// the semi-implicit form of FIRE 2.0 (Guenole et al., Comput. Mater. Sci. 175,
// 109584 (2020)): particles carry a velocity that is steered toward the force and
// reset whenever the motion goes uphill (power F.v < 0). Every spring force is
// central and depends only on the gap, so the forces are the negative gradient of
// a potential and FIRE applies. The stopping rule is the original's, evaluated on
// the same quantity: the largest net spring force on a movable particle.
#include <cstdint>
#include <functional>
#include <vector>

#include "physics/core/scratch.hpp"
#include "physics/springs/crossing_guard.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

enum class RelaxMethod {
  Fire,      // FIRE 2.0 (default)
  Gradient,  // the original's plain step: move each particle by its net force
};

struct RelaxLimits {
  RelaxMethod method = RelaxMethod::Fire;
  int iteration_limit = 1000;
  double convergence_limit = 0.02;
  double max_step = 1.0;  // largest move of one particle in one iteration (the original: L/4)
  bool prevent_crossing = true;
  // Called every `hook_period` iterations and once more on convergence (relaxation then
  // goes on if it changed something); returns true when it changed the springs.
  std::function<bool(SpringNetwork&)> connectivity_hook;
  int hook_period = 50;
  // Forces of other matter on the network (the World's body points pushing it), added to
  // the spring forces of the mobile particles each iteration. They must be the negative
  // gradient of a potential, as the springs' are (FIRE and the stopping rule assume it).
  std::function<void(const SpringNetwork&, const std::vector<int32_t>& mobile, double* fx,
                     double* fy)>
      external_forces;
};

struct RelaxStats {
  int iterations = 0;      // solver iterations (force evaluations that led to a step)
  double max_force = 0.0;  // largest net force on a movable particle at the end
  bool converged = false;
  int rollbacks = 0;       // particle moves undone to stop a spring crossing
  int hook_changes = 0;    // connectivity updates that changed something
  int guard_rebuilds = 0;  // crossing-guard pair lists rebuilt
};

class Relaxer {
 public:
  // Relaxes every particle with movable[i] = 1 and state != Gripped.
  RelaxStats relax(SpringNetwork& net, const RelaxLimits& limits);

  // Net spring force on every particle (fx[i], fy[i]); exposed for tests and the renderer.
  static void compute_forces(const SpringNetwork& net, std::vector<double>& fx,
                             std::vector<double>& fy);

 private:
  // One step of each method from the forces in fx_, fy_; positions change in place.
  void fire_step(SpringNetwork& net, double f2);
  void gradient_step(SpringNetwork& net, double max_step);
  // Net force on every mobile particle into fx_, fy_ (other entries are stale).
  void compute_active_forces(const SpringNetwork& net);

  struct FireState {
    double dt = 0.0, dt_max = 0.0, alpha = 0.0;
    int steps_downhill = 0;
  };
  FireState fire_;
  double max_step_ = 1.0;
  decltype(RelaxLimits::external_forces) external_forces_;  // this relaxation's (may be empty)
  // Working memory: a copy starts without it (core/scratch.hpp).
  struct Buffers {
    std::vector<double> fx, fy, vx, vy, old_x, old_y;
    std::vector<int32_t> mobile;
    std::vector<uint8_t> is_mobile;
    std::vector<int32_t> active_springs;  // springs with a mobile end
    uint64_t active_version = 0;          // the topology active_springs was listed for
    std::vector<uint8_t> rolled_back, blocked;
  };
  Scratch<Buffers> buf_;
  // Not scratch: the guard's pair list is examined in the order it was built and updated,
  // and that order decides which particles roll back when several pairs cross in one step,
  // so a copy carries it to go on bit for bit like the original.
  CrossingGuard guard_;
  double guard_skin_ = 0.0;
};

}  // namespace mb
