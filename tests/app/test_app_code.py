"""The code beside the maths (viz.views.code) under AppTest: every page's folded box, once opened, shows
the source of functions that the page's run really called, read from the files that ran, with the
formula beside it; closed, it draws nothing but itself.

The proof that the code shown is the code that ran: with the caches emptied, a profiler records the code
object of every Python call the page's run makes, and each function the box shows must be among them
(its code object, not its name); the text shown must be that function's source, from its file."""

from __future__ import annotations

import inspect
import sys
import threading
from collections.abc import Iterator
from types import CodeType

import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import new_app, ok, open_link
from tests.support.needs import real
from viz.cache.budget import STORE
from viz.i18n import t
from viz.views import code

pytestmark = pytest.mark.usefixtures("fresh_caches")

#: Each box, with the link that opens its page on it.
BOXES = [
    ("home", "home", {}),
    ("positional_encoding", "positional_encoding", {}),
    ("embedding", "embedding", {}),
    ("similarity", "similarity", {}),
    ("softmax", "softmax", {"all": "1"}),  # the variance (first tab) and a row through softmax (second)
    ("attention", "attention", {}),
    ("encoder", "encoder", {}),
    ("pretrained.minilm", "pretrained", {"model": "minilm", "tab": "all"}),
    ("pretrained.smollm2", "pretrained", {"model": "smollm2", "tab": "all"}),
    ("pretrained.smollm2.generate", "pretrained", {"model": "smollm2", "tab": "generate", "n": "2"}),
]


def python(at: AppTest) -> list[str]:
    """The Python code blocks of the run (a page shows other text in code blocks: worked numbers)."""
    return [c.value for c in at.code if c.language == "python"]


@pytest.fixture
def calls() -> Iterator[set[CodeType]]:
    """The code objects of every Python function called while the test runs, in any thread."""
    seen: set[CodeType] = set()

    def record(frame: object, event: str, arg: object) -> None:
        if event == "call":
            seen.add(frame.f_code)  # type: ignore[attr-defined]

    STORE.discard()  # every cached result (the live and the real models' runs too): computed again
    sys.setprofile(record)
    threading.setprofile(record)
    try:
        yield seen
    finally:
        sys.setprofile(None)
        threading.setprofile(None)


@pytest.mark.parametrize(("box", "page", "query"), BOXES, ids=[b for b, _, _ in BOXES])
def test_each_box_shows_the_source_of_functions_the_page_ran(
    box: str, page: str, query: dict[str, str], calls: set[CodeType]
) -> None:
    if page == "pretrained":
        real(box.split(".")[1])
    at = open_link(page, **query)
    assert not python(at)  # closed: nothing of it drawn
    assert len([e for e in at.expander if e.label == t("code.title", "en")]) == 1
    at.session_state[f"code_{box}"] = True  # the visitor opens it
    ok(at.run())
    shown = python(at)
    refs = code.SNIPPETS[box]
    assert len(shown) == len(refs)
    for ref, text in zip(refs, shown, strict=True):
        fn = code.resolve(ref)
        assert fn.__code__ in calls, f"{ref} did not run on /{page}"
        source = inspect.getsource(fn)
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        assert lines and all(line in source for line in lines)  # every line shown is in the file's function
        assert fn.__name__ in lines[0] or lines[0].startswith("@")
        assert '"""' not in text  # the docstring left out: only what computes
    captions = " ".join(c.value for c in at.caption)
    for ref in refs:
        _, path, first, last = code.source(ref)
        assert (
            t("code.where", "en", name=ref.partition(":")[2], path=path, first=first, last=last) in captions
        )
    assert [x.value.strip("$\n") for x in at.latex] == [code.FORMULAS[box]]
    assert t(f"code.{box.replace('.', '_')}", "en") in [m.value for m in at.markdown]


def test_the_box_speaks_korean_and_closes_again() -> None:
    at = new_app(lang="ko")
    at.run()
    at = ok(at.switch_page("pages/softmax.py").run())
    at.session_state["code_softmax"] = True
    ok(at.run())
    assert [e for e in at.expander if e.label == t("code.title", "ko")]
    assert t("code.softmax", "ko") in [m.value for m in at.markdown]
    assert len(python(at)) == len(code.SNIPPETS["softmax"])
    at.session_state["code_softmax"] = False
    ok(at.run())
    assert not python(at)


def test_every_function_named_resolves_and_every_page_with_charts_has_a_box() -> None:
    for refs in code.SNIPPETS.values():
        for ref in refs:
            text, path, first, last = code.source(ref)
            assert text.strip() and path.startswith("viz/") and 0 < first < last
    assert set(code.FORMULAS) == set(code.SNIPPETS)
    pages = {name.partition(".")[0] for name in code.SNIPPETS}
    assert pages == {
        "home",
        "positional_encoding",
        "embedding",
        "similarity",
        "softmax",
        "attention",
        "encoder",
        "pretrained",
    }
