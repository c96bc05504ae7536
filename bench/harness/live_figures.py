"""What a live chart (viz.ui.live) shows, for the tests that drive no browser (AppTest) and for tests/js.

A live chart arrives without its data: a recipe computes it in the browser from its parameters. Here the
same JavaScript (the app's served script, viz.ui.live.served_script) fills it in Node.js, so the AppTest
modules read a live chart as a browser draws it, by the very code that draws it. tests/js holds each recipe
to the figure the server would draw itself (the view's ``truth``). A live strip (sliders, no figure) is not
a chart. One Node.js process serves a Python process, one figure at a time.
"""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import IO, Any

from viz.ui import live

#: Reads one live chart's JSON a line, answers with it filled (typed arrays as lists, NaN as null) or an
#: error. window: the served script names the page's globals through it.
_FILL_JS = b"""
const fillLine = (line) => {
  try {
    const figure = JSON.parse(line);
    window.__attentionLabLive.fill(figure, figure.live, null);
    const plain = (key, value) => (ArrayBuffer.isView(value) ? Array.from(value) : value);
    return JSON.stringify({ figure: figure }, plain);
  } catch (err) {
    return JSON.stringify({ error: String(err && err.message) });
  }
};
require('readline')
  .createInterface({ input: process.stdin })
  .on('line', (line) => process.stdout.write(fillLine(line) + '\\n'));
"""


class LiveChartError(RuntimeError):
    """A recipe refused a chart's parameters (the message is the JavaScript error's)."""


class _Node:
    """One Node.js process running the served script, started on first use, ended with the interpreter."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None

    def _started(self) -> tuple[IO[bytes], IO[bytes]]:
        if self._process is None or self._process.poll() is not None:
            node = shutil.which("node")
            if node is None:
                raise RuntimeError(
                    "Node.js is needed to draw live charts outside a browser (apt-get install nodejs)"
                )
            with tempfile.NamedTemporaryFile(suffix=".js", delete=False) as script:
                script.write(b"globalThis.window = globalThis;\n" + live.served_script() + _FILL_JS)
            atexit.register(Path(script.name).unlink, missing_ok=True)
            self._process = subprocess.Popen(
                [node, script.name], stdin=subprocess.PIPE, stdout=subprocess.PIPE
            )
            atexit.register(self._process.kill)
        assert self._process.stdin is not None and self._process.stdout is not None
        return self._process.stdin, self._process.stdout

    def fill(self, spec: str) -> dict[str, Any]:
        with self._lock:
            stdin, stdout = self._started()
            stdin.write(spec.encode("utf-8").replace(b"\n", b" ") + b"\n")
            stdin.flush()
            answer = json.loads(stdout.readline())
        if "error" in answer:
            raise LiveChartError(answer["error"])
        return dict(answer["figure"])


_NODE = _Node()


def is_strip(spec: str) -> bool:
    return spec.startswith('{"config":') and '"strip":' in spec[:200]


def fill(spec: str) -> dict[str, Any]:
    """A live chart's JSON ``spec`` filled by its recipe, as the browser fills it from the parameters the
    server sent (:class:`LiveChartError` when the recipe refuses them)."""
    return _NODE.fill(spec)


@functools.lru_cache(maxsize=256)
def materialize(spec: str) -> str:
    """``spec`` (a chart's JSON) with a live chart's data filled in as the browser would; others unchanged.

    Kept for the same ``spec``: the Node.js process's first fill of the Similarity page's sinusoidal row
    differs from its later fills in the 15th digit of some values (seen 2026-12-01; the same script and
    input, so most likely V8's optimised code against its first), and one chart read twice compared
    unequal with itself (tests/app/test_app.py's open-tab test, run alone).
    """
    if '"live":' not in spec or is_strip(spec) or not json.loads(spec).get("live"):
        return spec
    return json.dumps(fill(spec))
