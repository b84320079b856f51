#pragma once
// Edits of the actuator list that the sandbox makes live (add, remove, change) and the one
// rule every way of letting go shares: particles a grip holds become frozen again, and a
// grip that lets go starts afresh, catching what its shape covers on its next tick.
#include <cstdint>
#include <vector>

#include "physics/actuators/actuator.hpp"
#include "physics/core/error.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

// Particles in `held` that are still gripped become frozen; `held` empties. Indices past
// the network's end (it changed since) are skipped.
void release_particles(SpringNetwork& net, std::vector<int32_t>& held);

// The actuator lets go and starts afresh: no grip, nothing owed, not started.
void restart(SpringNetwork& net, Actuator& actuator);

// A copy of `actuator` without its run-time state, as if it had never run.
Actuator fresh_copy(const Actuator& actuator);

// Inserts a fresh copy at `index` (-1 or past the end: appends).
void insert_actuator(std::vector<Actuator>& list, int index, const Actuator& actuator);

// Removes actuator `index`, letting go of what it holds. Throws mb::Error for a bad index.
void remove_actuator(SpringNetwork& net, std::vector<Actuator>& list, int index);

// Gives actuator `index` the editable fields of `value` (name, type, enabled, speed,
// advancement, orientation, flags, shape, path). When it is moved (shape, path,
// orientation or advancement) or disabled it lets go and grips afresh on its next tick.
// Throws mb::Error for a bad index.
void edit_actuator(SpringNetwork& net, std::vector<Actuator>& list, int index,
                   const Actuator& value);

}  // namespace mb
