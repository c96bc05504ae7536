"""The zoo's table (viz.views.zoo.zoo_table) as Streamlit sends it: through Arrow. A column that mixed
the step at which a variant reached 99% (an int) with "not reached" (text) failed Arrow's conversion,
and every rerun that drew it wrote a traceback into the server's log."""

from __future__ import annotations

import dataclasses

import pyarrow as pa
import pytest

from viz.i18n import t
from viz.model import zoo
from viz.views import zoo as views


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_table_with_reached_and_unreached_variants_converts_to_arrow(lang: str) -> None:
    config = zoo.ZooConfig(variant="standard", steps=5)
    run = zoo.train(config)
    reached = dataclasses.replace(run, accuracy=run.accuracy.copy())
    reached.accuracy[-1] = 1.0  # reached at its last evaluation
    table = views.zoo_table({"standard": reached, "linear": run}, lang)
    converted = pa.Table.from_pandas(table)  # what st.dataframe does; raised ArrowInvalid before
    column = converted.column(t("zoo.col.reached", lang)).to_pylist()
    assert column == [str(int(run.steps[-1])), t("zoo.never", lang)]
