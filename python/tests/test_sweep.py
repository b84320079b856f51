"""meltbox.sweep on a 2-worker LocalCluster bound to 127.0.0.1: complete, resumable, the
same data as a serial run even when a worker is killed mid-sweep, invalid samples listed."""
import os
import signal
import threading
import time

import numpy as np
import psutil
import pytest
from distributed import Client

from meltbox import sweep

# Debian's tornado under distributed 2022.12 warns on every event loop it starts.
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")


def spec_in(root, out):
    # Speeds 0.5 and 1 make samples of a few tenths of a second: long enough that a worker
    # killed after the first file lands is in the middle of one. Speed -1 is invalid.
    return {"input": str(root / "assets/pumping.xml"), "settings": str(root / "configs/pumping.cfg"),
            "inelastic": True, "output": str(out),
            "grid": {"actuators.0.speed": [0.5, 1, -1], "Particle.CooldownTime": [10, 20, 30]}}


def same_file(a, b):
    with np.load(a) as x, np.load(b) as y:
        return sorted(x.files) == sorted(y.files) and all(np.array_equal(x[k], y[k]) for k in x.files)


def test_sweep_survives_a_killed_worker_and_resumes(root, tmp_path):
    serial = spec_in(root, tmp_path / "serial")
    (tmp_path / "serial").mkdir()
    expected = [sweep.run_sample(serial, k, p) for k, p in enumerate(sweep.samples_of(serial))]
    assert sum("error" in e for e in expected) == 3  # the three samples of speed -1

    spec = spec_in(root, tmp_path / "dask")
    cluster = sweep.local_cluster(2)
    client = Client(cluster)
    try:
        # Loopback only: the scheduler, the workers and every socket they listen on.
        workers = client.run(os.getpid)
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        assert len(workers) == 2 and all(a.startswith("tcp://127.0.0.1:") for a in workers)
        for pid in [os.getpid(), *workers.values()]:
            for c in psutil.Process(pid).connections("inet"):
                if c.status == psutil.CONN_LISTEN:
                    assert c.laddr.ip == "127.0.0.1", (pid, c)

        result = {}
        run = threading.Thread(target=lambda: result.update(m=sweep.sweep(spec, client=client)))
        run.start()
        deadline = time.time() + 30
        while not list((tmp_path / "dask").glob("sample_*.npz")) and time.time() < deadline:
            time.sleep(0.01)
        busy = [a for a, keys in client.processing().items() if keys]
        assert busy, "the sweep ended before a worker could be killed"
        os.kill(workers[busy[0]], signal.SIGKILL)  # a worker with samples in hand
        run.join(60)
        manifest = result["m"]
    finally:
        client.close()
        cluster.close()

    assert manifest["complete"] == 6 and manifest["invalid"] == 3
    for got, want in zip(manifest["samples"], expected):
        assert got == want  # the same entries, in order, errors included
        if "file" in want:
            assert same_file(tmp_path / "dask" / got["file"], tmp_path / "serial" / want["file"])
    assert "speed must not be negative" in manifest["samples"][6]["error"]  # grid order: speed first

    # A second run finds every sample done and runs none again.
    stamps = {p: p.stat().st_mtime_ns for p in (tmp_path / "dask").glob("sample_*.npz")}
    again = sweep.main([str(_write_spec(tmp_path, spec)), "--workers", "2"])
    assert again == 0
    assert {p: p.stat().st_mtime_ns for p in (tmp_path / "dask").glob("sample_*.npz")} == stamps


def _write_spec(tmp_path, spec):
    import json
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec))
    return path
