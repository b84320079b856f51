#!/usr/bin/env python3
"""Checks that includes run only down the layers (docs/architecture.md), and prints the
folder-level include graph as a Mermaid diagram with --mermaid.

Layers, bottom first. A file may include its own folder and any folder of a lower layer;
folders of the same layer (the kinds of matter) never include each other.
"""
import os
import re
import sys

LAYERS = [
    ["physics/core"],
    ["physics/geometry"],
    ["physics/springs", "physics/gas", "physics/peri"],  # the kinds of matter
    ["physics/actuators"],                                # act on the kinds
    ["physics/world"],                                    # the box and one tick
    ["physics/io"],                                       # files of a World
    ["engine"],                                           # the live runtime
    ["app/cli", "app/meltbox"],                           # executables
    ["python"],                                           # the Python module (physics/ only)
]
LEVEL = {folder: k for k, layer in enumerate(LAYERS) for folder in layer}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def folder_of(path):
    parts = path.split("/")
    for depth in (2, 1):
        f = "/".join(parts[:depth])
        if f in LEVEL:
            return f
    return None


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    edges, bad = {}, []
    for top in ("physics", "engine", "app", "python"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.relpath(os.path.join(dirpath, name), root)
                src = folder_of(path)
                with open(os.path.join(root, path), encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        dst = folder_of(m.group(1))
                        if dst is None or src is None or dst == src:
                            continue
                        edges[(src, dst)] = edges.get((src, dst), 0) + 1
                        if src == "python" and not dst.startswith("physics/"):
                            bad.append(f"{path}:{n}: {src} includes {m.group(1)} (python/ "
                                       "includes physics/ only)")
                        elif LEVEL[dst] >= LEVEL[src]:
                            bad.append(f"{path}:{n}: {src} includes {m.group(1)} ({dst} is "
                                       f"{'the same layer' if LEVEL[dst] == LEVEL[src] else 'above'})")
    if "--mermaid" in sys.argv:
        print("```mermaid\nflowchart TD")
        for (src, dst), count in sorted(edges.items()):
            print(f"  {src.replace('/', '_')}[{src}] --> {dst.replace('/', '_')}[{dst}]")
        print("```")
    for b in bad:
        print(b, file=sys.stderr)
    if bad:
        print(f"{len(bad)} include(s) against the layers", file=sys.stderr)
        return 1
    print(f"layers: {sum(edges.values())} includes across folders, none upward or sideways")
    return 0


if __name__ == "__main__":
    sys.exit(main())
