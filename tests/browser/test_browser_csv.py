"""A chart's CSV button in a real headless Chromium: clicking it downloads a file whose numbers are the
ones the chart holds (read from the drawn Plotly div), with Korean headers that survive (UTF-8 with BOM).

Skipped where Chromium or Playwright is missing, except under ``CI``.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

import numpy as np
import pytest

from bench.harness.browser import StreamlitServer, plot_eval, wait_for_idle, wait_for_plot
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

CHART = ".st-key-att_avg"  # the attention page's average map (viz.ui.chart(key="att_avg"))


def test_a_charts_csv_button_downloads_the_charts_numbers(page: Page, server: StreamlitServer) -> None:
    page.goto(server.url + "/attention?lang=ko")
    wait_for_plot(page, "el._fullData[0].z.length > 0", root=CHART)
    wait_for_idle(page)
    z = np.array(plot_eval(page, "el._fullData[0].z", root=CHART), dtype=np.float64)
    xs, ys = plot_eval(page, "[el._fullData[0].x, el._fullData[0].y]", root=CHART)

    with page.expect_download() as event:
        page.locator(".st-key-att_avg_csv button").click()
    download = event.value
    assert download.suggested_filename == "att_average_layer1_d128_h8.csv"
    with open(download.path(), "rb") as f:
        data = f.read()
    assert data.startswith(b"\xef\xbb\xbf")  # Excel needs the BOM to read Korean
    # comment lines ("# title") are whole lines, never quoted: dropped before the rows are read
    text = "\r\n".join(line for line in data[3:].decode("utf-8").split("\r\n") if not line.startswith("# "))
    table = [row for row in csv.reader(io.StringIO(text, newline="")) if row]
    header, body = table[0], table[1:]
    assert header == [f"{t('ui.att.query', 'ko')} \\ {t('ui.att.key', 'ko')}", *xs]
    assert [row[0] for row in body] == ys
    got = np.array([[float(c) for c in row[1:]] for row in body])
    assert got.shape == z.shape and np.array_equal(got.astype(np.float32), z.astype(np.float32))


@pytest.mark.parametrize("view", ["/embedding?tab=add", "/softmax?lang=ko"])
def test_every_chart_is_drawn_above_its_csv_button_not_under_it(
    page: Page, server: StreamlitServer, view: str
) -> None:
    # The toolbar's strip above each chart took the figure's last 28 px under the page's border-box
    # sizing once the window was resized, so every chart's legend ran under its own CSV button.
    page.goto(server.url + view)
    wait_for_plot(page, "el._fullLayout !== undefined")
    wait_for_idle(page)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.al-plot')].every((el) => el._fullLayout !== undefined)"
    )
    # A resized window (a projector, a zoom) redraws every chart: the overlap showed after that.
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_timeout(500)
    page.set_viewport_size({"width": 1400, "height": 1600})
    page.wait_for_timeout(1500)  # plotly.js's responsive relayout runs on the resize event
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('[class*="st-key-"][class*="_csv"]')].map((button) => {
            const key = [...button.classList].find((c) => c.startsWith('st-key-') && c.endsWith('_csv'));
            const chart = document.querySelector('.' + key.slice(0, -4) + ' .main-svg');
            if (!chart) return null;
            const a = chart.getBoundingClientRect(), b = button.getBoundingClientRect();
            return {key: key, chartBottom: a.bottom, buttonTop: b.top};
        }).filter((box) => box !== null)"""
    )
    assert len(boxes) >= 2, boxes
    for box in boxes:
        assert box["chartBottom"] <= box["buttonTop"] + 0.5, box
