"""The class in the loop (issue 41): a teacher's class session, students who join it by a code and answer
the lesson's questions, and teachers' own lessons, kept in a store every server process shares
(store). No Streamlit here: the pages that use it come later."""
