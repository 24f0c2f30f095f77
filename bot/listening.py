"""Listening sockets that spread connections over workers and close without resetting anyone.

Every `serve` worker listens on a socket of its own, all bound to the one port with
`SO_REUSEPORT`: the kernel hashes each new connection to one of them, so connections spread
evenly instead of going to whichever process wins the race to `accept()`, and a replaced
worker gets its share of new connections as soon as it listens.

Closing a listening socket resets the connections the kernel has already completed into its
accept queue but nobody accepted yet — those clients sent a request and get a reset. So a
stopping worker first attaches a filter that drops new SYNs on its socket (the clients' kernels
send the SYN again a second later, when the socket is gone: to another worker, or refused),
accepts everything already queued, and only then closes it.
"""

from __future__ import annotations

import contextlib
import ctypes
import socket
import struct
import sys

BACKLOG = 2048
SO_ATTACH_FILTER = 26  # Linux
_TCP_INFO_SIZE = 104
_BACKLOG_OFFSET = 24  # tcp_info.tcpi_unacked: a listener's accept-queue length

# Classic BPF run on each packet reaching the listener, from its TCP header: drop a segment
# whose flags are SYN without ACK (a new connection), pass everything else (the handshakes
# already under way complete and queue).
_DROP_NEW_CONNECTIONS = (
    (0x30, 0, 0, 13),  # ldb [13]        the TCP flags
    (0x54, 0, 0, 0x12),  # and #0x12       SYN | ACK
    (0x15, 0, 1, 0x02),  # jeq #0x02       SYN alone?
    (0x06, 0, 0, 0),  # ret #0          drop
    (0x06, 0, 0, 0xFFFFFFFF),  # ret #-1         keep
)
_filters: list[ctypes.Array[ctypes.c_char]] = []  # the programs must outlive the setsockopt


def listen(host: str, port: int) -> socket.socket:
    """A listening socket of this process's own on host:port, shared through SO_REUSEPORT."""
    sock = _bound(host, port)
    sock.listen(BACKLOG)
    return sock


def reserve(host: str, port: int) -> socket.socket:
    """Hold host:port (choosing one for port 0) without listening: the workers' listeners
    join it with SO_REUSEPORT, and nothing ever queues on this one."""
    return _bound(host, port)


def refuse_new_connections(sock: socket.socket) -> bool:
    """Stop completing new handshakes on `sock`; False where the platform cannot."""
    if not sys.platform.startswith("linux"):
        return False
    raw = b"".join(struct.pack("HBBI", *instruction) for instruction in _DROP_NEW_CONNECTIONS)
    program = ctypes.create_string_buffer(raw)
    _filters.append(program)
    fprog = struct.pack("HL", len(_DROP_NEW_CONNECTIONS), ctypes.addressof(program))
    try:
        sock.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, fprog)
    except OSError:
        return False
    return True


def queued(sock: socket.socket) -> int:
    """Connections the kernel completed that nobody has accepted yet (0 where unknown)."""
    with contextlib.suppress(OSError, AttributeError):
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, _TCP_INFO_SIZE)
        return int(struct.unpack_from("I", info, _BACKLOG_OFFSET)[0])
    return 0


def _bound(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if hasattr(socket, "SO_REUSEPORT"):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.set_inheritable(False)
    return sock
