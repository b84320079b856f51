#!/usr/bin/env python3
"""Phase-change pumping swept over heater speed x cooldown time: how far the wax's centroid
moves (assets/pumping.xml with configs/pumping.cfg, inelastic, as `meltbox-cli -w`). All
variants run in parallel C++ threads (meltbox.rollout); the heat map goes to
pumping_sweep.png in the folder given (default: here).

    PYTHONPATH=build/python /usr/bin/python3 examples/pumping_sweep.py [OUT_DIR] [--quick]
"""
import os
import pathlib
import sys

import matplotlib
import numpy as np

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt  # noqa: E402

import meltbox  # noqa: E402

root = pathlib.Path(__file__).resolve().parents[1]
out = pathlib.Path(next((a for a in sys.argv[1:] if not a.startswith("-")), "."))
out.mkdir(parents=True, exist_ok=True)
quick = "--quick" in sys.argv
speeds = [1.0, 2.0] if quick else [0.5, 1.0, 1.5, 2.0, 3.0, 4.0]
cooldowns = [10, 20] if quick else [5, 10, 20, 30, 40]

world = meltbox.World.load(root / "assets/pumping.xml", settings=root / "configs/pumping.cfg",
                           inelastic=True)
start = world.positions().mean(axis=0)
variants = []
for c in cooldowns:
    for s in speeds:
        heater = world.actuators[0]
        heater.speed = s
        variants.append({"actuators": [heater], "settings": {"Particle.CooldownTime": c}})
results = meltbox.rollout(world, variants, threads=os.cpu_count() or 1)
shift = np.array([np.linalg.norm(r["world"].positions().mean(axis=0) - start) for r in results])
shift = shift.reshape(len(cooldowns), len(speeds))

fig, ax = plt.subplots(figsize=(6, 4.5))
im = ax.imshow(shift, origin="lower", cmap="viridis", aspect="auto")
ax.set_xticks(range(len(speeds)), [f"{s:g}" for s in speeds])
ax.set_yticks(range(len(cooldowns)), [str(c) for c in cooldowns])
ax.set_xlabel("heater speed (units per tick)")
ax.set_ylabel("CooldownTime (ticks)")
ax.set_title("Pumping: centroid shift after the heater's passes")
for (i, j), v in np.ndenumerate(shift):
    ax.text(j, i, f"{v:.1f}", ha="center", va="center", color="w", fontsize=8)
fig.colorbar(im, label="centroid shift (length units)")
fig.tight_layout()
fig.savefig(out / "pumping_sweep.png", dpi=100)
print(f"{len(results)} variants; centroid shift {shift.min():.2f} .. {shift.max():.2f}; "
      f"wrote {out / 'pumping_sweep.png'}")
