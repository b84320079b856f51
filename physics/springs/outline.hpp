#pragma once
// The outline of a spring network: the boundary of the outer face of its (planar,
// crossing-free) spring graph, as a closed polygon of particle centres.
#include "physics/geometry/polygon.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

// Walks the outer face of the connected piece holding the leftmost particle: at each
// particle it turns to the next spring clockwise from the one it came along, so the
// outside stays on its left. A bridge or a dangling chain is walked both ways.
// A piece without springs gives its single particle.
Polygon network_outline(const SpringNetwork& net);

}  // namespace mb
