"""meltbox.plan: the planner from Python, its progress and cancel, and its candidate batches on
a 2-worker Dask LocalCluster bound to 127.0.0.1."""
import numpy as np
import pytest

import meltbox

pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")


def spec_of(root):
    return {"input": str(root / "assets/circle_r50.csv"),
            "settings": str(root / "configs/pumping.cfg"),
            "actuators": [str(root / "assets/heater_predict.xml")], "inelastic": True}


def world_of(spec):
    return meltbox.World.load(spec["input"], settings=spec["settings"],
                              actuators=spec["actuators"], inelastic=True)


def moved(world, path):
    a = world.actuators[0]
    a.path = np.array(path)
    world.actuators[0] = a
    world.run()


def test_plan_returns_a_path_whose_run_scores_what_it_says(root):
    world = world_of(spec_of(root))
    target = world.copy()
    moved(target, [[-90.0, 0], [90, 0]])
    outline = target.outline()
    seen = []
    r = meltbox.plan(world, outline, passes=2, budget=16, population=8, elites=2, threads=2,
                     metric="iou", min_gain=-1.0, progress=seen.append)
    assert r["rollouts"] == 16
    # 8 rollouts a pass, split over the 3 restarts as 8 // 3 = 2, then 6 // 2 = 3, then 3; each
    # run is one opening draw, reported when it is scored.
    assert [p["rollouts"] for p in seen] == [2, 5, 8, 10, 13, 16]
    # The seconds left at the rate so far: (16 - rollouts) * seconds / rollouts, none at the end.
    for p in seen:
        assert p["seconds_left"] == pytest.approx((16 - p["rollouts"]) * p["seconds"] / p["rollouts"])
    assert seen[-1]["seconds_left"] == 0.0
    assert r["score"] <= r["start_score"]
    if len(r["path"]):
        assert meltbox.score_plan_path(world, r["path"], r["target"], "iou") == r["score"]
    # plan_path draws the plan's passes as the planner does.
    again = meltbox.plan_path(world, [(p["angle"], p["offset"]) for p in r["passes"]])
    assert np.array_equal(again, r["path"]) or (len(again) == 0 and len(r["path"]) == 0)
    entry = meltbox.plan_path(world, [(0.3, 5.0)])[0]
    assert abs(np.hypot(*(entry - np.array(r["centre"]))) - r["travel_radius"]) < 1e-9
    # The exact move scores 0, in every metric.
    for metric in ("hausdorff", "procrustes", "iou", "chamfer"):
        exact = meltbox.score_plan_path(world, np.array([[-90.0, 0], [90, 0]]), outline, metric)
        assert exact == 0.0, metric
    with pytest.raises(ValueError, match="metric"):
        meltbox.score_plan_path(world, np.array([[-90.0, 0], [90, 0]]), outline, "energy")


def test_each_chord_search_tries_the_plans_chords_again(root):
    world = world_of(spec_of(root))
    target = world.copy()
    moved(target, [[-90.0, 0], [90, 0]])
    assert meltbox.default_plan_settings()["retry_chords"] is True
    for retry in (True, False):
        sent = []

        def local(paths):
            sent.extend(paths)
            return [meltbox.plan_path_outline(world, p) for p in paths]

        r = meltbox.plan(world, target.outline(), passes=2, budget=16, population=8, elites=2,
                         metric="iou", min_gain=-1.0, evaluate=local, retry_chords=retry)
        assert len(r["passes"]) >= 1
        first = (r["passes"][0]["angle"], r["passes"][0]["offset"])
        # The first pass's chord again, to the bit, among the second pass's candidates: only
        # when retried (a drawn chord never lands on it).
        twice = meltbox.plan_path(world, [first, first])
        assert any(np.array_equal(p, twice) for p in sent) == retry


def test_repeated_passes_count_each_run_and_replay(root):
    world = world_of(spec_of(root))
    target = world.copy()
    moved(target, [[-90.0, 0], [90, 0]])
    r = meltbox.plan(world, target.outline(), passes=2, budget=16, population=8, elites=2,
                     threads=2, metric="iou", repeats=2)
    # Every candidate runs twice, each run a rollout: the 16 are spent on the first pass
    # (16 * 2 / 2 passes left), and none is left for a second search.
    assert r["rollouts"] == 16
    assert len(r["passes"]) <= 2
    if len(r["path"]):
        assert meltbox.score_plan_path(world, r["path"], r["target"], "iou") == r["score"]
    with pytest.raises(ValueError, match="repeats"):
        meltbox.plan(world, target.outline(), repeats=0)
    # A batch evaluator gets each run of a candidate as a path of its own (the first run's
    # path, then the travel and the chord again), so a plan with repeats may run elsewhere.
    sent = []

    def local(paths):
        sent.extend(paths)
        return [meltbox.plan_path_outline(world, p) for p in paths]

    remote = meltbox.plan(world, target.outline(), passes=2, budget=18, population=8, elites=2,
                          metric="iou", repeats=2, evaluate=local)
    assert remote["rollouts"] == 18
    rolled = meltbox.plan(world, target.outline(), passes=2, budget=18, population=8, elites=2,
                          metric="iou", repeats=2)
    assert np.array_equal(rolled["path"], remote["path"]) and rolled["score"] == remote["score"]
    assert any(len(b) > len(a) and np.array_equal(b[:len(a)], a) for a, b in zip(sent, sent[1:]))
    if len(remote["path"]):
        assert meltbox.score_plan_path(world, remote["path"], remote["target"], "iou") == \
            remote["score"]


def test_sensitivity_replays_the_plan_at_nudge_zero_and_moves_it_when_nudged(root):
    world = world_of(spec_of(root))
    target = world.copy()
    moved(target, [[-90.0, 0], [90, 0]])
    r = meltbox.plan(world, target.outline(), passes=2, budget=16, population=8, elites=2,
                     threads=2, min_gain=-1.0)
    assert len(r["passes"]) >= 1
    # Nudged by nothing, every run is the plan itself, to the last bit.
    same = meltbox.plan_sensitivity(world, r, runs=3, nudge=0.0, threads=2)
    assert same["start_score"] == r["start_score"]
    assert list(same["scores"]) == [r["score"]] * 3
    assert same["min_share"] == same["median_share"] == same["max_share"] == r["share_closed"]
    # Nudged by 3 length units (0.4 of the lattice spacing), the runs differ; the shares are
    # the scores' own, and the figures the same on one thread.
    moved_runs = meltbox.plan_sensitivity(world, r, runs=4, nudge=3.0, threads=2)
    assert len(set(moved_runs["scores"])) > 1
    start = moved_runs["start_score"]
    assert list(moved_runs["shares"]) == [(start - x) / start for x in moved_runs["scores"]]
    assert sorted(moved_runs["shares"])[0] == moved_runs["min_share"]
    one = meltbox.plan_sensitivity(world, r, runs=4, nudge=3.0, threads=1)
    assert list(one["scores"]) == list(moved_runs["scores"])
    # Progress after each batch of `threads` runs; an exception in it stops the runs.
    heard = []
    meltbox.plan_sensitivity(world, r, runs=3, nudge=0.0, threads=2, progress=heard.append)
    assert heard == [{"done": 2, "runs": 3}, {"done": 3, "runs": 3}]

    def stop(p):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        meltbox.plan_sensitivity(world, r, runs=3, progress=stop)
    with pytest.raises(ValueError, match="runs"):
        meltbox.plan_sensitivity(world, r, runs=0)
    with pytest.raises(ValueError, match="nudge"):
        meltbox.plan_sensitivity(world, r, nudge=-1.0)
    with pytest.raises(ValueError, match="travel_radius"):
        meltbox.plan_sensitivity(world, {k: v for k, v in r.items() if k != "travel_radius"})
    with pytest.raises(ValueError, match="travel_radius"):
        meltbox.plan_sensitivity(world, dict(r, travel_radius="far"))
    with pytest.raises(ValueError, match=r"'passes'\[0\]\['offset'\]"):
        meltbox.plan_sensitivity(world, dict(r, passes=[dict(r["passes"][0], offset="x")]))
    no_depth = {k: v for k, v in r["passes"][0].items() if k != "depth"}
    with pytest.raises(ValueError, match=r"'passes'\[0\] has no 'depth'"):
        meltbox.plan_sensitivity(world, dict(r, passes=[no_depth]))


def test_raising_in_progress_stops_the_plan(root):
    world = world_of(spec_of(root))

    def stop(p):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        meltbox.plan(world, world.outline(), passes=3, budget=60, population=4, elites=2,
                     progress=stop)


def test_the_actuator_at_its_index_is_planned_and_replayed(root):
    # A firm-grip pusher first, whose own path drags the wax, then the heater: the plan of
    # actuator 1 holds the pusher still in every rollout, so it is the heater-only world's
    # plan, and every function that replays it moves the actuator it names.
    spec = spec_of(root)
    alone = world_of(spec)
    both = world_of(dict(spec, actuators=[str(root / "assets/pusher.xml")] + spec["actuators"]))
    target = alone.copy()
    moved(target, [[-90.0, 10], [90, 10]])
    kw = dict(passes=1, budget=12, population=4, elites=2, threads=2, min_gain=-1.0)
    expected = meltbox.plan(alone, target.outline(), **kw)
    r = meltbox.plan(both, target.outline(), actuator=1, **kw)
    assert expected["actuator"] == 0 and r["actuator"] == 1
    assert np.array_equal(r["path"], expected["path"]) and r["score"] == expected["score"]
    assert len(r["path"])
    assert meltbox.score_plan_path(both, r["path"], r["target"], "hausdorff",
                                   actuator=1) == r["score"]
    assert meltbox.score_plan_path(both, r["path"], r["target"], "hausdorff") != r["score"]
    assert np.array_equal(meltbox.plan_path_outline(both, r["path"], actuator=1),
                          meltbox.plan_path_outline(alone, r["path"]))
    passes = [(p["angle"], p["offset"]) for p in r["passes"]]
    assert np.array_equal(meltbox.plan_path(both, passes, actuator=1), r["path"])
    replay = meltbox.plan_sensitivity(both, r, runs=1, nudge=0.0)
    assert replay["scores"][0] == r["score"]
    with pytest.raises(ValueError, match="actuator 2: the world's actuators are 0 to 1"):
        meltbox.plan(both, target.outline(), actuator=2, **kw)
    with pytest.raises(ValueError, match="actuator -1"):
        meltbox.score_plan_path(both, r["path"], r["target"], actuator=-1)
    with pytest.raises(ValueError, match="actuator 5"):
        meltbox.plan_path(both, passes, actuator=5)
    with pytest.raises(ValueError, match="actuator 2"):
        meltbox.plan_sensitivity(both, dict(r, actuator=2), runs=1)
    with pytest.raises(ValueError, match="'actuator'"):
        meltbox.plan_sensitivity(both, {k: v for k, v in r.items() if k != "actuator"})


def test_finishing_pokes_replay_and_draw_as_pokes(root):
    world = world_of(spec_of(root))
    # A poke by hand: along +x at offset 5, speed 1, depth 40 from the entry, no travel before
    # it: in and out is 80 units, a whole number of steps, so the turn lies exactly 40 on.
    poke = meltbox.plan_path(world, [(0.0, 5.0, 1.0, 40.0)])
    assert len(poke) == 3 and np.array_equal(poke[0], poke[2])
    assert np.allclose(poke[1] - poke[0], [40.0, 0.0], atol=1e-9)
    target = world.copy()
    moved(target, [[-90.0, 0], [90, 0]])
    r = meltbox.plan(world, target.outline(), passes=1, budget=20, population=4, elites=2,
                     threads=2, min_gain=-1.0, pokes=2, poke_share=0.2)
    # The chord gets 20 - 0.2 x 20 = 16 rollouts, the pokes the other 4.
    assert r["rollouts"] == 20 and r["passes"][0]["rollouts"] == 16
    assert r["passes"][0]["depth"] < 0 and all(p["depth"] > 0 for p in r["passes"][1:])
    again = meltbox.plan_path(world, [(p["angle"], p["offset"], p["speed"], p["depth"])
                                      for p in r["passes"]])
    assert np.array_equal(again, r["path"])
    assert meltbox.score_plan_path(world, r["path"], r["target"], "hausdorff") == r["score"]
    assert meltbox.plan_sensitivity(world, r, runs=1, nudge=0.0)["scores"][0] == r["score"]
    with pytest.raises(ValueError, match="pokes must be 0 to 16"):
        meltbox.plan(world, target.outline(), pokes=17)
    with pytest.raises(ValueError, match="poke_share must be"):
        meltbox.plan(world, target.outline(), pokes=1, poke_share=1.0)


def test_bad_arguments_are_value_errors(root):
    world = world_of(spec_of(root))
    with pytest.raises(ValueError, match="metric"):
        meltbox.plan(world, world.outline(), metric="energy")
    with pytest.raises(ValueError, match="area"):
        meltbox.plan(world, 3.0 * world.outline())
    with pytest.raises(ValueError, match="crosses itself"):
        meltbox.plan(world, np.array([[-40.0, -40], [40, -40], [-40, 40], [40, 40], [60, 0]]))
    # Settings out of range name plan()'s keywords, not the C++ members behind them.
    outline = world.outline()
    for kw, says in [(dict(budget=0), "budget must be"), (dict(passes=65), "passes must be"),
                     (dict(seconds=-1.0), "seconds must be"),
                     (dict(tail_weight=-1.0), "tail_weight must be 0 or more"),
                     (dict(tail_spacings=0.0), "tail_spacings must be more than 0"),
                     (dict(speeds=(2.0, 1.0)), "speeds must be None, or"),
                     (dict(speeds=(2.0,)), "speeds must be None or")]:
        with pytest.raises(ValueError, match=says) as e:
            meltbox.plan(world, outline, **kw)
        assert "budget_rollouts" not in str(e.value) and "max_passes" not in str(e.value)
    # A value of the wrong kind names its keyword alone, not the whole signature and target.
    for kw, says in [(dict(passes=1.5), "plan: passes must be a whole number, not 1.5"),
                     (dict(budget="100"), "plan: budget must be a whole number, not '100'"),
                     (dict(seconds="1"), "plan: seconds must be a number, not '1'"),
                     (dict(metric=1), "plan: metric must be a string, not 1"),
                     (dict(retry_chords=1), "plan: retry_chords must be True or False, not 1")]:
        with pytest.raises(TypeError) as e:
            meltbox.plan(world, outline, **kw)
        assert str(e.value) == says
    # Beyond the C++ type: a ValueError naming it, not pybind11's signature.
    for kw, says in [(dict(seed=-1), "plan: seed must be 0 to 18446744073709551615, not -1"),
                     (dict(passes=2**40),
                      "plan: passes must be -2147483648 to 2147483647, not 1099511627776")]:
        with pytest.raises(ValueError) as e:
            meltbox.plan(world, outline, **kw)
        assert str(e.value) == says
    assert meltbox.plan(world, outline, passes=np.int64(1), budget=np.int32(2),
                        seconds=np.float32(0))["rollouts"] == 2


def test_plan_on_a_local_dask_cluster_scores_batches_remotely(root):
    from distributed import Client

    from meltbox import sweep
    spec = spec_of(root)
    world = world_of(spec)
    target = world.copy()
    moved(target, [[0.0, -90], [0, 90]])
    counted = []

    def local(paths):
        return [meltbox.plan_path_outline(world, p) for p in paths]

    cluster = sweep.local_cluster(2)
    client = Client(cluster)
    try:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        remote = meltbox.planning.dask_evaluator(client, spec)

        def counting(paths):
            counted.append(len(paths))
            return remote(paths)

        kw = dict(passes=1, budget=9, population=4, elites=2, metric="iou", min_gain=-1.0)
        r = meltbox.plan(world, target.outline(), evaluate=counting, **kw)
        by_client = meltbox.plan(world, target.outline(), client=client, spec=spec, **kw)
        # Repeats: each run of a candidate a task of its own.
        twice = dict(kw, passes=2, budget=12, repeats=2)
        twice_by_client = meltbox.plan(world, target.outline(), client=client, spec=spec, **twice)
        # Three passes: the later batches share the passes before them, which each worker
        # runs once (meltbox.plan_prefix) and goes on from for every candidate.
        shares = []

        def counting_shared(paths, shared):
            shares.append(shared)
            return remote(paths, shared)

        three = dict(kw, passes=3, budget=18)
        three_by_client = meltbox.plan(world, target.outline(), evaluate=counting_shared, **three)
        # A firm-grip pusher first, whose own path drags the wax: every task of the plan of
        # actuator 1 moves the heater alone, so the plan is the heater-only world's.
        both = dict(spec, actuators=[str(root / "assets/pusher.xml")] + spec["actuators"])
        second_by_client = meltbox.plan(world_of(both), target.outline(), client=client,
                                        spec=both, actuator=1, **kw)
    finally:
        client.close()
        cluster.close()
    # The 9 candidates on the cluster, split over the 3 restarts as 3, 3, 3 (each run one
    # opening draw); the chosen one's run here for its state is no rollout, as without one.
    assert counted == [3, 3, 3]
    assert r["rollouts"] == 9
    # Scored on the workers or here, the scores are the same, so the plan is; and it is the
    # plan of local rollouts on any thread count at the same budget.
    here = meltbox.plan(world, target.outline(), evaluate=local, **kw)
    assert np.array_equal(r["path"], here["path"]) and r["score"] == here["score"]
    for threads in (1, 2):
        rolled = meltbox.plan(world, target.outline(), threads=threads, **kw)
        assert np.array_equal(rolled["path"], here["path"]) and rolled["score"] == here["score"]
        assert rolled["rollouts"] == here["rollouts"]
    assert np.array_equal(by_client["path"], here["path"])
    assert second_by_client["actuator"] == 1
    assert np.array_equal(second_by_client["path"], here["path"])
    assert second_by_client["score"] == here["score"]
    assert shares[0] == 0 and max(shares) > 0
    three_here = meltbox.plan(world, target.outline(), threads=2, **three)
    assert np.array_equal(three_by_client["path"], three_here["path"])
    assert three_by_client["score"] == three_here["score"]
    twice_here = meltbox.plan(world, target.outline(), evaluate=local, **twice)
    assert np.array_equal(twice_by_client["path"], twice_here["path"])
    assert twice_by_client["score"] == twice_here["score"]
    if len(r["path"]):
        assert meltbox.score_plan_path(world, r["path"], r["target"], "iou") == r["score"]
    # The outline an evaluator returns is the one score_plan_path scores.
    outline = meltbox.plan_path_outline(world, r["path"])
    assert meltbox.hausdorff(outline, r["target"]) == meltbox.score_plan_path(
        world, r["path"], r["target"], "hausdorff")


def test_a_plan_that_closes_little_says_what_to_change(root):
    world = world_of(spec_of(root))
    far = world.outline() + [40.0, 0.0]  # the spot moved sideways: no pumping reaches it
    little = meltbox.plan(world, far, passes=1, budget=8, threads=2)
    assert little["share_closed"] < 0.1
    assert "needs more passes and rollouts" in little["advice"]
    # The outline one vertical pass leaves: one pass in 24 rollouts closes more than a tenth.
    target = np.loadtxt(root / "assets/target_after_vertical_pass.csv", delimiter=",",
                        skiprows=1)
    r = meltbox.plan(world, target, passes=1, budget=24, threads=2)
    assert r["share_closed"] >= 0.1 and r["advice"] is None


def test_a_path_goes_on_from_a_prefix_as_it_runs_from_the_start(root):
    world = world_of(spec_of(root))
    target = world.copy()
    moved(target, [[0.0, -90], [0, 90]])
    batches = []

    def local(paths, shared):
        batches.append((paths, shared))
        return [meltbox.plan_path_outline(world, p) for p in paths]

    meltbox.plan(world, target.outline(), evaluate=local, passes=2, budget=8, population=4,
                 elites=2, min_gain=-1.0)
    paths, shared = batches[-1]
    assert shared > 0  # the second pass's batch begins with the first pass
    prefix = meltbox.plan_prefix(world, paths[0][:shared])
    assert np.array_equal(prefix.path, paths[0][:shared]) and prefix.actuator == 0
    assert "PlanPrefix of %d points" % shared in repr(prefix)
    # Its world is the state there: the actuator at the part's last point, and the start's
    # particles moved by the pass.
    there = prefix.world
    assert np.allclose(there.actuators[0].position(), paths[0][shared - 1])
    assert not np.array_equal(there.outline(), world.outline())
    for path in paths:
        assert np.array_equal(meltbox.plan_path_outline(prefix, path),
                              meltbox.plan_path_outline(world, path))
    # The prefix is kept as it was: going on from it twice gives the same outline.
    assert np.array_equal(meltbox.plan_path_outline(prefix, paths[0]),
                          meltbox.plan_path_outline(prefix, paths[0]))
    other = paths[0].copy()
    other[0, 0] += 1.0
    with pytest.raises(ValueError, match="path: the path does not begin with the %d points"
                       % shared):
        meltbox.plan_path_outline(prefix, other)
    with pytest.raises(ValueError, match="actuator 3"):
        meltbox.plan_prefix(world, paths[0][:shared], actuator=3)


def test_passes_at_their_own_speeds(root):
    world = world_of(spec_of(root))
    target = world.copy()
    moved(target, [[-90.0, 0], [90, 0]])
    r = meltbox.plan(world, target.outline(), passes=2, budget=24, population=4, elites=2,
                     threads=2, metric="iou", min_gain=-1.0, speeds=(0.5, 2.0))
    assert len(r["passes"]) >= 1  # the prefix after which the metric was lowest
    speeds = r["path_speeds"]
    assert speeds.shape == (len(r["path"]),)
    assert all(0.5 <= p["speed"] <= 2.0 for p in r["passes"])
    assert speeds[0] == r["passes"][0]["speed"] and speeds[-1] == r["passes"][-1]["speed"]
    # Run from the start at those speeds, the path gives the plan's score exactly; plan_path
    # draws the same points and speeds from the passes.
    assert meltbox.score_plan_path(world, r["path"], r["target"], "iou", speeds) == r["score"]
    points, again = meltbox.plan_path(
        world, [(p["angle"], p["offset"], p["speed"]) for p in r["passes"]], with_speeds=True)
    assert np.array_equal(points, r["path"]) and np.array_equal(again, speeds)
    # Without speeds: none written.
    assert meltbox.plan(world, target.outline(), passes=1, budget=4, population=4,
                        elites=2)["path_speeds"] is None
    with pytest.raises(ValueError, match="pass speeds"):
        meltbox.plan(world, target.outline(), passes=1, budget=4, speeds=(2.0, 1.0))


def test_an_actuators_path_speeds(root):
    a = meltbox.Heater([[0.0, 0], [10, 0], [20, 0]], speed=1)
    assert a.path_speeds is None
    a.path_speeds = [3.0, 1.0, 1.0]
    assert list(a.path_speeds) == [3.0, 1.0, 1.0]
    assert a.to_xml().count('speed="') == 4  # the actuator's and each point's
    assert a.ticks_remaining() == 1 + 4 + 8  # 3, 6, 9, 12 on the first segment, then 1 a tick
    with pytest.raises(ValueError, match="path_speeds"):
        a.path_speeds = [1.0, 2.0]
    with pytest.raises(ValueError, match="path_speeds"):
        a.path_speeds = [0.0, 1.0, 1.0]
    a.path = [[0.0, 0], [5, 0]]  # a new path runs at the actuator's speed
    assert a.path_speeds is None


def test_plan_takes_its_defaults_from_the_library():
    # Every default of meltbox.plan but the budget is the C++ PlanSettings' (so Python plans
    # what the CLI and the sandbox plan); the budget is a batch run's 1000 (docs/python.md).
    import inspect
    library = meltbox.default_plan_settings()
    params = inspect.signature(meltbox.plan).parameters
    assert params["budget"].default == 1000
    for name, value in library.items():
        if name != "budget":
            assert params[name].default == value, name
    # The library's own figures the docs quote: 4 passes, 400 rollouts, 4 finishing pokes on
    # what the chords leave, the IoU guide with the Hausdorff metric at weight 1 and the tail
    # mean of the farthest 4.2 lattice spacings of outline at weight 0.5.
    assert (library["passes"], library["budget"], library["pokes"], library["poke_share"]) == \
        (4, 400, 4, 0.0)
    assert (library["guide"], library["metric"], library["metric_weight"]) == \
        ("iou", "hausdorff", 1.0)
    assert (library["tail_weight"], library["tail_spacings"]) == (0.5, 4.2)
