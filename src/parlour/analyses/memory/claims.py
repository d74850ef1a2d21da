"""The claims of `parlour reproduce` for this game (registered by the @claim decorator on import)."""

# Transitional: the claims still live in the package itself until it is split into modules.
import parlour.analyses.memory  # noqa: F401
