"""The rules engine: every compiled kernel, one per step of the rulebook (see docs/engine.md)."""
