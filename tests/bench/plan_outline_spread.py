"""Where a plan's outline lies from its target, beyond the one number Hausdorff gives
(docs/planning.md, "How much of a score is chance").

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/plan_outline_spread.py [NAME ...]

For each of meltbox-bench --plan's reachable targets (plan_outline_chaos.py's spots and
passes), plans at the bench's settings (6 passes, 3,000 rollouts, seed 1, 2 threads) and
prints the distances of both outlines' 400 arc-length samples to the other outline, for no
move and for the plan: their median, 90th and 99th percentiles and their largest (the
Hausdorff distance of these samples). The Hausdorff distance is the largest of the 800; the
median says where most of the outline lies. About 3 minutes on 2 cores.
"""
import math
import sys
import tempfile

import numpy as np

import meltbox
from plan_outline_chaos import TARGETS, spot

SAMPLES = 400


def arc_samples(polygon, n=SAMPLES):
    """n points evenly spaced along the closed polygon's perimeter, from its first vertex."""
    closed = np.vstack([polygon, polygon[:1]])
    edges = np.diff(closed, axis=0)
    lengths = np.hypot(edges[:, 0], edges[:, 1])
    at = np.concatenate([[0.0], np.cumsum(lengths)])
    s = np.linspace(0.0, at[-1], n, endpoint=False)
    k = np.minimum(np.searchsorted(at, s, side="right") - 1, len(edges) - 1)
    return closed[k] + edges[k] * ((s - at[k]) / lengths[k])[:, None]


def sample_distances(a, b):
    """Each sample of a to the nearest sample of b, then each of b to the nearest of a."""
    sa, sb = arc_samples(a), arc_samples(b)
    d = np.sqrt(((sa[:, None, :] - sb[None, :, :]) ** 2).sum(axis=2))
    return np.concatenate([d.min(axis=1), d.min(axis=0)])


def spread(d):
    return "median %5.2f  p90 %5.2f  p99 %5.2f  max %5.2f" % tuple(
        np.percentile(d, [50, 90, 99, 100]))


def main(names):
    for name in names or TARGETS:
        radius, passes = TARGETS[name]
        with tempfile.TemporaryDirectory() as folder:
            world = spot(radius, folder)
        chords = [(math.radians(a), o * radius) for a, o in passes]
        target = meltbox.plan_path_outline(world, meltbox.plan_path(world, chords))
        r = meltbox.plan(world, target, passes=6, budget=3000, threads=2, seed=1)
        planned = (meltbox.plan_path_outline(world, r["path"]) if len(r["path"])
                   else world.outline())
        print(f"{name}: share closed {r['share_closed']:.2f}", flush=True)
        print(f"  no move  {spread(sample_distances(world.outline(), target))}")
        print(f"  the plan {spread(sample_distances(planned, target))}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
