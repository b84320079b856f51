#pragma once
// The force passes of energy.hpp on a body's lattice (lattice.hpp): the same two passes, the
// same per-point part (point_terms.hpp), with the bonds walked as a stencil.
//
// Layout. For direction k and grid row r, the bonds of the row's cells go to the cells
// `offset(k, r)` further on: contiguous loads of x, y, X, Y and of the direction's copies of
// bond_c and |xi| ([k][cell], 0 for a broken or missing bond, which then adds nothing, as
// a broken bond does in the CSR pass). A row's sums stay in row-long arrays while the
// directions go by.
//
// Pipeline. Pass 2 of a row needs g of the rows within the horizon, so it runs `pad` rows
// behind pass 1, and pass 1's per-bond coefficients a_e, b_e live only in a ring of pad + 1
// rows (in cache) instead of one array over every bond (in memory). Threads take bands of
// rows; a band also runs pass 1 on the `pad` rows beyond each of its ends for their g (the
// same arithmetic as their own band's, so the result does not depend on the band count:
// bitwise the same for any number of threads).
//
// Sums run over the directions in order, not over the CSR bonds in theirs, so the forces
// agree with energy.cpp's CSR pass to rounding, not bit for bit.
#include <vector>

#include "physics/core/worker_pool.hpp"
#include "physics/peri/body.hpp"
#include "physics/peri/energy.hpp"

namespace mb {

// Pass 1 (theta, F, det F, g, H; with `with_energy` the energy parts and stiffness) and,
// when fx and fy are given, pass 2 (the internal forces, resized to the body). The body's
// lattice must not be empty. Returns the energy when with_energy.
PeriEnergy lattice_forces(const PeriBody& b, PeriPointState& st, std::vector<double>* fx,
                          std::vector<double>* fy, WorkerPool& pool, bool with_energy);

}  // namespace mb
