"""meltbox as a library: worlds of wax, gas and bodies, their settings, actuators and state
as numpy views, ticked and rolled out in C++ without the GIL. See docs/python.md."""
from ._core import (  # noqa: F401
    Actuator,
    ActuatorList,
    BodySettings,
    Error,
    GasSettings,
    InputError,
    PlanPrefix,
    Settings,
    World,
    chamfer,
    default_plan_settings,
    hausdorff,
    procrustes,
    place_target,
    plan_path,
    plan_path_outline,
    plan_prefix,
    plan_sensitivity,
    rollout,
    score_plan_path,
    tail_mean,
)
from .planning import plan  # noqa: F401


def Heater(path, **kw):
    """A heater moving along `path` (N x 2); shape None: a disc of the settings' Heater.Size.
    Keywords: shape, speed, path_speeds (one per path point: the speed from it on; None: speed
    everywhere), orientation, name, enabled, cyclic, path_advancement, power, temperature (the
    conduction model's)."""
    return Actuator("heater", path, **kw)


def Pusher(path, shape, **kw):
    """A pusher of `shape` (N x 2, its own frame) moving along `path` (N x 2). Keywords:
    speed (below 1e-5: holds still at path[0]), path_speeds, orientation, name, enabled, cyclic,
    path_advancement, spring_crossing_allowed, firm_grip, final_release."""
    return Actuator("pusher", path, shape=shape, **kw)


__all__ = ["Actuator", "ActuatorList", "BodySettings", "Error", "GasSettings", "Heater",
           "InputError", "PlanPrefix", "Pusher", "Settings", "World", "chamfer",
           "default_plan_settings", "hausdorff", "place_target", "plan", "plan_path",
           "plan_path_outline", "plan_prefix", "plan_sensitivity", "procrustes", "rollout",
           "score_plan_path", "tail_mean"]
