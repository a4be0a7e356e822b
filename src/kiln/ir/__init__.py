"""kiln ir."""
