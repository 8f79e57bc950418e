"""Where the phones' server listens: this machine's addresses on the local
network, found without sending anything anywhere (the names the system gives
this host), loopback when there is none."""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on a private network, the first one first."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    addresses = []
    for *_rest, sockaddr in found:
        address = str(sockaddr[0])
        ip = ipaddress.ip_address(address)
        if ip.is_private and not ip.is_loopback and address not in addresses:
            addresses.append(address)
    return addresses


def phone_host(chosen: str) -> str:
    """The address to serve the phones on: the one the settings name if this
    machine has it (or loopback, for tests), else the first local one."""
    addresses = local_addresses()
    if chosen == LOOPBACK or chosen in addresses:
        return chosen
    return addresses[0] if addresses else LOOPBACK
