"""The picture in docs/planning.md: a plan reaching a target, drawn with matplotlib.

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/plan_figure.py docs/plan.png

The target is what three known passes of the 30x30 heater (assets/heater_predict.xml) make of
the radius-50 spot (configs/pumping.cfg, -w); the plan is meltbox.plan with K = 6 and 1,500
rollouts on 2 threads. Draws the start, the target, the plan's result and the plan's path.
"""
import pathlib
import sys

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import meltbox  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main(out):
    world = meltbox.World.load(ROOT / "assets/circle_r50.csv", settings=ROOT / "configs/pumping.cfg",
                               actuators=[ROOT / "assets/heater_predict.xml"], inelastic=True)
    made = world.copy()
    a = made.actuators[0]
    # Three passes left to right through the centre (the default scene's pumping), drawn
    # as the planner draws passes.
    a.path = meltbox.plan_path(world, [(0.0, 0.0)] * 3)
    made.actuators[0] = a
    made.run()
    target = made.outline()
    r = meltbox.plan(world, target, passes=6, budget=1500, threads=2)
    after = world.copy()
    a = after.actuators[0]
    a.path = r["path"]
    after.actuators[0] = a
    after.run()
    fig, ax = plt.subplots(figsize=(4.2, 4.2), dpi=90)
    closed = lambda p: np.vstack([p, p[:1]])  # noqa: E731
    ax.plot(*closed(world.outline()).T, color="0.6", lw=1, label="start")
    ax.plot(*closed(target).T, color="tab:blue", lw=2, label="target")
    ax.plot(*closed(after.outline()).T, color="tab:red", lw=1.2, ls="--", label="plan's result")
    ax.plot(*np.asarray(r["path"]).T, color="tab:orange", lw=0.6, alpha=0.7, label="plan's path")
    ax.set_aspect("equal")
    ax.set_xlim(-110, 110)
    ax.set_ylim(-110, 110)
    ax.legend(loc="lower left", fontsize=7, frameon=False)
    ax.set_title(f"{len(r['passes'])} passes, Hausdorff {r['start_score']:.1f} -> {r['score']:.1f} "
                 f"({r['share_closed']:.0%} closed)", fontsize=8)
    ax.tick_params(labelsize=7)
    fig.tight_layout()
    fig.savefig(out)
    print(r["share_closed"], r["rollouts"], r["seconds"], [p["score"] for p in r["passes"]])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "plan.png")
