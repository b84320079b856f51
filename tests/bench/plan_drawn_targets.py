"""The planner on targets a person draws, not made by passes (docs/planning.md, "Using it").

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/plan_drawn_targets.py [SEED]

Shapes of the radius-50 spot's area (the spot of assets/circle_r50.csv, configs/pumping.cfg,
-w, the 30x30 heater), centred on its centroid: ellipses of aspect 1.2 and 1.5, an egg (the
radius 1 + 0.2 cos t), a square, and the spot itself moved 5 units to the right. Each planned
with 6 passes and 3,000 rollouts on 2 threads at SEED (1 unless given), the 1.5 ellipse also
with 12 passes. Prints the share of the absolute-Hausdorff gap and of the IoU gap each plan
closes, its passes and its seconds.
"""
import math
import sys
import time

import numpy as np

import meltbox
from plan_one_pass import spot


def area(outline):
    x, y = outline[:, 0], outline[:, 1]
    return 0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))


def shapes(outline):
    """name: outline (N x 2), each of the outline's area."""
    c = outline.mean(axis=0)
    r = math.sqrt(area(outline) / math.pi)
    t = np.linspace(0.0, 2.0 * math.pi, 120, endpoint=False)
    egg = np.c_[r * np.cos(t) * (1.0 + 0.2 * np.cos(t)), r * np.sin(t)]
    egg *= math.sqrt(area(outline) / area(egg))
    side = math.sqrt(area(outline))
    u = np.linspace(-0.5, 0.5, 30, endpoint=False)
    square = np.concatenate([np.c_[u, -0.5 + 0 * u], np.c_[0.5 + 0 * u, u],
                             np.c_[-u, 0.5 + 0 * u], np.c_[-0.5 + 0 * u, -u]]) * side
    return {
        "ellipse 1.2": c + np.c_[r * 1.2 * np.cos(t), r / 1.2 * np.sin(t)],
        "ellipse 1.5": c + np.c_[r * 1.5 * np.cos(t), r / 1.5 * np.sin(t)],
        "egg": c + egg,
        "square": c + square,
        "moved 5": outline + [5.0, 0.0],
    }


def main(seed):
    world = spot()
    drawn = shapes(world.outline())
    runs = [(name, target, 6) for name, target in drawn.items()]
    runs.append(("ellipse 1.5", drawn["ellipse 1.5"], 12))
    for name, target, passes in runs:
        start = time.time()
        r = meltbox.plan(world, target, passes=passes, budget=3000, threads=2, seed=seed)
        iou_start = meltbox.score_plan_path(world, [], target, metric="iou")
        iou_end = meltbox.score_plan_path(world, r["path"], target, metric="iou")
        print(f"{name}, {passes} passes at most: Hausdorff {r['start_score']:.1f} -> "
              f"{r['score']:.1f}, share {r['share_closed']:.2f}; IoU share "
              f"{(iou_start - iou_end) / iou_start:.2f}; {len(r['passes'])} passes, "
              f"{r['rollouts']} rollouts, {time.time() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
