"""Strings of the Attention variants page's tabs on differential attention, sparse attention and layer patterns
(viz/views/mixers.py), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # ---- differential attention ----
    "mix.lambda": {"en": "λ (how much of the second map is taken away)", "ko": "λ(둘째 맵을 빼는 정도)"},
    "mix.lambda.help": {
        "en": "The paper learns λ and starts it at 0.8 − 0.6·exp(−0.3·(layer − 1)): 0.2 in the first layer, "
        "towards 0.8 in deep ones. λ = 0 is plain attention.",
        "ko": "논문은 λ를 학습하며 0.8 − 0.6·exp(−0.3·(층 − 1))에서 시작합니다. 첫 층은 0.2, 깊은 층은 0.8에 "
        "가깝습니다. λ = 0이면 보통 어텐션입니다.",
    },
    "mix.answer": {"en": "answer", "ko": "정답"},
    "mix.distractor": {"en": "distractor", "ko": "방해 토큰"},
    "mix.first": {"en": "first map", "ko": "첫째 맵"},
    "mix.second": {"en": "λ × second map (λ = {lam})", "ko": "λ × 둘째 맵(λ = {lam})"},
    "mix.diff": {"en": "difference (what the head uses)", "ko": "차이(헤드가 쓰는 것)"},
    "mix.diff.chart": {
        "en": "One query's weights: first map − λ × second map (λ = {lam})",
        "ko": "쿼리 하나의 가중치: 첫째 맵 − λ × 둘째 맵(λ = {lam})",
    },
    "mix.key": {"en": "key position", "ko": "키 위치"},
    "mix.query": {"en": "query position", "ko": "쿼리 위치"},
    "mix.weight": {"en": "weight", "ko": "가중치"},
    "mix.diff.numbers": {
        "en": "The distractor's weight: {plain} in plain attention, {now} after the difference; the answer's "
        "{answer}. At λ = {best} the distractor cancels exactly.",
        "ko": "방해 토큰의 가중치: 보통 어텐션에서 {plain}, 차이를 낸 뒤 {now}. 정답은 {answer}. λ = {best}에서 "
        "방해 토큰이 정확히 지워집니다.",
    },
    "mix.diff.notice": {
        "en": "**What to notice.** Both maps are drawn to the distractor (a token that looks relevant but is "
        "not); only the first finds the answer. Taking λ times the second map away removes what they share "
        "and keeps what only the first sees, as noise-cancelling headphones subtract the noise both "
        "microphones hear. Weights can go below zero, which a softmax never allows.",
        "ko": "**눈여겨볼 점.** 두 맵 모두 방해 토큰(관련 있어 보이지만 아닌 토큰)에 끌리고, 정답은 첫째 맵만 "
        "찾습니다. 둘째 맵의 λ배를 빼면 둘이 함께 가진 것은 지워지고 첫째 맵만 보는 것이 남습니다. 노이즈 캔슬링 "
        "헤드폰이 두 마이크에 함께 들리는 소음을 빼는 것과 같습니다. 가중치가 0 아래로 갈 수도 있는데, 소프트맥스로는 "
        "불가능한 일입니다.",
    },
    # ---- native sparse attention ----
    "mix.block": {"en": "Block (tokens)", "ko": "블록(토큰 수)"},
    "mix.block.help": {
        "en": "Keys are grouped in blocks: each block is also squeezed into one compressed key (its mean here; "
        "the paper learns the squeeze).",
        "ko": "키를 블록으로 묶습니다. 블록마다 압축 키 하나로도 줄입니다(여기서는 평균, 논문은 줄이는 법을 "
        "학습합니다).",
    },
    "mix.top": {"en": "Blocks selected per query", "ko": "쿼리마다 고르는 블록 수"},
    "mix.window": {"en": "Local window (tokens)", "ko": "가까운 창(토큰 수)"},
    "mix.sparse.chart": {
        "en": "Which keys each query reads whole (block {block}, top {top}, window {window})",
        "ko": "쿼리마다 통째로 읽는 키(블록 {block}, 상위 {top}, 창 {window})",
    },
    "mix.read": {"en": "read", "ko": "읽음"},
    "mix.sparse.hover": {
        "en": "query %{y}, key %{x}<br>read whole: %{z:.0f}",
        "ko": "쿼리 %{y}, 키 %{x}<br>통째로 읽음: %{z:.0f}",
    },
    "mix.sparse.count": {"en": "Keys read per query", "ko": "쿼리마다 읽는 키의 수"},
    "mix.sparse.reads": {
        "en": "sparse: compressed blocks + tokens read whole",
        "ko": "희소: 압축 블록 + 통째로 읽는 토큰",
    },
    "mix.sparse.full": {"en": "full attention: every earlier token", "ko": "전체 어텐션: 앞선 모든 토큰"},
    "mix.keys": {"en": "keys read", "ko": "읽는 키의 수"},
    "mix.sparse.count.hover": {"en": "query %{x}<br>%{y} keys", "ko": "쿼리 %{x}<br>키 %{y}개"},
    "mix.sparse.notice": {
        "en": "**What to notice.** Each query first skims the compressed blocks, then reads in full only the "
        "blocks that scored highest, plus its own neighbourhood. The last query reads {last} keys where full "
        "attention reads {n}. With the paper's sizes (compressed blocks of 32 every 16 tokens, 16 selected "
        "blocks of 64, a window of 512) a query at 64k tokens reads about 5,600 keys instead of 64,000, and "
        "the chosen blocks still follow the content, unlike a fixed window.",
        "ko": "**눈여겨볼 점.** 쿼리마다 먼저 압축 블록을 훑고, 점수가 가장 높은 블록과 자기 주변만 통째로 "
        "읽습니다. 마지막 쿼리는 전체 어텐션이 {n}개를 읽을 때 {last}개를 읽습니다. 논문의 크기(16토큰마다 32토큰 "
        "압축 블록, 64토큰 블록 16개 선택, 창 512)라면 64k 토큰의 쿼리는 64,000개 대신 약 5,600개를 읽고, 고른 "
        "블록은 고정된 창과 달리 내용을 따라갑니다.",
    },
    # ---- layer patterns ----
    "mix.pattern.global": {"en": "every layer global", "ko": "모든 층 전역"},
    "mix.pattern.gemma3": {
        "en": "5 local (1,024) : 1 global (Gemma 3)",
        "ko": "지역(1,024) 5 : 전역 1(Gemma 3)",
    },
    "mix.pattern.alternate": {
        "en": "1 local (4,096) : 1 global (Gemma 2)",
        "ko": "지역(4,096) 1 : 전역 1(Gemma 2)",
    },
    "mix.pattern.local": {
        "en": "every layer local (4,096; Mistral 7B)",
        "ko": "모든 층 지역(4,096, Mistral 7B)",
    },
    "mix.cache.chart": {
        "en": "KV cache of a {layers}-layer model (8 key/value heads of 128, 16-bit)",
        "ko": "{layers}층 모델의 KV 캐시(키/밸류 헤드 8개 × 128, 16비트)",
    },
    "mix.tokens": {"en": "tokens of context (log scale)", "ko": "문맥 토큰 수(로그 눈금)"},
    "mix.mib": {"en": "MiB (log scale)", "ko": "MiB(로그 눈금)"},
    "mix.cache.hover": {"en": "%{x:,} tokens<br>%{y:,.0f} MiB", "ko": "토큰 %{x:,}개<br>%{y:,.0f} MiB"},
    "mix.reach.chart": {
        "en": "How far back the last token can draw after each layer ({context:,}-token context)",
        "ko": "층마다 마지막 토큰이 끌어올 수 있는 거리(문맥 {context:,}토큰)",
    },
    "mix.layer": {"en": "layer", "ko": "층"},
    "mix.reach.all": {
        "en": "every layer global: the whole context from layer 1",
        "ko": "모든 층 전역: 1층부터 문맥 전체",
    },
    "mix.reach": {"en": "tokens within reach (log scale)", "ko": "닿는 토큰 수(로그 눈금)"},
    "mix.reach.hover": {"en": "after layer %{x}<br>%{y:,} tokens", "ko": "%{x}층 뒤<br>토큰 %{y:,}개"},
    "mix.rotated": {
        "en": "Share of each head's dimensions RoPE turns (%)",
        "ko": "RoPE가 돌리는 헤드 차원의 비율(%)",
    },
    "mix.rotated.help": {
        "en": "Partial RoPE (GPT-NeoX turns 25%): the turned dimensions carry position, the rest match content "
        "at any distance.",
        "ko": "부분 RoPE(GPT-NeoX는 25%를 돌림): 돌린 차원은 위치를 담고, 나머지는 거리와 상관없이 내용을 "
        "맞춥니다.",
    },
    "mix.rotated.says": {
        "en": "RoPE on {share}% of a {d}-dimensional head turns {pairs} pairs, the slowest once every {longest} "
        "tokens; the other dimensions ignore position.",
        "ko": "{d}차원 헤드의 {share}%에 RoPE를 쓰면 {pairs}쌍이 돌고, 가장 느린 쌍은 {longest}토큰마다 한 바퀴 "
        "돕니다. 나머지 차원은 위치를 보지 않습니다.",
    },
    "mix.partial.chart": {
        "en": "Partial RoPE: a {d}-dimensional query against the same vector as a key further back",
        "ko": "부분 RoPE: {d}차원 쿼리와 더 앞에 놓인 같은 벡터(키)의 점수",
    },
    "mix.partial.share": {"en": "{share}% turned: mean", "ko": "{share}% 회전: 평균"},
    "mix.partial.all": {"en": "every dimension turned (100%): mean", "ko": "모든 차원 회전(100%): 평균"},
    "mix.partial.low": {"en": "{share}% turned: the lowest", "ko": "{share}% 회전: 최저"},
    "mix.distance": {"en": "Distance to the key (tokens)", "ko": "키까지의 거리(토큰)"},
    "mix.match": {
        "en": "Score / score at distance 0",
        "ko": "점수 / 거리 0일 때 점수",
    },
    "mix.partial.hover": {
        "en": "%{fullData.name}<br>distance %{x:,.0f} tokens: %{y:.3f}<extra></extra>",
        "ko": "%{fullData.name}<br>거리 %{x:,.0f}토큰: %{y:.3f}<extra></extra>",
    },
    "mix.layers.notice": {
        "en": "**What to notice.** A local layer keeps only its window, so its cache stops growing: Gemma 3's "
        "five local layers to one global cut the cache almost six-fold at long contexts (4 of the 24 layers "
        "keep everything), and every token can "
        "still reach the whole context through the global layers. With every layer local, reach grows by one "
        "window per layer and never covers a long context. With partial RoPE, the dimensions left unturned "
        "score a match the same at any distance: at 25% the score averages about 0.75 far back and never falls "
        "below 0.6 within 32k tokens, while with every dimension turned it falls to about 0. Each point is the "
        "mean (and the lowest) over the distances since the one before. A head can still find its content far away, "
        "and the turned quarter still says how far.",
        "ko": "**눈여겨볼 점.** 지역 층은 창만큼만 남기므로 캐시가 더 자라지 않습니다. Gemma 3처럼 지역 5층에 전역 "
        "1층이면 긴 문맥에서 캐시가 6분의 1 가까이로 줄고(24층 중 4층만 전부 남김), 전역 층 덕분에 모든 토큰이 여전히 문맥 전체에 닿습니다. 모든 "
        "층이 지역이면 닿는 거리가 층마다 창 하나씩만 늘어 긴 문맥을 다 덮지 못합니다. 부분 RoPE에서는 돌리지 않은 "
        "차원이 거리와 상관없이 같은 점수를 줍니다. 25%면 먼 곳에서도 점수가 평균 0.75쯤이고 "
        "32k 토큰 안에서 0.6 아래로 내려가지 않지만, 모든 차원을 돌리면 0 가까이로 떨어집니다. 각 점은 앞 점 "
        "이후 거리들의 평균(과 최저)입니다. 헤드는 먼 곳의 내용도 찾고, 돌린 4분의 1이 "
        "거리를 알려 줍니다.",
    },
}
