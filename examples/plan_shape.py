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
result). It prints what the plan closes of the Hausdorff gap and of the area's (IoU), and what
16 runs of it with every pass nudged by 0.1 close: how much of the figure is chance.

    PYTHONPATH=build/python /usr/bin/python3 examples/plan_shape.py [OUT_DIR] [--target T.csv]
        [--passes K] [--budget N] [--quick] [--dask local|ADDRESS]

K passes at most (4), N rollouts (1,500): a target far from the spot's shape needs more passes
and rollouts (docs/planning.md, "Using it"); --quick plans 2 passes in 60 rollouts. With
--dask the candidates are run on a Dask cluster: `local` starts two workers on 127.0.0.1, an
address (tcp://HOST:8786) uses the scheduler there, whose workers need meltbox on their path and
this checkout's files at the same place. The plan is the one two local threads make, to the bit.
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
# The world as a spec, the keys a Dask worker loads it from (meltbox.sweep's).
SPEC = {"input": str(ROOT / "assets/circle_r50.csv"), "settings": str(ROOT / "configs/pumping.cfg"),
        "actuators": [str(ROOT / "assets/heater_predict.xml")], "inelastic": True}


def parse_args():
    parser = argparse.ArgumentParser(description="Plan heater passes toward a target outline.")
    parser.add_argument("out", nargs="?", default=".", help="folder to write to (made if missing)")
    parser.add_argument("--target", help="the target outline, a CSV of X,Y points")
    parser.add_argument("--passes", type=int, help="passes at most (4; --quick: 2)")
    parser.add_argument("--budget", type=int, help="rollouts (1500; --quick: 60)")
    parser.add_argument("--quick", action="store_true", help="a small plan, for a smoke test")
    parser.add_argument("--dask", metavar="local|ADDRESS",
                        help="run the candidates on a Dask cluster: two local workers, or a "
                             "scheduler's address")
    args = parser.parse_args()
    if args.passes is None:
        args.passes = 2 if args.quick else 4
    if args.budget is None:
        args.budget = 60 if args.quick else 1500
    return args


def read_target(world, target_csv):
    """The target outline: the CSV's, or what two known passes make of the spot."""
    if target_csv:
        # The original's outline CSV: an "X,Y" header line, then one point a line.
        try:
            with open(target_csv) as f:
                header = f.readline().strip().upper().replace(" ", "") == "X,Y"
            return np.loadtxt(target_csv, delimiter=",", ndmin=2, skiprows=int(header))[:, :2]
        except (OSError, ValueError, IndexError) as e:
            sys.exit(f"{target_csv}: not an outline CSV of X,Y points ({e})")
    # Two passes: one across the centre at 30 degrees, one 15 units to its side at 100 degrees.
    known = [(math.radians(30), 0.0), (math.radians(100), 15.0)]
    return meltbox.plan_path_outline(world, meltbox.plan_path(world, known))


def progress_printer():
    """A progress callback that prints one line as each pass's search begins."""
    searching = []

    def progress(p):
        if p["pass"] not in searching:
            searching.append(p["pass"])
            left = "" if p["seconds_left"] is None else f", about {p['seconds_left']:.0f} s left"
            print(f"searching pass {p['pass']} (best so far: Hausdorff {p['best_score']:.2f}{left})",
                  flush=True)
    return progress


def plan(world, target, args):
    """The plan, its candidates run on two threads here or on a Dask cluster (`local`: two
    workers on 127.0.0.1; else a scheduler's address): the same plan either way."""
    kw = dict(passes=args.passes, budget=args.budget, seed=1, progress=progress_printer())
    if not args.dask:
        return meltbox.plan(world, target, threads=2, **kw)
    from distributed import Client

    from meltbox import sweep
    cluster = sweep.local_cluster(2) if args.dask == "local" else None
    try:
        with Client(cluster if cluster else args.dask, timeout="10s") as client:
            print(f"on Dask: {len(client.scheduler_info()['workers'])} workers", flush=True)
            return meltbox.plan(world, target, client=client, spec=SPEC, **kw)
    finally:
        if cluster:
            cluster.close()


def draw(path, start, r, after):
    fig, ax = plt.subplots(figsize=(6, 6))
    closed = lambda p: np.vstack([p, p[:1]])  # noqa: E731
    ax.fill(*start.T, color="0.85", label="start")
    ax.plot(*closed(r["target"]).T, color="tab:blue", lw=2, label="target")
    if len(r["path"]):
        ax.plot(*r["path"].T, color="tab:orange", lw=1, label="planned path")
    ax.plot(*closed(after).T, "--", color="tab:red", lw=1.5, label="after the plan")
    ax.set_aspect("equal")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(f"{len(r['passes'])} passes: {100 * r['share_closed']:.0f} % of the Hausdorff gap")
    fig.savefig(path, dpi=100)


def main():
    args = parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    world = meltbox.World.load(SPEC["input"], settings=SPEC["settings"],
                               actuators=SPEC["actuators"], inelastic=True)
    target = read_target(world, args.target)
    try:
        r = plan(world, target, args)
    except meltbox.Error as e:  # a refused target or setting, named
        sys.exit(str(e))
    except OSError as e:  # no scheduler at that address
        sys.exit(f"--dask {args.dask}: {e}")
    print(f"{len(r['passes'])} passes, {r['rollouts']} rollouts, {r['seconds']:.1f} s: Hausdorff "
          f"{r['start_score']:.2f} -> {r['score']:.2f} ({100 * r['share_closed']:.0f} % of the gap)")
    # The Hausdorff distance is decided by the one point of the outline farthest off, often a
    # notch a single spring makes; the share of the area gap (PlasticineLab's normalised
    # incremental IoU) says how much of the shape the plan got right.
    iou = [meltbox.score_plan_path(world, path, r["target"], metric="iou", speeds=speeds)
           for path, speeds in (([], None), (r["path"], r["path_speeds"]))]
    print(f"area: 1 - IoU {iou[0]:.3f} -> {iou[1]:.3f} ({100 * (iou[0] - iou[1]) / iou[0]:.0f} % "
          "of the gap)")
    # Pumping is chaotic at a tenth of a unit: the plan run again with its passes nudged that
    # much says how much of its share is chance (docs/planning.md, "How much of a score is
    # chance").
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
    draw(out / "plan_shape.png", start, r, world.outline())
    print(f"wrote {out / 'plan_scene.xml'}, {out / 'planned.csv'}, {out / 'plan_shape.png'}")


# Dask's local workers are processes that import this file again: the plan runs only here.
if __name__ == "__main__":
    main()
