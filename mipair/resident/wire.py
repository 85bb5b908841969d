"""The resident's protocol over its Unix socket (standard library only, light to import).

A request is one ``sendmsg`` carrying the client's standard input, output and
error and its working directory as file descriptors (``SCM_RIGHTS``) with an
8-byte header (magic and payload length), then the payload: a ``marshal``
image of the call (argv, environment, umask, soft limits, niceness, how its
standard streams are set up). ``marshal`` is safe here: both ends run the same
Python (the socket's key names the executable) and the peer is checked to be
the same user. The resident answers with two 4-byte integers: the process id
of the child running the call, then its exit code.
"""

from __future__ import annotations

import marshal
import struct

TYPE_CHECKING = False  # typing itself (and the re it imports) is too slow to load here
if TYPE_CHECKING:
    from _socket import socket
    from typing import Any

MAGIC = b"MIPR"
HEADER = struct.Struct("!4sI")
NUMBER = struct.Struct("!i")
PASSED_FDS = 4  # stdin, stdout, stderr, the working directory
MAX_PAYLOAD = 16 * 2**20


class WireError(Exception):
    """The other end closed early or sent what this protocol does not know."""


def request_parts(call: dict[str, object]) -> tuple[bytes, bytes]:
    """The header (sent with the descriptors) and the payload of ``call``."""
    payload = marshal.dumps(call)
    return HEADER.pack(MAGIC, len(payload)), payload


def read_payload_length(header: bytes) -> int:
    """The payload length a request header announces (WireError when it is not one)."""
    if len(header) != HEADER.size:
        raise WireError("short header")
    magic: bytes
    length: int
    magic, length = HEADER.unpack(header)
    if magic != MAGIC or length > MAX_PAYLOAD:
        raise WireError("not a mipair request")
    return length


def read_call(payload: bytes) -> dict[str, Any]:
    """The call a payload holds."""
    try:
        call = marshal.loads(payload)
    except (EOFError, ValueError, TypeError) as exc:
        raise WireError(f"bad payload: {exc}") from None
    if not isinstance(call, dict):
        raise WireError("bad payload")
    return call


def receive_exactly(sock: socket, size: int) -> bytes:
    """``size`` bytes from ``sock`` (WireError if it closes first)."""
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise WireError("connection closed")
        data += chunk
    return data


def receive_number(sock: socket) -> int:
    """One 4-byte integer."""
    value: int = NUMBER.unpack(receive_exactly(sock, NUMBER.size))[0]
    return value
