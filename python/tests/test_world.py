"""Worlds from files and from arrays, saved to every format the CLI writes."""
import numpy as np
import pytest

import meltbox


def square(side, centre=(0.0, 0.0)):
    h = side / 2
    return np.array([[-h, -h], [h, -h], [h, h], [-h, h]]) + centre


def test_load_every_input_kind(root):
    csv = meltbox.World.load(root / "assets/circle_r50.csv", settings=root / "configs/pumping.cfg")
    # configs/pumping.cfg says a radius-50 spot has 161 particles at spacing 7.5.
    assert csv.particle_count == 161
    png = meltbox.World.load(root / "assets/blob_mask.png")
    assert png.particle_count > 0
    sim = meltbox.World.load(root / "assets/pumping.xml", settings=root / "configs/pumping.cfg",
                             inelastic=True)
    assert sim.inelastic and len(sim.actuators) == 1
    assert sim.actuators[0].type == "heater"
    with pytest.warns(UserWarning, match="second spring between the same particles"):
        state = meltbox.World.load(root / "assets/four_particles_state.xml")
    assert state.particle_count == 4 and len(state.actuators) == 0


def test_load_replaces_actuators_like_dash_a(root):
    w = meltbox.World.load(root / "assets/pumping.xml", actuators=[root / "assets/pusher.xml"])
    assert [a.type for a in w.actuators] == ["pusher"]


def test_load_errors_are_value_errors_naming_the_file(tmp_path):
    with pytest.raises(ValueError, match="nothing.xml"):
        meltbox.World.load(tmp_path / "nothing.xml")
    bad = tmp_path / "bad.cfg"
    bad.write_text("[Relaxation]\nIterationLimit=0\n")
    with pytest.raises(ValueError, match="IterationLimit"):
        meltbox.World.load(tmp_path / "x.csv", settings=bad)


def test_from_outline_fills_the_lattice():
    # Square lattice, spacing 2R + L = 2 + 8 = 10, anchored at the outline's lower left
    # corner (-47.5, -47.5): the points -37.5 .. 42.5 of each axis lie strictly inside (81),
    # those on the left and bottom edges may go either way (19 more at most).
    w = meltbox.World.from_outline(square(95.0), settings={
        "Lattice.Type": "square", "Particle.DefaultRadius": 1, "Spring.DefaultLength": 8})
    assert 81 <= w.particle_count <= 100
    assert np.all(np.abs(w.particle_x) <= 47.5) and np.all(np.abs(w.particle_y) <= 47.5)
    assert np.allclose(np.diff(np.unique(np.round(w.particle_x, 9))), 10.0)
    # Every spring joins lattice neighbours: centres 10 apart, gap = rest length L = 8.
    a, b = w.spring_a, w.spring_b
    d = np.hypot(w.particle_x[a] - w.particle_x[b], w.particle_y[a] - w.particle_y[b])
    assert np.allclose(d, 10.0) and np.allclose(w.spring_rest_length, 8.0)
    # Joined left and below: 2 * 9 * 8 springs in the 9 x 9 block, 2 * 10 * 9 in a full 10 x 10.
    assert 144 <= w.spring_count <= 180


def test_from_outline_on_the_amorphous_lattice():
    # Blue-noise points at the hexagonal density (spacing 2R + L = 7 here: 2 / (sqrt(3) 49)
    # per area, 212.7 in the 95 x 95 square), every spring at rest at its initial gap, the
    # same seed giving the same material.
    def make(seed):
        return meltbox.World.from_outline(square(95.0), settings={
            "Lattice.Type": "amorphous", "Lattice.Seed": seed})
    w, same, other = make(3), make(3), make(4)
    assert w.settings["Lattice.Type"] == "amorphous" and w.settings["Lattice.Seed"] == 3
    expected = 95.0 * 95.0 * 2.0 / (np.sqrt(3.0) * 49.0)
    assert 0.85 * expected <= w.particle_count <= 1.15 * expected
    assert np.array_equal(w.particle_x, same.particle_x)
    assert not np.array_equal(w.particle_x, other.particle_x)
    a, b = w.spring_a, w.spring_b
    gap = np.hypot(w.particle_x[a] - w.particle_x[b], w.particle_y[a] - w.particle_y[b]) - 2.0
    assert np.allclose(gap, w.spring_rest_length)


def test_from_arrays_checks_its_input():
    with pytest.raises(ValueError, match="radii"):
        meltbox.World.from_arrays([[0, 0], [1, 0]], [1.0], [], [], [])
    with pytest.raises(ValueError, match="two different particles"):
        meltbox.World.from_arrays([[0, 0], [5, 0]], [1, 1], [[0, 2]], [3.0], [0.01])
    with pytest.raises(ValueError, match="finite"):
        meltbox.World.from_arrays([[0, np.nan], [5, 0]], [1, 1], [[0, 1]], [3.0], [0.01])


def test_state_xml_round_trip_is_exact(root, tmp_path):
    w = meltbox.World.load(root / "assets/pumping.xml", settings=root / "configs/pumping.cfg",
                           inelastic=True)
    w.tick(30)
    w.save(tmp_path / "sim.xml", kind="simulator")
    back = meltbox.World.load(tmp_path / "sim.xml", settings=root / "configs/pumping.cfg",
                              inelastic=True)
    assert back.time == 30
    assert np.array_equal(back.particle_x, w.particle_x)
    # The formats keep positions, radii and springs exactly (doubles in shortest exact form).
    assert np.array_equal(back.particle_y, w.particle_y)
    assert np.array_equal(back.particle_radius, w.particle_radius)
    assert np.array_equal(back.springs(), w.springs())
    assert np.array_equal(back.spring_rest_length, w.spring_rest_length)
    w.save(tmp_path / "state.xml")
    assert meltbox.World.load(tmp_path / "state.xml").particle_count == w.particle_count


def test_outline_csv_and_settings_cfg(root, tmp_path):
    w = meltbox.World.load(root / "assets/circle_r50.csv", settings=root / "configs/pumping.cfg")
    w.save(tmp_path / "out.csv")
    lines = (tmp_path / "out.csv").read_text().splitlines()
    assert lines[0] == "X,Y"
    pts = np.array([[float(v) for v in line.split(",")] for line in lines[1:]])
    assert np.allclose(pts, w.outline())
    w.settings["Relaxation.IterationLimit"] = 123
    w.save(tmp_path / "s.cfg")
    again = meltbox.World.load(root / "assets/circle_r50.csv", settings=tmp_path / "s.cfg")
    assert again.settings.to_dict() == w.settings.to_dict()
    with pytest.raises(ValueError, match="no folder"):
        w.save(tmp_path / "missing" / "x.xml")


def test_discs_and_bodies_from_python():
    w = meltbox.World(box=(-100, -100, 100, 100))
    w.add_discs([0, 10], [0, 0], [1, 0], [0, 0], [1, 2], [1, 1])
    assert w.disc_count == 2
    with pytest.raises(ValueError, match="overlap"):
        w.add_discs([0.5], [0.5], [0], [0], [1], [1])
    with pytest.raises(ValueError, match="inside the box"):
        w.add_discs([99.5], [0], [0], [0], [1], [1])
    with pytest.raises(ValueError, match="mass must be at least 1e-280"):
        w.add_discs([50], [50], [0], [0], [1e-300], [1])
    assert w.disc_count == 2  # all or none
    assert w.add_body("circle", radius=10, position=(0, 50)) == 0
    assert w.body_count == 1 and len(w.body_x(0)) > 10
    with pytest.raises(meltbox.Error, match="add_body: the body would overlap body 1"):
        w.add_body("circle", radius=10, position=(0, 50))  # on top of the first
    assert w.body_count == 1
    # What the physics refuses and what the readers refuse: one family of ValueErrors.
    assert issubclass(meltbox.Error, ValueError) and issubclass(meltbox.InputError, meltbox.Error)


def test_body_material_from_its_table():
    w = meltbox.World(box=(-100, -100, 100, 100))
    w.add_body("circle", radius=10, material={"youngs": 5e4, "poisson": 0.3})
    m = w.body_material(0)
    assert m["youngs"] == 5e4 and m["poisson"] == 0.3 and m["density"] == 1.0
    with pytest.raises(ValueError, match=r"poisson = 0.7: must be at most 0.499"):
        w.add_body("circle", radius=5, position=(50, 50), material={"poisson": 0.7})
    w.set_body_material(0, {"density": 2.0})
    assert w.body_material(0)["density"] == 2.0 and w.body_material(0)["youngs"] == 5e4
