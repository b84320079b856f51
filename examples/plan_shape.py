#!/usr/bin/env python3
"""Plan the passes of a heater that pump a wax spot into a target outline, as a researcher
planning shape changes would: the radius-50 spot (assets/circle_r50.csv, configs/pumping.cfg,
inelastic) and the 30x30 heater (assets/heater_predict.xml). The target is what two known
passes make of the spot, so the answer is known; give a CSV outline instead with --target.
Writes to the folder given (default: here) plan_scene.xml (the spot with the heater on the
planned path, in the original's scene format, which holds neither the settings nor the
inelastic flag: `build/meltbox -s configs/pumping.cfg plan_scene.xml` plays it, `meltbox-cli
-c simulate -i plan_scene.xml -s configs/pumping.cfg -w -o out.csv` runs it to planned.csv's
outline), planned.csv (the outline the plan leaves) and plan_shape.png (start, target, path,
result). It prints what the plan closes, and what 16 runs of it with every pass nudged by 0.1
close: how much of the figure is chance.

    PYTHONPATH=build/python /usr/bin/python3 examples/plan_shape.py [OUT_DIR] [--target T.csv]
        [--passes K] [--budget N] [--quick]

K passes at most (4), N rollouts (1,500): a target far from the spot's shape needs more passes
and rollouts (docs/planning.md, "Using it"); --quick plans 2 passes in 60 rollouts.
"""
import argparse
import math
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import meltbox  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
parser = argparse.ArgumentParser(description="Plan heater passes toward a target outline.")
parser.add_argument("out", nargs="?", default=".", help="folder to write to (made if missing)")
parser.add_argument("--target", help="the target outline, a CSV of X,Y points")
parser.add_argument("--passes", type=int, help="passes at most (4; --quick: 2)")
parser.add_argument("--budget", type=int, help="rollouts (1500; --quick: 60)")
parser.add_argument("--quick", action="store_true", help="a small plan, for a smoke test")
args = parser.parse_args()
passes = args.passes if args.passes is not None else 2 if args.quick else 4
budget = args.budget if args.budget is not None else 60 if args.quick else 1500
target_csv = args.target
out = pathlib.Path(args.out)
out.mkdir(parents=True, exist_ok=True)

world = meltbox.World.load(ROOT / "assets/circle_r50.csv", settings=ROOT / "configs/pumping.cfg",
                           actuators=[ROOT / "assets/heater_predict.xml"], inelastic=True)
if target_csv:
    # The original's outline CSV: an "X,Y" header line, then one point a line.
    try:
        with open(target_csv) as f:
            header = f.readline().strip().upper().replace(" ", "") == "X,Y"
        target = np.loadtxt(target_csv, delimiter=",", ndmin=2, skiprows=int(header))[:, :2]
    except (OSError, ValueError, IndexError) as e:
        sys.exit(f"{target_csv}: not an outline CSV of X,Y points ({e})")
else:
    # Two passes: one across the centre at 30 degrees, one 15 units to its side at 100 degrees.
    known = [(math.radians(30), 0.0), (math.radians(100), 15.0)]
    target = meltbox.plan_path_outline(world, meltbox.plan_path(world, known))

searching = []


def progress(p):
    """One line as each pass's search begins."""
    if p["pass"] not in searching:
        searching.append(p["pass"])
        print(f"searching pass {p['pass']} (best so far: Hausdorff {p['best_score']:.2f})",
              flush=True)


try:
    r = meltbox.plan(world, target, passes=passes, budget=budget, threads=2, seed=1,
                     progress=progress)
except meltbox.Error as e:  # a refused target or setting, named
    sys.exit(str(e))
print(f"{len(r['passes'])} passes, {r['rollouts']} rollouts, {r['seconds']:.1f} s: Hausdorff "
      f"{r['start_score']:.2f} -> {r['score']:.2f} ({100 * r['share_closed']:.0f} % of the gap)")
# Pumping is chaotic at a tenth of a unit: the plan run again with its passes nudged that much
# says how much of its share is chance (docs/planning.md, "How much of a score is chance").
nudged = meltbox.plan_sensitivity(world, r, runs=4 if args.quick else 16, threads=2)
print(f"nudged by 0.1, {len(nudged['shares'])} runs close {100 * nudged['min_share']:.0f} to "
      f"{100 * nudged['max_share']:.0f} % (median {100 * nudged['median_share']:.0f} %)")

start = world.outline()
heater = world.actuators[0]
heater.path = r["path"] if len(r["path"]) else heater.path
world.actuators[0] = heater
world.save(out / "plan_scene.xml", kind="simulator")
world.run()
world.save(out / "planned.csv")

fig, ax = plt.subplots(figsize=(6, 6))
closed = lambda p: np.vstack([p, p[:1]])  # noqa: E731
ax.fill(*start.T, color="0.85", label="start")
ax.plot(*closed(r["target"]).T, color="tab:blue", lw=2, label="target")
if len(r["path"]):
    ax.plot(*r["path"].T, color="tab:orange", lw=1, label="planned path")
ax.plot(*closed(world.outline()).T, "--", color="tab:red", lw=1.5, label="after the plan")
ax.set_aspect("equal")
ax.legend(loc="upper right", fontsize=8)
ax.set_title(f"{len(r['passes'])} passes: {100 * r['share_closed']:.0f} % of the Hausdorff gap")
fig.savefig(out / "plan_shape.png", dpi=100)
print(f"wrote {out / 'plan_scene.xml'}, {out / 'planned.csv'}, {out / 'plan_shape.png'}")
