"""IR-to-IR passes, one per file, run by the pass manager."""
