"""Strings of the guided lesson (pages/lesson.py): its steps, in order, and every word of it, English and
Korean. This one file is the lesson: a teacher reorders the list, or adds a step (its page, the view's link parameters as the page's
own link would write them, the note it follows, a question to predict, the choices the class picks from on
their phones and the index of the right one, and what the view shows).
viz.state.lesson checks every step against the pages' link registry; tests/unit/state/test_lesson.py opens each one.

The argument follows the notes: order matters, what a position code must satisfy, why integers,
fractions and binary fail, sines and cosines, nearby positions alike, a shift is a rotation, q·k grows
with d_k so it is scaled, heads, the block, the decoder; then, beyond the notes, what a real model's heads do
and what newer attention layers change.
"""

from __future__ import annotations

#: One step: ``page`` (a URL path of the app), ``query`` (that page's link parameters), ``note`` (the
#: lecture note and section it follows), ``slip`` (a "where the notes differ" key, or ""), in both
#: languages the ``question`` asked before the reveal and the ``answer`` shown after it, ``choices`` (the
#: answers, each in both languages, a class picks from on their phones) and ``correct`` (the index of the
#: right one, which agrees with the ``answer``).
#: The built-in lesson's title (a lesson file's "title").
TITLE = {"en": "From word order to attention", "ko": "어순에서 어텐션까지"}

STEPS: list[dict[str, object]] = [
    {
        "page": "attention",
        "query": {"tab": "order", "enc": "none"},
        "note": "003 §2.1",
        "slip": "",
        "question": {
            "en": "With no position signal at all, shuffle the sentence's words. Will the model's outputs "
            "change, or only move with their words?",
            "ko": "위치 신호가 전혀 없을 때 문장의 단어를 섞습니다. 모델의 출력이 바뀔까요, 아니면 단어를 따라 자리만 "
            "옮길까요?",
        },
        "choices": [
            {
                "en": "They change a lot: the shuffled sentence means something else",
                "ko": "크게 바뀝니다. 섞인 문장은 다른 뜻이 되니까요",
            },
            {
                "en": "They change a little: each word now has different neighbours",
                "ko": "조금 바뀝니다. 단어마다 이웃이 달라졌으니까요",
            },
            {
                "en": "They only move with their words; each word's output stays the same",
                "ko": "단어를 따라 자리만 옮기고, 단어마다 출력은 그대로입니다",
            },
            {
                "en": "They turn into noise: the model can no longer read the sentence",
                "ko": "잡음이 됩니다. 모델이 더는 문장을 읽지 못합니다",
            },
        ],
        "correct": 2,
        "answer": {
            "en": "They only move: the bars are float rounding. Attention compares tokens with each other and "
            "never asks where they stand, so without help “the cat chased the mouse” is a bag of words.",
            "ko": "자리만 옮깁니다. 막대는 부동소수점 반올림 수준입니다. 어텐션은 토큰끼리 비교할 뿐 어디에 있는지는 "
            "묻지 않으므로, 도움 없이는 “the cat chased the mouse”도 단어 주머니일 뿐입니다.",
        },
    },
    {
        "page": "attention",
        "query": {"tab": "order"},
        "note": "003 §2.1",
        "slip": "",
        "question": {
            "en": "Now add the paper's sinusoidal encoding to the same model. What happens to the bars?",
            "ko": "이제 같은 모델에 논문의 사인파 인코딩을 더합니다. 막대는 어떻게 될까요?",
        },
        "choices": [
            {
                "en": "They jump by orders of magnitude: word order now changes the outputs",
                "ko": "몇 자릿수나 뛰어오릅니다. 이제 어순이 출력을 바꿉니다",
            },
            {
                "en": "Nothing changes: they stay at float-rounding level",
                "ko": "그대로입니다. 부동소수점 반올림 수준에 머뭅니다",
            },
            {
                "en": "They rise a little, just above rounding level",
                "ko": "반올림 수준보다 조금 올라갈 뿐입니다",
            },
            {
                "en": "They shrink: the added signal cancels out inside attention",
                "ko": "줄어듭니다. 더한 신호가 어텐션 안에서 상쇄되어 사라집니다",
            },
        ],
        "correct": 0,
        "answer": {
            "en": "They jump by many orders of magnitude: the same word now gets a different vector in a "
            "different place. A position signal is what lets a Transformer read word order.",
            "ko": "막대가 몇 자릿수나 뛰어오릅니다. 같은 단어라도 자리가 다르면 다른 벡터를 얻습니다. 트랜스포머가 어순을 "
            "읽게 해 주는 것이 위치 신호입니다.",
        },
    },
    {
        "page": "positional_encoding",
        "query": {"enc": "integer", "tab": "score"},
        "note": "003 §2.2",
        "slip": "",
        "question": {
            "en": "The simplest code: write the position number itself in every dimension. Which of the "
            "notes' five conditions will it break?",
            "ko": "가장 단순한 방법은 모든 차원에 위치 번호를 그대로 쓰는 것입니다. 노트의 다섯 조건 중 무엇을 "
            "어길까요?",
        },
        "choices": [
            {
                "en": "“Every position is distinct”: some positions share a vector",
                "ko": "“위치마다 다르다”: 어떤 위치들은 벡터가 같습니다",
            },
            {
                "en": "“Same vector at any length”: it shifts when the sentence grows",
                "ko": "“길이와 무관하게 같은 벡터”: 문장이 길어지면 바뀝니다",
            },
            {
                "en": "“Neighbours are close”: a step of 1 is too big a jump",
                "ko": "“이웃끼리 가깝다”: 1씩 늘어나는 것도 너무 큰 걸음입니다",
            },
            {
                "en": "“Values stay small”: the values climb to max_len − 1",
                "ko": "“값이 작다”: 값이 max_len − 1까지 커집니다",
            },
        ],
        "correct": 3,
        "answer": {
            "en": "Every position gets its own fixed vector, but it is not small: the values climb to "
            "max_len − 1. The scorecard's red cells show which conditions it breaks.",
            "ko": "위치마다 고유하고 고정된 벡터를 받지만 작지 않습니다. 값이 max_len − 1까지 커집니다. 성적표의 빨간 "
            "칸이 어떤 조건을 어기는지 보여 줍니다.",
        },
    },
    {
        "page": "embedding",
        "query": {"enc": "integer", "colour": "shared"},
        "note": "000 §1",
        "slip": "",
        "question": {
            "en": "Add that integer code to a sentence's word vectors, all on one colour scale. What is left "
            "of the words?",
            "ko": "그 정수 코드를 문장의 단어 벡터에 더하고 한 색 눈금으로 봅니다. 단어에서 무엇이 남을까요?",
        },
        "choices": [
            {
                "en": "All of it: P is added to every row, but the words still show",
                "ko": "전부 남습니다. P가 행마다 더해져도 단어는 그대로 보입니다",
            },
            {
                "en": "Less and less down the rows: P grows and soon drowns E",
                "ko": "아래 행으로 갈수록 덜 남습니다. P가 커져 곧 E를 덮습니다",
            },
            {"en": "Nothing, from the very first row on", "ko": "첫 행부터 아무것도 남지 않습니다"},
            {
                "en": "Less and less up the rows: the first rows look like P",
                "ko": "위쪽 행일수록 덜 남습니다. 앞쪽 행이 P처럼 보입니다",
            },
        ],
        "correct": 1,
        "answer": {
            "en": "Less and less down the rows: P grows with the position and soon dwarfs E, so the later "
            "rows of E + P look like P. The position drowns the meaning, which is why a code must stay small.",
            "ko": "아래 행으로 갈수록 점점 덜 남습니다. P가 위치와 함께 커져 곧 E를 압도하므로, E + P의 뒤쪽 행은 "
            "P처럼 보입니다. 위치가 의미를 덮어 버리므로 코드는 작아야 합니다.",
        },
    },
    {
        "page": "positional_encoding",
        "query": {"enc": "normalized", "tab": "score"},
        "note": "003 §2.2",
        "slip": "",
        "question": {
            "en": "Fix the size: divide the index by the last position, so every value is in [0, 1]. What "
            "goes wrong now?",
            "ko": "크기를 고쳐 봅니다. 인덱스를 마지막 위치로 나누면 모든 값이 [0, 1] 안에 있습니다. 이제 무엇이 "
            "잘못될까요?",
        },
        "choices": [
            {"en": "Nothing: it now passes every condition", "ko": "없습니다. 이제 모든 조건을 통과합니다"},
            {
                "en": "Two different positions can get the same vector",
                "ko": "서로 다른 두 위치가 같은 벡터를 받을 수 있습니다",
            },
            {
                "en": "A position's vector changes with the sentence's length",
                "ko": "위치의 벡터가 문장 길이에 따라 달라집니다",
            },
            {"en": "Neighbouring positions end up far apart", "ko": "이웃한 위치끼리 멀리 떨어집니다"},
        ],
        "correct": 2,
        "answer": {
            "en": "A position's vector depends on the sentence's length: position 3 gets another value in a "
            "longer sentence. The scorecard's “same vector at any length” fails.",
            "ko": "위치의 벡터가 문장 길이에 달라집니다. 더 긴 문장에서는 위치 3도 다른 값을 받습니다. 성적표의 “길이와 무관하게 "
            "같은 벡터”가 실패합니다.",
        },
    },
    {
        "page": "similarity",
        "query": {"enc": "binary", "vs": "sinusoidal", "tab": "steps"},
        "note": "003 §2.2",
        "slip": "",
        "question": {
            "en": "Binary counting is small and fixed. How far is each position from the next one?",
            "ko": "이진수 세기는 작고 고정되어 있습니다. 각 위치는 다음 위치에서 얼마나 떨어져 있을까요?",
        },
        "choices": [
            {
                "en": "Always the same distance: one count is one step",
                "ko": "늘 같은 거리입니다. 한 번 셀 때마다 한 걸음이니까요",
            },
            {"en": "Farther and farther as the numbers grow", "ko": "수가 커질수록 점점 멀어집니다"},
            {"en": "Closer and closer as the numbers grow", "ko": "수가 커질수록 점점 가까워집니다"},
            {
                "en": "Unevenly: some steps flip one bit, others flip several at once",
                "ko": "고르지 않습니다. 비트가 하나만 바뀔 때도, 여러 개가 한꺼번에 바뀔 때도 있습니다",
            },
        ],
        "correct": 3,
        "answer": {
            "en": "Unevenly: 7 → 8 flips four bits at once, 8 → 9 only one. Neighbours are not reliably "
            "close. The sinusoidal table moves the same distance at every step: a flat line.",
            "ko": "고르지 않습니다. 7 → 8은 비트 네 개가 한꺼번에, 8 → 9는 하나만 바뀝니다. 이웃이 늘 가깝지는 "
            "않습니다. 사인파 표는 매 걸음 같은 거리만큼 움직여서 평평한 선이 됩니다.",
        },
    },
    {
        "page": "positional_encoding",
        "query": {},
        "note": "004 §1.2.3, 003 §2.3",
        "slip": "",
        "question": {
            "en": "The paper's answer: pairs of sines and cosines at falling frequencies. What will the table "
            "look like from left to right?",
            "ko": "논문의 답은 진동수가 점점 낮아지는 사인과 코사인의 쌍입니다. 표는 왼쪽에서 오른쪽으로 어떤 모양일까요?",
        },
        "choices": [
            {
                "en": "Fast stripes on the left, slower and slower to the right",
                "ko": "왼쪽은 빠른 줄무늬, 오른쪽으로 갈수록 느린 줄무늬입니다",
            },
            {
                "en": "Slow stripes on the left, faster and faster to the right",
                "ko": "왼쪽은 느린 줄무늬, 오른쪽으로 갈수록 빠른 줄무늬입니다",
            },
            {"en": "The same stripes in every column", "ko": "모든 열에 같은 줄무늬가 있습니다"},
            {"en": "No pattern: it looks like random noise", "ko": "무늬 없이 무작위 잡음처럼 보입니다"},
        ],
        "correct": 0,
        "answer": {
            "en": "Fast stripes on the left, slow ones on the right, like the hands of a clock: together they "
            "give every row its own pattern, and every value stays in [−1, 1]. (The notes print the base as "
            "1000; the paper uses 10000: see the box.)",
            "ko": "왼쪽은 빠른 줄무늬, 오른쪽은 느린 줄무늬로 시계 바늘 같습니다. 함께 모든 행에 고유한 무늬를 주고, 값은 "
            "모두 [−1, 1] 안에 있습니다. (노트는 base를 1000으로 적었지만 논문은 10000입니다. 상자를 보세요.)",
        },
    },
    {
        "page": "positional_encoding",
        "query": {"tab": "waves"},
        "note": "000 §1",
        "slip": "",
        "question": {
            "en": "Each pair turns at its own speed. How long are the slowest waves, compared with the "
            "sequence?",
            "ko": "쌍마다 도는 속도가 다릅니다. 가장 느린 파동은 시퀀스와 비교해 얼마나 길까요?",
        },
        "choices": [
            {
                "en": "Much shorter: even they turn many times within the sequence",
                "ko": "훨씬 짧습니다. 그 파동도 시퀀스 안에서 여러 바퀴 돕니다",
            },
            {
                "en": "About as long: they make exactly one turn over the sequence",
                "ko": "비슷합니다. 시퀀스 전체에서 딱 한 바퀴 돕니다",
            },
            {
                "en": "Far longer: they do not finish one turn within max_len",
                "ko": "훨씬 깁니다. max_len 안에서 한 바퀴도 다 돌지 못합니다",
            },
        ],
        "correct": 2,
        "answer": {
            "en": "Far longer: above the dashed line a wave does not finish one turn within max_len. They "
            "hardly change, yet they tell far-apart positions apart; the fast ones tell neighbours apart.",
            "ko": "훨씬 깁니다. 점선 위의 파동은 max_len 안에서 한 바퀴도 돌지 못합니다. 거의 변하지 않지만 멀리 떨어진 "
            "위치를 구별해 주고, 빠른 파동은 이웃을 구별합니다.",
        },
    },
    {
        "page": "similarity",
        "query": {"tab": "row"},
        "note": "003 §2.3",
        "slip": "",
        "question": {
            "en": "Take position 50 and its dot product with every other position. Where will the curve be "
            "highest, and what happens as you move away?",
            "ko": "위치 50과 다른 모든 위치의 내적을 봅니다. 곡선은 어디서 가장 높고, 멀어지면 어떻게 될까요?",
        },
        "choices": [
            {
                "en": "Highest at position 0, falling towards the end",
                "ko": "위치 0에서 가장 높고 끝으로 갈수록 내려갑니다",
            },
            {
                "en": "Highest at 50 itself, falling as you move away on both sides",
                "ko": "50 자신에서 가장 높고 양쪽으로 멀어질수록 내려갑니다",
            },
            {"en": "Lowest at 50, rising as you move away", "ko": "50에서 가장 낮고 멀어질수록 올라갑니다"},
            {
                "en": "Flat: every position gives about the same dot product",
                "ko": "평평합니다. 모든 위치의 내적이 거의 같습니다",
            },
        ],
        "correct": 1,
        "answer": {
            "en": "Highest at 50 itself, falling on both sides: nearby positions look alike, far ones less. "
            "Move p and the whole shape slides with it.",
            "ko": "50 자신에서 가장 높고 양쪽으로 내려갑니다. 가까운 위치는 닮았고 먼 위치는 덜 닮았습니다. p를 움직이면 "
            "모양 전체가 함께 미끄러집니다.",
        },
    },
    {
        "page": "similarity",
        "query": {"tab": "offset"},
        "note": "003 §2.3",
        "slip": "",
        "question": {
            "en": "Plot every pair of positions by their offset p − j. One value per offset, or a cloud?",
            "ko": "모든 위치 쌍을 간격 p − j에 따라 찍어 봅니다. 간격마다 값이 하나일까요, 구름일까요?",
        },
        "choices": [
            {
                "en": "One value per offset: only how far apart they are counts",
                "ko": "간격마다 값이 하나입니다. 두 위치가 얼마나 떨어져 있는지만 중요합니다",
            },
            {
                "en": "A cloud: it also depends on where the pair sits",
                "ko": "구름입니다. 두 위치가 어디 있는지에도 달려 있습니다",
            },
            {
                "en": "One value for small offsets, a cloud for large ones",
                "ko": "간격이 작으면 값이 하나, 크면 구름입니다",
            },
        ],
        "correct": 0,
        "answer": {
            "en": "One value per offset: the dots fall on the formula's curve. For the sinusoidal table the "
            "similarity depends on how far apart two positions are, not on where they are.",
            "ko": "간격마다 값이 하나입니다. 점들이 공식의 곡선 위에 놓입니다. 사인파 표에서는 유사도가 두 위치가 어디 "
            "있는지가 아니라 얼마나 떨어져 있는지에만 달려 있습니다.",
        },
    },
    {
        "page": "similarity",
        "query": {"tab": "rot", "k": "7"},
        "note": "003 §2.3",
        "slip": "",
        "question": {
            "en": "Is there one matrix that moves every position k steps on, whatever the position?",
            "ko": "위치가 어디든 모든 위치를 k칸 옮겨 주는 행렬 하나가 있을까요?",
        },
        "choices": [
            {
                "en": "No: the matrix would have to depend on the position too",
                "ko": "없습니다. 행렬이 위치에도 달려 있어야 합니다",
            },
            {
                "en": "No: a matrix cannot shift sines, only approximate the shift",
                "ko": "없습니다. 행렬로는 사인을 옮길 수 없고 근사만 됩니다",
            },
            {
                "en": "Only for small k; longer shifts need a matrix per position",
                "ko": "k가 작을 때만 있습니다. 멀리 옮기려면 위치마다 다른 행렬이 필요합니다",
            },
            {
                "en": "Yes: 2 × 2 rotations, one per sine/cosine pair, set by k alone",
                "ko": "있습니다. 사인/코사인 쌍마다 2 × 2 회전 하나씩, k에만 달려 있습니다",
            },
        ],
        "correct": 3,
        "answer": {
            "en": "Yes: a block of 2 × 2 rotations, one per sine/cosine pair, depending on k only. The error "
            "beside it is rounding. A shift of position is a rotation, which is what attention can learn.",
            "ko": "있습니다. 사인/코사인 쌍마다 2 × 2 회전 하나씩, k에만 달린 블록 행렬입니다. 옆의 오차는 반올림 "
            "수준입니다. 위치를 옮기는 것은 회전이고, 어텐션은 그것을 배울 수 있습니다.",
        },
    },
    {
        "page": "softmax",
        "query": {"tab": "var", "dk": "16"},
        "note": "003 §1.3",
        "slip": "",
        "question": {
            "en": "q·k sums d_k products of random numbers. With d_k = 16, then 256: how does its spread "
            "change?",
            "ko": "q·k는 무작위 수 쌍의 곱 d_k개를 더한 것입니다. d_k = 16에서 256으로 가면 퍼짐은 어떻게 바뀔까요?",
        },
        "choices": [
            {
                "en": "It stays the same: each product has the same size",
                "ko": "그대로입니다. 곱 하나하나의 크기는 같으니까요",
            },
            {
                "en": "It grows 4 times, like √d_k (the variance grows 16 times)",
                "ko": "√d_k처럼 4배 커집니다(분산은 16배)",
            },
            {"en": "It grows 16 times, like d_k", "ko": "d_k처럼 16배 커집니다"},
            {
                "en": "It shrinks: more terms make the sum steadier",
                "ko": "줄어듭니다. 항이 많을수록 합이 안정되니까요",
            },
        ],
        "correct": 1,
        "answer": {
            "en": "Its variance grows like d_k, its spread like √d_k: move the d_k slider and watch the "
            "unscaled histogram widen while the scaled one stays put.",
            "ko": "분산은 d_k에 비례해, 퍼짐은 √d_k에 비례해 커집니다. d_k 슬라이더를 움직이면 나누지 않은 히스토그램은 "
            "넓어지고 나눈 것은 그대로입니다.",
        },
    },
    {
        "page": "softmax",
        "query": {"tab": "row", "dk": "256"},
        "note": "003 §1.3",
        "slip": "",
        "question": {
            "en": "Feed scores that large into softmax without dividing by √d_k. What do the weights do, "
            "and what happens to the gradient?",
            "ko": "그렇게 큰 점수를 √d_k로 나누지 않고 소프트맥스에 넣으면 가중치는 어떻게 되고, 그래디언트는 어떻게 "
            "될까요?",
        },
        "choices": [
            {
                "en": "The weights spread evenly over the keys; the gradient grows",
                "ko": "가중치가 키들에 고르게 퍼지고 그래디언트가 커집니다",
            },
            {
                "en": "Nothing changes: softmax normalises the scores anyway",
                "ko": "아무것도 바뀌지 않습니다. 소프트맥스가 어차피 점수를 정규화합니다",
            },
            {
                "en": "One key takes almost all the weight; the gradient nearly vanishes",
                "ko": "키 하나가 가중치를 거의 다 가져가고 그래디언트가 거의 사라집니다",
            },
            {
                "en": "One key takes almost all the weight; the gradient explodes",
                "ko": "키 하나가 가중치를 거의 다 가져가고 그래디언트가 폭발합니다",
            },
        ],
        "correct": 2,
        "answer": {
            "en": "Softmax saturates: one key takes almost all the weight and the gradient nearly vanishes, "
            "so the model stops learning. Dividing by √d_k brings the scores back to a workable size.",
            "ko": "소프트맥스가 포화됩니다. 키 하나가 가중치를 거의 다 가져가고 그래디언트가 거의 사라져 모델이 배우지 "
            "못합니다. √d_k로 나누면 점수가 다룰 만한 크기로 돌아옵니다.",
        },
    },
    {
        "page": "softmax",
        "query": {"tab": "ex", "src": "notes", "part": "steps"},
        "note": "004 §1.2.1",
        "slip": "",
        "question": {
            "en": "The notes' four steps on “I am good”: Q Kᵀ, ÷ √d_k, softmax, · V. Which word will “I” "
            "attend to most?",
            "ko": "“I am good”에 노트의 네 단계를 적용합니다. Q Kᵀ, ÷ √d_k, 소프트맥스, · V. “I”는 어느 단어에 가장 "
            "주목할까요?",
        },
        "choices": [
            {"en": "“I” itself", "ko": "자기 자신인 “I”입니다"},
            {"en": "“am”, the word right after it", "ko": "바로 뒤의 단어 “am”입니다"},
            {
                "en": "“good”, the word that says something about “I”",
                "ko": "“I”를 설명하는 단어 “good”입니다",
            },
            {"en": "All three about equally", "ko": "세 단어에 거의 똑같이 주목합니다"},
        ],
        "correct": 0,
        "answer": {
            "en": "Mostly itself: after softmax about 0.9 of its weight is on “I” (the notes print 0.90). "
            "The output is the values mixed with those weights.",
            "ko": "대부분 자기 자신입니다. 소프트맥스 뒤 가중치의 약 0.9가 “I”에 갑니다(노트에는 0.90). 출력은 그 "
            "가중치로 섞은 밸류 벡터입니다.",
        },
    },
    {
        "page": "attention",
        "query": {"tab": "maps"},
        "note": "004 §1.2.2, 001",
        "slip": "",
        "question": {
            "en": "Eight heads read the same sentence. Will their maps look alike?",
            "ko": "헤드 여덟 개가 같은 문장을 읽습니다. 맵이 서로 닮을까요?",
        },
        "choices": [
            {
                "en": "No: each head has its own W_Q, W_K, W_V, so each attends differently",
                "ko": "아닙니다. 헤드마다 W_Q, W_K, W_V가 따로 있어 저마다 다르게 어텐션합니다",
            },
            {
                "en": "Yes: the same sentence and the same formula give the same map",
                "ko": "닮습니다. 같은 문장에 같은 공식이니 맵도 같습니다",
            },
            {
                "en": "Almost: they differ only by a little random noise",
                "ko": "거의 닮습니다. 약간의 무작위 잡음만 다릅니다",
            },
        ],
        "correct": 0,
        "answer": {
            "en": "No: each head has its own W_Q, W_K and W_V, so each spreads its attention differently; "
            "their outputs are concatenated and mixed by W_O.",
            "ko": "아닙니다. 헤드마다 W_Q, W_K, W_V가 따로 있어서 어텐션을 저마다 다르게 나눕니다. 출력은 이어 붙인 뒤 "
            "W_O로 섞습니다.",
        },
    },
    {
        "page": "encoder",
        "query": {"tab": "res"},
        "note": "004 §1.2.4-1.2.6",
        "slip": "",
        "question": {
            "en": "A block adds attention's output to its input, normalises, then does the same with a "
            "feed-forward network. What keeps the word's own vector from being lost?",
            "ko": "블록은 어텐션의 출력을 입력에 더하고 정규화한 뒤, 피드포워드 신경망으로 같은 일을 합니다. 단어 자신의 "
            "벡터가 사라지지 않게 하는 것은 무엇일까요?",
        },
        "choices": [
            {
                "en": "LayerNorm: it brings each vector back to its size",
                "ko": "LayerNorm입니다. 벡터마다 크기를 되돌려 줍니다",
            },
            {
                "en": "The feed-forward network: it works on each word on its own",
                "ko": "피드포워드 신경망입니다. 단어마다 따로 처리하니까요",
            },
            {
                "en": "Attention: each word attends mostly to itself",
                "ko": "어텐션입니다. 단어마다 주로 자기 자신에 어텐션합니다",
            },
            {
                "en": "The residual sums: each stage adds to its input, not replaces it",
                "ko": "잔차 합입니다. 각 단계는 입력을 바꾸지 않고 거기에 더합니다",
            },
        ],
        "correct": 3,
        "answer": {
            "en": "The residual sums: each stage adds to what came in instead of replacing it, and LayerNorm "
            "keeps the sizes steady from block to block.",
            "ko": "잔차 합입니다. 각 단계는 들어온 것을 바꾸지 않고 거기에 더하며, LayerNorm이 블록마다 크기를 일정하게 "
            "유지합니다.",
        },
    },
    {
        "page": "encoder",
        "query": {"tab": "dec"},
        "note": "001",
        "slip": "",
        "question": {
            "en": "The decoder writes one word at a time. Which words may each position look at, and where do "
            "its keys and values come from in cross-attention?",
            "ko": "디코더는 한 번에 한 단어씩 씁니다. 각 위치는 어떤 단어를 볼 수 있고, 크로스 어텐션의 키와 밸류는 어디서 "
            "올까요?",
        },
        "choices": [
            {
                "en": "Every word of the output; keys and values from the decoder too",
                "ko": "출력의 모든 단어를 봅니다. 키와 밸류도 디코더에서 옵니다",
            },
            {
                "en": "Itself and earlier words; keys and values from the encoder's output",
                "ko": "자기 자신과 앞의 단어만 봅니다. 키와 밸류는 인코더의 출력에서 옵니다",
            },
            {
                "en": "Itself and earlier words; keys and values from the decoder's words",
                "ko": "자기 자신과 앞의 단어만 봅니다. 키와 밸류는 디코더의 단어에서 옵니다",
            },
            {
                "en": "Only the previous word; keys and values from the input embeddings",
                "ko": "바로 앞 단어만 봅니다. 키와 밸류는 입력 임베딩에서 옵니다",
            },
        ],
        "correct": 1,
        "answer": {
            "en": "Only itself and the words before it (the causal mask); in cross-attention the queries are "
            "the decoder's and the keys and values come from the encoder's output.",
            "ko": "자기 자신과 앞의 단어만 봅니다(인과 마스크). 크로스 어텐션에서는 쿼리가 디코더의 것이고 키와 밸류는 "
            "인코더의 출력에서 옵니다.",
        },
    },
    {
        "page": "pretrained",
        "query": {"model": "smollm2", "ex": "1", "tab": "lens"},
        "note": "",
        "slip": "",
        "question": {
            "en": "SmolLM2 reads 'The capital of France is' through 30 layers and answers ' Paris'. Read its "
            "vector after each layer with the model's own output layer: from which layer on is ' Paris' the "
            "likeliest word? Early, in the middle, or only at the end?",
            "ko": "SmolLM2는 'The capital of France is'를 30개 층으로 읽고 ' Paris'라고 답합니다. 층마다 그 벡터를 "
            "모델 자신의 출력층으로 읽어 보면, 몇 층부터 ' Paris'가 가장 유력한 단어일까요? 앞쪽, 가운데, 아니면 "
            "맨 끝일까요?",
        },
        "choices": [
            {"en": "Early: within the first few layers", "ko": "앞쪽입니다. 처음 몇 개 층 안에서 나옵니다"},
            {
                "en": "In the middle: from about layer 15 on it stays first",
                "ko": "가운데입니다. 15층쯤부터 1순위를 지킵니다",
            },
            {
                "en": "Only at the very end, after the last layer",
                "ko": "맨 끝입니다. 마지막 층을 지나서야 나옵니다",
            },
        ],
        "correct": 2,
        "answer": {
            "en": "Only at the very end: the lens puts ' Paris' first only after the last layer, and among the "
            "ten likeliest from about layer 28. The middle rows read filler. This plain lens shows what the "
            "output layer can read from a layer, not everything the model knows there.",
            "ko": "맨 끝에서야 나옵니다. 렌즈는 마지막 층을 지나서야 ' Paris'를 1순위로 읽고, 28층쯤부터 상위 10개 "
            "안에 넣습니다. 가운데 행들은 뜻이 적은 토큰을 읽습니다. 이 단순한 렌즈는 출력층이 그 층에서 읽을 수 "
            "있는 것을 보여 줄 뿐, 모델이 거기서 아는 것 전부는 아닙니다.",
        },
    },
    {
        "page": "pretrained",
        "query": {"model": "smollm2", "ex": "1", "tab": "patch"},
        "note": "",
        "slip": "",
        "question": {
            "en": "With 'Italy' instead of 'France' the model says ' Rome'. Run the Italy text again, but put "
            "back the France run's vector at one position, before one layer. Which position brings ' Paris' "
            "back: the country's, or the last word ' is'? Does the layer matter?",
            "ko": "'France' 대신 'Italy'를 넣으면 모델은 ' Rome'이라고 답합니다. Italy 글을 다시 돌리되, 한 층 "
            "앞에서 한 위치의 벡터만 France 실행의 것으로 되돌려 넣습니다. 어느 위치가 ' Paris'를 되살릴까요? "
            "나라 이름의 위치일까요, 마지막 단어 ' is'일까요? 층에 따라 달라질까요?",
        },
        "choices": [
            {
                "en": "The country's position, at every layer",
                "ko": "나라 이름의 위치입니다. 어느 층에서나 그렇습니다",
            },
            {
                "en": "The last word ' is', at every layer",
                "ko": "마지막 단어 ' is'입니다. 어느 층에서나 그렇습니다",
            },
            {
                "en": "Both, the other way round: ' is' early, the country's later",
                "ko": "둘 다지만 반대입니다. 앞쪽 층에서는 ' is', 뒤쪽 층에서는 나라 이름입니다",
            },
            {
                "en": "Both: the country's up to some layer, the last word ' is' after it",
                "ko": "둘 다입니다. 어느 층까지는 나라 이름, 그 뒤로는 마지막 단어 ' is'입니다",
            },
        ],
        "correct": 3,
        "answer": {
            "en": "Both, at different depths: up to layer 24 only the country's position restores the answer, "
            "from layer 25 on only the last position does. Between those two layers attention moved the fact "
            "from the country's word to the position that predicts the next word.",
            "ko": "둘 다, 깊이에 따라 다릅니다. 24층까지는 나라 이름의 위치만 답을 되살리고, 25층부터는 마지막 "
            "위치만 그렇습니다. 두 층 사이에서 어텐션이 그 사실을 나라 이름에서 다음 단어를 예측하는 위치로 "
            "옮겼습니다.",
        },
    },
    {
        "page": "pretrained",
        "query": {"model": "smollm2", "ex": "1", "tab": "patch", "patch": "heads"},
        "note": "",
        "slip": "",
        "question": {
            "en": "Attention moved it, but which of the 270 heads? Put back one head's output at a time: will "
            "many heads each restore a little, or one head most of it?",
            "ko": "어텐션이 옮겼다면 270개 헤드 중 어느 것일까요? 헤드 출력을 하나씩 되돌려 넣으면, 여러 헤드가 "
            "조금씩 되살릴까요, 한 헤드가 대부분을 되살릴까요?",
        },
        "choices": [
            {"en": "One head restores most of it on its own", "ko": "한 헤드가 혼자 대부분을 되살립니다"},
            {"en": "Many heads, each restoring a little", "ko": "여러 헤드가 조금씩 되살립니다"},
            {
                "en": "None: no single head restores anything noticeable",
                "ko": "어느 헤드도 혼자서는 눈에 띄게 되살리지 못합니다",
            },
        ],
        "correct": 0,
        "answer": {
            "en": "One head: layer 24's head 5 alone restores over 90% of the answer. At the last position it "
            "attends most to the country's word and writes what it reads into that position's vector, where "
            "the next word is chosen.",
            "ko": "한 헤드입니다. 24층의 헤드 5 하나가 답의 90% 넘게 되살립니다. 이 헤드는 마지막 위치에서 나라 "
            "이름에 가장 크게 어텐션하고, 읽은 것을 다음 단어를 고르는 그 위치의 벡터에 적어 넣습니다.",
        },
    },
    {
        "page": "pretrained",
        "query": {"model": "smollm2", "ex": "1", "tab": "ablate", "alayer": "24", "ahead": "5"},
        "note": "",
        "slip": "",
        "question": {
            "en": "Now remove that head from the France run instead (its output set to zeros). Does ' Paris' "
            "survive? And what happens when any other single head is removed?",
            "ko": "이번에는 France 실행에서 그 헤드를 없앱니다(출력을 0으로). ' Paris'가 살아남을까요? 다른 헤드를 "
            "하나씩 없애면 어떻게 될까요?",
        },
        "choices": [
            {
                "en": "' Paris' survives: other heads take over its job",
                "ko": "' Paris'가 살아남습니다. 다른 헤드가 그 일을 대신합니다",
            },
            {
                "en": "' Paris' falls sharply, and removing any other head does the same",
                "ko": "' Paris'가 크게 떨어지고, 다른 어느 헤드를 없애도 마찬가지입니다",
            },
            {
                "en": "' Paris' falls sharply; most other heads alone change almost nothing",
                "ko": "' Paris'가 크게 떨어집니다. 다른 헤드는 대부분 하나만 없애도 거의 그대로입니다",
            },
            {
                "en": "' Paris' drops a little; every head matters about equally",
                "ko": "' Paris'가 조금 떨어집니다. 모든 헤드가 비슷하게 중요합니다",
            },
        ],
        "correct": 2,
        "answer": {
            "en": "' Paris' falls from about 77% to about 14%: the model needs this head. Most other heads can "
            "go alone with almost no change, as the grid shows: a model spreads most of its work over many "
            "heads, and only a few carry a given fact.",
            "ko": "' Paris'가 약 77%에서 약 14%로 떨어집니다. 모델에 이 헤드가 필요합니다. 격자가 보여 주듯 다른 "
            "헤드는 대부분 하나만 없애면 거의 바뀌지 않습니다. 모델은 일을 여러 헤드에 나눠 두고, 어떤 사실은 몇몇 "
            "헤드만이 나릅니다.",
        },
    },
    {
        "page": "zoo",
        "query": {"tab": "state", "width": "8"},
        "note": "",
        "slip": "",
        "question": {
            "en": "Linear attention keeps no cache: it adds every value times its key into one 8 × 8 matrix. "
            "Write pairs into it and read each key back: how many pairs come back right, and what happens "
            "after that?",
            "ko": "선형 어텐션은 캐시 없이 밸류와 키의 곱을 8 × 8 행렬 하나에 더해 갑니다. 쌍을 써 넣고 키마다 다시 "
            "읽으면 몇 쌍까지 바르게 나올까요? 그 뒤에는 어떻게 될까요?",
        },
        "choices": [
            {
                "en": "Up to 64, one per cell of the 8 × 8 matrix; then reads fail",
                "ko": "8 × 8 행렬의 칸 수인 64쌍까지, 그 뒤로는 틀립니다",
            },
            {
                "en": "Up to 8, the matrix's width; past that, reads get worse and worse",
                "ko": "행렬의 너비인 8쌍까지입니다. 그 뒤로는 점점 더 틀립니다",
            },
            {
                "en": "Any number: the matrix simply adds up every pair",
                "ko": "몇 쌍이든 됩니다. 행렬이 모든 쌍을 더해 두니까요",
            },
            {
                "en": "Only the last pair: each new pair overwrites the one before",
                "ko": "마지막 쌍만 됩니다. 새 쌍이 앞의 쌍을 덮어씁니다",
            },
        ],
        "correct": 1,
        "answer": {
            "en": "Every pair up to 8, the matrix's width: eight keys can be made orthogonal, a ninth cannot. "
            "Past 8 the keys overlap and reads start to fail, more with every pair, with the delta rule too. "
            "The softmax cache reads every pair back because it keeps every key, and it grows with every token.",
            "ko": "행렬의 너비인 8쌍까지는 모두 바르게 나옵니다. 키 8개는 서로 직교하게 만들 수 있지만 9번째는 안 "
            "됩니다. 8쌍을 넘으면 키가 겹쳐 읽기가 틀리기 시작하고, 쌍이 늘수록 더 틀리며, 델타 규칙도 마찬가지입니다. "
            "소프트맥스 캐시는 모든 키를 남기니 전부 읽어 내지만, 토큰마다 커집니다.",
        },
    },
    {
        "page": "zoo",
        "query": {"tab": "mla"},
        "note": "",
        "slip": "",
        "question": {
            "en": "DeepSeek-V3 has 128 heads of 128 dimensions. A key and a value per head: how many numbers per "
            "token and layer? Its latent attention caches far fewer: guess how many.",
            "ko": "DeepSeek-V3는 128차원 헤드가 128개입니다. 헤드마다 키와 밸류를 두면 토큰과 층마다 몇 개의 수일까요? "
            "잠재 어텐션은 훨씬 적게 캐시합니다. 몇 개일지 짐작해 보세요.",
        },
        "choices": [
            {"en": "256; the latent caches about 64", "ko": "256개, 잠재 어텐션은 64개쯤입니다"},
            {"en": "16,384; the latent caches about 4,096", "ko": "16,384개, 잠재 어텐션은 4,096개쯤입니다"},
            {
                "en": "32,768; the latent caches about 16,384, half as many",
                "ko": "32,768개, 잠재 어텐션은 그 절반인 16,384개쯤입니다",
            },
            {
                "en": "32,768; the latent caches 576, about 57 times fewer",
                "ko": "32,768개, 잠재 어텐션은 576개로 약 57분의 1입니다",
            },
        ],
        "correct": 3,
        "answer": {
            "en": "2 × 128 × 128 = 32,768 against 576: a 512-wide latent and one 64-wide rotated key, about 57 "
            "times less. Keys and values are rebuilt from the latent, or never built at all, as the two equal "
            "maps show.",
            "ko": "2 × 128 × 128 = 32,768개 대 576개입니다. 너비 512의 잠재 벡터와 너비 64의 회전된 키 하나로, 약 "
            "57분의 1입니다. 두 맵이 같은 것이 보여 주듯, 키와 밸류는 잠재 벡터에서 다시 만들거나 아예 만들지 "
            "않습니다.",
        },
    },
]

STRINGS: dict[str, dict[str, str]] = {
    "lesson.title": {"en": "A guided lesson", "ko": "수업 따라가기"},
    "lesson.intro": {
        "en": "The notes' argument, one view at a time: read the question, predict the answer with the "
        "class, then reveal the view. Each step is a page of the app opened on the right settings; its "
        "link opens the lesson at that step.",
        "ko": "노트의 논리를 한 화면씩 따라갑니다. 질문을 읽고 수업에서 함께 답을 예측한 뒤 ‘정답 보기’를 누르세요. 각 단계는 "
        "알맞은 설정으로 연 앱의 한 페이지이고, 그 링크는 수업을 그 단계에서 엽니다.",
    },
    "lesson.counter": {"en": "Step {n} of {total}", "ko": "{total}단계 중 {n}단계"},
    "lesson.note": {"en": "Follows note {note}", "ko": "노트 {note}의 내용을 따릅니다"},
    "lesson.beyond": {
        "en": "Beyond the notes: what trained models' heads do, and what newer models change",
        "ko": "노트 너머: 학습된 모델의 헤드가 하는 일과 새 모델이 바꾼 것",
    },
    "lesson.question": {"en": "**Predict.** {q}", "ko": "**예측해 보세요.** {q}"},
    "lesson.reveal": {"en": "Reveal", "ko": "정답 보기"},
    "lesson.next": {"en": "Next", "ko": "다음"},
    "lesson.back": {"en": "Back", "ko": "이전"},
    "lesson.answer": {"en": "**What the view shows.** {a}", "ko": "**화면이 보여 주는 것.** {a}"},
    "lesson.open": {"en": "Open this view on its page", "ko": "이 화면을 해당 페이지에서 열기"},
    "lesson.step_label": {"en": "Step", "ko": "단계"},
}
