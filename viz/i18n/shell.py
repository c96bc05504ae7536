"""Strings of the kit (viz/ui, and viz/state's URL rules: the app's title and navigation, the sidebar, URL
notes, shared widgets, the chart component and live strips, CSV headers, errors) and the words several views
modules share (chart axes, the attention maps' axes and hover), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # ---- app shell -------------------------------------------------------------------------------------
    "ui.app.title": {"en": "Attention Lab", "ko": "어텐션 랩"},
    "ui.nav.home": {"en": "Home", "ko": "홈"},
    "ui.nav.pe": {"en": "Positional encoding", "ko": "위치 인코딩"},
    "ui.sidebar.header": {"en": "Shared settings", "ko": "공통 설정"},
    "ui.sidebar.all_sections": {"en": "Every section at once", "ko": "모든 절을 한 화면에"},
    "ui.sidebar.all_sections.help": {
        "en": "Each page shows its sections as tabs, and only the open tab is computed and drawn, so a slider "
        "redraws quickly. Switch this on to see every section one under the other instead (slower to redraw).",
        "ko": "각 페이지는 절을 탭으로 나누어, 열린 탭만 계산하고 그립니다. 그래서 슬라이더를 움직이면 빨리 "
        "다시 그려집니다. 켜면 모든 절이 위아래로 한꺼번에 나옵니다(다시 그리는 데 더 걸립니다).",
    },
    "ui.sidebar.presenter": {"en": "Presenter view (projector)", "ko": "발표 화면 (프로젝터)"},
    "ui.sidebar.presenter.help": {
        "en": "For a projector: larger text and tick labels, the chart first and taller, colours that survive a "
        "washed-out screen, and the sidebar closed (its button at the top left opens it again). Each explanation "
        "shows its first line: click it to read the rest. The link keeps it (present=1).",
        "ko": "프로젝터용 화면입니다. 글자와 눈금 숫자를 키우고, 차트를 먼저 더 크게 보여 주며, 흐릿한 스크린에서도 "
        "구별되는 색을 쓰고, 사이드바를 닫습니다(왼쪽 위 버튼으로 다시 열 수 있습니다). 설명은 첫 줄만 보이며, "
        "누르면 나머지가 펼쳐집니다. 링크에도 남습니다(present=1).",
    },
    "ui.sidebar.caption": {
        "en": "These settings are the same on every page. The address bar holds the whole view (these "
        "settings, the page's controls and its open tabs): copy the URL to share exactly what you see.",
        "ko": "이 설정은 모든 페이지에 똑같이 적용됩니다. 주소창에는 지금 보이는 화면 전체(이 설정, 페이지의 "
        "조절 항목, 열린 탭)가 담기므로 URL을 복사하면 보이는 그대로 공유할 수 있습니다.",
    },
    "ui.sidebar.lang": {"en": "Language", "ko": "언어"},
    "ui.sidebar.d_model": {"en": "d_model (vector width)", "ko": "d_model (벡터 차원)"},
    "ui.sidebar.d_model.help": {
        "en": "How many numbers describe each token. The paper uses 512.",
        "ko": "토큰 하나를 몇 개의 숫자로 표현하는지. 논문은 512를 씁니다.",
    },
    "ui.sidebar.max_len": {"en": "max_len (positions)", "ko": "max_len (위치 개수)"},
    "ui.sidebar.max_len.help": {
        "en": "How many positions (tokens in a sequence) are encoded.",
        "ko": "인코딩할 위치(시퀀스 안 토큰)의 개수.",
    },
    "ui.sidebar.base": {"en": "base (wavelength scale)", "ko": "base (파장 배율)"},
    "ui.sidebar.base.help": {
        "en": "The constant in base^(2i/d_model). The paper uses 10000; some notes print 1000.",
        "ko": "base^(2i/d_model)의 상수. 논문은 10000을 쓰고, 일부 자료에는 1000으로 적혀 있습니다.",
    },
    "ui.sidebar.heads": {"en": "heads (attention heads)", "ko": "heads (어텐션 헤드 수)"},
    "ui.sidebar.heads.help": {
        "en": "Each head gets d_k = d_model / heads dimensions, so the divisors of d_model are offered. A count "
        "that no longer divides d_model after a change (or from a link) is kept, and the nearest divisor is "
        "used until it divides again; the sidebar says so.",
        "ko": "헤드마다 d_k = d_model / heads 차원을 받으므로 d_model의 약수를 고를 수 있습니다. d_model을 "
        "바꾸거나 링크로 열어 고른 수가 더는 나누어떨어지지 않으면, 그 수는 그대로 두고 다시 나누어떨어질 "
        "때까지 가장 가까운 약수를 씁니다. 사이드바에 그렇게 적어 둡니다.",
    },
    "ui.sidebar.d_k": {
        "en": "d_k = {d_model} / {heads} = {d_k} per head",
        "ko": "헤드당 d_k = {d_model} / {heads} = {d_k}",
    },
    "ui.sidebar.odd": {
        "en": "d_model is odd: the last column has no partner, so its sine gets no cosine.",
        "ko": "d_model이 홀수입니다. 마지막 열은 짝이 없어 사인만 있고 코사인이 없습니다.",
    },
    "ui.sidebar.heads_adjusted": {
        "en": "{old} heads do not divide d_model = {d_model}; using {new}.",
        "ko": "d_model = {d_model}: 헤드 {old}개로는 나누어떨어지지 않아 {new}개를 씁니다.",
    },
    "ui.url.invalid": {
        "en": "The link asked for {key} = “{value}”, which is not allowed here ({rule}). Using {default} instead.",
        "ko": "링크의 {key} = “{value}” 값은 쓸 수 없습니다({rule}). 대신 쓰는 값: {default}.",
    },
    "ui.url.rule.int_range": {"en": "a whole number from {lo} to {hi}", "ko": "{lo}부터 {hi}까지의 정수"},
    "ui.url.rule.choice": {"en": "one of {choices}", "ko": "{choices} 중 하나"},
    "ui.url.rule.once": {"en": "given more than once", "ko": "두 번 이상 적혀 있음"},
    "ui.url.rule.bool": {"en": "1 (on) or 0 (off)", "ko": "1(켜기) 또는 0(끄기)"},
    "ui.url.rule.grid": {
        "en": "a number from {lo} to {hi} in steps of {step}",
        "ko": "{lo}부터 {hi}까지 {step} 간격의 수",
    },
    "ui.url.rule.text": {"en": "at most {n} characters", "ko": "최대 {n}자"},
    "ui.url.rule.code": {
        "en": "a code of at most {n} letters and digits, as the app wrote it",
        "ko": "앱이 만든 그대로의, 최대 {n}자의 영문자와 숫자 코드",
    },
    "ui.url.rule.list": {
        "en": "up to {n} whole numbers from {lo} to {hi}, separated by commas",
        "ko": "{lo}부터 {hi}까지의 정수를 쉼표로 구분해 최대 {n}개",
    },
    "ui.url.rule.range": {
        "en": "two whole numbers from {lo} to {hi}, separated by a comma",
        "ko": "{lo}부터 {hi}까지의 정수 두 개를 쉼표로 구분",
    },
    "ui.url.page_default": {"en": "the page's default", "ko": "페이지의 기본값"},
    "ui.url.rule.page_range": {
        "en": "outside what this page allows with these settings",
        "ko": "지금 설정에서 이 페이지가 허용하는 범위 밖",
    },
    "ui.url.heading": {
        "en": "This link holds values the app cannot use; each was replaced as said below.",
        "ko": "이 링크에는 앱이 쓸 수 없는 값이 있어, 아래에 적은 대로 바꿨습니다.",
    },
    # ---- common chart bits -----------------------------------------------------------------------------
    # a live strip (viz.ui.live): sliders the browser follows itself while they move
    "ui.page.about": {
        "en": "About this page: what it shows, and where the notes differ",
        "ko": "이 페이지에 대하여: 무엇을 보여 주는지, 노트와 다른 점",
    },
    "ui.live.title": {"en": "Drag to watch it move:", "ko": "끌면서 변화를 보세요:"},
    "ui.live.sidebar": {
        "en": "Drag d_model, max_len or base in the sidebar: the chart redraws as you drag.",
        "ko": "사이드바의 d_model, max_len, base를 끌어 보세요. 끄는 동안 차트가 바로 다시 그려집니다.",
    },
    "ui.live.hint": {
        "en": "The chart redraws in your browser as you drag. When you let go, the rest of the page and the link follow.",
        "ko": "끄는 동안 차트는 브라우저가 바로 다시 그립니다. 손을 떼면 페이지의 나머지와 링크가 따라 바뀝니다.",
    },
    "ui.chart.download_csv": {"en": "Download data (CSV)", "ko": "데이터 내려받기 (CSV)"},
    "ui.chart.load_failed": {
        "en": "The chart library could not be loaded: reload the page.",
        "ko": "차트 라이브러리를 불러오지 못했습니다. 페이지를 새로 고치세요.",
    },
    "ui.chart.library_bad": {
        "en": "Charts may stay blank: this server's copy of the chart library (static/{name}) is not the one the app ships, and the app could not replace it ({problem}). Whoever runs the app: make the static/ folder next to app.py writable, then restart the app.",
        "ko": "차트가 비어 보일 수 있습니다. 이 서버가 보내는 차트 라이브러리 파일(static/{name})이 앱에 든 것과 다른데, 앱이 바꿔 놓지 못했습니다({problem}). 앱을 운영하는 분은 app.py 옆의 static/ 폴더에 쓰기 권한을 주고 앱을 다시 시작하세요.",
    },
    "ui.chart.library.missing": {"en": "the file is missing", "ko": "파일이 없음"},
    "ui.chart.library.stale": {
        "en": "it is version {found}, the app needs {expected}",
        "ko": "버전 {found}, 필요한 버전 {expected}",
    },
    "ui.chart.library.truncated": {
        "en": "it is cut short: {found} of {expected} bytes",
        "ko": "파일이 잘림: {expected}바이트 중 {found}바이트",
    },
    "ui.chart.library.altered": {"en": "its content differs", "ko": "내용이 다름"},
    # plotly.js's own strings that the vendored Korean locale (older than the bundle) lacks: the English
    # is plotly.js's text, word for word (viz.ui.chart.plotly_js.PLOTLY_EXTRA_STRINGS).
    "ui.chart.plotly.preparing": {
        "en": "Preparing image - this may take a few seconds",
        "ko": "이미지를 준비하는 중입니다. 몇 초 걸릴 수 있습니다",
    },
    "ui.chart.plotly.done": {"en": "Image download succeeded", "ko": "이미지를 내려받았습니다"},
    "ui.chart.plotly.failed": {
        "en": "Sorry, there was a problem downloading your image!",
        "ko": "죄송합니다. 이미지를 내려받는 중에 문제가 생겼습니다!",
    },
    "ui.chart.plotly.subtitle": {
        "en": "Click to enter Plot subtitle",
        "ko": "차트 부제목을 지정하려면 클릭하세요",
    },
    "ui.chart.position": {"en": "position", "ko": "위치"},
    "ui.chart.dimension": {"en": "dimension", "ko": "차원"},
    "ui.chart.value": {"en": "value", "ko": "값"},
    # a chart's text alternative (viz.figures.summary): its aria-label, read by a screen reader
    "ui.chart.summary.chart": {"en": "Chart", "ko": "차트"},
    "ui.chart.summary.heatmap": {
        "en": "largest {hi} at row {hi_row}, column {hi_col}; smallest {lo} at row {lo_row}, column {lo_col}",
        "ko": "가장 큰 값 {hi}(행 {hi_row}, 열 {hi_col}), 가장 작은 값 {lo}(행 {lo_row}, 열 {lo_col})",
    },
    "ui.chart.summary.line": {
        "en": "from {lo} to {hi}, highest at {at}",
        "ko": "{lo}부터 {hi}까지, {at}에서 가장 큼",
    },
    "ui.chart.summary.flat": {"en": "{value} throughout", "ko": "어디서나 {value}"},
    "ui.chart.summary.bar": {
        "en": "largest bar {hi_at} ({hi}), smallest bar {lo_at} ({lo})",
        "ko": "가장 큰 막대 {hi_at}({hi}), 가장 작은 막대 {lo_at}({lo})",
    },
    "ui.chart.summary.lines": {
        "en": "{n} lines; the strongest from {query} to {key} in {head}, weight {weight}",
        "ko": "선 {n}개, 가장 진한 선은 {head}의 {query} → {key}, 가중치 {weight}",
    },
    "ui.chart.summary.more": {"en": "and {n} more", "ko": "그 밖에 {n}개 더"},
    "ui.chart.summary.none": {"en": "nothing drawn", "ko": "그려진 것 없음"},
    # a chart's data as a table, on demand (viz.ui.chart)
    "ui.chart.table": {"en": "Data table", "ko": "데이터 표"},
    "ui.chart.table.rows": {
        "en": "The first {shown} of the CSV's {rows} rows (the download has them all).",
        "ko": "CSV의 {rows}행 중 처음 {shown}행입니다(내려받은 파일에는 모두 있습니다).",
    },
    "ui.chart.table.all": {"en": "All {rows} rows of the CSV.", "ko": "CSV의 {rows}행 전체입니다."},
    # ---- CSV downloads (viz.figures.export): headers and notes in the file ---------------------------------------
    "ui.csv.x": {"en": "x", "ko": "x"},
    # ---- keys several pages show (the Attention and Encoder pages share their sentence and model controls)
    "ui.pe.kind": {"en": "Encoding", "ko": "인코딩 방식"},
    "ui.nav.emb": {"en": "Embedding + PE", "ko": "임베딩 + 위치 인코딩"},
    "ui.emb.cut.chars": {
        "en": "Only the first {limit} characters are read; {cut} more were left out.",
        "ko": "처음 {limit}자만 읽었습니다. 나머지 {cut}자는 빠졌습니다.",
    },
    "ui.emb.token": {"en": "token", "ko": "토큰"},
    "ui.nav.sim": {"en": "Position similarity", "ko": "위치 유사도"},
    "ui.nav.sm": {"en": "Softmax and scaling", "ko": "소프트맥스와 스케일링"},
    "ui.error.generic": {
        "en": "This part could not be drawn with the current settings ({error}). The rest of the page still works.",
        "ko": "현재 설정으로는 이 부분을 그릴 수 없습니다({error}). 페이지의 나머지는 정상입니다.",
    },
    "ui.nav.att": {"en": "Attention heads", "ko": "어텐션 헤드"},
    "ui.att.heads_bad": {
        "en": "{asked} heads do not divide d_model = {d_model}: each head would get {share} dimensions, and a head needs a whole number. This page uses {used} heads (d_k = {d_k}) instead. Head counts that work for d_model = {d_model}: {options}.",
        "ko": "헤드 {asked}개로는 d_model({d_model})을 나눌 수 없습니다. 헤드 하나가 {share}차원을 받아야 하는데, 차원은 정수여야 합니다. 그래서 이 페이지는 헤드 {used}개(d_k = {d_k})를 씁니다. d_model = {d_model}에 맞는 헤드 수: {options}.",
    },
    "ui.att.seed": {"en": "Model seed", "ko": "모델 시드"},
    "ui.att.example": {"en": "Example", "ko": "예문"},
    "ui.att.example.own": {"en": "(your own sentence)", "ko": "(직접 입력한 문장)"},
    "ui.att.sentence": {"en": "Sentence", "ko": "문장"},
    "ui.att.cut": {
        "en": "Only the first {n} tokens (and {chars} characters) are used.",
        "ko": "앞의 {n}개 토큰(그리고 {chars}자)만 씁니다.",
    },
    "ui.att.empty": {
        "en": "Type a sentence to see attention: there are no words in the box.",
        "ko": "어텐션을 보려면 문장을 입력하세요. 지금 입력칸에 단어가 없습니다.",
    },
    "ui.att.layer": {"en": "Layer", "ko": "층"},
    "ui.att.first_head": {"en": "First head shown", "ko": "처음 보여 줄 헤드"},
    "ui.att.first_head.help": {
        "en": "Sixteen heads are drawn at a time; slide to see the others.",
        "ko": "한 번에 헤드 16개를 그립니다. 나머지는 밀어서 보세요.",
    },
    "ui.att.grid_cut": {
        "en": "Showing {shown} of {heads} heads.",
        "ko": "헤드 {heads}개 중 {shown}개를 보여 줍니다.",
    },
    "ui.att.head_title": {"en": "head {h}", "ko": "헤드 {h}"},
    "ui.att.weight": {"en": "weight", "ko": "가중치"},
    "ui.att.hover": {
        "en": "query %{y}<br>key %{x}<br>weight %{z:.3f}<extra></extra>",
        "ko": "쿼리 %{y}<br>키 %{x}<br>가중치 %{z:.3f}<extra></extra>",
    },
    "ui.att.rope_dk1": {
        "en": "With d_k = {d_k} a head has no pair of dimensions to rotate, so RoPE changes nothing here: the model is blind to position. Use fewer heads (a larger d_k).",
        "ko": "d_k = {d_k}이면 헤드에 회전시킬 차원 쌍이 없어서 RoPE가 아무것도 바꾸지 못합니다. 모델이 위치를 볼 수 없습니다. 헤드 수를 줄여(d_k를 키워) 보세요.",
    },
    "ui.nav.enc": {"en": "Encoder block", "ko": "인코더 블록"},
    "ui.pe.heatmap.hover": {
        "en": "position %{y}<br>dimension %{x}<br>value %{z:.4f}<extra></extra>",
        "ko": "위치 %{y}<br>차원 %{x}<br>값 %{z:.4f}<extra></extra>",
    },
    "ui.nav.lesson": {"en": "Guided lesson", "ko": "수업 따라가기"},
    "ui.nav.join": {"en": "Join a class", "ko": "수업 참여하기"},
    "ui.nav.write": {"en": "Write a lesson", "ko": "수업 만들기"},
    # ---- a teacher's lesson draft (viz/ui/lesson_draft.py) ---------------------------------------------
    "ui.draft.add": {"en": "Add this view to my lesson", "ko": "이 화면을 내 수업에 추가"},
    "ui.draft.add.help": {
        "en": "The page and its settings as they are now become the next step of the lesson you are "
        "writing; write its question on the Write a lesson page.",
        "ko": "지금 보이는 페이지와 설정이 작성 중인 수업의 다음 단계가 됩니다. 질문은 ‘수업 만들기’ 페이지에서 "
        "씁니다.",
    },
    "ui.draft.added": {"en": "Added as step {n} of your lesson.", "ko": "내 수업의 {n}단계로 추가했습니다."},
    "ui.draft.edit": {"en": "Write its question", "ko": "질문 쓰러 가기"},
    "ui.att.key": {"en": "key (attended to)", "ko": "키 (주목받는 토큰)"},
    "ui.att.query": {"en": "query (attending)", "ko": "쿼리 (주목하는 토큰)"},
    "ui.att.steps.hover": {
        "en": "%{y}, dimension %{x}<br>%{z:.3f}<extra></extra>",
        "ko": "%{y}, 차원 %{x}<br>%{z:.3f}<extra></extra>",
    },
    "ui.nav.real": {"en": "Real models", "ko": "실제 모델"},
    "ui.nav.zoo": {"en": "Attention variants", "ko": "어텐션 변형"},
}
