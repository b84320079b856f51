#!/usr/bin/env python3
"""Cloth-stretch data, as the original Spring Simulator's examples/stretch.py generates it,
written with the meltbox module: a rectangle mesh, a still pusher holding its left edge, and
a second pusher pulling the top right corner 50 units in six directions. Writes one outline
CSV per direction (stretch_<angle>.csv) to the folder given (default: here).

    PYTHONPATH=build/python /usr/bin/python3 examples/stretch.py [OUT_DIR] [--quick]
"""
import math
import pathlib
import sys

import numpy as np

import meltbox

out = pathlib.Path(next((a for a in sys.argv[1:] if not a.startswith("-")), "."))
out.mkdir(parents=True, exist_ok=True)
angles = [0, 90] if "--quick" in sys.argv else range(0, 180, 30)
settings = {"Lattice.Type": "hexagonal", "Spring.DefaultStiffness": 0.02}
mesh = meltbox.World.from_outline([[-50, -35], [50, -35], [50, 35], [-50, 35]], settings)
bar = [[0, 0], [0, 80], [10, 80], [10, 0]]  # over the left edge
hand = [[0, 0], [0, 10], [10, 10], [10, 0]]  # over the top right corner, turned 30 degrees
corner = np.array([39.0, 32.0])
for angle in angles:
    a = math.radians(angle)
    world = mesh.copy()
    world.actuators = [
        meltbox.Pusher([[-48, 0]], bar, speed=0),
        meltbox.Pusher([corner, corner + 50 * np.array([math.sin(a), math.cos(a)])], hand,
                       speed=2, orientation=30)]
    result = world.run()
    world.save(out / f"stretch_{angle}.csv")
    print(f"angle {angle}: {result['ticks']} ticks, state hash {world.state_hash():016x}")
