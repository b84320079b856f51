#!/usr/bin/env python3
"""The Python module's figures (issue 35; goals, not timed tests):
  1. the Python overhead of world.tick() over the C++ tick, in microseconds: n calls of
     tick() against one call of tick(n) on two copies of the same world (same work; the
     difference is the call: argument conversion, the GIL's release, the stats dict);
  2. rollout() of 64 variants of the pumping scene on 1 and on 2 threads.

    PYTHONPATH=build/python /usr/bin/python3 tests/bench/python_figures.py [--quick]
"""
import json
import os
import pathlib
import sys
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


def rollout_seconds(threads, count):
    world = meltbox.World.load(ROOT / "assets/pumping.xml", settings=ROOT / "configs/pumping.cfg",
                               inelastic=True)
    variants = []
    for k in range(count):
        heater = world.actuators[0]
        heater.speed = 1.0 + 0.05 * (k % 8)
        variants.append({"actuators": [heater], "settings": {"Particle.CooldownTime": 10 + k // 8}})
    t0 = time.perf_counter()
    results = meltbox.rollout(world, variants, threads=threads, worlds=False)
    return time.perf_counter() - t0, [r["state_hash"] for r in results]


overhead, cpp_tick = tick_overhead(2000 if quick else 20000)
count = 8 if quick else 64
one, hashes1 = rollout_seconds(1, count)
two, hashes2 = rollout_seconds(2, count)
assert hashes1 == hashes2, "rollout differs between 1 and 2 threads"
print(json.dumps({"tick_overhead_us": round(overhead, 3), "cpp_tick_us": round(cpp_tick, 3),
                  "rollout_variants": count, "rollout_1_thread_s": round(one, 3),
                  "rollout_2_threads_s": round(two, 3), "speedup": round(one / two, 2),
                  "cpus": os.cpu_count()}))
