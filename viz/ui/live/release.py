"""A live strip's release, on the server: the values the browser sent when a slider was let go go into
the Streamlit widgets' keys the strip mirrors, before the rerun draws them, and its sequence number is
acknowledged (strip.js holds the slider where the hand left it until the acknowledgement comes back).

Normally the strip's trigger callback does this (:func:`released`). A release that reaches a session which
has not registered the callback is dropped by Streamlit; :func:`catch_missed` finds it in the run and
:func:`apply_pending` sets it at the start of the next.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import streamlit as st


class Releasable(Protocol):
    """What a release needs of a strip's slider (viz.ui.live.LiveSlider)."""

    @property
    def name(self) -> str: ...

    @property
    def key(self) -> str: ...

    def coerce(self, raw: object) -> float | None: ...


def ack_key(key: str) -> str:
    return f"_{key}_ack"


def _release(message: object, sliders: Sequence[Releasable]) -> tuple[dict[str, Any], int | None]:
    """A release message as the widget values it sets (by widget key) and its sequence number (None: not
    a valid one); whatever the browser sent, only the strip's sliders' coerced values."""
    if not isinstance(message, dict):
        return {}, None
    values, seq = message.get("values"), message.get("seq")
    found: dict[str, Any] = {}
    if isinstance(values, dict):
        for slider in sliders:
            value = slider.coerce(values.get(slider.name))
            if value is not None:
                found[slider.key] = value
    valid = isinstance(seq, int) and not isinstance(seq, bool) and 0 < seq < 2**53
    return found, seq if valid else None


def _apply(key: str, values: Mapping[str, Any], seq: int | None) -> None:
    for widget, value in values.items():
        st.session_state[widget] = value
    if seq is not None:
        st.session_state[ack_key(key)] = seq


def released(key: str, sliders: Sequence[Releasable]) -> None:
    """A strip was let go: its values go into the widgets' keys (before the rerun draws them)."""
    state = st.session_state.get(key)
    message = state.get("released") if isinstance(state, Mapping) else None
    _apply(key, *_release(message, sliders))


#: Session State: releases that reached a run whose session had not yet registered the strip's callback
#: (strip key -> (widget values, seq)), set at the start of the next run (:func:`apply_pending`).
_PENDING = "_live_pending"


def catch_missed(key: str, sliders: Sequence[Releasable], result: object) -> None:
    """A release the callback never saw: it reached a session that had not registered the strip's
    callback (the page reconnected to a new session: its server restarted, or its process died and the
    balancer moved it), and Streamlit dropped it; the page stayed where it was. Its values are kept and
    the page run again, as after a release (the widgets they set are already drawn in this run)."""
    values, seq = _release(getattr(result, "released", None), sliders)
    ack = st.session_state.get(ack_key(key), 0)
    if seq is None or (isinstance(ack, int) and seq <= ack):
        return  # none, or the callback applied it
    pending = dict(st.session_state.get(_PENDING) or {})
    pending[key] = (values, seq)
    st.session_state[_PENDING] = pending
    st.rerun()


def apply_pending() -> None:
    """Call first in every run (app.py), before any widget: set the releases :func:`catch_missed` kept."""
    pending = st.session_state.get(_PENDING)
    if pending:
        st.session_state[_PENDING] = None
        for key, (values, seq) in pending.items():
            _apply(key, values, seq)
