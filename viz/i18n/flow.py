"""Strings of attention drawn as lines between words (viz/views/flow.py: the Attention heads page's first
tab and the Real models page's "one head" tab), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "flow.view": {"en": "Draw attention as", "ko": "어텐션을 그리는 방식"},
    "flow.view.heatmap": {"en": "Heatmaps", "ko": "히트맵"},
    "flow.view.lines": {"en": "Lines between words", "ko": "단어 사이의 선"},
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
}
