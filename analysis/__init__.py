"""Analyses of a run's dataset: pure functions from DataFrames (or count tables) to tables.

Nothing here imports the engine; every function works on the Parquet dataset that
docs/data-schema.md describes, or on the count tables other functions here build from it.
"""
