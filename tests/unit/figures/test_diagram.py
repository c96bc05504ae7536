"""The model at a glance (viz.figures.diagram): the boxes snake down in rows, an arrow joins each to the
next, the page's own steps are marked, every text is escaped, and the browser finds the boxes' ids."""

from __future__ import annotations

from viz.figures.diagram import BOX_H, BOX_W, HERE_FILL, OTHER_FILL, Box, model_map, position


def boxes(n: int, here: int | None = None) -> tuple[Box, ...]:
    return tuple(
        Box(f"b{i}", f"step {i}", (f"{i} × 2", f"x = {i}"), f"{i} + 0 = {i}", i == here) for i in range(n)
    )


def test_the_path_snakes_left_to_right_then_back() -> None:
    assert [position(i, 4) for i in range(9)] == [
        (0, 0), (1, 0), (2, 0), (3, 0),
        (3, -1), (2, -1), (1, -1), (0, -1),
        (0, -2),
    ]  # fmt: skip


def test_each_box_is_a_rectangle_with_its_text_and_an_arrow_leads_to_the_next() -> None:
    fig = model_map(boxes(12, here=5), title="t", cols=4)
    shapes = fig.layout.shapes
    assert len(shapes) == 12
    for i, shape in enumerate(shapes):
        x, y = position(i, 4)
        assert (shape.x0, shape.x1, shape.y0, shape.y1) == (
            x - BOX_W / 2,
            x + BOX_W / 2,
            y - BOX_H / 2,
            y + BOX_H / 2,
        )
        assert shape.fillcolor == (HERE_FILL if i == 5 else OTHER_FILL)
    arrows = fig.layout.annotations
    assert len(arrows) == 11
    for i, arrow in enumerate(arrows):
        (x0, y0), (x1, y1) = position(i, 4), position(i + 1, 4)
        # from the edge of box i to the edge of box i + 1, within both boxes' reach
        assert abs(arrow.ax - x0) <= BOX_W / 2 + 1e-9 and abs(arrow.ay - y0) <= BOX_H / 2 + 1e-9
        assert abs(arrow.x - x1) <= BOX_W / 2 + 1e-9 and abs(arrow.y - y1) <= BOX_H / 2 + 1e-9
        assert (arrow.y < arrow.ay) == (y1 < y0)  # down only between rows
    text, hits = fig.data
    assert list(text.text)[3] == "<b>step 3</b><br>3 × 2<br>x = 3"
    assert list(hits.customdata) == [f"b{i}" for i in range(12)] == list(fig.layout.meta["boxes"])
    assert list(hits.hovertext)[2] == "step 2<br>2 + 0 = 2"


def test_text_from_a_visitor_is_escaped() -> None:
    hostile = Box("x", "<b>bold</b>", ("<img src=x onerror=alert(1)>", "a & b"), "<script>\nz", False)
    fig = model_map((hostile,), title="<i>t</i>")
    assert "<img" not in fig.data[0].text[0] and "&lt;img" in fig.data[0].text[0]
    assert "<b>bold</b>" not in fig.data[0].text[0].replace("<b>&lt;b&gt;", "")
    assert fig.data[1].hovertext[0] == "&lt;b&gt;bold&lt;/b&gt;<br>&lt;script&gt;<br>z"
    assert fig.layout.title.text == "&lt;i&gt;t&lt;/i&gt;"


def test_a_phone_gets_the_same_boxes_in_two_columns() -> None:
    fig = model_map(boxes(12, here=1), cols=4)
    phone = fig.layout.meta["phone"]
    text, hits = phone["data"]
    assert [(x, y) for x, y in zip(hits["x"], hits["y"], strict=True)] == [position(i, 2) for i in range(12)]
    assert list(hits["customdata"]) == list(fig.data[1].customdata)
    assert list(text["text"]) == list(fig.data[0].text)
    assert len(phone["shapes"]) == 12 and len(phone["annotations"]) == 11
    assert phone["shapes"][1]["fillcolor"] == HERE_FILL
    assert phone["height"] > fig.layout.height  # six rows, not three
