"""The fold of facts: cards, the table and its rotation, the events of a hand log and the hand's state, folded
event by event into findings (``steps``: the deal, the streets and the betting round, a defect discovered); what the
floor's rulings did to the hand, recorded as facts (``ruled``); what the hand leaves for the next one
(``aftermath``).

Pure: standard library only (msgspec for the events' Structs), no I/O, clock or randomness. Facts alone: nothing
here imports the law (a finding names no rule: ``floorman.law.rulebooks.decisions.finding_rules`` reads them) or the
engine.
"""
