#!/usr/bin/env python3
# lint-flatpak-manifest.py: an offline subset of Flathub's permission rules for our manifest
#
# Copyright 2026 The Proceedings authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: lint-flatpak-manifest.py MANIFEST.json
# Prints one line per problem and exits 1 when there is any.

import json
import sys

APP_ID = "io.github.proceedings.Proceedings"

# What the app needs, and no more: a window (Wayland, X11 only as a
# fallback, the IPC that X11 needs) and the GPU.  Files come and go
# through the portals.
ALLOWED = {"--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"}

BROAD_FILESYSTEMS = ("home", "host", "host-os", "host-etc", "/", "~")


def lint(manifest):
    problems = []
    args = manifest.get("finish-args", [])

    if manifest.get("id", manifest.get("app-id")) != APP_ID:
        problems.append(f"the id must be {APP_ID}")
    if manifest.get("runtime") != "org.gnome.Platform" or manifest.get("sdk") != "org.gnome.Sdk":
        problems.append("the runtime must be org.gnome.Platform with org.gnome.Sdk (Flathub hosts only those)")
    if manifest.get("command") != "proceedings":
        problems.append("the command must be proceedings")

    sockets = {a.split("=", 1)[1] for a in args if a.startswith("--socket=")}
    if "x11" in sockets and "wayland" in sockets:
        problems.append("--socket=x11 with --socket=wayland: use --socket=fallback-x11")
    if "fallback-x11" in sockets and ("wayland" not in sockets or "--share=ipc" not in args):
        problems.append("--socket=fallback-x11 needs --socket=wayland and --share=ipc")
    for bus in ("session-bus", "system-bus"):
        if bus in sockets:
            problems.append(f"--socket={bus} gives arbitrary D-Bus access")

    for arg in args:
        if arg.startswith("--filesystem="):
            target = arg.split("=", 1)[1].split(":", 1)[0]
            if target in BROAD_FILESYSTEMS or target.startswith("/"):
                problems.append(f"{arg}: broad file system access; use the file chooser portal")
            else:
                problems.append(f"{arg}: the app needs no file system access beyond the portals")
        elif arg.startswith(("--talk-name=", "--system-talk-name=", "--own-name=")):
            name = arg.split("=", 1)[1]
            if name.endswith("*") or name.startswith("org.freedesktop.Flatpak"):
                problems.append(f"{arg}: arbitrary D-Bus access")
            else:
                problems.append(f"{arg}: the app talks to no D-Bus service but the portals")
        elif arg not in ALLOWED:
            problems.append(f"{arg}: not a permission the app needs")

    modules = manifest.get("modules", [])
    if not modules or modules[-1].get("name") != "proceedings" or modules[-1].get("buildsystem") != "meson":
        problems.append("the last module must be proceedings, built with meson")
    for module in modules[:-1]:
        for source in module.get("sources", []):
            if source.get("type") in ("archive", "file") and not source.get("sha256"):
                problems.append(f"module {module.get('name')}: a source without a sha256 checksum")
            if source.get("type") == "git" and not source.get("commit"):
                problems.append(f"module {module.get('name')}: a git source without a pinned commit")

    return problems


def main():
    if len(sys.argv) != 2:
        print("usage: lint-flatpak-manifest.py MANIFEST.json", file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        manifest = json.load(f)
    problems = lint(manifest)
    for problem in problems:
        print(f"{sys.argv[1]}: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
