"""The law: the rulebooks (``rulebooks``: each book a data file of rules, parameters and the decision rows that
cite them) and the rulings decided from a hand's findings under a book (``rulings``).

Pure like the fold it reads: standard library only, no I/O, clock or randomness.
"""
