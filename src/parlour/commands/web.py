"""`parlour serve`: the games' pages (every registered game with a web page) on a local web server."""

from __future__ import annotations

import errno
import socket
import threading
from typing import Annotated

import typer

from parlour.errors import InvalidInput, shown


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (keep 127.0.0.1 unless you mean it).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    log_level: Annotated[str, typer.Option(help="uvicorn log level: " + ", ".join(LOG_LEVELS) + ".")] = "info",
) -> None:
    """Serve the games' pages at http://HOST:PORT/: every game against its optimal strategy."""
    import uvicorn

    if not 0 < port < 65536:
        raise InvalidInput(f"the port must be 1..65535, got {port}")
    if log_level not in LOG_LEVELS:
        raise InvalidInput(f"--log-level must be one of {', '.join(LOG_LEVELS)}, got {shown(log_level)}")
    family = _listen_check(host, port)
    from parlour.web.app import create_app

    if host not in LOOPBACK:
        typer.echo(f"warning: listening on {host}: the pages are reachable by other machines on the network, "
                   "and parlour has no login", err=True)
    shown_host = f"[{host}]" if family == socket.AF_INET6 else host
    typer.echo(f"parlour's game pages at http://{shown_host}:{port}/  (Ctrl+C stops)", err=True)
    threading.Thread(target=warm_headlines, daemon=True).start()
    uvicorn.run(create_app(), host=host, port=port, log_level=log_level)


def warm_headlines() -> None:
    """The home page's live results, computed while the server starts (the Goose's takes over a second in
    a fresh process, most of it numba loading its kernels), so that the first visitor does not wait."""
    from parlour.registry import GAMES
    from parlour.web.app import headline

    for game in GAMES:
        headline(game.name)


LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _listen_check(host: str, port: int) -> int:
    """Bind and release HOST:PORT once, so that a bad host or a busy port is one sentence, not uvicorn's log."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise InvalidInput(f"cannot listen on {shown(host)}: {exc}") from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            reason = "the port is busy (another server?)" if exc.errno == errno.EADDRINUSE else exc.strerror
            raise InvalidInput(f"cannot listen on {shown(host)} port {port}: {reason}") from None
    return family
