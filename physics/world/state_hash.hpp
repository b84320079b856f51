#pragma once
// state_hash(World): what "the same run" means everywhere. meltbox-cli prints it
// (--stats), the sandbox's replay is checked with it, and the determinism test pins it for
// shipped scenes. Equal hashes after a tick: the two worlds will tick on bit for bit alike
// (given the same settings and commands); the hash is the same for any thread count.
#include <cstdint>
#include <vector>

#include "physics/world/world.hpp"

namespace mb {

// Every state array, bit for bit, in this order (StateHash: each vector's length first):
//   1. World::time;
//   2. the spring network: x, y, radius, movable, state, freeze_tick, enthalpy; the springs
//      a, b, rest_length, stiffness;
//   3. the actuators (their count, then each): enabled, path_advancement, started, gripped,
//      gripped_points (body, point), grip_lag;
//   4. the mouse grab on the network: its particles, the patch's x, v, cursor and
//      previous cursor;
//   5. the gas: x, y, vx, vy, mass, radius, species, internal, held_discs, rng_state, each
//      reaction's counts (collisions, taken, blocked); the gas grab: each held disc (disc,
//      offset, weight) and its target;
//   6. the bodies (their count, then each): x, y, vx, vy, pinned, bond_broken, heat,
//      temperature; then the bodies' grab (PeriSystem::hash_grab).
// Settings, parameter tables, actuator shapes and paths, reference data and caches are not
// state and are left out: they do not change as a scene runs.
uint64_t state_hash(const World& world);

// The same state in its parts, each hashed alone in the order above: which part two runs
// disagree on (1 and 2: "network", 3: "actuators", 4: "grab", 5: "gas", 6: "bodies").
struct StateHashPart {
  const char* name;
  uint64_t hash;
};
std::vector<StateHashPart> state_hash_parts(const World& world);

}  // namespace mb
