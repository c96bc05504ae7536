"""Strings of activation patching (viz/views/patching.py: the Real models page's patching tab, SmolLM2
only), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "patch.layer_in": {"en": "layer {layer}", "ko": "{layer}층"},
    "patch.before_layer": {"en": "before layer {layer}", "ko": "{layer}층 전"},
    "patch.text": {"en": "Corrupted text (change one word)", "ko": "바꾼 글(단어 하나를 바꾸세요)"},
    "patch.text.help": {
        "en": "The same text with one token changed, e.g. another country: both must have as many tokens.",
        "ko": "토큰 하나만 바꾼 같은 글(예: 다른 나라 이름). 두 글의 토큰 수가 같아야 합니다.",
    },
    "patch.what": {"en": "Put back", "ko": "되돌려 넣을 것"},
    "patch.what.resid": {"en": "the stream at one layer and position", "ko": "한 층·한 위치의 흐름"},
    "patch.what.heads": {"en": "one head's output", "ko": "헤드 하나의 출력"},
    "patch.lengths": {
        "en": "The two texts have {a} and {b} tokens: patching puts each position back at the same place, "
        "so they must have as many. Change one word of the first text for one word of the same length.",
        "ko": "두 글의 토큰 수가 {a}개와 {b}개입니다. 패칭은 각 위치를 같은 자리에 되돌려 넣으므로 토큰 수가 "
        "같아야 합니다. 첫 글의 단어 하나를 길이가 같은 다른 단어로 바꾸세요.",
    },
    "patch.example": {
        "en": "Show the example: France and Italy",
        "ko": "예시 보기: 프랑스와 이탈리아",
    },
    "patch.example.help": {
        "en": "Puts “The capital of France is” in the page's text box and “The capital of Italy is” here: "
        "two texts of five tokens whose answers differ.",
        "ko": "페이지의 글 상자에 “The capital of France is”, 여기에 “The capital of Italy is”를 넣습니다. "
        "둘 다 토큰이 다섯 개이고 답이 다른 두 글입니다.",
    },
    "patch.same": {
        "en": "Both texts make the model predict {answer}: there is no difference to restore. Change a word "
        "that changes the answer.",
        "ko": "두 글 모두 모델이 {answer}을(를) 예측합니다. 되돌릴 차이가 없습니다. 답을 바꾸는 단어를 "
        "바꾸세요.",
    },
    "patch.chart.resid": {
        "en": "The clean stream put back: {good} over {bad} restored",
        "ko": "깨끗한 흐름을 되돌려 넣기: {bad} 대신 {good}이(가) 돌아온 비율",
    },
    "patch.chart.heads": {
        "en": "One head's clean output put back: {good} over {bad} restored",
        "ko": "헤드 출력 하나를 되돌려 넣기: {bad} 대신 {good}이(가) 돌아온 비율",
    },
    "patch.color": {"en": "restored", "ko": "되돌아온 비율"},
    "patch.hover.resid": {
        "en": "%{y}, at %{x}<br>restored %{z:.0%}<extra></extra>",
        "ko": "%{y}, 위치 %{x}<br>되돌아온 비율 %{z:.0%}<extra></extra>",
    },
    "patch.hover.heads": {
        "en": "%{y}, head %{x}<br>restored %{z:.0%}<extra></extra>",
        "ko": "%{y}, 헤드 %{x}<br>되돌아온 비율 %{z:.0%}<extra></extra>",
    },
    "patch.where": {
        "en": "Up to layer {last}, putting back the stream at {early} alone restores the answer; from layer "
        "{first} on, the stream at {late} does: between these layers the answer was moved from one "
        "position to the other.",
        "ko": "{last}층까지는 {early}의 흐름만 되돌려도 답이 돌아오고, {first}층부터는 {late}의 흐름이 "
        "그렇습니다. 이 두 층 사이에서 답이 한 위치에서 다른 위치로 옮겨졌습니다.",
    },
    "patch.best": {
        "en": "The cells that restore the most: {cells}.",
        "ko": "가장 많이 되돌리는 칸: {cells}.",
    },
    "patch.cell.resid": {
        "en": "before layer {layer} at {token} ({share:.0%})",
        "ko": "{layer}층 전 {token}({share:.0%})",
    },
    "patch.cell.heads": {
        "en": "layer {layer} head {head} ({share:.0%})",
        "ko": "{layer}층 헤드 {head}({share:.0%})",
    },
    "patch.notice": {
        "en": "**What to notice.** The corrupted text makes the model say {bad}. Each cell runs it again "
        "with one piece taken from the clean run: 100% means that piece alone brings back {good} as "
        "strongly as the clean text does, 0% that it changes nothing. Positions before the changed word "
        "read the same in both texts, so they restore nothing. A bright cell is a place the answer passes "
        "through: a cause, not only a correlation.",
        "ko": "**눈여겨볼 점.** 바꾼 글에서는 모델이 {bad}을(를) 말합니다. 각 칸은 깨끗한 글의 실행에서 조각 "
        "하나를 가져와 다시 돌린 결과입니다. 100%는 그 조각 하나로 깨끗한 글만큼 {good}이(가) 돌아온다는 "
        "뜻이고, 0%는 아무것도 바뀌지 않는다는 뜻입니다. 바꾼 단어보다 앞 위치는 두 글에서 같게 읽히므로 "
        "아무것도 되돌리지 않습니다. 밝은 칸은 답이 지나가는 자리입니다. 상관관계가 아니라 원인입니다.",
    },
}
