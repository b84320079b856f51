// The conduction model in the World (world/world_heat.hpp): a heater's power arrives whole,
// a held temperature inside the band melts nothing, and phases change with hysteresis.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/gas/generator.hpp"
#include "physics/gas/thermo.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/world/contact_views.hpp"
#include "physics/world/world.hpp"

namespace {

mb::World heated_spot(double spot_radius) {
  mb::World world;
  world.settings.heat.model = mb::HeatModel::Conduction;
  world.inelastic = true;
  world.net = mb::circle_spot({0.0, 0.0}, spot_radius, world.settings);
  return world;
}

mb::Actuator still_heater(double size) {
  mb::Actuator h;
  h.type = mb::ActuatorType::Heater;
  h.shape = mb::rectangle_polygon({0, 0}, {size, size});
  h.path.points = {{0, 0}, {0, 1000}};
  h.speed = 0.0;  // still: it heats on every tick (actuator.hpp, kStillSpeed)
  return h;
}

double total_enthalpy(const mb::SpringNetwork& net) {
  double sum = 0.0;
  for (double h : net.enthalpy) sum += h;
  return sum;
}

// Without losses the heat content grows by exactly P A dt per covered particle per tick,
// P the heater's power per unit area and A the area of a particle's lattice cell.
TEST(WorldHeat, AHeatersPowerArrivesWholeWhenNothingIsLost) {
  mb::World world = heated_spot(20.0);
  world.settings.heat.convection = 0.0;
  world.settings.heat.heater_power = 3.0;
  world.settings.heat.solidus = world.settings.heat.liquidus = 1e4;  // nothing melts or moves
  mb::Actuator heater = still_heater(15.0);
  world.actuators.push_back(heater);
  world.tick();  // gives every particle its ambient enthalpy, and heats once
  const double a = world.settings.lattice_spacing();
  const double cell = a * a * std::sqrt(3.0) / 2.0;  // hexagonal lattice
  const auto covered = mb::particles_inside(world.net, world.actuators[0].placed_shape(14.0));
  ASSERT_GT(covered.size(), 3u);
  const double before = total_enthalpy(world.net);
  const int ticks = 40;
  for (int k = 0; k < ticks; ++k) world.tick();
  EXPECT_NEAR(total_enthalpy(world.net) - before,
              ticks * world.settings.heat.tick_seconds * 3.0 * cell * covered.size(),
              1e-9 * before);
}

// A heater holding the wax inside the band partly melts it: no particle turns molten (they
// never pass the liquidus), yet the melt fraction is there. Above the band they melt.
TEST(WorldHeat, AHeaterHeldInsideTheBandMeltsNoParticleAndAboveItMeltsThem) {
  mb::World world = heated_spot(20.0);
  mb::Actuator heater = still_heater(15.0);
  heater.heat_temperature = 0.5 * (world.settings.heat.solidus + world.settings.heat.liquidus);
  world.actuators.push_back(heater);
  double molten_mass = 0.0;
  for (int k = 0; k < 100; ++k) {
    const mb::TickStats t = world.tick();
    EXPECT_EQ(t.melted, 0);
    molten_mass = t.molten_mass;
  }
  EXPECT_EQ(std::count(world.net.state.begin(), world.net.state.end(), mb::ParticleState::Molten),
            0);
  EXPECT_GT(molten_mass, 1.0);
  world.actuators[0].heat_temperature = world.settings.heat.liquidus + 20.0;
  int melted = 0;
  for (int k = 0; k < 20; ++k) melted += world.tick().melted;
  EXPECT_GT(melted, 3);
}

// Hysteresis: a particle melts only when its fraction reaches 1 and freezes only at 0, so a
// temperature wandering inside the band changes no state. Its radius follows the fraction.
TEST(WorldHeat, ATemperatureWanderingInsideTheBandChangesNoParticlesState) {
  mb::SimulatorSettings settings;
  settings.heat.model = mb::HeatModel::Conduction;
  mb::SpringNetwork net;
  for (int i = 0; i < 10; ++i) net.add_particle(i * 7.0, 0.0, settings.default_radius);
  for (int i = 5; i < 10; ++i) net.state[i] = mb::ParticleState::Molten;
  const mb::MeltCurve curve = mb::melt_curve(settings.heat);
  const double hs = curve.solid_enthalpy(), hl = curve.liquid_enthalpy();
  for (int k = 0; k < 200; ++k) {
    for (int i = 0; i < 10; ++i)
      net.enthalpy[i] = hs + (0.5 + 0.49 * std::sin(0.37 * k + i)) * (hl - hs);
    const mb::PhaseChanges c = mb::update_phases(net, settings);
    ASSERT_EQ(c.melted + c.frozen, 0) << "step " << k;
  }
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(net.state[i], i < 5 ? mb::ParticleState::Frozen : mb::ParticleState::Molten);
  net.enthalpy[0] = hl;  // reaches the top of the band: melts
  net.enthalpy[9] = hs;  // reaches the bottom: freezes
  net.enthalpy[1] = hs + 0.25 * (hl - hs);
  const mb::PhaseChanges c = mb::update_phases(net, settings);
  EXPECT_EQ(c.melted, 1);
  EXPECT_EQ(c.frozen, 1);
  EXPECT_EQ(net.state[0], mb::ParticleState::Molten);
  EXPECT_EQ(net.state[9], mb::ParticleState::Frozen);
  EXPECT_DOUBLE_EQ(net.radius[0], settings.molten_radius);
  EXPECT_DOUBLE_EQ(net.radius[9], settings.default_radius);
  EXPECT_DOUBLE_EQ(net.radius[1], settings.default_radius +
                                      0.25 * (settings.molten_radius - settings.default_radius));
}

// A hot gas (kT 3000) around a radius-15 wax spot melting at `melting_point` (the wax a
// thermal wall at its temperature, world step 7), no convection and no heater.
mb::World hot_gas_around_a_spot(double melting_point) {
  mb::World world = heated_spot(15.0);
  world.settings.heat.convection = 0.0;
  world.settings.heat.gas_energy_joules = 0.05;
  world.settings.heat.solidus = world.settings.heat.liquidus = melting_point;
  world.box = {{-60.0, -60.0}, {60.0, 60.0}};
  mb::gas::GeneratorSpec spec;
  spec.count = 400, spec.radius_min = spec.radius_max = 1.0, spec.mass = 1.0;
  spec.temperature = 3000.0, spec.seed = 5;
  mb::gas::generate(world.gas, world.box, spec);
  mb::ContactView spot;
  mb::add_particles(spot, world.net, world.settings, {}, {}, 0.0);
  mb::gas::move_out_of(world.gas, world.box, 0, spot, 9);
  return world;
}

// While the wax stands still the gas's kinetic energy (in J) and the wax's enthalpy add up
// to the same total after every tick: what a disc loses at a particle heats that particle.
// (A moving particle also works on the gas, as any moving wall does.)
TEST(WorldHeat, TheHeatAHotGasGivesTheWaxIsTheEnergyTheGasLoses) {
  mb::World world = hot_gas_around_a_spot(1e4);  // nothing melts, so nothing moves
  const double joules = world.settings.heat.gas_energy_joules;
  world.tick();  // every particle gets its enthalpy
  const auto total = [&] {
    double h = 0.0;
    for (double e : world.net.enthalpy) h += e;
    return h + joules * mb::gas::kinetic_energy(world.gas);
  };
  const double kT_before = mb::gas::temperature(world.gas);
  double energy = total(), taken = 0.0;
  for (int k = 0; k < 200; ++k) {
    taken += world.tick().gas_heat;
    const double now = total();
    ASSERT_NEAR(now, energy, 1e-12 * energy) << "tick " << k;
    energy = now;
  }
  EXPECT_GT(taken, 0.0);
  EXPECT_LT(mb::gas::temperature(world.gas), 0.95 * kT_before);  // cold wax cools the gas
}

TEST(WorldHeat, AHotGasMeltsTheWaxItTouches) {
  mb::World world = hot_gas_around_a_spot(330.0);
  double molten = 0.0;
  for (int k = 0; k < 400; ++k) molten = std::max(molten, world.tick().molten_mass);
  EXPECT_GT(molten, 1.0);
}

}  // namespace
