"""Strings of SmolLM2 writing on (viz/views/generate.py: the Real models page's sixth tab), English and
Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "gen.mode": {"en": "Next token", "ko": "다음 토큰 고르기"},
    "gen.mode.sample": {"en": "Sample", "ko": "샘플링"},
    "gen.mode.top": {"en": "Likeliest (greedy)", "ko": "가장 높은 확률(탐욕)"},
    "gen.temperature": {"en": "Temperature", "ko": "온도"},
    "gen.temperature.help": {
        "en": "Divides the scores (logits) before softmax: below 1 the favourites take more, above 1 the "
        "rest catch up. The likeliest token does not change.",
        "ko": "소프트맥스 전에 점수(로짓)를 나눕니다. 1보다 작으면 상위 토큰이 더 많이 가져가고, 크면 나머지가 "
        "따라잡습니다. 가장 확률이 높은 토큰은 바뀌지 않습니다.",
    },
    "gen.top_k": {"en": "Top-k (0: off)", "ko": "top-k (0: 끔)"},
    "gen.top_k.help": {
        "en": "Only the k likeliest tokens can be drawn; their probabilities are scaled up to add to 1.",
        "ko": "확률이 가장 높은 토큰 k개만 뽑힐 수 있습니다. 그 확률들은 합이 1이 되도록 다시 나눕니다.",
    },
    "gen.top_p": {"en": "Top-p (1: off)", "ko": "top-p (1: 끔)"},
    "gen.top_p.help": {
        "en": "After top-k, only the fewest likeliest tokens whose probabilities add up to p can be drawn "
        "(nucleus sampling).",
        "ko": "top-k 다음에, 확률을 더해 p에 이르는 가장 적은 수의 상위 토큰만 뽑힐 수 있습니다(누클리어스 "
        "샘플링).",
    },
    "gen.seed": {"en": "Seed", "ko": "시드"},
    "gen.seed.help": {
        "en": "The same seed and settings write the same tokens, on any computer: the link replays them.",
        "ko": "같은 시드와 설정이면 어느 컴퓨터에서나 같은 토큰을 씁니다. 링크로 그대로 다시 볼 수 있습니다.",
    },
    "gen.n": {"en": "Tokens written", "ko": "쓴 토큰 수"},
    "gen.n.help": {
        "en": "How many tokens the model writes after the text, one at a time (at most {max}).",
        "ko": "모델이 글 뒤에 한 번에 하나씩 쓰는 토큰 수입니다(최대 {max}개).",
    },
    "gen.more": {"en": "＋1 token", "ko": "＋토큰 1개"},
    "gen.stop": {"en": "Stop", "ko": "멈추기"},
    "gen.writing": {"en": "Writing token {j} of {n}…", "ko": "토큰 {n}개 중 {j}번째를 쓰는 중…"},
    "gen.rate": {
        "en": "This page writes at most {rate} new tokens a minute for each visitor; {n} are shown. Wait "
        "{wait} s and move the slider again.",
        "ko": "이 페이지는 방문자마다 1분에 새 토큰을 최대 {rate}개까지 씁니다. {n}개를 보여 줍니다. {wait}초 "
        "기다린 뒤 슬라이더를 다시 움직이세요.",
    },
    "gen.none": {
        "en": "No tokens written yet: press “＋1 token” or move “Tokens written”.",
        "ko": "아직 쓴 토큰이 없습니다. “＋토큰 1개”를 누르거나 “쓴 토큰 수”를 움직이세요.",
    },
    "gen.text": {
        "en": "The text so far (what you typed, then what the model wrote)",
        "ko": "지금까지의 글(입력한 글, 그다음 모델이 쓴 글)",
    },
    "gen.strip": {"en": "Tokens written (pick one)", "ko": "쓴 토큰(하나 고르기)"},
    "gen.strip.help": {
        "en": "Pick a token to see the step that chose it: its candidates and its attention. A Korean "
        "syllable can take several tokens (one per byte): they are shown as one character, and picking it "
        "shows the step that began it.",
        "ko": "토큰을 고르면 그 토큰을 고른 단계(후보와 어텐션)를 봅니다. 한글 음절 하나는 토큰 여러 개(바이트마다 "
        "하나)일 수 있습니다. 그런 토큰은 한 글자로 묶어 보여 주며, 고르면 그 글자를 시작한 단계를 봅니다.",
    },
    "gen.bars.title": {
        "en": "Step {j}: after “{last}”, the model chose “{chosen}” ({q:.1%} after the cuts)",
        "ko": "{j}단계: “{last}” 다음에 모델이 고른 토큰은 “{chosen}”(자른 뒤 {q:.1%})",
    },
    "gen.bars.whole": {
        "en": "A candidate that is only part of a character (a Korean syllable is three bytes, often a token "
        "each) is labelled with the whole characters the model's likeliest next tokens make of it (at most "
        "{more} more), then its pieces in brackets; its bars are its own probability, as a token alone.",
        "ko": "글자의 일부뿐인 후보(한글 음절은 3바이트이고, 바이트마다 토큰 하나일 때가 많습니다)는 모델이 "
        "가장 그럴듯하게 이어 쓸 토큰들(최대 {more}개 더)로 채운 온전한 글자와, 괄호 안의 조각들로 "
        "표시합니다. 막대는 그 토큰 하나만의 확률입니다.",
    },
    "gen.bars.x": {"en": "candidate next token (▶ chosen)", "ko": "다음 토큰 후보(▶ 고른 토큰)"},
    "gen.bars.y": {"en": "probability", "ko": "확률"},
    "gen.bars.p": {"en": "at temperature {temp}", "ko": "온도 {temp}에서"},
    "gen.bars.q": {"en": "after top-k and top-p (drawn from)", "ko": "top-k와 top-p 뒤(여기서 뽑음)"},
    "gen.bars.hover": {"en": "%{x}<br>%{y:.2%}", "ko": "%{x}<br>%{y:.2%}"},
    "gen.bars.kept": {
        "en": "{kept} tokens were left in the running after top-k and top-p; the draw was {u:.3f} (a token "
        "is chosen where the running total of the drawn-from bars, from the left, passes it).",
        "ko": "top-k와 top-p 뒤에 남은 후보는 {kept}개였고, 뽑은 난수는 {u:.3f}입니다(왼쪽부터 뽑는 쪽 막대를 "
        "더해 가다가 그 수를 넘는 곳의 토큰이 골라집니다).",
    },
    "gen.bars.greedy": {
        "en": "Greedy: the likeliest token is taken; temperature, top-k, top-p and the seed change nothing "
        "it writes.",
        "ko": "탐욕 모드: 가장 확률이 높은 토큰을 고릅니다. 온도, top-k, top-p, 시드는 쓰는 글을 바꾸지 않습니다.",
    },
    "gen.att.title": {
        "en": "Step {j}: how “{last}” read the text so far, every layer (mean of the {heads} heads)",
        "ko": "{j}단계: 지금까지의 글을 읽는 “{last}”, 모든 층(헤드 {heads}개의 평균)",
    },
    "gen.att.x": {"en": "token read (key)", "ko": "읽힌 토큰(키)"},
    "gen.att.y": {"en": "layer", "ko": "층"},
    "gen.att.layer": {"en": "layer {l}", "ko": "{l}층"},
    "gen.att.weight": {"en": "weight", "ko": "가중치"},
    "gen.att.hover": {
        "en": "%{y}, reads %{x}<br>mean weight %{z:.1%}<extra></extra>",
        "ko": "%{y}, 읽은 토큰 %{x}<br>평균 가중치 %{z:.1%}<extra></extra>",
    },
    "gen.notice": {
        "en": "**What to notice.** Each step is the next-token tab once more: the model reads the text so "
        "far and gives every token a probability. Temperature reshapes those, top-k and top-p cut the "
        "tail, and one token is drawn from what is left and appended. Then it all runs again. Greedy "
        "writing soon repeats itself; a little sampling keeps it going. Change only the seed to see "
        "another text from the same probabilities.",
        "ko": "**눈여겨볼 점.** 한 단계는 '다음 토큰' 탭을 한 번 더 하는 것입니다. 모델이 지금까지의 글을 읽고 "
        "모든 토큰에 확률을 줍니다. 온도가 그 모양을 바꾸고, top-k와 top-p가 꼬리를 자르고, 남은 것에서 토큰 "
        "하나를 뽑아 뒤에 붙입니다. 그리고 전체를 다시 돌립니다. 탐욕 모드로 쓰면 금방 같은 말을 되풀이하고, "
        "조금 샘플링하면 글이 이어집니다. 시드만 바꾸면 같은 확률에서 다른 글이 나옵니다.",
    },
    "gen.att.notice": {
        "en": "**What to notice.** One row per layer: the newest token's query against every token so far "
        "(the causal mask hides nothing here, since every earlier token is in the past). Deep layers "
        "put much of their weight on the first token, the attention sink; the words that decide the "
        "next one stand out in the middle layers.",
        "ko": "**눈여겨볼 점.** 층마다 한 줄입니다. 가장 새 토큰의 쿼리를 지금까지의 모든 토큰과 견줍니다(앞의 "
        "토큰은 모두 과거라서 인과 마스크가 가리는 것이 없습니다). 깊은 층은 가중치 상당 부분을 첫 토큰(어텐션 "
        "싱크)에 둡니다. 다음 토큰을 정하는 단어는 중간 층에서 두드러집니다.",
    },
    "gen.minilm": {
        "en": "MiniLM is an encoder: it reads the whole text at once and writes nothing. Choose SmolLM2 to "
        "watch a model write.",
        "ko": "MiniLM은 인코더라서 글 전체를 한 번에 읽고 아무것도 쓰지 않습니다. SmolLM2를 고르면 모델이 글을 "
        "쓰는 모습을 볼 수 있습니다.",
    },
    "gen.csv.rank": {"en": "rank", "ko": "순위"},
    "gen.csv.id": {"en": "token id", "ko": "토큰 번호"},
    "gen.csv.token": {"en": "token", "ko": "토큰"},
    "gen.csv.p": {"en": "probability at the temperature", "ko": "온도를 적용한 확률"},
    "gen.csv.q": {"en": "probability after top-k and top-p", "ko": "top-k와 top-p 뒤의 확률"},
    "gen.csv.chosen": {"en": "chosen (1)", "ko": "고름(1)"},
    "gen.csv.layer": {"en": "layer", "ko": "층"},
    "gen.csv.head": {"en": "head", "ko": "헤드"},
    "gen.csv.key_index": {"en": "key position", "ko": "키 위치"},
    "gen.csv.key_token": {"en": "key token", "ko": "키 토큰"},
    "gen.csv.weight": {"en": "weight", "ko": "가중치"},
}
