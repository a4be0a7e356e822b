"""Automatic differentiation on the loop IR: reverse mode (``reverse.py``) and forward mode
(``forward.py``) as IR -> IR transformers, one derivative rule table (``rules.py``), the user API
(``api.py``)."""
