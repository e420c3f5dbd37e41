"""The session above the fold and the law: ``hand`` follows a hand event by event and rules on it (``Hand``,
``rule``); ``result`` is what a ruling returns (the ruling, the findings, the hand's frozen view).
"""
