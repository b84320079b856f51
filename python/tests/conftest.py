"""Shared paths: the checkout's assets and configs, and meltbox-cli (MELTBOX_CLI, set by
ctest; else build/meltbox-cli in the checkout)."""
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def root():
    return ROOT


@pytest.fixture
def cli():
    path = os.environ.get("MELTBOX_CLI", str(ROOT / "build" / "meltbox-cli"))
    if not os.path.exists(path):
        pytest.fail(f"meltbox-cli not found at {path} (build it, or set MELTBOX_CLI)")
    return path
