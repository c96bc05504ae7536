"""Strings of every encoding, shown by several pages: in one place so that a new encoding needs strings
here only: its name (``encodings.kind.<kind>``), what it is (``encodings.about.<kind>``), what its heatmap
shows (``encodings.heatmap.<kind>``) and what adding it to the embeddings looks like
(``encodings.sum.<kind>``). tests/unit/i18n/test_i18n.py checks every encoding has all four."""

from __future__ import annotations

#: The string families every encoding of viz.encodings.ENCODINGS must have, as key prefixes.
FAMILIES: tuple[str, ...] = ("encodings.kind.", "encodings.about.", "encodings.heatmap.", "encodings.sum.")


STRINGS: dict[str, dict[str, str]] = {
    "encodings.kind.sinusoidal": {"en": "Sinusoidal (the paper)", "ko": "사인파 (논문 방식)"},
    "encodings.kind.integer": {"en": "Integer index", "ko": "정수 인덱스"},
    "encodings.kind.normalized": {"en": "Index ÷ length", "ko": "인덱스 ÷ 길이"},
    "encodings.kind.binary": {"en": "Binary", "ko": "이진수"},
    "encodings.kind.learned": {"en": "Learned table (at initialisation)", "ko": "학습형 표 (초기화 직후)"},
    "encodings.kind.rope": {"en": "RoPE (rotary, modern)", "ko": "RoPE (회전 방식, 최신)"},
    "encodings.kind.minilm": {"en": "MiniLM (learned, trained)", "ko": "MiniLM (학습형, 학습 완료)"},
    "encodings.about.sinusoidal": {
        "en": "Each pair of columns is a sine and a cosine of the position at one frequency; frequencies fall "
        "geometrically from 1 to about 1/base. Values stay in [−1, 1] and no training is needed.",
        "ko": "열 두 개가 한 쌍이 되어 하나의 진동수로 위치의 사인과 코사인을 계산합니다. 진동수는 1에서 약 "
        "1/base까지 등비로 줄어듭니다. 값은 [−1, 1] 안에 있고 학습이 필요 없습니다.",
    },
    "encodings.about.integer": {
        "en": "Every dimension holds the position number itself: 0, 1, 2, … It is unique, but it grows without "
        "limit and soon drowns the word's meaning when added to the embedding.",
        "ko": "모든 차원에 위치 번호 0, 1, 2, …를 그대로 넣습니다. 위치마다 다르지만 값이 끝없이 커져서 임베딩에 "
        "더하면 단어의 의미를 금방 덮어 버립니다.",
    },
    "encodings.about.normalized": {
        "en": "The position divided by the last position, so values stay in [0, 1]. But the same position gets a "
        "different value in a sentence of another length.",
        "ko": "위치를 마지막 위치로 나누어 값이 [0, 1] 안에 머뭅니다. 하지만 문장 길이가 달라지면 같은 위치도 다른 "
        "값을 받습니다.",
    },
    "encodings.about.binary": {
        "en": "Column i is bit i of the position. Values are 0 or 1 and a position keeps its code whatever the "
        "length, but a step of one position can flip many bits at once, so distances jump unevenly.",
        "ko": "i번째 열은 위치의 i번째 비트입니다. 값은 0 또는 1이고 길이와 상관없이 같은 코드를 갖지만, 한 칸 "
        "움직일 때 여러 비트가 한꺼번에 바뀔 수 있어 거리가 고르지 않게 뜁니다.",
    },
    "encodings.about.learned": {
        "en": "A table of free parameters, one row per position, as in BERT or GPT-2. Shown here as it starts: "
        "small random numbers (normal, σ = 0.02, fixed seed). Training would shape it; at the start, "
        "neighbours are no closer than strangers.",
        "ko": "BERT나 GPT-2처럼 위치마다 한 행씩 자유롭게 학습되는 표입니다. 여기서는 학습 전 처음 모습, 즉 작은 "
        "난수(정규분포, σ = 0.02, 고정 시드)를 보여 줍니다. 학습 전에는 이웃 위치가 먼 위치보다 가깝지 않습니다.",
    },
    "encodings.about.rope": {
        "en": "RoPE does not add a vector: it rotates each pair of query and key coordinates by an angle "
        "proportional to the position, with the same frequencies as the sinusoidal encoding. The table "
        "shows that rotation applied to a fixed vector (all entries 1/√2).",
        "ko": "RoPE는 벡터를 더하지 않고, 쿼리와 키의 좌표 쌍을 위치에 비례하는 각도만큼 회전시킵니다. 진동수는 "
        "사인파 인코딩과 같습니다. 표는 고정된 벡터(모든 값이 1/√2)에 그 회전을 적용한 결과입니다.",
    },
    "encodings.about.minilm": {
        "en": "The position table of all-MiniLM-L6-v2, a real BERT-style encoder, as its training left it: "
        "512 rows of 384 numbers, read from the model's own file on this server (the Real models page "
        "runs the same model). No formula made it; set it beside the sinusoidal table and see what "
        "training found on its own.",
        "ko": "실제 BERT 계열 인코더인 all-MiniLM-L6-v2가 학습을 마친 뒤의 위치 표입니다. 이 서버에 있는 모델 "
        "파일에서 읽은 512행 × 384열이며, 실제 모델 페이지가 돌리는 바로 그 모델입니다. 어떤 공식도 쓰지 "
        "않았습니다. 사인파 표와 나란히 놓고 학습이 스스로 찾아낸 모양을 살펴보세요.",
    },
    "encodings.heatmap.sinusoidal": {
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
    "encodings.heatmap.integer": {
        "en": "**What to notice.** Every column of a row holds the same number, the position itself, so each row "
        "is one flat colour that only gets stronger further down. No column tells neighbours apart better than "
        "another, and the values climb to max_len − 1: added to an embedding whose entries are around ±1 (at "
        "the paper's scale), they soon drown it.",
        "ko": "**눈여겨볼 점.** 한 행의 모든 열에 같은 숫자, 즉 위치 자체가 들어 있어서 행마다 한 가지 색이고 "
        "아래로 갈수록 진해지기만 합니다. 이웃 위치를 더 잘 구별하는 열이 따로 없고, 값은 max_len − 1까지 "
        "커집니다. 값이 ±1 안팎인 임베딩(논문의 배율일 때)에 더하면 금방 그것을 덮어 버립니다.",
    },
    "encodings.heatmap.normalized": {
        "en": "**What to notice.** As with the raw index, every column of a row holds one number, here "
        "pos / (max_len − 1), from 0 in the first row to 1 in the last. The values stay small, but the step "
        "between neighbours is 1 / (max_len − 1): change max_len in the sidebar and every row but the first "
        "gets another value, so a position has no vector of its own.",
        "ko": "**눈여겨볼 점.** 정수 인덱스처럼 한 행의 모든 열에 숫자 하나, 여기서는 pos / (max_len − 1)이 들어 "
        "있어 첫 행의 0에서 마지막 행의 1까지 올라갑니다. 값은 작게 유지되지만 이웃 사이의 간격이 "
        "1 / (max_len − 1)입니다. 사이드바에서 max_len을 바꾸면 첫 행을 뺀 모든 행의 값이 달라지므로, 위치마다 "
        "정해진 벡터가 없습니다.",
    },
    "encodings.heatmap.binary": {
        "en": "**What to notice.** Column i is bit i of the position: column 0 alternates 0, 1, 0, 1 from row to "
        "row, column 1 changes every two rows, column 2 every four, like a binary counter lying on its side. "
        "Columns from about log₂(max_len) on are 0 in every row of this table, and where the counter carries "
        "(7 → 8) several columns flip at once.",
        "ko": "**눈여겨볼 점.** i번째 열은 위치의 i번째 비트입니다. 0번 열은 행마다 0, 1, 0, 1로 바뀌고, 1번 열은 "
        "두 행마다, 2번 열은 네 행마다 바뀌어 이진 카운터를 옆으로 눕혀 놓은 모양입니다. 대략 log₂(max_len)번 "
        "열부터는 이 표의 모든 행에서 0이고, 자리올림이 일어나는 곳(7 → 8)에서는 여러 열이 한꺼번에 바뀝니다.",
    },
    "encodings.heatmap.learned": {
        "en": "**What to notice.** This is the table before any training: small random numbers (σ = 0.02) with no "
        "pattern, so neighbouring rows are no more alike than distant ones. Training shapes it, but only the "
        "positions it sees: rows past the longest training sentence stay random, and a position past max_len "
        "has no row at all.",
        "ko": "**눈여겨볼 점.** 학습 전의 표입니다. 작은 난수(σ = 0.02)라 아무 무늬가 없고, 이웃 행이 먼 행보다 더 "
        "닮지도 않았습니다. 학습하면 모양이 잡히지만 학습 때 본 위치만 그렇습니다. 가장 긴 학습 문장보다 뒤의 "
        "행은 난수 그대로 남고, max_len보다 뒤의 위치는 표에 행이 아예 없습니다.",
    },
    "encodings.heatmap.rope": {
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
    "encodings.heatmap.minilm": {
        "en": "**What to notice.** Row 0 stands apart: that position always holds [CLS], the token that opens "
        "every input, and its vector is about five times as long as the others (its largest entry is "
        "1.87). Below it the colours change gradually: the vectors of neighbouring rows point almost the "
        "same way (a cosine of about 0.85), so training made the table smooth without being asked to. "
        "Many columns carry a faint ripple of about 6 positions (the wavelengths tab finds them), "
        "others drift over hundreds of rows. There is no row 512: a longer input has no position vector.",
        "ko": "**눈여겨볼 점.** 0번 행이 유난히 튑니다. 그 위치에는 모든 입력의 맨 앞에 오는 [CLS] 토큰이 늘 "
        "놓이고, 그 벡터의 길이는 다른 행의 약 다섯 배입니다(가장 큰 값은 1.87). 그 아래로는 색이 서서히 "
        "바뀝니다. 이웃한 행의 벡터가 거의 같은 방향을 가리키므로(코사인 약 0.85), 학습이 시키지 않았는데도 "
        "표를 매끄럽게 만든 것입니다. 많은 열에 약 6칸 주기의 옅은 물결이 있고(파장 탭에서 찾을 수 있습니다), "
        "다른 열은 수백 행에 걸쳐 천천히 변합니다. 512번 행은 없습니다. 더 긴 입력에는 위치 벡터가 없습니다.",
    },
    "encodings.sum.sinusoidal": {
        "en": "P's waves change fast from row to row in the left columns and hardly at all on the right.",
        "ko": "P의 파동은 왼쪽 열에서 행마다 빠르게 바뀌고 오른쪽 열에서는 거의 바뀌지 않습니다.",
    },
    "encodings.sum.integer": {
        "en": "every column of P is the position itself, so its colour changes evenly from the top row down "
        "and each row is one colour.",
        "ko": "P의 모든 열이 위치 번호 그 자체라서, 색이 맨 위 행부터 아래로 고르게 바뀌고 한 행은 한 색입니다.",
    },
    "encodings.sum.normalized": {
        "en": "every column of P is the position divided by the table's last position (max_len − 1), so its "
        "colour changes evenly from 0 in the top row down, and each row is one colour.",
        "ko": "P의 모든 열이 위치를 표의 마지막 위치(max_len − 1)로 나눈 값이라서, 색이 맨 위 행의 0부터 아래로 "
        "고르게 바뀌고 한 행은 한 색입니다.",
    },
    "encodings.sum.binary": {
        "en": "P writes each position in binary: the left column flips on every row, the next every second row, "
        "and the columns of bits too high for the sentence's positions stay 0.",
        "ko": "P는 위치를 이진수로 씁니다. 맨 왼쪽 열은 행마다, 그다음 열은 두 행마다 뒤집히고, 문장의 위치에 "
        "비해 너무 높은 자릿수의 열은 0으로 남습니다.",
    },
    "encodings.sum.learned": {
        "en": "P is a learned table at its starting point: small random numbers with no pattern yet, which "
        "training would shape.",
        "ko": "P는 학습을 시작하기 전의 학습형 표입니다. 아직 무늬가 없는 작은 난수이고, 학습이 모양을 잡아 "
        "갑니다.",
    },
    "encodings.sum.minilm": {
        "en": "P is MiniLM's trained table: its first row, where [CLS] sits in the real model, is far stronger "
        "than the rest, and from row to row the others change gradually, some columns with a faint ripple "
        "every few positions.",
        "ko": "P는 MiniLM이 학습한 표입니다. 실제 모델에서 [CLS]가 놓이는 첫 행이 나머지보다 훨씬 강하고, 다른 "
        "행은 행마다 서서히 바뀌며 몇몇 열에는 몇 칸 주기의 옅은 물결이 있습니다.",
    },
    "encodings.sum.rope": {
        "en": "P is RoPE's turn of one fixed vector: pairs on the left turn fast from row to row, pairs on the "
        "right hardly at all.",
        "ko": "P는 고정된 벡터 하나를 RoPE로 돌린 것입니다. 왼쪽 쌍은 행마다 빠르게 돌고, 오른쪽 쌍은 거의 돌지 "
        "않습니다.",
    },
}
