"""The planner on targets of random passes (docs/planning.md, "Repeated passes").

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/plan_random_targets.py [REPEATS] [RNG] [PASSES] [POKES] [SHARE] [RETRY] [MIN_GAIN] [TAIL_WEIGHT]

Four targets, each what PASSES (3 unless given) passes of the 30x30 heater at random directions
and offsets (uniform, offsets within half the radius; numpy generator seeded RNG, 7 unless
given) make of the radius-50 spot (configs/pumping.cfg, -w): unlike the bench's targets, no pass
is repeated. Each is planned as meltbox-bench --plan plans (6 passes, 3,000 rollouts, 2
threads) at seeds 1 and 2, once for each repeats value in REPEATS (comma-separated, "1,2"
unless given), finishing with up to POKES pokes on SHARE of the budget (the planner's 4 and 0
unless given: 0 is what the chords leave; docs/planning.md, "Finishing with pokes"), the plan's
chords retried in each chord's search unless RETRY is 0 (docs/planning.md, "Retried chords"), a
chord kept when it gains MIN_GAIN of the start's rank (the planner's 0.01 unless given), the
tail mean in the rank at TAIL_WEIGHT (the planner's 0.5 unless given; docs/planning.md, "The
outline's farthest tenth"). Prints the median and lowest share of the absolute-Hausdorff gap
closed and the median share of the IoU gap.
"""
import math
import statistics
import sys

import numpy as np

import meltbox
from plan_one_pass import spot


def targets(world, rng, passes):
    made = []
    for _ in range(4):
        chords = [(rng.uniform(0.0, 2.0 * math.pi), rng.uniform(-25.0, 25.0))
                  for _ in range(passes)]
        made.append(meltbox.plan_path_outline(world, meltbox.plan_path(world, chords)))
    return made


def main(repeats_list, rng_seed, passes, pokes, share, retry, min_gain, tail_weight):
    world = spot()
    made = targets(world, np.random.default_rng(rng_seed), passes)
    for repeats in repeats_list:
        hausdorff, iou = [], []
        for target in made:
            iou_start = meltbox.score_plan_path(world, [], target, metric="iou")
            for seed in (1, 2):
                r = meltbox.plan(world, target, passes=6, budget=3000, seed=seed, threads=2,
                                 repeats=repeats, pokes=pokes, poke_share=share,
                                 retry_chords=retry, min_gain=min_gain,
                                 tail_weight=tail_weight)
                hausdorff.append(r["share_closed"])
                iou_end = meltbox.score_plan_path(world, r["path"], target, metric="iou")
                iou.append((iou_start - iou_end) / iou_start)
        print(f"repeats {repeats}: Hausdorff share median {statistics.median(hausdorff):.2f} "
              f"lowest {min(hausdorff):.2f}, IoU share median {statistics.median(iou):.2f} "
              f"({' '.join(f'{h:.2f}' for h in hausdorff)})", flush=True)


if __name__ == "__main__":
    main([int(x) for x in (sys.argv[1] if len(sys.argv) > 1 else "1,2").split(",")],
         int(sys.argv[2]) if len(sys.argv) > 2 else 7,
         int(sys.argv[3]) if len(sys.argv) > 3 else 3,
         int(sys.argv[4]) if len(sys.argv) > 4 else 4,
         float(sys.argv[5]) if len(sys.argv) > 5 else 0.0,
         sys.argv[6] != "0" if len(sys.argv) > 6 else True,
         float(sys.argv[7]) if len(sys.argv) > 7 else 0.01,
         float(sys.argv[8]) if len(sys.argv) > 8 else meltbox.default_plan_settings()["tail_weight"])
