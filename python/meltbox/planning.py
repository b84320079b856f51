"""meltbox.plan: the physics planner (docs/planning.md), and its candidate batches on Dask.

The planner runs in C++ with the GIL released. With `client` (a dask.distributed Client) each
batch of candidate passes is run on the cluster instead: every candidate is a whole path
from the start, and a task loads the world from `spec` (the keys meltbox.sweep reads: input,
settings, actuators, inelastic, base), runs the path and returns the finished outline, which
the planner scores. Worlds are not pickled: the spec must describe the same world as `world`.
The paths of a batch begin with the same part, the passes accepted so far: a worker runs
that part once and keeps the last few (meltbox.plan_prefix), and goes on from it for each
candidate, so a candidate costs its own pass and not the whole plan.
"""
import collections
import inspect
import json
import numbers
import threading

import numpy as np

from . import _core

# A worker's last few shared parts (meltbox.PlanPrefix), by spec, actuator and path. Every
# candidate of a pass shares one; a beam of chains or a cluster that plans two targets at once
# shares a few. Dask runs a worker's tasks on threads, hence the lock.
_PREFIXES = collections.OrderedDict()
_PREFIXES_KEPT = 4
_PREFIXES_LOCK = threading.Lock()


def _prefix(spec, part, actuator):
    """The world of `spec` run along `part` (not finished), from this process's cache."""
    key = (json.dumps(spec, sort_keys=True, default=str), actuator, part.tobytes())
    with _PREFIXES_LOCK:
        if key in _PREFIXES:
            _PREFIXES.move_to_end(key)
            return _PREFIXES[key]
    from .sweep import _world
    prefix = _core.plan_prefix(_world(spec, {}), part, actuator=actuator)
    with _PREFIXES_LOCK:
        _PREFIXES[key] = prefix
        while len(_PREFIXES) > _PREFIXES_KEPT:
            _PREFIXES.popitem(last=False)
    return prefix


def outline_task(spec, path, actuator=0, shared=0):
    """One candidate on a worker: the world of `spec`, its actuator `actuator` along `path`.
    The first `shared` points, a part that ends on a tick, are run once a process and kept
    (the outline is the one of the run from the start, to the bit)."""
    path = np.asarray(path, dtype=float).reshape(-1, 2)
    if shared == 0:
        from .sweep import _world
        return _core.plan_path_outline(_world(spec, {}), path, actuator=actuator)
    return _core.plan_path_outline(_prefix(spec, np.ascontiguousarray(path[:shared]), actuator),
                                   path)


def dask_evaluator(client, spec, actuator=0):
    """A batch evaluator for plan(evaluate=...): one Dask task per path, outlines in order;
    each path moves the actuator at index `actuator` (the one the plan moves); the part the
    paths share is run once on each worker."""
    def evaluate(paths, shared=0):
        n = len(paths)
        futures = client.map(outline_task, [spec] * n, list(paths), [actuator] * n,
                             [shared] * n, pure=False)
        return client.gather(futures)
    return evaluate


def _with_shared(evaluate):
    """The planner calls evaluate(paths, shared); an evaluator of paths alone is wrapped."""
    try:
        inspect.signature(evaluate).bind([], 0)
        return evaluate
    except (TypeError, ValueError):
        return lambda paths, shared: evaluate(paths)


# The C++ types' ranges of plan()'s whole-number arguments (int, int64_t, uint64_t).
_INT = (-2**31, 2**31 - 1)
_INT64 = (-2**63, 2**63 - 1)
_UINT64 = (0, 2**64 - 1)


def _check_kinds(call, wholes=(), reals=(), texts=(), flags=()):
    """A TypeError naming the argument whose value is not of its kind, or a ValueError for a
    whole number beyond its C++ type (wholes: name, value, (lowest, highest); the rest: name,
    value): pybind11's own lists the whole signature and every argument's value, the target's
    every point among them. Narrower ranges are the planner's to check and say."""
    for name, value, (lowest, highest) in wholes:
        if not isinstance(value, numbers.Integral):
            raise TypeError(f"{call}: {name} must be a whole number, not {value!r}")
        if not lowest <= value <= highest:
            raise ValueError(f"{call}: {name} must be {lowest} to {highest}, not {value!r}")
    kinds = ((reals, numbers.Real, "a number"), (texts, str, "a string"),
             (flags, (bool, np.bool_), "True or False"))
    for pairs, kind, says in kinds:
        for name, value in pairs:
            if not isinstance(value, kind):
                raise TypeError(f"{call}: {name} must be {says}, not {value!r}")


# The library's defaults (C++ PlanSettings), so a plan from Python is the CLI's and the
# sandbox's; the budget is a batch run's, above the library's (sized for the sandbox's Plan).
_D = _core.default_plan_settings()


def plan(world, target, *, passes=_D["passes"], budget=1000, seconds=_D["seconds"],
         metric=_D["metric"], guide=_D["guide"], placement=_D["placement"], seed=_D["seed"],
         threads=_D["threads"], population=_D["population"], elites=_D["elites"],
         restarts=_D["restarts"], min_gain=_D["min_gain"], speeds=None, beam=_D["beam"],
         metric_weight=_D["metric_weight"], repeats=_D["repeats"], progress=None,
         evaluate=None, client=None, spec=None, actuator=_D["actuator"], pokes=_D["pokes"],
         poke_share=_D["poke_share"], retry_chords=_D["retry_chords"],
         tail_weight=_D["tail_weight"], tail_spacings=_D["tail_spacings"]):
    """Plans up to `passes` passes of the world's actuator at index `actuator` (the first by
    default; the others stand disabled in the rollouts) toward `target` (N x 2).

    budget: rollouts at most; seconds: wall seconds at most (0: none); metric: hausdorff,
    procrustes, iou or chamfer (what the plan is scored by); guide: what ranks candidates
    (iou), with metric_weight (1) and tail_weight (0.5): candidates are ranked by the share of
    the guide's gap they leave plus metric_weight times the share of the metric's plus
    tail_weight times the share of the tail mean's (tail_mean: the mean of the outlines' sample
    distances over their farthest tail_spacings, 4.2, lattice spacings of outline;
    docs/planning.md "The outline's farthest tenth");
    placement: absolute (target as drawn) or centroid (moved and scaled onto the spot);
    population, elites: the cross-entropy method's; restarts: independent runs a pass's search
    splits its budget into; beam: chains kept after each pass (1: greedy); repeats: runs in a
    row of each candidate pass, ranked after each (1; 2 for targets that need a chord more
    than once, docs/planning.md "Repeated passes"); pokes: passes that go in to a depth and
    back out to finish with, up to this many after the chords (4; 0: none), with poke_share
    of the budget (0: only what the chords leave unspent when they stop for want of gain;
    docs/planning.md "Finishing with pokes"); retry_chords: each chord's search tries the
    plan's chords so far again (True; docs/planning.md "Retried chords"); speeds: (low, high)
    units per tick to search each pass's speed in (None: every pass at the actuator's speed;
    the result's path_speeds then None).
    progress(dict) is called after each generation; raising in it stops the plan.
    evaluate(list of paths) -> list of outlines (each N x 2: the finished run's, as
    plan_path_outline(world, path, actuator=actuator) gives) replaces the local rollouts; it
    may take a second argument, `shared`: every path of the batch begins with that many
    points, which end on a tick, so plan_path_outline(plan_prefix(world, path[:shared],
    actuator=actuator), path) gives the same outline with that part run once.
    client and spec build one that runs on Dask. Returns a dict (actuator, path, path_speeds,
    passes, start_score, score, share_closed, rollouts, seconds, stop, target, centre,
    travel_radius, and advice: None, or what to change when the plan closed under a tenth of
    the gap).
    """
    _check_kinds("plan",
                 wholes=[("passes", passes, _INT), ("budget", budget, _INT64),
                         ("seed", seed, _UINT64), ("threads", threads, _INT),
                         ("population", population, _INT), ("elites", elites, _INT),
                         ("restarts", restarts, _INT), ("beam", beam, _INT),
                         ("repeats", repeats, _INT), ("actuator", actuator, _INT),
                         ("pokes", pokes, _INT)],
                 reals=[("seconds", seconds), ("min_gain", min_gain),
                        ("metric_weight", metric_weight), ("poke_share", poke_share),
                        ("tail_weight", tail_weight), ("tail_spacings", tail_spacings)],
                 texts=[("metric", metric), ("guide", guide), ("placement", placement)],
                 flags=[("retry_chords", retry_chords)])
    if speeds is not None and len(speeds) != 2:
        raise ValueError(f"plan: speeds must be None or (low, high), not {speeds!r}")
    if client is not None:
        if spec is None:
            raise ValueError("plan: a Dask client needs `spec` to load the world on the workers")
        if evaluate is not None:
            raise ValueError("plan: give `evaluate` or `client`, not both")
        evaluate = dask_evaluator(client, spec, actuator)
    if evaluate is not None:
        evaluate = _with_shared(evaluate)
    return _core.plan(world, target, passes=passes, budget=budget, seconds=seconds,
                      metric=metric, guide=guide, placement=placement, seed=seed,
                      threads=threads, population=population, elites=elites, restarts=restarts,
                      min_gain=min_gain, progress=progress, evaluate=evaluate,
                      min_speed=0.0 if speeds is None else float(speeds[0]),
                      max_speed=0.0 if speeds is None else float(speeds[1]), beam=beam,
                      metric_weight=metric_weight, repeats=repeats, actuator=actuator,
                      pokes=pokes, poke_share=poke_share, retry_chords=retry_chords,
                      tail_weight=tail_weight, tail_spacings=tail_spacings)
