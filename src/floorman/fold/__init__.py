"""The fold of facts: cards, the table and its rotation, the events of a hand log and the hand's state, folded
event by event into findings (``steps``: the deal, the streets and the betting round).

Pure: standard library only (msgspec for the events' Structs), no I/O, clock or randomness. It reads the law's
decision rows (``floorman.law.rulebooks.decisions``) to cite a finding's rules, and nothing else above it.
"""
