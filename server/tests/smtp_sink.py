#!/usr/bin/env python3
"""A real SMTP server for the delivery tests (aiosmtpd), on loopback.

Every message it accepts is written, atomically, to its own file in --dir, with
the envelope in front as `X-Sink-Mail-From:` and `X-Sink-Rcpt-To:` lines, the
parameters of its MAIL FROM (`SMTPUTF8`, `BODY=8BITMIME`, ...) as
`X-Sink-Mail-Options:`, and the session's TLS version, or `none` when it was in
the clear, as `X-Sink-TLS:`. Prints READY once it listens. Needs
`python3 -m pip install aiosmtpd`.

With --tls-cert and --tls-key (PEM files the test made) it offers STARTTLS with
that certificate, or with --implicit-tls speaks TLS from the first byte (smtps).
With --no-8bitmime its EHLO does not offer 8BITMIME (as the oldest relays).

It misbehaves the way real servers do, per recipient, by a word in the address:
  rcpt450   450 at RCPT (mailbox busy, try later)
  rcpt550   550 at RCPT (no such mailbox); also any address with 'reject' under --reject
  rcpt552   552 at RCPT (mailbox full)
  data552   552 after the message was sent (too big)
  hangdata  no answer after the message was sent
  storelate the message stored, then the answer only after --late-ms (as a
            queueing server answers once its queue file is written)
  rcpt451   451 at RCPT (greylisting: try again later)
  dropdata  the connection reset after --cut-bytes of the message, nothing stored
  resetdot  the whole message read, nothing stored, then the connection reset
            with no answer (a relay reloaded between the final dot and its answer)
  dropafter the message stored, then the connection closed with no answer
  droprcpt  the connection reset at RCPT, before any message (a conversation
            cut about this mail on a server that still answers)
  slowrcpt  the answer to RCPT only after --late-ms (a server too slow for
            the client's timeout that still answers a probe at once)
  firstN    (with one of the above) misbehave only for the first N messages to
            that address, then take them as a good server does
and per sender, by a word in the MAIL FROM address:
  mail550   550 at MAIL FROM (a relay that does not send for that domain)
and for the whole server, by the first word of --mode-file, read at each EHLO:
  hang      no answer after the greeting (a hung server)
  421       421 after the greeting (server shutting down)
  cut       every message cut as `dropdata` cuts one
Every RCPT is logged to attempts.log in --dir (one address a line), to count
attempts. With --password, the server asks for a login (AUTH PLAIN/LOGIN, no
TLS) and answers 535 to any other password.
--delay-ms slows every accepted message (to kill a sender in the middle of its work, or as
a relay that takes its time for each message: `staff_mail_flood.rs`).
"""
import argparse
import asyncio
import collections
import itertools
import os
import re
import socket
import ssl
import struct
import sys

from aiosmtpd.smtp import SMTP, AuthResult, syntax

counter = itertools.count()

RCPT_ANSWERS = {
    "rcpt450": "450 4.2.1 mailbox busy, try again later",
    "rcpt550": "550 5.1.1 <{address}>: mailbox unavailable",
    "rcpt552": "552 5.2.2 <{address}>: mailbox full",
    "rcpt451": "451 4.7.1 <{address}>: greylisted, try again later",
}

# Messages seen per recipient, for `firstN`.
seen = collections.Counter()


def marked(envelope, word):
    return any(word in address.lower() for address in envelope.rcpt_tos)


def misbehaves(envelope, word):
    """Whether the message misbehaves as `word` says (only the first N when `firstN`)."""
    for address in envelope.rcpt_tos:
        if word in address.lower():
            first = re.search(r"first(\d+)", address.lower())
            return first is None or seen[address.lower()] <= int(first.group(1))
    return False


def reset(transport):
    """Closes the connection with a TCP reset (SO_LINGER 0), as a crashed relay does."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()


async def forever():
    await asyncio.Event().wait()


class Sink:
    def __init__(self, directory, delay_ms, reject, mode_file, late_ms, cut_bytes, eightbit=True):
        self.directory = directory
        self.eightbit = eightbit
        self.cut_bytes = cut_bytes
        self.late = late_ms / 1000.0
        self.delay = delay_ms / 1000.0
        self.reject = reject
        self.mode_file = mode_file

    def mode(self):
        try:
            with open(self.mode_file) as f:
                return (f.read().split() or [""])[0]
        except (OSError, TypeError):
            return ""

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        mode = self.mode()
        if mode == "hang":
            await forever()
        if mode == "421":
            return ["421 4.3.2 service shutting down"]
        session.host_name = hostname
        if not self.eightbit:
            return [r for r in responses if r != "250-8BITMIME"]
        return responses

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        if "mail550" in address.lower():
            return f"550 5.7.1 <{address}>: not allowed to send for this domain"
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        with open(os.path.join(self.directory, "attempts.log"), "a") as log:
            log.write(address + "\n")
        if self.reject and "reject" in address:
            return "550 5.1.1 mailbox unavailable"
        for word, answer in RCPT_ANSWERS.items():
            if word in address.lower():
                return answer.format(address=address)
        if "droprcpt" in address.lower():
            reset(server.transport)
            await forever()
        if "slowrcpt" in address.lower():
            await asyncio.sleep(self.late)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if misbehaves(envelope, "resetdot"):
            reset(server.transport)
            await forever()
        if marked(envelope, "hangdata"):
            await forever()
        if marked(envelope, "data552"):
            return "552 5.3.4 message too big for this recipient"
        if self.delay:
            await asyncio.sleep(self.delay)
        name = f"{os.getpid()}-{next(counter):06d}.eml"
        tls = server.transport.get_extra_info("ssl_object")
        head = (
            f"X-Sink-Mail-From: {envelope.mail_from}\r\nX-Sink-Rcpt-To: {', '.join(envelope.rcpt_tos)}\r\n"
            f"X-Sink-Mail-Options: {' '.join(envelope.mail_options)}\r\n"
            f"X-Sink-TLS: {tls.version() if tls is not None else 'none'}\r\n"
        )
        tmp = os.path.join(self.directory, "." + name)
        with open(tmp, "wb") as f:
            f.write(head.encode() + envelope.original_content)
            f.flush()
            os.fsync(f.fileno())
        os.rename(tmp, os.path.join(self.directory, name))
        if marked(envelope, "storelate"):
            await asyncio.sleep(self.late)
        if misbehaves(envelope, "dropafter"):
            server.transport.abort()
            await forever()
        return "250 2.0.0 stored"


class Server(SMTP):
    @syntax("DATA")
    async def smtp_DATA(self, arg):
        if self.envelope is not None:
            for address in self.envelope.rcpt_tos:
                seen[address.lower()] += 1
        whole_server = self.event_handler.mode() == "cut"
        if self.envelope is not None and (whole_server or misbehaves(self.envelope, "dropdata")):
            await self.push("354 End data with <CR><LF>.<CR><LF>")
            got = 0  # a part of the message, then the line goes dead
            while got < self.event_handler.cut_bytes:
                chunk = await self._reader.read(self.event_handler.cut_bytes - got)
                if not chunk:
                    break
                got += len(chunk)
            reset(self.transport)
            await forever()  # until the session is cancelled, reading no more
        await super().smtp_DATA(arg)


def authenticator_for(password):
    def authenticate(server, session, envelope, mechanism, auth_data):
        return AuthResult(success=getattr(auth_data, "password", b"") == password.encode(), handled=False)

    return authenticate


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--delay-ms", type=int, default=0)
    parser.add_argument("--reject", action="store_true")
    parser.add_argument("--mode-file")
    parser.add_argument("--late-ms", type=int, default=3000)
    parser.add_argument("--cut-bytes", type=int, default=300)
    parser.add_argument("--password")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--implicit-tls", action="store_true")
    parser.add_argument("--no-8bitmime", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    handler = Sink(
        args.dir, args.delay_ms, args.reject, args.mode_file, args.late_ms, args.cut_bytes, not args.no_8bitmime
    )
    options = dict(hostname="sink.test", enable_SMTPUTF8=True, decode_data=False)
    if args.password is not None:
        options.update(auth_require_tls=False, auth_required=True, authenticator=authenticator_for(args.password))
    wrap = None
    if args.tls_cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        if args.implicit_tls:
            wrap = context
        else:
            options.update(tls_context=context)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: Server(handler, **options),
        host="127.0.0.1",
        port=args.port,
        reuse_address=True,
        ssl=wrap,
    )
    print("READY", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
