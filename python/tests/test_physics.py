"""The physics seen from Python, checked against values derived by hand or from
conservation laws."""
import json
import math
import subprocess

import numpy as np
import pytest

import meltbox


def test_a_spring_pair_relaxes_to_its_rest_gap():
    # Two free particles of radius 1 joined by a spring of rest gap L = 5, started 8 apart
    # (surface to surface). Equal and opposite forces: the gap goes to L, the midpoint stays.
    w = meltbox.World.from_arrays([[0, 0], [10, 0]], [1, 1], [[0, 1]], [5.0], [0.01],
                                  settings={"Relaxation.ConvergenceLimit": 1e-9,
                                            "Relaxation.IterationLimit": 100000})
    stats = w.tick()
    assert stats["converged"] and stats["max_force"] < 1e-9
    x = w.particle_x
    gap = x[1] - x[0] - 2.0
    # |force| = k |gap - L| fell below the limit (gap error 1e-7) at the solver's last check;
    # its last step may still leave a little of that: ten times it is the bound.
    assert abs(gap - 5.0) < 10 * 1e-9 / 0.01
    assert abs((x[0] + x[1]) / 2 - 5.0) < 1e-9
    assert list(w.particle_y) == [0.0, 0.0]


def test_a_free_disc_keeps_its_momentum():
    # One disc, nothing in its way: after n ticks it is n * dt * v further, its velocity
    # untouched.
    w = meltbox.World(box=(-1000, -1000, 1000, 1000))
    w.add_discs([0.0], [0.0], [3.0], [-4.0], [2.0], [1.0])
    dt = w.gas_settings["tick-seconds"]
    w.tick(60)
    assert np.allclose([w.disc_x[0], w.disc_y[0]], [3.0 * 60 * dt, -4.0 * 60 * dt], atol=1e-9)
    assert (w.disc_vx[0], w.disc_vy[0]) == (3.0, -4.0)


def test_two_discs_collide_elastically():
    # Head-on: momentum and kinetic energy are conserved; for masses 1 and 3 at +4 and 0,
    # the 1-D elastic formulas give v1' = (1-3)/(1+3) * 4 = -2 and v2' = 2/(1+3) * 4 = 2.
    w = meltbox.World(box=(-100, -100, 100, 100))
    w.add_discs([-10.0, 10.0], [0.0, 0.0], [4.0, 0.0], [0.0, 0.0], [1.0, 3.0], [1.0, 1.0])
    w.tick(600)  # 10 s: they meet after (20 - 2) / 4 = 4.5 s, then part, far from the walls
    assert np.allclose(w.disc_vx, [-2.0, 2.0], atol=1e-12)
    assert np.allclose(w.disc_vy, [0.0, 0.0], atol=1e-12)


def test_the_grab_drags_and_throws():
    # A grab of the wax carries what it picks as one piece towards the cursor.
    xs = np.arange(0, 35, 7.0)
    w = meltbox.World.from_arrays(np.c_[xs, np.zeros(5)], np.ones(5),
                                  [[i, i + 1] for i in range(4)], np.full(4, 5.0),
                                  np.full(4, 0.01))
    assert w.grab((28, 0), 1.5) == 1
    w.move((28, 30))
    w.tick(120)
    assert w.particle_y[4] > 5.0  # pulled up towards the cursor
    w.release()
    assert not w.grabbing
    # A body grabbed and thrown gets the throw's velocity (no wax, so body points are picked).
    b = meltbox.World(box=(-200, -200, 200, 200))
    b.add_body("circle", radius=8, position=(0, 0))
    assert b.grab((0, 0), 3.0) > 0 and b.grabbing  # the body's points within 3
    b.release(velocity=(50.0, 0.0))
    assert np.mean(b.body_vx(0)) > 0.0


def test_copies_run_alike_and_apart(root):
    w = meltbox.World.load(root / "assets/pumping.xml", settings=root / "configs/pumping.cfg",
                           inelastic=True)
    w.tick(10)
    c = w.copy()
    assert c.state_hash() == w.state_hash()
    c.tick(5)
    assert c.state_hash() != w.state_hash()
    w.tick(5)
    assert c.state_hash() == w.state_hash()


def test_state_hash_is_the_clis(root, cli):
    out = subprocess.run([cli, "-c", "simulate", "-i", str(root / "assets/one_world.xml"),
                          "-s", str(root / "configs/one_world.cfg"), "-w", "--ticks", "60",
                          "--no-finish", "--stats"], capture_output=True, text=True, check=True)
    expected = json.loads(out.stdout.strip().splitlines()[-1])["state_hash"]
    w = meltbox.World.load(root / "assets/one_world.xml", settings=root / "configs/one_world.cfg",
                           inelastic=True)
    w.tick(60)
    assert format(w.state_hash(), "016x") == expected


def test_run_is_the_clis_simulate(root, cli):
    out = subprocess.run([cli, "-c", "simulate", "-i", str(root / "assets/pumping.xml"),
                          "-s", str(root / "configs/pumping.cfg"), "-w", "--stats"],
                         capture_output=True, text=True, check=True)
    stats = json.loads(out.stdout.strip().splitlines()[-1])
    w = meltbox.World.load(root / "assets/pumping.xml", settings=root / "configs/pumping.cfg",
                           inelastic=True)
    r = w.run()
    assert r["ticks"] == stats["ticks"] and r["iterations"] == stats["iterations"]
    assert format(w.state_hash(), "016x") == stats["state_hash"]


def test_shape_distances():
    square = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], float)
    assert meltbox.hausdorff(square, square) == 0.0
    # A copy moved 3 along x: every sample's nearest sample of the other is 3 away.
    assert abs(meltbox.hausdorff(square, square + [3, 0]) - 3.0) < 1e-9
    # Procrustes fits no translation: 100 samples each 3 apart give sqrt(100 * 9) = 30.
    assert abs(meltbox.procrustes(square, square + [3, 0]) - 30.0) < 1e-9
    # Chamfer against the square grown by 1 on every side: the inner samples lie 1 from the
    # outer outline; the outer ones 1 too, except within 1 of a corner, where a point u past
    # the inner corner's line is sqrt(1 + u^2) from it: 8 such stretches of length 1, mean
    # (sqrt(2) + asinh(1)) / 2, over a perimeter of 48. The mean of the two directions:
    grown = np.array([[-1, -1], [11, -1], [11, 11], [-1, 11]], float)
    outer = (40 + 8 * (math.sqrt(2) + math.asinh(1)) / 2) / 48
    assert abs(meltbox.chamfer(square, grown) - (1 + outer) / 2) < 0.005
    assert meltbox.chamfer(square, square) == 0.0
    with pytest.raises(ValueError, match="chamfer"):
        meltbox.chamfer(square[:2], square)
    # The tail mean of the largest tenth (80 of the 800 distances) against the grown square: the
    # 400 x 8 / 48 = 66.7 outer samples near the corners average (sqrt(2) + asinh(1)) / 2, and
    # the other 13.3 of the tenth lie 1 away.
    corners = 400 * 8 / 48
    tail = (corners * (math.sqrt(2) + math.asinh(1)) / 2 + (80 - corners)) / 80
    assert abs(meltbox.tail_mean(square, grown, share=0.1) - tail) < 0.01
    assert abs(meltbox.tail_mean(square, grown, share=1.0) - meltbox.chamfer(square, grown)) < 1e-12
    for share in (0.0, 1.5):
        with pytest.raises(ValueError, match="share"):
            meltbox.tail_mean(square, grown, share=share)
