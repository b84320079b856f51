#pragma once
// A body's points seen as cells of its hexagonal lattice (body.hpp), so the force passes
// can run as a stencil (lattice_forces.hpp).
//
// Why: on the CSR layout each bond reads its far point through an index (four gathers a
// bond: x_j, y_j, X_j, Y_j), and perf showed the pass bound by those gathers and the
// arithmetic. On the lattice the bond in direction k of every cell of a row goes to the cell
// a fixed offset away, so a row's bonds in one direction are contiguous loads and the loop
// vectorises at full width with no gather.
//
// The grid: lattice rows (y) and columns (x) of the body frame, with `pad` empty rows and
// columns on each side so every direction's offset stays inside it; cells with no point
// hold no bond. On a hexagonal lattice odd rows sit half a spacing to the right, so the
// column offset of a direction depends on the parity of the row it starts from.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace mb {

struct PeriBodyModel;

struct PeriLatticeDirection {
  int32_t rows = 0;            // row offset
  int32_t cols_from_even = 0;  // column offset from a cell in an even lattice row
  int32_t cols_from_odd = 0;   // ... from an odd one
  double dx = 0.0, dy = 0.0;   // the bond vector xi in the world frame (the body turned)
};

struct PeriLattice {
  int32_t width = 0, height = 0;                 // grid columns and rows (padding included)
  int32_t pad = 0;                               // empty rows (and columns) on each side
  int32_t first_row_odd = 0;                     // 1 when grid row 0 is an odd lattice row
  std::vector<int32_t> cell_of;                  // point -> cell (row * width + column)
  std::vector<int32_t> point_of;                 // cell -> point, -1 for an empty cell
  std::vector<PeriLatticeDirection> directions;  // every bond vector (sorted; an even count)
  // Half of the directions, one of each opposite pair (those pointing to a later row, or
  // along the row to a later column), and the opposite of each: a pair of cells is one
  // bond of direction half[h] from the earlier cell.
  std::vector<int32_t> half, opposite;
  std::vector<int32_t> bond_of;  // [k * cells + cell]: the CSR bond (body.hpp), -1 for none

  bool empty() const { return directions.empty(); }
  int64_t cells() const { return static_cast<int64_t>(width) * height; }
  // Cell offset of direction k from a cell in grid row `row`.
  int32_t offset(size_t k, int32_t row) const {
    const PeriLatticeDirection& d = directions[k];
    const bool odd = ((row + first_row_odd) & 1) != 0;
    return d.rows * width + (odd ? d.cols_from_odd : d.cols_from_even);
  }
};

// The lattice of a body built by build_body (its points on the hexagonal lattice of
// spec.spacing, spec.angle and spec.position); empty when the points are not such a lattice
// (a body built from explicit points), or when points fill less than `min_fill` of the
// grid (a stencil over mostly empty cells costs more than the CSR pass saves).
PeriLattice build_lattice(const PeriBodyModel& body, double min_fill = 0.5);

}  // namespace mb
