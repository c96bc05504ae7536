"""Strings of the code beside the maths (viz/views/code.py: the folded "the code" box at the end of each
page), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "code.title": {
        "en": "The code: how this page computes its chart",
        "ko": "코드: 이 페이지가 차트를 계산하는 방법",
    },
    "code.where": {
        "en": "`{name}`, {path}, lines {first}–{last} (read from the running app's source)",
        "ko": "`{name}`, {path}, {first}–{last}행 (지금 실행 중인 앱의 소스에서 읽음)",
    },
    "code.positional_encoding": {
        "en": "The paper's sinusoidal encoding, the page's default. Each pair of columns turns at its own speed ω_i, from fast (left) to slow (right). The code "
        "computes every angle pos · ω_i at once as an outer product, then writes sines into the even "
        "columns and cosines into the odd ones. The heatmap you drag is drawn by your browser from the "
        "same formula in JavaScript; a test holds its cells to this function.",
        "ko": "논문의 사인파 인코딩(이 페이지의 기본값)입니다. 열 두 개가 한 쌍이 되어 각자의 속도 ω_i로 돕니다. 왼쪽은 빠르고 오른쪽은 느립니다. 코드는 모든 각도 "
        "pos · ω_i를 외적 한 번으로 구한 뒤, 짝수 열에는 사인을, 홀수 열에는 코사인을 씁니다. 슬라이더를 끌 때 "
        "보이는 히트맵은 브라우저가 같은 식을 JavaScript로 계산해 그리며, 그 칸들이 이 함수와 같은지 테스트가 "
        "확인합니다.",
    },
    "code.embedding": {
        "en": "The token vectors E are scaled (by √d_model in the paper, or not) and the first rows of the "
        "position table P are added element by element: the sum X is what the first layer reads. A "
        "sentence pair (BERT's layout) adds a segment vector S as well.",
        "ko": "토큰 벡터 E에 배율을 곱하고(논문은 √d_model, 또는 1) 위치 표 P의 앞쪽 행들을 원소별로 더합니다. "
        "그 합 X가 첫 층이 읽는 입력입니다. 문장 두 개를 넣는 BERT 방식에서는 세그먼트 벡터 S도 더합니다.",
    },
    "code.similarity": {
        "en": "One matrix product gives every dot product between two sets of rows at once. Cosine divides "
        "by both lengths; distance uses |a − b|² = |a|² + |b|² − 2 a · b, so it reuses the same product.",
        "ko": "행렬 곱 한 번으로 두 행 집합 사이의 내적을 한꺼번에 구합니다. 코사인은 두 길이로 나누고, 거리는 "
        "|a − b|² = |a|² + |b|² − 2 a · b를 써서 같은 곱을 다시 씁니다.",
    },
    "code.softmax": {
        "en": "q · k adds d_k products of independent unit-variance numbers, so its variance is d_k (the "
        "histograms sample it); scaling by 1/√d_k brings it back to 1 whatever d_k is. Subtracting the row's largest score m before exp changes no weight (it cancels in the "
        "fraction) but keeps every exponent at or below 0, so nothing overflows. A masked key (−∞) gets "
        "weight 0; dividing by T (temperature) sharpens or flattens the row.",
        "ko": "q · k는 분산이 1인 독립된 수의 곱 d_k개를 더한 것이라 분산이 d_k입니다(히스토그램이 이를 "
        "표본으로 보여 줍니다). 1/√d_k를 곱하면 d_k가 얼마든 분산이 다시 1이 됩니다. exp 전에 행의 최댓값 m을 빼도 가중치는 그대로입니다(분수에서 약분됨). 대신 모든 지수가 0 이하가 "
        "되어 넘침이 생기지 않습니다. 가려진 키(−∞)는 가중치 0을 받고, T(온도)로 나누면 행이 뾰족해지거나 "
        "평평해집니다.",
    },
    "code.attention": {
        "en": "One linear layer per projection makes Q, K and V for every head at once; they are split "
        "into heads of width d_k, scored, scaled by 1/√d_k, masked and softmaxed. The heads' outputs are "
        "put side by side again (concat) and mixed by W_O. The maps on this page are the `weights` "
        "returned here.",
        "ko": "투영마다 선형층 하나가 모든 헤드의 Q, K, V를 한꺼번에 만들고, 폭 d_k의 헤드로 나눈 뒤 점수를 "
        "내고 1/√d_k로 줄이고 마스크를 씌워 소프트맥스를 합니다. 헤드들의 출력은 다시 나란히 붙여(concat) "
        "W_O로 섞습니다. 이 페이지의 맵은 여기서 돌려주는 `weights`입니다.",
    },
    "code.encoder": {
        "en": "Post-norm (the paper): each sublayer's output is added to its input and the sum normalised. "
        "Pre-norm normalises before each sublayer instead and leaves the sum alone. Switching off the "
        "residual keeps only the sublayer's output. Every stage the page draws is one line here.",
        "ko": "사후 정규화(논문 방식)에서는 하위 층의 출력을 입력에 더한 뒤 그 합을 정규화합니다. 사전 정규화는 "
        "하위 층 앞에서 정규화하고 합은 그대로 둡니다. 잔차를 끄면 하위 층의 출력만 남습니다. 페이지가 그리는 "
        "단계 하나하나가 여기의 한 줄입니다.",
    },
    "code.pretrained_minilm": {
        "en": "MiniLM's whole forward pass, written out with its own weights: a learned position row and "
        "a segment row are added to each token, then six post-norm layers of twelve heads with GELU. "
        "The attention maps on this page are the softmax weights this loop collects.",
        "ko": "MiniLM의 순전파 전체를 그 가중치로 직접 쓴 코드입니다. 각 토큰에 학습된 위치 행과 세그먼트 행을 "
        "더하고, 헤드 12개와 GELU를 쓰는 사후 정규화 층 6개를 지납니다. 이 페이지의 어텐션 맵은 이 반복문이 "
        "모으는 소프트맥스 가중치입니다.",
    },
    "code.pretrained_smollm2": {
        "en": "SmolLM2's forward pass: no position table; queries and keys are rotated (RoPE) instead. "
        "Nine query heads share three key/value heads, a causal mask hides later tokens, RMSNorm comes "
        "before each sublayer and the feed-forward is gated (SwiGLU).",
        "ko": "SmolLM2의 순전파입니다. 위치 표가 없고 대신 쿼리와 키를 회전시킵니다(RoPE). 쿼리 헤드 9개가 "
        "키/밸류 헤드 3개를 나눠 쓰고, 인과 마스크가 뒤쪽 토큰을 가리며, RMSNorm이 각 하위 층 앞에 오고, "
        "피드포워드는 게이트를 씁니다(SwiGLU).",
    },
    "code.pretrained_smollm2_generate": {
        "en": "One step of writing: the new token alone runs through the layers, reading the keys and values "
        "kept from the text so far; its logits are divided by the temperature, cut by top-k and top-p and "
        "renormalised; a number drawn from the seed and the step picks where the running total passes it.",
        "ko": "글쓰기의 한 단계입니다. 새 토큰 하나만 층을 지나며, 지금까지의 글에서 보관한 키와 밸류를 읽습니다. "
        "그 로짓을 온도로 나누고, top-k와 top-p로 자른 뒤 합이 1이 되게 다시 나눕니다. 시드와 단계로 정한 난수를 "
        "누적 합이 넘는 곳의 토큰을 고릅니다.",
    },
    "code.home": {
        "en": "Where the diagram's numbers come from: the sentence's vectors, then one head's query, keys, "
        "scores, softmax and output, computed by the same functions as the Attention heads page's step by "
        "step tab, on the same model.",
        "ko": "도표의 숫자가 나오는 곳입니다. 문장의 벡터, 그리고 헤드 하나의 쿼리, 키, 점수, 소프트맥스, 출력을 "
        "어텐션 헤드 페이지의 단계별 탭과 같은 함수로, 같은 모델에서 계산합니다.",
    },
}
