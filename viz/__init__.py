"""Attention Lab's importable package, in packages by concern, lowest layer first: encodings (position,
NumPy), scores (softmax and masks, NumPy), model (the live PyTorch model and its cache), pretrained (the
real models, offline), state (settings, links, the lesson), cache (the shared memory budget and figure
memo), figures (Plotly builders, striding, CSV), i18n (every string, English and Korean); above them ui
(the Streamlit kit) and views (each page's composite views). docs/ARCHITECTURE.md draws the plan."""
