"""Words at the edge, shared by the CLI, the web console and the MCP server: a ruling said in a language
(``rulings``), the words of a finding's cause (``causes``), the rules reference (``reference``) and one hand under
every rulebook side by side (``compare``).
"""
