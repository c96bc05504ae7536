"""Strings of the Real models page (two pretrained models' heads on a visitor's text), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "real.title": {
        "en": "Real pretrained models: what trained heads do",
        "ko": "실제 사전학습 모델: 학습된 헤드가 하는 일",
    },
    "real.intro": {
        "en": "The Attention heads page shows a small model whose heads are random, or trained for one toy "
        "job. Here two real models, trained on large amounts of text, read your sentence on this server "
        "(nothing is sent anywhere). Look for heads that always attend to the previous word, heads that "
        "park their attention on one token, and how each model knows where a word is.",
        "ko": "어텐션 헤드 페이지의 작은 모델은 헤드가 무작위이거나 토이 과제 하나만 학습한 상태입니다. "
        "여기서는 많은 글로 학습된 실제 모델 두 개가 이 서버에서 문장을 읽습니다(어디에도 보내지 않습니다). "
        "늘 바로 앞 단어를 보는 헤드, 한 토큰에 어텐션을 모아 두는 헤드, 그리고 각 모델이 단어의 위치를 "
        "어떻게 아는지 찾아보세요.",
    },
    "real.model": {"en": "Model", "ko": "모델"},
    "real.model.minilm": {
        "en": "all-MiniLM-L6-v2 (BERT encoder: 6 layers × 12 heads)",
        "ko": "all-MiniLM-L6-v2 (BERT 인코더: 6층 × 12헤드)",
    },
    "real.model.smollm2": {
        "en": "SmolLM2-135M-Instruct (Llama decoder: 30 layers × 9 heads)",
        "ko": "SmolLM2-135M-Instruct (Llama 디코더: 30층 × 9헤드)",
    },
    "real.about.minilm": {
        "en": "A BERT encoder trained to place sentences that mean alike close together. Every token sees "
        "every other (no mask). Position comes from a **learned table** of 512 rows × 384 numbers, one row "
        "added to each token, the way sinusoidal encoding is added, but learned from data. The text is "
        "lower-cased and cut into WordPiece pieces; `##` marks a piece inside a word, and [CLS] and [SEP] "
        "are added at the ends.",
        "ko": "뜻이 비슷한 문장을 가깝게 놓도록 학습된 BERT 인코더입니다. 모든 토큰이 다른 모든 토큰을 봅니다"
        "(마스크 없음). 위치는 **학습된 표**(512행 × 384개 숫자)에서 옵니다. 사인파 인코딩처럼 각 토큰에 한 "
        "행을 더하지만, 값은 데이터에서 배운 것입니다. 글은 소문자로 바뀐 뒤 WordPiece 조각으로 나뉩니다. "
        "`##`는 단어 안쪽 조각을 뜻하고, 양 끝에 [CLS]와 [SEP]가 붙습니다.",
    },
    "real.about.smollm2": {
        "en": "A Llama-style decoder trained to predict the next token. Each token sees only itself and the "
        "tokens before it (causal mask). Position comes from **rotary encoding** (RoPE, base 100,000): "
        "queries and keys are turned by an angle that grows with position, so only the distance between "
        "two tokens reaches their score. Its 9 query heads share 3 key/value heads (grouped-query "
        "attention). The text is cut into byte-level pieces. The weights are the 4-bit quantised file "
        "(Q4_1), so its numbers differ slightly from the original model's.",
        "ko": "다음 토큰을 예측하도록 학습된 Llama 방식 디코더입니다. 각 토큰은 자기 자신과 앞쪽 토큰만 봅니다"
        "(인과 마스크). 위치는 **회전 위치 인코딩**(RoPE, base 100,000)에서 옵니다. 쿼리와 키를 위치에 비례하는 "
        "각도만큼 돌리므로 두 토큰의 점수에는 둘 사이의 거리만 남습니다. 쿼리 헤드 9개가 키/밸류 헤드 3개를 "
        "나눠 씁니다(그룹 쿼리 어텐션). 글은 바이트 단위 조각으로 나뉩니다. 가중치는 4비트로 양자화된 파일"
        "(Q4_1)이라 원래 모델과 숫자가 조금 다릅니다.",
    },
    "real.missing": {
        "en": "The files of {model} are not on this server ({detail}). Run this in the app's folder, then "
        "reload the page:",
        "ko": "이 서버에 {model} 파일이 없습니다({detail}). 앱 폴더에서 다음 명령을 실행한 뒤 페이지를 "
        "새로 고치세요:",
    },
    "real.changed": {
        "en": "A file of {model} is not the pinned one ({detail}: its SHA-256 differs), so it is not loaded. "
        "Run this in the app's folder to fetch it again, then reload the page:",
        "ko": "{model}의 파일이 고정된 파일과 다릅니다({detail}: SHA-256 불일치). 그래서 불러오지 않습니다. "
        "앱 폴더에서 다음 명령으로 다시 받은 뒤 페이지를 새로 고치세요:",
    },
    "real.loading": {
        "en": "Loading {model} (once per server)…",
        "ko": "{model} 불러오는 중(서버마다 한 번)…",
    },
    "real.sentence": {"en": "Text", "ko": "문장"},
    "real.sentence.help": {
        "en": "Any text, English or Korean. The model reads at most {limit} tokens; this page shows the first "
        "{n} so every map stays readable.",
        "ko": "영어든 한국어든 어떤 글이든 됩니다. 모델은 최대 {limit}개 토큰을 읽고, 이 페이지는 맵이 잘 보이도록 "
        "앞의 {n}개만 보여 줍니다.",
    },
    "real.example": {"en": "Example", "ko": "예문"},
    "real.empty": {
        "en": "Type some text (not only spaces) to see the model read it.",
        "ko": "모델이 읽을 글을 입력하세요(공백만으로는 안 됩니다).",
    },
    "real.cut": {
        "en": "The text has {total} tokens; the maps show the first {n} ({cut} left out).",
        "ko": "글이 {total}개 토큰입니다. 맵은 앞의 {n}개만 보여 줍니다({cut}개 생략).",
    },
    "real.cut.sep": {
        "en": "The text has {total} tokens; the maps show the first {n}, with [SEP] kept at the end ({cut} left "
        "out).",
        "ko": "글이 {total}개 토큰입니다. 맵은 앞의 {n}개를 보여 주고 끝의 [SEP]는 남겨 둡니다({cut}개 생략).",
    },
    "real.section.tokens": {"en": "1. Tokens", "ko": "1. 토큰"},
    "real.section.all": {"en": "2. Every head", "ko": "2. 모든 헤드"},
    "real.section.one": {"en": "3. One head", "ko": "3. 헤드 하나"},
    "real.section.patterns": {"en": "4. Head patterns", "ko": "4. 헤드 패턴"},
    "real.section.next": {"en": "5. Next token", "ko": "5. 다음 토큰"},
    "real.section.generate": {"en": "6. Write on", "ko": "6. 이어 쓰기"},
    "real.section.lens": {"en": "7. Logit lens", "ko": "7. 로짓 렌즈"},
    "real.section.ablate": {"en": "8. Ablation", "ko": "8. 헤드 제거"},
    "real.section.patch": {"en": "9. Patching", "ko": "9. 활성값 패칭"},
    "real.section.induction": {"en": "10. Induction heads", "ko": "10. 귀납 헤드"},
    # ---- tokens -----------------------------------------------------------------------------------------
    "real.tokens.caption": {
        "en": "{n} tokens, as the model sees them; the table gives each piece's id in the vocabulary.",
        "ko": "모델이 보는 그대로의 토큰 {n}개입니다. 표에 각 조각의 어휘 번호가 있습니다.",
    },
    "real.tokens.chart": {"en": "The tokens and their ids", "ko": "토큰과 번호"},
    "real.tokens.position": {"en": "position", "ko": "위치"},
    "real.tokens.id": {"en": "token id", "ko": "토큰 번호"},
    "real.tokens.piece": {"en": "piece", "ko": "조각"},
    "real.tokens.notice.minilm": {
        "en": "**What to notice.** Common words are one piece each; rarer words split into pieces "
        "(`##` continues a word). Korean falls apart: the model lower-cases and strips accents, which takes "
        "every Hangul syllable apart into its letters (jamo), and a word with a character missing from the "
        "30,522-piece vocabulary becomes one [UNK], the whole word. This model was trained on English: what it does with Korean is not "
        "meaningful.",
        "ko": "**눈여겨볼 점.** 흔한 단어는 조각 하나, 드문 단어는 여러 조각으로 나뉩니다(`##`는 단어가 이어진다는 "
        "표시). 한국어는 흩어집니다. 모델이 소문자로 바꾸고 악센트를 없애는 과정에서 한글 음절이 자모로 "
        "분해되고, 30,522개 어휘에 없는 글자가 든 단어는 통째로 [UNK] 하나가 됩니다. 이 모델은 영어로 학습했으므로 한국어에 대한 "
        "결과에는 의미가 없습니다.",
    },
    "real.tokens.notice.smollm2": {
        "en": "**What to notice.** ␣ marks a piece that starts with a space: the space belongs to the word "
        "after it. Every text can be written, because the pieces are built from bytes; a character the "
        "vocabulary has no piece for is split into its UTF-8 bytes, shown in hex as ⟨EB 82⟩. A Korean "
        "syllable takes three bytes, so Korean often needs three tokens a syllable, and the model "
        "saw little Korean in training.",
        "ko": "**눈여겨볼 점.** ␣는 공백으로 시작하는 조각입니다. 공백은 뒤 단어에 붙습니다. 조각이 바이트로 "
        "만들어지므로 어떤 글이든 적을 수 있습니다. 어휘에 조각이 없는 글자는 UTF-8 바이트로 나뉘어 ⟨EB 82⟩처럼 "
        "16진수로 보입니다. 한글 음절 하나는 3바이트라서 음절마다 토큰 3개가 필요할 때가 많고, 이 모델은 학습 "
        "때 한국어를 거의 보지 못했습니다.",
    },
    # ---- every head -------------------------------------------------------------------------------------
    "real.all.chart": {
        "en": "Every head of every layer: {layers} layers × {heads} heads",
        "ko": "모든 층의 모든 헤드: {layers}층 × {heads}헤드",
    },
    "real.all.layer_axis": {"en": "layer (rows: queries)", "ko": "층(행: 쿼리)"},
    "real.all.head_axis": {"en": "head (columns: keys)", "ko": "헤드(열: 키)"},
    "real.all.pooled": {
        "en": "Each small map is one head: rows are queries, columns keys. With more than {n} tokens, each "
        "cell covers {k} × {k} tokens: the average over its queries of their total weight on its keys, so "
        "every row still sums to 1.",
        "ko": "작은 맵 하나가 헤드 하나입니다. 행은 쿼리, 열은 키입니다. 토큰이 {n}개보다 많으면 한 칸이 "
        "{k} × {k}개 토큰을 덮습니다. 칸의 값은 그 쿼리들이 그 키들에 준 가중치 합의 평균이라 모든 행의 합은 "
        "여전히 1입니다.",
    },
    "real.all.hover": {
        "en": "%{y} · %{x}<br>weight %{z:.3f}<extra></extra>",
        "ko": "%{y} · %{x}<br>가중치 %{z:.3f}<extra></extra>",
    },
    "real.all.layer_tick": {"en": "L{layer}", "ko": "{layer}층"},
    "real.all.head_tick": {"en": "H{head}", "ko": "{head}번"},
    "real.all.row": {"en": "layer {layer} · query {q}", "ko": "{layer}층 · 쿼리 {q}"},
    "real.all.col": {"en": "head {head} · key {k}", "ko": "{head}번 헤드 · 키 {k}"},
    "real.all.notice.minilm": {
        "en": "**What to notice.** The heads are not random: many show a bright diagonal just below the main "
        "one (attend to the previous token) or just above it (the next token), and many put most of "
        "their weight on the [CLS] or [SEP] column: a head with nothing to do parks its attention there. "
        "Compare with the random heads on the Attention heads page.",
        "ko": "**눈여겨볼 점.** 헤드는 무작위가 아닙니다. 주대각선 바로 아래(앞 토큰을 봄)나 바로 위(다음 토큰)에 "
        "밝은 대각선이 있는 헤드가 많고, [CLS]나 [SEP] 열에 가중치를 대부분 주는 헤드도 많습니다. 할 일이 없는 "
        "헤드는 어텐션을 그곳에 모아 둡니다. 어텐션 헤드 페이지의 무작위 헤드와 비교해 보세요.",
    },
    "real.all.notice.smollm2": {
        "en": "**What to notice.** Every map is a triangle: a token cannot see the tokens after it. From the "
        "third layer on, most heads pour their weight into the first column, whatever the first word "
        "is: the attention sink. A few heads keep a sharp diagonal just below the main one: "
        "previous-token heads.",
        "ko": "**눈여겨볼 점.** 모든 맵이 삼각형입니다. 토큰은 자기 뒤의 토큰을 볼 수 없습니다. 세 번째 층부터는 "
        "첫 단어가 무엇이든 대부분의 헤드가 첫 열에 가중치를 쏟습니다. 이것이 어텐션 싱크입니다. 주대각선 바로 "
        "아래에 선명한 대각선을 유지하는 몇몇 헤드는 앞 토큰 헤드입니다.",
    },
    # ---- one head ---------------------------------------------------------------------------------------
    "real.one.layer": {"en": "Layer", "ko": "층"},
    "real.one.head": {"en": "Head", "ko": "헤드"},
    "real.one.chart": {"en": "Layer {layer}, head {head}", "ko": "{layer}층, {head}번 헤드"},
    "real.one.group_chart": {
        "en": "Layer {layer}: query heads {heads} share key/value head {kv}",
        "ko": "{layer}층: 쿼리 헤드 {heads}번은 키/밸류 헤드 {kv}번을 함께 씁니다",
    },
    "real.one.panel": {"en": "head {head}", "ko": "{head}번 헤드"},
    "real.one.query": {"en": "query (reads)", "ko": "쿼리(읽는 토큰)"},
    "real.one.key": {"en": "key (is read)", "ko": "키(읽히는 토큰)"},
    "real.one.weight": {"en": "weight", "ko": "가중치"},
    "real.one.hover": {
        "en": "query %{y}<br>key %{x}<br>weight %{z:.3f}<extra></extra>",
        "ko": "쿼리 %{y}<br>키 %{x}<br>가중치 %{z:.3f}<extra></extra>",
    },
    "real.one.measures.causal": {
        "en": "This head: previous token {previous:.0%}, itself {self:.0%}, first token {first:.0%}; spread "
        "(entropy) {entropy:.0%} of the most it could be.",
        "ko": "이 헤드: 앞 토큰 {previous:.0%}, 자기 자신 {self:.0%}, 첫 토큰 {first:.0%}; 퍼짐(엔트로피)은 최대치의 "
        "{entropy:.0%}.",
    },
    "real.one.measures": {
        "en": "This head: previous token {previous:.0%}, next token {next:.0%}, itself {self:.0%}, first token "
        "{first:.0%}; spread (entropy) {entropy:.0%} of the most it could be.",
        "ko": "이 헤드: 앞 토큰 {previous:.0%}, 다음 토큰 {next:.0%}, 자기 자신 {self:.0%}, 첫 토큰 {first:.0%}; "
        "퍼짐(엔트로피)은 최대치의 {entropy:.0%}.",
    },
    "real.one.notice.minilm": {
        "en": "**What to notice.** Each row is one token reading the sentence and sums to 1. A sharp line "
        "beside the diagonal is a positional job: the head reads the neighbour, whatever the word. Try "
        "layer 1: several heads there do exactly that.",
        "ko": "**눈여겨볼 점.** 각 행은 문장을 읽는 토큰 하나이고 합은 1입니다. 대각선 옆의 선명한 선은 위치에 따른 "
        "일입니다. 단어가 무엇이든 이웃을 읽습니다. 1층을 보세요. 여러 헤드가 바로 그 일을 합니다.",
    },
    "real.one.notice.smollm2": {
        "en": "**What to notice.** The three maps side by side are the query heads that read the same keys "
        "and values (grouped-query attention): they share what they can look at but not how they "
        "look. Row 1 always puts all its weight on token 1: it can see nothing else.",
        "ko": "**눈여겨볼 점.** 나란히 놓인 세 맵은 같은 키와 밸류를 읽는 쿼리 헤드입니다(그룹 쿼리 어텐션). 볼 수 "
        "있는 것은 같지만 보는 방식은 다릅니다. 1행은 언제나 1번 토큰에 가중치를 전부 줍니다. 그 밖에는 볼 수 "
        "있는 것이 없습니다.",
    },
    # ---- patterns ---------------------------------------------------------------------------------------
    "real.pat.measure": {"en": "Sort the heads by", "ko": "헤드 정렬 기준"},
    "real.pat.previous": {"en": "previous token", "ko": "앞 토큰"},
    "real.pat.next": {"en": "next token", "ko": "다음 토큰"},
    "real.pat.self": {"en": "itself", "ko": "자기 자신"},
    "real.pat.first": {"en": "first token", "ko": "첫 토큰"},
    "real.pat.special": {"en": "[CLS] and [SEP]", "ko": "[CLS]와 [SEP]"},
    "real.pat.entropy": {"en": "spread (entropy)", "ko": "퍼짐(엔트로피)"},
    "real.pat.mixed": {"en": "mixed", "ko": "섞임"},
    "real.pat.map_chart": {
        "en": "Share of attention on: {measure}, every head",
        "ko": "{measure}에 가는 어텐션 비율, 모든 헤드",
    },
    "real.pat.entropy_chart": {
        "en": "Spread of attention (entropy, share of the most possible), every head",
        "ko": "어텐션의 퍼짐(엔트로피, 최대 대비 비율), 모든 헤드",
    },
    "real.pat.layer": {"en": "layer", "ko": "층"},
    "real.pat.head": {"en": "head", "ko": "헤드"},
    "real.pat.share": {"en": "share", "ko": "비율"},
    "real.pat.hover": {
        "en": "layer %{y}, head %{x}<br>%{z:.1%}<extra></extra>",
        "ko": "%{y}층, %{x}번 헤드<br>%{z:.1%}<extra></extra>",
    },
    "real.pat.top_chart": {"en": "The {n} heads with the most: {measure}", "ko": "{measure} 상위 {n}개 헤드"},
    "real.pat.top_label": {"en": "L{layer} H{head}", "ko": "{layer}층 {head}헤드"},
    "real.pat.table": {"en": "Every head, measured", "ko": "모든 헤드의 측정값"},
    "real.pat.col.layer": {"en": "layer", "ko": "층"},
    "real.pat.col.head": {"en": "head", "ko": "헤드"},
    "real.pat.col.kind": {"en": "clearest pattern", "ko": "가장 뚜렷한 패턴"},
    "real.pat.explain": {
        "en": "Each share is the average, over the queries that have one, of the weight a query puts on that "
        "token (the previous one, the next one, itself, the first, the special tokens). Spread is the "
        "entropy of a query's weights over the most it could be: 0 looks at one token, 100% spreads "
        "evenly. A head is named after a pattern when that share reaches 50%.",
        "ko": "각 비율은 해당 토큰(앞, 다음, 자기 자신, 첫 토큰, 특수 토큰)이 있는 쿼리들에 대해, 쿼리가 그 토큰에 "
        "주는 가중치의 평균입니다. 퍼짐은 쿼리 가중치의 엔트로피를 가능한 최대치로 나눈 값입니다. 0이면 한 토큰만 "
        "보고, 100%면 고르게 퍼집니다. 한 비율이 50%에 이르면 헤드에 그 패턴 이름을 붙입니다.",
    },
    "real.pat.notice": {
        "en": "**What to notice.** These are measured on your text. Change the text: the previous-token "
        "heads stay previous-token heads (their job is positional), while heads that follow meaning "
        "move around.",
        "ko": "**눈여겨볼 점.** 모두 입력한 글에서 잰 값입니다. 글을 바꿔 보세요. 앞 토큰 헤드는 계속 앞 토큰 헤드로 "
        "남지만(위치에 따른 일), 의미를 따르는 헤드는 달라집니다.",
    },
    "real.sink.chart": {
        "en": "Attention sink: share of attention on the first token, per layer",
        "ko": "어텐션 싱크: 층별로 첫 토큰에 가는 어텐션 비율",
    },
    "real.sink.hover": {"en": "layer %{x}<br>%{y:.1%} on token 1", "ko": "%{x}층<br>1번 토큰에 %{y:.1%}"},
    "real.sink.series": {"en": "on the first token", "ko": "첫 토큰에"},
    "real.sink.notice": {
        "en": "**What to notice.** Softmax must give every query's weights a total of 1, even when a head "
        "has nothing useful to read. A decoder learns to dump that weight on the first token, which every "
        "query can see: in the deeper layers most of the attention goes there. Its value is usually "
        "small, so the dump changes little.",
        "ko": "**눈여겨볼 점.** 소프트맥스는 헤드가 읽을 것이 없을 때도 쿼리 가중치의 합을 1로 만들어야 합니다. "
        "디코더는 모든 쿼리가 볼 수 있는 첫 토큰에 그 가중치를 버리도록 배웁니다. 깊은 층에서는 어텐션 대부분이 "
        "그곳으로 갑니다. 그 토큰의 밸류 벡터는 보통 작아서 결과가 거의 바뀌지 않습니다.",
    },
    # ---- next token -------------------------------------------------------------------------------------
    "real.next.temperature": {"en": "Temperature", "ko": "온도"},
    "real.next.temperature.help": {
        "en": "Divides the scores (logits) before softmax: below 1 sharpens the choice, above 1 flattens it, "
        "as on the Softmax page.",
        "ko": "소프트맥스 전에 점수(로짓)를 나눕니다. 1보다 작으면 선택이 뾰족해지고, 크면 평평해집니다. "
        "소프트맥스 페이지와 같습니다.",
    },
    "real.next.k": {"en": "Tokens shown", "ko": "보여 줄 토큰 수"},
    "real.next.chart": {
        "en": "The next token after “{last}”: top {k} at temperature {temp}",
        "ko": "“{last}” 다음 토큰: 온도 {temp}에서 상위 {k}개",
    },
    "real.next.x": {"en": "next token", "ko": "다음 토큰"},
    "real.next.y": {"en": "probability", "ko": "확률"},
    "real.next.series": {"en": "probability", "ko": "확률"},
    "real.next.hover": {"en": "%{x}<br>%{y:.2%}", "ko": "%{x}<br>%{y:.2%}"},
    "real.next.notice": {
        "en": "**What to notice.** This is the whole output of the model: one probability for each of its "
        "49,152 pieces, from the last token's vector after all 30 layers. Lower the temperature and the "
        "favourite takes nearly everything; raise it and the rest catch up.",
        "ko": "**눈여겨볼 점.** 이것이 모델 출력의 전부입니다. 30개 층을 모두 지난 마지막 토큰의 벡터에서 49,152개 "
        "조각 각각의 확률이 나옵니다. 온도를 낮추면 1등이 거의 전부를 가져가고, 높이면 나머지가 따라잡습니다.",
    },
    "real.next.completed": {
        "en": "**Whole characters.** A token that is only part of a character (a Korean syllable takes three "
        "bytes, often one token each) is followed by the model's likeliest next token, then the next, at "
        "most {more} more, until the bytes make whole characters (greedy completion): the label shows those "
        "characters, then the pieces in brackets. A character the text's own last token left unfinished is "
        "shown whole too. The bar is the probability of the first token alone.",
        "ko": "**온전한 글자로.** 글자의 일부뿐인 토큰(한글 음절 하나는 3바이트이고, 바이트마다 토큰 하나일 때가 "
        "많습니다)에는 모델이 가장 높은 확률을 주는 다음 토큰을 하나씩, 최대 {more}개까지 이어 붙여 바이트가 온전한 "
        "글자가 되게 합니다(탐욕적 완성). 이름표는 그 글자를 먼저, 괄호 안에 원래 조각을 보여 줍니다. 입력한 글의 "
        "마지막 토큰이 끝맺지 못한 글자도 온전히 보여 줍니다. 막대 높이는 첫 토큰 하나의 확률입니다.",
    },
    "real.next.minilm": {
        "en": "MiniLM is an encoder: it reads the whole text at once and predicts no next token. Choose "
        "SmolLM2 to see one.",
        "ko": "MiniLM은 인코더라서 글 전체를 한 번에 읽고 다음 토큰을 예측하지 않습니다. SmolLM2를 고르면 볼 수 "
        "있습니다.",
    },
}
