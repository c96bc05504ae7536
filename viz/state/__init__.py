"""What a visitor has chosen and how it travels: the shared settings and their checks (settings), the
kinds of URL value (params), every page's URL parameters declared once (link), and the guided lesson's
steps, each a link (lesson). No Streamlit: the kit in viz.ui reads and writes these."""
