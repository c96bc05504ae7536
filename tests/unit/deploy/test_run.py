"""The app as ``make run`` starts it (``streamlit run app.py``, no file-watcher flag): with a visitor's
page open, the server watches no folder through inotify.

Streamlit's default watcher schedules a recursive inotify watch on app.py's folder, which holds the
.venv; with a page open its thread then used a whole core for as long as the page stayed open.
.streamlit/config.toml turns the watcher off for every way of starting the app."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from bench.harness.browser import StreamlitServer
from deploy.st_client import open_session


class _AsMakeRun(StreamlitServer):
    """The harness's server without the ``--server.fileWatcherType none`` it passes itself."""

    def command(self) -> list[str]:
        command = super().command()
        at = command.index("--server.fileWatcherType")
        return command[:at] + command[at + 2 :]


def _inotify_watches(pid: int) -> int:
    """How many inotify watches the process holds, over all its inotify descriptors."""
    watches = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # closed since the listing
            continue
        if target == "anon_inode:inotify":
            info = (Path(f"/proc/{pid}/fdinfo") / fd.name).read_text()
            watches += sum(line.startswith("inotify wd:") for line in info.splitlines())
    return watches


def test_an_open_page_sets_no_inotify_watch() -> None:
    async def open_page_and_count(server: StreamlitServer) -> tuple[int, int]:
        session, first = await open_session(server.url, "positional_encoding")
        try:
            assert first.ok, session.last_exception
            await asyncio.sleep(1.0)  # the watcher schedules its folders after the first run
            return len(session.widgets), _inotify_watches(server.pid)
        finally:
            await session.close()

    with _AsMakeRun() as server:
        assert "--server.fileWatcherType" not in server.command()
        widgets, watches = asyncio.run(open_page_and_count(server))
    assert widgets > 0  # the page did run: a watcher would have been set up by now
    assert watches == 0
