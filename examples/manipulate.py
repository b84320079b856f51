#!/usr/bin/env python3
"""A scripted mouse: grab the edge of a wax spot and pull a piece off it, then grab a
peridynamic body and throw it. Saves every few ticks the spot's outline
(frames/outline_<tick>.csv) and every particle (frames/particles_<tick>.npz, where the torn
piece shows), then the body's points (frames/body.npz), in the folder given.

    PYTHONPATH=build/python /usr/bin/python3 examples/manipulate.py [OUT_DIR] [--quick]
"""
import math
import pathlib
import sys

import numpy as np

import meltbox

out = pathlib.Path(next((a for a in sys.argv[1:] if not a.startswith("-")), ".")) / "frames"
out.mkdir(parents=True, exist_ok=True)
steps = 20 if "--quick" in sys.argv else 60
circle = [[30 * math.cos(t), 30 * math.sin(t)] for t in np.linspace(0, 2 * math.pi, 64, False)]
world = meltbox.World.from_outline(circle, inelastic=True)  # springs tear when stretched
world.add_body("circle", radius=8, position=(-80, -80))  # beside the wax; gravity is +y


def pieces(w):
    """Connected pieces of the spring network (union-find over the springs)."""
    parent = list(range(w.particle_count))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    for a, b in zip(w.spring_a, w.spring_b):
        parent[find(a)] = find(b)
    return len({find(i) for i in range(w.particle_count)})


print(f"grabbed {world.grab((24, 0), 10.0)} particles; {pieces(world)} piece(s)")
for k in range(steps):  # drag the cursor 3 units a tick to the right
    world.move((24 + 3 * (k + 1), 0))
    world.tick()
    if k % 5 == 0:  # outline(): the piece holding the leftmost particle, here the spot
        np.savetxt(out / f"outline_{world.time:04d}.csv", world.outline(), delimiter=",",
                   header="X,Y", comments="")
        np.savez(out / f"particles_{world.time:04d}.npz", positions=world.positions())
world.release()
world.tick(5)
print(f"after the pull: {pieces(world)} piece(s), {world.spring_count} springs")

at = world.body_positions(0).mean(axis=0)  # where it has fallen to meanwhile
world.grab(at, 3.0)  # no wax there: the body's points are picked
world.move(at + (-20, -20))
world.tick(10)
world.release(velocity=(-40.0, -60.0))  # up and to the left
world.tick(steps)
points = world.body_positions(0)
np.savez(out / "body.npz", points=points, velocity=np.c_[world.body_vx(0), world.body_vy(0)])
print(f"body thrown to {points.mean(axis=0).round(2)}, moving "
      f"({world.body_vx(0).mean():.2f}, {world.body_vy(0).mean():.2f})")
