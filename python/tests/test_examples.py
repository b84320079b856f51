"""The examples run in their short form (--quick), as a researcher would run them."""
import os
import re
import subprocess
import sys

import numpy as np

import meltbox

# The folder that holds the package being tested, for the examples' own interpreter.
PYTHONPATH = os.path.dirname(os.path.dirname(os.path.abspath(meltbox.__file__)))


def run_example(root, name, tmp_path):
    done = subprocess.run([sys.executable, str(root / "examples" / name), str(tmp_path), "--quick"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": PYTHONPATH}, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_stretch(root, tmp_path):
    run_example(root, "stretch.py", tmp_path)
    held = None
    for angle in (0, 90):
        pts = np.loadtxt(tmp_path / f"stretch_{angle}.csv", delimiter=",", skiprows=1)
        left = pts[pts[:, 0] < -45]  # the bar covers x in -53 .. -43
        held = left if held is None else held
        # The still pusher holds the left edge: the same there whatever the pull.
        assert np.array_equal(np.sort(left, axis=0), np.sort(held, axis=0))
    up = np.loadtxt(tmp_path / "stretch_0.csv", delimiter=",", skiprows=1)
    right = np.loadtxt(tmp_path / "stretch_90.csv", delimiter=",", skiprows=1)
    assert up[:, 1].max() > 60  # pulled up 50 from the corner near y = 32
    assert right[:, 0].max() > 80  # pulled right 50 from the corner near x = 39


def test_pumping_sweep(root, tmp_path):
    out = run_example(root, "pumping_sweep.py", tmp_path)
    assert "4 variants" in out
    assert (tmp_path / "pumping_sweep.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_manipulate(root, tmp_path):
    out = run_example(root, "manipulate.py", tmp_path)
    frames = sorted((tmp_path / "frames").glob("outline_*.csv"))
    assert len(frames) == 4
    # The grabbed piece left the spot: particles beyond its radius of 30, near the cursor.
    with np.load(tmp_path / "frames" / "particles_0016.npz") as f:
        assert (f["positions"][:, 0] > 50).sum() > 0
    assert "after the pull: 2 piece(s)" in out
    body = np.load(tmp_path / "frames" / "body.npz")
    assert body["velocity"][:, 0].mean() < 0  # thrown to the left
    assert "piece" in out


def test_plan_shape(root, tmp_path):
    out = run_example(root, "plan_shape.py", tmp_path)
    assert "searching pass 1" in out
    # The area line: 1 - IoU before and after, and the share of that gap.
    before, after, share = re.search(r"1 - IoU ([0-9.]+) -> ([0-9.]+) \((-?[0-9]+) %", out).groups()
    # (the printed figures are rounded: 3 decimals of values near 0.05 move the share by 1 %)
    assert abs(100 * (float(before) - float(after)) / float(before) - int(share)) <= 2
    assert (tmp_path / "plan_shape.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The saved scene, run with the spot's settings, leaves the outline the example wrote.
    world = meltbox.World.load(tmp_path / "plan_scene.xml", settings=root / "configs/pumping.cfg",
                               inelastic=True)
    world.run()
    planned = np.loadtxt(tmp_path / "planned.csv", delimiter=",", skiprows=1)
    assert np.array_equal(world.outline(), planned)


def test_plan_shape_takes_the_passes_and_the_budget_it_is_given(root, tmp_path):
    done = subprocess.run([sys.executable, str(root / "examples" / "plan_shape.py"), str(tmp_path),
                           "--quick", "--passes", "1", "--budget", "40"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": PYTHONPATH})
    assert done.returncode == 0, done.stderr
    # "<passes> passes, <rollouts> rollouts, ...": at most what was asked.
    first = next(line for line in done.stdout.splitlines() if " rollouts, " in line).split()
    assert int(first[0]) <= 1 and 0 < int(first[2]) <= 40, done.stdout


def test_plan_shape_names_a_target_it_cannot_read(root, tmp_path):
    bad = tmp_path / "target.csv"
    bad.write_text("X,Y\n1,2\nthree,4\n")
    done = subprocess.run([sys.executable, str(root / "examples" / "plan_shape.py"), str(tmp_path),
                           "--target", str(bad)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": PYTHONPATH})
    assert done.returncode != 0
    assert str(bad) in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert not (tmp_path / "plan_scene.xml").exists()
    # Zero passes: the library's refusal, named, no traceback.
    done = subprocess.run([sys.executable, str(root / "examples" / "plan_shape.py"), str(tmp_path),
                           "--passes", "0"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": PYTHONPATH})
    assert done.returncode != 0 and "passes" in done.stderr and "Traceback" not in done.stderr, \
        done.stderr


def test_plan_shape_on_a_local_dask_cluster_plans_what_two_threads_plan(root, tmp_path):
    # The example's --dask local: its candidates run on two worker processes on 127.0.0.1,
    # which import the script again; the plan, and so the outline it leaves, is the local one.
    def run(out, *extra):
        done = subprocess.run([sys.executable, str(root / "examples" / "plan_shape.py"), str(out),
                               "--quick", *extra], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "PYTHONPATH": PYTHONPATH})
        assert done.returncode == 0, done.stderr
        return done.stdout
    assert "on Dask: 2 workers" in run(tmp_path / "dask", "--dask", "local")
    run(tmp_path / "here")
    assert (tmp_path / "dask" / "planned.csv").read_bytes() == \
        (tmp_path / "here" / "planned.csv").read_bytes()
