"""Analyses of the loop IR: pure functions from IR to frozen results (effects, dependences,
liveness, definitions, signs, loop plans, nest shapes). Every layer above the IR may ask them;
they import nothing but the IR (see docs/architecture.md for the layer rule)."""
