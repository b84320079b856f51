"""Heaters and pushers: every XML attribute, and the list's add, edit and remove."""
import math

import numpy as np
import pytest

import meltbox

BAR = [[0, 0], [0, 80], [10, 80], [10, 0]]


def test_every_attribute_survives_xml():
    p = meltbox.Pusher([[0, 0], [10, 0]], BAR, speed=0.5, orientation=30, name="hand",
                       enabled=False, cyclic=True, path_advancement=2.0,
                       spring_crossing_allowed=True, firm_grip=False, final_release=True)
    back = meltbox.Actuator.from_xml(p.to_xml())[0]
    for attr in ("type", "name", "enabled", "speed", "orientation", "path_advancement",
                 "spring_crossing_allowed", "firm_grip", "final_release", "cyclic"):
        assert getattr(back, attr) == getattr(p, attr), attr
    assert np.array_equal(back.shape, np.array(BAR, float))
    h = meltbox.Heater([[0, 0], [30, 40]], power=5.0, temperature=None)
    assert h.type == "heater" and h.power == 5.0 and h.temperature is None
    assert h.path_length == 50.0  # a 3-4-5 triangle
    assert meltbox.Actuator.from_xml(h.to_xml())[0].power == 5.0


def test_reader_rules_apply():
    with pytest.raises(ValueError, match="^actuator: <actuator>: speed must not be negative$"):
        meltbox.Heater([[0, 0], [1, 0]], speed=-1)
    with pytest.raises(ValueError, match="power and temperature"):
        meltbox.Pusher([[0, 0]], BAR, power=1.0)
    with pytest.raises(ValueError, match="heater' or 'pusher"):
        meltbox.Actuator("fan", [[0, 0]])


def test_ticks_remaining_is_one_plus_the_moves():
    # One tick at the start, then ceil(50 / 2) = 25 moves (actuator.hpp).
    assert meltbox.Heater([[0, 0], [50, 0]], speed=2).ticks_remaining() == 26
    # A still one (speed below 1e-5) runs its first tick only.
    assert meltbox.Pusher([[0, 0]], BAR, speed=0).ticks_remaining() == 1


def test_list_add_edit_remove():
    w = meltbox.World()
    w.actuators.append(meltbox.Heater([[0, 0], [10, 0]], name="a"))
    w.actuators.append(meltbox.Pusher([[0, 0]], BAR, speed=0, name="b"))
    w.actuators.insert(0, meltbox.Heater([[5, 5]], speed=0, name="first"))
    assert [a.name for a in w.actuators] == ["first", "a", "b"]
    a = w.actuators[1]
    a.speed = 4.0
    assert w.actuators[1].speed == 2.0  # items are copies
    w.actuators[1] = a
    assert w.actuators[1].speed == 4.0
    del w.actuators[0]
    assert [a.name for a in w.actuators] == ["a", "b"]
    with pytest.raises(IndexError):
        w.actuators[5]
    w.actuators = [w.actuators[-1]]
    assert len(w.actuators) == 1 and w.actuators[0].name == "b"
    w.actuators.clear()
    assert len(w.actuators) == 0


def test_a_still_pusher_holds_and_a_moving_one_carries():
    # Two rows of particles 7 apart (R = 1, L = 5), springs along and across.
    xs = np.arange(0, 70, 7.0)
    pts = np.array([[x, y] for y in (0.0, 7.0) for x in xs])
    n = len(xs)
    springs = [[i, i + 1] for i in range(n - 1)] + [[n + i, n + i + 1] for i in range(n - 1)]
    springs += [[i, n + i] for i in range(n)]
    w = meltbox.World.from_arrays(pts, np.ones(2 * n), springs, np.full(len(springs), 5.0),
                                  np.full(len(springs), 0.01))
    left = [[-3, -3], [-3, 10], [3, 10], [3, -3]]  # covers x = 0 of both rows
    right = [[60, -3], [60, 10], [66, 10], [66, -3]]  # covers x = 63 of both rows
    w.actuators = [meltbox.Pusher([[0, 3.5]], left, speed=0),  # shapes sit at their vertex average
                   meltbox.Pusher([[63, 3.5], [63, 23.5]], right, speed=1)]
    w.run()
    end = w.positions()
    held, pulled = [0, n], [n - 1, 2 * n - 1]
    assert np.array_equal(end[held], pts[held])  # bit for bit where they were
    # The pulled pair moved exactly the path's length, 20 units up.
    assert np.allclose(end[pulled] - pts[pulled], [[0, 20], [0, 20]], atol=1e-9)
