"""Strings of the four steps on a sentence (viz/views/softmax_example.py, the Softmax and scaling page's
fourth tab), with random weights or note 004's own numbers, English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "ex.title": {"en": "4. The four steps on a sentence", "ko": "4. 문장 하나로 보는 네 단계"},
    "ex.part.qkv": {"en": "Queries, keys, values", "ko": "쿼리, 키, 밸류"},
    "ex.part.steps": {"en": "Steps 1–3: Q Kᵀ, ÷ √d_k, softmax", "ko": "1–3단계: Q Kᵀ, ÷ √d_k, 소프트맥스"},
    "ex.part.out": {"en": "Step 4: Z = weights · V", "ko": "4단계: Z = 가중치 · V"},
    "ex.intro": {
        "en": "One attention head, step by step. Each word's vector (a row of X, width d_model = {d_model} from the sidebar) is multiplied by random weight matrices W^Q, W^K, W^V (d_model × {d_k}) to give its query, key and value. Change the seed for other weights, d_k above, or the sentence.",
        "ko": "어텐션 헤드 하나를 단계별로 봅니다. 각 단어의 벡터(X의 한 행, 폭은 사이드바의 d_model = {d_model})에 무작위 가중치 행렬 W^Q, W^K, W^V(d_model × {d_k})를 곱해 쿼리, 키, 밸류를 얻습니다. 시드를 바꾸면 다른 가중치가, 위의 d_k나 문장을 바꾸면 다른 결과가 나옵니다.",
    },
    "ex.sentence": {"en": "Sentence", "ko": "문장"},
    "ex.sentence.help": {
        "en": "Words and punctuation become tokens; the first {n} are used so every matrix stays readable.",
        "ko": "단어와 문장부호가 토큰이 됩니다. 행렬을 읽을 수 있도록 앞의 {n}개만 씁니다.",
    },
    "ex.length": {"en": "Sentence length (tokens used)", "ko": "문장 길이 (쓰는 토큰 수)"},
    "ex.length.help": {
        "en": "Use only the first words of the sentence.",
        "ko": "문장의 앞 단어들만 씁니다.",
    },
    "ex.cut": {
        "en": "Only the first {n} tokens are used here; {cut} more were left out.",
        "ko": "여기서는 앞의 {n}개 토큰만 씁니다. {cut}개는 빠졌습니다.",
    },
    "ex.empty": {
        "en": "Type at least one word to see the four steps.",
        "ko": "네 단계를 보려면 단어를 하나 이상 입력하세요.",
    },
    "ex.qkv": {
        "en": "Q, K and V: {n} tokens × d_k = {d_k}",
        "ko": "Q, K, V: 토큰 {n}개 × d_k = {d_k}",
    },
    "ex.qkv_hover": {
        "en": "%{y}, dimension %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "%{y}, 차원 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "ex.columns": {
        "en": "Only the first {shown} of the {d_k} columns are drawn; every step (the other tabs) uses all of them.",
        "ko": "{d_k}개 열 가운데 앞의 {shown}개만 그렸습니다. 다음 단계(다른 탭)의 계산은 모든 열을 씁니다.",
    },
    "ex.query": {"en": "query", "ko": "쿼리"},
    "ex.pair_hover": {
        "en": "query %{y} → key %{x}<br>%{z:.4f}<extra></extra>",
        "ko": "쿼리 %{y} → 키 %{x}<br>%{z:.4f}<extra></extra>",
    },
    "ex.step1": {"en": "Step 1: Q Kᵀ", "ko": "1단계: Q Kᵀ"},
    "ex.step1.note": {
        "en": "Row i, column j is q_i · k_j: how well word i's question matches word j's label.",
        "ko": "i행 j열은 q_i · k_j입니다. 단어 i의 질문이 단어 j의 꼬리표와 얼마나 맞는지.",
    },
    "ex.step2": {"en": "Step 2: ÷ {root}", "ko": "2단계: ÷ {root}"},
    "ex.step2.note": {
        "en": "Every score divided by the same number: the order in each row is unchanged, only the spread shrinks.",
        "ko": "모든 점수를 같은 수로 나눕니다. 각 행의 순서는 그대로이고 퍼짐만 줄어듭니다.",
    },
    "ex.step3": {"en": "Step 3: softmax by row", "ko": "3단계: 행별 소프트맥스"},
    "ex.step3.note": {
        "en": "Each row now holds weights between 0 and 1 that add up to 1: how much word i attends to each word.",
        "ko": "이제 각 행은 합이 1인 0과 1 사이의 가중치입니다. 단어 i가 각 단어에 얼마나 주목하는지.",
    },
    "ex.step4": {"en": "Step 4: Z = weights · V", "ko": "4단계: Z = 가중치 · V"},
    "ex.out_hover": {
        "en": "z of %{y}, dimension %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "%{y}의 z, 차원 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "ex.pick": {"en": "Write out the output row of", "ko": "출력 행을 풀어 쓸 단어"},
    "ex.numbers": {
        "en": "The same sum with numbers (the first {shown} of {d_k} entries): each value vector is multiplied by its weight, and the rows add up to z.",
        "ko": "같은 합을 숫자로 쓴 것입니다({d_k}개 중 앞의 {shown}개). 각 밸류 벡터에 가중치를 곱하고, 그 행들을 더하면 z가 됩니다.",
    },
    "ex.compare": {
        "en": "Largest weight in this row: **{scaled}**. Without ÷ √d_k it would be **{raw}**.",
        "ko": "이 행의 가장 큰 가중치: **{scaled}**. ÷ √d_k가 없으면 **{raw}**.",
    },
    "ex.explain": {
        "en": "**What to notice.** Each output row is a blend of the value vectors, mixed in the proportions of that row of weights: the words a query matches best contribute most. The weights here come from random matrices, so they show the mechanics, not meaning; a trained model learns W^Q, W^K and W^V so that the blend is useful.",
        "ko": "**눈여겨볼 점.** 출력의 각 행은 밸류 벡터들을 그 행의 가중치 비율대로 섞은 것입니다. 쿼리와 가장 잘 맞는 단어가 가장 많이 기여합니다. 여기 가중치는 무작위 행렬에서 나왔으므로 의미가 아니라 계산 과정을 보여 줍니다. 학습된 모델은 이 섞음이 쓸모 있도록 W^Q, W^K, W^V를 배웁니다.",
    },
    "ex.notes.source": {"en": "Numbers", "ko": "숫자"},
    "ex.notes.source.random": {"en": "Random weights (any sentence)", "ko": "무작위 가중치(어떤 문장이든)"},
    "ex.notes.source.notes": {
        "en": "The notes' numbers (note 004, “I am good”)",
        "ko": "강의 노트의 숫자(노트 004, “I am good”)",
    },
    "ex.notes.intro": {
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
    "ex.notes.qkv": {
        "en": "Q, K and V as note 004 prints them: columns {columns} of 64",
        "ko": "노트 004에 실린 Q, K, V: 64개 열 중 {columns}열",
    },
    "ex.notes.columns": {
        "en": "The note prints only these columns. Q·Kᵀ (step 1) is the note's own value, not a product of "
        "these three columns; z (step 4) is exact in these columns, because column j of Z uses only column "
        "j of V.",
        "ko": "노트에는 이 열들만 실려 있습니다. 1단계의 Q·Kᵀ는 이 세 열의 곱이 아니라 노트가 준 값이고, "
        "4단계의 z는 이 열들에서 정확합니다. Z의 j열은 V의 j열만 쓰기 때문입니다.",
    },
    "ex.notes.step1.note": {
        "en": "Given by the note (figure 1-10), not computed here: it sums over all 64 columns of Q and K.",
        "ko": "노트(그림 1-10)가 준 값이며 여기서 계산하지 않습니다. Q와 K의 64개 열 전체에 대한 합이기 "
        "때문입니다.",
    },
    "ex.notes.numbers": {
        "en": "The same sum with numbers, in the columns the note prints ({columns}): each value vector is "
        "multiplied by its weight, and the rows add up to z.",
        "ko": "같은 합을 노트에 실린 열({columns})의 숫자로 쓴 것입니다. 각 밸류 벡터에 가중치를 곱하고, 그 "
        "행들을 더하면 z가 됩니다.",
    },
    "ex.notes.explain": {
        "en": "**What to notice.** The note's numbers are made up to show the mechanics; they do not come "
        "from a trained model. Follow the note line by line: each matrix here is the next step of its "
        "calculation. The inputs (Q, K, V and step 1's QKᵀ) are the note's own; every later step is computed "
        "from them here, not copied.",
        "ko": "**눈여겨볼 점.** 노트의 숫자는 계산 과정을 보이려고 지어낸 값이며 학습된 모델에서 나온 것이 "
        "아닙니다. 노트를 한 줄씩 따라가 보세요. 여기 행렬은 모두 노트 계산의 다음 단계입니다. 입력(Q, K, V와 1단계의 "
        "QKᵀ)은 노트의 값이고, 그 뒤의 단계는 모두 옮겨 적지 않고 여기서 직접 계산합니다.",
    },
}
