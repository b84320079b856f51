"""CMA-ES over whole plans against the planner's pass-by-pass search (docs/planning.md).

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/plan_cmaes_study.py [BUDGET] [SEEDS]

The radius-50 targets of `meltbox-bench --plan` (known passes of the 30x30 heater over the
spot of assets/circle_r50.csv, configs/pumping.cfg, -w), each planned two ways with the same
number of simulated passes, BUDGET (3,000 unless given), on 2 threads, for seeds 1..SEEDS (2):

- meltbox.plan: K = 6, the defaults (receding horizon, cross-entropy per pass) but for the
  finishing pokes (pokes=0: the study compares the searches of chords);
- CMA-ES (Hansen, "The CMA Evolution Strategy: A Tutorial", arXiv:1604.00772, the (mu/mu_w,
  lambda) strategy with rank-one and rank-mu updates and cumulative step-size adaptation, as
  in the tutorial's pure Python code) over all passes at once: 2K coordinates (direction / pi
  and offset / the largest offset, per pass), K the target's own number of passes (an
  advantage the planner does not get), each candidate a whole path run from the start, so
  BUDGET / K candidates; ranked by 1 - IoU like the planner's guide.

Prints, per target and seed, the share of the absolute-Hausdorff gap and of the IoU gap that
each closes (CMA-ES: its best candidate by the guide), and the medians.
"""
import concurrent.futures
import math
import pathlib
import sys

import numpy as np

import meltbox

ROOT = pathlib.Path(__file__).resolve().parents[2]
TARGETS = {  # name: passes as (degrees, offset in spot radii), as in tests/bench/plan_cases.cpp
    "r50_2passes": [(0, 0.0), (0, 0.0)],
    "r50_3passes": [(90, 0.3), (90, 0.3), (200, -0.2)],
    "r50_4passes": [(30, 0.0), (30, 0.2), (30, -0.2), (150, 0.5)],
    "r50_6passes": [(0, 0.0)] * 6,
}
RADIUS = 50.0


def spot():
    return meltbox.World.load(ROOT / "assets/circle_r50.csv", settings=ROOT / "configs/pumping.cfg",
                              actuators=[ROOT / "assets/heater_predict.xml"], inelastic=True)


class CmaEs:
    """The tutorial's CMA-ES for minimising f over R^n, started at `mean` with step `sigma`."""

    def __init__(self, mean, sigma, rng):
        n = len(mean)
        self.n, self.mean, self.sigma, self.rng = n, np.array(mean, float), sigma, rng
        self.lam = 4 + int(3 * math.log(n))
        self.mu = self.lam // 2
        w = math.log(self.lam / 2 + 0.5) - np.log(np.arange(1, self.mu + 1))
        self.w = w / w.sum()
        self.mueff = 1.0 / np.sum(self.w ** 2)
        self.cc = (4 + self.mueff / n) / (n + 4 + 2 * self.mueff / n)
        self.cs = (self.mueff + 2) / (n + self.mueff + 5)
        self.c1 = 2 / ((n + 1.3) ** 2 + self.mueff)
        self.cmu = min(1 - self.c1,
                       2 * (self.mueff - 2 + 1 / self.mueff) / ((n + 2) ** 2 + self.mueff))
        self.damps = 1 + 2 * max(0.0, math.sqrt((self.mueff - 1) / (n + 1)) - 1) + self.cs
        self.chin = math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n))
        self.pc, self.ps = np.zeros(n), np.zeros(n)
        self.B, self.D, self.C = np.eye(n), np.ones(n), np.eye(n)
        self.generation = 0

    def ask(self):
        z = self.rng.standard_normal((self.lam, self.n))
        return self.mean + self.sigma * (z * self.D) @ self.B.T

    def tell(self, xs, scores):
        order = np.argsort(scores, kind="stable")
        xs = np.asarray(xs)[order[:self.mu]]
        old = self.mean
        self.mean = self.w @ xs
        y = (self.mean - old) / self.sigma
        inv_sqrt_c = self.B @ np.diag(1 / self.D) @ self.B.T
        self.ps = (1 - self.cs) * self.ps + math.sqrt(self.cs * (2 - self.cs) * self.mueff) * (
            inv_sqrt_c @ y)
        self.generation += 1
        hsig = (np.linalg.norm(self.ps) / math.sqrt(1 - (1 - self.cs) ** (2 * self.generation))
                / self.chin < 1.4 + 2 / (self.n + 1))
        self.pc = (1 - self.cc) * self.pc + hsig * math.sqrt(self.cc * (2 - self.cc) * self.mueff) * y
        ys = (xs - old) / self.sigma
        self.C = ((1 - self.c1 - self.cmu) * self.C
                  + self.c1 * (np.outer(self.pc, self.pc)
                               + (1 - hsig) * self.cc * (2 - self.cc) * self.C)
                  + self.cmu * (ys.T * self.w) @ ys)
        self.sigma *= math.exp((self.cs / self.damps) * (np.linalg.norm(self.ps) / self.chin - 1))
        self.C = np.triu(self.C) + np.triu(self.C, 1).T
        eigenvalues, self.B = np.linalg.eigh(self.C)
        self.D = np.sqrt(np.maximum(eigenvalues, 1e-20))


def cma_plan(world, target, k, budget, seed, pool, max_offset):
    """The best whole plan of k passes CMA-ES finds in budget // k candidates."""
    rng = np.random.default_rng(seed)
    es = CmaEs(rng.uniform(-0.5, 0.5, 2 * k) + np.tile([1.0, 0.0], k), 0.5, rng)

    def passes_of(x):
        return [(math.pi * x[2 * j], float(np.clip(x[2 * j + 1], -0.99, 0.99)) * max_offset)
                for j in range(k)]

    def guide(x):
        return meltbox.score_plan_path(world, meltbox.plan_path(world, passes_of(x)), target, "iou")

    best, best_x, spent = math.inf, None, 0
    while spent + es.lam <= budget // k:
        xs = es.ask()
        scores = list(pool.map(guide, xs))
        spent += len(xs)
        es.tell(xs, scores)
        j = int(np.argmin(scores))
        if scores[j] < best:
            best, best_x = scores[j], xs[j]
    return meltbox.plan_path(world, passes_of(best_x))


def shares(world, target, path):
    out = []
    for metric in ("hausdorff", "iou"):
        start = meltbox.score_plan_path(world, np.zeros((0, 2)), target, metric)
        out.append((start - meltbox.score_plan_path(world, path, target, metric)) / start)
    return out


def main(budget, seeds):
    world = spot()
    max_offset = meltbox.plan(world, world.outline(), passes=1, budget=1)["travel_radius"] - 3 * 7.5
    rows = {"planner": [], "cma-es": []}
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for name, passes in TARGETS.items():
            made = spot()
            heater = made.actuators[0]
            heater.path = meltbox.plan_path(world, [(math.radians(a), o * RADIUS) for a, o in passes])
            made.actuators[0] = heater
            made.run()
            target = made.outline()
            for seed in range(1, seeds + 1):
                r = meltbox.plan(world, target, passes=6, budget=budget, threads=2, seed=seed,
                                 pokes=0)
                planner = shares(world, target, r["path"])
                cma = shares(world, target, cma_plan(world, target, len(passes), budget, seed, pool,
                                                     max_offset))
                rows["planner"].append(planner)
                rows["cma-es"].append(cma)
                print(f"{name} seed {seed}: Hausdorff share planner {planner[0]:.2f} CMA-ES "
                      f"{cma[0]:.2f}; IoU share planner {planner[1]:.2f} CMA-ES {cma[1]:.2f}",
                      flush=True)
    for who, v in rows.items():
        v = np.array(v)
        print(f"{who}: median Hausdorff share {np.median(v[:, 0]):.2f}, "
              f"median IoU share {np.median(v[:, 1]):.2f} over {len(v)} plans")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000, int(sys.argv[2]) if len(sys.argv) > 2 else 2)
