"""The rulings: what the floor decides from the fold's findings under a rulebook.

``judge`` decides every open finding through the deciders (``decide_deal``, ``decide_board``, ``decide_handling``,
``decide_table``, ``decide_next``), each reading its decision rows from what ``context`` gives it; ``sa`` says
when substantial action is reached, ``feasible`` whether a remedy can still be carried out, ``redeal`` writes the
exact re-play of a misdealt hand and ``next_hand`` reads what a log records beyond the hand. ``model`` holds the
values a ruling is made of (verdict, remedies, the rules it rests on), which formats and the edges read.
"""
