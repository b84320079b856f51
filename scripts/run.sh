#!/usr/bin/env bash
# Builds meltbox (Release, into build/) and starts the sandbox on its default scene.
# Extra arguments go to meltbox, e.g. scripts/run.sh assets/pumping.xml
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
if [ -x build/meltbox ]; then
  exec build/meltbox "$@"
else
  exec build/meltbox-cli --help
fi
