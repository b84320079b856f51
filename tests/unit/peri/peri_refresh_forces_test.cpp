// PeriSystem's first substep of a tick reuses the forces of the previous tick's end-of-tick
// refresh where the body has not moved since (system.hpp, refresh_forces_). The forces are a
// function of the positions and the constants, so reusing them must not change one bit of
// the motion, also when a point is moved or the body heated between ticks.
#include <gtest/gtest.h>

#include <vector>

#include "physics/peri/softening.hpp"
#include "physics/peri/system.hpp"

using namespace mb;

namespace {

PeriSystem falling_slab(bool reuse) {
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Rectangle;
  s.shape.width = 40.0;
  s.shape.height = 8.0;
  s.spacing = 1.0;
  s.material = preset_material(PeriPreset::NeoHookean, 2.0e4, 0.3, 1.0);
  s.material.heated_stiffness = 0.3;
  PeriSystem sys;
  sys.debug.reuse_refresh_forces = reuse;
  sys.add(build_body(s));
  return sys;
}

}  // namespace

TEST(PeriRefreshForces, ReusingThemChangesNoBitOfTheMotion) {
  const Box box{{-30.0, -30.0}, {30.0, 6.0}};  // the floor 2 units below the slab
  std::vector<double> end[2];
  int64_t passes[2] = {0, 0}, substeps = 0;
  for (bool reuse : {false, true}) {
    PeriSystem sys = falling_slab(reuse);
    PeriBody& b = sys.bodies[0];
    for (int t = 0; t < 40; ++t) {
      if (t == 10) b.x[5] += 0.3, b.y[5] -= 0.2;  // as a pusher moves a gripped point
      if (t == 20) heat_points(b, {0, 1, 2, 3}), apply_softening(b);  // as World does
      if (t == 30) cool(b, 1.0);  // all cold at once: the cold constants come back
      if (t == 35) {              // a bond broken between ticks, as restoring a saved motion does
        const int32_t j = b.model->bond_j[0], rev = b.model->bond_rev[0];
        break_bonds(b, {0, rev}, {0, j});
      }
      sys.step(box);
      passes[reuse] += sys.stats().force_passes;
      if (reuse) substeps += sys.stats().substeps;
    }
    end[reuse] = b.x;
    end[reuse].insert(end[reuse].end(), b.y.begin(), b.y.end());
    end[reuse].insert(end[reuse].end(), b.vx.begin(), b.vx.end());
  }
  EXPECT_TRUE(end[0] == end[1]);
  // Without reuse every substep makes a pass. With it, a tick's first substep is spared
  // except after the move (tick 10), while heated (ticks 20 to 30: the softened body's
  // constants may change between ticks, and tick 30's refresh still saw it softened) and
  // after the broken bond (tick 35).
  EXPECT_EQ(passes[0], substeps);
  EXPECT_EQ(passes[1], substeps - (40 - 1 - 11 - 1));
}
