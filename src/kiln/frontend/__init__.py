"""kiln frontend."""
