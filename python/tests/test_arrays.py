"""State as read-only numpy views of the World's memory; writes through checked functions."""
import numpy as np
import pytest

import meltbox


def pair(gap):
    """Two particles of radius 1 on the x axis, joined by a spring of rest gap 5."""
    return meltbox.World.from_arrays([[0, 0], [2 + gap, 0]], [1, 1], [[0, 1]], [5.0], [0.01])


def test_views_share_memory_and_are_read_only():
    w = pair(8.0)
    x = w.particle_x
    assert np.shares_memory(x, w.particle_x)  # the same memory each time: the World's
    assert x.dtype == np.float64 and x.shape == (2,)
    assert not x.flags.writeable
    with pytest.raises(ValueError):
        x[0] = 3.0
    assert w.spring_a.dtype == np.int32 and list(w.spring_b) == [1]
    assert w.particle_state.dtype == np.uint8
    assert not np.shares_memory(w.positions(), x)  # positions() is a copy


def test_views_see_ticks_and_keep_the_world_alive():
    w = pair(8.0)
    x = w.particle_x
    before = x.copy()
    w.tick()
    assert not np.array_equal(x, before)
    del w  # the view holds the World
    assert np.isfinite(x).all()


def test_set_positions_checks_and_writes_in_place():
    w = pair(8.0)
    x = w.particle_x
    w.set_particle_positions([1.0, 20.0], [0.0, 0.0])
    assert list(x) == [1.0, 20.0]
    with pytest.raises(ValueError, match="2 numbers"):
        w.set_particle_positions([1.0], [0.0])
    with pytest.raises(ValueError, match="finite"):
        w.set_particle_positions([1.0, np.inf], [0.0, 0.0])


def test_gas_and_body_views():
    w = meltbox.World(box=(-100, -100, 100, 100))
    w.add_discs([0, 10], [0, 0], [1, 0], [0, 2], [1, 2], [1, 1.5], species=[0, 0])
    assert list(w.disc_mass) == [1, 2] and list(w.disc_radius) == [1, 1.5]
    assert list(w.disc_vy) == [0, 2] and w.disc_species.dtype == np.int32
    vx = w.disc_vx
    w.set_disc_velocities([3, 4], [0, 0])
    assert list(vx) == [3, 4]
    w.add_body("circle", radius=10, position=(0, 50), velocity=(2, 0))
    bx = w.body_x(0)
    assert np.shares_memory(bx, w.body_x(0)) and not bx.flags.writeable
    assert np.all(w.body_vx(0) == 2.0)  # every point starts with the body's velocity
    with pytest.raises(IndexError):
        w.body_x(1)
