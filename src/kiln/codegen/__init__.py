"""kiln codegen."""
