"""A crash under quick slider presses, "RuntimeError: dictionary changed size during iteration" in
session_state._call_callbacks.

The race, reproduced deterministically: with ``runner.fastReruns`` on (Streamlit's default), a rerun
request starts a new ScriptRunner thread while the old one still runs the page, and each runner wraps
the session's one SessionState in a SafeSessionState with a lock of its own. The new thread iterates
the widget states to run callbacks while the old thread registers its next widget into them. With the
option off, one runner (one lock) serves the session: the old run's widget waits for the callbacks.
The app turns the option off in ``.streamlit/config.toml``; the browser stress test is in
``tests/browser/test_browser_link.py``.
"""

from __future__ import annotations

import threading
import tomllib
from pathlib import Path
from typing import Any

from streamlit.proto.WidgetStates_pb2 import WidgetStates
from streamlit.runtime.state.common import WidgetMetadata
from streamlit.runtime.state.safe_session_state import SafeSessionState
from streamlit.runtime.state.session_state import SessionState

CONFIG = Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml"


def _widget(widget_id: str, deserialize: Any = lambda v: v) -> WidgetMetadata[Any]:
    return WidgetMetadata(
        id=widget_id, deserializer=deserialize, serializer=lambda v: v, value_type="int_value"
    )


def _race(*, runners: int) -> list[str]:
    """A rerun's callbacks (runner 1) while the previous run registers a widget (runner ``runners``).

    Returns the errors the rerun raised."""
    state = SessionState()
    in_callbacks, registered = threading.Event(), threading.Event()

    def slow(value: Any) -> Any:  # called while _call_callbacks walks the widget states
        in_callbacks.set()
        registered.wait(2)
        return value

    moved = _widget("$$ID-slider-d_model", slow)
    state._set_widget_metadata(moved)
    sent = WidgetStates()
    widget = sent.widgets.add()
    widget.id, widget.int_value = moved.id, 136
    wrappers = [SafeSessionState(state, lambda: None) for _ in range(runners)]
    new_run, old_run = wrappers[0], wrappers[-1]
    errors: list[str] = []

    def rerun() -> None:
        try:
            new_run.on_script_will_rerun(sent)
        except RuntimeError as exc:
            errors.append(str(exc))

    thread = threading.Thread(target=rerun)
    thread.start()
    assert in_callbacks.wait(5)
    done = threading.Thread(target=lambda: old_run.register_widget(_widget("$$ID-select-heads"), None))
    done.start()  # the old run, still drawing the page, meets its next widget
    done.join(0.5)
    registered.set()
    thread.join(5)
    done.join(5)
    return errors


def test_two_script_threads_of_one_session_race_on_its_widget_states() -> None:
    assert any("dictionary changed size during iteration" in e for e in _race(runners=2))


def test_one_script_thread_per_session_does_not() -> None:
    assert _race(runners=1) == []


def test_the_app_runs_one_script_thread_per_session() -> None:
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    assert config["runner"]["fastReruns"] is False
