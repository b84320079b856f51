"""Settings as mappings made from the parameter tables: the .cfg's names and ranges."""
import math

import pytest

import meltbox


def test_keys_are_the_cfg_keys(root):
    s = meltbox.World().settings
    assert "Relaxation.IterationLimit" in s and "Heater.Size" in s and "Lattice.Type" in s
    # Every numeric key of the .cfg file is a key here, under the same [Section] and name.
    sections = {}
    section = None
    for line in (root / "configs/pumping.cfg").read_text().splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]")
        elif "=" in line and not line.startswith(";"):
            sections[f"{section}.{line.split('=')[0].strip()}"] = float(line.split("=")[1])
    w = meltbox.World.load(root / "assets/circle_r50.csv", settings=root / "configs/pumping.cfg")
    for key, value in sections.items():
        assert w.settings[key] == value, key


def test_defaults_and_types():
    s = meltbox.World().settings
    # SimulatorSettings' member initialisers (simulator_settings.hpp).
    assert s["Particle.DefaultRadius"] == 1.0 and s["Spring.DefaultLength"] == 5.0
    assert s["Relaxation.IterationLimit"] == 1000 and isinstance(s["Relaxation.IterationLimit"], int)
    assert s["Lattice.Type"] == "hexagonal" and s["Heat.Model"] == "timer"
    assert s["Lattice.Seed"] == 1 and isinstance(s["Lattice.Seed"], int)


def test_out_of_range_raises_naming_key_and_range():
    w = meltbox.World()
    with pytest.raises(ValueError, match=r"Relaxation.IterationLimit = 0: .*1\.\.1e\+09"):
        w.settings["Relaxation.IterationLimit"] = 0
    with pytest.raises(ValueError, match=r"Relaxation.IterationLimit = 2.5: must be a whole number"):
        w.settings["Relaxation.IterationLimit"] = 2.5
    with pytest.raises(ValueError, match=r"Particle.DefaultRadius = -1: must be greater than 0 \(range \(0, 1e\+06\]"):
        w.settings["Particle.DefaultRadius"] = -1
    with pytest.raises(ValueError, match="finite"):
        w.settings["Spring.DefaultStiffness"] = math.nan
    with pytest.raises(ValueError, match="one of hexagonal, square, amorphous"):
        w.settings["Lattice.Type"] = "triangular"
    with pytest.raises(KeyError):
        w.settings["Relaxation.Iterations"] = 3
    with pytest.raises(TypeError):
        w.settings["Heater.Size"] = "big"
    assert w.settings["Relaxation.IterationLimit"] == 1000  # unchanged by the failures


def test_cross_key_rule_and_update_all_or_none():
    w = meltbox.World()
    # The thresholds must keep their order (connect below disconnect).
    with pytest.raises(ValueError, match="Threshold"):
        w.settings.update({"Spring.ConnectionThreshold": 2.0, "Spring.DisconnectionThreshold": 1.5})
    assert w.settings["Spring.ConnectionThreshold"] == 1.0
    w.settings.update({"Spring.ConnectionThreshold": 1.2, "Relaxation.ConvergenceLimit": 0.5})
    assert w.settings["Spring.ConnectionThreshold"] == 1.2


def test_info_is_the_table_row():
    info = meltbox.Settings.info("Relaxation.IterationLimit")
    assert info["kind"] == "integer" and info["min"] == 1 and info["unit"] == "iterations"


def test_gas_and_body_settings():
    w = meltbox.World()
    w.gas_settings["tick-seconds"] = 0.01
    assert w.gas_settings["tick-seconds"] == 0.01
    with pytest.raises(ValueError, match="tick-seconds"):
        w.gas_settings["tick-seconds"] = 2.0
    w.body_settings["gravity-y"] = -9.8
    assert w.body_settings["gravity-y"] == -9.8
    assert isinstance(w.body_settings["self-contact"], bool)
    with pytest.raises(ValueError, match="damping"):
        w.body_settings["damping"] = -1
