"""Strings of the Embedding + PE page, English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
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
}
