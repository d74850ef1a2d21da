"""One exception family. The CLI turns a ParlourError into one sentence on stderr and exit code 2."""


class ParlourError(Exception):
    """Base of every error parlour raises on purpose; the message is meant for the user."""

    exit_code = 2


class InvalidInput(ParlourError, ValueError):
    """The user asked for something that does not make sense (bad money total, unknown variant, ...)."""


class InvalidType(InvalidInput, TypeError):
    """An argument of the wrong type (a string where a number is meant, a float where a count is): a
    TypeError, as Python's own calls raise, and still an InvalidInput, so every interface catches one family."""


class FormatError(ParlourError, ValueError):
    """A file (an .nfg game, a TOML rule set, a store) could not be read."""


class SolverError(ParlourError, RuntimeError):
    """A numerical method failed in a way the user should hear about (e.g. an LP was not solved)."""

    exit_code = 1


class CertificateError(SolverError):
    """A claimed exact result failed its exact check: parlour refuses to call it exact."""


class ParlourWarning(UserWarning):
    """Something parlour did with the user's input that he should know of (float probabilities read as the
    nearest fractions): one line, the CLI's `warning: ...` on stderr."""


ECHO_LIMIT = 80  # characters of a user's input that an error message may repeat


def shown(value: object, limit: int = ECHO_LIMIT) -> str:
    """`value` as an error message quotes it: its repr, cut to `limit` characters (100 KB in must not
    mean 100 KB out), never failing (an int of 5,000 digits has no str in Python 3.11)."""
    try:
        text = repr(value)
    except ValueError:
        return f"<a number of about {value.bit_length() * 0.30103:.0f} digits>" if isinstance(value, int) else "<?>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


__all__ = [
    "ECHO_LIMIT", "CertificateError", "FormatError", "InvalidInput", "InvalidType", "ParlourError", "ParlourWarning",
    "SolverError", "shown",
]
