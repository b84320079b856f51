"""Parameter sweeps and data sets on Dask distributed: one task per sample.

    python3 -m meltbox.sweep SPEC [--scheduler ADDRESS] [--workers N] [--output DIR]

SPEC is a JSON file (paths in it are relative to its folder):

    {"input": "../assets/pumping.xml", "settings": "../configs/pumping.cfg",
     "inelastic": true, "ticks": null,
     "grid": {"actuators.0.speed": [0.5, 1, 2], "Particle.CooldownTime": [10, 20]},
     "output": "sweep-out"}

"grid" gives every combination of its values (or "samples": a list of parameter dicts).
A parameter is a settings key ("Relaxation.IterationLimit"), "gas.<key>" or "body.<key>"
(gas and body settings), or "actuators.<index>.<attribute>" (an Actuator's attribute).
Each sample is a pure function of its parameters: it loads the world, applies them, runs
it (`ticks` ticks, or the CLI's simulate when null) and writes sample_<index>.npz
atomically (its parameters, state hash and final state). A second run skips samples whose
file is there; a worker lost mid-sample costs a rerun elsewhere, never data. A sample whose
parameters fail validation is listed in manifest.json with its error.

Without --scheduler a LocalCluster starts on 127.0.0.1 only (its HTTP servers too).
"""
import argparse
import itertools
import json
import os
import pathlib
import sys

import numpy as np


def samples_of(spec):
    """The sweep's parameter dicts, in a fixed order (the sample index is the position)."""
    if "samples" in spec:
        return [dict(s) for s in spec["samples"]]
    grid = spec.get("grid", {})
    keys = list(grid)
    return [dict(zip(keys, values)) for values in itertools.product(*(grid[k] for k in keys))]


def _world(spec, params):
    import meltbox
    base = pathlib.Path(spec.get("base", "."))
    settings = spec.get("settings")
    world = meltbox.World.load(base / spec["input"],
                               settings=None if settings is None else base / settings,
                               actuators=[base / a for a in spec["actuators"]]
                               if spec.get("actuators") else None,
                               inelastic=bool(spec.get("inelastic", False)))
    springs, gas, body = {}, {}, {}
    for key, value in params.items():
        if key.startswith("actuators."):
            _, index, attr = key.split(".", 2)
            a = world.actuators[int(index)]
            if not hasattr(a, attr):
                raise ValueError(f"{key}: an actuator has no attribute '{attr}'")
            setattr(a, attr, value)
            world.actuators[int(index)] = a  # checked as the XML reader checks
        elif key.startswith("gas."):
            gas[key[4:]] = value
        elif key.startswith("body."):
            body[key[5:]] = value
        else:
            springs[key] = value
    world.settings.update(springs)
    world.gas_settings.update(gas)
    world.body_settings.update(body)
    return world


def run_sample(spec, index, params):
    """Runs one sample and writes its npz (atomically); returns its manifest entry."""
    out = pathlib.Path(spec["output"])
    path = out / f"sample_{index:05d}.npz"
    entry = {"index": index, "params": params}
    if path.exists():
        with np.load(path) as done:
            return {**entry, "file": path.name, "state_hash": f"{int(done['state_hash']):016x}",
                    "ticks": int(done["ticks"])}
    try:
        world = _world(spec, params)
    except (ValueError, KeyError, TypeError, IndexError) as e:
        return {**entry, "error": str(e).strip("'\"")}
    ticks = spec.get("ticks")
    if ticks:
        world.tick(int(ticks))
        ran = int(ticks)
    else:
        ran = world.run()["ticks"]
    arrays = {"params": json.dumps(params, sort_keys=True), "state_hash": np.uint64(world.state_hash()),
              "ticks": ran, "positions": world.positions(),
              "discs": np.c_[world.disc_x, world.disc_y, world.disc_vx, world.disc_vy]}
    if world.particle_count:
        arrays["outline"] = world.outline()
    tmp = out / f".sample_{index:05d}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)
    os.replace(tmp, path)  # a sample's file is there whole or not at all
    return {**entry, "file": path.name, "state_hash": f"{world.state_hash():016x}", "ticks": ran}


def load_spec(path):
    path = pathlib.Path(path).resolve()
    spec = json.loads(path.read_text())
    spec["base"] = str(path.parent)
    spec["output"] = str(path.parent / spec.get("output", path.stem + "-out"))
    return spec


def local_cluster(workers):
    """A LocalCluster that listens on the loopback interface only. The scheduler and every
    worker run an HTTP server (metrics, and the dashboard where bokeh is installed) even
    with the dashboard off, on all interfaces unless told otherwise: so it is told."""
    from distributed import LocalCluster
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        host="127.0.0.1", dashboard_address="127.0.0.1:0",
                        worker_dashboard_address="127.0.0.1:0")


def sweep(spec, client=None, scheduler=None, workers=2, security=None):
    """Runs every sample of `spec` (a dict as load_spec gives) on the client's cluster (or
    one at `scheduler`, or a local one) and writes manifest.json; returns the manifest."""
    from distributed import Client
    pathlib.Path(spec["output"]).mkdir(parents=True, exist_ok=True)
    samples = samples_of(spec)
    cluster = None
    own = client is None
    if own:
        if scheduler:
            client = Client(scheduler, security=security)
        else:
            cluster = local_cluster(workers)
            client = Client(cluster)
    try:
        futures = client.map(run_sample, [spec] * len(samples), range(len(samples)), samples,
                             key=[f"meltbox-sample-{k}" for k in range(len(samples))],
                             pure=False, retries=2)
        entries = client.gather(futures)
    finally:
        if own:
            client.close()
            if cluster is not None:
                cluster.close()
    manifest = {"spec": {k: v for k, v in spec.items() if k != "base"},
                "complete": sum("file" in e for e in entries),
                "invalid": sum("error" in e for e in entries), "samples": entries}
    out = pathlib.Path(spec["output"])
    tmp = out / f".manifest.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(manifest, indent=1) + "\n")
    os.replace(tmp, out / "manifest.json")
    return manifest


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m meltbox.sweep", description=__doc__.split("\n")[0])
    p.add_argument("spec", help="the sweep's JSON file")
    p.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786 or tls://...)")
    p.add_argument("--workers", type=int, default=2, help="workers of the local cluster (default 2)")
    p.add_argument("--output", help="where the samples go (default: the spec's \"output\")")
    p.add_argument("--tls-ca-file", help="TLS: the certificate authority (with --tls-cert and --tls-key)")
    p.add_argument("--tls-cert", help="TLS: this client's certificate")
    p.add_argument("--tls-key", help="TLS: this client's private key")
    a = p.parse_args(argv)
    spec = load_spec(a.spec)
    if a.output:
        spec["output"] = str(pathlib.Path(a.output).resolve())
    security = None
    if a.tls_ca_file:
        from distributed.security import Security
        security = Security(tls_ca_file=a.tls_ca_file, tls_client_cert=a.tls_cert,
                            tls_client_key=a.tls_key, require_encryption=True)
    m = sweep(spec, scheduler=a.scheduler, workers=a.workers, security=security)
    print(f"{m['complete']} samples complete, {m['invalid']} invalid; "
          f"{pathlib.Path(spec['output']) / 'manifest.json'}")
    for e in m["samples"]:
        if "error" in e:
            print(f"sample {e['index']} {e['params']}: {e['error']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
