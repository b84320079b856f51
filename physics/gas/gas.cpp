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
  internal.push_back(0.0);
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
  move_last(internal);
}

void Gas::remove_discs(const std::vector<int32_t>& gone) {
  auto keep = [&](auto& v) {
    size_t out = static_cast<size_t>(gone.front()), next = 0;
    for (size_t i = out; i < v.size(); ++i) {
      if (next < gone.size() && static_cast<size_t>(gone[next]) == i) {
        ++next;
        continue;
      }
      v[out++] = v[i];
    }
    v.resize(out);
  };
  if (gone.empty()) return;
  for (auto* v : {&x, &y, &vx, &vy, &mass, &radius, &internal}) keep(*v);
  keep(species);
}

void Gas::clear() {
  for (auto* v : {&x, &y, &vx, &vy, &mass, &radius, &internal}) v->clear();
  species.clear();
  held_discs.clear();
}

}  // namespace mb
