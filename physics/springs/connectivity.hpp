#pragma once
// The inelastic ("wax") simulator's connectivity update (the Spring Simulator's `-w`).
//
// Removal: springs stretched past DisconnectionThreshold (gap / L), most stretched
// first, go only if that leaves no hole (a cycle longer than 3 without a chord):
//   - a boundary spring (its triangles all on one side) is simply removed;
//   - an interior spring (triangles on both sides, apexes c1 and c2) is flipped: the
//     quad c1-a-c2-b gets its other diagonal c1-c2, then a-b goes;
//   - a spring in no triangle whose ends are joined through a quad a-x-y-b gets the
//     quad's shorter diagonal first, then goes;
//   - otherwise it stays. A spring never goes when an end would keep fewer than two,
//     and a new diagonal is only added if it crosses no spring.
// Tearing: a spring still past the threshold after the removal, with one end held by the
// mouse and the other not, is cut whatever the rules above say. The rules keep the
// network a triangulation while heat reshapes it slowly; a hand can pull material far past
// anything the relaxation produces, and a spring the rules may not remove would stay
// stretched for good (drawn red, ten times its length). The held patch tears off instead.
// Creation: unjoined particles whose gap is below DefaultLength * ConnectionThreshold
// are joined, closest first, if the new spring crosses no spring. Candidates come
// from a uniform-grid spatial hash, so pieces separated by a crack rejoin (the
// original only looked 2-4 springs away).
#include <cstdint>
#include <vector>

#include "physics/geometry/spatial_hash.hpp"
#include "physics/springs/simulator_settings.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

struct ConnectivityChange {
  int removed = 0;  // torn springs included
  int added = 0;
  int torn = 0;
  bool any() const { return removed + added > 0; }
};

class ConnectivityUpdater {
 public:
  // `held`: the particles the mouse holds (may be empty), whose stretched springs tear.
  ConnectivityChange update(SpringNetwork& net, const SimulatorSettings& settings,
                            const std::vector<int32_t>& held = {});

 private:
  void build_neighbours(const SpringNetwork& net);
  bool joined(int32_t i, int32_t j) const;
  int32_t find_spring(const SpringNetwork& net, int32_t i, int32_t j) const;
  // True when segment ij would cross a spring that shares no particle with it
  // (`ignore` is a spring allowed to cross: the one a flip replaces).
  bool crosses_any(const SpringNetwork& net, int32_t i, int32_t j, int32_t ignore) const;
  void link(SpringNetwork& net, int32_t i, int32_t j, const SimulatorSettings& settings);
  void unlink(SpringNetwork& net, int32_t s);
  bool try_remove(SpringNetwork& net, int32_t s, const SimulatorSettings& settings);
  int create_springs(SpringNetwork& net, const SimulatorSettings& settings);
  int tear_held(SpringNetwork& net, const SimulatorSettings& settings,
                const std::vector<int32_t>& held);

  std::vector<std::vector<int32_t>> neighbours_;  // particle -> joined particles
  std::vector<std::vector<int32_t>> springs_of_;  // particle -> spring ids
  double longest_ = 0.0;                          // longest spring, for crossing queries
  SpatialHash hash_;
  struct Candidate {  // a pair create_springs may join
    double gap;
    int32_t i, j;
  };
  std::vector<Candidate> candidates_;
  std::vector<uint8_t> is_held_;
};

// Number of pairs of springs (sharing no particle) that cross: 0 in a valid network.
// O(n log n)-ish with a spatial hash; used by tests and checks.
int64_t count_crossings(const SpringNetwork& net);

}  // namespace mb
