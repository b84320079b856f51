"""rollout(): variants of a world on C++ threads, the same results for any thread count."""
import threading
import time

import pytest

import meltbox


def pumping(root):
    return meltbox.World.load(root / "assets/pumping.xml", settings=root / "configs/pumping.cfg",
                              inelastic=True)


def variants_of(world, speeds, cooldowns):
    heater = world.actuators[0]
    out = []
    for s, c in zip(speeds, cooldowns):
        h = meltbox.Actuator.from_xml(heater.to_xml())[0]
        h.speed = s
        out.append({"actuators": [h], "settings": {"Particle.CooldownTime": c}})
    return out


def test_same_results_for_any_thread_count_and_as_serial(root):
    w = pumping(root)
    variants = variants_of(w, [4.0, 3.0, 5.0, 4.0], [10, 20, 5, 30])
    one = meltbox.rollout(w, variants, threads=1)
    two = meltbox.rollout(w, variants, threads=2)
    assert [r["state_hash"] for r in one] == [r["state_hash"] for r in two]
    assert [r["ticks"] for r in one] == [r["ticks"] for r in two]
    # In order: each is what a serial copy with the same changes gives.
    for v, r in zip(variants, two):
        c = w.copy()
        c.actuators = v["actuators"]
        c.settings.update(v["settings"])
        c.run()
        assert c.state_hash() == r["state_hash"] == r["world"].state_hash()
    assert len({r["state_hash"] for r in one}) == 4  # the changes changed something
    assert w.time == 0  # the original is untouched


def test_fixed_ticks_and_errors(root):
    w = pumping(root)
    r = meltbox.rollout(w, [{}, {"settings": {"Relaxation.IterationLimit": 50}}], ticks=7,
                        finish=False, worlds=False)
    assert [x["ticks"] for x in r] == [7, 7] and r[0]["finish"] is None and "world" not in r[0]
    with pytest.raises(ValueError, match="variant 1: .*IterationLimit"):
        meltbox.rollout(w, [{}, {"settings": {"Relaxation.IterationLimit": 0}}])
    with pytest.raises(ValueError, match="unknown key 'speed'"):
        meltbox.rollout(w, [{"speed": 2}])


def test_tick_releases_the_gil(root):
    # A Python thread counts while the main thread ticks. Were the GIL held through the C++
    # loop, the counter could not advance between the two reads around tick(); released,
    # it runs all along (thousands of steps in the run's tenths of a second).
    w = pumping(root)
    progress = [0]
    done = threading.Event()

    def count():
        while not done.is_set():
            progress[0] += 1
            time.sleep(0)

    t = threading.Thread(target=count)
    t.start()
    while progress[0] == 0:
        time.sleep(0.001)
    before = progress[0]
    w.tick(2000)
    during = progress[0] - before
    done.set()
    t.join()
    assert during > 100
