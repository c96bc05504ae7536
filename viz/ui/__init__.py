"""The Streamlit kit every page shares: the shell (sidebar, settings, the address bar), widgets, sections
(tabs), the chart component (chart/), charts drawn in the browser while a slider moves (live/), the
presenter view (presenter/), the files served from static/ (static_files), and the once-per-process start
(runtime). It imports the layers below it and never a page's views."""
