"""Every user-visible string of the app, in English and Korean, looked up by key.

``t("pe.title", "ko")`` returns the Korean title; ``t(key, lang, **values)`` fills ``{placeholders}``.
Chart titles, axis labels and hover text live here too. No Streamlit here.
"""

from __future__ import annotations

from typing import Literal

Lang = Literal["en", "ko"]
LANGS: tuple[Lang, ...] = ("en", "ko")

STRINGS: dict[str, dict[str, str]] = {
    # ---- app shell -------------------------------------------------------------------------------------
    "app.title": {"en": "Attention Lab", "ko": "어텐션 랩"},
    "nav.home": {"en": "Home", "ko": "홈"},
    "nav.pe": {"en": "Positional encoding", "ko": "위치 인코딩"},
    "sidebar.header": {"en": "Shared settings", "ko": "공통 설정"},
    "sidebar.caption": {
        "en": "These settings are the same on every page and live in the address bar: copy the URL to share "
        "exactly this view.",
        "ko": "이 설정은 모든 페이지에 똑같이 적용되며 주소창에 저장됩니다. URL을 복사하면 지금 화면을 그대로 "
        "공유할 수 있습니다.",
    },
    "sidebar.lang": {"en": "Language", "ko": "언어"},
    "sidebar.d_model": {"en": "d_model (vector width)", "ko": "d_model (벡터 차원)"},
    "sidebar.d_model.help": {
        "en": "How many numbers describe each token. The paper uses 512.",
        "ko": "토큰 하나를 몇 개의 숫자로 표현하는지. 논문은 512를 씁니다.",
    },
    "sidebar.max_len": {"en": "max_len (positions)", "ko": "max_len (위치 개수)"},
    "sidebar.max_len.help": {
        "en": "How many positions (tokens in a sequence) are encoded.",
        "ko": "인코딩할 위치(시퀀스 안 토큰)의 개수.",
    },
    "sidebar.base": {"en": "base (wavelength scale)", "ko": "base (파장 배율)"},
    "sidebar.base.help": {
        "en": "The constant in base^(2i/d_model). The paper uses 10000; some notes print 1000.",
        "ko": "base^(2i/d_model)의 상수. 논문은 10000을 쓰고, 일부 자료에는 1000으로 적혀 있습니다.",
    },
    "sidebar.heads": {"en": "heads (attention heads)", "ko": "heads (어텐션 헤드 수)"},
    "sidebar.heads.help": {
        "en": "Only divisors of d_model are offered: each head gets d_k = d_model / heads dimensions.",
        "ko": "d_model의 약수만 고를 수 있습니다. 헤드마다 d_k = d_model / heads 차원을 받습니다.",
    },
    "sidebar.d_k": {
        "en": "d_k = {d_model} / {heads} = {d_k} per head",
        "ko": "헤드당 d_k = {d_model} / {heads} = {d_k}",
    },
    "sidebar.odd": {
        "en": "d_model is odd: the last column has no partner, so its sine gets no cosine.",
        "ko": "d_model이 홀수입니다. 마지막 열은 짝이 없어 사인만 있고 코사인이 없습니다.",
    },
    "sidebar.heads_adjusted": {
        "en": "{old} heads do not divide d_model = {d_model}; using {new}.",
        "ko": "헤드 {old}개로는 d_model = {d_model}을 나눌 수 없어 {new}개를 씁니다.",
    },
    "url.invalid": {
        "en": "The link asked for {key} = “{value}”, which is not allowed here ({rule}). Using {default} instead.",
        "ko": "링크의 {key} = “{value}” 값은 쓸 수 없습니다({rule}). 대신 {default}을(를) 씁니다.",
    },
    "url.rule.int_range": {"en": "a whole number from {lo} to {hi}", "ko": "{lo}부터 {hi}까지의 정수"},
    "url.rule.choice": {"en": "one of {choices}", "ko": "{choices} 중 하나"},
    "url.rule.divisor": {"en": "a divisor of d_model = {d_model}", "ko": "d_model = {d_model}의 약수"},
    # ---- home ------------------------------------------------------------------------------------------
    "home.title": {"en": "Attention Lab", "ko": "어텐션 랩"},
    "home.tagline": {
        "en": "See how a Transformer knows word order and decides where to look: every number on these pages "
        "is computed live from the settings in the sidebar.",
        "ko": "트랜스포머가 단어 순서를 어떻게 알고 어디에 집중할지 어떻게 정하는지 직접 확인해 보세요. 이 "
        "페이지의 모든 숫자는 사이드바 설정으로 그 자리에서 계산됩니다.",
    },
    "home.audience": {
        "en": "Made for students exploring on their own, for teachers showing it to a class, and for anyone who "
        "wants to change a hyperparameter and watch what happens. Change a slider on the left: every page "
        "follows, and the address bar keeps the view so you can share it.",
        "ko": "혼자 탐구하는 학생, 수업에서 화면을 띄우는 선생님, 하이퍼파라미터를 바꿔 보며 결과를 보고 싶은 "
        "모든 사람을 위해 만들었습니다. 왼쪽 슬라이더를 움직이면 모든 페이지가 따라 바뀌고, 주소창이 그 화면을 "
        "기억하므로 그대로 공유할 수 있습니다.",
    },
    "home.path": {"en": "The path a token takes", "ko": "토큰이 지나가는 길"},
    "home.path.caption": {
        "en": "Each step links to the page that shows it; steps marked “coming soon” are not built yet.",
        "ko": "각 단계를 누르면 그 단계를 보여 주는 페이지로 갑니다. “준비 중” 표시는 아직 만들지 않은 "
        "페이지입니다.",
    },
    "home.coming": {"en": "coming soon", "ko": "준비 중"},
    "step.token": {"en": "Token", "ko": "토큰"},
    "step.token.desc": {"en": "a word of the sentence", "ko": "문장의 한 단어"},
    "step.embedding": {"en": "Embedding", "ko": "임베딩"},
    "step.embedding.desc": {"en": "a vector of d_model numbers", "ko": "d_model개 숫자로 된 벡터"},
    "step.pe": {"en": "+ Positional encoding", "ko": "+ 위치 인코딩"},
    "step.pe.desc": {"en": "adds where the token stands", "ko": "토큰의 자리를 더해 줌"},
    "step.qkv": {"en": "Q, K, V", "ko": "Q, K, V"},
    "step.qkv.desc": {"en": "three learned projections", "ko": "학습되는 세 가지 사영"},
    "step.scores": {"en": "QKᵀ / √d_k", "ko": "QKᵀ / √d_k"},
    "step.scores.desc": {"en": "scaled similarity of every pair", "ko": "모든 쌍의 유사도를 크기 조정"},
    "step.softmax": {"en": "softmax", "ko": "softmax"},
    "step.softmax.desc": {"en": "scores become weights summing to 1", "ko": "점수를 합이 1인 가중치로"},
    "step.values": {"en": "· V", "ko": "· V"},
    "step.values.desc": {"en": "a weighted mix of value vectors", "ko": "값 벡터의 가중 평균"},
    "step.heads": {"en": "Heads", "ko": "헤드"},
    "step.heads.desc": {"en": "several attentions side by side", "ko": "여러 어텐션을 나란히"},
    "step.wo": {"en": "W_O", "ko": "W_O"},
    "step.wo.desc": {"en": "heads concatenated and mixed", "ko": "헤드를 이어 붙여 섞음"},
    "home.settings_now": {
        "en": "Current settings: d_model = {d_model}, max_len = {max_len}, base = {base}, heads = {heads}.",
        "ko": "현재 설정: d_model = {d_model}, max_len = {max_len}, base = {base}, heads = {heads}.",
    },
    # ---- common chart bits -----------------------------------------------------------------------------
    "chart.download_csv": {"en": "Download data (CSV)", "ko": "데이터 내려받기 (CSV)"},
    "chart.position": {"en": "position", "ko": "위치"},
    "chart.dimension": {"en": "dimension", "ko": "차원"},
    "chart.value": {"en": "value", "ko": "값"},
    "chart.aggregated": {
        "en": "Too many cells to draw one by one: showing every {row_step}th position and {col_what} "
        "({rows} × {cols} of {max_len} × {d_model} cells). Hover shows the true indices; the exact-values "
        "window below shows any part at full resolution.",
        "ko": "칸이 너무 많아 모두 그리지 않고 위치는 {row_step}개마다 하나씩, {col_what} 보여 줍니다 "
        "({max_len} × {d_model}칸 중 {rows} × {cols}칸). 마우스를 올리면 실제 위치와 차원이 나오고, 아래의 "
        "정확한 값 창에서는 어느 부분이든 원래 해상도로 볼 수 있습니다.",
    },
    "chart.cols_pairs": {
        "en": "every {col_step}th sine/cosine pair",
        "ko": "차원은 사인/코사인 쌍 {col_step}개마다 하나씩",
    },
    "chart.cols_every": {"en": "every {col_step}th dimension", "ko": "차원은 {col_step}개마다 하나씩"},
    "chart.rows_only": {"en": "every dimension", "ko": "차원은 모두"},
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
    "pe.kind": {"en": "Encoding", "ko": "인코딩 방식"},
    "pe.kind.sinusoidal": {"en": "Sinusoidal (the paper)", "ko": "사인파 (논문 방식)"},
    "pe.kind.integer": {"en": "Integer index", "ko": "정수 인덱스"},
    "pe.kind.normalized": {"en": "Index ÷ length", "ko": "인덱스 ÷ 길이"},
    "pe.kind.binary": {"en": "Binary", "ko": "이진수"},
    "pe.kind.learned": {"en": "Learned table (at initialisation)", "ko": "학습형 표 (초기화 직후)"},
    "pe.kind.rope": {"en": "RoPE (rotary, modern)", "ko": "RoPE (회전 방식, 최신)"},
    "pe.about.sinusoidal": {
        "en": "Each pair of columns is a sine and a cosine of the position at one frequency; frequencies fall "
        "geometrically from 1 to about 1/base. Values stay in [−1, 1] and no training is needed.",
        "ko": "열 두 개가 한 쌍이 되어 하나의 진동수로 위치의 사인과 코사인을 계산합니다. 진동수는 1에서 약 "
        "1/base까지 등비로 줄어듭니다. 값은 [−1, 1] 안에 있고 학습이 필요 없습니다.",
    },
    "pe.about.integer": {
        "en": "Every dimension holds the position number itself: 0, 1, 2, … It is unique, but it grows without "
        "limit and soon drowns the word's meaning when added to the embedding.",
        "ko": "모든 차원에 위치 번호 0, 1, 2, …를 그대로 넣습니다. 위치마다 다르지만 값이 끝없이 커져서 임베딩에 "
        "더하면 단어의 의미를 금방 덮어 버립니다.",
    },
    "pe.about.normalized": {
        "en": "The position divided by the last position, so values stay in [0, 1]. But the same position gets a "
        "different value in a sentence of another length.",
        "ko": "위치를 마지막 위치로 나누어 값이 [0, 1] 안에 머뭅니다. 하지만 문장 길이가 달라지면 같은 위치도 다른 "
        "값을 받습니다.",
    },
    "pe.about.binary": {
        "en": "Column i is bit i of the position. Values are 0 or 1 and a position keeps its code whatever the "
        "length, but a step of one position can flip many bits at once, so distances jump unevenly.",
        "ko": "i번째 열은 위치의 i번째 비트입니다. 값은 0 또는 1이고 길이와 상관없이 같은 코드를 갖지만, 한 칸 "
        "움직일 때 여러 비트가 한꺼번에 바뀔 수 있어 거리가 고르지 않게 뜁니다.",
    },
    "pe.about.learned": {
        "en": "A table of free parameters, one row per position, as in BERT or GPT-2. Shown here as it starts: "
        "small random numbers (normal, σ = 0.02, fixed seed). Training would shape it; at the start, "
        "neighbours are no closer than strangers.",
        "ko": "BERT나 GPT-2처럼 위치마다 한 행씩 자유롭게 학습되는 표입니다. 여기서는 학습 전 처음 모습, 즉 작은 "
        "난수(정규분포, σ = 0.02, 고정 시드)를 보여 줍니다. 학습 전에는 이웃 위치가 먼 위치보다 가깝지 않습니다.",
    },
    "pe.about.rope": {
        "en": "RoPE does not add a vector: it rotates each pair of query and key coordinates by an angle "
        "proportional to the position, with the same frequencies as the sinusoidal encoding. The table "
        "shows that rotation applied to a fixed vector (all entries 1/√2).",
        "ko": "RoPE는 벡터를 더하지 않고, 쿼리와 키의 좌표 쌍을 위치에 비례하는 각도만큼 회전시킵니다. 진동수는 "
        "사인파 인코딩과 같습니다. 표는 고정된 벡터(모든 값이 1/√2)에 그 회전을 적용한 결과입니다.",
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
        "en": "The two layouts hold the same columns in another order: reordering the interleaved table with "
        "the permutation on the right gives the split table with a largest difference of {diff:.1e}. A model "
        "cannot tell them apart, because its first linear layer can absorb any column order.",
        "ko": "두 배치는 같은 열을 순서만 바꿔 놓은 것입니다. 교차 배치 표의 열을 오른쪽 순열대로 재배열하면 분할 "
        "배치 표와의 최대 차이가 {diff:.1e}입니다. 첫 선형층이 열 순서를 흡수하므로 모델에게는 둘이 같습니다.",
    },
    "pe.perm.title": {"en": "Where each split column comes from", "ko": "분할 배치의 각 열은 어디서 왔나"},
    "pe.perm.x": {"en": "column in the split layout", "ko": "분할 배치의 열"},
    "pe.perm.y": {"en": "column in the interleaved layout", "ko": "교차 배치의 열"},
    "pe.perm.hover": {
        "en": "split column %{x}<br>= interleaved column %{y}<extra></extra>",
        "ko": "분할 배치 %{x}번 열<br>= 교차 배치 %{y}번 열<extra></extra>",
    },
    "pe.heatmap.title": {
        "en": "{name}: {max_len} positions × {d_model} dimensions",
        "ko": "{name}: 위치 {max_len}개 × 차원 {d_model}개",
    },
    "pe.heatmap.hover": {
        "en": "position %{y}<br>dimension %{x}<br>value %{z:.4f}<extra></extra>",
        "ko": "위치 %{y}<br>차원 %{x}<br>값 %{z:.4f}<extra></extra>",
    },
    "pe.heatmap.explain": {
        "en": "**What to notice.** Each row is the vector added at one position; read it left to right. In the "
        "sinusoidal table the left columns flicker from row to row (fast waves) while the right columns "
        "barely change (slow waves): together they give every row its own pattern, like the hands of a "
        "clock. Compare the other encodings with the selector above.",
        "ko": "**눈여겨볼 점.** 한 행은 그 위치에 더해지는 벡터이며 왼쪽에서 오른쪽으로 읽습니다. 사인파 표에서 "
        "왼쪽 열은 행마다 빠르게 바뀌고(빠른 파동) 오른쪽 열은 거의 변하지 않습니다(느린 파동). 시계의 초침, "
        "분침, 시침처럼 이들이 함께 모든 행에 고유한 무늬를 줍니다. 위 선택 상자로 다른 인코딩과 비교해 보세요.",
    },
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
    "error.generic": {
        "en": "This part could not be drawn with the current settings ({error}). The rest of the page still works.",
        "ko": "현재 설정으로는 이 부분을 그릴 수 없습니다({error}). 페이지의 나머지는 정상입니다.",
    },
}


def t(key: str, lang: str = "en", /, **values: object) -> str:
    """The string ``key`` in ``lang`` (English if ``lang`` is unknown), with ``{placeholders}`` filled."""
    entry = STRINGS[key]
    text = entry.get(lang, entry["en"])
    return text.format(**values) if values else text
