"""Strings of attention drawn as lines between words (viz/views/flow.py: the Attention heads page's first
tab and the Real models page's "one head" tab), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "flow.view": {"en": "Draw attention as", "ko": "어텐션을 그리는 방식"},
    "flow.view.heatmap": {"en": "Heatmaps", "ko": "히트맵"},
    "flow.view.lines": {"en": "Lines between words", "ko": "단어 사이의 선"},
    "flow.view.model": {"en": "Every layer's lines", "ko": "모든 층의 선"},
    "flow.word": {"en": "Lines of", "ko": "선을 볼 단어"},
    "flow.word.all": {"en": "every word", "ko": "모든 단어"},
    "flow.word.help": {
        "en": "Show only the lines from one word to the words it reads (the same as hovering or tapping "
        "that word on the left of the chart). It goes in the link.",
        "ko": "한 단어에서 그 단어가 읽는 단어들로 가는 선만 보여 줍니다(차트 왼쪽의 그 단어에 마우스를 올리거나 "
        "누른 것과 같습니다). 링크에 함께 담깁니다.",
    },
    "flow.query": {"en": "reads (query)", "ko": "읽는 쪽(쿼리)"},
    "flow.key": {"en": "is read (key)", "ko": "읽히는 쪽(키)"},
    "flow.threshold": {
        "en": "{lines} lines drawn; a line's opacity is its weight to the nearest tenth (hover a word for "
        "the exact values, or open the data table), and lines under {floor:.1%} are left out.",
        "ko": "선 {lines}개를 그렸습니다. 선의 진하기는 가중치를 소수 첫째 자리로 반올림한 값입니다(정확한 값은 "
        "단어에 마우스를 올리거나 데이터 표를 여세요). {floor:.1%}보다 약한 선은 생략했습니다.",
    },
    "flow.notice": {
        "en": "**What to notice.** The same weights as the heatmaps, drawn the way a sentence is read: each "
        "word on the left sends a line to every word on the right it takes its output from, as dark as "
        "the weight, one colour per head. Hover a word (tap it on a phone) to see only its lines in every "
        "head; hover a word on the right to see who reads it. Click a head in the legend to hide it, "
        "double-click to see it alone. Lines crowding onto one word (the first token, a full stop) are a "
        "head resting there, not reading it.",
        "ko": "**눈여겨볼 점.** 히트맵과 같은 가중치를 문장을 읽는 방향으로 그린 것입니다. 왼쪽의 각 단어는 출력을 "
        "가져오는 오른쪽 단어마다 선을 보내고, 선의 진하기는 가중치, 색은 헤드를 나타냅니다. 단어에 마우스를 "
        "올리면(휴대폰에서는 누르면) 모든 헤드에서 그 단어의 선만 남습니다. 오른쪽 단어에 올리면 누가 그 단어를 "
        "읽는지 보입니다. 범례의 헤드를 누르면 숨기고, 두 번 누르면 그 헤드만 봅니다. 선이 한 단어(첫 토큰, "
        "마침표)에 몰린다면 그 헤드가 거기서 쉬고 있는 것이지 그 단어를 읽는 것이 아닙니다.",
    },
    "flow.chart": {
        "en": "Layer {layer}: each word and the words it reads, {heads} heads",
        "ko": "{layer}층: 각 단어와 그 단어가 읽는 단어, 헤드 {heads}개",
    },
    "flow.chart.word": {
        "en": "Layer {layer}: what “{word}” reads, {heads} heads",
        "ko": "{layer}층: “{word}” 토큰이 읽는 단어, 헤드 {heads}개",
    },
    "flow.model.chart": {
        "en": "Every layer and head as lines (a row per layer, a column per head): {layers} × {heads}",
        "ko": "모든 층과 헤드를 선으로(행마다 층 하나, 열마다 헤드 하나): {layers} × {heads}",
    },
    "flow.model.chart.word": {
        "en": "What “{word}” reads in every layer and head (a row per layer, a column per head): "
        "{layers} × {heads}",
        "ko": "모든 층과 헤드에서 “{word}” 토큰이 읽는 단어(행마다 층 하나, 열마다 헤드 하나): {layers} × {heads}",
    },
    "flow.model.threshold": {
        "en": "{lines} lines drawn; a line's opacity is its weight to the nearest tenth, and lines under "
        "{floor:.1%} are left out (a panel with no line has no weight over that). The exact weights are in "
        "the data table; “Lines between words” shows one layer's with each word's hover.",
        "ko": "선 {lines}개를 그렸습니다. 선의 진하기는 가중치를 소수 첫째 자리로 반올림한 값이고, {floor:.1%}보다 "
        "약한 선은 생략했습니다(선이 없는 칸은 그보다 큰 가중치가 없는 헤드입니다). 정확한 가중치는 데이터 표에 "
        "있고, “단어 사이의 선”에서는 한 층의 가중치를 단어마다 마우스를 올려 볼 수 있습니다.",
    },
    "flow.model.layer": {"en": "L{layer}", "ko": "L{layer}"},
    "flow.model.head": {"en": "H{head}", "ko": "H{head}"},
    "flow.model.notice": {
        "en": "**What to notice.** Each small panel is one head of one layer (L = layer, H = head), drawn "
        "as the single-layer view draws it: the words top to bottom on both sides, a line from a word "
        "on the left to each word it reads on the right. Hover a dot at a row's left edge (tap it on a "
        "phone) to see that word's lines in every panel at once. Panels whose lines run straight across "
        "are heads that keep each word to itself; lines that all slant one row up read the previous "
        "word; lines that all meet at the top rest on the first token. To read one panel word by word, "
        "pick its layer with the layer control and switch to “Lines between words”.",
        "ko": "**눈여겨볼 점.** 작은 칸 하나가 한 층의 헤드 하나입니다(L = 층, H = 헤드). 한 층 보기와 같은 "
        "방식으로, 양쪽에 단어를 위에서 아래로 두고 왼쪽 단어에서 그 단어가 읽는 오른쪽 단어로 선을 긋습니다. "
        "각 행 왼쪽 끝의 점에 마우스를 올리면(휴대폰에서는 누르면) 모든 칸에서 그 단어의 선만 남습니다. "
        "선이 곧게 가로지르는 칸은 각 단어가 자기 자신을 읽는 헤드이고, 선이 모두 한 줄 위로 기울면 바로 앞 "
        "단어를 읽는 헤드, 선이 모두 맨 위로 모이면 첫 토큰에서 쉬는 헤드입니다. 한 칸을 단어 하나하나 "
        "읽으려면 층 선택에서 그 층을 고르고 “단어 사이의 선”으로 바꾸세요.",
    },
    "flow.csv.layer": {"en": "layer", "ko": "층"},
    "flow.csv.head": {"en": "head", "ko": "헤드"},
    "flow.csv.query_index": {"en": "query_index", "ko": "쿼리 위치"},
    "flow.csv.query_token": {"en": "query_token", "ko": "쿼리 토큰"},
    "flow.csv.key_index": {"en": "key_index", "ko": "키 위치"},
    "flow.csv.key_token": {"en": "key_token", "ko": "키 토큰"},
    "flow.csv.weight": {"en": "weight", "ko": "가중치"},
}
