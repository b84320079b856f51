#!/usr/bin/env bash
# Installs the Debian packages meltbox needs, skipping what is already present.
set -euo pipefail
PKGS=(cmake g++ pkg-config libsdl2-dev libimgui-dev libglm-dev libtinyxml2-dev python3-glad
      libstb-dev libinih-dev libcli11-dev libgtest-dev libbenchmark-dev xvfb xauth mesa-utils
      libgl1-mesa-dri libegl1 libegl-mesa0
      clang libclang-rt-14-dev  # clang: the sanitizer and fuzz builds (libFuzzer)
      pybind11-dev python3-numpy python3-pytest python3-distributed python3-matplotlib)  # python/
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "meltbox: installing missing Debian packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
