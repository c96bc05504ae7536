"""Strings of an encoding table's views (viz/views/encoding.py): its heatmap and how it is strided, a
trained table's one size, the live model's encoding names, English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "encoding.cols_pairs": {
        "en": "every {col_step}th sine/cosine pair",
        "ko": "차원은 사인/코사인 쌍 {col_step}개마다 하나씩",
    },
    "encoding.cols_every": {"en": "every {col_step}th dimension", "ko": "차원은 {col_step}개마다 하나씩"},
    "encoding.csv.full_table": {
        "en": "The whole table, {rows} × {cols}: the chart draws every few rows and columns of it",
        "ko": "전체 표 {rows} × {cols}: 차트에는 이 중 몇 행, 몇 열마다 하나씩만 그립니다",
    },
    "encoding.label": {"en": "Position signal", "ko": "위치 신호"},
    "encoding.none": {"en": "none (no position)", "ko": "없음 (위치 정보 없음)"},
    # a trained table (viz.encodings.TRAINED_KINDS) has one size
    "encoding.trained.size": {
        "en": "{name} has one size, the one it was trained at: {total} positions × {cols} dimensions. The page "
        "shows {rows} of its {total} rows, from position 0, and all {cols} columns; the sidebar's d_model and "
        "base do not apply to it.",
        "ko": "{name}의 크기는 학습된 그대로 하나뿐입니다: 위치 {total}개 × {cols}차원. 이 페이지는 처음 {rows}개 행과 "
        "{cols}개 열 전부를 보여 주며, 사이드바의 d_model과 base는 이 표에 쓰이지 않습니다.",
    },
    "encoding.trained.size.cut": {
        "en": "{name} has one size, the one it was trained at: {total} positions × {cols} dimensions. The "
        "sidebar asks for more positions than it has, and a trained table has no row past its last: the page "
        "shows all {rows} rows and all {cols} columns. The sidebar's d_model and base do not apply to it.",
        "ko": "{name}의 크기는 학습된 그대로 하나뿐입니다: 위치 {total}개 × {cols}차원. 사이드바가 그보다 많은 위치를 "
        "요청했지만 학습된 표에는 마지막 행 뒤의 행이 없으므로, 이 페이지는 {rows}개 행 전부와 {cols}개 열 "
        "전부를 보여 줍니다. 사이드바의 d_model과 base는 이 표에 쓰이지 않습니다.",
    },
    "encoding.aggregated": {
        "en": "Too many cells to draw one by one: showing every {row_step}th position and {col_what} "
        "({rows} × {cols} of {max_len} × {d_model} cells). Hover shows the true indices; the exact-values "
        "window below shows any part at full resolution.",
        "ko": "칸이 너무 많아 모두 그리지 않고 위치는 {row_step}개마다 하나씩, {col_what} 보여 줍니다 "
        "({max_len} × {d_model}칸 중 {rows} × {cols}칸). 마우스를 올리면 실제 위치와 차원이 나오고, 아래의 "
        "정확한 값 창에서는 어느 부분이든 원래 해상도로 볼 수 있습니다.",
    },
    "encoding.rows_only": {"en": "every dimension", "ko": "차원은 모두"},
    "encoding.heatmap.title": {
        "en": "{name}: {max_len} positions × {d_model} dimensions",
        "ko": "{name}: 위치 {max_len}개 × 차원 {d_model}개",
    },
}
