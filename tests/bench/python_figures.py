#!/usr/bin/env python3
"""The Python module's figures (issue 35; goals, not timed tests):
  1. the Python overhead of world.tick() over the C++ tick, in microseconds: n calls of
     tick() against one call of tick(n) on two copies of the same world (same work; the
     difference is the call: argument conversion, the GIL's release, the stats dict);
  2. rollout() of 64 variants of the pumping scene on 1 and on 2 threads;
  3. the same 64 as a meltbox.sweep on a 2-worker LocalCluster (127.0.0.1), the cluster
     started beforehand (its start is printed apart);
  4. one plan (examples/plan_shape.py's: 4 passes, 600 rollouts) on that cluster, each
     worker running the part the candidates share once (the default), against every
     candidate's path run from the start (the baseline), and on 2 local threads: the same
     plan three ways.

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/python_figures.py [--quick]
"""
import json
import math
import os
import pathlib
import sys
import tempfile
import time

import meltbox

ROOT = pathlib.Path(__file__).resolve().parents[2]
quick = "--quick" in sys.argv


def tick_overhead(n):
    # Two free particles on a spring at rest: a tick that does almost nothing, so the
    # difference is not lost in noise.
    base = meltbox.World.from_arrays([[0, 0], [7, 0]], [1, 1], [[0, 1]], [5.0], [0.01])
    best = float("inf")
    for _ in range(5):
        a, b = base.copy(), base.copy()
        t0 = time.perf_counter()
        for _ in range(n):
            a.tick()
        t1 = time.perf_counter()
        b.tick(n)
        t2 = time.perf_counter()
        assert a.state_hash() == b.state_hash()
        best = min(best, ((t1 - t0) - (t2 - t1)) / n * 1e6)
    return best, (t2 - t1) / n * 1e6


def params(k):
    return {"actuators.0.speed": 1.0 + 0.05 * (k % 8), "Particle.CooldownTime": 10 + k // 8}


def rollout_seconds(threads, count):
    world = meltbox.World.load(ROOT / "assets/pumping.xml", settings=ROOT / "configs/pumping.cfg",
                               inelastic=True)
    variants = []
    for k in range(count):
        heater = world.actuators[0]
        heater.speed = params(k)["actuators.0.speed"]
        variants.append({"actuators": [heater],
                         "settings": {"Particle.CooldownTime": params(k)["Particle.CooldownTime"]}})
    t0 = time.perf_counter()
    results = meltbox.rollout(world, variants, threads=threads, worlds=False)
    return time.perf_counter() - t0, [r["state_hash"] for r in results]


def plan_seconds(client, passes, budget):
    spec = {"input": str(ROOT / "assets/circle_r50.csv"),
            "settings": str(ROOT / "configs/pumping.cfg"),
            "actuators": [str(ROOT / "assets/heater_predict.xml")], "inelastic": True}
    world = meltbox.World.load(spec["input"], settings=spec["settings"],
                               actuators=spec["actuators"], inelastic=True)
    target = meltbox.plan_path_outline(world, meltbox.plan_path(
        world, [(math.radians(30), 0.0), (math.radians(100), 15.0)]))
    remote = meltbox.planning.dask_evaluator(client, spec)
    kw = dict(passes=passes, budget=budget, seed=1)
    t0 = time.perf_counter()
    shared = meltbox.plan(world, target, evaluate=remote, **kw)
    t1 = time.perf_counter()
    whole = meltbox.plan(world, target, evaluate=lambda paths: remote(paths), **kw)
    t2 = time.perf_counter()
    local = meltbox.plan(world, target, threads=2, **kw)
    t3 = time.perf_counter()
    for other in (whole, local):
        assert (other["path"] == shared["path"]).all() and other["score"] == shared["score"]
    return t1 - t0, t2 - t1, t3 - t2, len(shared["passes"])


def sweep_seconds(count, plan_passes, plan_budget):
    from distributed import Client

    from meltbox import sweep
    with tempfile.TemporaryDirectory() as out:
        spec = {"input": str(ROOT / "assets/pumping.xml"),
                "settings": str(ROOT / "configs/pumping.cfg"), "inelastic": True,
                "samples": [params(k) for k in range(count)], "output": out}
        t0 = time.perf_counter()
        cluster = sweep.local_cluster(2)
        client = Client(cluster)
        t1 = time.perf_counter()
        manifest = sweep.sweep(spec, client=client)
        t2 = time.perf_counter()
        planned = plan_seconds(client, plan_passes, plan_budget)
        client.close()
        cluster.close()
    return t1 - t0, t2 - t1, [int(e["state_hash"], 16) for e in manifest["samples"]], planned


def main():
    # In main(): the LocalCluster's worker processes import this file again (spawn).
    overhead, cpp_tick = tick_overhead(2000 if quick else 20000)
    count = 8 if quick else 64
    one, hashes1 = rollout_seconds(1, count)
    two, hashes2 = rollout_seconds(2, count)
    assert hashes1 == hashes2, "rollout differs between 1 and 2 threads"
    start, dask, hashes3, planned = sweep_seconds(count, 2 if quick else 4, 40 if quick else 600)
    assert hashes3 == hashes1, "the sweep differs from rollout"
    shared, whole, local, passes = planned
    print(json.dumps({"tick_overhead_us": round(overhead, 3), "cpp_tick_us": round(cpp_tick, 3),
                      "rollout_variants": count, "rollout_1_thread_s": round(one, 3),
                      "rollout_2_threads_s": round(two, 3), "speedup": round(one / two, 2),
                      "dask_cluster_start_s": round(start, 3), "dask_sweep_s": round(dask, 3),
                      "dask_over_rollout_2": round(dask / two, 2),
                      "plan_passes": passes, "dask_plan_s": round(shared, 3),
                      "dask_plan_from_the_start_s": round(whole, 3),
                      "dask_plan_speedup": round(whole / shared, 2),
                      "plan_2_threads_s": round(local, 3),
                      "cpus": os.cpu_count()}))


if __name__ == "__main__":
    main()
