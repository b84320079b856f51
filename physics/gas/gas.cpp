// Disc storage of the gas.
#include "physics/gas/gas.hpp"

namespace mb {

int32_t Gas::add_disc(double px, double py, double pvx, double pvy, double m, double r,
                      int32_t sp) {
  x.push_back(px);
  y.push_back(py);
  vx.push_back(pvx);
  vy.push_back(pvy);
  mass.push_back(m);
  radius.push_back(r);
  species.push_back(sp);
  return size() - 1;
}

void Gas::remove_disc(int32_t i) {
  auto move_last = [i](auto& v) {
    v[static_cast<size_t>(i)] = v.back();
    v.pop_back();
  };
  move_last(x);
  move_last(y);
  move_last(vx);
  move_last(vy);
  move_last(mass);
  move_last(radius);
  move_last(species);
}

void Gas::clear() {
  for (auto* v : {&x, &y, &vx, &vy, &mass, &radius}) v->clear();
  species.clear();
}

}  // namespace mb
