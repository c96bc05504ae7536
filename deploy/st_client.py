"""A Streamlit client that speaks the websocket protocol directly, without a browser.

It does what the browser's first connection and every widget change do: it opens
``/_stcore/stream``, sends a ``rerun_script`` BackMsg (the page, the query string and the widget
states; for a widget drawn inside ``st.fragment``, that fragment's id, so the server reruns only the
fragment), and reads ForwardMsgs until ``script_finished``. Like the browser it keeps the hashes of the
messages it was sent and declares them in the next rerun, so the server sends a message it already
holds as a small reference instead of the whole message (``global.minCachedMessageSize``).

Used by ``bench/load_bench.py`` (40 sessions on one server); handy for timing a page's server side on
its own. Not a test: it measures, it does not assert.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

#: A rerun's end: ``script_finished`` carries one of these (FINISHED_SUCCESSFULLY = 0, ...).
_FINISHED = 0  # FINISHED_SUCCESSFULLY
_FINISHED_FRAGMENT = 3  # FINISHED_FRAGMENT_RUN_SUCCESSFULLY


@dataclass
class Rerun:
    """One rerun as the client saw it."""

    seconds: float  # from sending the BackMsg to receiving script_finished
    bytes: int  # websocket payload received in that time
    messages: int
    exception: bool  # the page showed a traceback (an st.exception element)
    status: int  # script_finished's value
    first_delta: float | None  # seconds to the first element (the page starts to draw)
    fragment: bool = False  # only a fragment was asked for (a widget inside st.fragment changed)

    @property
    def ok(self) -> bool:
        """The page (or the fragment asked for) ran to its end without an exception and drew something.

        A fragment the server does not know (a stale id) also "finishes", having drawn nothing."""
        status = _FINISHED_FRAGMENT if self.fragment else _FINISHED
        return not self.exception and self.status == status and self.first_delta is not None


@dataclass
class Widget:
    """A widget the page drew: its id, kind and current value (as the browser would send it)."""

    id: str
    kind: str
    value: Any = None
    query_param: str = ""  # the URL key of a widget bound with bind="query-params"
    fragment: str = ""  # the st.fragment the widget was drawn in ("" for the page itself)
    disabled: bool = False  # as last drawn


@dataclass
class Session:
    """One browser tab's worth of state: the socket, the page, the widgets it knows, cached hashes."""

    url: str
    page_script_hash: str = ""
    page_name: str = ""
    query_string: str = ""
    widgets: dict[str, Widget] = field(default_factory=dict)
    cached: set[str] = field(default_factory=set)
    ws: Any = None
    script_hashes: dict[str, str] = field(default_factory=dict)  # page name -> script hash
    last_exception: str = ""
    #: The kinds of element the last rerun drew, in order ("plotly_chart", "progress", ...).
    drawn: list[str] = field(default_factory=list)
    #: The text of the messages (st.success, st.error, ...) the last rerun drew, as their Markdown.
    said: list[str] = field(default_factory=list)
    #: The next rerun runs only this fragment: a widget inside ``st.fragment`` was changed, and the
    #: browser then asks for that fragment alone (set by :func:`set_slider`, used once).
    fragment_id: str = ""
    #: The fragments the page reruns on a timer (``auto_rerun`` messages): a reconnecting browser asks a
    #: new session for a whole run only when there is one (viz/ui/reconnect.py).
    timers: set[str] = field(default_factory=set)

    async def connect(self) -> None:
        self.ws = await websockets.connect(
            self.url, subprotocols=[websockets.Subprotocol("streamlit")], max_size=None
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    def widget_by_key(self, key: str) -> Widget:
        """The widget whose user key is ``key`` (Streamlit ids end in ``-<key>``)."""
        for wid, widget in self.widgets.items():
            if wid.endswith("-" + key):
                return widget
        raise KeyError(f"no widget with key {key!r}; have {sorted(self.widgets)}")

    def _states(self) -> list[WidgetState]:
        states = []
        for widget in self.widgets.values():
            if widget.value is None:
                continue
            state = WidgetState(id=widget.id)
            if widget.kind == "double_array_value":
                state.double_array_value.data.extend(widget.value)
            elif widget.kind == "int_array_value":
                state.int_array_value.data.extend(widget.value)
            elif widget.kind == "string_array_value":
                state.string_array_value.data.extend(widget.value)
            else:
                setattr(state, widget.kind, widget.value)
            states.append(state)
        return states

    def rerun_message(self) -> BackMsg:
        """The rerun request the browser would send now: the page, the address, the widget states, the
        messages it holds, and the fragment to run (used once)."""
        msg = BackMsg()
        client = msg.rerun_script
        client.query_string = self.query_string
        client.page_script_hash = self.page_script_hash
        client.page_name = self.page_name
        client.widget_states.widgets.extend(self._states())
        client.cached_message_hashes.extend(sorted(self.cached))
        client.fragment_id, self.fragment_id = self.fragment_id, ""
        return msg

    async def rerun(self, timeout: float = 120.0, *, send: bool = True) -> Rerun:
        """Send a rerun with the current widget states and read until the script finishes (``send`` False:
        only read the next run, the one a run that ended early for a rerun, ``st.rerun()``, asked for)."""
        msg = self.rerun_message()
        client = msg.rerun_script
        started = time.perf_counter()
        self.drawn, self.said = [], []
        if send:
            await self.ws.send(msg.SerializeToString())
        received = 0
        count = 0
        exception = False
        first_delta: float | None = None
        while True:
            data = await asyncio.wait_for(self.ws.recv(), timeout)
            received += len(data)
            count += 1
            fwd = ForwardMsg()
            fwd.ParseFromString(data)
            if fwd.hash and not fwd.HasField("ref_hash"):
                self.cached.add(fwd.hash)
            kind = fwd.WhichOneof("type")
            if kind == "new_session":
                self._learn_pages(fwd.new_session.app_pages)
            elif kind == "navigation":
                self._learn_pages(fwd.navigation.app_pages)
            elif kind == "auto_rerun":
                self.timers.add(fwd.auto_rerun.fragment_id)
            elif kind == "page_info_changed":
                self.query_string = fwd.page_info_changed.query_string
            elif kind == "delta":
                if first_delta is None:
                    first_delta = time.perf_counter() - started
                exception |= self._learn_delta(fwd)
            elif kind == "script_finished":
                return Rerun(
                    seconds=time.perf_counter() - started,
                    bytes=received,
                    messages=count,
                    exception=exception,
                    status=int(fwd.script_finished),
                    first_delta=first_delta,
                    fragment=bool(client.fragment_id),
                )

    def _learn_pages(self, pages: Iterable[Any]) -> None:
        for page in pages:
            self.script_hashes[page.page_name] = page.page_script_hash
            if getattr(page, "url_pathname", ""):
                self.script_hashes[page.url_pathname] = page.page_script_hash

    def _learn_delta(self, fwd: ForwardMsg) -> bool:
        delta = fwd.delta
        if delta.WhichOneof("type") == "add_block":  # tabs that rerun on a switch are a widget
            tabs = delta.add_block.tab_container
            is_tabs = delta.add_block.WhichOneof("type") == "tab_container"
            if is_tabs and tabs.id and tabs.id not in self.widgets:
                self.widgets[tabs.id] = Widget(tabs.id, "string_value", None, tabs.query_param_key, "")
            return False
        if delta.WhichOneof("type") != "new_element":
            return False
        element = delta.new_element
        kind = element.WhichOneof("type")
        self.drawn.append(kind or "")
        if kind == "alert":
            self.said.append(element.alert.body)
        if kind == "exception":
            self.last_exception = element.exception.message + "\n" + "\n".join(element.exception.stack_trace)
            return True
        proto = getattr(element, kind) if kind else None
        wid = getattr(proto, "id", "") if proto is not None else ""
        if not wid or not isinstance(wid, str) or not wid.startswith("$$ID"):
            return False
        if wid in self.widgets:  # keep its value; a full rerun may give its fragment a new id
            self.widgets[wid].fragment = delta.fragment_id
            self.widgets[wid].disabled = bool(getattr(proto, "disabled", False))
            return False
        value_kind, value = _default_value(kind or "", proto)
        self.widgets[wid] = Widget(
            wid,
            value_kind,
            value,
            str(getattr(proto, "query_param_key", "") or ""),
            delta.fragment_id,
            bool(getattr(proto, "disabled", False)),
        )
        return False


def _default_value(kind: str, proto: Any) -> tuple[str, Any]:
    """How the browser reports a widget: sliders and select-sliders carry a value from the start; the
    other widgets are sent only once this client sets them (the server keeps their defaults)."""
    if kind == "slider" and proto.type == proto.SELECT_SLIDER:
        return "string_array_value", None  # formatted option labels, sent once set
    if kind == "slider":
        return "double_array_value", list(proto.value or proto.default)
    if kind in {"radio", "selectbox", "text_area", "text_input"}:
        return "string_value", None
    if kind == "button_group":  # st.segmented_control and st.pills: the chosen options' labels
        return "string_array_value", None
    if kind == "checkbox":
        return "bool_value", None
    if kind == "button":
        return "trigger_value", None
    return "", None


async def open_session(base: str, page: str = "", query: str = "") -> tuple[Session, Rerun]:
    """Connect, run the app's main page (and then ``page``, by its URL path), return the first rerun;
    with a ``query``, open ``page`` at once with it, as a link does."""
    session = Session(url=base.rstrip("/").replace("http", "ws", 1) + "/_stcore/stream")
    session.query_string = query
    await session.connect()
    if page and query:
        # A link with a query opens its page directly, as the browser's first request does: the page
        # reads its own controls from the address on the session's first run only.
        session.page_name = page
        first = await session.rerun()
        session.page_script_hash = session.script_hashes.get(page, "")
        return session, first
    first = await session.rerun()
    if page:
        if page not in session.script_hashes:
            raise KeyError(f"no page {page!r}; have {sorted(session.script_hashes)}")
        session.page_script_hash = session.script_hashes[page]
        session.page_name = page
        session.widgets.clear()
        first = await session.rerun()
    return session, first


def set_slider(session: Session, key: str, value: float | str) -> None:
    """Move a slider the way the browser reports it: a one-element array of the number, or of the
    option's label for a select-slider."""
    widget = session.widget_by_key(key)
    session.fragment_id = widget.fragment
    if widget.kind == "string_array_value":
        widget.value = [str(value)]
    else:
        widget.value = [float(value)]
    if widget.query_param:  # the browser writes a bound widget's value into the URL it sends
        number = float(value) if widget.kind != "string_array_value" else None
        text = str(int(number)) if number is not None and number.is_integer() else str(value)
        params = parse_qsl(session.query_string, keep_blank_values=True)
        kept = [(k, v) for k, v in params if k != widget.query_param]
        session.query_string = urlencode([*kept, (widget.query_param, text)])


def set_tab(session: Session, key: str, label: str) -> None:
    """Click the tab ``label`` of the tabs widget ``key`` (``st.tabs(..., key=key, on_change="rerun")``):
    the browser sends the tab's label; the next rerun is a full one."""
    widget = session.widget_by_key(key)
    session.fragment_id = ""
    widget.value = label


def summary(values: Iterable[float]) -> tuple[float, float]:
    """Median and nearest-rank p95."""
    ordered = sorted(values)
    if not ordered:
        return float("nan"), float("nan")
    n = len(ordered)
    median = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    rank = max(1, -(-95 * n // 100))  # ceil(0.95 n)
    return median, ordered[rank - 1]
