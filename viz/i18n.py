"""Every user-visible string of the app, in English and Korean, looked up by key.

``t("pe.title", "ko")`` returns the Korean title; ``t(key, lang, **values)`` fills ``{placeholders}``.
Chart titles, axis labels and hover text live here too. No Streamlit here.
"""

from __future__ import annotations

from typing import Literal

from viz.i18n_att import ATT_STRINGS
from viz.i18n_enc import ENC_STRINGS
from viz.i18n_ko import PARTICLE_SPEC, Formatter

Lang = Literal["en", "ko"]
LANGS: tuple[Lang, ...] = ("en", "ko")

STRINGS: dict[str, dict[str, str]] = {
    # ---- app shell -------------------------------------------------------------------------------------
    "app.title": {"en": "Attention Lab", "ko": "어텐션 랩"},
    "nav.home": {"en": "Home", "ko": "홈"},
    "nav.pe": {"en": "Positional encoding", "ko": "위치 인코딩"},
    "sidebar.header": {"en": "Shared settings", "ko": "공통 설정"},
    "sidebar.all_sections": {"en": "Every section at once", "ko": "모든 절을 한 화면에"},
    "sidebar.all_sections.help": {
        "en": "Each page shows its sections as tabs, and only the open tab is computed and drawn, so a slider "
        "redraws quickly. Switch this on to see every section one under the other instead (slower to redraw).",
        "ko": "각 페이지는 절을 탭으로 나누어, 열린 탭만 계산하고 그립니다. 그래서 슬라이더를 움직이면 빨리 "
        "다시 그려집니다. 켜면 모든 절이 위아래로 한꺼번에 나옵니다(다시 그리는 데 더 걸립니다).",
    },
    "sidebar.caption": {
        "en": "These settings are the same on every page. The address bar holds the whole view (these "
        "settings, the page's controls and its open tabs): copy the URL to share exactly what you see.",
        "ko": "이 설정은 모든 페이지에 똑같이 적용됩니다. 주소창에는 지금 보이는 화면 전체(이 설정, 페이지의 "
        "조절 항목, 열린 탭)가 담기므로 URL을 복사하면 보이는 그대로 공유할 수 있습니다.",
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
        "en": "Each head gets d_k = d_model / heads dimensions, so the divisors of d_model are offered. A count "
        "that no longer divides d_model after a change (or from a link) is kept, and the nearest divisor is "
        "used until it divides again; the sidebar says so.",
        "ko": "헤드마다 d_k = d_model / heads 차원을 받으므로 d_model의 약수를 고를 수 있습니다. d_model을 "
        "바꾸거나 링크로 열어 고른 수가 더는 나누어떨어지지 않으면, 그 수는 그대로 두고 다시 나누어떨어질 "
        "때까지 가장 가까운 약수를 씁니다. 사이드바에 그렇게 적어 둡니다.",
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
        "ko": "d_model = {d_model}: 헤드 {old}개로는 나누어떨어지지 않아 {new}개를 씁니다.",
    },
    "url.invalid": {
        "en": "The link asked for {key} = “{value}”, which is not allowed here ({rule}). Using {default} instead.",
        "ko": "링크의 {key} = “{value}” 값은 쓸 수 없습니다({rule}). 대신 쓰는 값: {default}.",
    },
    "url.rule.int_range": {"en": "a whole number from {lo} to {hi}", "ko": "{lo}부터 {hi}까지의 정수"},
    "url.rule.choice": {"en": "one of {choices}", "ko": "{choices} 중 하나"},
    "url.rule.once": {"en": "given more than once", "ko": "두 번 이상 적혀 있음"},
    "url.rule.bool": {"en": "1 (on) or 0 (off)", "ko": "1(켜기) 또는 0(끄기)"},
    "url.rule.grid": {
        "en": "a number from {lo} to {hi} in steps of {step}",
        "ko": "{lo}부터 {hi}까지 {step} 간격의 수",
    },
    "url.rule.text": {"en": "at most {n} characters", "ko": "최대 {n}자"},
    "url.rule.list": {
        "en": "up to {n} whole numbers from {lo} to {hi}, separated by commas",
        "ko": "{lo}부터 {hi}까지의 정수를 쉼표로 구분해 최대 {n}개",
    },
    "url.rule.range": {
        "en": "two whole numbers from {lo} to {hi}, separated by a comma",
        "ko": "{lo}부터 {hi}까지의 정수 두 개를 쉼표로 구분",
    },
    "url.page_default": {"en": "the page's default", "ko": "페이지의 기본값"},
    "url.rule.page_range": {
        "en": "outside what this page allows with these settings",
        "ko": "지금 설정에서 이 페이지가 허용하는 범위 밖",
    },
    "url.heading": {
        "en": "This link holds values the app cannot use; each was replaced as said below.",
        "ko": "이 링크에는 앱이 쓸 수 없는 값이 있어, 아래에 적은 대로 바꿨습니다.",
    },
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
    "step.qkv.desc": {"en": "three learned projections", "ko": "학습되는 세 가지 투영"},
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
    "chart.load_failed": {
        "en": "The chart library could not be loaded: reload the page.",
        "ko": "차트 라이브러리를 불러오지 못했습니다. 페이지를 새로 고치세요.",
    },
    "chart.library_bad": {
        "en": "Charts may stay blank: this server's copy of the chart library (static/{name}) is not the one the app ships, and the app could not replace it ({problem}). Whoever runs the app: make the static/ folder next to app.py writable, then restart the app.",
        "ko": "차트가 비어 보일 수 있습니다. 이 서버가 보내는 차트 라이브러리 파일(static/{name})이 앱에 든 것과 다른데, 앱이 바꿔 놓지 못했습니다({problem}). 앱을 운영하는 분은 app.py 옆의 static/ 폴더에 쓰기 권한을 주고 앱을 다시 시작하세요.",
    },
    "chart.library.missing": {"en": "the file is missing", "ko": "파일이 없음"},
    "chart.library.stale": {
        "en": "it is version {found}, the app needs {expected}",
        "ko": "버전 {found}, 필요한 버전 {expected}",
    },
    "chart.library.truncated": {
        "en": "it is cut short: {found} of {expected} bytes",
        "ko": "파일이 잘림: {expected}바이트 중 {found}바이트",
    },
    "chart.library.altered": {"en": "its content differs", "ko": "내용이 다름"},
    # plotly.js's own strings that the vendored Korean locale (older than the bundle) lacks: the English
    # is plotly.js's text, word for word (viz.ui.PLOTLY_EXTRA_STRINGS).
    "chart.plotly.preparing": {
        "en": "Preparing image - this may take a few seconds",
        "ko": "이미지를 준비하는 중입니다. 몇 초 걸릴 수 있습니다",
    },
    "chart.plotly.done": {"en": "Image download succeeded", "ko": "이미지를 내려받았습니다"},
    "chart.plotly.failed": {
        "en": "Sorry, there was a problem downloading your image!",
        "ko": "죄송합니다. 이미지를 내려받는 중에 문제가 생겼습니다!",
    },
    "chart.plotly.subtitle": {
        "en": "Click to enter Plot subtitle",
        "ko": "차트 부제목을 지정하려면 클릭하세요",
    },
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
    # ---- CSV downloads (viz.export): headers and notes in the file ---------------------------------------
    "csv.x": {"en": "x", "ko": "x"},
    "csv.full_table": {
        "en": "The whole table, {rows} × {cols}: the chart draws every few rows and columns of it",
        "ko": "전체 표 {rows} × {cols}: 차트에는 이 중 몇 행, 몇 열마다 하나씩만 그립니다",
    },
    "csv.all_pairs": {
        "en": "Every pair of positions ({pairs}): the chart draws {points} points",
        "ko": "모든 위치 쌍({pairs}개): 차트에는 점 {points}개를 그립니다",
    },
    "csv.saturated": {"en": "share of saturated rows, {which}", "ko": "포화된 행의 비율, {which}"},
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
    "pe.tab.table": {"en": "The table as a heatmap", "ko": "표를 히트맵으로"},
    "pe.heatmap.title": {
        "en": "{name}: {max_len} positions × {d_model} dimensions",
        "ko": "{name}: 위치 {max_len}개 × 차원 {d_model}개",
    },
    "pe.heatmap.hover": {
        "en": "position %{y}<br>dimension %{x}<br>value %{z:.4f}<extra></extra>",
        "ko": "위치 %{y}<br>차원 %{x}<br>값 %{z:.4f}<extra></extra>",
    },
    # "What to notice" beside the heatmap: one per encoding (viz.encodings.ENCODING_KINDS).
    "pe.heatmap.explain.sinusoidal": {
        "en": "**What to notice.** Each row is the vector added at one position; read it left to right. The fast "
        "waves flicker from row to row while the slow ones barely change: together they give every row its own "
        "pattern, like the hands of a clock. In the interleaved layout the fast columns are on the left and each "
        "sine sits beside its cosine; in the split layout the run from fast to slow appears twice, sines in the "
        "left half and cosines in the right.",
        "ko": "**눈여겨볼 점.** 한 행은 그 위치에 더해지는 벡터이며 왼쪽에서 오른쪽으로 읽습니다. 빠른 파동의 열은 "
        "행마다 깜빡이듯 바뀌고 느린 파동의 열은 거의 변하지 않습니다. 시계의 초침, 분침, 시침처럼 이들이 함께 "
        "모든 행에 고유한 무늬를 줍니다. 교차 배치에서는 빠른 열이 왼쪽에 있고 사인 옆에 같은 진동수의 코사인이 "
        "붙어 있습니다. 분할 배치에서는 빠른 것에서 느린 것으로 가는 흐름이 두 번 나옵니다. 왼쪽 절반은 사인, "
        "오른쪽 절반은 코사인입니다.",
    },
    "pe.heatmap.explain.integer": {
        "en": "**What to notice.** Every column of a row holds the same number, the position itself, so each row "
        "is one flat colour that only gets stronger further down. No column tells neighbours apart better than "
        "another, and the values climb to max_len − 1: added to an embedding whose entries are around ±1 (at "
        "the paper's scale), they soon drown it.",
        "ko": "**눈여겨볼 점.** 한 행의 모든 열에 같은 숫자, 즉 위치 자체가 들어 있어서 행마다 한 가지 색이고 "
        "아래로 갈수록 진해지기만 합니다. 이웃 위치를 더 잘 구별하는 열이 따로 없고, 값은 max_len − 1까지 "
        "커집니다. 값이 ±1 안팎인 임베딩(논문의 배율일 때)에 더하면 금방 그것을 덮어 버립니다.",
    },
    "pe.heatmap.explain.normalized": {
        "en": "**What to notice.** As with the raw index, every column of a row holds one number, here "
        "pos / (max_len − 1), from 0 in the first row to 1 in the last. The values stay small, but the step "
        "between neighbours is 1 / (max_len − 1): change max_len in the sidebar and every row but the first "
        "gets another value, so a position has no vector of its own.",
        "ko": "**눈여겨볼 점.** 정수 인덱스처럼 한 행의 모든 열에 숫자 하나, 여기서는 pos / (max_len − 1)이 들어 "
        "있어 첫 행의 0에서 마지막 행의 1까지 올라갑니다. 값은 작게 유지되지만 이웃 사이의 간격이 "
        "1 / (max_len − 1)입니다. 사이드바에서 max_len을 바꾸면 첫 행을 뺀 모든 행의 값이 달라지므로, 위치마다 "
        "정해진 벡터가 없습니다.",
    },
    "pe.heatmap.explain.binary": {
        "en": "**What to notice.** Column i is bit i of the position: column 0 alternates 0, 1, 0, 1 from row to "
        "row, column 1 changes every two rows, column 2 every four, like a binary counter lying on its side. "
        "Columns from about log₂(max_len) on are 0 in every row of this table, and where the counter carries "
        "(7 → 8) several columns flip at once.",
        "ko": "**눈여겨볼 점.** i번째 열은 위치의 i번째 비트입니다. 0번 열은 행마다 0, 1, 0, 1로 바뀌고, 1번 열은 "
        "두 행마다, 2번 열은 네 행마다 바뀌어 이진 카운터를 옆으로 눕혀 놓은 모양입니다. 대략 log₂(max_len)번 "
        "열부터는 이 표의 모든 행에서 0이고, 자리올림이 일어나는 곳(7 → 8)에서는 여러 열이 한꺼번에 바뀝니다.",
    },
    "pe.heatmap.explain.learned": {
        "en": "**What to notice.** This is the table before any training: small random numbers (σ = 0.02) with no "
        "pattern, so neighbouring rows are no more alike than distant ones. Training shapes it, but only the "
        "positions it sees: rows past the longest training sentence stay random, and a position past max_len "
        "has no row at all.",
        "ko": "**눈여겨볼 점.** 학습 전의 표입니다. 작은 난수(σ = 0.02)라 아무 무늬가 없고, 이웃 행이 먼 행보다 더 "
        "닮지도 않았습니다. 학습하면 모양이 잡히지만 학습 때 본 위치만 그렇습니다. 가장 긴 학습 문장보다 뒤의 "
        "행은 난수 그대로 남고, max_len보다 뒤의 위치는 표에 행이 아예 없습니다.",
    },
    "pe.heatmap.explain.rope": {
        "en": "**What to notice.** RoPE adds nothing to the token: it turns each pair of query and key coordinates "
        "(columns 2i and 2i + 1) by the angle pos · ωᵢ. To draw that turn as a table, each row here is the "
        "rotation for that position applied to one fixed vector (every entry 1/√2). Pairs on the left turn "
        "fast and those on the right slowly, at the sinusoidal encoding's frequencies, and every pair keeps "
        "its length: from row to row only an angle changes.",
        "ko": "**눈여겨볼 점.** RoPE는 토큰에 아무것도 더하지 않습니다. 쿼리와 키의 좌표 쌍(열 2i와 2i + 1)을 "
        "각도 pos · ωᵢ만큼 돌립니다. 그 회전을 표로 그리려고 여기서는 각 행에 그 위치의 회전을 고정된 벡터 "
        "하나(모든 값이 1/√2)에 적용한 결과를 담았습니다. 왼쪽 쌍은 빨리, 오른쪽 쌍은 천천히 돌며 진동수는 사인파 "
        "인코딩과 같습니다. 모든 쌍은 길이가 그대로이고, 행에서 행으로 바뀌는 것은 각도뿐입니다.",
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
    # ---- embedding + PE page ---------------------------------------------------------------------------
    "nav.emb": {"en": "Embedding + PE", "ko": "임베딩 + 위치 인코딩"},
    "emb.title": {"en": "Embedding + positional encoding", "ko": "임베딩 + 위치 인코딩"},
    "emb.intro": {
        "en": "Each word becomes a vector (its embedding E). Attention alone cannot see where a word stands, so "
        "the model adds a second vector P that depends only on the position. Type a sentence and see the "
        "three tables, how much P changes each word's vector, and why the two are added rather than placed "
        "side by side.",
        "ko": "단어는 먼저 벡터(임베딩 E)가 됩니다. 어텐션만으로는 단어가 어디에 있는지 알 수 없으므로, 모델은 "
        "위치에만 의존하는 두 번째 벡터 P를 더합니다. 문장을 입력하고 세 표와, P가 각 단어 벡터를 얼마나 "
        "바꾸는지, 그리고 둘을 이어 붙이지 않고 더하는 이유를 확인해 보세요.",
    },
    "emb.sentence": {"en": "Sentence", "ko": "문장"},
    "emb.sentence.help": {
        "en": "Split into words and punctuation marks; Korean works too. Try “I am good” or “나는 학생이다”.",
        "ko": "단어와 문장부호로 나눕니다. 한국어도 됩니다. “I am good”이나 “나는 학생이다”를 넣어 보세요.",
    },
    "emb.seed": {"en": "Embedding seed", "ko": "임베딩 시드"},
    "emb.seed.help": {
        "en": "The toy vocabulary gives each word a fixed random vector; another seed draws another vocabulary.",
        "ko": "예시 어휘는 단어마다 고정된 난수 벡터를 줍니다. 시드를 바꾸면 다른 어휘가 만들어집니다.",
    },
    "emb.scale": {"en": "Embedding scale", "ko": "임베딩 배율"},
    "emb.scale.paper": {"en": "√d_model = {sqrt} (the paper)", "ko": "√d_model = {sqrt} (논문)"},
    "emb.scale.one": {"en": "1 (unscaled)", "ko": "1 (배율 없음)"},
    "emb.scale.custom": {"en": "other", "ko": "직접 고르기"},
    "emb.scale.value": {"en": "scale", "ko": "배율"},
    "emb.cut.chars": {
        "en": "Only the first {limit} characters are read; {cut} more were left out.",
        "ko": "처음 {limit}자만 읽었습니다. 나머지 {cut}자는 빠졌습니다.",
    },
    "emb.cut.tokens": {
        "en": "Only the first {limit} tokens are used ({cut} dropped).{why}",
        "ko": "처음 {limit}개 토큰만 씁니다. 나머지 {cut}개는 뺐습니다.{why}",
    },
    "emb.cut.why_len": {
        "en": " There are only max_len = {max_len} positions: raise max_len in the sidebar to fit more.",
        "ko": " 위치가 max_len = {max_len}개뿐입니다. 더 넣으려면 사이드바에서 max_len을 늘리세요.",
    },
    "emb.empty": {
        "en": "No words to show: type at least one word in the box above.",
        "ko": "보여 줄 단어가 없습니다. 위 입력란에 단어를 하나 이상 입력하세요.",
    },
    "emb.tokens": {"en": "{n} tokens (a row each below):", "ko": "토큰 {n}개 (아래에서 한 행씩):"},
    "emb.rope": {
        "en": "Real models do not add RoPE: they rotate queries and keys with it. It is added here only so its "
        "table can be compared with the others.",
        "ko": "실제 모델은 RoPE를 더하지 않고 쿼리와 키를 회전시키는 데 씁니다. 여기서는 다른 방식과 비교하려고 "
        "표를 더해 볼 뿐입니다.",
    },
    "emb.layout": {
        "en": "Sinusoidal columns in the split layout, as chosen on the Positional encoding page.",
        "ko": "위치 인코딩 페이지에서 고른 대로 사인파 열이 분할 배치입니다.",
    },
    "emb.token": {"en": "token", "ko": "토큰"},
    "emb.panels.hover": {
        "en": "token %{y}<br>dimension %{x}<br>value %{z:.4f}<extra></extra>",
        "ko": "토큰 %{y}<br>차원 %{x}<br>값 %{z:.4f}<extra></extra>",
    },
    "emb.panels.strided": {
        "en": "d_model = {d_model} is wider than the chart: showing {what} ({shown} columns). The CSV has them all.",
        "ko": "d_model = {d_model}: 차트보다 넓어서 {what} 보여 줍니다({shown}열). CSV에는 모든 열이 있습니다.",
    },
    "emb.sum.title": {
        "en": "Token vectors, position vectors and their sum",
        "ko": "토큰 벡터, 위치 벡터, 그 합",
    },
    "emb.sum.chart": {
        "en": "E (embedding × {scale}), P and E + P, on one colour scale",
        "ko": "E (임베딩 × {scale}), P, E + P를 같은 색 척도로",
    },
    "emb.sum.explain": {
        "en": "**What to notice.** The three tables share one colour scale, so equal colours mean equal numbers. "
        "At scale {scale} a token vector is about {e} long and a position vector about {p}. When E is much "
        "longer, the sum looks like E with a faint wave pattern on top; when P is longer, the waves take "
        "over and the words fade. Change the scale (try 1) and watch the balance move.",
        "ko": "**눈여겨볼 점.** 세 표는 같은 색 척도를 쓰므로 같은 색은 같은 숫자입니다. 배율 {scale}에서 토큰 "
        "벡터의 길이는 약 {e}, 위치 벡터는 약 {p}입니다. E가 훨씬 길면 합은 E 위에 물결무늬가 살짝 얹힌 "
        "모습이고, P가 더 길면 물결이 화면을 덮고 단어 정보가 흐려집니다. 배율을 바꿔(1도 해 보세요) 균형이 "
        "어떻게 변하는지 보세요.",
    },
    "emb.sum.p": {"en": "P: {name}", "ko": "P: {name}"},
    "emb.colour": {"en": "Colour scale", "ko": "색 척도"},
    "emb.colour.own": {"en": "each table its own (see each pattern)", "ko": "표마다 따로 (각 무늬가 보이게)"},
    "emb.colour.shared": {"en": "one for all three (compare sizes)", "ko": "세 표에 하나 (크기 비교)"},
    "emb.sum.chart.own": {
        "en": "E (embedding × {scale}), P and E + P, each on its own colour scale",
        "ko": "E (임베딩 × {scale}), P, E + P를 각각 자기 색 척도로",
    },
    "emb.sum.explain.own": {
        "en": "**What to notice.** Each table has its own colour scale here, so each pattern shows: {pattern} "
        "E holds random numbers, one row per word. At scale {scale} a token vector is about {e} long and a "
        "position vector about {p}. To see which of the two the sum follows, put all three on one colour "
        "scale: then equal colours mean equal numbers.",
        "ko": "**눈여겨볼 점.** 여기서는 표마다 색 척도가 따로라서 각 무늬가 잘 보입니다. {pattern} E는 단어마다 "
        "한 행씩 난수입니다. 배율 {scale}에서 토큰 벡터의 길이는 약 {e}, 위치 벡터는 약 {p}입니다. 합이 둘 중 "
        "어느 쪽을 닮는지 보려면 세 표를 한 색 척도에 놓아 보세요. 그러면 같은 색이 같은 숫자입니다.",
    },
    # What P looks like on its own colour scale, one clause per encoding (emb.sum.explain.own's {pattern}).
    "emb.sum.pattern.sinusoidal": {
        "en": "P's waves change fast from row to row in the left columns and hardly at all on the right.",
        "ko": "P의 파동은 왼쪽 열에서 행마다 빠르게 바뀌고 오른쪽 열에서는 거의 바뀌지 않습니다.",
    },
    "emb.sum.pattern.integer": {
        "en": "every column of P is the position itself, so its colour changes evenly from the top row down "
        "and each row is one colour.",
        "ko": "P의 모든 열이 위치 번호 그 자체라서, 색이 맨 위 행부터 아래로 고르게 바뀌고 한 행은 한 색입니다.",
    },
    "emb.sum.pattern.normalized": {
        "en": "every column of P is the position divided by the table's last position (max_len − 1), so its "
        "colour changes evenly from 0 in the top row down, and each row is one colour.",
        "ko": "P의 모든 열이 위치를 표의 마지막 위치(max_len − 1)로 나눈 값이라서, 색이 맨 위 행의 0부터 아래로 "
        "고르게 바뀌고 한 행은 한 색입니다.",
    },
    "emb.sum.pattern.binary": {
        "en": "P writes each position in binary: the left column flips on every row, the next every second row, "
        "and the columns of bits too high for the sentence's positions stay 0.",
        "ko": "P는 위치를 이진수로 씁니다. 맨 왼쪽 열은 행마다, 그다음 열은 두 행마다 뒤집히고, 문장의 위치에 "
        "비해 너무 높은 자릿수의 열은 0으로 남습니다.",
    },
    "emb.sum.pattern.learned": {
        "en": "P is a learned table at its starting point: small random numbers with no pattern yet, which "
        "training would shape.",
        "ko": "P는 학습을 시작하기 전의 학습형 표입니다. 아직 무늬가 없는 작은 난수이고, 학습이 모양을 잡아 "
        "갑니다.",
    },
    "emb.sum.pattern.rope": {
        "en": "P is RoPE's turn of one fixed vector: pairs on the left turn fast from row to row, pairs on the "
        "right hardly at all.",
        "ko": "P는 고정된 벡터 하나를 RoPE로 돌린 것입니다. 왼쪽 쌍은 행마다 빠르게 돌고, 오른쪽 쌍은 거의 돌지 "
        "않습니다.",
    },
    "emb.add.title": {"en": "Add or concatenate?", "ko": "더할까, 이어 붙일까?"},
    "emb.cost.how": {"en": "how", "ko": "방식"},
    "emb.cost.add": {"en": "add: E + P", "ko": "더하기: E + P"},
    "emb.cost.concat": {"en": "concatenate: [E, P]", "ko": "이어 붙이기: [E, P]"},
    "emb.cost.width": {"en": "numbers per token", "ko": "토큰당 숫자 개수"},
    "emb.cost.per_token": {"en": "memory per token (float32)", "ko": "토큰당 메모리 (float32)"},
    "emb.cost.total": {"en": "memory for these {n} tokens", "ko": "이 토큰 {n}개의 메모리"},
    "emb.cost.params": {
        "en": "weights + biases of one next projection (e.g. W_Q, to d_model)",
        "ko": "다음 투영 하나의 가중치 + 편향 수 (예: W_Q, d_model로)",
    },
    "emb.cost.explain": {
        "en": "**What it costs.** Adding keeps every vector {d} numbers wide. Concatenating makes it twice as wide: twice the memory for every token, and the first projection that reads it (W_Q, W_K, W_V) needs twice the weights. If the wider vector is carried through the whole network, every layer that reads or writes it grows too.",
        "ko": "**비용.** 더하면 벡터 폭이 {d}개 그대로입니다. 이어 붙이면 폭이 두 배가 되어 토큰마다 메모리가 두 배로 들고, 이 벡터를 읽는 첫 투영(W_Q, W_K, W_V)의 가중치도 두 배가 필요합니다. 넓어진 벡터를 네트워크 끝까지 가져가면 그것을 읽고 쓰는 모든 층도 함께 커집니다.",
    },
    "emb.cos": {"en": "cosine similarity", "ko": "코사인 유사도"},
    "emb.cos_add": {"en": "cos(E, E + P) (add)", "ko": "cos(E, E + P) (더하기)"},
    "emb.cos_concat": {"en": "cos([E, 0], [E, P]) (concatenate)", "ko": "cos([E, 0], [E, P]) (이어 붙이기)"},
    "emb.ratio": {"en": "‖P‖ / ‖E‖", "ko": "‖P‖ / ‖E‖ (길이 비)"},
    "emb.change.title": {
        "en": "How far each token moves (scale {scale})",
        "ko": "각 토큰이 얼마나 바뀌나 (배율 {scale})",
    },
    "emb.sweep.title": {"en": "Mean over tokens, as the scale changes", "ko": "배율에 따른 토큰 평균"},
    "emb.sweep.x": {"en": "embedding scale (log)", "ko": "임베딩 배율 (로그)"},
    "emb.sweep.hover": {"en": "scale %{x:.3g}: %{y:.4f}", "ko": "배율 %{x:.3g}: %{y:.4f}"},
    "emb.sweep.now": {"en": "current scale {scale}", "ko": "현재 배율 {scale}"},
    "emb.change.explain": {
        "en": "**What to notice.** A cosine of 1 means the token still points the same way, so its meaning is untouched. Right now the mean cos(E, E + P) is {cos} and P is {ratio} times as long as E. With the paper's scale √d_model ≈ {sqrt} the two come out about equally long (ratio near 0.7), so the sum leans a fair way towards P: both signals survive and the next layers learn to read them apart. With scale 1, P is several times longer and swamps the word; only much larger scales make P a small nudge. Concatenating never changes E's own numbers, but the full vector leans by a similar angle, and it costs twice the width.",
        "ko": "**눈여겨볼 점.** 코사인이 1이면 토큰이 여전히 같은 방향을 가리키므로 의미가 그대로라는 뜻입니다. 지금 cos(E, E + P)의 평균은 {cos}이고, P의 길이는 E의 {ratio}배입니다. 논문의 배율 √d_model ≈ {sqrt}에서는 두 벡터의 길이가 거의 비슷해서(비가 약 0.7) 합이 P 쪽으로 꽤 기웁니다. 두 신호가 모두 살아남고, 다음 층이 둘을 구별해 읽도록 학습합니다. 배율이 1이면 P가 몇 배나 길어 단어를 덮어 버리고, 배율을 훨씬 키워야 P가 작은 조정이 됩니다. 이어 붙이면 E 자체의 숫자는 그대로지만 전체 벡터는 비슷한 각도만큼 기울고, 폭은 두 배가 듭니다.",
    },
    "emb.seg.title": {
        "en": "Two sentences: token + position + segment",
        "ko": "두 문장: 토큰 + 위치 + 세그먼트",
    },
    "emb.seg.second": {"en": "Second sentence (B)", "ko": "두 번째 문장 (B)"},
    "emb.seg.cut": {
        "en": "The pair needs more positions than max_len = {max_len}: the last {cut} tokens were dropped.",
        "ko": "두 문장을 합치면 max_len = {max_len}보다 위치가 더 필요해 마지막 토큰 {cut}개를 뺐습니다.",
    },
    "emb.seg.token": {"en": "token", "ko": "토큰"},
    "emb.seg.position": {"en": "position", "ko": "위치"},
    "emb.seg.segment": {"en": "segment", "ko": "세그먼트"},
    "emb.seg.sum": {"en": "sum", "ko": "합"},
    "emb.seg.chart": {
        "en": "[CLS] A [SEP] B [SEP]: the three vectors and their sum, on one colour scale",
        "ko": "[CLS] A [SEP] B [SEP]: 세 벡터와 그 합을 같은 색 척도로",
    },
    "emb.seg.explain": {
        "en": "**What to notice.** BERT reads two sentences at once (a question and a passage, say). Sentence A "
        "is the first sentence above and B the box here; [CLS] and [SEP] mark the start and the boundaries. "
        "The segment panel has only two distinct rows: every token of A gets one vector, every token of B "
        "another (drawn and scaled like a token vector here). Adding it tells the model which sentence a "
        "token came from, the same way P tells it where the token stands.",
        "ko": "**눈여겨볼 점.** BERT는 두 문장(예: 질문과 지문)을 한 번에 읽습니다. 문장 A는 맨 위의 문장이고 B는 "
        "이 입력란입니다. [CLS]와 [SEP]는 시작과 경계를 표시합니다. 세그먼트 표에는 서로 다른 행이 두 "
        "종류뿐입니다. A의 토큰은 모두 같은 벡터, B의 토큰은 모두 다른 한 벡터를 받습니다(여기서는 토큰 "
        "벡터처럼 뽑고 같은 배율을 씁니다). 이것을 더하면 P가 자리를 알려 주듯 토큰이 어느 문장에서 왔는지 "
        "알려 줍니다.",
    },
    "emb.order.title": {
        "en": "Word order: same words, different sentence",
        "ko": "단어 순서: 같은 단어, 다른 문장",
    },
    "emb.order.a": {"en": "Sentence 1", "ko": "문장 1"},
    "emb.order.b": {"en": "Sentence 2 (the same words reordered)", "ko": "문장 2 (같은 단어를 다른 순서로)"},
    "emb.order.plain": {
        "en": "distance between the two sentences, without PE",
        "ko": "두 문장 사이의 거리, 위치 인코딩 없이",
    },
    "emb.order.with_pe": {
        "en": "the same distance, with PE added",
        "ko": "같은 거리, 위치 인코딩을 더한 뒤",
    },
    "emb.order.distance": {
        "en": "Each word of sentence 1 is paired with the same word in sentence 2; a word that appears more "
        "than once is paired in order (first with first, second with second). The distance is √(sum of the "
        "squared bars below): every word's move, taken together.",
        "ko": "문장 1의 각 단어를 문장 2의 같은 단어와 짝짓습니다. 여러 번 나오는 단어는 나오는 순서대로 "
        "짝짓습니다(첫 번째는 첫 번째와, 두 번째는 두 번째와). 거리는 아래 막대 높이의 제곱을 모두 더한 "
        "값의 제곱근으로, 단어마다 움직인 거리를 한데 모은 것입니다.",
    },
    "emb.order.not_perm": {
        "en": "These two sentences do not use exactly the same words, so not every word has a partner in the "
        "other sentence and there is no word-by-word distance. Write the same words in another order.",
        "ko": "두 문장의 단어가 똑같지 않아 모든 단어가 다른 문장에서 짝을 찾을 수는 없으므로 단어별 거리가 "
        "없습니다. 같은 단어를 순서만 바꿔 써 보세요.",
    },
    "emb.order.moves": {"en": "Words that changed place: {moves}", "ko": "자리가 바뀐 단어: {moves}"},
    "emb.order.shift_plain": {"en": "without PE", "ko": "위치 인코딩 없이"},
    "emb.order.shift_pe": {"en": "with PE", "ko": "위치 인코딩 포함"},
    "emb.order.chart": {
        "en": "How far each word's input vector moves between the two sentences",
        "ko": "두 문장 사이에서 각 단어의 입력 벡터가 움직인 거리",
    },
    "emb.order.x": {"en": "word (position in sentence 1)", "ko": "단어 (문장 1에서의 위치)"},
    "emb.order.y": {"en": "‖x₁ − x₂‖", "ko": "‖x₁ − x₂‖ (거리)"},
    "emb.order.explain": {
        "en": "**What to notice.** Without PE a word brings the same vector to both sentences wherever it "
        "stands: every bar is 0, and so is the distance. Attention treats its input as a set, so it could "
        "not tell who chased whom. With PE a word that moved (cat, mouse) carries another position vector and "
        "its bar grows, while a word that stayed put does not move at all.",
        "ko": "**눈여겨볼 점.** 위치 인코딩이 없으면 단어는 어디에 있든 두 문장에서 똑같은 벡터를 가져옵니다. "
        "그래서 막대가 모두 0이고 거리도 0입니다. 어텐션은 입력을 집합처럼 다루므로 누가 누구를 쫓았는지 "
        "구별하지 못합니다. 위치 인코딩을 더하면 자리를 옮긴 단어(cat, mouse)는 다른 위치 벡터를 받아 막대가 "
        "길어지고, 제자리에 있는 단어는 전혀 움직이지 않습니다.",
    },
    # ---- position similarity page (the section titles are also its tab labels: short enough that all
    # five fit side by side at 1400 px, in English and Korean)
    "nav.sim": {"en": "Position similarity", "ko": "위치 유사도"},
    "sim.title": {"en": "Position similarity", "ko": "위치 유사도"},
    "sim.intro": {
        "en": "Attention scores are dot products, so what matters about position vectors is how they compare "
        "with each other. Pick a position p and see how its vector relates to every other position, how the "
        "whole table of pairs looks, and why for the sinusoidal encoding only the distance between two "
        "positions counts, not where they are.",
        "ko": "어텐션 점수는 내적이므로, 위치 벡터에서 중요한 것은 서로 어떻게 비교되느냐입니다. 위치 p를 골라 그 "
        "벡터가 다른 모든 위치와 어떤 관계인지, 모든 쌍의 표가 어떤 모양인지, 그리고 사인파 인코딩에서는 왜 두 "
        "위치의 절대 위치가 아니라 떨어진 거리만 중요한지 확인해 보세요.",
    },
    "sim.compare": {"en": "Compare with", "ko": "비교할 인코딩"},
    "sim.measure": {"en": "Measure", "ko": "측정 방법"},
    "sim.measure.dot": {"en": "dot product PE(p)·PE(j)", "ko": "내적 PE(p)·PE(j)"},
    "sim.measure.cosine": {"en": "cosine similarity", "ko": "코사인 유사도"},
    "sim.measure.distance": {"en": "distance ‖PE(p) − PE(j)‖", "ko": "거리 ‖PE(p) − PE(j)‖"},
    "sim.p": {"en": "position p", "ko": "위치 p"},
    "sim.p.help": {
        "en": "The notes' example is p = 50 in a table of max_len = 100.",
        "ko": "강의 노트의 예시는 max_len = 100인 표에서 p = 50입니다.",
    },
    "sim.one_position": {
        "en": "max_len is 1: there is only position 0, so every chart compares it with itself. Raise max_len "
        "in the sidebar to see more.",
        "ko": "max_len이 1이라 위치 0 하나뿐이어서 모든 차트가 자기 자신과만 비교합니다. 사이드바에서 max_len을 "
        "늘려 보세요.",
    },
    "sim.layout": {
        "en": "Sinusoidal columns in the split layout (chosen on the Positional encoding page): the same numbers in another column order, so every similarity is unchanged.",
        "ko": "사인파 열이 분할 배치입니다(위치 인코딩 페이지에서 선택). 같은 숫자를 열 순서만 바꾼 것이라 모든 유사도가 그대로입니다.",
    },
    "sim.j": {"en": "position j", "ko": "위치 j"},
    "sim.p_axis": {"en": "position p", "ko": "위치 p"},
    "sim.tab.row": {"en": "One position vs. all", "ko": "한 위치 대 전체"},
    "sim.row.chart": {"en": "{name}: position {p} against j", "ko": "{name}: 위치 {p} 대 j"},
    "sim.row.hover": {"en": "p = {p}, j = %{{x}}: %{{y:.4g}}", "ko": "p = {p}, j = %{{x}}: %{{y:.4g}}"},
    "sim.row.mark": {"en": "p = {p}", "ko": "p = {p}"},
    "sim.nan": {
        "en": "Gaps: the cosine is undefined against a zero vector (position 0 of this table is all zeros).",
        "ko": "끊긴 곳: 영벡터와의 코사인은 정의되지 않습니다(이 표의 위치 0은 모두 0입니다).",
    },
    "sim.row.explain.dot": {
        "en": "**What to notice.** For the sinusoidal table the curve peaks at j = {p}, where the dot product of a vector with itself is {half}, and falls off on both sides: nearby positions look alike, far ones less so. Move p and the whole shape slides with it. The integer index instead grows with j, so the largest score goes to the last position, not to p's neighbours.",
        "ko": "**눈여겨볼 점.** 사인파 표에서는 곡선이 j = {p}에서 가장 높고(자기 자신과의 내적 = {half}) 양쪽으로 내려갑니다. 가까운 위치는 비슷하고 먼 위치는 덜 비슷합니다. p를 움직이면 모양 전체가 함께 미끄러집니다. 정수 인덱스는 j와 함께 커지기만 해서 가장 큰 점수가 p의 이웃이 아니라 마지막 위치로 갑니다.",
    },
    "sim.row.explain.cosine": {
        "en": "**What to notice.** The cosine ignores length and keeps only the angle: it is 1 at j = {p} (undefined where a vector is all zeros). Integer and index ÷ length give 1 everywhere else too: all their vectors point the same way, so by angle they cannot tell positions apart at all.",
        "ko": "**눈여겨볼 점.** 코사인은 길이를 무시하고 각도만 봅니다. j = {p}에서 1입니다(모두 0인 벡터에서는 정의되지 않습니다). 정수 인덱스와 인덱스 ÷ 길이는 다른 곳에서도 모두 1입니다. 모든 벡터가 같은 방향이라 각도로는 위치를 전혀 구별하지 못합니다.",
    },
    "sim.row.explain.distance": {
        "en": "**What to notice.** Distance is 0 at j = {p} and grows as j moves away. For the sinusoidal table "
        "it grows smoothly and the same way on both sides; for binary it jumps around, because moving one "
        "position can flip one bit or many.",
        "ko": "**눈여겨볼 점.** 거리는 j = {p}에서 0이고 j가 멀어질수록 커집니다. 사인파 표에서는 양쪽으로 똑같이 "
        "부드럽게 커지지만, 이진수는 한 칸 움직일 때 비트가 하나 바뀔 수도 여러 개 바뀔 수도 있어 들쭉날쭉 "
        "뜁니다.",
    },
    "sim.matrix.title": {"en": "All pairs (p, j)", "ko": "모든 쌍 (p, j)"},
    "sim.offset.title": {"en": "By offset p − j", "ko": "간격 p − j별"},
    "sim.matrix.chart": {"en": "{name}: every pair (p, j)", "ko": "{name}: 모든 쌍 (p, j)"},
    "sim.matrix.hover": {
        "en": "p = %{y}<br>j = %{x}<br>%{z:.4g}<extra></extra>",
        "ko": "p = %{y}<br>j = %{x}<br>%{z:.4g}<extra></extra>",
    },
    "sim.strided": {
        "en": "Showing {shown} evenly spaced positions of {max_len} on each axis.",
        "ko": "각 축에서 {max_len}개 위치 중 고르게 떨어진 {shown}개를 보여 줍니다.",
    },
    "sim.offset.chart": {"en": "{name}: by offset p − j", "ko": "{name}: 간격 p − j별로"},
    "sim.offset.x": {"en": "offset p − j", "ko": "간격 p − j"},
    "sim.offset.points": {"en": "pairs (p, j)", "ko": "쌍 (p, j)"},
    "sim.offset.curve.dot": {"en": "formula: Σᵢ cos(ωᵢ (p − j))", "ko": "공식: Σᵢ cos(ωᵢ (p − j))"},
    "sim.offset.curve.cosine": {
        "en": "formula: Σᵢ cos(ωᵢ (p − j)) ÷ (d_model / 2)",
        "ko": "공식: Σᵢ cos(ωᵢ (p − j)) ÷ (d_model / 2)",
    },
    "sim.offset.curve.distance": {
        "en": "formula: √(d_model − 2 Σᵢ cos(ωᵢ (p − j)))",
        "ko": "공식: √(d_model − 2 Σᵢ cos(ωᵢ (p − j)))",
    },
    "sim.offset.hover": {"en": "p − j = %{x}: %{y:.4g}", "ko": "p − j = %{x}: %{y:.4g}"},
    "sim.offset.drawn": {
        "en": "Of its {pairs} pairs, those that would land on the same spot are drawn once: {points} points.",
        "ko": "쌍 {pairs}개 가운데 같은 자리에 겹칠 것은 한 번만 그려 점 {points}개입니다.",
    },
    "sim.offset.spread": {
        "en": "Largest spread among pairs with the same offset: {spread} of the full range (0 = one curve).",
        "ko": "간격이 같은 쌍들 사이의 최대 차이: 전체 범위의 {spread} (0이면 곡선 하나).",
    },
    "sim.matrix.explain": {
        "en": "**What to notice.** In the sinusoidal table each diagonal, running from top left to bottom right, keeps one colour. Along a diagonal p − j stays the same, so the value depends on how far apart the two positions are, not on where they sit. RoPE's table shows the same stripes. Binary and the learned table do not: move along a diagonal and the colour changes. “{offset}” puts every pair at its offset p − j and shows the same thing as a curve.",
        "ko": "**눈여겨볼 점.** 사인파 표에서는 왼쪽 위에서 오른쪽 아래로 가는 대각선마다 색이 하나로 유지됩니다. 한 대각선 위에서는 p − j가 같으므로, 값은 두 위치가 어디에 있는지가 아니라 얼마나 떨어져 있는지로만 정해집니다. RoPE 표도 같은 줄무늬를 보입니다. 이진수와 학습형 표는 그렇지 않아서 대각선을 따라가도 색이 바뀝니다. ‘{offset}’에서는 모든 쌍을 간격 p − j 위에 놓아 같은 사실을 곡선으로 보여 줍니다.",
    },
    "sim.offset.explain": {
        "en": "**What to notice.** Every pair (p, j) is placed at its offset p − j (pairs that land on the same spot share one dot). For the sinusoidal table the dots form one thin curve and the red formula curve passes through them: one offset, one value. The spread under each chart is measured on the dots; for an even d_model the dot product equals Σᵢ cos(ωᵢ (p − j)) exactly. RoPE's table behaves the same. Binary and the learned table scatter, with many values at one offset. Integer and index ÷ length do give one curve for the distance, but a straight line that grows without limit, or that changes with the sentence length.",
        "ko": "**눈여겨볼 점.** 모든 쌍 (p, j)를 간격 p − j 자리에 놓았습니다(같은 자리에 겹치는 쌍들은 점 하나를 함께 씁니다). 사인파 표의 점들은 가는 곡선 하나를 이루고 빨간 공식 곡선이 그 위를 지나갑니다. 간격 하나에 값도 하나라는 뜻입니다. 각 차트 아래의 차이는 점들에서 잰 값이며, d_model이 짝수면 내적은 정확히 Σᵢ cos(ωᵢ (p − j))와 같습니다. RoPE 표도 마찬가지입니다. 이진수와 학습형 표는 흩어져서 한 간격에 값이 여러 개입니다. 정수 인덱스와 인덱스 ÷ 길이는 거리로 보면 곡선 하나가 되지만, 끝없이 커지거나 문장 길이에 따라 달라지는 직선입니다.",
    },
    "sim.steps.title": {"en": "Neighbour steps", "ko": "이웃 간 거리"},
    "sim.steps.chart": {
        "en": "Step to the next position: ‖PE(p + 1) − PE(p)‖",
        "ko": "다음 위치까지의 거리: ‖PE(p + 1) − PE(p)‖",
    },
    "sim.steps.x": {"en": "position p", "ko": "위치 p"},
    "sim.steps.y": {"en": "distance to p + 1", "ko": "p + 1까지의 거리"},
    "sim.steps.hover": {"en": "p = %{x}: %{y:.4g}", "ko": "p = %{x}: %{y:.4g}"},
    "sim.steps.none": {
        "en": "With one position there are no neighbours to measure.",
        "ko": "위치가 하나뿐이라 잴 이웃이 없습니다.",
    },
    "sim.steps.item": {"en": "{name}: {value}", "ko": "{name}: {value}"},
    "sim.steps.explain": {
        "en": "**What to notice.** The sinusoidal table moves the same distance at every step: a flat line. "
        "Binary jumps: from 1 to 2 two bits flip (√2), from 3 to 4 three bits (√3), from 7 to 8 four. "
        "Unevenness ((largest − smallest) ÷ mean step): {values}.",
        "ko": "**눈여겨볼 점.** 사인파 표는 매 걸음 같은 거리만큼 움직여 평평한 선이 됩니다. 이진수는 뜁니다. "
        "1에서 2로 갈 때 비트 두 개(√2), 3에서 4는 세 개(√3), 7에서 8은 네 개가 바뀝니다. "
        "고르지 않은 정도((최대 − 최소) ÷ 평균 걸음): {values}.",
    },
    "sim.rot.title": {"en": "Shift k = rotation T(k)", "ko": "k칸 이동 = 회전 T(k)"},
    "sim.rot.intro": {
        "en": "For the sinusoidal table there is one matrix T(k) that turns the vector of any position into the "
        "vector k positions later: PE(pos + k) = T(k) · PE(pos). It does not depend on pos, which is why a "
        "model can learn to attend to “the word two places back” anywhere in the sentence.",
        "ko": "사인파 표에는 어떤 위치의 벡터든 k칸 뒤의 벡터로 바꾸는 행렬 T(k) 하나가 있습니다: "
        "PE(pos + k) = T(k) · PE(pos). 이 행렬이 pos에 의존하지 않기 때문에 모델은 문장 어디에서든 “두 칸 앞의 "
        "단어”를 보는 법을 배울 수 있습니다.",
    },
    "sim.rot.k": {"en": "shift k", "ko": "이동 k"},
    "sim.rot.pair": {"en": "dimension pair i (columns 2i, 2i + 1)", "ko": "차원 쌍 i (열 2i, 2i + 1)"},
    "sim.rot.chart": {"en": "T({k}), {d_model} × {d_model}", "ko": "T({k}), {d_model} × {d_model}"},
    "sim.rot.hover": {
        "en": "row %{y}<br>column %{x}<br>%{z:.4f}<extra></extra>",
        "ko": "행 %{y}<br>열 %{x}<br>%{z:.4f}<extra></extra>",
    },
    "sim.rot.strided": {
        "en": "T(k) has {d_model} rows: showing {what} on both axes ({shown} of them), so the blocks on the "
        "diagonal are real blocks. The CSV has the full matrix.",
        "ko": "T(k)는 {d_model}행이라 두 축 모두 {what} 보여 줍니다({shown}개). 그래서 대각선의 블록은 실제 "
        "블록입니다. CSV에는 전체 행렬이 있습니다.",
    },
    "sim.rot.whole": {"en": "Show the whole matrix", "ko": "행렬 전체 보기"},
    "sim.rot.whole.help": {
        "en": "Off: the top-left corner, large enough to read each 2 × 2 block. On: all d_model × d_model.",
        "ko": "끄면 2 × 2 블록을 읽을 수 있게 왼쪽 위 모서리만, 켜면 d_model × d_model 전체를 보여 줍니다.",
    },
    "sim.rot.corner": {
        "en": "T({k}): top-left {n} × {n} of {d_model} × {d_model}",
        "ko": "T({k}): {d_model} × {d_model} 중 왼쪽 위 {n} × {n}",
    },
    "sim.rot.block": {"en": "The 2 × 2 block of pair {pair}", "ko": "쌍 {pair}의 2 × 2 블록"},
    "sim.rot.angle": {
        "en": "Pair {pair} turns by θ = k · ωᵢ = {k} · ω_{pair} = **{rad} rad** (**{deg}°** around the circle). The block is [[cos θ, sin θ], [−sin θ, cos θ]]: the columns are (sin, cos), so this is the transpose of the textbook [[cos θ, −sin θ], [sin θ, cos θ]].",
        "ko": "쌍 {pair}의 회전각: θ = k · ωᵢ = {k} · ω_{pair} = **{rad} rad**(원 위에서 **{deg}°**). 블록은 [[cos θ, sin θ], [−sin θ, cos θ]]입니다. 열 순서가 (sin, cos)라서 교과서의 [[cos θ, −sin θ], [sin θ, cos θ]]를 전치한 모양입니다.",
    },
    "sim.rot.error": {"en": "largest error, {n} positions", "ko": "최대 오차, 위치 {n}개"},
    "sim.rot.error.help": {
        "en": "max over pos = 0 … max_len − 1 and every sine/cosine column of |PE(pos + k) − T(k) · PE(pos)|, with T(k) the matrix shown (applied through its 2 × 2 blocks; every other entry is 0).",
        "ko": "pos = 0 … max_len − 1과 모든 사인/코사인 열에 대한 |PE(pos + k) − T(k) · PE(pos)|의 최댓값. T(k)는 위에 보인 행렬입니다(2 × 2 블록으로 곱하며, 나머지 칸은 모두 0).",
    },
    "sim.rot.lone": {"en": "error in lone column {col}", "ko": "짝 없는 열 {col}의 오차"},
    "sim.rot.odd": {
        "en": "d_model is odd, so column {col} (the last) is a sine with no cosine beside it. Moving it k positions would need the cosine it lacks, so T(k) leaves it as it is (a 1 on the diagonal) and the rule holds for every other column only.",
        "ko": "d_model이 홀수라 마지막 열(열 {col})은 옆에 코사인이 없는 사인입니다. 이 열을 k칸 옮기려면 없는 코사인이 필요하므로 T(k)는 이 열을 그대로 두고(대각선에 1), 규칙은 나머지 열에서만 성립합니다.",
    },
    "sim.rot.explain": {
        "en": "**What to notice.** T({k}) is zero except for 2 × 2 rotation blocks on the diagonal, one per sine/cosine pair, each turning by its own angle (and, for an odd d_model, a lone 1 in the last corner). The error is measured live over every position with this matrix: it is rounding noise (1e-12 or less), not an approximation.",
        "ko": "**눈여겨볼 점.** T({k})는 대각선의 2 × 2 회전 블록(사인/코사인 쌍마다 하나, 각자 다른 각도)을 빼면 모두 0입니다(d_model이 홀수면 마지막 모서리에 1이 하나 더 있습니다). 오차는 이 행렬로 모든 위치에서 직접 잰 값이며, 반올림 잡음(1e-12 이하) 수준이지 근사가 아닙니다.",
    },
    "sim.orbit.chart": {
        "en": "Pair {pair} of every position, on the unit circle",
        "ko": "모든 위치의 쌍 {pair}, 단위원 위에서",
    },
    "sim.orbit.x": {"en": "cos (column {col})", "ko": "cos (열 {col})"},
    "sim.orbit.y": {"en": "sin (column {col})", "ko": "sin (열 {col})"},
    "sim.orbit.hover": {
        "en": "position %{customdata}<br>cos %{x:.4f}<br>sin %{y:.4f}<extra></extra>",
        "ko": "위치 %{customdata}<br>cos %{x:.4f}<br>sin %{y:.4f}<extra></extra>",
    },
    "sim.orbit.start": {"en": "PE({p})", "ko": "PE({p})"},
    "sim.orbit.moved": {"en": "T({k}) · PE({p})", "ko": "T({k}) · PE({p})"},
    "sim.orbit.target": {"en": "PE({q})", "ko": "PE({q})"},
    "sim.orbit.explain": {
        "en": "**What to notice.** Each pair of columns puts every position on a circle of radius 1, one step "
        "of angle ωᵢ per position. Moving k positions means turning by k · ωᵢ, wherever you start: "
        "T(k) · PE(p) (the cross) lands exactly on PE(p + k). Low pairs turn fast and wrap around many times; "
        "high pairs barely move, which is how far-apart positions stay distinguishable.",
        "ko": "**눈여겨볼 점.** 열 한 쌍은 모든 위치를 반지름 1인 원 위에 놓고, 위치가 하나 늘 때마다 각도 ωᵢ씩 "
        "돕니다. k칸 이동은 어디서 시작하든 k · ωᵢ만큼 도는 것이라서 T(k) · PE(p)(× 표시)가 PE(p + k)에 정확히 "
        "겹칩니다. 앞쪽 쌍은 빨리 돌아 여러 바퀴를 감고, 뒤쪽 쌍은 거의 움직이지 않아 멀리 떨어진 위치도 "
        "구별됩니다.",
    },
    # ---- softmax and scaling page -------------------------------------------------------------------------
    "nav.sm": {"en": "Softmax and scaling", "ko": "소프트맥스와 스케일링"},
    "sm.title": {
        "en": "Softmax and scaling: why divide by √d_k?",
        "ko": "소프트맥스와 스케일링: 왜 √d_k로 나눌까?",
    },
    "sm.intro": {
        "en": "Attention compares a query with every key by a dot product, turns those scores into weights with softmax, and mixes the values with them. Before softmax the scores are divided by √d_k. This page measures why: how big the scores get as d_k grows, what that does to softmax, and what it does to the gradient. Every number here is drawn fresh from the seed, not copied from a book, except in section 4 when you pick the notes' numbers: then Q, K, V and QKᵀ are the note's own.",
        "ko": "어텐션은 쿼리를 모든 키와 내적으로 비교하고, 그 점수를 소프트맥스로 가중치로 바꾼 뒤 그 가중치로 밸류를 섞습니다. 소프트맥스 전에 점수를 √d_k로 나눕니다. 이 페이지는 그 이유를 직접 재어 봅니다. d_k가 커질 때 점수가 얼마나 커지는지, 그것이 소프트맥스와 기울기에 무슨 일을 하는지. 여기 나오는 숫자는 모두 시드로부터 새로 뽑은 값입니다. 다만 4절에서 노트의 숫자를 고르면 Q, K, V와 QKᵀ는 노트의 값을 그대로 씁니다.",
    },
    "sm.dk": {
        "en": "d_k (dimension of a query / key vector)",
        "ko": "d_k (쿼리·키 벡터의 차원)",
    },
    "sm.dk.help": {
        "en": "Used by every section of this page. The paper's base model has d_k = 512 / 8 = 64.",
        "ko": "이 페이지의 모든 부분에 쓰입니다. 논문의 기본 모델은 d_k = 512 / 8 = 64입니다.",
    },
    "sm.dk.sidebar": {
        "en": "With the sidebar's d_model = {d_model} and {heads} heads, each head would have d_k = {d_k}. The slider above is separate, so you can go all the way to 1024.",
        "ko": "사이드바의 d_model = {d_model}, 헤드 {heads}개라면 헤드 하나의 d_k는 {d_k}입니다. 위 슬라이더는 따로 움직이므로 1024까지 올려 볼 수 있습니다.",
    },
    "sm.n": {"en": "Sample size (query-key pairs)", "ko": "표본 크기 (쿼리-키 쌍 수)"},
    "sm.n.help": {
        "en": "More pairs give smoother histograms and tighter variance estimates (the error shrinks like 1/√n).",
        "ko": "쌍이 많을수록 히스토그램이 매끄럽고 분산 추정이 정확해집니다(오차는 1/√n처럼 줄어듭니다).",
    },
    "sm.seed": {"en": "Seed", "ko": "시드"},
    "sm.raw": {"en": "unscaled", "ko": "스케일 없음"},
    "sm.scaled": {"en": "÷ {root}", "ko": "÷ {root}"},
    "sm.mark": {"en": "d_k = {d_k} (now)", "ko": "d_k = {d_k} (현재)"},
    "sm.density": {"en": "density", "ko": "밀도"},
    "sm.var.title": {"en": "1. How big is q · k?", "ko": "1. q · k는 얼마나 클까?"},
    "sm.var.bars": {"en": "{n} measured pairs", "ko": "측정한 {n}쌍"},
    "sm.var.curve.raw": {"en": "N(0, {d_k})", "ko": "N(0, {d_k})"},
    "sm.var.curve.scaled": {"en": "N(0, 1)", "ko": "N(0, 1)"},
    "sm.var.hist.raw": {"en": "q · k, d_k = {d_k}", "ko": "q · k, d_k = {d_k}"},
    "sm.var.hist.scaled": {"en": "q · k / √d_k, d_k = {d_k}", "ko": "q · k / √d_k, d_k = {d_k}"},
    "sm.var.x.raw": {"en": "q · k", "ko": "q · k"},
    "sm.var.x.scaled": {"en": "q · k / √{d_k}", "ko": "q · k / √{d_k}"},
    "sm.var.hover": {"en": "x = %{x:.3g}<br>density %{y:.4f}", "ko": "x = %{x:.3g}<br>밀도 %{y:.4f}"},
    "sm.var.measured": {
        "en": "Measured variance {var}; theory says {expected} (± {err} is the 95% band for this sample size).",
        "ko": "측정한 분산 {var}, 이론값 {expected} (이 표본 크기에서 95% 구간은 ± {err}).",
    },
    "sm.var.explain": {
        "en": "**What to notice.** Every entry of q and k is drawn from N(0, 1). Each product qᵢkᵢ has mean 0 and variance 1, and q · k adds up d_k of them, so its variance is d_k: at d_k = {d_k} the scores spread about {root} times wider than one product (left). Divided by √d_k they are back to variance 1 whatever d_k is (right). The red curves are the normal approximation; the bars are measured. Try d_k = 1: the bars are peakier than the curve, because a sum of few products is not yet normal, but the variance still matches.",
        "ko": "**눈여겨볼 점.** q와 k의 각 원소는 N(0, 1)에서 뽑습니다. 곱 qᵢkᵢ 하나는 평균 0, 분산 1이고, q · k는 그것을 d_k개 더한 것이라 분산이 d_k가 됩니다. d_k가 {d_k}일 때 점수는 곱 하나보다 약 {root}배 넓게 퍼집니다(왼쪽). √d_k로 나누면 d_k와 상관없이 분산이 다시 1이 됩니다(오른쪽). 빨간 곡선은 정규분포 근사, 막대는 측정값입니다. d_k = 1로 바꿔 보세요. 곱 몇 개의 합은 아직 정규분포가 아니라서 막대가 곡선보다 뾰족하지만, 분산은 여전히 맞습니다.",
    },
    "sm.sweep.raw": {"en": "Var(q · k), measured", "ko": "Var(q · k) 측정값"},
    "sm.sweep.scaled": {"en": "Var(q · k / √d_k), measured", "ko": "Var(q · k / √d_k) 측정값"},
    "sm.sweep.line_dk": {"en": "var = d_k", "ko": "분산 = d_k"},
    "sm.sweep.line_1": {"en": "var = 1", "ko": "분산 = 1"},
    "sm.sweep.chart": {
        "en": "Measured variance against d_k ({n} pairs each, bars ± 2 standard errors)",
        "ko": "d_k에 따른 측정 분산 (각 {n}쌍, 오차 막대 ± 표준오차 2배)",
    },
    "sm.sweep.y": {"en": "variance (log scale)", "ko": "분산 (로그 눈금)"},
    "sm.sweep.hover": {"en": "d_k = %{x}<br>variance %{y:.4g}", "ko": "d_k = %{x}<br>분산 %{y:.4g}"},
    "sm.sweep.explain": {
        "en": "**What to notice.** On log-log axes a variance that equals d_k is a straight line of slope 1, and the unscaled measurements sit on it from d_k = 1 to 1024. After dividing by √d_k they lie flat on var = 1. That is the whole reason for the scale: it keeps the scores the same size no matter how wide the heads are.",
        "ko": "**눈여겨볼 점.** 로그-로그 축에서 d_k와 같은 분산은 기울기 1인 직선이고, 스케일하지 않은 측정값은 d_k = 1부터 1024까지 그 직선 위에 놓입니다. √d_k로 나눈 값은 분산 = 1 위에 평평하게 놓입니다. 스케일의 이유는 이것 하나입니다. 헤드가 얼마나 넓든 점수의 크기를 같게 유지합니다.",
    },
    "sm.row.title": {
        "en": "2. One row of scores through softmax",
        "ko": "2. 점수 한 줄이 소프트맥스를 지날 때",
    },
    "sm.keys": {"en": "Keys in the row", "ko": "줄 안의 키 개수"},
    "sm.keys.help": {
        "en": "How many keys one query is compared with (the words of a short sentence).",
        "ko": "쿼리 하나가 비교되는 키의 수(짧은 문장의 단어 수).",
    },
    "sm.temp": {"en": "Temperature T (softmax of scores / T)", "ko": "온도 T (점수 / T의 소프트맥스)"},
    "sm.temp.help": {
        "en": "T < 1 sharpens the weights, T > 1 flattens them. Dividing by √d_k acts like a temperature of √d_k chosen for you.",
        "ko": "T < 1이면 가중치가 뾰족해지고 T > 1이면 평평해집니다. √d_k로 나누는 것은 온도를 √d_k로 정해 두는 것과 같습니다.",
    },
    "sm.key": {"en": "key {j}", "ko": "키 {j}"},
    "sm.key_axis": {"en": "key", "ko": "키"},
    "sm.weight": {"en": "softmax weight", "ko": "소프트맥스 가중치"},
    "sm.row.score_raw": {"en": "score q · k", "ko": "점수 q · k"},
    "sm.row.score_scaled": {"en": "score / √d_k", "ko": "점수 / √d_k"},
    "sm.row.score_axis": {"en": "score", "ko": "점수"},
    "sm.row.chart": {
        "en": "Weights of one query over its keys, d_k = {d_k}, T = {temp}",
        "ko": "쿼리 하나의 키별 가중치, d_k = {d_k}, T = {temp}",
    },
    "sm.row.hover": {"en": "%{x}: %{y:.4f}", "ko": "%{x}: %{y:.4f}"},
    "sm.row.table": {
        "en": "| this row | {raw} | {scaled} |\n|---|---|---|\n| largest weight | {max_raw} | {max_scaled} |\n| entropy (nats) | {h_raw} | {h_scaled} |",
        "ko": "| 이 줄 | {raw} | {scaled} |\n|---|---|---|\n| 가장 큰 가중치 | {max_raw} | {max_scaled} |\n| 엔트로피 (nat) | {h_raw} | {h_scaled} |",
    },
    "sm.row.explain": {
        "en": "**What to notice.** The dotted lines are the scores, the bars the weights. Raise d_k and the unscaled scores spread out, so softmax gives more and more of the weight to the largest one; at large d_k it is nearly all of it (weight near 1, entropy near 0). The scaled scores keep the same spread whatever d_k is, so how sharp their weights are is left to the temperature (below 1 sharpens, above 1 flattens). Entropy is at most {uniform} here (all {n} keys equal).",
        "ko": "**눈여겨볼 점.** 점선은 점수, 막대는 가중치입니다. d_k를 올리면 스케일하지 않은 점수가 넓게 퍼져서 소프트맥스가 가장 큰 점수에 점점 더 많은 가중치를 주고, d_k가 크면 거의 전부를 줍니다(가중치는 1 가까이, 엔트로피는 0 가까이). 스케일한 점수는 d_k와 상관없이 퍼짐이 같으므로 가중치가 얼마나 뾰족할지는 온도가 정합니다(1보다 작으면 뾰족, 크면 평평). 여기서 엔트로피의 최댓값은 {uniform}입니다({n}개 키가 모두 같을 때).",
    },
    "sm.stat.maxp": {"en": "largest weight, {which}", "ko": "가장 큰 가중치, {which}"},
    "sm.stat.entropy": {"en": "entropy, {which}", "ko": "엔트로피, {which}"},
    "sm.stat.maxp_axis": {"en": "mean largest weight", "ko": "가장 큰 가중치의 평균"},
    "sm.stat.entropy_axis": {"en": "mean entropy (nats, dotted)", "ko": "엔트로피 평균 (nat, 점선)"},
    "sm.stat.chart": {
        "en": "Averaged over {rows} random rows of {n} keys, T = {temp}",
        "ko": "키 {n}개짜리 무작위 줄 {rows}개의 평균, T = {temp}",
    },
    "sm.stat.hover": {"en": "d_k = %{x}: %{y:.3f}", "ko": "d_k = %{x}: %{y:.3f}"},
    "sm.stat.explain": {
        "en": "**What to notice.** One row can be lucky, so here are many. Without the scale the largest weight climbs toward 1 and the entropy falls toward 0 as d_k grows: attention turns into a hard pick of one key. With the scale both lines level off once d_k is more than a handful (at the smallest d_k a sum of few products has heavier tails), so a head behaves the same whatever its width. The temperature sets the level of every line: at a low temperature even the scaled weights are sharp, but then that is a setting, not a side effect of d_k. (Equal weights would give entropy {uniform}.)",
        "ko": "**눈여겨볼 점.** 한 줄은 우연일 수 있으니 많은 줄의 평균을 봅니다. 스케일이 없으면 d_k가 커질수록 가장 큰 가중치는 1로, 엔트로피는 0으로 갑니다. 어텐션이 키 하나만 고르는 딱딱한 선택이 됩니다. 스케일하면 d_k가 몇 이상만 되면 두 선이 평평해집니다(아주 작은 d_k에서는 곱 몇 개의 합이라 꼬리가 두껍습니다). 그래서 헤드의 동작이 폭과 무관해집니다. 온도는 모든 선의 높이를 정합니다. 온도가 낮으면 스케일한 가중치도 뾰족하지만, 그것은 d_k의 부작용이 아니라 설정입니다. (가중치가 모두 같으면 엔트로피는 {uniform}.)",
    },
    "sm.tab.row": {
        "en": "2–3. One row of scores, and its gradient",
        "ko": "2–3. 점수 한 줄과 그 기울기",
    },
    "sm.grad.title": {"en": "3. What happens to the gradient", "ko": "3. 기울기에 생기는 일"},
    "sm.grad.chart": {
        "en": "‖diag(p) − p pᵀ‖ against d_k ({rows} rows)",
        "ko": "d_k에 따른 ‖diag(p) − p pᵀ‖ (줄 {rows}개)",
    },
    "sm.grad.y": {"en": "Frobenius norm (log scale)", "ko": "프로베니우스 노름 (로그 눈금)"},
    "sm.grad.uniform": {
        "en": "largest possible: 0.5 (two keys share the weight)",
        "ko": "가능한 최댓값: 0.5 (키 두 개가 가중치를 반씩)",
    },
    "sm.grad.hover": {"en": "d_k = %{x}<br>norm %{y:.4g}", "ko": "d_k = %{x}<br>노름 %{y:.4g}"},
    "sm.grad.panels": {
        "en": "diag(p) − p pᵀ for the row above, d_k = {d_k}",
        "ko": "위 줄의 diag(p) − p pᵀ, d_k = {d_k}",
    },
    "sm.grad.panel_hover": {
        "en": "∂p(%{y}) / ∂x(key %{x})<br>%{z:.4f}<extra></extra>",
        "ko": "∂p(%{y}) / ∂x(키 %{x})<br>%{z:.4f}<extra></extra>",
    },
    "sm.grad.now": {
        "en": "x is what goes into softmax: score / T, or score / (√d_k · T) when scaled. Norm of this row's matrix: {raw} unscaled, {scaled} scaled.",
        "ko": "x는 소프트맥스에 들어가는 값입니다: 점수 / T, 스케일하면 점수 / (√d_k · T). 이 줄 행렬의 노름: 스케일 없음 {raw}, 스케일 {scaled}.",
    },
    "sm.grad.explain": {
        "en": "**What to notice.** Backpropagation through softmax multiplies the gradient by this matrix (and by the 1/T and 1/√d_k in front of x). When one weight is near 1 every entry is near 0, so almost no gradient reaches the scores, and through them W^Q and W^K: learning stalls. Unscaled, the mean norm ends far down as d_k grows: {raw} at d_k = {d_k}, where {saturated}% of rows give one key more than 0.99. Scaled it is {scaled}, and it hardly changes with d_k. No weights can give more than 0.5 (the dashed line).",
        "ko": "**눈여겨볼 점.** 역전파는 소프트맥스를 지날 때 기울기에 이 행렬을 곱합니다(x 앞의 1/T, 1/√d_k도 함께). 가중치 하나가 1에 가까우면 모든 원소가 0에 가까워져 점수에, 그리고 그 너머 W^Q와 W^K에 기울기가 거의 전달되지 않습니다. 학습이 멈춥니다. 스케일이 없으면 d_k가 커질수록 평균 노름이 크게 떨어집니다. d_k = {d_k}에서 {raw}이고, 줄의 {saturated}%가 키 하나에 0.99 넘게 줍니다. 스케일하면 {scaled}이고 d_k에 따라 거의 변하지 않습니다. 어떤 가중치도 0.5(점선)를 넘을 수 없습니다.",
    },
    "sm.ex.title": {"en": "4. The four steps on a sentence", "ko": "4. 문장 하나로 보는 네 단계"},
    "sm.ex.part.qkv": {"en": "Queries, keys, values", "ko": "쿼리, 키, 밸류"},
    "sm.ex.part.steps": {"en": "Steps 1–3: Q Kᵀ, ÷ √d_k, softmax", "ko": "1–3단계: Q Kᵀ, ÷ √d_k, 소프트맥스"},
    "sm.ex.part.out": {"en": "Step 4: Z = weights · V", "ko": "4단계: Z = 가중치 · V"},
    "sm.ex.intro": {
        "en": "One attention head, step by step. Each word's vector (a row of X, width d_model = {d_model} from the sidebar) is multiplied by random weight matrices W^Q, W^K, W^V (d_model × {d_k}) to give its query, key and value. Change the seed for other weights, d_k above, or the sentence.",
        "ko": "어텐션 헤드 하나를 단계별로 봅니다. 각 단어의 벡터(X의 한 행, 폭은 사이드바의 d_model = {d_model})에 무작위 가중치 행렬 W^Q, W^K, W^V(d_model × {d_k})를 곱해 쿼리, 키, 밸류를 얻습니다. 시드를 바꾸면 다른 가중치가, 위의 d_k나 문장을 바꾸면 다른 결과가 나옵니다.",
    },
    "sm.ex.sentence": {"en": "Sentence", "ko": "문장"},
    "sm.ex.sentence.help": {
        "en": "Words and punctuation become tokens; the first {n} are used so every matrix stays readable.",
        "ko": "단어와 문장부호가 토큰이 됩니다. 행렬을 읽을 수 있도록 앞의 {n}개만 씁니다.",
    },
    "sm.ex.length": {"en": "Sentence length (tokens used)", "ko": "문장 길이 (쓰는 토큰 수)"},
    "sm.ex.length.help": {
        "en": "Use only the first words of the sentence.",
        "ko": "문장의 앞 단어들만 씁니다.",
    },
    "sm.ex.cut": {
        "en": "Only the first {n} tokens are used here; {cut} more were left out.",
        "ko": "여기서는 앞의 {n}개 토큰만 씁니다. {cut}개는 빠졌습니다.",
    },
    "sm.ex.empty": {
        "en": "Type at least one word to see the four steps.",
        "ko": "네 단계를 보려면 단어를 하나 이상 입력하세요.",
    },
    "sm.ex.qkv": {
        "en": "Q, K and V: {n} tokens × d_k = {d_k}",
        "ko": "Q, K, V: 토큰 {n}개 × d_k = {d_k}",
    },
    "sm.ex.qkv_hover": {
        "en": "%{y}, dimension %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "%{y}, 차원 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "sm.ex.columns": {
        "en": "Only the first {shown} of the {d_k} columns are drawn; every step (the other tabs) uses all of them.",
        "ko": "{d_k}개 열 가운데 앞의 {shown}개만 그렸습니다. 다음 단계(다른 탭)의 계산은 모든 열을 씁니다.",
    },
    "sm.ex.query": {"en": "query", "ko": "쿼리"},
    "sm.ex.pair_hover": {
        "en": "query %{y} → key %{x}<br>%{z:.4f}<extra></extra>",
        "ko": "쿼리 %{y} → 키 %{x}<br>%{z:.4f}<extra></extra>",
    },
    "sm.ex.step1": {"en": "Step 1: Q Kᵀ", "ko": "1단계: Q Kᵀ"},
    "sm.ex.step1.note": {
        "en": "Row i, column j is q_i · k_j: how well word i's question matches word j's label.",
        "ko": "i행 j열은 q_i · k_j입니다. 단어 i의 질문이 단어 j의 꼬리표와 얼마나 맞는지.",
    },
    "sm.ex.step2": {"en": "Step 2: ÷ {root}", "ko": "2단계: ÷ {root}"},
    "sm.ex.step2.note": {
        "en": "Every score divided by the same number: the order in each row is unchanged, only the spread shrinks.",
        "ko": "모든 점수를 같은 수로 나눕니다. 각 행의 순서는 그대로이고 퍼짐만 줄어듭니다.",
    },
    "sm.ex.step3": {"en": "Step 3: softmax by row", "ko": "3단계: 행별 소프트맥스"},
    "sm.ex.step3.note": {
        "en": "Each row now holds weights between 0 and 1 that add up to 1: how much word i attends to each word.",
        "ko": "이제 각 행은 합이 1인 0과 1 사이의 가중치입니다. 단어 i가 각 단어에 얼마나 주목하는지.",
    },
    "sm.ex.step4": {"en": "Step 4: Z = weights · V", "ko": "4단계: Z = 가중치 · V"},
    "sm.ex.out_hover": {
        "en": "z of %{y}, dimension %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "%{y}의 z, 차원 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "sm.ex.pick": {"en": "Write out the output row of", "ko": "출력 행을 풀어 쓸 단어"},
    "sm.ex.numbers": {
        "en": "The same sum with numbers (the first {shown} of {d_k} entries): each value vector is multiplied by its weight, and the rows add up to z.",
        "ko": "같은 합을 숫자로 쓴 것입니다({d_k}개 중 앞의 {shown}개). 각 밸류 벡터에 가중치를 곱하고, 그 행들을 더하면 z가 됩니다.",
    },
    "sm.ex.compare": {
        "en": "Largest weight in this row: **{scaled}**. Without ÷ √d_k it would be **{raw}**.",
        "ko": "이 행의 가장 큰 가중치: **{scaled}**. ÷ √d_k가 없으면 **{raw}**.",
    },
    "sm.ex.explain": {
        "en": "**What to notice.** Each output row is a blend of the value vectors, mixed in the proportions of that row of weights: the words a query matches best contribute most. The weights here come from random matrices, so they show the mechanics, not meaning; a trained model learns W^Q, W^K and W^V so that the blend is useful.",
        "ko": "**눈여겨볼 점.** 출력의 각 행은 밸류 벡터들을 그 행의 가중치 비율대로 섞은 것입니다. 쿼리와 가장 잘 맞는 단어가 가장 많이 기여합니다. 여기 가중치는 무작위 행렬에서 나왔으므로 의미가 아니라 계산 과정을 보여 줍니다. 학습된 모델은 이 섞음이 쓸모 있도록 W^Q, W^K, W^V를 배웁니다.",
    },
    # ---- where the lecture notes differ (viz.ui.notes_differ) and the notes' own worked example ---------
    "notes.lead": {"en": "Where the notes differ", "ko": "강의 노트와 다른 점"},
    "notes.says": {"en": "The note says", "ko": "노트의 내용"},
    "notes.right": {"en": "Correct", "ko": "바른 내용"},
    "notes.why": {"en": "What is right, and why", "ko": "바른 내용과 이유"},
    "notes.pe_base.where": {
        "en": "note 004, §1.2.3 (the formula); also a comment in note 002's code",
        "ko": "노트 004, §1.2.3(공식), 노트 002 코드의 주석",
    },
    "notes.pe_base.says": {
        "en": "the base is printed as 1000, in P(pos, 2i) = sin(pos / 1000^(2i/d_model)).",
        "ko": "P(pos, 2i) = sin(pos / 1000^(2i/d_model))처럼 base를 1000으로 적었습니다.",
    },
    "notes.pe_base.right": {
        "en": "the paper uses 10000, and so does the note itself a few lines on: its matrix P writes "
        "10000^(2/4), and its figure's 0.01 at position 1, column 2 is sin(1/100), which needs base 10000 "
        "(base 1000 would give 0.032). Note 002's code also uses 10000 and divides by it; only its comment says 1000, and writes the "
        "term as 1000^(2i/d_model) where the code uses its reciprocal. The "
        "sidebar's base starts at 10000.",
        "ko": "논문은 10000을 씁니다. 노트도 몇 줄 뒤의 행렬 P에서는 10000^(2/4)로 적고, 그림의 위치 1, 열 2 "
        "값 0.01은 sin(1/100)이어서 base가 10000이어야 나옵니다(1000이면 0.032). 노트 002의 코드도 "
        "10000으로 나누며, 주석만 1000이라고 적고 항도 그 역수가 아닌 1000^(2i/d_model)로 적었습니다. 사이드바의 base도 10000에서 시작합니다.",
    },
    "notes.pe_index.where": {
        "en": "note 001, “Positional Encoding”; note 004, §1.2.3",
        "ko": "노트 001, ‘Positional Encoding’; 노트 004, §1.2.3",
    },
    "notes.pe_index.says": {
        "en": "001 lets i run from 0 to m for an encoding of width m; 004 calls i the embedding at that "
        "position.",
        "ko": "001은 폭이 m인 인코딩에서 i가 0부터 m까지 간다고 하고, 004는 i를 그 위치의 임베딩이라고 "
        "부릅니다.",
    },
    "notes.pe_index.right": {
        "en": "i numbers the (sin, cos) pairs of columns. It runs from 0 to d_model/2 − 1, and pair i fills "
        "columns 2i and 2i + 1, which together cover columns 0 … d_model − 1. In 004's own example "
        "(d_model = 4) i is 0 or 1: that is why its exponents are 0 and 2/4.",
        "ko": "i는 (sin, cos) 열 쌍의 번호입니다. 0부터 d_model/2 − 1까지 가고, i번째 쌍이 2i열과 2i + 1열을 "
        "채워 둘이 합쳐 0 … d_model − 1열을 덮습니다. 004의 예(d_model = 4)에서도 i는 0 또는 1이라서 "
        "지수가 0과 2/4입니다.",
    },
    "notes.pe_sincos.where": {
        "en": "note 000, “Sinusoidal positional encoding” (under the heatmap, and the comments in its code)",
        "ko": "노트 000, ‘Sinusoidal positional encoding’(히트맵 아래 설명과 코드 주석)",
    },
    "notes.pe_sincos.says": {
        "en": "sin goes in the odd columns and cos in the even ones; its code marks pe[:, 0::2] as odd.",
        "ko": "sin은 홀수 열, cos은 짝수 열이라고 하고, 코드에서도 pe[:, 0::2]를 홀수라고 표시합니다.",
    },
    "notes.pe_sincos.right": {
        "en": "counting columns from 0, as the formula (2i, 2i + 1) and that same code do, sin sits in the "
        "even columns (0, 2, 4, …) and cos in the odd ones (1, 3, 5, …). The note is right only when counting "
        "from 1 (sin in the 1st, 3rd, … column). {table}",
        "ko": "공식(2i, 2i + 1)과 그 코드처럼 열을 0부터 세면 sin은 짝수 열(0, 2, 4, …)에, cos은 홀수 열(1, "
        "3, 5, …)에 있습니다. 1부터 셀 때만(1번째, 3번째, … 열이 sin) 노트의 말이 맞습니다. {table}",
    },
    "notes.pe_sincos.table.interleaved": {
        "en": "In the interleaved table here, column 0 is a sine (0 at position 0) and column 1 a cosine (1 at "
        "position 0).",
        "ko": "여기 교차 배치 표에서도 0열은 사인(위치 0에서 0), 1열은 코사인(위치 0에서 1)입니다.",
    },
    "notes.pe_sincos.table.split": {
        "en": "The split table here is reordered: its first half of columns holds the sines (0 at position 0) "
        "and its second half the cosines (1 at position 0), so it has no odd or even columns to speak of.",
        "ko": "여기 분할 배치 표는 순서를 바꾼 것이라, 앞쪽 절반 열이 사인(위치 0에서 0), 뒤쪽 절반 열이 "
        "코사인(위치 0에서 1)이고 홀수·짝수 열을 따질 수 없습니다.",
    },
    "notes.pe_freq.where": {"en": "note 003, §2.3", "ko": "노트 003, §2.3"},
    "notes.pe_freq.says": {
        "en": "the frequency N in sin(Nx) is 1/10000.",
        "ko": "sin(Nx)의 진동수 N이 1/10000이라고 합니다.",
    },
    "notes.pe_freq.right": {
        "en": "each pair i has a frequency of its own, 1/10000^(2i/d_model): 1 for the first pair (a full "
        "wave every 2π ≈ 6.3 positions), falling geometrically to just above 1/10000 for the last (a "
        "wavelength just under 2π · 10000 ≈ 62,832). 1/10000 is only the limit the slowest pairs approach; "
        "the spread of wavelengths is what this tab plots.",
        "ko": "쌍 i마다 진동수가 따로 있습니다: 1/10000^(2i/d_model). 첫 쌍은 1(2π ≈ 6.3 위치마다 한 "
        "주기)이고, 기하급수적으로 줄어 마지막 쌍은 1/10000보다 조금 큽니다(파장은 2π · 10000 ≈ "
        "62,832보다 조금 짧음). 1/10000은 가장 느린 쌍이 다가가는 한계일 뿐이며, 이 탭이 그리는 것이 "
        "바로 그 파장들의 분포입니다.",
    },
    "notes.shift.where": {"en": "note 003, §2.3", "ko": "노트 003, §2.3"},
    "notes.shift.says": {
        "en": "moving by Δx is written PE(x + Δx) = PE(x) + T(Δx), a term added to the vector.",
        "ko": "Δx만큼의 이동을 PE(x + Δx) = PE(x) + T(Δx), 즉 벡터에 더하는 항으로 적었습니다.",
    },
    "notes.shift.right": {
        "en": "it is a matrix that multiplies: PE(x + Δx) = T(Δx) · PE(x), where T(Δx) rotates each "
        "(sin, cos) pair by the angle ω_i · Δx. No fixed term could be added instead, because the "
        "difference PE(x + Δx) − PE(x) changes with x. The matrix below is T(k), and the error beside it "
        "measures T(k) · PE(pos) against PE(pos + k).",
        "ko": "더하는 것이 아니라 행렬을 곱합니다: PE(x + Δx) = T(Δx) · PE(x). T(Δx)는 (sin, cos) 쌍마다 "
        "각도 ω_i · Δx만큼 회전시킵니다. 차이 PE(x + Δx) − PE(x)가 x에 따라 달라지므로, 고정된 항을 "
        "더해서는 이렇게 될 수 없습니다. 아래 행렬이 T(k)이고, 옆의 오차는 T(k) · PE(pos)와 "
        "PE(pos + k)의 차이입니다.",
    },
    "notes.cross.where": {
        "en": "note 001, “Transformer” (the decoder, step 4)",
        "ko": "노트 001, ‘Transformer’(디코더 4단계)",
    },
    "notes.cross.says": {
        "en": "cross-attention takes its queries from the encoder's output and its keys and values from the "
        "decoder's masked self-attention.",
        "ko": "크로스 어텐션의 쿼리는 인코더 출력에서, 키와 값은 디코더의 마스크드 셀프 어텐션 출력에서 "
        "가져온다고 합니다.",
    },
    "notes.cross.right": {
        "en": "it is the other way round: the queries come from the decoder (one row per target token), the "
        "keys and values from the encoder's final output (one column per source token). That is why the "
        "cross-attention map here is target × source, and why every target word can look at the whole "
        "source sentence.",
        "ko": "반대입니다. 쿼리는 디코더에서(목표 토큰마다 한 행), 키와 값은 인코더의 최종 출력에서(원문 "
        "토큰마다 한 열) 옵니다. 그래서 여기 크로스 어텐션 맵은 목표 × 원문 모양이고, 목표 단어마다 원문 "
        "문장 전체를 볼 수 있습니다.",
    },
    "notes.llm.where": {
        "en": "note 001, “Transformer” (the paragraph on LLMs)",
        "ko": "노트 001, ‘Transformer’(LLM에 관한 문단)",
    },
    "notes.llm.says": {
        "en": "in an LLM the question usually goes into the encoder and the start of the answer into the "
        "decoder.",
        "ko": "LLM에서는 보통 질문이 인코더로, 답의 앞부분이 디코더로 들어간다고 합니다.",
    },
    "notes.llm.right": {
        "en": "most LLMs (the GPT family, Llama) are decoder-only: the prompt and the answer so far form one "
        "sequence that goes through one stack of masked self-attention, with no encoder and no "
        "cross-attention. The split into encoder input and decoder input fits encoder–decoder models such "
        "as the original Transformer for translation, or T5.",
        "ko": "대부분의 LLM(GPT 계열, Llama)은 디코더만 씁니다. 프롬프트와 지금까지의 답이 한 시퀀스가 되어 "
        "마스크드 셀프 어텐션 층들을 지나며, 인코더도 크로스 어텐션도 없습니다. 인코더 입력과 디코더 "
        "입력으로 나누는 설명은 번역용 원래 Transformer나 T5 같은 인코더–디코더 모델에 맞습니다.",
    },
    "notes.scale_dim.where": {
        "en": "note 001, “Self-Attention Mechanism”",
        "ko": "노트 001, ‘Self-Attention Mechanism’",
    },
    "notes.scale_dim.says": {
        "en": "Q·Kᵀ is divided by the square root of the first dimension.",
        "ko": "Q·Kᵀ를 첫 번째 차원의 제곱근으로 나눈다고 합니다.",
    },
    "notes.scale_dim.right": {
        "en": "the note does not say which matrix's first dimension, so it is ambiguous rather than wrong. The "
        "divisor is √d_k, the length of each query and key vector: the last axis of Q and K (the first of "
        "Kᵀ), 64 in the paper, so ÷ 8. It is not the number of tokens (the first axis of Q), which does not "
        "change how widely one q · k spreads.",
        "ko": "노트는 어느 행렬의 첫 번째 차원인지 밝히지 않아서, 틀렸다기보다 모호합니다. 나누는 수는 √d_k, "
        "즉 쿼리와 키 벡터 하나의 길이입니다. Q와 K의 마지막 축(Kᵀ의 첫 번째 축)이고, 논문에서는 64라서 "
        "÷ 8입니다. Q의 첫 번째 축인 토큰 수가 아니며, 토큰 수는 q · k 하나가 퍼지는 정도를 바꾸지 "
        "않습니다.",
    },
    "notes.normal_shape.where": {"en": "note 003, §1.3", "ko": "노트 003, §1.3"},
    "notes.normal_shape.says": {
        "en": "the sum of the d_k products q_i k_i follows N(0, d_k).",
        "ko": "d_k개의 곱 q_i k_i를 더한 값이 N(0, d_k)를 따른다고 합니다.",
    },
    "notes.normal_shape.right": {
        "en": "its mean 0 and variance d_k are exact, but its shape is normal only approximately, as a sum of "
        "many terms (the central limit theorem). One product of two N(0, 1) numbers is far from normal: "
        "sharply peaked, with heavy tails (kurtosis 9, against 3 for a normal). Set d_k to 1 and compare "
        "the histogram with the curve.",
        "ko": "평균 0과 분산 d_k는 정확하지만, 모양은 많은 항의 합이라서(중심극한정리) 근사적으로만 "
        "정규분포입니다. N(0, 1) 두 수의 곱 하나는 정규분포와 거리가 멉니다. 가운데가 뾰족하고 꼬리가 "
        "두껍습니다(첨도 9, 정규분포는 3). d_k를 1로 놓고 히스토그램과 곡선을 비교해 보세요.",
    },
    "notes.saturation.where": {"en": "note 003, §1.3", "ko": "노트 003, §1.3"},
    "notes.saturation.says": {
        "en": "softmax's gradient goes to 0 when the values put into it are very small or very large.",
        "ko": "소프트맥스에 들어가는 값이 아주 작거나 아주 크면 기울기가 0으로 간다고 합니다.",
    },
    "notes.saturation.right": {
        "en": "adding the same number to every score leaves softmax unchanged, so the size of the scores "
        "alone does nothing: it is the gaps between them that matter. When one score leads the others by "
        "a wide margin, its weight nears 1 and the Jacobian diag(p) − p pᵀ nears 0. Scores that are all "
        "huge but equal give equal weights and a gradient far from 0. Large q · k matters because it "
        "comes with wide gaps, which the scale shrinks.",
        "ko": "모든 점수에 같은 수를 더해도 소프트맥스는 그대로이므로, 점수의 크기 자체는 아무 일도 하지 "
        "않고 점수 사이의 차이가 중요합니다. 한 점수가 다른 점수들보다 크게 앞서면 그 가중치가 1에 "
        "가까워지고 야코비안 diag(p) − p pᵀ가 0에 가까워집니다. 점수가 모두 매우 크더라도 같으면 "
        "가중치는 고르고 기울기는 0과 거리가 멉니다. 큰 q · k가 문제인 것은 차이도 함께 커지기 "
        "때문이며, 스케일링이 그 차이를 줄입니다.",
    },
    "notes.ex_weights.where": {
        "en": "note 004, §1.2.1, steps 3 and 4 (figure 1-15)",
        "ko": "노트 004, §1.2.1, 3단계와 4단계(그림 1-15)",
    },
    "notes.ex_weights.says": {
        "en": "row “I” of the weights is 0.90, 0.07, 0.03 and row “good” is 0.21, 0.03, 0.76; the text "
        "under the figure reads row “I” as 90%, 10% and 3% (103% in all), and z_1 is written with 0.9, "
        "0.07 and 0.03.",
        "ko": "가중치의 “I” 행은 0.90, 0.07, 0.03이고 “good” 행은 0.21, 0.03, 0.76입니다. 그림 아래 글은 "
        "“I” 행을 90%, 10%, 3%(합 103%)로 읽고, z_1은 0.9, 0.07, 0.03으로 적었습니다.",
    },
    "notes.ex_weights.right": {
        "en": "softmax of the note's own scores ÷ 8 gives row “I” = {row_i} and row “good” = {row_good}, "
        "each adding up to 1, so “I” gives “am” {i_am}, not 10%. The printed entries that do not round "
        "from these: {fixes}. Every number on this page is computed from the scores, so it shows these.",
        "ko": "노트의 점수 ÷ 8에 소프트맥스를 적용하면 “I” 행 = {row_i}, “good” 행 = {row_good}이고 각 "
        "행의 합은 1입니다. 따라서 “I”가 “am”에 주는 가중치는 10%가 아니라 {i_am}입니다. 이 값들을 "
        "반올림한 것과 다른 인쇄 값: {fixes}. 이 페이지의 숫자는 모두 점수에서 직접 계산하므로 이 값들이 "
        "나옵니다.",
    },
    "notes.ex_k3.where": {
        "en": "note 004, §1.2.1 (figures 1-7 and 1-9)",
        "ko": "노트 004, §1.2.1(그림 1-7과 1-9)",
    },
    "notes.ex_k3.says": {
        "en": "the last printed entry of k_3 (“good”) is 5.31 in figure 1-7 and 5.11 in figure 1-9.",
        "ko": "k_3(“good”)의 마지막 인쇄 값이 그림 1-7에서는 5.31, 그림 1-9에서는 5.11입니다.",
    },
    "notes.ex_k3.right": {
        "en": "one of the two is a misprint. It changes nothing below, because the note gives Q·Kᵀ itself; "
        "the table above follows figure 1-7.",
        "ko": "둘 중 하나는 오타입니다. 노트가 Q·Kᵀ 값을 직접 주므로 아래 단계에는 영향이 없습니다. 위 표는 "
        "그림 1-7을 따릅니다.",
    },
    "notes.xp.where": {
        "en": "note 004, §1.2.3 (figure 1-26, X + P)",
        "ko": "노트 004, §1.2.3(그림 1-26, X + P)",
    },
    "notes.xp.says": {
        "en": "X + P has 1.796 in row “I”, column 0 and 8.14 in row “am”, column 0.",
        "ko": "X + P의 “I” 행 0열이 1.796, “am” 행 0열이 8.14입니다.",
    },
    "notes.xp.right": {
        "en": "1.769 + 0 = 1.769 (two digits swapped) and 7.77 + 0.841 = 8.611. The other entries add up, "
        "except that P's cosines printed as 0.99 are 1.00 to two places (cos 0.01 = 0.99995), which makes "
        "the last column 8.10 and 11.10.",
        "ko": "1.769 + 0 = 1.769(두 자리가 뒤바뀜)이고 7.77 + 0.841 = 8.611입니다. 나머지 값은 맞지만, "
        "0.99로 인쇄된 P의 코사인은 소수 둘째 자리까지 1.00이라(cos 0.01 = 0.99995) 마지막 열은 8.10과 "
        "11.10입니다.",
    },
    "notes.mha_concat.where": {
        "en": "note 004, §1.2.2 (multi-head attention)",
        "ko": "노트 004, §1.2.2(멀티 헤드 어텐션)",
    },
    "notes.mha_concat.says": {
        "en": "the heads' results are added together.",
        "ko": "여러 헤드의 결과를 더한다고 합니다.",
    },
    "notes.mha_concat.right": {
        "en": "the heads' outputs Z_1 … Z_h are placed side by side (concatenated) into one matrix as wide "
        "as d_model, and that matrix is multiplied by W^O. Splitting W^O into one block of rows per head, "
        "this equals the sum of Z_h · W^O_h over the heads: what is added is each head's output after its "
        "own projection, not the heads' raw outputs.",
        "ko": "헤드들의 출력 Z_1 … Z_h를 옆으로 이어 붙여(concat) 폭이 d_model인 행렬 하나를 만들고, 그 "
        "행렬에 W^O를 곱합니다. W^O를 헤드마다 행 묶음 W^O_h로 나누면 이는 헤드별 Z_h · W^O_h의 합과 "
        "같습니다. 즉 더해지는 것은 헤드의 출력 그대로가 아니라 헤드마다 자기 몫의 투영을 거친 값입니다.",
    },
    "notes.ex.source": {"en": "Numbers", "ko": "숫자"},
    "notes.ex.source.random": {"en": "Random weights (any sentence)", "ko": "무작위 가중치(어떤 문장이든)"},
    "notes.ex.source.notes": {
        "en": "The notes' numbers (note 004, “I am good”)",
        "ko": "강의 노트의 숫자(노트 004, “I am good”)",
    },
    "notes.ex.intro": {
        "en": "Note 004 works one head through “I am good” with d_k = 64. It prints three of the 64 columns "
        "of Q, K and V (the first two and the last) and gives Q·Kᵀ itself, since that sum runs over all 64 "
        "columns. From those numbers this page computes every later step: ÷ √64, softmax by row, and the "
        "weights times V. The sidebar's d_model, the d_k slider above and the seed apply to the random "
        "weights only.",
        "ko": "노트 004는 “I am good”에 헤드 하나를 d_k = 64로 계산합니다. Q, K, V는 64개 열 가운데 셋(앞의 두 "
        "열과 마지막 열)만 싣고, Q·Kᵀ는 64개 열 전체에 대한 합이라 그 값을 직접 줍니다. 이 페이지는 그 "
        "숫자들로 다음 단계를 모두 계산합니다: ÷ √64, 행별 소프트맥스, 가중치와 V의 곱. 사이드바의 "
        "d_model, 위의 d_k 슬라이더, 시드는 무작위 가중치에만 쓰입니다.",
    },
    "notes.ex.qkv": {
        "en": "Q, K and V as note 004 prints them: columns {columns} of 64",
        "ko": "노트 004에 실린 Q, K, V: 64개 열 중 {columns}열",
    },
    "notes.ex.columns": {
        "en": "The note prints only these columns. Q·Kᵀ (step 1) is the note's own value, not a product of "
        "these three columns; z (step 4) is exact in these columns, because column j of Z uses only column "
        "j of V.",
        "ko": "노트에는 이 열들만 실려 있습니다. 1단계의 Q·Kᵀ는 이 세 열의 곱이 아니라 노트가 준 값이고, "
        "4단계의 z는 이 열들에서 정확합니다. Z의 j열은 V의 j열만 쓰기 때문입니다.",
    },
    "notes.ex.step1.note": {
        "en": "Given by the note (figure 1-10), not computed here: it sums over all 64 columns of Q and K.",
        "ko": "노트(그림 1-10)가 준 값이며 여기서 계산하지 않습니다. Q와 K의 64개 열 전체에 대한 합이기 "
        "때문입니다.",
    },
    "notes.ex.numbers": {
        "en": "The same sum with numbers, in the columns the note prints ({columns}): each value vector is "
        "multiplied by its weight, and the rows add up to z.",
        "ko": "같은 합을 노트에 실린 열({columns})의 숫자로 쓴 것입니다. 각 밸류 벡터에 가중치를 곱하고, 그 "
        "행들을 더하면 z가 됩니다.",
    },
    "notes.ex.explain": {
        "en": "**What to notice.** The note's numbers are made up to show the mechanics; they do not come "
        "from a trained model. Follow the note line by line: each matrix here is the next step of its "
        "calculation. The inputs (Q, K, V and step 1's QKᵀ) are the note's own; every later step is computed "
        "from them here, not copied.",
        "ko": "**눈여겨볼 점.** 노트의 숫자는 계산 과정을 보이려고 지어낸 값이며 학습된 모델에서 나온 것이 "
        "아닙니다. 노트를 한 줄씩 따라가 보세요. 여기 행렬은 모두 노트 계산의 다음 단계입니다. 입력(Q, K, V와 1단계의 "
        "QKᵀ)은 노트의 값이고, 그 뒤의 단계는 모두 옮겨 적지 않고 여기서 직접 계산합니다.",
    },
    "error.generic": {
        "en": "This part could not be drawn with the current settings ({error}). The rest of the page still works.",
        "ko": "현재 설정으로는 이 부분을 그릴 수 없습니다({error}). 페이지의 나머지는 정상입니다.",
    },
}

STRINGS.update(ATT_STRINGS)
STRINGS.update(ENC_STRINGS)


def t(key: str, lang: str = "en", /, **values: object) -> str:
    """The string ``key`` in ``lang`` (English if ``lang`` is unknown), with ``{placeholders}`` filled.

    A Korean particle after a number is written as a pair in the placeholder, ``{h:은/는}``: the form that
    fits how the number is read is chosen when it is filled (:mod:`viz.i18n_ko`).
    """
    entry = STRINGS[key]
    text = entry.get(lang, entry["en"])
    if not values:
        return text
    if PARTICLE_SPEC.search(text):
        return _FORMATTER.format(text, **values)
    return text.format(**values)


_FORMATTER = Formatter()
