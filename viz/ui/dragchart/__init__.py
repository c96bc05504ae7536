"""Charts that follow a slider while it is dragged (issue 25, in progress): the browser computes the
closed-form tables itself (``closed_form.js``) from the sliders' values, and the server stays the source
of truth once a slider is released. So far: the computations, checked against the Python reference in
``viz/`` by tests/test_closed_form_js.py; the chart component that uses them is the next step."""

from __future__ import annotations

from pathlib import Path

CLOSED_FORM_JS = Path(__file__).resolve().parent / "closed_form.js"
