"""Readers and writers around the core: hand log JSON / JSONL and PHH hand histories."""
