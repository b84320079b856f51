#include "physics/peri/edit.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "physics/core/error.hpp"
#include "physics/geometry/spatial_hash.hpp"
#include "physics/peri/contact_skin.hpp"
#include "physics/peri/material_parameters.hpp"
#include "physics/peri/softening.hpp"

namespace mb {

void set_material(PeriBody& body, const PeriMaterial& material) {
  PeriBodySpec spec = body.spec();
  spec.material = material;
  std::vector<Vec2> reference(body.model->X.size());
  for (size_t i = 0; i < reference.size(); ++i) reference[i] = {body.model->X[i], body.model->Y[i]};
  PeriBody fresh = build_body_from_points(spec, reference);  // throws before body changes
  fresh.x = std::move(body.x), fresh.y = std::move(body.y);
  fresh.vx = std::move(body.vx), fresh.vy = std::move(body.vy);
  fresh.pinned = std::move(body.pinned);
  // The bond list depends only on the reference points and the horizon, so it is the same
  // list in the same order: the broken flags carry over one to one.
  if (fresh.damage->bond_broken.size() == body.damage->bond_broken.size() &&
      body.broken_bonds() > 0) {
    auto damage = std::make_shared<PeriDamage>(*fresh.damage);
    damage->bond_broken = body.damage->bond_broken;
    damage->broken_bonds = body.broken_bonds();
    // The shape tensors and the skin leave out broken bonds.
    std::vector<int32_t> all(fresh.x.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int32_t>(i);
    refresh_shape_tensors(*fresh.model, *damage, all);
    refresh_contact_skin(*fresh.model, *damage);
    fresh.damage = std::move(damage);
  }
  fresh.heat = std::move(body.heat);  // a heated body stays soft, by the new material's scale
  apply_softening(fresh);
  body = std::move(fresh);
}

std::string placement_problem(const PeriBody& body, const std::vector<PeriBody>& others,
                              const Box& box) {
  const double r = body.point_radius();
  for (int32_t i = 0; i < body.size(); ++i)
    if (body.x[i] - r < box.min.x || body.x[i] + r > box.max.x || body.y[i] - r < box.min.y ||
        body.y[i] + r > box.max.y)
      return "the body does not fit in the box there";
  if (others.empty() || body.size() == 0) return {};
  SpatialHash hash;
  hash.build(body.x, body.y, std::max(2.0 * r, 1e-9));
  for (size_t k = 0; k < others.size(); ++k) {
    const PeriBody& o = others[k];
    const double reach = r + o.point_radius();
    for (int32_t j = 0; j < o.size(); ++j) {
      const Vec2 p{o.x[j], o.y[j]};
      bool hit = false;
      hash.for_each_near(p, reach, [&](int32_t i) {
        const double dx = body.x[i] - p.x, dy = body.y[i] - p.y;
        hit = hit || dx * dx + dy * dy < reach * reach;
      });
      if (hit) return "the body would overlap body " + std::to_string(k + 1);
    }
  }
  return {};
}

namespace {
PeriBody& existing(PeriSystem& s, int index) {
  if (index < 0 || index >= static_cast<int>(s.bodies.size()))
    throw Error("no body " + std::to_string(index + 1) + " (there are " +
                std::to_string(s.bodies.size()) + ")");
  return s.bodies[static_cast<size_t>(index)];
}
}  // namespace

void add_body(PeriSystem& system, const PeriBodySpec& spec, const Box& box, bool check_placement) {
  PeriBody body;
  try {
    body = build_body(spec);
  } catch (const Error& e) {
    throw Error(std::string("cannot build the body: ") + e.what());
  }
  if (check_placement)
    if (std::string why = placement_problem(body, system.bodies, box); !why.empty())
      throw Error(why);
  system.add(std::move(body));
}

void remove_body(PeriSystem& s, int index) {
  (void)existing(s, index);
  s.grab_end();  // the grab holds body indices
  s.bodies.erase(s.bodies.begin() + index);
  s.refresh();
}

void set_body_material(PeriSystem& s, int index, const PeriMaterial& material) {
  PeriBody& body = existing(s, index);
  if (const std::vector<std::string> problems = validate(material); !problems.empty())
    throw Error("material not applied: " + problems.front());
  set_material(body, material);
  s.refresh();  // the substep plan reads the states' stiffness
}

void set_settings(PeriSystem& s, const PeriSettings& settings) {
  const auto problems = parameter_problems(settings, peri_parameters());
  if (!problems.empty()) throw Error("body settings not applied: " + problems.front());
  for (const Parameter<PeriSettings>& p : peri_parameters()) p.set(s.settings, p.get(settings));
}

}  // namespace mb
