"""How often a plan of one pass finds a one-pass target's true pass (docs/planning.md).

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/plan_one_pass.py [BUDGET] [RESTARTS] [WEIGHT]

Five targets, each what one known pass of the 30x30 heater (assets/heater_predict.xml) makes of
the radius-50 spot (configs/pumping.cfg, -w); each planned with passes=1 and seeds 1 to 3 on 2
threads (BUDGET rollouts, 500 unless given; RESTARTS cross-entropy runs a pass, 3 unless
given; WEIGHT the metric's weight in the rank, 1 unless given). A plan finds the pass when its direction is within 90 degrees of the true one and its
line lies within one lattice spacing (7.5) of the true line across the spot (its ends within
the spot's radius of the centre). Prints the count found, and the median share of the
absolute-Hausdorff gap closed.
"""
import math
import pathlib
import sys
import time

import numpy as np

import meltbox

ROOT = pathlib.Path(__file__).resolve().parents[2]
RADIUS, SPACING = 50.0, 7.5
TARGETS = [(60, 10.0), (0, 0.0), (135, -15.0), (250, 10.0), (300, -5.0)]  # degrees, offset


def spot():
    return meltbox.World.load(ROOT / "assets/circle_r50.csv", settings=ROOT / "configs/pumping.cfg",
                              actuators=[ROOT / "assets/heater_predict.xml"], inelastic=True)


def stray(angle, offset, true_angle, true_offset):
    """The farthest the line (angle, offset) strays from the true line within RADIUS."""
    along = np.array([math.cos(angle), math.sin(angle)])
    across = np.array([-along[1], along[0]])
    true_across = np.array([-math.sin(true_angle), math.cos(true_angle)])
    return max(abs(true_across @ (offset * across + t * along) - true_offset)
               for t in (-RADIUS, RADIUS))


def main(budget, restarts, weight):
    world = spot()
    found, shares, t0 = 0, [], time.time()
    for degrees, offset in TARGETS:
        angle = math.radians(degrees)
        made = spot()
        heater = made.actuators[0]
        heater.path = meltbox.plan_path(world, [(angle, offset)])
        made.actuators[0] = heater
        made.run()
        target = made.outline()
        for seed in (1, 2, 3):
            r = meltbox.plan(world, target, passes=1, budget=budget, restarts=restarts, seed=seed,
                             metric_weight=weight,
                             threads=2, min_gain=-1.0)
            p = r["passes"][0]
            turn = math.remainder(p["angle"] - angle, 2.0 * math.pi)
            found += abs(turn) < math.pi / 2 and stray(p["angle"], p["offset"], angle,
                                                       offset) <= SPACING
            shares.append(r["share_closed"])
    print(f"budget {budget}, restarts {restarts}: found {found} of {3 * len(TARGETS)}, "
          f"median share closed {np.median(shares):.2f}, {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500,
         int(sys.argv[2]) if len(sys.argv) > 2 else 3,
         float(sys.argv[3]) if len(sys.argv) > 3 else 1.0)
