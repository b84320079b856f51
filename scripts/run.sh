#!/usr/bin/env bash
# Builds meltbox (Release, into build/) and starts the sandbox on its default scene.
# Extra arguments go to meltbox, e.g. scripts/run.sh assets/pumping.xml
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DMELTBOX_SANDBOX=ON >/dev/null
cmake --build build -j"$(nproc)" --target meltbox meltbox-cli
exec build/meltbox "$@"
