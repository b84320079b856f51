#pragma once
// Work budgets of the fuzz targets. A target runs an input only when the work it asks for
// fits, so that every input finishes well inside libFuzzer's -timeout under ASan: an
// input that simply asks for a huge but valid amount of work (a body of 10^6 points, 10^7
// generated discs, a lattice over a 10^9-unit outline) is not what the fuzzers look for.
// Refusing such sizes with an InputError is the readers' job (size limits, added
// separately); these budgets are smaller than those limits and stay when they land.
#include <string>

#include "physics/geometry/polygon.hpp"
#include "physics/io/scene_io.hpp"

namespace fuzz {

// Discs all <generator count=".."> elements of an XML text ask for, summed (0 when the
// text is not XML or a count is not a number: the reader rejects those itself).
long long generated_discs(const std::string& xml);
inline constexpr long long kMaxGeneratedDiscs = 5000;

// Lattice sites build_lattice scans for an outline's bounding box with these settings.
double lattice_sites(const mb::Box& bounds, const mb::SimulatorSettings& settings);
inline constexpr double kMaxLatticeSites = 100000;

// Bond evaluations building a body costs: its lattice (sites scanned times bonds per
// point), and the power iteration that estimates its stable step (integrator.hpp: 120 force
// passes over a disc of radius horizon + 4 spacings, whatever the body's size).
double body_build_work(const mb::PeriBodySpec& body);
inline constexpr double kMaxBodyBuildWork = 5e6;

// Whether a parsed scene's bodies fit kMaxBodyBuildWork together.
bool bodies_fit(const mb::Scene& scene);

// Bond updates one tick of built bodies may cost: directed bonds times the most substeps
// (under ASan about 1 us each).
double body_tick_work(const mb::PeriSystem& bodies);
inline constexpr double kMaxBodyTickWork = 100000;

// Whether a gas fits a few ticks' budget: at most kMaxWorldDiscs discs, none crossing the
// box more than once a tick (nor would one a thermostat wall sends back at five times its
// thermal speed). Faster ones widen every partner query to the whole box, so each event
// costs O(n): 150 discs at kT 1e10 in a 40 x 40 box took 4 s a tick in Release.
bool gas_fits(const mb::Gas& gas, const mb::Box& box);
inline constexpr int kMaxWorldDiscs = 200;

}  // namespace fuzz
