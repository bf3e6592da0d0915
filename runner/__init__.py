"""The runner and the dataset: experiments, seeds, seating, workers, the Parquet run and its
readers, replay (docs/layers.md)."""
