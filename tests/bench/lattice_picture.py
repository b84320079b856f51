#!/usr/bin/env python3
"""docs/lattices.png: the hexagonal and the amorphous lattice before and after the same
three heater passes along x (docs/springs.md, "Lattices"). Runs build/meltbox-cli:

    /usr/bin/python3 tests/bench/lattice_picture.py [build/meltbox-cli] [docs/lattices.png]
"""
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import LineCollection  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build/meltbox-cli"
OUT = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "docs/lattices.png"

# Three passes of the 30x30 heater through the centre along +x, returning above the spot
# (as tests/common/isotropy.hpp's pumping_run at 0 degrees).
PATH = "".join(f'<point x="{x}" y="{y}"/>' for _ in range(3)
               for x, y in ((-75, 0), (75, 0), (75, 80), (-75, 80))) + '<point x="-75" y="0"/>'
HEATER = ('<actuator type="Heater" name="passes" speed="1"><shape><point x="0" y="0"/>'
          '<point x="30" y="0"/><point x="30" y="30"/><point x="0" y="30"/></shape>'
          f"<path>{PATH}</path></actuator>")


def network(path):
    root = ET.parse(path).getroot()
    state = root if root.tag == "state" else root.find("state")
    pts = {p.get("id"): (float(p.get("x")), float(p.get("y")))
           for p in state.iter("particle")}
    springs = [(pts[s.get("particle1id")], pts[s.get("particle2id")])
               for s in state.iter("spring")]
    return pts, springs


def run(lattice, tmp):
    before, after = Path(tmp) / f"{lattice}_0.xml", Path(tmp) / f"{lattice}_1.xml"
    common = [str(CLI), "-i", str(ROOT / "assets/circle_r50.csv"), "-s",
              str(ROOT / "configs/pumping.cfg"), "--lattice", lattice, "--lattice-seed", "1"]
    subprocess.run(common + ["-c", "convert", "-o", str(before)], check=True)
    subprocess.run(common + ["-c", "simulate", "-w", "-a", HEATER, "-o", str(after)], check=True)
    return network(before), network(after)


def main():
    fig, axes = plt.subplots(2, 2, figsize=(7.2, 6.0), dpi=90)
    with tempfile.TemporaryDirectory() as tmp:
        for row, lattice in enumerate(("hex", "amorphous")):
            for col, (pts, springs) in enumerate(run(lattice, tmp)):
                ax = axes[row][col]
                ax.add_collection(LineCollection(springs, colors="#5a6b7b", linewidths=0.6))
                xs, ys = zip(*pts.values())
                ax.scatter(xs, ys, s=5, c="#d08a2e", zorder=3)
                cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
                ax.plot([cx], [cy], "k+", ms=10)
                ax.set_xlim(-80, 65)
                ax.set_ylim(-62, 62)
                ax.set_aspect("equal")
                ax.set_xticks([])
                ax.set_yticks([])
                name = "hexagonal" if lattice == "hex" else "amorphous (seed 1)"
                ax.set_title(f"{name}, {'before' if col == 0 else 'after 3 passes'}"
                             f"\ncentroid x = {cx:.2f}", fontsize=9)
    fig.suptitle("three heater passes left to right through the centre (configs/pumping.cfg, -w)",
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(OUT)
    print(OUT)


if __name__ == "__main__":
    main()
