"""Runtime support: finding a C toolchain, compiling, caching and loading extension modules."""
