"""Strings of one head, step by step (viz/views/attention_steps.py, the Attention heads page's third tab),
English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "steps.rope": {
        "en": "With RoPE, Q and K are shown after each token's pair of dimensions has been rotated by its position.",
        "ko": "RoPE에서는 Q와 K를 각 토큰의 차원 쌍을 위치만큼 회전시킨 뒤의 값으로 보여 줍니다.",
    },
    "steps.title": {"en": "3. One head, step by step", "ko": "3. 헤드 하나를 단계별로"},
    "steps.need": {
        "en": "Type a sentence above to follow one head through its steps.",
        "ko": "위에 문장을 입력하면 헤드 하나의 계산을 단계별로 따라갈 수 있습니다.",
    },
    "steps.head": {"en": "Head", "ko": "헤드"},
    "steps.causal": {"en": "Apply a causal mask", "ko": "인과 마스크 적용"},
    "steps.intro": {
        "en": "Head {h} of layer {layer}: the layer input X (d_model = {d_model} per token) is projected to this head's queries, keys and values, each d_k = {d_k} wide.",
        "ko": "{layer}층의 헤드 {h}: 층의 입력 X(토큰마다 d_model = {d_model})를 이 헤드의 쿼리, 키, 밸류로 투영합니다. 각각의 폭은 d_k = {d_k}입니다.",
    },
    "steps.part.qkv": {"en": "Projections Q, K, V", "ko": "Q, K, V 구하기"},
    "steps.part.scores": {"en": "①–④ From scores to weights", "ko": "①–④ 점수에서 가중치로"},
    "steps.part.out": {
        "en": "⑤–⑦ Weights · V, heads joined, W_O",
        "ko": "⑤–⑦ 가중치 · V, 헤드 합치기, W_O",
    },
    "steps.proj": {"en": "{name}", "ko": "{name}"},
    "steps.qkv_note": {
        "en": "**Three views of the same tokens.** Q says what each token is looking for, K what it offers to be found by, V what it hands over once it is chosen. All three are the layer input multiplied by this head's own d_model × {d_k} matrices, so every head sees the sentence through different eyes.",
        "ko": "**같은 토큰의 세 얼굴.** Q는 각 토큰이 무엇을 찾는지, K는 무엇으로 찾아지는지, V는 뽑혔을 때 무엇을 넘겨주는지를 나타냅니다. 셋 다 층의 입력에 이 헤드만의 d_model × {d_k} 행렬을 곱한 것이라, 헤드마다 문장을 다른 눈으로 봅니다.",
    },
    "steps.cut": {
        "en": "The first {shown} of the head's {d_k} columns are shown.",
        "ko": "헤드의 {d_k}개 열 중 앞의 {shown}개를 보여 줍니다.",
    },
    "steps.scores": {"en": "① Q Kᵀ", "ko": "① Q Kᵀ"},
    "steps.scaled": {"en": "② ÷ √{d_k}", "ko": "② ÷ √{d_k}"},
    "steps.masked": {"en": "③ + mask", "ko": "③ + 마스크"},
    "steps.weights": {"en": "④ softmax (rows)", "ko": "④ 소프트맥스 (행별)"},
    "steps.pair_hover": {
        "en": "query %{y}<br>key %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "쿼리 %{y}<br>키 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "steps.masked_hover": {
        "en": "query %{y}<br>key %{x}<br>masked: −∞<extra></extra>",
        "ko": "쿼리 %{y}<br>키 %{x}<br>마스크됨: −∞<extra></extra>",
    },
    "steps.squares": {
        "en": "① every query against every key; ② divided by {root} so the scores keep a size that does not grow with d_k = {d_k}; ③ forbidden pairs set to −∞ (grey; nothing changes without a mask); ④ softmax turns each row into weights that add up to 1, and −∞ becomes exactly 0.",
        "ko": "① 모든 쿼리를 모든 키와 곱합니다. ② {root:으로/로} 나눠 점수 크기가 d_k = {d_k:과/와} 함께 커지지 않게 합니다. ③ 금지된 쌍은 −∞(회색)가 됩니다. 마스크가 없으면 바뀌는 것이 없습니다. ④ 소프트맥스가 각 행을 합이 1인 가중치로 바꾸고, −∞는 정확히 0이 됩니다.",
    },
    "steps.z": {"en": "⑤ Z_{h} = weights · V", "ko": "⑤ Z_{h} = 가중치 · V"},
    "steps.concat": {
        "en": "⑥ concat(Z_1 … Z_{heads}): {d_model} columns, head {h} outlined",
        "ko": "⑥ concat(Z_1 … Z_{heads}): {d_model}개 열, 헤드 {h:은/는} 테두리",
    },
    "steps.concat_x": {"en": "column of the concatenation", "ko": "이어 붙인 행렬의 열"},
    "steps.w_o": {"en": "W_O ({d_model} × {d_model})", "ko": "W_O ({d_model} × {d_model})"},
    "steps.w_o_x": {"en": "output dimension", "ko": "출력 차원"},
    "steps.w_o_y": {"en": "concat column", "ko": "이어 붙인 열"},
    "steps.w_o_hover": {
        "en": "from concat column %{y}<br>to output dimension %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "이어 붙인 열 %{y} → 출력 차원 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "steps.out": {"en": "⑦ output = concat · W_O + b_O", "ko": "⑦ 출력 = concat · W_O + b_O"},
    "steps.strided": {
        "en": "d_model = {d_model} is wide: the concatenation, W_O and the output show every k-th column ({shown} of them) so the charts stay light.",
        "ko": "d_model({d_model})은 넓어서, 이어 붙인 행렬과 W_O, 출력은 k번째 열마다 하나씩({shown}개) 보여 줘 차트를 가볍게 유지합니다.",
    },
    "steps.explain": {
        "en": "**Putting heads back together.** Each head returns a T × d_k block. The blocks are laid side by side into a T × d_model matrix, and W_O mixes all of them: every output dimension can draw on every head. That is why the head count changes how the work is split, but not the size of what comes out.",
        "ko": "**헤드를 다시 합치기.** 헤드마다 T × d_k 블록을 내놓습니다. 이 블록들을 옆으로 붙이면 T × d_model 행렬이 되고, W_O가 이들을 모두 섞습니다. 출력의 각 차원이 모든 헤드를 쓸 수 있습니다. 그래서 헤드 수는 일을 나누는 방식을 바꿀 뿐, 나오는 결과의 크기는 바꾸지 않습니다.",
    },
}
