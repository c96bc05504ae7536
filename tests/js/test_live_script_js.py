"""The live charts' served script in Node.js, without a page: it loads, and it registers exactly the
recipes viz.ui.live.TOPICS names (a view cannot name a recipe the browser lacks, and every recipe the
browser has is under a topic whose tests/js/test_live_<topic>.py covers it)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from tests.support import live_charts
from viz.ui import live


def test_the_script_registers_the_recipes_python_names(tmp_path: Path) -> None:
    live_charts.require_node()
    script = tmp_path / "recipes.js"
    script.write_bytes(
        b"globalThis.window = globalThis;\n"
        + live.served_script()
        + b"console.log(JSON.stringify(window.__attentionLabLive.recipes));\n"
    )
    done = subprocess.run(
        [str(shutil.which("node")), str(script)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert sorted(json.loads(done.stdout)) == sorted(live.RECIPES)
