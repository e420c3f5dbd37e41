"""floorman over the Model Context Protocol: the server and its tools (``server``), and ``floorman mcp`` on
standard input and output, one JSON-RPC message a line (``stdio``).
"""
