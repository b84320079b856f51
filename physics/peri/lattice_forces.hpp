#pragma once
// The force passes of energy.hpp on a body's lattice (lattice.hpp): the same two passes, the
// same per-point part (point_terms.hpp), with the bonds walked as a stencil.
//
// Layout. For direction k and grid row r, the bonds of the row's cells go to the cells
// `offset(k, r)` further on: contiguous loads of x, y and of the direction's copies of
// bond_c and |xi| ([k][cell], 0 for a broken or missing bond, which then adds nothing, as
// a broken bond does in the CSR pass).
//
// Pairs. Pass 1 walks half of the directions and evaluates each pair once; its terms are
// the same from either end, so they go to the near end's sums and, a column shift along,
// to the far end's (a ring of pad + 1 rows of sums). A row's sums are whole once the `pad`
// rows before it have run.
//
// Pipeline. Pass 2 of a row needs g of the rows within the horizon, so it runs `pad` rows
// behind pass 1, reading a direction's a_e, b_e from its own row and the opposite one's
// from the row the pair was evaluated in: a ring of 2 pad + 1 rows (in cache) instead of
// arrays over every bond. Threads take bands of rows; a band also runs pass 1 on the 2 pad
// rows before it and the `pad` rows after it, in the same order as its neighbour, so every
// cell gets its terms in the same order: bitwise the same for any number of threads.
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
