"""Strings of the Positional encoding page (pages/positional_encoding.py, viz/views/positional_encoding.py),
English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # ---- positional encoding page ---------------------------------------------------------------------
    "pe.title": {"en": "Positional encoding", "ko": "위치 인코딩"},
    "pe.intro": {
        "en": "Attention compares tokens with dot products, and a dot product does not care about order: "
        "shuffle the words and every score stays the same. So before attention, each token's embedding "
        "gets a vector that depends only on its position. This page builds that table of vectors, one row "
        "per position, and measures what makes one table better than another.",
        "ko": "어텐션은 내적으로 토큰을 비교하는데, 내적은 순서를 모릅니다. 단어를 뒤섞어도 점수는 그대로입니다. "
        "그래서 어텐션 전에 각 토큰의 임베딩에 위치에만 의존하는 벡터를 더합니다. 이 페이지는 위치마다 한 "
        "행씩 그 벡터 표를 만들고, 어떤 표가 더 좋은지를 직접 재 봅니다.",
    },
    "pe.layout": {"en": "Column layout", "ko": "열 배치"},
    "pe.layout.interleaved": {
        "en": "Interleaved (sin, cos, sin, cos, …)",
        "ko": "교차 (sin, cos, sin, cos, …)",
    },
    "pe.layout.split": {
        "en": "Split (all sines, then all cosines)",
        "ko": "분할 (사인 전부, 그다음 코사인 전부)",
    },
    "pe.layout.same": {
        "en": "The two layouts hold the same columns in another order: column j of the split table is the same "
        "sine or cosine of the same frequency as the interleaved column the permutation chart puts "
        "there ({matched} of {d} columns), so reordering the interleaved table gives the split table exactly. "
        "A model cannot tell them apart, because its first linear layer can absorb any column order.",
        "ko": "두 배치는 같은 열을 순서만 바꿔 놓은 것입니다. 분할 배치 표의 j번째 열은 순열 차트가 그 자리에 "
        "놓는 교차 배치의 열과 같은 진동수의 같은 사인 또는 코사인입니다({d}개 열 중 {matched}개). 그래서 교차 "
        "배치 표의 열을 재배열하면 분할 배치 표와 정확히 같아집니다. 첫 선형층이 열 순서를 흡수하므로 모델에게는 "
        "둘이 같습니다.",
    },
    "pe.perm.title": {"en": "Where each split column comes from", "ko": "분할 배치의 각 열은 어디서 왔나"},
    "pe.perm.x": {"en": "column in the split layout", "ko": "분할 배치의 열"},
    "pe.perm.y": {"en": "column in the interleaved layout", "ko": "교차 배치의 열"},
    "pe.perm.hover": {
        "en": "split column %{x}<br>= interleaved column %{y}<extra></extra>",
        "ko": "분할 배치 %{x}번 열<br>= 교차 배치 %{y}번 열<extra></extra>",
    },
    "pe.tab.table": {"en": "The table as a heatmap", "ko": "표를 히트맵으로"},
    "pe.curves.title": {"en": "Chosen dimensions over position", "ko": "고른 차원의 위치별 값"},
    "pe.curves.pick": {"en": "Dimensions to draw", "ko": "그릴 차원"},
    "pe.curves.legend": {"en": "dim {dim}", "ko": "차원 {dim}"},
    "pe.curves.hover": {
        "en": "position %{x}<br>value %{y:.4f}",
        "ko": "위치 %{x}<br>값 %{y:.4f}",
    },
    "pe.curves.explain": {
        "en": "**What to notice.** Each curve is one column of the table. For the sinusoidal encoding the "
        "waves get slower as the dimension index grows: dimension 0 repeats about every 6 positions, "
        "higher dimensions over thousands. Fast columns tell neighbours apart; slow columns tell the "
        "beginning of a long text from its end.",
        "ko": "**눈여겨볼 점.** 곡선 하나가 표의 열 하나입니다. 사인파 인코딩에서는 차원 번호가 커질수록 파동이 "
        "느려집니다. 0번 차원은 약 6칸마다 반복되고, 높은 차원은 수천 칸에 걸쳐 한 번 돕니다. 빠른 열은 "
        "이웃한 위치를 구별하고, 느린 열은 긴 글의 앞과 뒤를 구별합니다.",
    },
    "pe.curves.window": {
        "en": "With {max_len} positions the fast waves would blur into a block, so the chart opens on the first {window}. Drag the strip under the chart to pan, or press autoscale in the toolbar to see every position.",
        "ko": "위치가 {max_len}개나 되면 빠른 파동이 뭉개져 보이므로 처음 {window}개 위치만 먼저 보여 줍니다. 차트 아래 띠를 끌어 옮기거나, 도구 모음의 자동 크기 버튼을 누르면 모든 위치를 볼 수 있습니다.",
    },
    "pe.curves.none": {"en": "Pick at least one dimension to draw.", "ko": "그릴 차원을 하나 이상 고르세요."},
    "pe.wave.title": {"en": "Wavelength of each dimension", "ko": "차원별 파장"},
    "pe.wave.x_pairs": {"en": "pair index i (columns 2i and 2i+1)", "ko": "쌍 번호 i (2i, 2i+1번 열)"},
    "pe.wave.x_cols": {"en": "column i", "ko": "열 번호 i"},
    "pe.wave.y": {"en": "wavelength (positions, log scale)", "ko": "파장 (위치 수, 로그 눈금)"},
    "pe.wave.hover": {
        "en": "i = %{x}<br>wavelength %{y:.4g}<extra></extra>",
        "ko": "i = %{x}<br>파장 %{y:.4g}<extra></extra>",
    },
    "pe.wave.max_len": {"en": "max_len = {max_len}", "ko": "max_len = {max_len}"},
    "pe.wave.explain": {
        "en": "**What to notice.** A wave longer than the sequence (above the dashed line) moves less than one "
        "full turn over all the positions; far above it, a column is almost constant and tells positions "
        "apart very little. Here {slow} of {total} have a wavelength longer than max_len = {max_len}. "
        "A bigger base stretches every wavelength; a longer max_len uses more of them.",
        "ko": "**눈여겨볼 점.** 파장이 시퀀스보다 긴 파동(점선 위)은 모든 위치를 지나도 한 바퀴를 다 돌지 "
        "못합니다. 점선보다 훨씬 위에 있는 열은 거의 상수여서 위치 구별에 거의 쓰이지 않습니다. 지금은 {total}개 "
        "중 {slow}개의 파장이 max_len = {max_len}보다 깁니다. base를 키우면 모든 파장이 길어지고, max_len을 "
        "늘리면 더 많은 파동이 쓰입니다.",
    },
    "pe.wave.binary": {
        "en": "**What to notice.** Bit i repeats every 2^(i+1) positions, so the periods double column by "
        "column. Bits above the dashed line never flip within max_len = {max_len}: {slow} of {total} columns "
        "here are constant zero.",
        "ko": "**눈여겨볼 점.** i번째 비트는 2^(i+1)칸마다 반복되므로 주기가 열마다 두 배가 됩니다. 점선 위의 "
        "비트는 max_len = {max_len} 안에서 한 번도 바뀌지 않아, 여기서는 {total}개 열 중 {slow}개가 늘 0입니다.",
    },
    "pe.wave.none": {
        "en": "This encoding is not made of waves, so its columns have no wavelength: the integer and "
        "normalised columns rise in a straight line, and the learned table is noise until trained.",
        "ko": "이 인코딩은 파동으로 이루어지지 않아 열에 파장이 없습니다. 정수와 정규화 인덱스는 직선으로 "
        "올라가고, 학습형 표는 학습 전에는 잡음일 뿐입니다.",
    },
    "pe.score.title": {
        "en": "Scorecard: the conditions from the notes, measured",
        "ko": "성적표: 강의 노트의 조건을 직접 측정",
    },
    "pe.score.intro": {
        "en": "Each verdict is computed from the table at the current settings; the number behind it is shown "
        "next to the threshold it is compared with.",
        "ko": "모든 판정은 현재 설정의 표에서 직접 계산합니다. 판정의 근거가 된 숫자와 비교 기준을 함께 보여 줍니다.",
    },
    "pe.score.col.condition": {"en": "Condition", "ko": "조건"},
    "pe.score.col.measure": {"en": "What is measured", "ko": "측정한 것"},
    "pe.score.col.threshold": {"en": "Passes when", "ko": "통과 기준"},
    "pe.score.pass": {"en": "pass · {value}", "ko": "통과 · {value}"},
    "pe.score.fail": {"en": "FAIL · {value}", "ko": "실패 · {value}"},
    "pe.score.na": {"en": "— n/a", "ko": "— 해당 없음"},
    "pe.crit.bounded": {"en": "Values stay small", "ko": "값이 작다"},
    "pe.crit.bounded.measure": {"en": "largest |value| in the table", "ko": "표의 최대 |값|"},
    "pe.crit.bounded.rule": {"en": "≤ {threshold:g}", "ko": "≤ {threshold:g}"},
    "pe.crit.distinct": {"en": "Every position is distinct", "ko": "위치마다 다르다"},
    "pe.crit.distinct.measure": {
        "en": "closest distance between two positions",
        "ko": "두 위치 사이 최소 거리",
    },
    "pe.crit.distinct.rule": {"en": "above {threshold:g}", "ko": "{threshold:g} 초과"},
    "pe.crit.length_invariant": {"en": "Same vector at any length", "ko": "길이와 무관하게 같은 벡터"},
    "pe.crit.length_invariant.measure": {
        "en": "largest change of a position's vector when max_len is halved",
        "ko": "max_len을 절반으로 줄였을 때 같은 위치 벡터의 최대 변화",
    },
    "pe.crit.length_invariant.rule": {"en": "≤ {threshold:g}", "ko": "≤ {threshold:g}"},
    "pe.crit.smooth": {"en": "Neighbours are close", "ko": "이웃끼리 가깝다"},
    "pe.crit.smooth.measure": {
        "en": "largest step between neighbours ÷ RMS distance between positions",
        "ko": "이웃 사이 최대 거리 ÷ 위치 사이 평균제곱근 거리",
    },
    "pe.crit.smooth.rule": {"en": "≤ {threshold:g}", "ko": "≤ {threshold:g}"},
    "pe.crit.offset_distance": {"en": "Distance follows the offset", "ko": "거리가 간격을 따른다"},
    "pe.crit.offset_distance.measure": {
        "en": "worst relative spread of ‖PE(p+k) − PE(p)‖ over p, for k = 1…16",
        "ko": "k = 1…16에서 p에 따른 ‖PE(p+k) − PE(p)‖의 최대 상대 편차",
    },
    "pe.crit.offset_distance.rule": {"en": "≤ {threshold:g}", "ko": "≤ {threshold:g}"},
    "pe.score.compare": {"en": "Compare all encodings", "ko": "모든 인코딩 비교"},
    "pe.score.compare.help": {
        "en": "At this size each scorecard takes a moment, so the comparison is off until you ask for it.",
        "ko": "이 크기에서는 성적표 계산에 시간이 걸리므로 요청할 때만 비교합니다.",
    },
    "pe.score.explain": {
        "en": "**What to notice.** Only the sinusoidal encoding (and RoPE, which shares its frequencies) passes "
        "all five. The integer index grows without bound; index ÷ length changes when the sentence gets "
        "longer; binary jumps unevenly between neighbours; a fresh learned table is random. Shrink d_model "
        "or grow max_len and watch verdicts change: binary runs out of codes once max_len > 2^d_model.",
        "ko": "**눈여겨볼 점.** 다섯 조건을 모두 통과하는 것은 사인파 인코딩(그리고 같은 진동수를 쓰는 RoPE)뿐입니다. "
        "정수 인덱스는 끝없이 커지고, 인덱스 ÷ 길이는 문장이 길어지면 값이 바뀌며, 이진수는 이웃 사이에서 "
        "고르지 않게 뛰고, 학습 전 표는 무작위입니다. d_model을 줄이거나 max_len을 늘려 판정이 바뀌는 것을 "
        "확인해 보세요. max_len > 2^d_model이 되면 이진수는 코드가 모자랍니다.",
    },
    "pe.window.toggle": {"en": "Exact values for a window", "ko": "일부 구간의 정확한 값"},
    "pe.window.rows": {"en": "positions", "ko": "위치 범위"},
    "pe.window.cols": {"en": "dimensions", "ko": "차원 범위"},
    "pe.window.title": {
        "en": "Positions {r0}–{r1}, dimensions {c0}–{c1} (every cell)",
        "ko": "위치 {r0}–{r1}, 차원 {c0}–{c1} (모든 칸)",
    },
    "pe.window.clipped": {
        "en": "A window shows at most {limit} × {limit} cells; showing the first {limit} of each range.",
        "ko": "창에는 최대 {limit} × {limit}칸만 보입니다. 각 범위의 처음 {limit}개를 보여 줍니다.",
    },
    "pe.window.explain": {
        "en": "Every cell here is exact (nothing aggregated), and the CSV holds exactly these cells.",
        "ko": "이 창의 모든 칸은 정확한 값입니다(집계하지 않음). CSV에도 이 칸들이 그대로 담깁니다.",
    },
    "pe.score.trained_out": {
        "en": "{name} is not in this comparison: its table has {cols} columns and at most {rows} rows. Choose "
        "it above (the others are then built at its size), or set d_model to {cols} and max_len to at most "
        "{rows} in the sidebar.",
        "ko": "{name}: 이 비교에 없습니다. 그 표는 열이 {cols}개이고 행은 많아야 {rows}개입니다. 위에서 그 표를 "
        "고르거나(그러면 다른 표도 그 크기로 만듭니다), 사이드바에서 d_model을 {cols:으로/로}, max_len을 {rows} "
        "이하로 두세요.",
    },
    "pe.score.trained_missing": {
        "en": "{name} is not in this comparison: its model's files are not on this server ({command} "
        "fetches them).",
        "ko": "{name}: 이 비교에 없습니다. 모델 파일이 이 서버에 없습니다({command} 명령이 받아 옵니다).",
    },
    "pe.wave.title.spectrum": {"en": "Strongest wave in each column", "ko": "열마다 가장 강한 파동"},
    "pe.wave.hover.spectrum": {
        "en": "column %{x}<br>strongest wave: every %{y:.3g} positions<br>its share of the column: "
        "%{marker.color:.0%}<extra></extra>",
        "ko": "%{x}번 열<br>가장 강한 파동: %{y:.3g}칸마다<br>열 안에서 그 파동의 비중: "
        "%{marker.color:.0%}<extra></extra>",
    },
    "pe.wave.strength": {"en": "share of the column", "ko": "열 안의 비중"},
    "pe.wave.table": {"en": "the table's {rows} rows", "ko": "표의 {rows}개 행"},
    "pe.wave.spectrum": {
        "en": "**What to notice.** Nobody chose these waves. Each marker is the period at which column i "
        "varies most over all {rows} rows (a Fourier transform of the column), and its colour is how much of "
        "the column that one wave accounts for: near 1, a clean wave; near 0, no wave at all. The markers sit "
        "on rungs at about 6, 17, 53, 170 and 340–510 positions, each roughly three times the one below: "
        "training found a ladder of wavelengths, the sinusoidal table's idea, on its own. Markers above the "
        "dotted line are drifts slower than the table is long, not waves it can show. Each column is a blend "
        "(its share is well under 1), the columns of one rung are scattered across the table rather than in "
        "order, and {slow} of {total} have their strongest wave longer than max_len = {max_len}.",
        "ko": "**눈여겨볼 점.** 이 파동은 누가 고른 것이 아닙니다. 각 점은 i번 열이 {rows}개 행 전체에서 가장 "
        "크게 변하는 주기이고(열의 푸리에 변환), 색은 그 파동 하나가 열을 얼마나 설명하는지입니다. 1에 "
        "가까우면 깨끗한 파동, 0에 가까우면 파동이 없다는 뜻입니다. 점들은 약 6, 17, 53, 170칸과 340~510칸의 "
        "단에 모여 있고, 한 단이 아래 단의 약 세 배입니다. 학습이 사인파 표와 같은 생각, 즉 파장의 사다리를 "
        "스스로 찾아낸 것입니다. 점선 위의 점은 표의 길이보다 느린 흐름이라 표가 보여 줄 수 있는 파동이 아닙니다. "
        "열마다 여러 파동이 섞여 있고(비중이 1보다 한참 작습니다), 한 단의 열들이 순서 없이 표 곳곳에 흩어져 "
        "있으며, {total}개 열 중 {slow}개는 가장 강한 파동이 max_len = {max_len}보다 깁니다.",
    },
}
