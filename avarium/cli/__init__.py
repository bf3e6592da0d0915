"""The `avarium` command line: every typer command, mapping flags to library calls."""
