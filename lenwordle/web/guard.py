"""What keeps other web pages out: the server answers only to the names it serves (another
page's name resolved to 127.0.0.1, DNS rebinding, is refused), and takes a POST only from
its own page (a form or a script of another site is refused). A refusal is a 4xx with one
line of JSON, before any route runs."""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterable
from typing import Any

LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")  # this computer's, by every browser
WILDCARDS = ("0.0.0.0", "::")  # addresses that listen on every address of the computer
SAFE_METHODS = ("GET", "HEAD")  # no route changes anything on these
OWN_SITE = ("same-origin", "none")  # Sec-Fetch-Site of the page's own requests (none: typed)
HOST = re.compile(r"(\[[0-9a-f:.]+\]|[^\[\]:]+)(?::\d{1,5})?")  # a name, then maybe a port


def served_names(host: str) -> frozenset[str]:
    """Return the names the server answers to: LOCAL_NAMES and the address it listens on
    (an IPv6 one in brackets, as a Host header has it)."""
    given = f"[{host}]" if ":" in host else host
    return frozenset((*LOCAL_NAMES, given.lower()))


def host_name(header: str) -> str | None:
    """Return the name of a Host header, lower case, without its port (None: no name)."""
    match = HOST.fullmatch(header.strip().lower())
    return match.group(1) if match else None


def is_address(name: str) -> bool:
    """Return whether a Host name is an IP address (which no DNS answer can rebind)."""
    try:
        ipaddress.ip_address(name.removeprefix("[").removesuffix("]"))
    except ValueError:
        return False
    return True


class Guard:
    """An ASGI app that passes to `app` only the requests of the names `served` (any IP
    address too when `any_address`: the server listens on every address of the computer)
    and, for a method other than GET or HEAD, of the page's own origin; the others get
    their one line, with `headers`."""

    def __init__(
        self,
        app: Any,
        served: Iterable[str] = LOCAL_NAMES,
        any_address: bool = False,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.app, self.served, self.any_address = app, frozenset(served), any_address
        self.headers = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        refused = self.refused(scope) if scope["type"] == "http" else None
        if refused is None:
            await self.app(scope, receive, send)
            return
        status, message = refused
        body = json.dumps({"error": message}).encode()
        length = str(len(body)).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", length)]
        headers += self.headers
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def refused(self, scope: Any) -> tuple[int, str] | None:
        """Return the status and line refusing a request (None: it may pass)."""
        headers: list[tuple[bytes, bytes]] = scope["headers"]
        hosts = [v.decode("latin-1") for k, v in headers if k == b"host"]
        if len(hosts) != 1:
            return 400, "a request names one Host"
        name = host_name(hosts[0])
        if name is None or not (name in self.served or self.any_address and is_address(name)):
            names = ", ".join(sorted(self.served))
            return 400, f"this server answers to {names} only (Host: {hosts[0][:60]!r})"
        if scope["method"] in SAFE_METHODS:
            return None
        found = {k: v.decode("latin-1") for k, v in headers if k in (b"origin", b"sec-fetch-site")}
        site = found.get(b"sec-fetch-site")
        if site is not None and site.lower() not in OWN_SITE:
            return 403, f"a {site[:20]} {scope['method']} is refused: only the page's own"
        origin = found.get(b"origin")
        if origin is not None and origin.lower() != f"http://{hosts[0].strip().lower()}":
            return 403, f"a {scope['method']} from {origin[:60]} is refused: only the page's own"
        return None
