"""help() tells a researcher what each part of the module is: every public class, function,
method and property has a docstring, and every array view's says its shape and type."""
import inspect
import re

import numpy as np

import meltbox


def public(obj):
    return [n for n in dir(obj) if not n.startswith("_")]


def described(obj, name):
    """Whether obj's docstring says more than the signature pybind11 writes for every
    function ("name(self: ..., ...) -> ..."; overloads add "Overloaded function." and numbered
    signatures)."""
    lines = (obj.__doc__ or "").splitlines()
    text = [ln for ln in lines
            if ln.strip() and not re.match(rf"\s*(\d+\. )?{name}\(", ln)
            and ln.strip() != "Overloaded function."]
    return bool(text)


def test_every_public_name_has_a_docstring():
    missing = []
    for name in public(meltbox):
        obj = getattr(meltbox, name)
        if inspect.ismodule(obj):
            continue
        if not described(obj, name):
            missing.append(name)
        if inspect.isclass(obj):
            inherited = set(dir(BaseException)) if issubclass(obj, BaseException) else set()
            missing += [f"{name}.{m}" for m in public(obj)
                        if m not in inherited and not described(getattr(obj, m), m)]
    assert missing == []


def test_every_view_says_its_shape_and_type(root):
    # The demo world has every kind of matter: N particles, M springs, D discs, bodies of P
    # points each.
    w = meltbox.World.load(str(root / "assets" / "one_world.xml"))
    counts = {"N": w.particle_count, "M": w.spring_count, "D": w.disc_count}
    assert min(counts.values()) > 0 and w.body_count > 0
    views = [n for n in public(meltbox.World)
             if n.startswith(("particle_", "spring_", "disc_")) and not n.endswith("_count")]
    assert len(views) == 16  # 5 of the particles, 4 of the springs, 7 of the discs
    for name in views:
        doc = getattr(meltbox.World, name).__doc__
        letter, dtype = re.match(r"\((\w),\) (\w+) view", doc).groups()
        a = getattr(w, name)
        assert (a.shape, a.dtype) == ((counts[letter],), np.dtype(dtype)), name
    for name in ("body_x", "body_y", "body_vx", "body_vy"):
        doc = getattr(meltbox.World, name).__doc__
        assert "(P,) float64 view" in doc, name
        a = getattr(w, name)(0)
        assert (a.ndim, a.dtype) == (1, np.float64) and a.shape == w.body_x(0).shape, name
