"""plotly.js for the charts: which bundle the app serves and its locales (viz.ui.static_files puts them
in static/ and checks them)."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import plotly

from viz.i18n import t

#: plotly.js's cartesian bundle (npm's plotly.js-cartesian-dist-min, MIT; its traces are in
#: :data:`CARTESIAN_TRACES`): 1.5 MB against the full bundle's 4.8 MB, which took a fresh browser tab
#: about a second longer to parse before the first chart (bench/results/pages.md). Used when it is the
#: same plotly.js version as the installed plotly package's; otherwise the package's full bundle is.
CARTESIAN_JS = Path(__file__).parent / "vendor" / "plotly-cartesian.min.js"
CARTESIAN_TRACES = frozenset(
    {"bar", "box", "contour", "heatmap", "histogram", "histogram2d", "histogram2dcontour", "image", "pie"}
    | {"scatter", "scatterternary", "violin"}
)


def head_version(content: bytes) -> str | None:
    found = re.search(rb"plotly\.js\b[^\n]*? v(\d+\.\d+\.\d+)", content[:300])
    return found.group(1).decode("ascii") if found is not None else None


def bundle_version(path: Path) -> str | None:
    """The plotly.js version in a bundle's first lines (``plotly.js ... v4.1.1``), or None."""
    with contextlib.suppress(OSError), path.open("rb") as f:
        return head_version(f.read(300))
    return None


def plotly_js_source() -> Path:
    """The plotly.js the charts load: the cartesian bundle when it matches the installed plotly's
    plotly.js version, else the full bundle that the plotly package ships."""
    full = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    return CARTESIAN_JS if bundle_version(CARTESIAN_JS) == bundle_version(full) else full


#: plotly.js's locales for the app's languages other than English, exactly as npm's plotly.js-locales
#: ships them (CommonJS modules; viz/vendor/README.md says which version and why that one).
LOCALE_JS = {"ko": Path(__file__).parent / "vendor" / "plotly-locale-ko.js"}
#: plotly.js strings (its English text, the dictionary's keys) that the vendored locales lack, being
#: older than the bundle, with the i18n key of the app's own translation.
PLOTLY_EXTRA_STRINGS = {
    "Preparing image - this may take a few seconds": "ui.chart.plotly.preparing",
    "Image download succeeded": "ui.chart.plotly.done",
    "Sorry, there was a problem downloading your image!": "ui.chart.plotly.failed",
    "Click to enter Plot subtitle": "ui.chart.plotly.subtitle",
}


def locale_script(lang: str) -> bytes:
    """``static/plotly-locale-LANG.js``: the vendored locale module with the app's translations of the
    strings it lacks, registering itself with the page's plotly.js (the component loads it after
    plotly.js, only on a page in that language)."""
    module = LOCALE_JS[lang].read_text(encoding="utf-8")
    extra = {english: t(key, lang) for english, key in PLOTLY_EXTRA_STRINGS.items()}
    return (
        "(function () {\n"
        "var module = {};\n"
        f"{module.strip()}\n"
        f"Object.assign(module.exports.dictionary, {json.dumps(extra, ensure_ascii=False)});\n"
        "if (window.Plotly) window.Plotly.register(module.exports);\n"
        "})();\n"
    ).encode()
