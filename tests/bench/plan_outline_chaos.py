"""What the chaos of the Hausdorff score is made of (docs/planning.md, "How much of a score is
chance").

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/plan_outline_chaos.py

For each of meltbox-bench --plan's reachable targets (the passes of tests/bench/plan_cases.cpp,
on a circle spot of configs/pumping.cfg, -w, the 30x30 heater of assets/heater_predict.xml),
the target's own passes are run nudged six ways, as the bench nudges them (0.1 length units
sideways, turned by 0.1 / travel radius, or both, either way). For each nudged run it prints
the absolute Hausdorff distance of its outline to the target, and splits it:
  - particles: the farthest any particle ends from where it ends in the target's run, and the
    median particle's distance;
  - same outline particles: the Hausdorff distance to the target of the polygon through the
    particles that make the target's outline, where the nudged run left them. That is the
    score the run would get if the outline were made of the same particles (moved, not
    replaced); the rest of the score comes from the outline passing through other particles
    (a surface spring missing or made, so the outer face walks in to a particle a lattice
    row deeper, or out round one that strayed).
"""
import math
import pathlib
import statistics
import sys
import tempfile

import numpy as np

import meltbox

ROOT = pathlib.Path(__file__).resolve().parents[2]

# tests/bench/plan_cases.cpp's targets: (direction in degrees, offset in spot radii) per pass.
TARGETS = {
    "r50_2passes": (50.0, [(0, 0.0), (0, 0.0)]),
    "r50_3passes": (50.0, [(90, 0.3), (90, 0.3), (200, -0.2)]),
    "r50_4passes": (50.0, [(30, 0.0), (30, 0.2), (30, -0.2), (150, 0.5)]),
    "r50_6passes": (50.0, [(0, 0.0)] * 6),
    "r100_2passes": (100.0, [(270, 0.3), (270, -0.3)]),
    "r100_5passes": (100.0, [(45, 0.0), (45, 0.4), (45, -0.4), (225, 0.7), (225, 0.7)]),
}
NUDGE = 0.1


def spot(radius, folder):
    csv = pathlib.Path(folder) / f"circle_r{radius:g}.csv"
    angles = np.linspace(0.0, 2.0 * math.pi, 400, endpoint=False)
    with open(csv, "w") as f:
        f.write("X,Y\n")
        for a in angles:
            f.write(f"{radius * math.cos(a):.6f},{radius * math.sin(a):.6f}\n")
    return meltbox.World.load(csv, settings=ROOT / "configs/pumping.cfg",
                              actuators=[ROOT / "assets/heater_predict.xml"], inelastic=True)


def run(world, chords):
    heater = world.actuators[0]
    heater.path = meltbox.plan_path(world, chords)
    return meltbox.rollout(world, [{"actuators": [heater]}])[0]["world"]


def point_set_hausdorff(a, b):
    d = np.linalg.norm(a[:, None, :] - b[None, :, :], axis=2)
    return max(d.min(axis=1).max(), d.min(axis=0).max())


def main():
    with tempfile.TemporaryDirectory() as folder:
        for name, (radius, passes) in TARGETS.items():
            world = spot(radius, folder)
            chords = [(math.radians(a), o * radius) for a, o in passes]
            made = run(world, chords)
            target = made.outline()
            ends = np.array(made.positions())
            # The particles on the target's outline, in its order.
            on_outline = [int(np.argmin(np.linalg.norm(ends - p, axis=1))) for p in target]
            start = meltbox.hausdorff(world.outline(), target)
            # The planner's travel circle (a plan of one rollout reports it): a turn moves a
            # chord's ends on it by the nudge.
            circle = meltbox.plan(world, target, passes=1, budget=1)["travel_radius"]
            rows = []
            for shift, turn in [(NUDGE, 0), (-NUDGE, 0), (0, NUDGE), (0, -NUDGE),
                                (NUDGE, NUDGE), (-NUDGE, -NUDGE)]:
                nudged = run(world, [(a + turn / circle, o + shift) for a, o in chords])
                moved = np.array(nudged.positions())
                score = meltbox.hausdorff(nudged.outline(), target)
                same = meltbox.hausdorff(moved[on_outline], target)
                step = np.linalg.norm(moved - ends, axis=1)
                rows.append((score, same, step.max(), float(np.median(step)),
                             point_set_hausdorff(moved, ends)))
            print(f"{name}: start {start:.1f}; nudged runs' Hausdorff to the target "
                  f"{' '.join(f'{r[0]:.1f}' for r in rows)} (median "
                  f"{statistics.median(r[0] for r in rows):.1f}); through the same outline "
                  f"particles {' '.join(f'{r[1]:.1f}' for r in rows)} (median "
                  f"{statistics.median(r[1] for r in rows):.1f}); farthest particle moved "
                  f"{statistics.median(r[2] for r in rows):.1f}, median particle "
                  f"{statistics.median(r[3] for r in rows):.2f} (medians over the six)",
                  flush=True)


if __name__ == "__main__":
    sys.exit(main())
