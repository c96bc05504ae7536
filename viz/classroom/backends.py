"""Which store a server uses: ``$ATTENTION_LAB_STORE`` names it (``sqlite:///path`` or
``redis://host:port/db``), else the embedded SQLite file beside the user's other state. Apart from
viz.classroom.store so that the store's module and each back end's never import each other."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from viz.classroom import store


def default_url() -> str:
    """The embedded store's file, beside the user's other state ($XDG_STATE_HOME or ~/.local/state)."""
    home = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return f"sqlite:///{Path(home) / 'attention-lab' / 'classroom.db'}"


def open_store(url: str | None = None) -> store.Store:
    """The store ``url`` (else ``$ATTENTION_LAB_STORE``, else :func:`default_url`) names."""
    url = url or os.environ.get(store.STORE_ENV) or default_url()
    if url.startswith("sqlite:///"):
        return store.SqliteStore(url.removeprefix("sqlite:///"))
    if url.startswith("redis://"):
        from viz.classroom.redis_store import RedisStore  # the client is imported only where it is used

        return RedisStore(url)
    raise ValueError(
        f"{store.STORE_ENV}: unknown store {url!r} (expected sqlite:///path or redis://host:port/db)"
    )


_shared: dict[str, store.Store] = {}
_shared_lock = threading.Lock()


def shared() -> store.Store:
    """This process's store (made on first use, one per setting): every session of the process shares it
    (each back end is safe to call from any thread)."""
    url = os.environ.get(store.STORE_ENV) or default_url()
    with _shared_lock:
        if url not in _shared:
            _shared[url] = open_store(url)
        return _shared[url]
