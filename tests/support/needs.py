"""What a test needs from the machine: the real models' files and HAProxy, which the README's test
command installs. A checkout without them skips the test; under CI it fails, since they must be there."""

from __future__ import annotations

import os
import shutil

import pytest

from bench.harness.browser import running_in_ci
from viz.pretrained import files


def real(key: str) -> None:
    found = files.status(files.PINS[key], check_hash=False)
    if found.state is not files.State.READY:
        if os.environ.get("CI"):
            pytest.fail(f"{key} is not installed under CI: {files.FETCH_COMMAND} should have run")
        pytest.skip(f"{key} not installed ({files.FETCH_COMMAND})")


def require_haproxy() -> None:
    if shutil.which("haproxy") is None:
        if running_in_ci():
            pytest.fail("haproxy is needed (make test installs Debian's package)")
        pytest.skip("no haproxy (apt-get install haproxy)")
