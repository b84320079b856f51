#!/usr/bin/env python3
"""A script written the way the original Spring Simulator's users drive its CLI.

Modelled on the original's examples/stretch.py (our own code): build a rectangle mesh in
Python, write it and two actuator files, and call the simulator once per direction, each
with two -a files. One pusher of speed 0 holds the left edge (the original's "stand still
at the path's first point"); the other grips the top right corner and pulls it 50 units in
one of six directions. Checked by hand: the gripped corner ends exactly the path's length
away, along the path, and the held edge does not move at all.

Usage: stretch_like_original.py MELTBOX_CLI SETTINGS_CFG
"""
import math
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

RADIUS, SPRING = 1.0, 5.0  # particle radius and spring length of the mesh
STIFFNESS = 0.02
PULL = 50.0  # length of the corner pusher's path


def rectangle_mesh(width, height):
    """Hexagonal mesh in a width x height box centred on the origin, rows shifted by half a
    spacing on odd rows, springs to the left, upper and one diagonal neighbour."""
    dx = 2 * RADIUS + SPRING
    dy = dx * math.sqrt(3) / 2
    nx = int((width / 2 - dx / 2) / dx)
    ny = int((height / 2 - dx / 2) / dy)
    grid, particles, springs = {}, [], []
    for i in range(-ny, ny + 1):
        for j in range(-nx, nx + 1):
            x = j * dx - (dx / 2 if i & 1 else 0.0)
            grid[i, j] = len(particles)
            particles.append((x, i * dy))
    for (i, j), p in grid.items():
        for q in ((i, j - 1), (i - 1, j), (i - 1, j - 1) if i & 1 else (i - 1, j + 1)):
            if q in grid:
                springs.append((p, grid[q]))
    return particles, springs


def write_state(path, particles, springs):
    root = ET.Element("state")
    ps = ET.SubElement(root, "particles")
    for k, (x, y) in enumerate(particles):
        ET.SubElement(ps, "particle", x=repr(x), y=repr(y), radius=str(RADIUS), id=str(k))
    ss = ET.SubElement(root, "springs")
    for a, b in springs:
        ET.SubElement(ss, "spring", particle1id=str(a), particle2id=str(b),
                      equilibrium_length=str(SPRING), force_constant=str(STIFFNESS))
    ET.ElementTree(root).write(path)


def write_pusher(path, shape, points, speed, orientation=0.0):
    root = ET.Element("actuator", type="Pusher", enabled="true",
                      spring_crossing_allowed="false", orientation=str(orientation),
                      speed=str(speed))
    for tag, pts in (("shape", shape), ("path", points)):
        node = ET.SubElement(root, tag)
        for x, y in pts:
            ET.SubElement(node, "point", x=repr(x), y=repr(y))
    ET.ElementTree(root).write(path)


def inside(shape, orientation, at, p):
    """The pusher's shape turned about its vertex average and placed at `at`: contains p?"""
    cx = sum(x for x, _ in shape) / len(shape)
    cy = sum(y for _, y in shape) / len(shape)
    c, s = math.cos(math.radians(orientation)), math.sin(math.radians(orientation))
    poly = [((x - cx) * c - (y - cy) * s + at[0], (x - cx) * s + (y - cy) * c + at[1])
            for x, y in shape]
    winding = 0
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        cross = (x1 - x0) * (p[1] - y0) - (p[0] - x0) * (y1 - y0)
        if y0 <= p[1] < y1 and cross > 0:
            winding += 1
        elif y1 <= p[1] < y0 and cross < 0:
            winding -= 1
    return winding != 0


def read_positions(path):
    root = ET.parse(path).getroot()
    out = {}
    for p in root.iter("particle"):
        out[int(p.get("id"))] = (float(p.get("x")), float(p.get("y")))
    return out


def main():
    cli, cfg = sys.argv[1], sys.argv[2]
    if not os.path.exists(cfg):
        sys.exit(f"missing settings file {cfg}: the original's configs live in "
                 "../shared/original-configs beside the checkout")
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        particles, springs = rectangle_mesh(100, 70)
        write_state("initial.xml", particles, springs)
        hand1 = [(0, 0), (0, 80), (10, 80), (10, 0)]  # a vertical bar over the left edge
        write_pusher("hand1.xml", hand1, [(-48.0, 0.0)], 0)
        held = [k for k, p in enumerate(particles) if inside(hand1, 0, (-48.0, 0.0), p)]
        hand2 = [(0, 0), (0, 10), (10, 10), (10, 0)]
        x, y = 39.0, 32.0
        corner = [k for k, p in enumerate(particles) if inside(hand2, 30, (x, y), p)]
        if len(held) < 5 or not corner:
            sys.exit(f"test set-up: {len(held)} held, {len(corner)} corner particles")
        for angle in range(0, 180, 30):
            a = math.radians(angle)
            move = (PULL * math.sin(a), PULL * math.cos(a))
            write_pusher("hand2.xml", hand2, [(x, y), (x + move[0], y + move[1])], 2, 30)
            out = f"angle{angle}.xml"
            run = subprocess.run([cli, "-s", cfg, "-c", "simulate", "-a", "hand1.xml",
                                  "-a", "hand2.xml", "-i", "initial.xml", "-o", out],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"angle {angle}: exit {run.returncode}: {run.stderr.strip()}")
                continue
            end = read_positions(out)
            for k in held:
                if end[k] != particles[k]:
                    failures.append(f"angle {angle}: held particle {k} moved "
                                    f"{particles[k]} -> {end[k]}")
            for k in corner:
                d = (end[k][0] - particles[k][0], end[k][1] - particles[k][1])
                if math.hypot(d[0] - move[0], d[1] - move[1]) > 1e-6:
                    failures.append(f"angle {angle}: corner particle {k} moved {d}, "
                                    f"expected {move}")
            print(f"angle {angle}: {len(held)} held still, {len(corner)} corner "
                  f"particle(s) moved {PULL} units")
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
