"""`parlour serve`: the games' pages (every registered game with a web page) on a local web server."""

from __future__ import annotations

from typing import Annotated

import typer

from parlour.errors import InvalidInput


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (keep 127.0.0.1 unless you mean it).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
) -> None:
    """Serve the games' pages (Win or Lose: the study's GUI rebuilt) at http://HOST:PORT/."""
    import uvicorn

    if not 0 < port < 65536:
        raise InvalidInput(f"the port must be 1..65535, got {port}")
    from parlour.web.app import create_app

    typer.echo(f"parlour's game pages at http://{host}:{port}/  (Ctrl+C stops)", err=True)
    uvicorn.run(create_app(), host=host, port=port, log_level=log_level)
